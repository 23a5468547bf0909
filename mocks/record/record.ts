import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as XLSX from '@e965/xlsx';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { openMemoryDatabase } from '../../server/db/client';
import { acoes } from '../../server/db/schema';
import { upsertUser } from '../../server/modules/auth/users';
import { Mt5Simulator } from '../../server/mt5-sim';
import { loadDemoData } from '../../server/seed/demo';
import { DEMO_AGENTS, startDemoSimulators } from '../../server/seed/demo-clientes';
import { loadReferenceData } from '../../server/seed/reference';
import type { Fixture, FixtureName } from '../recorded';

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

  /** One call; the answer is saved under `name` when given, and must have the expected status. */
  async function call<T = unknown>(
    name: FixtureName | null,
    method: string,
    apiPath: string,
    opts: { json?: unknown; form?: FormData; expect?: number } = {},
  ): Promise<T> {
    const headers = new Headers();
    if (token) headers.set('authorization', `Bearer ${token}`);
    if (opts.json !== undefined) headers.set('content-type', 'application/json');
    const res = await fetch(base + apiPath, {
      method,
      headers,
      body: opts.form ?? (opts.json !== undefined ? JSON.stringify(opts.json) : undefined),
    });
    const text = await res.text();
    const body: unknown = text ? JSON.parse(text) : null;
    const expected = opts.expect ?? (method === 'POST' && res.status === 201 ? 201 : 200);
    if (res.status !== expected) {
      throw new Error(`${method} ${apiPath}: expected ${expected}, got ${res.status} ${text}`);
    }
    if (name) {
      const fixture: Fixture = {
        request: {
          method,
          path: apiPath,
          ...(opts.json !== undefined ? { body: opts.json } : {}),
        },
        // The stock universe stays whole: operations and recommendations refer to any of it.
        response: { status: res.status, body: name === 'acoes' ? body : cap(body) },
      };
      fs.writeFileSync(path.join(OUT_DIR, `${name}.json`), `${JSON.stringify(fixture, null, 2)}\n`);
    }
    return body as T;
  }

  async function poll<T extends { finished: boolean }>(
    name: FixtureName,
    pendingName: FixtureName | null,
    apiPath: string,
  ): Promise<T> {
    let first = true;
    for (let i = 0; i < 300; i++) {
      const status = await call<T>(null, 'GET', apiPath);
      if (status.finished) return call<T>(name, 'GET', apiPath);
      if (first && pendingName) await call(pendingName, 'GET', apiPath);
      first = false;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`never finished: ${apiPath}`);
  }

  try {
    await call('token-401', 'POST', '/api/token/', {
      json: { username: USER.username, password: 'errada' },
      expect: 401,
    });
    token = (await call<{ access: string }>('token', 'POST', '/api/token/', { json: USER })).access;

    type Cliente = { id: number; nome: string; vm_private_ip: string | null };
    const clientes = await call<Cliente[]>('clientes-list', 'GET', '/api/clientes/');
    await call('clientes-status', 'GET', '/api/clientes-status/');
    const ana = clientes[0]!;
    const simulated = new Set(DEMO_AGENTS.map((a) => a.host));
    const offline = clientes.find((c) => c.vm_private_ip && !simulated.has(c.vm_private_ip));
    if (!offline) throw new Error('the demo has no client whose VM is off');

    await call('clientes-get', 'GET', `/api/clientes/${ana.id}/`);
    const novo = await call<Cliente>('clientes-create', 'POST', '/api/clientes/', {
      json: {
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
      expect: 201,
    });
    await call('clientes-update', 'PUT', `/api/clientes/${novo.id}/`, {
      json: { nome: 'Cliente QA Gravação (editado)', percentual_patrimonio: 15 },
    });
    await call('clientes-delete', 'DELETE', `/api/clientes/${novo.id}/`, { expect: 204 });

    await call('acoes', 'GET', '/api/acoes/');
    type Operacao = { id: number; acao: number; acao_nome: string; data_venda: string | null };
    const ops = await call<Operacao[]>(
      'operacoes-list',
      'GET',
      `/api/operacoes/?cliente=${ana.id}`,
    );
    await call('resumo', 'GET', `/api/clientes/${ana.id}/resumo/`);
    const tickers = [...new Set(ops.map((o) => `${o.acao_nome}.SA`))];
    await call('cotacoes-atuais', 'POST', '/api/cotacoes-atuais/', { json: { tickers } });
    const acaoId = ops[0]?.acao ?? 1;
    const criada = await call<Operacao>('operacoes-create', 'POST', '/api/operacoes/', {
      json: {
        cliente: ana.id,
        acao: acaoId,
        data_compra: '2025-01-02',
        preco_unitario: 10.5,
        quantidade: 100,
        data_venda: null,
        preco_venda_unitario: null,
        valor_alvo: 12,
      },
      expect: 201,
    });
    await call('operacoes-patch', 'PATCH', `/api/operacoes/${criada.id}/`, {
      json: { valor_alvo: 12.5, quantidade: 200 },
    });
    await call('operacoes-delete', 'DELETE', `/api/operacoes/${criada.id}/`, { expect: 204 });

    type Disponivel = { ticker: string };
    const disponiveis = await call<Disponivel[]>(
      'recomendacoes-disponiveis',
      'GET',
      `/api/clientes/${ana.id}/recomendacoes-disponiveis/`,
    );
    const ticker = disponiveis[0]?.ticker ?? 'PETR4';
    const quotes = await call<Record<string, { preco_atual: number }>>(
      null,
      'POST',
      '/api/cotacoes-atuais/',
      { json: { tickers: [`${ticker}.SA`] } },
    );
    const price = quotes[`${ticker}.SA`]?.preco_atual;
    if (price === undefined) throw new Error(`no quote for ${ticker}`);
    const tp = Math.round(price * 110) / 100;
    await call('compra-validar', 'POST', `/api/clientes/${ana.id}/mt5/compra/validar/`, {
      json: { ticker, modo: 'quantidade', execucao: 'mercado', tp, quantidade: 250 },
    });
    const legs = [
      { symbol: ticker, quantidade: 200 },
      { symbol: `${ticker}F`, quantidade: 50 },
    ];
    const compra = await call<{ group_id: string }>(
      'compra',
      'POST',
      `/api/clientes/${ana.id}/mt5/compra/`,
      { json: { ticker_base: ticker, execucao: 'mercado', tp, legs } },
    );
    await poll(
      'compra-status',
      'compra-status-pendente',
      `/api/clientes/${ana.id}/mt5/compra-status/${compra.group_id}/`,
    );
    const depois = await call<Operacao[]>(null, 'GET', `/api/operacoes/?cliente=${ana.id}`);
    const comprada = depois
      .filter((o) => o.acao_nome === ticker && o.data_venda === null)
      .sort((a, b) => b.id - a.id)[0];
    if (!comprada) throw new Error('the buy did not create an operation');
    const venda = await call<{ group_id: string }>(
      'venda',
      'POST',
      `/api/clientes/${ana.id}/mt5/venda/${comprada.id}/`,
      { json: { execucao: 'mercado' } },
    );
    await poll('venda-status', null, `/api/clientes/${ana.id}/mt5/venda-status/${venda.group_id}/`);

    rejecting.terminal.setPrice(ticker, price);
    rejecting.terminal.setPrice(`${ticker}F`, price);
    const rejeita = await call<Cliente>(null, 'POST', '/api/clientes/', {
      json: { nome: 'Cliente QA Rejeição', vm: 'VM-QA-R', vm_private_ip: REJECT_HOST },
      expect: 201,
    });
    const rejeitada = await call<{ group_id: string }>(
      'compra-rejeitada',
      'POST',
      `/api/clientes/${rejeita.id}/mt5/compra/`,
      { json: { ticker_base: ticker, execucao: 'mercado', tp, legs: [legs[0]] } },
    );
    await poll(
      'compra-status-rejeitada',
      null,
      `/api/clientes/${rejeita.id}/mt5/compra-status/${rejeitada.group_id}/`,
    );
    await call(
      'compra-validar-offline',
      'POST',
      `/api/clientes/${offline.id}/mt5/compra/validar/`,
      {
        json: { ticker, modo: 'quantidade', execucao: 'mercado', tp, quantidade: 100 },
        expect: 502,
      },
    );

    await call('dashboard-rv', 'GET', '/api/dashboard-rv/');
    await call('patrimonio-disponivel', 'GET', '/api/patrimonio-disponivel/');
    await call('recomendacoes', 'GET', '/api/recomendacoes/');
    await call('recomendacoes-recalcular', 'POST', '/api/recomendacoes/');

    const upload = (force: boolean) => {
      const form = new FormData();
      form.set('tipo', 'auto');
      form.set('data_referencia', '2025-01-31');
      if (force) form.set('force', 'true');
      form.set('arquivo', new Blob([new Uint8Array(workbook())]), 'carteira-qa.xlsx');
      return form;
    };
    await call('importacao-upload', 'POST', '/api/importacao/upload/', { form: upload(false) });
    await call('importacao-upload-409', 'POST', '/api/importacao/upload/', {
      form: upload(false),
      expect: 409,
    });
    await call('importacao-upload-force', 'POST', '/api/importacao/upload/', {
      form: upload(true),
    });
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
