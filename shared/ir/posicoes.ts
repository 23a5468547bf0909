import { Decimal } from '../decimal';
import { formatDate as br } from '../format';
import { averageText, de4, dinheiro, moneyText, share, type Dinheiro } from './numeros';
import type { AvisoIr, Classe, EventoIr, PosicaoIr } from './tipos';

/**
 * A client's average cost per asset (IN RFB 1.585/2015, art. 58: the cost of what is sold is the weighted average
 * of the unit costs). Each buy adds its quantity and its cost (price × quantity + its costs); a sale takes
 * shares out at the current average, which it leaves unchanged. Totals are kept exact (numeros.ts: a sale's share
 * rounded at the 24th place): the average is their quotient, never a rounded figure carried on.
 */

/** B3's ticker, four-character root then the class number; the fractional market's symbol adds an F. */
const SIMBOLO = /^([A-Z](?:[A-Z]{3}|\d[A-Z]{2}|[A-Z]\d[A-Z]|[A-Z]{2}\d)\d{1,2})F?$/;

/** 'petr4f' → 'PETR4': the fractional symbol is the same asset. Anything else is kept as written, in capitals. */
export function tickerBase(ticker: string): string {
  const t = ticker.trim().toUpperCase();
  return SIMBOLO.exec(t)?.[1] ?? t;
}

interface Posicao {
  classe: Classe;
  quantidade: number;
  custo: Dinheiro;
  /**
   * Buys not yet added to `custo`: an exact integer count of 10^-4 reais in a double (below 2^53, checked). A buy
   * at a price of up to 4 places costs no BigInt; the sum joins `custo` when the position is next read.
   */
  compras4: number;
}

/** The buys pending in `compras4` joined to the exact cost. */
function fold(p: Posicao): void {
  if (p.compras4 !== 0) {
    p.custo += de4(p.compras4);
    p.compras4 = 0;
  }
}

/** What a sale took out of the position. */
export interface Baixa {
  /** Shares that were held, taken at the average. */
  quantidade: number;
  custo: Dinheiro;
  /** Shares sold beyond the position (no known cost). */
  excedente: number;
}

export class Posicoes {
  private readonly porTicker = new Map<string, Posicao>();

  private of(ticker: string, classe: Classe): Posicao {
    let p = this.porTicker.get(ticker);
    if (!p) {
      p = { classe, quantidade: 0, custo: 0n, compras4: 0 };
      this.porTicker.set(ticker, p);
    }
    p.classe = classe;
    return p;
  }

  /** Shares bought join the average with their whole cost. */
  add(ticker: string, classe: Classe, quantidade: number, custo: Dinheiro): void {
    const p = this.of(ticker, classe);
    p.quantidade += quantidade;
    p.custo += custo;
  }

  /** The same, the cost an integer count of 10^-4 reais in a double (a safe integer). */
  add4(ticker: string, classe: Classe, quantidade: number, custo4: number): void {
    const p = this.of(ticker, classe);
    p.quantidade += quantidade;
    if (p.compras4 + custo4 > Number.MAX_SAFE_INTEGER) fold(p);
    p.compras4 += custo4;
  }

  /** Shares sold leave at the average; all of them when the whole position goes, so no residue stays. */
  remove(ticker: string, classe: Classe, quantidade: number): Baixa {
    const p = this.of(ticker, classe);
    fold(p);
    const baixa = Math.min(quantidade, p.quantidade);
    const custo = baixa === p.quantidade ? p.custo : share(p.custo, baixa, p.quantidade);
    p.quantidade -= baixa;
    p.custo = p.quantidade === 0 ? 0n : p.custo - custo;
    return { quantidade: baixa, custo, excedente: quantidade - baixa };
  }

  /**
   * A share event on the position held at the start of data_ex. Splits and reverse splits multiply the shares and
   * keep the total cost; a bonus adds shares at the declared cost each (Lei 9.249/1995 art. 10 sole paragraph:
   * bonus shares cost the capitalised amount per share; zero when none is declared). A fraction of a
   * share is floored away — the company auctions it and pays the proceeds — and the total cost stays with the
   * whole shares; the aviso names it.
   */
  applyEvento(e: EventoIr, ticker: string): AvisoIr[] {
    const p = this.porTicker.get(ticker);
    if (!p || p.quantidade === 0) return [];
    fold(p);
    const avisos: AvisoIr[] = [];
    const exata = new Decimal(p.quantidade).times(e.fator);
    const inteira = exata.floor().toNumber();
    if (!exata.isInteger()) {
      avisos.push({
        codigo: 'fracao_em_evento',
        mensagem: `${nomeEvento[e.tipo]} de ${ticker} em ${br(e.data_ex)}: fração de ${exata.minus(inteira).toFixed()} ação descartada (o valor do leilão da fração não foi apurado; o custo ficou com as ações inteiras).`,
      });
    }
    if (e.tipo === 'bonificacao') {
      const novas = inteira - p.quantidade;
      const custo = e.custo_atribuido ?? null;
      if (custo === null) {
        avisos.push({
          codigo: 'bonificacao_sem_custo',
          mensagem: `Bonificação de ${ticker} em ${br(e.data_ex)} sem custo atribuído: as ${novas} novas ações entraram com custo zero.`,
        });
      }
      if (custo !== null) p.custo += dinheiro(custo) * BigInt(novas);
    }
    p.quantidade = inteira;
    if (p.quantidade === 0) p.custo = 0n;
    return avisos;
  }

  /**
   * Positions held, by ticker: quantity, average (6 places) and total cost (cents). Taken every month but read for
   * few (the month asked, a year's twelve): the state is copied now (numbers and BigInts) and written
   * as text on the first read only.
   */
  snapshot(): () => PosicaoIr[] {
    const estado: Array<[string, Posicao]> = [];
    for (const [ticker, p] of this.porTicker) {
      fold(p);
      if (p.quantidade !== 0) estado.push([ticker, { ...p }]);
    }
    let texto: PosicaoIr[] | null = null;
    return () => (texto ??= positionsText(estado));
  }
}

function positionsText(estado: ReadonlyArray<[string, Posicao]>): PosicaoIr[] {
  return estado
    .map(([ticker, p]) => ({
      ticker,
      classe: p.classe,
      quantidade: p.quantidade,
      custo_medio: averageText(p.custo, p.quantidade),
      custo_total: moneyText(p.custo),
    }))
    .sort((a, b) => (a.ticker < b.ticker ? -1 : a.ticker > b.ticker ? 1 : 0));
}

const nomeEvento = {
  desdobramento: 'Desdobramento',
  grupamento: 'Grupamento',
  bonificacao: 'Bonificação',
} as const;
