/** The portfolio's tabs, as the address names them (`?aba=`). */
export const ABAS_CARTEIRA = [
  'resumo',
  'posicionadas',
  'realizadas',
  'proventos',
  'ordens',
  'ir',
  'rentabilidade',
] as const;
export type AbaCarteira = (typeof ABAS_CARTEIRA)[number];
