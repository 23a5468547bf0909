import { alertasHandlers, resetAlertasMock } from './alertas';
import { authHandlers } from './auth';
import { carteiraHandlers, unseedCarteiraMock } from './carteira';
import { clientesHandlers, resetClientesMock } from './clientes';
import { conciliacaoHandlers, seedConciliacaoMock } from './conciliacao';
import { eventosHandlers, resetEventosMock } from './eventos';
import { importacaoHandlers, resetImportacaoMock } from './importacao';
import { irHandlers } from './ir';
import { lotesHandlers, resetLotesMock } from './lotes';
import { ordensHandlers, resetOrdensMock } from './ordens';
import { painelHandlers, resetPainelMock } from './painel';
import { precosHandlers } from './precos';
import { recomendacoesHandlers, resetRecomendacoesMock } from './recomendacoes';
import { rentabilidadeHandlers } from './rentabilidade';
import { sistemaHandlers } from './sistema';

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
  ...alertasHandlers,
];

/**
 * Every handler's state back to what it was when first loaded: the component tests share these modules across the
 * files a worker runs (tests/support/components-setup.ts), and each file expects the hand-picked scene.
 */
export function resetMockHandlers() {
  resetClientesMock();
  unseedCarteiraMock();
  resetEventosMock();
  resetImportacaoMock();
  resetLotesMock();
  resetOrdensMock();
  resetPainelMock();
  resetRecomendacoesMock();
  seedConciliacaoMock();
  resetAlertasMock();
}
