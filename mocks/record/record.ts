import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { endpoints } from '../../contract';
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
  cotacao,
  gravarAcesso,
  gravarCarteira,
  gravarClientes,
  gravarEventoAjustado,
  gravarEventos,
  gravarPainel,
} from './cenas-cadastro';
import { gravarAlertas } from './cenas-alertas';
import { gravarInicio } from './cenas-inicio';
import { gravarIr } from './cenas-ir';
import { gravarLotes } from './cenas-lotes';
import { gravarModelos } from './cenas-modelos';
import { gravarOrdens } from './cenas-ordens';
import { gravarRelatorio } from './cenas-relatorio';
import { gravarRentabilidade } from './cenas-rentabilidade';
import { gravarUsuarios } from './cenas-usuarios';
import { Recorder } from './recorder';

/**
 * `npm run fixtures:record`: the real server on a fresh demo database (dates of these weeks) with its MT5
 * simulators, every endpoint of the contract's table driven through HTTP with its success and the errors the demo
 * can produce, and the order and lote flows as ordered sequences; each answer written to mocks/fixtures/.
 */

const OUT_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const PORT = Number(process.env.RECORD_PORT ?? 3501);
const USER = { username: 'qa', password: 'qa-gravacao-fixtures' };
// A VM address outside the demo fleet, where a simulator refuses every order.
const REJECT_HOST = '127.0.0.31';

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

  fs.mkdirSync(OUT_DIR, { recursive: true });
  for (const file of fs.readdirSync(OUT_DIR)) {
    if (file.endsWith('.json')) fs.rmSync(path.join(OUT_DIR, file));
  }
  const r = new Recorder(`http://127.0.0.1:${PORT}`, OUT_DIR);

  try {
    await gravarAcesso(r, USER);
    const demo = await gravarClientes(r);
    const ana = demo[0]!;
    const simulated = new Set(DEMO_AGENTS.map((a) => a.host));
    const offline = demo.find((c) => c.vm_private_ip && !simulated.has(c.vm_private_ip));
    if (!offline) throw new Error('the demo has no client whose VM is off');
    const { ops } = await gravarCarteira(r, ana);
    await gravarEventos(r, ana, ops[0]!.acao);
    await gravarPainel(r, ana);
    await gravarRentabilidade(r, ana);
    await gravarRelatorio(r, ana);

    // The stocks Ana may buy: the first three of her available recommendations, at their quotes.
    const disponiveis = await r.send(endpoints.recomendacoes.disponiveis, {
      params: { id: ana.id },
    });
    const tickers = [];
    for (const { ticker } of disponiveis.slice(0, 3)) {
      const price = await cotacao(r, ticker);
      rejecting.terminal.setPrice(ticker, price);
      rejecting.terminal.setPrice(`${ticker}F`, price);
      tickers.push({ ticker, price });
    }
    if (tickers.length < 3) throw new Error('Ana has fewer than three recommendations');
    const rejeita = await r.send(endpoints.clientes.create, {
      body: { nome: 'Cliente QA Rejeição', vm: 'VM-QA-R', vm_private_ip: REJECT_HOST },
    });
    await gravarOrdens(r, { ana, offline, rejeita, tickers });
    await gravarLotes(r, tickers[2]!);
    await gravarEventoAjustado(r, offline, ops[0]!.acao);
    await gravarIr(r);
    await gravarAlertas(r, tickers[0]!.ticker);
    await gravarUsuarios(r);
    await gravarModelos(r, ana);
    await gravarInicio(r);
    console.log(`Fixtures written to ${path.relative(process.cwd(), OUT_DIR)}/`);
  } finally {
    await app.close();
    await rejecting.close();
    await sims.stop();
    await database.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error('Recording failed:', err);
  process.exit(1);
});
