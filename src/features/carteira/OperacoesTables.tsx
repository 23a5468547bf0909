import { Badge, Button, HStack, Text } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { CotacoesResponse, Operacao } from '../../../contract';
import { DataTable } from '../../components/DataTable';
import { AjusteMarca } from './AjusteMarca';
import { todayIso } from '../../../shared/dates';
import { formatDate, formatInteger, formatNumber } from '../../../shared/format';
import {
  COR_TOKEN,
  corPorSinal,
  corToGain,
  diasPosicionado,
  percentualResultado,
  toGain,
  valorResultado,
  variacao,
  type Cor,
} from './figures';

/** An operation with today's quote, filled on the client side from cotacoes-atuais. */
export type OperacaoComCotacao = Operacao & { preco_atual: number | null };

function Colorido({ value, cor }: { value: number | null; cor: Cor | null }) {
  return (
    <Text
      as="span"
      fontWeight="medium"
      color={cor ? COR_TOKEN[cor] : undefined}
      data-cor={cor ?? undefined}
    >
      {formatNumber(value)}
    </Text>
  );
}

/** The buttons of each row (the Ações column). */
export interface RowActions {
  onEdit: (op: Operacao) => void;
  onDelete: (op: Operacao) => void;
  onSell: (op: Operacao) => void;
}

function RowButtons({ op, actions, sell }: { op: Operacao; actions: RowActions; sell?: boolean }) {
  return (
    <HStack gap="1">
      <Button
        size="xs"
        variant="outline"
        onClick={() => actions.onEdit(op)}
        aria-label={`Editar ${op.acao_nome}`}
      >
        Editar
      </Button>
      <Button
        size="xs"
        variant="outline"
        colorPalette="red"
        onClick={() => actions.onDelete(op)}
        aria-label={`Excluir ${op.acao_nome}`}
      >
        Excluir
      </Button>
      {sell && (
        <Button size="xs" onClick={() => actions.onSell(op)} aria-label={`Vender ${op.acao_nome}`}>
          Vender
        </Button>
      )}
    </HStack>
  );
}

/**
 * The ticker, the mark of the share events applied to it, and, for an operation bought or sold in a lote, a link
 * to the lote (its sale's once realised).
 */
function AcaoCell({ ticker, op }: { ticker: string; op: Operacao }) {
  const lote = op.lote_venda ?? op.lote_compra;
  return (
    <HStack gap="2">
      <Text fontWeight="semibold">{ticker}</Text>
      {op.ajustes?.length ? <AjusteMarca ajustes={op.ajustes} /> : null}
      {lote && (
        <Badge asChild size="sm" variant="subtle" colorPalette="gold">
          <Link to="/ordens/lote" search={{ lote }} aria-label={`Ver o lote de ${ticker}`}>
            lote
          </Link>
        </Badge>
      )}
    </HStack>
  );
}

const col = createColumnHelper<OperacaoComCotacao>();
const numeric = { meta: { numeric: true } } as const;

function colunasComuns() {
  return [
    col.accessor('acao_nome', {
      header: 'Ação',
      cell: (c) => <AcaoCell ticker={c.getValue()} op={c.row.original} />,
    }),
    col.accessor('data_compra', { header: 'Data Compra', cell: (c) => formatDate(c.getValue()) }),
    col.accessor('preco_unitario', {
      header: 'Preço Unitário',
      cell: (c) => formatNumber(c.getValue()),
      ...numeric,
    }),
    col.accessor('quantidade', {
      header: 'Quantidade',
      cell: (c) => formatInteger(c.getValue()),
      ...numeric,
    }),
    col.accessor('valor_total_compra', {
      header: 'Valor Total Compra',
      cell: (c) => formatNumber(c.getValue()),
      ...numeric,
    }),
  ];
}

export function PosicionadasTable({
  data,
  actions,
}: {
  data: OperacaoComCotacao[];
  actions: RowActions;
}) {
  const columns = useMemo(() => {
    const hoje = todayIso();
    return [
      ...colunasComuns(),
      col.accessor('valor_alvo', {
        header: 'Alvo (R$)',
        cell: (c) => formatNumber(c.getValue()),
        ...numeric,
      }),
      col.accessor((op) => diasPosicionado(op, hoje), {
        id: 'dias_posicionado',
        header: 'Dias Posicionado',
        cell: (c) => formatInteger(c.getValue()),
        ...numeric,
      }),
      col.accessor('preco_atual', {
        header: 'Preço Atual',
        cell: (c) => formatNumber(c.getValue()),
        ...numeric,
      }),
      col.accessor((op) => variacao(op.preco_atual, op.preco_unitario), {
        id: 'variacao',
        header: 'Variação (%)',
        cell: (c) => <Colorido value={c.getValue()} cor={corPorSinal(c.getValue())} />,
        ...numeric,
      }),
      col.accessor((op) => toGain(op.valor_alvo, op.preco_atual), {
        id: 'to_gain',
        header: 'To Gain (%)',
        cell: (c) => <Colorido value={c.getValue()} cor={corToGain(c.getValue())} />,
        ...numeric,
      }),
      col.display({
        id: 'actions',
        header: 'Ações',
        cell: (c) => <RowButtons op={c.row.original} actions={actions} sell />,
      }),
    ];
  }, [actions]);
  return (
    <DataTable
      label="Operações posicionadas"
      columns={columns}
      data={data}
      getRowId={(op) => String(op.id)}
      emptyText="Nenhuma operação posicionada."
    />
  );
}

export function RealizadasTable({
  data,
  actions,
}: {
  data: OperacaoComCotacao[];
  actions: RowActions;
}) {
  const columns = useMemo(
    () => [
      ...colunasComuns(),
      col.accessor('data_venda', { header: 'Data Venda', cell: (c) => formatDate(c.getValue()) }),
      col.accessor('preco_venda_unitario', {
        header: 'Preço Venda',
        cell: (c) => formatNumber(c.getValue()),
        ...numeric,
      }),
      col.accessor('valor_total_venda', {
        header: 'Valor Total Venda',
        cell: (c) => formatNumber(c.getValue()),
        ...numeric,
      }),
      col.accessor((op) => percentualResultado(op), {
        id: 'percentual_resultado',
        header: '% Resultado',
        cell: (c) => formatNumber(c.getValue()),
        ...numeric,
      }),
      col.accessor((op) => valorResultado(op), {
        id: 'valor_resultado',
        header: 'Valor Resultado',
        cell: (c) => <Colorido value={c.getValue()} cor={corPorSinal(c.getValue())} />,
        ...numeric,
      }),
      col.display({
        id: 'actions',
        header: 'Ações',
        cell: (c) => <RowButtons op={c.row.original} actions={actions} />,
      }),
    ],
    [actions],
  );
  return (
    <DataTable
      label="Operações realizadas"
      columns={columns}
      data={data}
      getRowId={(op) => String(op.id)}
      emptyText="Nenhuma operação realizada."
    />
  );
}

/** Joins the quotes (keyed 'PETR4.SA') onto the operations. */
export function comCotacoes(
  ops: Operacao[],
  cotacoes: CotacoesResponse | undefined,
): OperacaoComCotacao[] {
  return ops.map((op) => ({
    ...op,
    preco_atual: cotacoes?.[`${op.acao_nome}.SA`]?.preco_atual ?? null,
  }));
}
