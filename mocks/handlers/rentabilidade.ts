import { CLIENTE_NAO_ENCONTRADO, rentabilidadeEndpoints as e } from '../../contract';
import { fail, handle, ok } from '../contract';
import { recorded } from '../recorded';
import { findMockCliente } from './clientes';

/**
 * The returns (issue 30): the real server's recorded answers replayed as they are (a demo client's last year, the
 * book's), whatever the period asked — the mock measures nothing. A client the mock does not know is the server's
 * 404.
 */
export const rentabilidadeHandlers = [
  handle(e.cliente, ({ input: { params } }) =>
    findMockCliente(params.id)
      ? ok(e.cliente, { ...recorded('rentabilidade').response.body, cliente: params.id })
      : fail(404, CLIENTE_NAO_ENCONTRADO),
  ),
  handle(e.livro, () => ok(e.livro, recorded('rentabilidade-livro').response.body)),
];
