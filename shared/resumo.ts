import type { ResumoCliente } from '../contract';
import { daysBetween } from './dates';
import { Decimal, money, toNumber } from './decimal';

/**
 * The portfolio summary's formulas (server-design §4) over one client's operations grouped per stock and state:
 * the server feeds them from SQL, the mocks from their in-memory operations. Exact decimals throughout; values
 * become JSON numbers only at the end.
 */

/** One client's operations summed per stock and state (open or realised): at most two rows per stock. */
export interface GrupoOperacoes {
  ticker: string;
  aberta: boolean;
  /** Σ valor_total_compra (each rounded to cents). */
  compra: string | null;
  /** Σ (valor_total_venda − valor_total_compra), realised only. */
  resultado: string | null;
  /** Σ quantidade and Σ preco_unitario × quantidade (exact) of the operations that have both. */
  quantidade: string | null;
  custo: string | null;
  primeira_compra: string | null;
}

export interface ResumoRaw {
  percentual_patrimonio: string;
  patrimonio: string | null;
  grupos: GrupoOperacoes[];
  /** Σ valor_liquido of the client's proventos (absent or null: none). */
  proventos?: string | null;
}

/** Tickers of the client's open operations: the quotes the summary needs. */
export const tickersAbertos = (raw: ResumoRaw) =>
  raw.grupos.filter((g) => g.aberta).map((g) => g.ticker);

/** server-design §4 from the grouped sums and today's quotes (base ticker → price). */
export function combineResumo(
  raw: ResumoRaw,
  quotes: ReadonlyMap<string, number>,
  hoje: string,
): ResumoCliente {
  let posicionadas = new Decimal(0);
  let realizadas = new Decimal(0);
  let posicionado = new Decimal(0);
  let primeira: string | null = null;
  for (const g of raw.grupos) {
    if (g.primeira_compra && (primeira === null || g.primeira_compra < primeira)) {
      primeira = g.primeira_compra;
    }
    if (!g.aberta) {
      if (g.resultado !== null) realizadas = realizadas.plus(g.resultado);
      continue;
    }
    if (g.compra !== null) posicionadas = posicionadas.plus(g.compra);
    const quote = quotes.get(g.ticker);
    if (quote !== undefined && g.quantidade !== null && g.custo !== null) {
      posicionado = posicionado.plus(new Decimal(quote).times(g.quantidade).minus(g.custo));
    }
  }
  const percentual = new Decimal(raw.percentual_patrimonio);
  const patrimonio = raw.patrimonio === null ? null : new Decimal(raw.patrimonio);
  const baseRv = patrimonio?.times(percentual).dividedBy(100) ?? null;
  const diasTotal = primeira === null ? 0 : Math.max(daysBetween(primeira, hoje), 0);
  const rentabilidade =
    baseRv === null || baseRv.isZero()
      ? null
      : realizadas
          .plus(posicionado)
          .dividedBy(baseRv)
          .times(100)
          // ÷ max(dias / 30, 1), kept exact: × 30 ÷ max(dias, 30).
          .times(30)
          .dividedBy(Math.max(diasTotal, 30));
  return {
    patrimonio: money(patrimonio?.toString()),
    percentual_patrimonio: toNumber(raw.percentual_patrimonio, 2),
    posicionadas: money(posicionadas.toString()),
    valor_disponivel: baseRv === null ? null : money(baseRv.minus(posicionadas).toString()),
    realizadas: money(realizadas.toString()),
    posicionado: money(posicionado.toString()),
    dias_total: diasTotal,
    rentabilidade_mensal: rentabilidade === null ? null : toNumber(rentabilidade.toString(), 2),
    proventos_recebidos: money(raw.proventos ?? '0')!,
  };
}
