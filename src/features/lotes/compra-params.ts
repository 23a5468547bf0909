import type { LoteValidarRequest, RegraLote } from '../../../contract';

/** What the buy lote's composer asks, the clients aside: the stock, execução, target and sizing rule. */
export type Params = Omit<LoteValidarRequest, 'clientes' | 'ajustes'>;

export const REGRA_OPTIONS: ReadonlyArray<{ value: RegraLote; label: string }> = [
  { value: 'percentual_disponivel', label: '% do valor disponível' },
  { value: 'valor_fixo', label: 'Valor fixo' },
  { value: 'quantidade_fixa', label: 'Quantidade fixa' },
];
export const VALOR_LABEL: Record<RegraLote, string> = {
  percentual_disponivel: 'Percentual do valor disponível (%)',
  valor_fixo: 'Valor por cliente (R$)',
  quantidade_fixa: 'Ações por cliente',
};

/** B3's targets sit on the 0.01 tick. */
export const toTick = (value: number) => Math.round(value * 100) / 100;

export const paramsOf = (v: Partial<Params>): Params => ({
  ticker: (v.ticker ?? '').trim().toUpperCase(),
  execucao: v.execucao ?? 'mercado',
  ...(v.execucao === 'limite' ? { preco: v.preco } : {}),
  tp: v.tp as number,
  regra: v.regra ?? 'percentual_disponivel',
  valor: v.valor as number,
});
