import {
  painelEndpoints as e,
  type PatrimonioDisponivel,
  type PosicaoPainel,
} from '../../contract';
import { MOCK_COTADO_EM } from './carteira';
import { handle, ok } from '../contract';

/** Open positions of the mock clients, deliberately not in cliente order (the grid sorts them). */
export const MOCK_POSICIONADAS: PosicaoPainel[] = [
  {
    id: 11,
    cliente: 'Bruno Henrique Almeida',
    acao: 'WEGE3',
    data_compra: '2025-09-15',
    preco_compra: 40.1,
    quantidade: 300,
    valor_total_compra: 12030,
    preco_atual: 44.12,
    lucro_percentual: 10.02,
    valor_alvo: 46,
    dias_posicionado: 44,
  },
  {
    id: 12,
    cliente: 'Ana Beatriz Carvalho',
    acao: 'PETR4',
    data_compra: '2025-10-01',
    preco_compra: 33.5,
    quantidade: 1000,
    valor_total_compra: 33500,
    preco_atual: 31.85,
    lucro_percentual: -4.93,
    valor_alvo: 36.2,
    dias_posicionado: 28,
  },
  {
    id: 13,
    cliente: 'Nascimento Participações Ltda',
    acao: 'ITUB4',
    data_compra: '2025-08-20',
    preco_compra: 36,
    quantidade: 150,
    valor_total_compra: 5400,
    preco_atual: 38.5,
    lucro_percentual: 6.94,
    valor_alvo: null,
    dias_posicionado: 70,
  },
  {
    id: 14,
    cliente: 'Ana Beatriz Carvalho',
    acao: 'VALE3',
    data_compra: '2025-10-20',
    preco_compra: 60.25,
    quantidade: 50,
    valor_total_compra: 3012.5,
    preco_atual: null,
    lucro_percentual: null,
    valor_alvo: 63,
    dias_posicionado: 9,
  },
];

export const MOCK_PATRIMONIO: PatrimonioDisponivel[] = [
  {
    codigo: '2847163',
    nome: 'Ana Beatriz Carvalho',
    patrimonio: 250000,
    total_consolidado: 36512.5,
    valor_disponivel: 13487.5,
  },
  {
    codigo: '3159024',
    nome: 'Bruno Henrique Almeida',
    patrimonio: 120000,
    total_consolidado: 12030,
    valor_disponivel: 2970,
  },
  {
    codigo: null,
    nome: 'Nascimento Participações Ltda',
    patrimonio: null,
    total_consolidado: 5400,
    valor_disponivel: null,
  },
];

let posicionadas = MOCK_POSICIONADAS;
let patrimonio = MOCK_PATRIMONIO;

/** Replaces the rows (recorded fixtures for QA). */
export function seedPainelMock(data: {
  posicionadas: PosicaoPainel[];
  patrimonio: PatrimonioDisponivel[];
}) {
  posicionadas = data.posicionadas;
  patrimonio = data.patrimonio;
}

/** Back to the hand-picked rows (mocks/handlers/index.ts): a sale lote closes positions. */
export function resetPainelMock() {
  posicionadas = MOCK_POSICIONADAS;
  patrimonio = MOCK_PATRIMONIO;
}

/** An open position of the panel, and its end once sold (a sale lote). */
export const mockPosicao = (id: number) => posicionadas.find((p) => p.id === id);
export function closeMockPosicao(id: number) {
  posicionadas = posicionadas.filter((p) => p.id !== id);
}

export const painelHandlers = [
  handle(e.posicionadas, () =>
    ok(e.posicionadas, {
      posicionadas,
      cotacoes_em: posicionadas.some((p) => p.preco_atual !== null) ? MOCK_COTADO_EM : null,
    }),
  ),
  handle(e.patrimonioDisponivel, () => ok(e.patrimonioDisponivel, patrimonio)),
];
