import { authHandlers } from './auth';
import { carteiraHandlers } from './carteira';
import { mt5Handlers } from './mt5';
import { clientesHandlers } from './clientes';
import { importacaoHandlers } from './importacao';
import { painelHandlers } from './painel';
import { recomendacoesHandlers } from './recomendacoes';

/** Every call of the specification, one file per feature; the component tests and the browser mode share them. */
export const handlers = [
  ...authHandlers,
  ...mt5Handlers,
  ...clientesHandlers,
  ...importacaoHandlers,
  ...carteiraHandlers,
  ...painelHandlers,
  ...recomendacoesHandlers,
];
