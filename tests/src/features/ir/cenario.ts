import { http, HttpResponse } from 'msw';
import type { AvisoIr, SaldosIrInput } from '../../../../contract';
import { money } from '../../../../shared/decimal';
import {
  apurarIr,
  darfIr,
  mesIr,
  type EntradaIr,
  type OperacaoIr,
  type SaldoInicialIr,
} from '../../../../shared/ir';
import { darf, detalhe, figuras } from '../../../../server/modules/ir/wire';

/**
 * The income-tax screens' scene (issue 29's worked examples, in 2026), answered as the server answers: the
 * engine (shared/ir) over each client's trades, turned into the contract's JSON by the server's own wire
 * (server/modules/ir/wire.ts). The PUTs are kept, so a saved opening balance or external sale changes what the
 * next GET answers, as on the server.
 *
 * Client 1 (the portfolio the component tests open):
 * - January: an FII sold with a gain of R$ 30,00 → tax 6,00, under R$ 10,00 (example e).
 * - February: an FII gain of R$ 35,00 → tax 7,00: DARF 13,00 paying January too, due 31/03/2026.
 * - March: example a (PETR4: average 32,021667, gain 443,75, exempt) and example d (VALE3 and VALE3F bought and
 *   sold the same day: day-trade gain 200,00, tax 40,00, withholding 2,00, DARF 38,00 due 30/04/2026).
 */

let id = 0;
const op = (
  data: string,
  ticker: string,
  lado: 'compra' | 'venda',
  quantidade: number,
  preco: string,
  custos = '0',
  classe: OperacaoIr['classe'] = 'acao',
): OperacaoIr => ({ id: ++id, data, ticker, classe, lado, quantidade, preco, custos });

export const OPERACOES_CLIENTE_1: OperacaoIr[] = [
  op('2026-01-05', 'HGLG11', 'compra', 100, '100.00', '0', 'fii'),
  op('2026-01-20', 'HGLG11', 'venda', 100, '100.30', '0', 'fii'),
  op('2026-02-02', 'HGLG11', 'compra', 100, '100.00', '0', 'fii'),
  op('2026-02-10', 'HGLG11', 'venda', 100, '100.35', '0', 'fii'),
  op('2026-03-02', 'PETR4', 'compra', 100, '30.00', '2.50'),
  op('2026-03-03', 'PETR4', 'compra', 200, '33.00', '4.00'),
  op('2026-03-16', 'PETR4', 'venda', 150, '35.00', '3.00'),
  op('2026-03-18', 'VALE3', 'compra', 100, '20.00'),
  op('2026-03-18', 'VALE3F', 'compra', 100, '20.00'),
  op('2026-03-18', 'VALE3', 'venda', 200, '21.00'),
];

interface ClienteIr {
  nome: string;
  documento: string | null;
  entrada: EntradaIr;
  /** The year's report's own avisos (the server's: operations it could not place). */
  avisos: AvisoIr[];
}

/** What the screens sent, in order. */
export const enviados: {
  saldos: unknown[];
  vendasExternas: Array<{ mes: string; body: unknown }>;
} = { saldos: [], vendasExternas: [] };

let clientes = new Map<number, ClienteIr>();

/** The year report's own avisos of a client (as the server says of operations it could not place). */
export function setAvisosDoAno(cliente: number, avisos: AvisoIr[]) {
  clientes.get(cliente)!.avisos = avisos;
}

/** Client 1 as above; client 2 owes nothing in March; client 3 only January's and February's FII. */
export function resetCenarioIr() {
  enviados.saldos.length = 0;
  enviados.vendasExternas.length = 0;
  const cliente = (nome: string, documento: string | null, operacoes: OperacaoIr[]) => ({
    nome,
    documento,
    entrada: { operacoes },
    avisos: [],
  });
  clientes = new Map<number, ClienteIr>([
    [1, cliente('Ana Souza', '12345678909', OPERACOES_CLIENTE_1)],
    [2, cliente('Bruno Lima', null, [])],
    [
      3,
      cliente(
        'Carla Dias',
        '98765432100',
        OPERACOES_CLIENTE_1.filter((o) => o.data < '2026-03-01'),
      ),
    ],
  ]);
}
resetCenarioIr();

const semCliente = () => HttpResponse.json({ detail: 'Cliente não encontrado.' }, { status: 404 });

const texto = (n: number) => n.toFixed(2);

/** The GETs and PUTs of contract/ir.ts over the scene; `server.use(...irCenarioHandlers())`. */
export function irCenarioHandlers() {
  return [
    http.get('/api/clientes/:id/ir/', ({ params, request }) => {
      const c = clientes.get(Number(params.id));
      if (!c) return semCliente();
      const ano = Number(new URL(request.url).searchParams.get('ano'));
      const a = apurarIr(c.entrada, `${ano}-12`);
      const saldo = c.entrada.saldosIniciais?.[ano];
      return HttpResponse.json({
        ano,
        saldos_iniciais: saldo
          ? {
              prejuizo_comum: money(saldo.prejuizo_comum),
              prejuizo_day_trade: money(saldo.prejuizo_day_trade),
              prejuizo_fii: money(saldo.prejuizo_fii),
              irrf_a_compensar: money(saldo.irrf_a_compensar),
            }
          : null,
        meses: Array.from({ length: 12 }, (_, i) => {
          const m = a.meses.get(`${ano}-${String(i + 1).padStart(2, '0')}`)!;
          return figuras(m, m.avisos);
        }),
        avisos: c.avisos,
      });
    }),
    http.get('/api/clientes/:id/ir/:mes/darf/', ({ params }) => {
      const c = clientes.get(Number(params.id));
      if (!c) return semCliente();
      const mes = String(params.mes);
      const d = darfIr(apurarIr(c.entrada, mes), mes);
      if ('motivo' in d)
        return HttpResponse.json({ detail: 'Sem DARF.', motivo: d.motivo }, { status: 404 });
      return HttpResponse.json(
        darf(d.darf, { id: Number(params.id), nome: c.nome, documento: c.documento }),
      );
    }),
    http.get('/api/clientes/:id/ir/:mes/', ({ params }) => {
      const c = clientes.get(Number(params.id));
      if (!c) return semCliente();
      const mes = String(params.mes);
      return HttpResponse.json(detalhe(mesIr(apurarIr(c.entrada, mes), mes), []));
    }),
    http.get('/api/ir/', ({ request }) => {
      const mes = new URL(request.url).searchParams.get('mes')!;
      return HttpResponse.json({
        mes,
        clientes: [...clientes].map(([cliente, c]) => {
          const m = apurarIr(c.entrada, mes).meses.get(mes)!;
          return { cliente, nome: c.nome, ...figuras(m, m.avisos) };
        }),
      });
    }),
    http.put('/api/clientes/:id/ir/saldos/', async ({ params, request }) => {
      const body = (await request.json()) as SaldosIrInput;
      enviados.saldos.push(body);
      const c = clientes.get(Number(params.id))!;
      const saldo: SaldoInicialIr = {
        prejuizo_comum: texto(body.prejuizo_comum),
        prejuizo_day_trade: texto(body.prejuizo_day_trade),
        prejuizo_fii: texto(body.prejuizo_fii),
        irrf_a_compensar: texto(body.irrf_a_compensar),
      };
      c.entrada = {
        ...c.entrada,
        saldosIniciais: { ...c.entrada.saldosIniciais, [body.ano]: saldo },
      };
      return HttpResponse.json(body);
    }),
    http.put('/api/clientes/:id/ir/vendas-externas/:mes/', async ({ params, request }) => {
      const body = (await request.json()) as { valor: number };
      const mes = String(params.mes);
      enviados.vendasExternas.push({ mes, body });
      const c = clientes.get(Number(params.id))!;
      c.entrada = {
        ...c.entrada,
        vendasExternas: { ...c.entrada.vendasExternas, [mes]: texto(body.valor) },
      };
      return HttpResponse.json({ mes, valor: body.valor });
    }),
  ];
}
