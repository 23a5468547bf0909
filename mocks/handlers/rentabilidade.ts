import {
  CLIENTE_NAO_ENCONTRADO,
  rentabilidadeEndpoints as e,
  type MedidasRentabilidade,
} from '../../contract';
import { todayIso } from '../../shared/dates';
import { fail, handle, ok } from '../contract';
import { findMockCliente, listMockClientes } from './clientes';

/**
 * Minimal (issue 30): the period asked for, measured over no session; the screens' work replaces this with the
 * recorded answers (mocks/fixtures/rentabilidade*.json) and the engine of shared/rentabilidade.
 */
const SEM_SESSOES: MedidasRentabilidade = {
  serie: [],
  meses: [],
  periodo: {
    retorno: 0,
    retorno_mwr: null,
    cdi: null,
    ibov: null,
    percentual_cdi: null,
    volatilidade: null,
    max_drawdown: 0,
  },
  contribuicao: [],
  alocacao: { setores: [], classes: [] },
};

function periodo(query: { de?: string | undefined; ate?: string | undefined }) {
  const ate = query.ate ?? todayIso();
  const de = query.de ?? ate;
  const anterior = new Date(Date.parse(`${de}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  return { de, ate, anterior, fontes: { cdi: null, ibov: null }, avisos: [] };
}

export const rentabilidadeHandlers = [
  handle(e.cliente, ({ input: { params, query } }) =>
    findMockCliente(params.id)
      ? ok(e.cliente, { cliente: params.id, ...periodo(query), ...SEM_SESSOES })
      : fail(404, CLIENTE_NAO_ENCONTRADO),
  ),
  handle(e.livro, ({ input: { query } }) =>
    ok(e.livro, {
      ...periodo(query),
      clientes: listMockClientes().map((c) => ({
        cliente: c.id,
        nome: c.nome,
        patrimonio_inicial: 0,
        patrimonio_final: 0,
        periodo: SEM_SESSOES.periodo,
      })),
      livro: SEM_SESSOES,
    }),
  ),
];
