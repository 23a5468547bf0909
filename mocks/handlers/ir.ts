import { CLIENTE_NAO_ENCONTRADO, irEndpoints as e, semDarf, type MesIr } from '../../contract';
import { ultimoDiaDoMes, vencimentoDarf } from '../../shared/ir';
import { fail, handle, ok } from '../contract';
import { recorded } from '../recorded';
import { findMockCliente } from './clientes';

/**
 * Minimal (issue 29). The data is answered as sent; the reports replay the recorded client's answers
 * (mocks/record/cenas-ir.ts) for any client of the mock, moved to the year or month asked (renamed, the due dates
 * with them), and a month's DARF follows the situation its year shows. Not recomputed from the mock's operations.
 */
const moved = <M extends Pick<MesIr, 'mes' | 'darf_vencimento'>>(m: M, mes: string): M => ({
  ...m,
  mes,
  darf_vencimento: vencimentoDarf(mes),
});
const anoIr = (ano: number) => {
  const gravado = recorded('ir-ano').response.body;
  return { ...gravado, ano, meses: gravado.meses.map((m) => moved(m, `${ano}${m.mes.slice(4)}`)) };
};
const semCliente = () => fail(404, CLIENTE_NAO_ENCONTRADO);

export const irHandlers = [
  handle(e.saldos, ({ input: { body } }) => ok(e.saldos, body)),
  handle(e.vendaExterna, ({ input: { params, body } }) =>
    ok(e.vendaExterna, { mes: params.mes, valor: body.valor }),
  ),
  handle(e.ano, ({ input: { params, query } }) =>
    findMockCliente(params.id) ? ok(e.ano, anoIr(query.ano)) : semCliente(),
  ),
  handle(e.mes, ({ input: { params } }) =>
    findMockCliente(params.id)
      ? ok(e.mes, moved(recorded('ir-mes').response.body, params.mes))
      : semCliente(),
  ),
  handle(e.darf, ({ input: { params } }) => {
    const { id, mes } = params;
    const c = findMockCliente(id);
    if (!c) return semCliente();
    const m = anoIr(Number(mes.slice(0, 4))).meses.find((x) => x.mes === mes)!;
    if (m.situacao !== 'a_pagar') {
      return {
        status: 404,
        body: { detail: semDarf(m.situacao, mes), motivo: m.situacao },
      } as never;
    }
    const gravado = recorded('ir-darf').response.body;
    return ok(e.darf, {
      ...gravado,
      cliente: { id, nome: c.nome, documento: c.documento ?? null },
      periodo_apuracao: ultimoDiaDoMes(mes),
      vencimento: m.darf_vencimento,
      valor_principal: m.darf_valor,
      meses: gravado.meses.at(-1) === mes ? gravado.meses : [mes],
    });
  }),
  handle(e.livro, ({ input: { query } }) => {
    const { clientes } = recorded('ir-livro').response.body;
    return ok(e.livro, { mes: query.mes, clientes: clientes.map((c) => moved(c, query.mes)) });
  }),
];
