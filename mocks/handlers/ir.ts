import {
  CLIENTE_NAO_ENCONTRADO,
  irEndpoints as e,
  semDarf,
  type AnoIr,
  type MesIr,
} from '../../contract';
import { ultimoDiaDoMes, vencimentoDarf } from '../../shared/ir';
import { fail, handle, ok } from '../contract';
import { recorded } from '../recorded';
import { findMockCliente } from './clientes';

/**
 * Minimal (issue 29). The income tax's data is answered as sent, without state. The reports replay what the
 * server answered for the recorded client (mocks/record/cenas-ir.ts), for any client of the mock: another year or
 * month gets the recorded one moved to it (its months and due dates renamed, the figures as recorded), and a
 * month's DARF follows the situation the year shows for it. Not recomputed from the mock's operations.
 */

/** A recorded month moved to `mes`, its DARF's due date with it. */
const moved = <M extends Pick<MesIr, 'mes' | 'darf_vencimento'>>(m: M, mes: string): M => ({
  ...m,
  mes,
  darf_vencimento: vencimentoDarf(mes),
});

function anoIr(ano: number): AnoIr {
  const gravado = recorded('ir-ano').response.body;
  if (gravado.ano === ano) return gravado;
  return { ...gravado, ano, meses: gravado.meses.map((m) => moved(m, `${ano}${m.mes.slice(4)}`)) };
}

const naoEncontrado = () => fail(404, CLIENTE_NAO_ENCONTRADO);

export const irHandlers = [
  handle(e.saldos, ({ input: { body } }) => ok(e.saldos, body)),
  handle(e.vendaExterna, ({ input: { params, body } }) =>
    ok(e.vendaExterna, { mes: params.mes, valor: body.valor }),
  ),
  handle(e.ano, ({ input: { params, query } }) =>
    findMockCliente(params.id) ? ok(e.ano, anoIr(query.ano)) : naoEncontrado(),
  ),
  handle(e.mes, ({ input: { params } }) => {
    if (!findMockCliente(params.id)) return naoEncontrado();
    const gravado = recorded('ir-mes').response.body;
    if (gravado.mes === params.mes) return ok(e.mes, gravado);
    return ok(e.mes, moved(gravado, params.mes));
  }),
  handle(e.darf, ({ input: { params } }) => {
    const cliente = findMockCliente(params.id);
    if (!cliente) return naoEncontrado();
    const { mes } = params;
    const linha = anoIr(Number(mes.slice(0, 4))).meses.find((m) => m.mes === mes);
    const situacao = linha?.situacao ?? 'sem_imposto';
    if (situacao !== 'a_pagar') {
      return { status: 404, body: { detail: semDarf(situacao, mes), motivo: situacao } } as never;
    }
    const gravado = recorded('ir-darf').response.body;
    const doCliente = { id: cliente.id, nome: cliente.nome, documento: cliente.documento ?? null };
    if (gravado.meses.at(-1) === mes) return ok(e.darf, { ...gravado, cliente: doCliente });
    return ok(e.darf, {
      cliente: doCliente,
      codigo_receita: '6015',
      periodo_apuracao: ultimoDiaDoMes(mes),
      vencimento: linha!.darf_vencimento,
      valor_principal: linha!.darf_valor,
      meses: [mes],
    });
  }),
  handle(e.livro, ({ input: { query } }) => {
    const gravado = recorded('ir-livro').response.body;
    const clientes = gravado.clientes.map((c) => moved(c, query.mes));
    return ok(e.livro, { mes: query.mes, clientes });
  }),
];
