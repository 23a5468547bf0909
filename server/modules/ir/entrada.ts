import type { AvisoIr } from '../../../contract';
import type {
  EntradaIr,
  EventoIr,
  OperacaoIr,
  ProventoIr,
  SaldoInicialIr,
} from '../../../shared/ir';
import { compraFeita } from './compra';
import type { AplicacaoIrRow, EventoIrRow, LinhasIr, OperacaoIrRow } from './leitura';

/**
 * The rows read (leitura.ts) as the engine's input, per client: each book operation is a buy and, once sold, a
 * sale (shared/ir's header). An operation the engine cannot place is left out and named in an aviso.
 */

export interface EntradaCliente {
  entrada: EntradaIr;
  /** About the whole ledger: operations left out. */
  avisos: AvisoIr[];
}

/** One client's rows, gathered; the engine's input is built from them when that client is computed. */
interface Montagem {
  operacoes: OperacaoIrRow[];
  saldosIniciais: Record<number, SaldoInicialIr>;
  vendasExternas: Record<string, string>;
  proventos: ProventoIr[];
}

const novaMontagem = (): Montagem => ({
  operacoes: [],
  saldosIniciais: {},
  vendasExternas: {},
  proventos: [],
});

/** An operation as the engine's trades: its buy, and its sale when it has one; false when it cannot be placed. */
function addOperacao(
  ops: OperacaoIr[],
  o: OperacaoIrRow,
  eventosDoAtivo: readonly EventoIrRow[],
  aplicacoes: readonly AplicacaoIrRow[],
): boolean {
  const compra = compraFeita(o, eventosDoAtivo, aplicacoes);
  if (o.data_compra === null || compra === null) return false;
  // Literal objects of one shape (no spreads): the book's month builds hundreds of thousands of them.
  ops.push({
    id: o.id,
    data: o.data_compra,
    ticker: o.ticker,
    classe: o.classe,
    lado: 'compra',
    quantidade: compra.quantidade,
    preco: compra.preco,
    custos: o.custos_compra,
  });
  if (o.data_venda === null) return true;
  // A sale without its price: the shares stay held rather than be sold at a guess. A sale is in the terms of the
  // events before it, as the operation holds it now.
  if (o.preco_venda === null) return false;
  ops.push({
    id: o.id,
    data: o.data_venda,
    ticker: o.ticker,
    classe: o.classe,
    lado: 'venda',
    quantidade: o.quantidade!,
    preco: o.preco_venda,
    custos: o.custos_venda,
  });
  return true;
}

function groupBy<T, K>(rows: readonly T[], key: (r: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const r of rows) {
    const k = key(r);
    const lista = m.get(k);
    if (lista) lista.push(r);
    else m.set(k, [r]);
  }
  return m;
}

const MAX_IDS_NO_AVISO = 20;
const NENHUM: readonly EventoIrRow[] = [];
const NENHUMA: readonly AplicacaoIrRow[] = [];

/** The aviso naming the operations left out (the first twenty ids). */
export function avisoIncompletas(ids: readonly number[]): AvisoIr[] {
  if (ids.length === 0) return [];
  const lista = ids.slice(0, MAX_IDS_NO_AVISO).join(', ');
  const resto = ids.length > MAX_IDS_NO_AVISO ? ` e mais ${ids.length - MAX_IDS_NO_AVISO}` : '';
  const quantas = ids.length === 1 ? '1 operação' : `${ids.length} operações`;
  return [
    {
      codigo: 'operacao_incompleta',
      mensagem:
        `${quantas} sem data, preço ou quantidade (na compra ou na venda) ficaram fora do cálculo ` +
        `(ids ${lista}${resto}): complete-as para que entrem no IR.`,
    },
  ];
}

/**
 * Each client's input, built when asked (a client read without trades has one too). The rows are gathered per
 * client once; a client's trades are made when it is computed, so that the book's month never holds every
 * client's at once.
 */
export function groupEntradas(linhas: LinhasIr): (cliente: number) => EntradaCliente {
  const porCliente = new Map<number, Montagem>();
  const of = (id: number) => {
    let m = porCliente.get(id);
    if (!m) porCliente.set(id, (m = novaMontagem()));
    return m;
  };
  for (const o of linhas.operacoes) of(o.cliente_id).operacoes.push(o);
  for (const s of linhas.saldos) {
    const { cliente_id, ano, ...saldo } = s;
    of(cliente_id).saldosIniciais[ano] = saldo;
  }
  for (const v of linhas.vendasExternas) of(v.cliente_id).vendasExternas[v.mes] = v.valor;
  for (const d of linhas.dividendos) {
    of(d.cliente_id).proventos.push({
      empresa: d.empresa,
      tipo: 'dividendo',
      data_pagamento: d.data_pagamento,
      valor_bruto: d.valor_bruto,
    });
  }
  const eventosPorAtivo = groupBy(linhas.eventos, (e) => e.ticker);
  const aplicacoesPorOperacao = groupBy(linhas.aplicacoes, (a) => a.operacao_id);
  // The events in force on what anyone traded: the engine applies those of the assets the client holds.
  const eventos: EventoIr[] = linhas.eventos.map((e) => ({
    ticker: e.ticker,
    tipo: e.tipo,
    data_ex: e.data_ex,
    fator: e.fator,
    custo_atribuido: e.custo_atribuido,
  }));
  return (cliente) => {
    const m = porCliente.get(cliente) ?? novaMontagem();
    const operacoes: OperacaoIr[] = [];
    const incompletas: number[] = [];
    for (const o of m.operacoes) {
      const doAtivo = eventosPorAtivo.get(o.ticker);
      // An asset without share events (most): no applications to look up.
      const aplicacoes = doAtivo ? (aplicacoesPorOperacao.get(o.id) ?? NENHUMA) : NENHUMA;
      if (!addOperacao(operacoes, o, doAtivo ?? NENHUM, aplicacoes)) incompletas.push(o.id);
    }
    const { saldosIniciais, vendasExternas, proventos } = m;
    return {
      entrada: { operacoes, eventos, saldosIniciais, vendasExternas, proventos },
      avisos: avisoIncompletas(incompletas),
    };
  };
}
