import { authHandlers } from './auth';
import { carteiraHandlers } from './carteira';
import { ordensHandlers } from './ordens';
import { clientesHandlers } from './clientes';
import { eventosHandlers } from './eventos';
import { conciliacaoHandlers } from './conciliacao';
import { importacaoHandlers } from './importacao';
import { lotesHandlers } from './lotes';
import { painelHandlers } from './painel';
import { recomendacoesHandlers } from './recomendacoes';

/** Every call of the specification, one file per feature; the component tests and the browser mode share them. */
export const handlers = [
  ...authHandlers,
  ...ordensHandlers,
  ...lotesHandlers,
  ...clientesHandlers,
  ...importacaoHandlers,
  ...carteiraHandlers,
  ...painelHandlers,
  ...recomendacoesHandlers,
  ...eventosHandlers,
  ...conciliacaoHandlers,
];
