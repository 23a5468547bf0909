import { irEndpoints as e } from '../../contract';
import { handle, ok } from '../contract';

/** Minimal (issue 29): the income tax's data answered as sent, without state; no screen writes it yet. */
export const irHandlers = [
  handle(e.saldos, ({ input: { body } }) => ok(e.saldos, body)),
  handle(e.vendaExterna, ({ input: { params, body } }) =>
    ok(e.vendaExterna, { mes: params.mes, valor: body.valor }),
  ),
];
