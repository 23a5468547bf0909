import { alertasHandlers, resetAlertasMock } from './alertas';
import { authHandlers } from './auth';
import { carteiraHandlers, resetCarteiraMock } from './carteira';
import { clientesHandlers, resetClientesMock } from './clientes';
import { conciliacaoHandlers } from './conciliacao';
import { eventosHandlers, resetEventosMock } from './eventos';
import { importacaoHandlers, resetImportacaoMock } from './importacao';
import { modelosHandlers } from './modelos';
import { irHandlers } from './ir';
import { lotesHandlers, resetLotesMock } from './lotes';
import { ordensHandlers, resetOrdensMock } from './ordens';
import { painelHandlers, resetPainelMock } from './painel';
import { precosHandlers } from './precos';
import { recomendacoesHandlers } from './recomendacoes';
import { relatorioHandlers } from './relatorio';
import { rentabilidadeHandlers } from './rentabilidade';
import { sistemaHandlers } from './sistema';
import { usuariosHandlers } from './usuarios';

/** Every endpoint of the table, one file per feature; the component tests and the browser mode share them. */
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
  ...precosHandlers,
  ...conciliacaoHandlers,
  ...sistemaHandlers,
  ...irHandlers,
  ...rentabilidadeHandlers,
  ...relatorioHandlers,
  ...alertasHandlers,
  ...usuariosHandlers,
  ...modelosHandlers,
];

/** Every handler's state back to its seed: the session's writes (orders, lotes, events, edits) forgotten. */
export function resetMockHandlers() {
  resetClientesMock();
  resetCarteiraMock();
  resetEventosMock();
  resetImportacaoMock();
  resetLotesMock();
  resetOrdensMock();
  resetPainelMock();
  resetAlertasMock();
}
