import { Button, Field, HStack, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { PosicaoPainel } from '../../../contract';
import { daysBetween, todayIso } from '../../../shared/dates';
import {
  formatDate,
  formatDateTimeMinutes,
  formatInteger,
  formatNumber,
} from '../../../shared/format';
import { painelQueries } from '../../api/painel';
import { DataTable, META } from '../../components/DataTable';
import { PrecoAtual } from '../../components/PrecoAtual';
import { ValorComSinal } from '../../components/ValorComSinal';
import { LoadError, nuncaCarregou } from '../../components/LoadError';
import {
  GraficoDialog,
  graficoDaPosicao,
  TickerGrafico,
  type Grafico,
} from '../../widgets/grafico';

const TODOS = '';

/** Specification section 9: the server's value, else days from the purchase to today, never negative. */
function diasPosicionado(p: PosicaoPainel): number | undefined {
  if (p.dias_posicionado !== null) return p.dias_posicionado;
  return p.data_compra ? Math.max(0, daysBetween(p.data_compra, todayIso())) : undefined;
}

const col = createColumnHelper<PosicaoPainel>();
// Missing values (undefined) sort after the others in both directions.

/** A position's chart: its buy and its target. */
const graficoDe = (p: PosicaoPainel) =>
  graficoDaPosicao({
    ticker: p.acao,
    data_compra: p.data_compra,
    preco_compra: p.preco_compra,
    valor_alvo: p.valor_alvo,
  });

const colunas = (onChart: (p: PosicaoPainel) => void) => [
  col.accessor('cliente', { header: 'Cliente' }),
  col.accessor('acao', {
    header: 'Ação',
    cell: (c) => <TickerGrafico ticker={c.getValue()} onClick={() => onChart(c.row.original)} />,
  }),
  col.accessor((r) => r.data_compra ?? undefined, {
    id: 'data_compra',
    header: 'Data Compra',
    sortUndefined: 'last',
    cell: (c) => formatDate(c.getValue()),
    meta: META.data,
  }),
  col.accessor((r) => r.preco_compra ?? undefined, {
    id: 'preco_compra',
    header: 'Preço Unitário',
    sortUndefined: 'last',
    cell: (c) => formatNumber(c.getValue()),
    meta: META.dinheiro,
  }),
  col.accessor((r) => r.quantidade ?? undefined, {
    id: 'quantidade',
    header: 'Quantidade',
    sortUndefined: 'last',
    cell: (c) => formatInteger(c.getValue()),
    meta: META.inteiro,
  }),
  col.accessor((r) => r.valor_total_compra ?? undefined, {
    id: 'valor_total_compra',
    header: 'Valor Total Compra',
    sortUndefined: 'last',
    cell: (c) => formatNumber(c.getValue()),
    meta: META.dinheiro,
  }),
  col.accessor((r) => r.preco_atual ?? undefined, {
    id: 'preco_atual',
    header: 'Preço Atual',
    sortUndefined: 'last',
    cell: (c) => <PrecoAtual value={c.getValue()} />,
    meta: META.dinheiro,
  }),
  col.accessor((r) => r.lucro_percentual ?? undefined, {
    id: 'lucro_percentual',
    header: 'Variação (%)',
    sortUndefined: 'last',
    cell: (c) => <ValorComSinal value={c.getValue()}>{formatNumber(c.getValue())}</ValorComSinal>,
    meta: META.percentual,
  }),
  col.accessor((r) => r.valor_alvo ?? undefined, {
    id: 'valor_alvo',
    header: 'Valor Alvo',
    sortUndefined: 'last',
    cell: (c) => formatNumber(c.getValue()),
    meta: META.dinheiro,
  }),
  col.accessor(diasPosicionado, {
    id: 'dias_posicionado',
    header: 'Dias Posicionado',
    sortUndefined: 'last',
    cell: (c) => formatInteger(c.getValue()),
    meta: META.inteiro,
  }),
];

const collator = new Intl.Collator('pt-BR');
const distintos = (values: string[]) => [...new Set(values)].sort(collator.compare);

export function PosicionadasTab() {
  const query = useQuery(painelQueries.posicionadas());
  const [cliente, setCliente] = useState(TODOS);
  const [acao, setAcao] = useState(TODOS);
  const posicoes = query.data?.posicionadas;
  const [grafico, setGrafico] = useState<Grafico | null>(null);
  const columns = useMemo(() => colunas((p) => setGrafico(graficoDe(p))), []);

  const { clientes, acoes, linhas } = useMemo(() => {
    const todas = posicoes ?? [];
    return {
      clientes: distintos(todas.map((p) => p.cliente)),
      acoes: distintos(todas.map((p) => p.acao)),
      linhas: todas.filter(
        (p) => (cliente === TODOS || p.cliente === cliente) && (acao === TODOS || p.acao === acao),
      ),
    };
  }, [posicoes, cliente, acao]);

  return (
    <Stack gap="4">
      <HStack gap="3" align="end" wrap="wrap">
        <Field.Root width={{ base: 'full', sm: '64' }}>
          <Field.Label>Cliente</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={cliente} onChange={(e) => setCliente(e.target.value)}>
              <option value={TODOS}>Todos</option>
              {clientes.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width={{ base: 'full', sm: '48' }}>
          <Field.Label>Ação</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={acao} onChange={(e) => setAcao(e.target.value)}>
              <option value={TODOS}>Todas</option>
              {acoes.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {(cliente !== TODOS || acao !== TODOS) && (
          <Button
            size="sm"
            variant="outline"
            onClick={() => {
              setCliente(TODOS);
              setAcao(TODOS);
            }}
          >
            Limpar Filtros
          </Button>
        )}
        <Button size="sm" onClick={() => void query.refetch()} loading={query.isFetching}>
          Atualizar
        </Button>
      </HStack>
      {nuncaCarregou(query) ? (
        <LoadError
          what="as posições"
          error={query.error}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : (
        <>
          <HStack gap="3" fontSize="sm" color="fg.muted" wrap="wrap">
            <Text>
              {query.isPending
                ? 'Carregando...'
                : `${formatInteger(linhas.length)} ${linhas.length === 1 ? 'posição' : 'posições'}`}
            </Text>
            {query.data?.cotacoes_em && (
              <Text>Cotações de {formatDateTimeMinutes(query.data.cotacoes_em)}</Text>
            )}
          </HStack>
          <DataTable
            label="Posicionadas"
            columns={columns}
            data={linhas}
            getRowId={(p) => String(p.id)}
            initialSorting={[{ id: 'cliente', desc: false }]}
            emptyText={query.isPending ? 'Carregando...' : 'Nenhuma posição encontrada.'}
            exportacao={{
              nome: 'Posicionadas',
              // The filters in the file's name: posicionadas-ana-beatriz-petr4-2026-11-23.xlsx.
              de: [cliente, acao].filter(Boolean).join(' ') || 'todos',
            }}
          />
        </>
      )}
      <GraficoDialog grafico={grafico} onClose={() => setGrafico(null)} />
    </Stack>
  );
}
