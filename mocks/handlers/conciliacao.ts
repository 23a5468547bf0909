import {
  CLIENTE_NAO_ENCONTRADO,
  conciliacaoEndpoints as e,
  type ConciliacaoCliente,
} from '../../contract';
import { fail, handle, ok } from '../contract';

/**
 * The reconciliation as the server answered it (the recorded one in the QA replay, a test's scene), not recomputed:
 * no screen changes the book and reconciles again.
 */
let clientes: ConciliacaoCliente[] = [];
export const seedConciliacaoMock = (data: ConciliacaoCliente[]) => (clientes = data);

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
