import {
  CLIENTE_NAO_ENCONTRADO,
  conciliacaoEndpoints as e,
  type ConciliacaoCliente,
} from '../../contract';
import { fail, handle, ok } from '../contract';
import scene from '../scene/conciliacao.json';

/**
 * The reconciliation as the server answered it, for the scene's clients (Ana's terminal holds 100 PETR4 fewer than
 * her book, her custody 300 ITSA4 besides; Bruno's terminal answers; Nascimento's is offline; Diego has no VM IP),
 * or the recorded one in the QA replay. Not recomputed: no component test changes the book and reconciles again.
 */
let clientes = scene as ConciliacaoCliente[];
export const seedConciliacaoMock = (data = scene as ConciliacaoCliente[]) => (clientes = data);

export const conciliacaoHandlers = [
  handle(e.list, () =>
    ok(
      e.list,
      clientes.map(({ linhas: _, ...resumo }) => resumo),
    ),
  ),
  handle(e.cliente, ({ input: { params } }) => {
    const found = clientes.find((c) => c.cliente === params.id);
    return found ? ok(e.cliente, found) : fail(404, CLIENTE_NAO_ENCONTRADO);
  }),
];
