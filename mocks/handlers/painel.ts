import {
  painelEndpoints as e,
  type PatrimonioDisponivel,
  type PosicaoPainel,
} from '../../contract';
import { handle, ok } from '../contract';
import scene from '../scene/painel.json';
import { MOCK_COTADO_EM } from './carteira';

/** Open positions of the mock clients, deliberately not in cliente order (the grid sorts them). */
export const MOCK_POSICIONADAS: PosicaoPainel[] = scene.posicionadas;
export const MOCK_PATRIMONIO: PatrimonioDisponivel[] = scene.patrimonio;

let rows = { posicionadas: MOCK_POSICIONADAS, patrimonio: MOCK_PATRIMONIO };

/** Replaces the rows (recorded fixtures for QA, or a test's own). */
export const seedPainelMock = (data: typeof rows) => (rows = { ...data });
/** Back to the hand-picked rows (mocks/handlers/index.ts): a sale lote closes positions. */
export const resetPainelMock = () =>
  seedPainelMock({ posicionadas: MOCK_POSICIONADAS, patrimonio: MOCK_PATRIMONIO });

/** An open position of the panel, and its end once sold (a sale lote). */
export const mockPosicao = (id: number) => rows.posicionadas.find((p) => p.id === id);
export const closeMockPosicao = (id: number) =>
  (rows.posicionadas = rows.posicionadas.filter((p) => p.id !== id));

export const painelHandlers = [
  handle(e.posicionadas, () => {
    const cotado = rows.posicionadas.some((p) => p.preco_atual !== null);
    return ok(e.posicionadas, {
      posicionadas: rows.posicionadas,
      cotacoes_em: cotado ? MOCK_COTADO_EM : null,
    });
  }),
  handle(e.patrimonioDisponivel, () => ok(e.patrimonioDisponivel, rows.patrimonio)),
];
