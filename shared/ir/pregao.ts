import { formatDate as br, formatInteger } from '../format';
import { de4, dinheiro, pow10, share, ESCALA, type Dinheiro } from './numeros';
import type { Baixa, Posicoes } from './posicoes';
import type { AvisoIr, Classe, OperacaoIr, TipoLinha } from './tipos';

/**
 * One session's trades in one asset, split into day trade and common operations (IN RFB 1.585/2015, art. 65):
 * the day-trade quantity is the smaller of the day's bought and sold quantities, whatever was held before and
 * however the book paired them (art. 65 § 1º I: operations begun and ended on the same day with the same asset).
 * Its result is the day's average sale price less the day's average buy price times that quantity, each side's
 * costs in proportion (§ 3º's first-buy-with-first-sale pairing gives the same total when every trade is of one
 * asset and one day). The rest of the day's buys join the average cost; the rest of its sales are common sales at
 * the average cost. Only one of the two rests can be non-zero.
 */

/** A month's sales of one asset in one bucket, exact until the month closes. */
export interface LinhaAberta {
  ticker: string;
  classe: Classe;
  tipo: TipoLinha;
  quantidade: number;
  valor: Dinheiro;
  custo: Dinheiro;
  /** Sale values and sale costs of up to 4 places: integer counts of 10^-4 reais in doubles (below 2^53). */
  valor4: number;
  custos4: number;
}

/** What a month's sessions leave for its closing. */
export class Movimento {
  readonly linhas = new Map<string, LinhaAberta>();
  readonly avisos: AvisoIr[] = [];
  /** The session's day-trade results, per bucket, until the session closes. */
  private diaDayTrade = 0n;
  private diaFii = 0n;
  /** The sum of each session's positive day-trade result, per bucket: 1 % of it is withheld (art. 65). */
  positivoDayTrade = 0n;
  positivoFii = 0n;

  addLinha(
    ticker: string,
    classe: Classe,
    tipo: TipoLinha,
    qtd: number,
    valor: Dinheiro,
    custo: Dinheiro,
  ) {
    const l = this.linha(ticker, classe, tipo);
    l.quantidade += qtd;
    l.valor += valor;
    l.custo += custo;
  }

  /** A common sale whose value and costs are integer counts of 10^-4 reais (unidades4); its cost exact. */
  addVenda4(
    ticker: string,
    classe: Classe,
    qtd: number,
    valor4: number,
    custo: Dinheiro,
    custos4: number,
  ) {
    const l = this.linha(ticker, classe, 'comum');
    l.quantidade += qtd;
    l.custo += custo;
    if (l.valor4 + valor4 > SEGURO || l.custos4 + custos4 > SEGURO) {
      l.valor += de4(l.valor4);
      l.custo += de4(l.custos4);
      l.valor4 = 0;
      l.custos4 = 0;
    }
    l.valor4 += valor4;
    l.custos4 += custos4;
  }

  private linha(ticker: string, classe: Classe, tipo: TipoLinha): LinhaAberta {
    const key = `${tipo}|${ticker}`;
    let l = this.linhas.get(key);
    if (!l) {
      l = { ticker, classe, tipo, quantidade: 0, valor: 0n, custo: 0n, valor4: 0, custos4: 0 };
      this.linhas.set(key, l);
    }
    l.classe = classe;
    return l;
  }

  addDayTrade(classe: Classe, resultado: Dinheiro) {
    if (classe === 'fii') this.diaFii += resultado;
    else this.diaDayTrade += resultado;
  }

  /** A session's end: its positive day-trade result, per bucket, is what the 1 % is withheld on (art. 65). */
  closeSession() {
    if (this.diaDayTrade > 0n) this.positivoDayTrade += this.diaDayTrade;
    if (this.diaFii > 0n) this.positivoFii += this.diaFii;
    this.diaDayTrade = 0n;
    this.diaFii = 0n;
  }
}

interface Lado {
  quantidade: number;
  valor: Dinheiro;
  custos: Dinheiro;
}

const emptySide = (): Lado => ({ quantidade: 0, valor: 0n, custos: 0n });

const SEGURO = Number.MAX_SAFE_INTEGER;

/**
 * price × quantity in the engine's units, exactly. Prices of up to 4 places (every one the book stores) times a
 * quantity stay below 2^53 as digits for any real trade: multiplied as doubles, exact when the product is a safe
 * integer (checked), else — and for more places — in BigInt.
 */
export function valorDe(preco: string, quantidade: number): Dinheiro {
  const ponto = preco.indexOf('.');
  const casas = ponto < 0 ? 0 : preco.length - ponto - 1;
  if (casas <= 4) {
    const digitos =
      ponto < 0 ? Number(preco) : Number(preco.slice(0, ponto) + preco.slice(ponto + 1));
    const produto = digitos * quantidade;
    if (produto <= SEGURO) return BigInt(produto) * pow10(ESCALA - casas);
  }
  return dinheiro(preco) * BigInt(quantidade);
}

/**
 * A decimal text (at most 4 places) times a quantity as an integer count of 10^-4 reais in a double; -1 when it
 * has more places or the count could pass 2^53 (then the BigInt path is taken).
 */
function unidades4(texto: string, quantidade: number): number {
  const ponto = texto.indexOf('.');
  const casas = ponto < 0 ? 0 : texto.length - ponto - 1;
  if (casas > 4) return -1;
  const digitos =
    ponto < 0 ? Number(texto) : Number(texto.slice(0, ponto) + texto.slice(ponto + 1));
  const u = digitos * quantidade * ESCALAS_4[casas]!;
  return u <= SEGURO ? u : -1;
}
const ESCALAS_4 = [10_000, 1_000, 100, 10, 1];

const custosDe = (custos: string | null | undefined): Dinheiro =>
  custos && custos !== '0' ? dinheiro(custos) : 0n;

/** The session's buys and sales, each side summed. */
function sumSides(ops: readonly OperacaoIr[]): { compra: Lado; venda: Lado } {
  const compra = emptySide();
  const venda = emptySide();
  for (const o of ops) {
    const lado = o.lado === 'compra' ? compra : venda;
    lado.valor += valorDe(o.preco, o.quantidade);
    lado.custos += custosDe(o.custos);
    lado.quantidade += o.quantidade;
  }
  return { compra, venda };
}

/** One asset's trades of one session (same base ticker, same date), in the order given. */
export function applySession(
  ticker: string,
  ops: readonly OperacaoIr[],
  posicoes: Posicoes,
  mov: Movimento,
): void {
  if (applySameSide(ticker, ops, posicoes, mov)) return;
  const classe = ops[ops.length - 1]!.classe;
  const { compra, venda } = sumSides(ops);
  const dt = Math.min(compra.quantidade, venda.quantidade);
  if (dt > 0) {
    const custo =
      share(compra.valor + compra.custos, dt, compra.quantidade) +
      share(venda.custos, dt, venda.quantidade);
    const valor = share(venda.valor, dt, venda.quantidade);
    mov.addLinha(ticker, classe, 'day_trade', dt, valor, custo);
    mov.addDayTrade(classe, valor - custo);
  }
  const resto = compra.quantidade - dt;
  if (resto > 0) {
    posicoes.add(
      ticker,
      classe,
      resto,
      share(compra.valor + compra.custos, resto, compra.quantidade),
    );
  }
  const vendido = venda.quantidade - dt;
  if (vendido > 0) sellCommon(ticker, classe, vendido, venda, ops, posicoes, mov);
}

/**
 * A session whose trades are all buys or all sales (most of them): no day trade, nothing to divide — the general
 * case's figures, with values and costs of up to 4 places summed as exact integer counts of 10^-4 reais in
 * doubles. False (nothing done) when a trade has more places or the sums could pass 2^53.
 */
function applySameSide(
  ticker: string,
  ops: readonly OperacaoIr[],
  posicoes: Posicoes,
  mov: Movimento,
): boolean {
  const lado = ops[0]!.lado;
  let quantidade = 0;
  let valor4 = 0;
  let custos4 = 0;
  for (const o of ops) {
    if (o.lado !== lado) return false;
    const v = unidades4(o.preco, o.quantidade);
    const c = o.custos ? unidades4(o.custos, 1) : 0;
    if (v < 0 || c < 0) return false;
    valor4 += v;
    custos4 += c;
    quantidade += o.quantidade;
  }
  // Sums of non-negative integers: exact while the total is a safe integer, and it is checked.
  if (valor4 + custos4 > SEGURO) return false;
  const classe = ops[ops.length - 1]!.classe;
  if (lado === 'compra') {
    posicoes.add4(ticker, classe, quantidade, valor4 + custos4);
    return true;
  }
  const baixa = posicoes.remove(ticker, classe, quantidade);
  mov.addVenda4(ticker, classe, quantidade, valor4, baixa.custo, custos4);
  if (baixa.excedente > 0) avisoSemPosicao(ticker, quantidade, baixa, ops, mov);
  return true;
}

/** The common part of a session's sales: at the average cost; beyond the position, at no cost, with an aviso. */
function sellCommon(
  ticker: string,
  classe: Classe,
  quantidade: number,
  venda: Lado,
  ops: readonly OperacaoIr[],
  posicoes: Posicoes,
  mov: Movimento,
) {
  const baixa = posicoes.remove(ticker, classe, quantidade);
  const valor = share(venda.valor, quantidade, venda.quantidade);
  const custo = baixa.custo + share(venda.custos, quantidade, venda.quantidade);
  mov.addLinha(ticker, classe, 'comum', quantidade, valor, custo);
  if (baixa.excedente > 0) avisoSemPosicao(ticker, quantidade, baixa, ops, mov);
}

/** A sale beyond the position: the shares without a known cost, named. */
function avisoSemPosicao(
  ticker: string,
  quantidade: number,
  baixa: Baixa,
  ops: readonly OperacaoIr[],
  mov: Movimento,
) {
  const data = ops[0]!.data;
  const ids = ops.filter((o) => o.lado === 'venda').map((o) => String(o.id));
  mov.avisos.push({
    codigo: 'venda_sem_posicao',
    mensagem:
      `Venda de ${formatInteger(quantidade)} ${ticker} em ${br(data)} acima da posição conhecida ` +
      `(${formatInteger(baixa.quantidade)}): ${formatInteger(baixa.excedente)} ações apuradas com custo zero. ` +
      `Registre as compras anteriores ou a posição de abertura (operações ${ids.join(', ')}).`,
  });
}
