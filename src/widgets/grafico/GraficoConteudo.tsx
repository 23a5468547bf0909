import { Badge, Button, Dialog, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { CLASSE_ATIVO_NOME, type Barra } from '../../../contract';
import { formatDate } from '../../../shared/format';
import { acoesQueries } from '../../api/acoes';
import { cotacoesQueries } from '../../api/cotacoes';
import { ApiRequestError } from '../../lib/api';
import {
  sessaoDaMarca,
  type Grafico,
  type LinhaGrafico,
  type Periodo,
  type TipoGrafico,
} from './grafico';
import { Cotacao, Escolhas, Legendas } from './GraficoPartes';
import { PrecoChart } from './PrecoChart';

/** The chart dialog's header, body and footer: loaded with the chart library, the first time a chart opens. */
export default function GraficoConteudo({
  grafico,
  onClose,
}: {
  grafico: Grafico;
  onClose: () => void;
}) {
  const { ticker } = grafico;
  const historico = useQuery(acoesQueries.historico(ticker));
  // The asset's class (Ação, Unit, ETF, FII, BDR) from the universe, already loaded by most screens; an answer
  // without it is an Ação (contract/acoes.ts).
  const ativo = useQuery(acoesQueries.list()).data?.find((a) => a.ticker === ticker);
  const classe = ativo && (ativo.classe ?? 'acao');
  const cotacao = useQuery(cotacoesQueries.atuais([`${ticker}.SA`]));
  const [tipo, setTipo] = useState<TipoGrafico>('candles');
  const [periodo, setPeriodo] = useState<Periodo>('6M');
  const [sobCursor, setSobCursor] = useState<Barra | null>(null);

  const precoAtual = cotacao.data?.[`${ticker}.SA`]?.preco_atual ?? null;
  const linhas = useMemo<LinhaGrafico[]>(
    () =>
      precoAtual === null
        ? grafico.linhas
        : [...grafico.linhas, { tipo: 'atual', rotulo: 'Atual', preco: precoAtual }],
    [grafico.linhas, precoAtual],
  );
  const barras = historico.data?.barras;
  const barra = sobCursor ?? barras?.at(-1) ?? null;
  const foraDoHistorico =
    barras && barras.length > 0
      ? grafico.marcas.filter((m) => sessaoDaMarca(barras, m.data) === null)
      : [];

  return (
    <>
      <Dialog.Header flexDirection="column" alignItems="start" gap="1">
        <HStack gap="2">
          <Dialog.Title>Gráfico — {ticker}</Dialog.Title>
          {classe && (
            <Badge variant="subtle" colorPalette="gray" title="Classe do ativo">
              {CLASSE_ATIVO_NOME[classe]}
            </Badge>
          )}
        </HStack>
        {grafico.descricao && (
          <Text fontSize="sm" color="fg.muted">
            {grafico.descricao}
          </Text>
        )}
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <Escolhas tipo={tipo} onTipo={setTipo} periodo={periodo} onPeriodo={setPeriodo} />

          <Cotacao precoAtual={precoAtual} barra={barra} />

          {historico.isPending ? (
            <HStack justify="center" h={{ base: '300px', md: '360px' }}>
              <Spinner color="gold.solid" />
              <Text>Carregando histórico...</Text>
            </HStack>
          ) : historico.isError ? (
            <Text color="red.600" role="alert">
              {historico.error instanceof ApiRequestError && historico.error.detail
                ? historico.error.detail
                : `Não foi possível carregar o histórico de ${ticker}.`}
            </Text>
          ) : barras!.length === 0 ? (
            <Text color="fg.muted">Sem histórico de preços para {ticker}.</Text>
          ) : (
            <PrecoChart
              barras={barras!}
              tipo={tipo}
              periodo={periodo}
              marcas={grafico.marcas}
              linhas={linhas}
              label={`Gráfico de preços de ${ticker}, de ${formatDate(barras![0]!.data)} a ${formatDate(barras!.at(-1)!.data)}`}
              onHover={setSobCursor}
            />
          )}

          <Legendas marcas={grafico.marcas} linhas={linhas} foraDoHistorico={foraDoHistorico} />
        </Stack>
      </Dialog.Body>
      <Dialog.Footer>
        <Button variant="outline" colorPalette="gray" onClick={onClose}>
          Fechar
        </Button>
      </Dialog.Footer>
    </>
  );
}
