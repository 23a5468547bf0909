import { Box, Flex, Heading, HStack, SimpleGrid, Spinner, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { RentabilidadeCliente as Resposta } from '../../../contract';
import { todayIso } from '../../../shared/dates';
import { formatDate } from '../../../shared/format';
import { rentabilidadeQueries } from '../../api/rentabilidade';
import { DataTable } from '../../components/DataTable';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { Alocacao } from './Alocacao';
import { colunasDaContribuicao, colunasDaGrade } from './colunas';
import { FigurasDoPeriodo, FontesEAvisos } from './Figuras';
import { PeriodoEscolha } from './PeriodoEscolha';
import { RelatorioMensal } from './RelatorioMensal';
import {
  linhasDaGrade,
  linhasDoGrafico,
  mesesDoRelatorio,
  periodoMedido,
} from './rentabilidade-state';
import { RetornoChart } from './RetornoChart';
import { usePeriodo } from './usePeriodo';

/**
 * The portfolio's RENTABILIDADE tab: the period's return against the CDI and the Ibovespa (figures and chart),
 * the grid of monthly returns since the first operation, each stock's contribution, the allocation by sector and
 * class, where the benchmarks came from, and the monthly report's PDF.
 */
export default function RentabilidadeCliente({
  clienteId,
  cliente,
}: {
  clienteId: number;
  cliente?: string;
}) {
  const hoje = todayIso();
  // The whole history: the grid and the report's months; the period's own answer is the same one for
  // 'Desde o início'.
  const inicio = useQuery(rentabilidadeQueries.periodo(clienteId, {}));
  const periodo = usePeriodo(hoje);
  const atual = useQuery({
    ...rentabilidadeQueries.periodo(clienteId, periodo.consulta),
    placeholderData: keepPreviousData,
  });
  const grade = useMemo(() => linhasDaGrade(inicio.data?.meses ?? []), [inicio.data]);
  const meses = useMemo(
    () => mesesDoRelatorio(inicio.data?.meses ?? [], hoje),
    [inicio.data, hoje],
  );

  return (
    <Stack gap="5">
      <Flex gap="3" justify="space-between" align="end" wrap="wrap">
        <PeriodoEscolha
          escolha={periodo.escolha}
          erros={periodo.erros}
          onPeriodo={(p) => periodo.onPeriodo(p, atual.data)}
          onDatas={periodo.onDatas}
        />
        <RelatorioMensal clienteId={clienteId} cliente={cliente} meses={meses} hoje={hoje} />
      </Flex>
      {nuncaCarregou(atual) ? (
        <LoadError
          what="a rentabilidade"
          error={atual.error}
          onRetry={() => void atual.refetch()}
          retrying={atual.isFetching}
        />
      ) : atual.data ? (
        <DoPeriodo resposta={atual.data} atualizando={atual.isPlaceholderData} />
      ) : (
        <HStack py="6" justify="center">
          <Spinner color="gold.solid" />
          <Text>Carregando a rentabilidade...</Text>
        </HStack>
      )}
      <Stack gap="2" as="section" aria-labelledby="grade-mensal">
        <Heading as="h3" size="md" id="grade-mensal">
          Rentabilidade mês a mês
        </Heading>
        <DataTable
          label="Rentabilidade mês a mês"
          columns={colunasDaGrade}
          data={grade}
          getRowId={(l) => l.id}
          emptyText={inicio.isPending ? 'Carregando...' : 'Nenhum mês com pregão.'}
          exportacao={{ nome: 'Rentabilidade mensal', de: cliente }}
        />
      </Stack>
    </Stack>
  );
}

/** What the period's answer shows: its dates, sources, figures, chart, contribution and allocation. */
function DoPeriodo({ resposta, atualizando }: { resposta: Resposta; atualizando: boolean }) {
  const linhas = useMemo(
    () => linhasDoGrafico(resposta.anterior, resposta.serie),
    [resposta.anterior, resposta.serie],
  );
  return (
    <Stack gap="4" opacity={atualizando ? 0.6 : 1} aria-busy={atualizando}>
      <Text fontSize="sm" color="fg.muted">
        Período medido: {periodoMedido(resposta)}
      </Text>
      <FontesEAvisos fontes={resposta.fontes} avisos={resposta.avisos} />
      <FigurasDoPeriodo periodo={resposta.periodo} label="Rentabilidade no período" />
      <Box as="section" aria-labelledby="rentabilidade-acumulada">
        <Heading as="h3" size="md" id="rentabilidade-acumulada" mb="2">
          Rentabilidade acumulada
        </Heading>
        {resposta.serie.length === 0 ? (
          <Text color="fg.muted">Nenhum pregão no período.</Text>
        ) : (
          <RetornoChart linhas={linhas} label="Rentabilidade acumulada" />
        )}
      </Box>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="6">
        <Stack gap="2" as="section" aria-labelledby="contribuicao">
          <Heading as="h3" size="md" id="contribuicao">
            Contribuição por ação
          </Heading>
          <DataTable
            label="Contribuição por ação"
            columns={colunasDaContribuicao}
            data={resposta.contribuicao}
            getRowId={(c) => c.ticker}
            emptyText="Nenhuma ação no período."
          />
        </Stack>
        <Stack gap="2" as="section" aria-labelledby="alocacao">
          <Heading as="h3" size="md" id="alocacao">
            Alocação em {formatDate(resposta.ate)}
          </Heading>
          <Alocacao alocacao={resposta.alocacao} />
        </Stack>
      </SimpleGrid>
    </Stack>
  );
}
