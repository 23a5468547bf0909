import {
  Button,
  ButtonGroup,
  Dialog,
  Flex,
  HStack,
  Spinner,
  Stack,
  Text,
  Wrap,
} from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import type { Barra } from '../../../contract';
import { formatDate, formatInteger, formatMoney } from '../../../shared/format';
import { acoesQueries } from '../../api/acoes';
import { cotacoesQueries } from '../../api/cotacoes';
import { ApiRequestError } from '../../lib/api';
import {
  CORES,
  PERIODO_ROTULO,
  PERIODOS,
  sessaoDaMarca,
  type Grafico,
  type LinhaGrafico,
  type Periodo,
  type TipoGrafico,
} from './grafico';
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
        <Dialog.Title>Gráfico — {ticker}</Dialog.Title>
        {grafico.descricao && (
          <Text fontSize="sm" color="fg.muted">
            {grafico.descricao}
          </Text>
        )}
      </Dialog.Header>
      <Dialog.Body>
        <Stack gap="3">
          <Flex gap="3" wrap="wrap" justify="space-between" align="center">
            <ButtonGroup
              size="xs"
              variant="outline"
              attached
              role="group"
              aria-label="Tipo de gráfico"
            >
              {(['candles', 'linha'] as const).map((t) => (
                <Button
                  key={t}
                  aria-pressed={tipo === t}
                  variant={tipo === t ? 'solid' : 'outline'}
                  onClick={() => setTipo(t)}
                >
                  {t === 'candles' ? 'Candles' : 'Linha'}
                </Button>
              ))}
            </ButtonGroup>
            <ButtonGroup size="xs" variant="outline" attached role="group" aria-label="Período">
              {PERIODOS.map((p) => (
                <Button
                  key={p}
                  aria-pressed={periodo === p}
                  variant={periodo === p ? 'solid' : 'outline'}
                  onClick={() => setPeriodo(p)}
                >
                  {PERIODO_ROTULO[p]}
                </Button>
              ))}
            </ButtonGroup>
          </Flex>

          <Stack gap="0" fontSize="sm" fontVariantNumeric="tabular-nums">
            <Text>
              {precoAtual === null ? (
                'Sem cotação atual.'
              ) : (
                <>
                  Cotação atual: <strong>{formatMoney(precoAtual)}</strong>
                </>
              )}
            </Text>
            {/* The session under the pointer (the last one otherwise): the chart's tooltip, in words. */}
            <Text color="fg.muted" minH="5">
              {barra &&
                `${formatDate(barra.data)} · Abertura ${formatMoney(barra.abertura)} · ` +
                  `Máxima ${formatMoney(barra.maxima)} · Mínima ${formatMoney(barra.minima)} · ` +
                  `Fechamento ${formatMoney(barra.fechamento)} · Volume ${formatInteger(barra.volume)}`}
            </Text>
          </Stack>

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

          <Wrap gap="4" fontSize="xs" color="fg.muted" aria-label="Legenda">
            {grafico.marcas.map((m) => (
              <Legenda key={m.tipo} cor={CORES[m.tipo]} seta={m.tipo === 'compra' ? '▲' : '▼'}>
                {m.tipo === 'compra' ? 'Compra' : 'Venda'} {formatDate(m.data)}{' '}
                {formatMoney(m.preco)}
                {foraDoHistorico.includes(m) && ' (fora do histórico)'}
              </Legenda>
            ))}
            {linhas.map((l) => (
              <Legenda key={l.tipo} cor={CORES[l.tipo]}>
                {l.rotulo} {formatMoney(l.preco)}
              </Legenda>
            ))}
          </Wrap>
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

function Legenda({ cor, seta, children }: { cor: string; seta?: string; children: ReactNode }) {
  return (
    <HStack as="span" gap="1">
      {seta ? (
        <Text as="span" color={cor} aria-hidden>
          {seta}
        </Text>
      ) : (
        <Text as="span" w="4" borderTopWidth="2px" borderStyle="dashed" borderColor={cor} />
      )}
      <Text as="span">{children}</Text>
    </HStack>
  );
}
