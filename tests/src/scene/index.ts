import {
  clientesEndpoints,
  importacaoEndpoints,
  type Acao,
  type Cliente,
  type ClienteStatus,
  type ConciliacaoCliente,
  type PatrimonioDisponivel,
  type PosicaoPainel,
  type Recomendacao,
  type RecomendacoesRecalculo,
} from '../../../contract';
import { fail, handle, ok } from '../../../mocks/contract';
import { resetMockHandlers } from '../../../mocks/handlers';
import { seedCarteiraMock, type StoredOperacao } from '../../../mocks/handlers/carteira';
import { seedClientesMock } from '../../../mocks/handlers/clientes';
import { seedConciliacaoMock } from '../../../mocks/handlers/conciliacao';
import { seedImportacaoMock } from '../../../mocks/handlers/importacao';
import { seedPainelMock } from '../../../mocks/handlers/painel';
import { seedRecomendacoesMock } from '../../../mocks/handlers/recomendacoes';
import { recorded } from '../../../mocks/recorded';
import carteira from './carteira.json';
import clientes from './clientes.json';
import conciliacao from './conciliacao.json';
import painel from './painel.json';
import recomendacoes from './recomendacoes.json';

/**
 * The component tests' hand-picked scene: the data every file starts from (tests/support/components-setup.ts), in
 * place of the recorded fixtures the QA replay seeds (mocks/replay.ts). Clients: Ana (online), Bruno (AutoTrading
 * off), Nascimento (offline) and Diego (no VM IP); Ana's portfolio; the control panel; the recommendations; the
 * reconciliation (Ana's terminal holds 100 PETR4 fewer than her book, her custody 300 ITSA4 besides).
 */

export const MOCK_ACOES: Acao[] = carteira.acoes;
/** Today's quotes ('PETR4.SA' → price); WEGE3 has none. */
export const MOCK_COTACOES: Record<string, number> = carteira.cotacoes;
/** When the quotes were made: the close of 29/10/2025 (17:00 in São Paulo). */
export const MOCK_COTADO_EM = '2025-10-29T20:00:00.000Z';
/** Open positions of the mock clients, deliberately not in cliente order (the grid sorts them). */
export const MOCK_POSICIONADAS: PosicaoPainel[] = painel.posicionadas;
export const MOCK_PATRIMONIO: PatrimonioDisponivel[] = painel.patrimonio;
/** The latest set, in the server's order (probabilidade, then percentual_estimado, descending). */
export const MOCK_RECOMENDACOES: Recomendacao[] = recomendacoes.recomendacoes;
export const MOCK_RECALCULO: RecomendacoesRecalculo = recomendacoes.recalculo;
/** A date "already imported": the upload answers 409 unless forced. */
export const MOCK_CONFLICT_DATE = '2025-01-31';
export const MOCK_ROWS = { patrimonio: 3, custodia: 4 };

export const CLIENTES = clientes.clientes as Cliente[];
export const STATUS = clientes.status as Record<number, Omit<ClienteStatus, 'id'>>;

/** Every handler seeded with the scene, the session's writes (orders, lotes, events, edits) forgotten. */
export function seedScene() {
  seedClientesMock(CLIENTES, STATUS);
  seedCarteiraMock({
    acoes: MOCK_ACOES,
    cotacoes: MOCK_COTACOES,
    cotado_em: MOCK_COTADO_EM,
    operacoes: carteira.operacoes as StoredOperacao[],
    patrimonio: carteira.patrimonio,
  });
  seedPainelMock({ posicionadas: MOCK_POSICIONADAS, patrimonio: MOCK_PATRIMONIO });
  seedRecomendacoesMock({ recomendacoes: MOCK_RECOMENDACOES, recalculo: MOCK_RECALCULO });
  seedConciliacaoMock(conciliacao as ConciliacaoCliente[]);
  seedImportacaoMock({ linhas: MOCK_ROWS, importadas: [MOCK_CONFLICT_DATE], lembrar: false });
  resetMockHandlers();
}

/** A client the server refuses to delete (as it does while a position is open), and its recorded words. */
export const CLIENTE_COM_POSICAO = 3;
export const RECUSA_DELETAR = recorded('clientes-delete-409').response.body.detail;
/** The server refusing to delete a client, in its recorded words (server.use). */
export const recusaDeletar = () =>
  handle(clientesEndpoints.delete, () => fail(409, RECUSA_DELETAR));

/** A date whose sheet the server refuses, as it refused one without its columns (recorded). */
export const MOCK_INVALID_DATE = '2025-03-31';
export const MOCK_INVALID_DETAIL = recorded('importacao-upload-400').response.body.detail;
/** The server refusing the sheet of MOCK_INVALID_DATE in its recorded words, importing the others (server.use). */
export const planilhaRecusada = () =>
  handle(importacaoEndpoints.upload, ({ input: { body } }) =>
    body.data_referencia === MOCK_INVALID_DATE
      ? fail(400, MOCK_INVALID_DETAIL)
      : ok(importacaoEndpoints.upload, { linhas: MOCK_ROWS.patrimonio, status: 'importado' }),
  );
