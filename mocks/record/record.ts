import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import {
  API_BASE,
  endpoints,
  fillPath,
  successStatus,
  type EndpointDef,
  type EndpointInput,
  type Success,
} from '../../contract';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openMemoryDatabase } from '../../server/db/client';
import { acoes } from '../../server/db/schema';
import { upsertUser } from '../../server/modules/auth';
import { Mt5Simulator } from '../../server/mt5-sim';
import { loadDemoData } from '../../server/seed/demo';
import { DEMO_AGENTS, startDemoSimulators } from '../../server/seed/demo-clientes';
import { loadReferenceData } from '../../server/seed/reference';
import {
  FIXTURES,
  type Fixture,
  type FixtureBody,
  type FixtureEndpoint,
  type FixtureName,
} from '../fixture-catalogue';

const { clientes, cotacoes, operacoes } = endpoints;

/**
 * `npm run fixtures:record`: the real server on a fresh demo database, every call of the specification's
 * section 7 driven through HTTP, each answer written to mocks/fixtures/<name>.json for the MSW handlers.
 */

const OUT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const PORT = Number(process.env.RECORD_PORT ?? 3501);
const USER = { username: 'qa', password: 'qa-gravacao-fixtures' };
// Long lists are cut: the handlers need representative rows, not the whole demo.
const MAX_ROWS = 40;
// A VM address outside the demo fleet, where a simulator refuses every order.
const REJECT_HOST = '127.0.0.31';

const cap = (body: unknown): unknown => {
  if (Array.isArray(body)) return body.slice(0, MAX_ROWS);
  const posicionadas = (body as { posicionadas?: unknown } | null)?.posicionadas;
  if (Array.isArray(posicionadas)) {
    return { ...(body as object), posicionadas: posicionadas.slice(0, MAX_ROWS) };
  }
  return body;
};

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'carteira-rv-record-'));
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'silent',
    DATA_DIR: tmp,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    MT5_AGENT_PORT: String(PORT),
    MT5_TIMEOUT_MS: '1500',
    QUOTES_PROVIDER: 'history',
    DEMO: '1',
  });
  const database = await openMemoryDatabase();
  const { db } = database;
  await loadReferenceData(db);
  await loadDemoData({ db, config });
  await upsertUser(db, USER.username, USER.password);
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'fixtures-recording-secret-long-enough-for-hs256',
    spaDir: null,
    logger: false,
  });
  const sims = await startDemoSimulators(config, async () => {
    const tickers = await db.select({ ticker: acoes.ticker }).from(acoes);
    return app.deps.quotes.getQuotes(tickers.map((t) => t.ticker));
  });
  const rejecting = new Mt5Simulator({
    host: REJECT_HOST,
    port: config.mt5.agentPort,
    token: config.mt5.agentToken,
    behaviour: 'reject',
  });
  await rejecting.listen();
  await app.listen({ port: PORT, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${PORT}`;

  fs.mkdirSync(OUT_DIR, { recursive: true });
  for (const file of fs.readdirSync(OUT_DIR)) {
    if (file.endsWith('.json')) fs.rmSync(path.join(OUT_DIR, file));
  }
  let token: string | null = null;

  /** One call built from the endpoint table; the answer must have the expected status, and is saved under
   * `name` when given. */
  async function request(
    name: FixtureName | null,
    endpoint: EndpointDef,
    input: { params?: Record<string, unknown>; query?: Record<string, unknown>; body?: unknown },
    expected: number,
  ): Promise<unknown> {
    const query = input.query
      ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)]))}`
      : '';
    const apiPath = `${API_BASE}${fillPath(endpoint.path, input.params)}${query}`;
    const form = input.body instanceof FormData ? input.body : undefined;
    const json = form ? undefined : input.body;
    const headers = new Headers();
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (json !== undefined) headers.set('content-type', 'application/json');
    const res = await fetch(base + apiPath, {
      method: endpoint.method,
      headers,
      body: form ?? (json !== undefined ? JSON.stringify(json) : undefined),
    });
    const text = await res.text();
    const body: unknown = text ? JSON.parse(text) : null;
    if (res.status !== expected) {
      throw new Error(
        `${endpoint.method} ${apiPath}: expected ${expected}, got ${res.status} ${text}`,
      );
    }
    if (name) {
      const fixture: Fixture = {
        request: {
          method: endpoint.method,
          path: apiPath,
          ...(json !== undefined ? { body: json } : {}),
        },
        // The stock universe stays whole: operations and recommendations refer to any of it.
        response: { status: res.status, body: name === 'acoes' ? body : cap(body) },
      };
      fs.writeFileSync(path.join(OUT_DIR, `${name}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
    }
    return body;
  }

  /** Records a fixture: its endpoint and expected status come from the catalogue (mocks/recorded.ts). */
  const record = async <N extends FixtureName>(
    name: N,
    input: EndpointInput<FixtureEndpoint<N>>,
  ): Promise<FixtureBody<N>> =>
    (await request(name, FIXTURES[name].endpoint, input, FIXTURES[name].status)) as FixtureBody<N>;

  /** A call whose answer is only needed to go on; it must succeed. */
  const send = async <E extends EndpointDef>(endpoint: E, input: EndpointInput<E>) =>
    (await request(null, endpoint, input, successStatus(endpoint))) as Success<E>;

  async function poll(
    name: 'compra-status' | 'venda-status' | 'compra-status-rejeitada',
    pendingName: 'compra-status-pendente' | null,
    params: { id: number; group_id: string },
  ) {
    const endpoint = FIXTURES[name].endpoint;
    let first = true;
    for (let i = 0; i < 300; i++) {
      const status = await send(endpoint, { params });
      if (status.finished) return record(name, { params });
      if (first && pendingName) await record(pendingName, { params });
      first = false;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`never finished: ${endpoint.path} ${params.group_id}`);
  }

  try {
    await record('token-401', { body: { username: USER.username, password: 'errada' } });
    token = (await record('token', { body: USER })).access;

    const demoClientes = await record('clientes-list', {});
    await record('clientes-status', {});
    const ana = demoClientes[0]!;
    const simulated = new Set(DEMO_AGENTS.map((a) => a.host));
    const offline = demoClientes.find((c) => c.vm_private_ip && !simulated.has(c.vm_private_ip));
    if (!offline) throw new Error('the demo has no client whose VM is off');

    await record('clientes-get', { params: { id: ana.id } });
    const novo = await record('clientes-create', {
      body: {
        nome: 'Cliente QA Gravação',
        email: 'qa@example.com',
        documento: '39053344705',
        telefone: '11912345678',
        codigo_xp: '7000001',
        percentual_patrimonio: 10,
        vm: 'VM-QA',
        vm_ip: null,
        vm_private_ip: null,
      },
    });
    await record('clientes-update', {
      params: { id: novo.id },
      body: { nome: 'Cliente QA Gravação (editado)', percentual_patrimonio: 15 },
    });
    await record('clientes-delete', { params: { id: novo.id } });

    await record('acoes', {});
    const ops = await record('operacoes-list', { query: { cliente: ana.id } });
    await record('resumo', { params: { id: ana.id } });
    const tickers = [...new Set(ops.map((o) => `${o.acao_nome}.SA`))];
    await record('cotacoes-atuais', { body: { tickers } });
    const acaoId = ops[0]?.acao ?? 1;
    const criada = await record('operacoes-create', {
      body: {
        cliente: ana.id,
        acao: acaoId,
        data_compra: '2025-01-02',
        preco_unitario: 10.5,
        quantidade: 100,
        data_venda: null,
        preco_venda_unitario: null,
        valor_alvo: 12,
      },
    });
    await record('operacoes-patch', {
      params: { id: criada.id },
      body: { valor_alvo: 12.5, quantidade: 200 },
    });
    await record('operacoes-delete', { params: { id: criada.id } });

    const disponiveis = await record('recomendacoes-disponiveis', { params: { id: ana.id } });
    const ticker = disponiveis[0]?.ticker ?? 'PETR4';
    const quotes = await send(cotacoes.atuais, { body: { tickers: [`${ticker}.SA`] } });
    const price = quotes[`${ticker}.SA`]?.preco_atual;
    if (price === undefined) throw new Error(`no quote for ${ticker}`);
    const tp = Math.round(price * 110) / 100;
    await record('compra-validar', {
      params: { id: ana.id },
      body: { ticker, modo: 'quantidade', execucao: 'mercado', tp, quantidade: 250 },
    });
    const legs = [
      { symbol: ticker, quantidade: 200 },
      { symbol: `${ticker}F`, quantidade: 50 },
    ];
    const compra = await record('compra', {
      params: { id: ana.id },
      headers: {},
      body: { ticker_base: ticker, execucao: 'mercado', tp, legs },
    });
    await poll('compra-status', 'compra-status-pendente', {
      id: ana.id,
      group_id: compra.group_id,
    });
    const depois = await send(operacoes.list, { query: { cliente: ana.id } });
    const comprada = depois
      .filter((o) => o.acao_nome === ticker && o.data_venda === null)
      .sort((a, b) => b.id - a.id)[0];
    if (!comprada) throw new Error('the buy did not create an operation');
    const venda = await record('venda', {
      params: { id: ana.id, operation_id: comprada.id },
      headers: {},
      body: { execucao: 'mercado' },
    });
    await poll('venda-status', null, { id: ana.id, group_id: venda.group_id });

    rejecting.terminal.setPrice(ticker, price);
    rejecting.terminal.setPrice(`${ticker}F`, price);
    const rejeita = await send(clientes.create, {
      body: { nome: 'Cliente QA Rejeição', vm: 'VM-QA-R', vm_private_ip: REJECT_HOST },
    });
    const rejeitada = await record('compra-rejeitada', {
      params: { id: rejeita.id },
      headers: {},
      body: { ticker_base: ticker, execucao: 'mercado', tp, legs: legs.slice(0, 1) },
    });
    await poll('compra-status-rejeitada', null, {
      id: rejeita.id,
      group_id: rejeitada.group_id,
    });
    await record('compra-validar-offline', {
      params: { id: offline.id },
      body: { ticker, modo: 'quantidade', execucao: 'mercado', tp, quantidade: 100 },
    });

    await record('dashboard-rv', {});
    await record('patrimonio-disponivel', {});
    await record('recomendacoes', {});
    await record('recomendacoes-recalcular', {});

    const upload = (force: boolean) => {
      const form = new FormData();
      form.set('tipo', 'auto');
      form.set('data_referencia', '2025-01-31');
      if (force) form.set('force', 'true');
      form.set('arquivo', new Blob([new Uint8Array(workbook())]), 'carteira-qa.xlsx');
      return form;
    };
    await record('importacao-upload', { body: upload(false) });
    await record('importacao-upload-409', { body: upload(false) });
    await record('importacao-upload-force', { body: upload(true) });
    console.log(`Fixtures written to ${path.relative(process.cwd(), OUT_DIR)}/`);
  } finally {
    await app.close();
    await rejecting.close();
    await sims.stop();
    await database.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** A small workbook with both sheets, as the team's spreadsheets have them. */
function workbook(): Buffer {
  const wb = XLSX.utils.book_new();
  const sheet = (rows: unknown[][]) => XLSX.utils.aoa_to_sheet(rows);
  XLSX.utils.book_append_sheet(
    wb,
    sheet([
      ['Código', 'Nome', 'Patrimônio'],
      ['2847163', 'Ana Beatriz Carvalho', 250000],
      ['3159024', 'Bruno Henrique Almeida', 120000],
    ]),
    'Patrimônio',
  );
  XLSX.utils.book_append_sheet(
    wb,
    sheet([
      ['Código do Cliente', 'Ativo', 'Quantidade', 'Preço Médio', 'Valor'],
      ['2847163', 'PETR4', 300, 32.12, 9636],
      ['3159024', 'VALE3', 100, 60.5, 6050],
    ]),
    'Custódia',
  );
  return XLSX.write(wb, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
}

main().catch((err: unknown) => {
  console.error('Recording failed:', err);
  process.exit(1);
});
