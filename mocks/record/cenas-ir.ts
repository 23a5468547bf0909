import { endpoints } from '../../contract';
import { NENHUM } from './cenas-cadastro';
import type { Recorder } from './recorder';

const { clientes, operacoes, acoes, ir } = endpoints;

/**
 * The income-tax reports (issue 29) of a client of their own, at fixed dates of 2026 (the tax is about past months,
 * not the demo's weeks): a unit sold in January (R$ 6.00 of tax, under the DARF's minimum) and February (R$ 7.00:
 * one DARF pays both), a stock's day trade over an opening day-trade loss and a stock sold with its costs in March, a
 * position held; April without trades. Recorded last, so that no other fixture lists this client.
 */
export async function gravarIr(r: Recorder) {
  const cliente = await r.send(clientes.create, {
    body: { nome: 'Cliente QA IR', documento: '39053344705', vm: 'VM-QA-IR' },
  });
  const todas = await r.send(acoes.list, {});
  const acao = (ticker: string) => {
    const found = todas.find((a) => a.ticker === ticker);
    if (!found) throw new Error(`the universe has no ${ticker}`);
    return found.id;
  };
  const operacao = (
    ticker: string,
    compra: [data: string, preco: number, quantidade: number, custos: number],
    venda: [data: string, preco: number, custos: number] | null,
  ) =>
    r.send(operacoes.create, {
      body: {
        cliente: cliente.id,
        acao: acao(ticker),
        data_compra: compra[0],
        preco_unitario: compra[1],
        quantidade: compra[2],
        custos_compra: compra[3],
        data_venda: venda?.[0] ?? null,
        preco_venda_unitario: venda?.[1] ?? null,
        custos_venda: venda?.[2] ?? 0,
        valor_alvo: null,
      },
    });
  await operacao('TAEE11', ['2026-01-12', 36, 10, 0], ['2026-01-20', 40, 0]);
  await operacao('TAEE11', ['2026-02-10', 35.3333, 10, 0], ['2026-02-20', 40, 0]);
  await operacao('VALE3', ['2026-03-02', 60, 300, 5.4], ['2026-03-16', 75, 6.75]);
  await operacao('PETR4', ['2026-03-05', 30, 100, 0], ['2026-03-05', 31, 0]);
  await operacao('BBAS3', ['2026-03-09', 25, 200, 2], null);
  await r.send(ir.saldos, {
    params: { id: cliente.id },
    body: {
      ano: 2026,
      prejuizo_comum: 0,
      prejuizo_day_trade: 50,
      prejuizo_fii: 0,
      irrf_a_compensar: 0,
    },
  });
  const id = cliente.id;
  await r.record('ir-ano', { params: { id }, query: { ano: 2026 } });
  await r.record('ir-ano-400', { params: { id }, query: { ano: 1999 } });
  await r.record('ir-ano-404', { params: { id: NENHUM }, query: { ano: 2026 } });
  await r.record('ir-mes', { params: { id, mes: '2026-03' } });
  await r.record('ir-mes-404', { params: { id: NENHUM, mes: '2026-03' } });
  await r.record('ir-darf', { params: { id, mes: '2026-02' } });
  await r.record('ir-darf-404', { params: { id, mes: '2026-01' } });
  await r.record('ir-darf-404-sem-imposto', { params: { id, mes: '2026-04' } });
  await r.record('ir-livro', { query: { mes: '2026-03' } });
  await r.record('ir-livro-400', { query: { mes: '2026-13' } });
}
