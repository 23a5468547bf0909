import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { CotacoesResponse, Operacao } from '../../../contract';
import { cabecalho } from '../../components/cabecalho';
import { DataTable, META } from '../../components/DataTable';
import { ValorComSinal } from '../../components/ValorComSinal';
import { PrecoAtual } from '../../components/PrecoAtual';
import { Total, TotalRotulo } from '../../components/Total';
import { comPrimeiras, useTelaEstreita } from '../../components/useTelaEstreita';
import { todayIso } from '../../../shared/dates';
import { resultadoAberto, totaisAbertas, totaisRealizadas } from '../../../shared/resultados';
import { formatDate, formatInteger, formatNumber } from '../../../shared/format';
import {
  corToGain,
  diasPosicionado,
  percentualResultado,
  toGain,
  valorResultado,
  variacao,
} from './figures';

import { AcaoCell, RowButtons, usePodeNaLinha, type RowActions } from './LinhaAcoes';

export type { RowActions } from './LinhaAcoes';

/** An operation with today's quote, filled on the client side from cotacoes-atuais. */
export type OperacaoComCotacao = Operacao & { preco_atual: number | null };

const col = createColumnHelper<OperacaoComCotacao>();

/** The sum of the column, as the rows' figures are shown. */
const soma = (valor: number | null) => formatNumber(valor);

function colunasComuns(actions: RowActions, comprado: number, linhas: number, nota?: string) {
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
      footer: () => <TotalRotulo linhas={linhas} nota={nota} />,
    }),
    col.accessor('data_compra', {
      ...cabecalho('Data Compra', META.data),
      cell: (c) => formatDate(c.getValue()),
    }),
    col.accessor('preco_unitario', {
      ...cabecalho('Preço Unitário', META.dinheiro),
      cell: (c) => formatNumber(c.getValue()),
    }),
    col.accessor('quantidade', {
      header: 'Quantidade',
      cell: (c) => formatInteger(c.getValue()),
      meta: META.inteiro,
    }),
    col.accessor('valor_total_compra', {
      ...cabecalho('Valor Total Compra', META.dinheiro),
      cell: (c) => formatNumber(c.getValue()),
      footer: () => soma(comprado),
    }),
  ];
}

/** The client's name, for the exported file's name. */
type Exportavel = { cliente?: string };

const semCotacaoNota = (n: number) =>
  n ? `${n} sem cotação: fora do valor atual, do resultado e da variação.` : undefined;

export function PosicionadasTable({
  data,
  actions,
  cliente,
}: {
  data: OperacaoComCotacao[];
  actions: RowActions;
} & Exportavel) {
  const estreita = useTelaEstreita();
  const { edita, vende } = usePodeNaLinha();
  const columns = useMemo(() => {
    const hoje = todayIso();
    const t = totaisAbertas(data);
    return [
      ...colunasComuns(actions, t.comprado, data.length, semCotacaoNota(t.semCotacao)),
      col.accessor('valor_alvo', {
        header: 'Alvo (R$)',
        cell: (c) => formatNumber(c.getValue()),
        meta: META.dinheiro,
      }),
      col.accessor((op) => diasPosicionado(op, hoje), {
        id: 'dias_posicionado',
        ...cabecalho('Dias Posicionado', META.inteiro),
        cell: (c) => formatInteger(c.getValue()),
      }),
      col.accessor('preco_atual', {
        ...cabecalho('Preço Atual', META.dinheiro),
        cell: (c) => <PrecoAtual value={c.getValue()} />,
        footer: () => <Total rotulo="Valor atual">{soma(t.valorAtual)}</Total>,
      }),
      col.accessor((op) => variacao(op.preco_atual, op.preco_unitario), {
        id: 'variacao',
        ...cabecalho('Variação (%)', META.percentual),
        cell: (c) => (
          <ValorComSinal value={c.getValue()}>{formatNumber(c.getValue())}</ValorComSinal>
        ),
        footer: () => <ValorComSinal value={t.variacao}>{formatNumber(t.variacao)}</ValorComSinal>,
      }),
      col.accessor((op) => toGain(op.valor_alvo, op.preco_atual), {
        id: 'to_gain',
        ...cabecalho('To Gain (%)', META.percentual),
        cell: (c) => (
          <ValorComSinal value={c.getValue()} cor={corToGain}>
            {formatNumber(c.getValue())}
          </ValorComSinal>
        ),
      }),
      col.accessor((op) => resultadoAberto(op), {
        id: 'resultado',
        ...cabecalho('Resultado (R$)', META.dinheiro),
        cell: (c) => (
          <ValorComSinal value={c.getValue()}>{formatNumber(c.getValue())}</ValorComSinal>
        ),
        footer: () => (
          <ValorComSinal value={t.resultado}>{formatNumber(t.resultado)}</ValorComSinal>
        ),
      }),
      col.display({
        id: 'actions',
        header: 'Ações',
        // Kept in view at the right on a wide screen; on a phone it would hide the figures, so it scrolls.
        meta: { pinRight: !estreita },
        size: 124,
        cell: (c) => (
          <RowButtons op={c.row.original} actions={actions} pode={{ edita, vende }} sell />
        ),
      }),
    ];
  }, [actions, data, estreita, edita, vende]);
  // On a phone the figures the advisor reads come first, after the ticker (issue 34, rough edge 1).
  const mostradas = estreita
    ? comPrimeiras(columns, ['acao_nome', 'variacao', 'resultado', 'to_gain', 'preco_atual'])
    : columns;
  return (
    <DataTable
      label="Operações posicionadas"
      columns={mostradas}
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
  const estreita = useTelaEstreita();
  const { edita, vende } = usePodeNaLinha();
  const columns = useMemo(() => {
    const t = totaisRealizadas(data);
    return [
      ...colunasComuns(actions, t.comprado, data.length),
      col.accessor('data_venda', {
        ...cabecalho('Data Venda', META.data),
        cell: (c) => formatDate(c.getValue()),
      }),
      col.accessor('preco_venda_unitario', {
        ...cabecalho('Preço Venda', META.dinheiro),
        cell: (c) => formatNumber(c.getValue()),
      }),
      col.accessor('valor_total_venda', {
        ...cabecalho('Valor Total Venda', META.dinheiro),
        cell: (c) => formatNumber(c.getValue()),
        footer: () => soma(t.vendido),
      }),
      col.accessor((op) => percentualResultado(op), {
        id: 'percentual_resultado',
        ...cabecalho('% Resultado', META.percentual),
        cell: (c) => formatNumber(c.getValue()),
        footer: () => formatNumber(t.percentual),
      }),
      col.accessor((op) => valorResultado(op), {
        id: 'valor_resultado',
        ...cabecalho('Valor Resultado', META.dinheiro),
        cell: (c) => (
          <ValorComSinal value={c.getValue()}>{formatNumber(c.getValue())}</ValorComSinal>
        ),
        footer: () => (
          <ValorComSinal value={t.resultado}>{formatNumber(t.resultado)}</ValorComSinal>
        ),
      }),
      col.display({
        id: 'actions',
        header: 'Ações',
        // Kept in view at the right on a wide screen; on a phone it would hide the figures, so it scrolls.
        meta: { pinRight: !estreita },
        size: 124,
        cell: (c) => <RowButtons op={c.row.original} actions={actions} pode={{ edita, vende }} />,
      }),
    ];
  }, [actions, data, estreita, edita, vende]);
  const mostradas = estreita
    ? comPrimeiras(columns, ['acao_nome', 'valor_resultado', 'percentual_resultado', 'data_venda'])
    : columns;
  return (
    <DataTable
      label="Operações realizadas"
      columns={mostradas}
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
