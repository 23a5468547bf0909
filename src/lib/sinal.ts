/** How a figure is coloured on screen: by its sign, or by a rule of its own (To Gain). */
export type Cor = 'verde' | 'vermelho' | 'laranja';

/** Text colours on white, each at least 4.5:1 (WCAG AA; the theme's green.600 is darkened for it). */
export const COR_TOKEN: Record<Cor, string> = {
  verde: 'green.600',
  vermelho: 'red.600',
  laranja: 'orange.700',
};

/** Variação and result values: green when ≥ 0, else red; no colour without a value. */
export const corPorSinal = (value: number | null | undefined): Cor | null =>
  value === null || value === undefined ? null : value >= 0 ? 'verde' : 'vermelho';

/** Only a value below zero is coloured (red): what is short, not what is fine. */
export const vermelhoSeNegativo = (value: number | null | undefined): Cor | null =>
  value !== null && value !== undefined && value < 0 ? 'vermelho' : null;
