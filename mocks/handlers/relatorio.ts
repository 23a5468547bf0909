import { CLIENTE_NAO_ENCONTRADO, mesSemRelatorio, relatorioEndpoints as e } from '../../contract';
import { todayIso } from '../../shared/dates';
import { fail, handle, ok } from '../contract';
import { recorded } from '../recorded';
import { findMockCliente } from './clientes';

/**
 * The monthly report (issue 30): the mock makes no PDF, it answers the recorded one (a demo client's month) for any
 * client it knows and any month that has begun.
 */
export const relatorioHandlers = [
  handle(e.mensal, ({ input: { params } }) => {
    if (!findMockCliente(params.id)) return fail(404, CLIENTE_NAO_ENCONTRADO);
    if (params.mes > todayIso().slice(0, 7)) return fail(404, mesSemRelatorio(params.mes));
    return ok(e.mensal, recorded('relatorio').response.body);
  }),
];
