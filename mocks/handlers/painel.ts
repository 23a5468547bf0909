import {
  painelEndpoints as e,
  type PatrimonioDisponivel,
  type PosicaoPainel,
} from '../../contract';
import { handle, ok } from '../contract';
import { gravado } from '../recorded';
import { mockCotadoEm } from './carteira';

/** The control panel's rows (recorded, or a test's scene); a sale lote closes positions. */
interface PainelSeed {
  posicionadas: PosicaoPainel[];
  patrimonio: PatrimonioDisponivel[];
}
let seed: PainelSeed = { posicionadas: [], patrimonio: [] };
let rows = seed;

export const resetPainelMock = () => (rows = { ...seed });
export function seedPainelMock(data: PainelSeed) {
  seed = data;
  resetPainelMock();
}

/** An open position of the panel, and its end once sold (a sale lote). */
export const mockPosicao = (id: number) => rows.posicionadas.find((p) => p.id === id);
export const closeMockPosicao = (id: number) =>
  (rows.posicionadas = rows.posicionadas.filter((p) => p.id !== id));

export const painelHandlers = [
  handle(e.posicionadas, () => {
    const cotado = rows.posicionadas.some((p) => p.preco_atual !== null);
    const { posicionadas } = rows;
    return ok(e.posicionadas, { posicionadas, cotacoes_em: cotado ? mockCotadoEm() : null });
  }),
  handle(e.patrimonioDisponivel, () => ok(e.patrimonioDisponivel, rows.patrimonio)),
  // The demo's book as the server summed it (a test's scene answers its own).
  gravado('exposicao'),
];
