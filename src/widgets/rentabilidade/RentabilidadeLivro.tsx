import { Button, Flex, HStack, Spinner, Stack, Text } from '@chakra-ui/react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { todayIso } from '../../../shared/dates';
import { rentabilidadeQueries } from '../../api/rentabilidade';
import { DataTable } from '../../components/DataTable';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { colunasDoLivro } from './colunas';
import { FigurasDoPeriodo, FontesEAvisos } from './Figuras';
import { PeriodoEscolha } from './PeriodoEscolha';
import { periodoMedido } from './rentabilidade-state';
import { usePeriodo } from './usePeriodo';

/**
 * The control panel's RENTABILIDADE tab: every client's return over the period chosen against the CDI (sortable,
 * exportable, each name a link to the client's tab), and the whole book measured as one portfolio above it.
 */
export default function RentabilidadeLivro() {
  const hoje = todayIso();
  const periodo = usePeriodo(hoje);
  const query = useQuery({
    ...rentabilidadeQueries.livro(periodo.consulta),
    placeholderData: keepPreviousData,
  });
  const r = query.data;
  return (
    <Stack gap="4">
      <Flex gap="3" justify="space-between" align="end" wrap="wrap">
        <PeriodoEscolha
          escolha={periodo.escolha}
          erros={periodo.erros}
          onPeriodo={(p) => periodo.onPeriodo(p, r)}
          onDatas={periodo.onDatas}
        />
        <Button size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          Atualizar
        </Button>
      </Flex>
      {nuncaCarregou(query) ? (
        <LoadError
          what="a rentabilidade dos clientes"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : !r ? (
        <HStack py="6" justify="center">
          <Spinner color="gold.solid" />
          <Text>Carregando a rentabilidade...</Text>
        </HStack>
      ) : (
        <Stack
          gap="4"
          opacity={query.isPlaceholderData ? 0.6 : 1}
          aria-busy={query.isPlaceholderData}
        >
          <Text fontSize="sm" color="fg.muted">
            Período medido: {periodoMedido(r)} · o livro inteiro como uma só carteira:
          </Text>
          <FigurasDoPeriodo periodo={r.livro.periodo} label="Rentabilidade do livro" />
          <FontesEAvisos fontes={r.fontes} avisos={r.avisos} />
          <DataTable
            label="Rentabilidade dos clientes"
            columns={colunasDoLivro}
            data={r.clientes}
            getRowId={(c) => String(c.cliente)}
            initialSorting={[{ id: 'cliente', desc: false }]}
            emptyText="Nenhum cliente."
            exportacao={{ nome: 'Rentabilidade dos clientes' }}
          />
        </Stack>
      )}
    </Stack>
  );
}
