import {
  indexFechamentos,
  prepareReferencias,
  rentabilidade,
  type Carteira,
  type Negocio,
  type Rentabilidade,
} from '../../../shared/rentabilidade';

/**
 * A small market for the hand-made cases: sessions on consecutive dates, closes given per ticker as
 * [close of `anterior`, close of session 1, …] (null: no close that day).
 */
export interface Mercado {
  anterior: string;
  sessoes: string[];
  fechamentos: Record<string, Array<number | string | null>>;
  cdi?: Array<number | string>;
  ibov?: number[];
}

/** Business days from 2024-01-02 (the anterior is 2024-01-01 … a fixed date before them). */
export function sessoesDesde(inicio: string, n: number): { anterior: string; sessoes: string[] } {
  const dia = new Date(`${inicio}T00:00:00Z`);
  const datas: string[] = [];
  while (datas.length < n + 1) {
    const semana = dia.getUTCDay();
    if (semana !== 0 && semana !== 6) datas.push(dia.toISOString().slice(0, 10));
    dia.setUTCDate(dia.getUTCDate() + 1);
  }
  return { anterior: datas[0]!, sessoes: datas.slice(1) };
}

export function compute(m: Mercado, carteira: Carteira): Rentabilidade {
  const periodo = { anterior: m.anterior, sessoes: m.sessoes };
  const datas = [m.anterior, ...m.sessoes];
  const linhas = Object.entries(m.fechamentos).flatMap(([ticker, closes]) =>
    closes.flatMap((c, i) => (c === null ? [] : [{ ticker, data: datas[i]!, fechamento: c }])),
  );
  const referencias = prepareReferencias(
    periodo,
    (m.cdi ?? []).map((taxa, i) => ({ data: m.sessoes[i]!, taxa })),
    (m.ibov ?? []).map((fechamento, i) => ({ data: datas[i]!, fechamento })),
  );
  return rentabilidade({ carteira, periodo, fechamentos: indexFechamentos(linhas), referencias });
}

export const compra = (
  ticker: string,
  data: string,
  quantidade: number,
  preco: number | string,
  custos?: string,
): Negocio => ({ ticker, data, lado: 'compra', quantidade, preco, ...(custos ? { custos } : {}) });

export const venda = (
  ticker: string,
  data: string,
  quantidade: number,
  preco: number | string,
  custos?: string,
): Negocio => ({ ticker, data, lado: 'venda', quantidade, preco, ...(custos ? { custos } : {}) });

/** Π(1 + r) − 1 of plain numbers (for expectations written as the daily returns by hand). */
export const chained = (...r: number[]) => r.reduce((w, x) => w * (1 + x), 1) - 1;
