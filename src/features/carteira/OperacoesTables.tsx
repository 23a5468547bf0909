import { Badge, Button, HStack } from '@chakra-ui/react';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import {
  operacoesEndpoints,
  ordensEndpoints,
  type CotacoesResponse,
  type Operacao,
} from '../../../contract';
import { usePermissao } from '../../api/permissao';
import { DataTable, META } from '../../components/DataTable';
import { ValorComSinal } from '../../components/ValorComSinal';
import { TickerGrafico } from '../../widgets/grafico';
import { PrecoAtual } from '../../components/PrecoAtual';
import { AjusteMarca } from './AjusteMarca';
import { todayIso } from '../../../shared/dates';
import { formatDate, formatInteger, formatNumber } from '../../../shared/format';
import {
  corToGain,
  diasPosicionado,
  percentualResultado,
  toGain,
  valorResultado,
  variacao,
} from './figures';

/** An operation with today's quote, filled on the client side from cotacoes-atuais. */
export type OperacaoComCotacao = Operacao & { preco_atual: number | null };

/** The buttons of each row (the Ações column). */
export interface RowActions {
  onEdit: (op: Operacao) => void;
  onDelete: (op: Operacao) => void;
  onSell: (op: Operacao) => void;
  /** Opens the stock's chart with the operation's buy, sale and target. */
  onChart: (op: Operacao) => void;
}

function RowButtons({ op, actions, sell }: { op: Operacao; actions: RowActions; sell?: boolean }) {
  // What the user's role may not do is not offered (issue 32).
  const edita = usePermissao(operacoesEndpoints.update).pode;
  const vende = usePermissao(ordensEndpoints.sendVenda).pode;
  return (
    <HStack gap="1">
      {edita && (
        <Button
          size="xs"
          variant="outline"
          onClick={() => actions.onEdit(op)}
          aria-label={`Editar ${op.acao_nome}`}
        >
          Editar
        </Button>
      )}
      {edita && (
        <Button
          size="xs"
          variant="outline"
          colorPalette="red"
          onClick={() => actions.onDelete(op)}
          aria-label={`Excluir ${op.acao_nome}`}
        >
          Excluir
        </Button>
      )}
      {/* A sale sells the operation's quantity: without one there is nothing to sell. */}
      {vende && sell && op.quantidade !== null && op.quantidade > 0 && (
        <Button size="xs" onClick={() => actions.onSell(op)} aria-label={`Vender ${op.acao_nome}`}>
          Vender
        </Button>
      )}
    </HStack>
  );
}

/**
 * The ticker (which opens the stock's chart), the mark of the share events applied to it, and, for an operation
 * bought or sold in a lote, a link to the lote (its sale's once realised).
 */
function AcaoCell({ ticker, op, onChart }: { ticker: string; op: Operacao; onChart: () => void }) {
  const lote = op.lote_venda ?? op.lote_compra;
  return (
    <HStack gap="2">
      <TickerGrafico ticker={ticker} onClick={onChart} />
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

function colunasComuns(actions: RowActions) {
  return [
    col.accessor('acao_nome', {
      header: 'Ação',
      cell: (c) => (
        <AcaoCell
          ticker={c.getValue()}
          op={c.row.original}
          onChart={() => actions.onChart(c.row.original)}
        />
      ),
    }),
    col.accessor('data_compra', {
      header: 'Data Compra',
      cell: (c) => formatDate(c.getValue()),
      meta: META.data,
    }),
    col.accessor('preco_unitario', {
      header: 'Preço Unitário',
      cell: (c) => formatNumber(c.getValue()),
      meta: META.dinheiro,
    }),
    col.accessor('quantidade', {
      header: 'Quantidade',
      cell: (c) => formatInteger(c.getValue()),
      meta: META.inteiro,
    }),
    col.accessor('valor_total_compra', {
      header: 'Valor Total Compra',
      cell: (c) => formatNumber(c.getValue()),
      meta: META.dinheiro,
    }),
  ];
}

/** The client's name, for the exported file's name. */
type Exportavel = { cliente?: string };

export function PosicionadasTable({
  data,
  actions,
  cliente,
}: {
  data: OperacaoComCotacao[];
  actions: RowActions;
} & Exportavel) {
  const columns = useMemo(() => {
    const hoje = todayIso();
    return [
      ...colunasComuns(actions),
      col.accessor('valor_alvo', {
        header: 'Alvo (R$)',
        cell: (c) => formatNumber(c.getValue()),
        meta: META.dinheiro,
      }),
      col.accessor((op) => diasPosicionado(op, hoje), {
        id: 'dias_posicionado',
        header: 'Dias Posicionado',
        cell: (c) => formatInteger(c.getValue()),
        meta: META.inteiro,
      }),
      col.accessor('preco_atual', {
        header: 'Preço Atual',
        cell: (c) => <PrecoAtual value={c.getValue()} />,
        meta: META.dinheiro,
      }),
      col.accessor((op) => variacao(op.preco_atual, op.preco_unitario), {
        id: 'variacao',
        header: 'Variação (%)',
        cell: (c) => (
          <ValorComSinal value={c.getValue()}>{formatNumber(c.getValue())}</ValorComSinal>
        ),
        meta: META.percentual,
      }),
      col.accessor((op) => toGain(op.valor_alvo, op.preco_atual), {
        id: 'to_gain',
        header: 'To Gain (%)',
        cell: (c) => (
          <ValorComSinal value={c.getValue()} cor={corToGain}>
            {formatNumber(c.getValue())}
          </ValorComSinal>
        ),
        meta: META.percentual,
      }),
      col.display({
        id: 'actions',
        header: 'Ações',
        meta: { pinRight: true },
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
      initialSorting={[{ id: 'data_compra', desc: true }]}
      emptyText="Nenhuma operação posicionada."
      exportacao={{ nome: 'Posicionadas', de: cliente }}
    />
  );
}

export function RealizadasTable({
  data,
  actions,
  cliente,
}: {
  data: OperacaoComCotacao[];
  actions: RowActions;
} & Exportavel) {
  const columns = useMemo(
    () => [
      ...colunasComuns(actions),
      col.accessor('data_venda', {
        header: 'Data Venda',
        cell: (c) => formatDate(c.getValue()),
        meta: META.data,
      }),
      col.accessor('preco_venda_unitario', {
        header: 'Preço Venda',
        cell: (c) => formatNumber(c.getValue()),
        meta: META.dinheiro,
      }),
      col.accessor('valor_total_venda', {
        header: 'Valor Total Venda',
        cell: (c) => formatNumber(c.getValue()),
        meta: META.dinheiro,
      }),
      col.accessor((op) => percentualResultado(op), {
        id: 'percentual_resultado',
        header: '% Resultado',
        cell: (c) => formatNumber(c.getValue()),
        meta: META.percentual,
      }),
      col.accessor((op) => valorResultado(op), {
        id: 'valor_resultado',
        header: 'Valor Resultado',
        cell: (c) => (
          <ValorComSinal value={c.getValue()}>{formatNumber(c.getValue())}</ValorComSinal>
        ),
        meta: META.dinheiro,
      }),
      col.display({
        id: 'actions',
        header: 'Ações',
        meta: { pinRight: true },
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
      initialSorting={[{ id: 'data_venda', desc: true }]}
      emptyText="Nenhuma operação realizada."
      exportacao={{ nome: 'Realizadas', de: cliente }}
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

/** When the newest of the quotes was made (an ISO instant), or null when none says. */
export function cotacoesEm(cotacoes: CotacoesResponse | undefined): string | null {
  let newest: string | null = null;
  for (const { cotado_em } of Object.values(cotacoes ?? {})) {
    // ISO instants in UTC compare as text.
    if (cotado_em && (newest === null || cotado_em > newest)) newest = cotado_em;
  }
  return newest;
}
