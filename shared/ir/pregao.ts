import { formatDate as br, formatInteger } from '../format';
import { Dec, ZERO, share } from './numeros';
import type { Posicoes } from './posicoes';
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
  valor: Dec;
  custo: Dec;
}

/** What a month's sessions leave for its closing. */
export class Movimento {
  readonly linhas = new Map<string, LinhaAberta>();
  readonly avisos: AvisoIr[] = [];
  /** The session's day-trade results, per bucket, until the session closes. */
  private diaDayTrade = ZERO;
  private diaFii = ZERO;
  /** 1 % of each session's positive day-trade result (art. 65), per bucket, exact. */
  irrfDayTrade = ZERO;
  irrfFii = ZERO;

  addLinha(ticker: string, classe: Classe, tipo: TipoLinha, qtd: number, valor: Dec, custo: Dec) {
    const key = `${tipo}|${ticker}`;
    const l = this.linhas.get(key);
    if (l) {
      l.classe = classe;
      l.quantidade += qtd;
      l.valor = l.valor.plus(valor);
      l.custo = l.custo.plus(custo);
    } else {
      this.linhas.set(key, { ticker, classe, tipo, quantidade: qtd, valor, custo });
    }
  }

  addDayTrade(classe: Classe, resultado: Dec) {
    if (classe === 'fii') this.diaFii = this.diaFii.plus(resultado);
    else this.diaDayTrade = this.diaDayTrade.plus(resultado);
  }

  /** A session's end: 1 % of its positive day-trade result is withheld (art. 65), per bucket. */
  closeSession() {
    if (this.diaDayTrade.greaterThan(0)) {
      this.irrfDayTrade = this.irrfDayTrade.plus(this.diaDayTrade.times('0.01'));
    }
    if (this.diaFii.greaterThan(0)) this.irrfFii = this.irrfFii.plus(this.diaFii.times('0.01'));
    this.diaDayTrade = ZERO;
    this.diaFii = ZERO;
  }
}

interface Lado {
  quantidade: number;
  valor: Dec;
  custos: Dec;
}

const emptySide = (): Lado => ({ quantidade: 0, valor: ZERO, custos: ZERO });

/** The session's buys and sales, each side summed. */
function sumSides(ops: readonly OperacaoIr[]): { compra: Lado; venda: Lado } {
  const compra = emptySide();
  const venda = emptySide();
  for (const o of ops) {
    const lado = o.lado === 'compra' ? compra : venda;
    const valor = new Dec(o.preco).times(o.quantidade);
    // Most sessions are one trade: the first one's figures are taken as they are (a decimal less each).
    lado.valor = lado.quantidade === 0 ? valor : lado.valor.plus(valor);
    if (o.custos && o.custos !== '0') {
      lado.custos = lado.custos.isZero() ? new Dec(o.custos) : lado.custos.plus(o.custos);
    }
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
  const classe = ops[ops.length - 1]!.classe;
  const { compra, venda } = sumSides(ops);
  const dt = Math.min(compra.quantidade, venda.quantidade);
  if (dt > 0) {
    const custo = share(compra.valor.plus(compra.custos), dt, compra.quantidade).plus(
      share(venda.custos, dt, venda.quantidade),
    );
    const valor = share(venda.valor, dt, venda.quantidade);
    mov.addLinha(ticker, classe, 'day_trade', dt, valor, custo);
    mov.addDayTrade(classe, valor.minus(custo));
  }
  const resto = compra.quantidade - dt;
  if (resto > 0) {
    posicoes.add(
      ticker,
      classe,
      resto,
      share(compra.valor.plus(compra.custos), resto, compra.quantidade),
    );
  }
  const vendido = venda.quantidade - dt;
  if (vendido > 0) sellCommon(ticker, classe, vendido, venda, ops, posicoes, mov);
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
  const custo = baixa.custo.plus(share(venda.custos, quantidade, venda.quantidade));
  mov.addLinha(ticker, classe, 'comum', quantidade, valor, custo);
  if (baixa.excedente > 0) {
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
}
