import { Button, ButtonGroup, HStack, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { formatDateTimeMinutes, formatMoney } from '../../../shared/format';
import { painelQueries } from '../../api/painel';
import { DataTable } from '../../components/DataTable';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import { comPrimeiras, useTelaEstreita } from '../../components/useTelaEstreita';
import { Barras } from './exposicao/Barras';
import { colunasDaExposicao, detentoresDaLinha } from './exposicao/colunas';

type Visao = 'acao' | 'setor';

/**
 * EXPOSIÇÃO (issue 34, item 4): the book per stock or per sector across every client — value at today's quote,
 * share of the book, how many clients and the largest — as bars read at a glance and a sortable, exportable grid
 * whose rows open the clients holding them.
 */
export function ExposicaoTab() {
  const query = useQuery(painelQueries.exposicao());
  const [visao, setVisao] = useState<Visao>('acao');
  const porSetor = visao === 'setor';
  const estreita = useTelaEstreita();
  // On a phone the share and the value come right after the name.
  const columns = useMemo(() => {
    const todas = colunasDaExposicao(porSetor);
    return estreita ? comPrimeiras(todas, ['nome', 'percentual', 'valor']) : todas;
  }, [porSetor, estreita]);
  const linhas = (porSetor ? query.data?.setores : query.data?.acoes) ?? [];
  const titulo = porSetor ? 'Exposição por setor' : 'Exposição por ação';

  return (
    <Stack gap="4">
      <HStack gap="3" wrap="wrap">
        <ButtonGroup size="sm" variant="outline" attached>
          {(
            [
              ['acao', 'Por ação'],
              ['setor', 'Por setor'],
            ] as const
          ).map(([v, rotulo]) => (
            <Button
              key={v}
              aria-pressed={visao === v}
              variant={visao === v ? 'solid' : 'outline'}
              onClick={() => setVisao(v)}
            >
              {rotulo}
            </Button>
          ))}
        </ButtonGroup>
        <Button size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          Atualizar
        </Button>
      </HStack>
      {nuncaCarregou(query) ? (
        <LoadError
          what="a exposição"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <HStack gap="3" fontSize="sm" color="fg.muted" wrap="wrap">
            <Text>{query.data ? `Livro: ${formatMoney(query.data.total)}` : 'Carregando...'}</Text>
            {query.data?.cotacoes_em && (
              <Text>Cotações de {formatDateTimeMinutes(query.data.cotacoes_em)}</Text>
            )}
          </HStack>
          <Barras linhas={linhas} titulo={titulo} />
          <DataTable
            label={titulo}
            columns={columns}
            data={linhas}
            getRowId={(l) => l.nome}
            initialSorting={[{ id: 'valor', desc: true }]}
            emptyText={query.isPending ? 'Carregando...' : 'Nenhuma posição aberta.'}
            exportacao={{
              nome: 'Exposição',
              onde: 'painel',
              filtros: { por: porSetor ? 'setor' : 'ação' },
            }}
            detail={detentoresDaLinha}
          />
        </>
      )}
    </Stack>
  );
}
