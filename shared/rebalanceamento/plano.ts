import { Decimal } from '../decimal';
import { formatMoney } from '../format';
import { baseSymbol, splitLegs } from '../legs';
import { VALOR_MINIMO_PADRAO } from './compras';
import { desviosOf, measure, type Situacao } from './desvios';
import { planOrders, type Ordens, type Regras } from './modos';
import type {
  ClienteRebalanceamento,
  ItemPlano,
  Modelo,
  OpcoesRebalanceamento,
  OrdemPlano,
} from './tipos';

/**
 * The rebalancing plan of issue 33, per client: pure, exact (decimal.js), linear in the client's tickers. The
 * plumbing reads the facts (positions, quotes, valor disponível, reconciliation, orders in flight, the MT5
 * status, the month's stock sales) and sends what this plans; see docs/rebalanceamento.md.
 */

const money = (value: Decimal) => value.toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber() || 0;

/** 'PETR4', 'PETR4 e VALE3', 'ITUB4, PETR4 e VALE3'. */
function joinTickers(tickers: readonly string[]): string {
  if (tickers.length <= 1) return tickers.join('');
  return `${tickers.slice(0, -1).join(', ')} e ${tickers[tickers.length - 1]}`;
}

/** The first of the client's facts that leaves it out, before its numbers are looked at. */
function factsMotivo(cliente: ClienteRebalanceamento, modelo: Modelo): string | null {
  if (!cliente.mt5Online) return 'O terminal MT5 do cliente não está online.';
  if (cliente.resultadoDesconhecido) {
    return 'O cliente tem ordem com resultado ainda desconhecido no terminal MT5.';
  }
  // Involved: every ticker the plan weighs, the model's and the held ones (each moves V and the cash).
  const envolvidos = new Set(modelo.itens.map((i) => i.ticker));
  for (const p of cliente.posicoes) if (p.quantidade > 0) envolvidos.add(baseSymbol(p.ticker));
  const emVoo = [...new Set(cliente.ordensEmVoo.map(baseSymbol))].filter((t) => envolvidos.has(t));
  if (emVoo.length) {
    const ordem = emVoo.length === 1 ? 'ordem' : 'ordens';
    return `O cliente tem ${ordem} em andamento de ${joinTickers(emVoo.sort())}.`;
  }
  return null;
}

const SEM_MODELO: Modelo = { itens: [], caixa_alvo: 0, faixa: { tipo: 'absoluta', valor: 0 } };

function measured(cliente: ClienteRebalanceamento, modelo: Modelo): Situacao | string {
  const { caixa } = cliente;
  if (caixa === null || caixa === undefined) {
    return 'Valor disponível desconhecido: importe o patrimônio do cliente.';
  }
  const situacao = measure({ ...cliente, caixa }, modelo);
  if ('semCotacao' in situacao) return `Sem cotação de ${situacao.semCotacao}.`;
  if (!situacao.total.greaterThan(0)) return 'O cliente não tem patrimônio para rebalancear.';
  return situacao;
}

function ordersOf(ordens: Ordens, situacao: Situacao): OrdemPlano[] {
  const posicao = new Map(situacao.linhas.map((l, i) => [l.ticker, i]));
  const byLine = (a: { ticker: string }, b: { ticker: string }) =>
    posicao.get(a.ticker)! - posicao.get(b.ticker)!;
  const vendas = ordens.vendas.map((v) => ({ ticker: v.linha.ticker, quantidade: v.quantidade }));
  return [
    ...vendas.sort(byLine).map((v) => ({ ...v, lado: 'venda' as const })),
    ...[...ordens.compras].sort(byLine).map((c) => ({
      ticker: c.ticker,
      quantidade: c.quantidade,
      lado: 'compra' as const,
    })),
  ].map((o) => ({
    ticker: o.ticker,
    lado: o.lado,
    quantidade: o.quantidade,
    legs: splitLegs(o.ticker, o.quantidade),
  }));
}

/** One client's plan: its numbers, its orders (sales first, then buys) and cash after, or why it is left out. */
export function planRebalance(
  cliente: ClienteRebalanceamento,
  opcoes: OpcoesRebalanceamento,
): ItemPlano {
  const modelo = cliente.modelo;
  const situacao = measured(cliente, modelo ?? SEM_MODELO);
  const item: ItemPlano = {
    cliente: cliente.cliente,
    nome: cliente.nome,
    valor_total: typeof situacao === 'string' ? null : money(situacao.total),
    desvios: [],
    ordens: [],
    caixa_depois: typeof situacao === 'string' ? null : money(situacao.caixa),
    excluido: true,
    motivo: null,
    avisos: [],
  };
  if (!modelo) return { ...item, motivo: 'O cliente não segue nenhum modelo.' };
  if (typeof situacao !== 'string') item.desvios = desviosOf(situacao, modelo.faixa.tipo);
  const motivo = factsMotivo(cliente, modelo) ?? (typeof situacao === 'string' ? situacao : null);
  if (motivo !== null || typeof situacao === 'string') return { ...item, motivo };

  const valorMinimo = new Decimal(opcoes.valor_minimo ?? VALOR_MINIMO_PADRAO);
  const regras: Regras = {
    modo: opcoes.modo,
    faixa: modelo.faixa,
    valorMinimo,
    jaVendido: opcoes.respeitar_isencao === false ? null : new Decimal(cliente.vendasAcoesMes),
  };
  const ordens = planOrders(situacao, regras);
  item.avisos = ordens.avisos;
  if (!ordens.vendas.length && !ordens.compras.length) {
    item.motivo =
      ordens.nada ??
      `Nada a fazer: nenhuma ordem chega ao valor mínimo de ${formatMoney(valorMinimo.toNumber())}.`;
    return item;
  }
  const vendido = ordens.vendas.reduce(
    (s, v) => s.plus(v.linha.preco.times(v.quantidade)),
    new Decimal(0),
  );
  const comprado = ordens.compras.reduce(
    (s, c) => s.plus(c.preco.times(c.quantidade)),
    new Decimal(0),
  );
  return {
    ...item,
    ordens: ordersOf(ordens, situacao),
    caixa_depois: money(situacao.caixa.plus(vendido).minus(comprado)),
    excluido: false,
  };
}

/** Every client of a rebalance, each on its own (one client's facts never change another's plan). */
export function planRebalances(
  clientes: readonly ClienteRebalanceamento[],
  opcoes: OpcoesRebalanceamento,
): ItemPlano[] {
  return clientes.map((c) => planRebalance(c, opcoes));
}
