import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { queryRows } from '../db/query';
import type { Config } from '../config';
import { clientes } from '../db/schema';
import { Mt5Simulator, type Behaviour } from '../mt5-sim';
import type { DemoContext } from './demo';

/**
 * The demo's MT5 terminals: one simulator per VM on its own loopback address, all on MT5_AGENT_PORT, just as
 * real VMs share the port on different IPs (Linux routes the whole of 127/8 to loopback). 127.0.0.18 has
 * no simulator on purpose: that VM is "off".
 */
export const DEMO_AGENTS: ReadonlyArray<{ host: string; behaviour: Behaviour }> = [
  { host: '127.0.0.11', behaviour: 'online' },
  { host: '127.0.0.12', behaviour: 'online' },
  { host: '127.0.0.13', behaviour: 'online' },
  { host: '127.0.0.14', behaviour: 'online' },
  { host: '127.0.0.15', behaviour: 'online' },
  { host: '127.0.0.16', behaviour: 'no-autotrading' },
  { host: '127.0.0.17', behaviour: 'disconnected' },
  { host: '127.0.0.19', behaviour: 'slow' },
  { host: '127.0.0.20', behaviour: 'error' },
  { host: '127.0.0.21', behaviour: 'malformed' },
];

/** Twelve clients covering every MT5 status; documents carry valid CPF/CNPJ check digits. */
export const DEMO_CLIENTES = [
  {
    nome: 'Ana Beatriz Carvalho',
    email: 'ana.carvalho@gmail.com',
    documento: '52601815906',
    telefone: '11987451236',
    codigo_xp: '2847163',
    percentual_patrimonio: '20.00',
    vm: 'VM-MT5-01',
    vm_ip: '203.0.113.11',
    vm_private_ip: '127.0.0.11',
  },
  {
    nome: 'Bruno Henrique Almeida',
    email: 'bruno.almeida@outlook.com',
    documento: '08301661305',
    telefone: '21998563214',
    codigo_xp: '3159024',
    percentual_patrimonio: '15.00',
    vm: 'VM-MT5-02',
    vm_ip: '203.0.113.12',
    vm_private_ip: '127.0.0.12',
  },
  {
    nome: 'Carla Menezes Ribeiro',
    email: 'carla.ribeiro@yahoo.com.br',
    documento: '18609139034',
    telefone: '31991237845',
    codigo_xp: '4402718',
    percentual_patrimonio: '30.00',
    vm: 'VM-MT5-03',
    vm_ip: '203.0.113.13',
    vm_private_ip: '127.0.0.13',
  },
  {
    nome: 'Diego Fernandes Souza',
    email: 'diego.souza@gmail.com',
    documento: '99603082430',
    telefone: '41996325874',
    codigo_xp: '5127390',
    percentual_patrimonio: '12.50',
    vm: 'VM-MT5-04',
    vm_ip: '203.0.113.14',
    vm_private_ip: '127.0.0.14',
  },
  {
    nome: 'Eduarda Lima Castro',
    email: 'eduarda.castro@icloud.com',
    documento: '62819482112',
    telefone: '51984562317',
    codigo_xp: '6031845',
    percentual_patrimonio: '25.00',
    vm: 'VM-MT5-05',
    vm_ip: '203.0.113.15',
    vm_private_ip: '127.0.0.15',
  },
  {
    nome: 'Fernando Augusto Pereira',
    email: 'fernando.pereira@uol.com.br',
    documento: '99351819019',
    telefone: '61993218476',
    codigo_xp: '7284516',
    percentual_patrimonio: '10.00',
    vm: 'VM-MT5-06',
    vm_ip: '203.0.113.16',
    vm_private_ip: '127.0.0.16',
  },
  {
    nome: 'Gabriela Rocha Martins',
    email: 'gabriela.martins@gmail.com',
    documento: '93786579741',
    telefone: '71988745123',
    codigo_xp: '8190352',
    percentual_patrimonio: '18.75',
    vm: 'VM-MT5-07',
    vm_ip: '203.0.113.17',
    vm_private_ip: '127.0.0.17',
  },
  {
    nome: 'Nascimento Participações Ltda',
    email: 'financeiro@nascimentopar.com.br',
    documento: '55597971000152',
    telefone: '1133224455',
    codigo_xp: '9043127',
    percentual_patrimonio: '35.00',
    vm: 'VM-MT5-08',
    vm_ip: '203.0.113.18',
    vm_private_ip: '127.0.0.18',
  },
  {
    nome: 'Isabela Duarte Moreira',
    email: 'isabela.moreira@hotmail.com',
    documento: '54323194897',
    telefone: '81997412563',
    codigo_xp: '1028374',
    percentual_patrimonio: '22.00',
    vm: 'VM-MT5-09',
    vm_ip: '203.0.113.19',
    vm_private_ip: '127.0.0.19',
  },
  {
    nome: 'João Victor Barbosa',
    email: 'joao.barbosa@gmail.com',
    documento: '75749118606',
    telefone: '85991234567',
    codigo_xp: '1234567',
    percentual_patrimonio: '15.00',
    vm: 'VM-MT5-10',
    vm_ip: '203.0.113.20',
    vm_private_ip: '127.0.0.20',
  },
  {
    nome: 'Teixeira & Lopes Investimentos S.A.',
    email: 'operacoes@teixeiralopes.com.br',
    documento: '14710497000146',
    telefone: '1140028922',
    codigo_xp: '2390581',
    percentual_patrimonio: '40.00',
    vm: 'VM-MT5-11',
    vm_ip: '203.0.113.21',
    vm_private_ip: '127.0.0.21',
  },
  {
    nome: 'Leonardo Azevedo Santos',
    email: null,
    documento: '25276018987',
    telefone: '48999871234',
    codigo_xp: '3481726',
    percentual_patrimonio: '0',
    // The VM is still being provisioned: no address yet.
    vm: 'VM-MT5-12',
    vm_ip: null,
    vm_private_ip: null,
  },
];

export async function seedDemoClientes({ db }: DemoContext): Promise<void> {
  await db.insert(clientes).values(DEMO_CLIENTES);
}

export interface DemoSimulators {
  readonly simulators: Mt5Simulator[];
  stop(): Promise<void>;
}

/** What each demo VM's account holds at start: its client's open operations, per symbol. */
export type DemoHoldings = () => Promise<
  Array<{ host: string; symbol: string; volume: number; price_open: number }>
>;

/** Where the demo's simulators take their prices from: the product's own quotes, refreshed. */
export type DemoPrices = () => Promise<Map<string, number>>;

// The simulated quote provider drifts; the terminals follow it so that fills match what the screens show.
const PRICE_REFRESH_MS = 30_000;

/**
 * Starts the demo's simulators (every start in demo mode, so the statuses survive a restart). An address
 * already taken (another demo server on the same port) is skipped with a warning: its agent answers anyway.
 * Their market trades at the demo quotes, and partly fills larger market orders, as real ones sometimes do.
 */
export async function startDemoSimulators(
  config: Config,
  prices: DemoPrices,
  holdings: DemoHoldings = async () => [],
): Promise<DemoSimulators> {
  const started: Mt5Simulator[] = [];
  for (const agent of DEMO_AGENTS) {
    const sim = new Mt5Simulator({
      host: agent.host,
      port: config.mt5.agentPort,
      token: config.mt5.agentToken,
      behaviour: agent.behaviour,
      slowMs: config.mt5.timeoutMs + 60_000,
      fillDelayMs: 700,
      partialFills: true,
    });
    try {
      await sim.listen();
      started.push(sim);
    } catch (err) {
      console.warn(
        `MT5 demo simulator ${agent.host}:${config.mt5.agentPort} not started: ${(err as Error).message}`,
      );
    }
  }
  // Each account holds what its client's book holds open, so that the terminals and the book agree at start.
  for (const h of await holdings().catch(() => [])) {
    started
      .find((sim) => sim.address?.address === h.host)
      ?.terminal.setPosition(h.symbol, h.volume, h.price_open);
  }
  const applyPrices = async () => {
    const quotes = await prices();
    for (const sim of started)
      for (const [symbol, price] of quotes) sim.terminal.setPrice(symbol, price);
  };
  await applyPrices().catch((err: unknown) => console.warn('Demo simulators: no prices:', err));
  const timer = setInterval(() => void applyPrices().catch(() => undefined), PRICE_REFRESH_MS);
  timer.unref();
  return {
    simulators: started,
    async stop() {
      clearInterval(timer);
      await Promise.all(started.map((s) => s.close()));
    },
  };
}

/** The demo book's open operations per VM address and stock: what each demo terminal starts holding. */
export async function demoHoldings(db: Db) {
  const rows = await queryRows<{
    host: string;
    symbol: string;
    volume: number;
    price_open: string;
  }>(
    db,
    sql`select coalesce(c.vm_private_ip, c.vm_ip) as host, a.ticker as symbol,
          sum(o.quantidade)::int as volume,
          round(sum(o.preco_unitario * o.quantidade) / nullif(sum(o.quantidade), 0), 2)::text as price_open
        from operacoes o
        join clientes c on c.id = o.cliente_id
        join acoes a on a.id = o.acao_id
        where o.data_venda is null and o.quantidade > 0 and o.preco_unitario is not null
          and coalesce(c.vm_private_ip, c.vm_ip) is not null
        group by 1, 2`,
  );
  return rows.map((r) => ({ ...r, price_open: Number(r.price_open) }));
}
