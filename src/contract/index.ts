import { z } from 'zod';

// Validation messages in Portuguese on both sides (the server's `campos`, the SPA's forms).
z.config(z.locales.pt());
z.config({
  customError: (issue) => (issue.input === undefined ? 'Campo obrigatório.' : undefined),
});

export * from './common';
export * from './auth';
export * from './entities';
export * from './painel';
export * from './recomendacoes';
export * from './operacoes';
export * from './acoes';
export * from './cotacoes';
export * from './clientes';
export * from './importacao';
export * from './mt5';
