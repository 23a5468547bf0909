/**
 * The database's tables, one file per feature in tables/: the application (`drizzle({ schema })`) and drizzle-kit
 * (server/db/drizzle.config.ts) read them all from here.
 */
export * from './tables/auth';
export * from './tables/carteira';
export * from './tables/eventos';
export * from './tables/recomendacoes';
export * from './tables/ordens';
export * from './tables/importacao';
export * from './tables/sistema';
export * from './tables/mt5';
export * from './tables/ir';
export * from './tables/rentabilidade';
export * from './tables/alertas';
export * from './tables/modelos';
export * from './tables/rebalanceamentos';
