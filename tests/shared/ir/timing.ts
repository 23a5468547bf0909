/**
 * A quick timing check of the engine, not a test (no assertion on time): `npx tsx tests/shared/ir/timing.ts`.
 * One client with 10,000 trades over 5 years (the year's report), and the month for 300 clients of 2,000
 * trades each. `clienteSintetico` is deterministic, for `npm run bench -- ir` to reuse.
 */
import { apurarIr, anoIr, darfIr, mesIr } from '../../../shared/ir';
import type { Classe, EntradaIr, EventoIr, OperacaoIr } from '../../../shared/ir';
import { random as rng } from '../../../server/bench/random';

const ATIVOS: ReadonlyArray<[string, Classe]> = [
  ['PETR4', 'acao'],
  ['VALE3', 'acao'],
  ['ITUB4', 'acao'],
  ['BBDC4', 'acao'],
  ['WEGE3', 'acao'],
  ['ABEV3', 'acao'],
  ['MGLU3', 'acao'],
  ['B3SA3', 'acao'],
  ['TAEE11', 'unit'],
  ['SANB11', 'unit'],
  ['BOVA11', 'etf'],
  ['IVVB11', 'etf'],
  ['HGLG11', 'fii'],
  ['KNRI11', 'fii'],
  ['AAPL34', 'bdr'],
];

/** `n` trades over the 5 years before `ultimoAno` included: buys, sales of what is held, some day trades. */
export function clienteSintetico(seed: number, n: number, ultimoAno = 2026): EntradaIr {
  const r = rng(seed);
  const inicio = Date.UTC(ultimoAno - 4, 0, 2);
  const dias = 5 * 365;
  const held = new Map<string, number>();
  const operacoes: OperacaoIr[] = [];
  for (let i = 0; i < n; i++) {
    const dia = new Date(inicio + Math.floor((i / n) * dias) * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const [ticker, classe] = ATIVOS[Math.floor(r() * ATIVOS.length)]!;
    const preco = (10 + r() * 90).toFixed(2);
    const qtd = 1 + Math.floor(r() * 300);
    const tem = held.get(ticker) ?? 0;
    const vende = tem > 0 && r() < 0.45;
    const dayTrade = r() < 0.05;
    const lado = vende || dayTrade ? 'venda' : 'compra';
    const quantidade = vende ? Math.min(tem, qtd) : qtd;
    if (dayTrade && !vende) {
      operacoes.push({
        id: `${i}c`,
        data: dia,
        ticker,
        classe,
        lado: 'compra',
        quantidade,
        preco,
        custos: '1.20',
      });
    }
    const custos = (r() * 5).toFixed(2);
    operacoes.push({
      id: i,
      data: dia,
      ticker: r() < 0.1 ? `${ticker}F` : ticker,
      classe,
      lado,
      quantidade,
      preco,
      custos,
    });
    if (lado === 'compra') held.set(ticker, tem + quantidade);
    else if (vende) held.set(ticker, tem - quantidade);
  }
  const eventos: EventoIr[] = [
    { ticker: 'MGLU3', tipo: 'grupamento', data_ex: `${ultimoAno - 3}-05-04`, fator: '0.1' },
    {
      ticker: 'WEGE3',
      tipo: 'bonificacao',
      data_ex: `${ultimoAno - 2}-04-10`,
      fator: '1.1',
      custo_atribuido: '3.21',
    },
    { ticker: 'ITUB4', tipo: 'desdobramento', data_ex: `${ultimoAno - 1}-09-01`, fator: '2' },
  ];
  return { operacoes, eventos, vendasExternas: { [`${ultimoAno}-03`]: '5000.00' } };
}

/** Wall and CPU time, the median of `runs` (the machine is shared; CPU time says what the engine itself cost). */
function time<T>(label: string, f: () => T, runs = 5): T {
  let out: T | undefined;
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const u = process.cpuUsage();
    out = f();
    const cpu = process.cpuUsage(u);
    walls.push(performance.now() - t0);
    cpus.push((cpu.user + cpu.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    `${label}: ${median(walls).toFixed(1)} ms (CPU ${median(cpus).toFixed(1)} ms), median of ${runs}`,
  );
  return out!;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const um = clienteSintetico(1, 10_000);
  time('warm-up', () => anoIr(apurarIr(um, '2026-12'), 2026));
  const ano = time('1 client, 10,000 trades, 5 years: the 2026 report', () =>
    anoIr(apurarIr(um, '2026-12'), 2026),
  );
  console.log(`  2026 tax: ${ano.meses.map((m) => m.imposto).join(' ')}`);
  const clientes = Array.from({ length: 300 }, (_, i) => clienteSintetico(100 + i, 2_000));
  const darfs = time(
    '300 clients × 2,000 trades: the month 2026-03 and its DARF',
    () =>
      clientes.map((c) => {
        const a = apurarIr(c, '2026-03');
        return [mesIr(a, '2026-03').darf_valor, darfIr(a, '2026-03')];
      }),
    3,
  );
  console.log(`  DARFs: ${darfs.filter(([, d]) => 'darf' in (d as object)).length} of 300`);
  const dobro = clienteSintetico(1, 20_000);
  time('1 client, 20,000 trades (twice the size: about twice the time, not four)', () =>
    anoIr(apurarIr(dobro, '2026-12'), 2026),
  );
}
