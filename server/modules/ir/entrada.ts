import type { AvisoIr } from '../../../contract';
import type {
  EntradaIr,
  EventoIr,
  OperacaoIr,
  ProventoIr,
  SaldoInicialIr,
} from '../../../shared/ir';
import type { LinhasIr, OperacaoIrRow } from './leitura';

/**
 * The rows read (leitura.ts) as the engine's input, per client: each book operation is a buy and, once sold, a
 * sale (shared/ir's header). An operation the engine cannot place is left out and named in an aviso.
 */

export interface EntradaCliente {
  entrada: EntradaIr;
  /** About the whole ledger: operations left out. */
  avisos: AvisoIr[];
}

interface Montagem {
  operacoes: OperacaoIr[];
  incompletas: number[];
  saldosIniciais: Record<number, SaldoInicialIr>;
  vendasExternas: Record<string, string>;
  proventos: ProventoIr[];
}

const novaMontagem = (): Montagem => ({
  operacoes: [],
  incompletas: [],
  saldosIniciais: {},
  vendasExternas: {},
  proventos: [],
});

/** An operation as the engine's trades: its buy, and its sale when it has one; false when it cannot be placed. */
function addOperacao(ops: OperacaoIr[], o: OperacaoIrRow): boolean {
  if (o.data_compra === null || o.quantidade_compra === null || o.preco_compra === null)
    return false;
  ops.push({
    id: o.id,
    data: o.data_compra,
    ticker: o.ticker,
    classe: o.classe,
    lado: 'compra',
    quantidade: o.quantidade_compra,
    preco: o.preco_compra,
    custos: o.custos_compra,
  });
  if (o.data_venda === null) return true;
  // A sale without its price or quantity: the shares stay held rather than be sold at a guess.
  if (o.preco_venda === null || o.quantidade === null) return false;
  ops.push({
    id: o.id,
    data: o.data_venda,
    ticker: o.ticker,
    classe: o.classe,
    lado: 'venda',
    quantidade: o.quantidade,
    preco: o.preco_venda,
    custos: o.custos_venda,
  });
  return true;
}

const MAX_IDS_NO_AVISO = 20;

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

/** Each client's input, by client id (every client read has one, even without trades). */
export function buildEntradas(linhas: LinhasIr): Map<number, EntradaCliente> {
  const porCliente = new Map<number, Montagem>();
  for (const c of linhas.clientes) porCliente.set(c.id, novaMontagem());
  const of = (id: number) => {
    let m = porCliente.get(id);
    if (!m) porCliente.set(id, (m = novaMontagem()));
    return m;
  };
  for (const o of linhas.operacoes) {
    const m = of(o.cliente_id);
    if (!addOperacao(m.operacoes, o)) m.incompletas.push(o.id);
  }
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
  // The events in force on what anyone traded: the engine applies those of the assets the client holds.
  const eventos: EventoIr[] = linhas.eventos;
  const out = new Map<number, EntradaCliente>();
  for (const [id, m] of porCliente) {
    out.set(id, {
      entrada: {
        operacoes: m.operacoes,
        eventos,
        saldosIniciais: m.saldosIniciais,
        vendasExternas: m.vendasExternas,
        proventos: m.proventos,
      },
      avisos: avisoIncompletas(m.incompletas),
    });
  }
  return out;
}
