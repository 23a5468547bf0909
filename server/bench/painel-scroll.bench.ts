import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openMemoryDatabase, type Db } from '../db/client';
import { clientes, operacoes } from '../db/schema';
import { queryRows } from '../db/query';
import { upsertUser } from '../modules/auth/users';
import { loadDemoPrecos } from '../seed/demo-precos';
import { loadReferenceData } from '../seed/reference';
import { comecarMedida, perfilDir, terminarMedida } from './painel-scroll-perfil';

/**
 * Issue 34, rough edge 7: the control panel's POSICIONADAS with 20,000 open positions, scrolled in Chromium
 * (1280 × 800) wheel notch by wheel notch as a person scrolls (600 notches of 120 px), while the Long Tasks API
 * records every task of the page's main thread over 50 ms. Then one client's 125 positions (a grid short
 * enough not to be virtualised) scrolled to its end: the header row must stay in view in both. Prints the longest
 * task and the header's place; exits 1 when a long task or a header out of view is seen.
 */

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const POSICOES = 20_000;
/** 160 clients: 125 positions each, under the grid's virtualisation threshold (150 rows). */
const CLIENTES = 160;
const LONG_TASK_MS = 50;

async function seed(db: Db): Promise<void> {
  await loadReferenceData(db);
  await loadDemoPrecos(db, { desde: '2025-09-01' });
  const acoes = await queryRows<{ id: number }>(
    db,
    sql`select distinct acao_id as id from precos_diarios order by 1`,
  );
  const novos = await db
    .insert(clientes)
    .values(
      Array.from({ length: CLIENTES }, (_, i) => ({
        nome: `Cliente ${String(i).padStart(3, '0')}`,
        codigo_xp: String(200000 + i),
      })),
    )
    .returning({ id: clientes.id });
  const rows = Array.from({ length: POSICOES }, (_, i) => ({
    cliente_id: novos[i % CLIENTES]!.id,
    acao_id: acoes[i % acoes.length]!.id,
    data_compra: `2025-0${1 + (i % 9)}-${String(1 + (i % 28)).padStart(2, '0')}`,
    preco_unitario: (10 + (i % 50) + 0.1234).toFixed(4),
    quantidade: 100 + (i % 7) * 100,
    valor_alvo: (12 + (i % 50)).toFixed(4),
  }));
  for (let i = 0; i < rows.length; i += 2000) {
    await db.insert(operacoes).values(rows.slice(i, i + 2000));
  }
}

/** Every task over 50 ms from now on, as the Long Tasks API reports it. */
const watchLongTasks = (page: Page) =>
  page.evaluate(() => {
    const w = window as unknown as { longTasks: number[] };
    w.longTasks = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) w.longTasks.push(entry.duration);
    }).observe({ type: 'longtask' });
  });
const longTasks = (page: Page) =>
  page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);

/** How far the header row's top is from where it should be: the grid's top, or the window's once scrolled past. */
const headerOffset = (page: Page) =>
  page.evaluate(() => {
    const table = document.querySelector('table[aria-label="Posicionadas"]')!;
    const box = table.parentElement!.getBoundingClientRect();
    const header = table.querySelector('thead')!.getBoundingClientRect();
    return Math.abs(header.top - Math.max(box.top, 0));
  });

/** A wheel notch (120 px), as a mouse scrolls; two frames after each. */
const NOTCH = 120;
const NOTCHES = 600;

/** `NOTCHES` wheel notches over the grid, as a person scrolls through it (72,000 px: about 1,750 rows). */
async function scrollNotches(page: Page): Promise<void> {
  const grid = page.getByRole('table', { name: 'Posicionadas' });
  const box = (await grid.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, Math.min(box.y + 200, 700));
  for (let i = 0; i < NOTCHES; i++) {
    await page.mouse.wheel(0, NOTCH);
    await page.evaluate(
      () => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => r(null)))),
    );
  }
}

/** Wheel steps over the grid until both it and the window are at their ends, two frames after each. */
async function scrollToEnd(page: Page): Promise<number> {
  const grid = page.getByRole('table', { name: 'Posicionadas' });
  const box = (await grid.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, Math.min(box.y + 200, 700));
  for (let steps = 1; steps <= 5_000; steps++) {
    await page.mouse.wheel(0, 1_200);
    const noFim = await page.evaluate(
      () =>
        new Promise<boolean>((resolve) =>
          requestAnimationFrame(() =>
            requestAnimationFrame(() => {
              const scroller = document.querySelector(
                'table[aria-label="Posicionadas"]',
              )!.parentElement!;
              const doc = document.scrollingElement!;
              resolve(
                scroller.scrollTop + scroller.clientHeight >= scroller.scrollHeight - 1 &&
                  window.scrollY + window.innerHeight >= doc.scrollHeight - 1,
              );
            }),
          ),
        ),
    );
    if (noFim) return steps;
  }
  throw new Error('the grid never reached its end');
}

export default async function painelScroll(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../..');
  // A build of its own: dist/ may be another process's.
  const spaDir = path.join('/tmp', `carteira-rv-bench-${process.pid}`);
  // Profiled, unminified: the functions keep their names in the profile.
  await build({
    root,
    logLevel: 'warn',
    build: { outDir: spaDir, emptyOutDir: true, ...(perfilDir ? { minify: false } : {}) },
  });
  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' });
  const database = await openMemoryDatabase();
  await seed(database.db);
  await upsertUser(database.db, 'bench', 'bench-password-123');
  const app = await buildApp({
    config,
    database,
    jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
    spaDir,
    logger: false,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--lang=pt-BR'],
  });
  let falhou = false;
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`http://127.0.0.1:${port}/controle-rv`);
    await page.getByLabel('Usuário').fill('bench');
    await page.getByLabel('Senha').fill('bench-password-123');
    await page.getByRole('button', { name: 'Entrar' }).click();
    const grid = page.getByRole('table', { name: 'Posicionadas' });
    await page.waitForFunction(
      (n) =>
        Number(
          document.querySelector('table[aria-label="Posicionadas"]')?.getAttribute('aria-rowcount'),
        ) > n,
      POSICOES,
      { timeout: 120_000 },
    );
    // The quotes and the first paint settle before the measure starts.
    await page.waitForTimeout(2_000);

    await watchLongTasks(page);
    const medida = await comecarMedida(browser, page);
    await scrollNotches(page);
    const porEntalhe = await longTasks(page);
    const cpu = await terminarMedida(browser, medida);
    console.log(
      `${POSICOES.toLocaleString('en')} positions, ${NOTCHES} wheel notches of ${NOTCH} px: ` +
        `${porEntalhe.length} task(s) over ${LONG_TASK_MS} ms, the longest ${Math.max(0, ...porEntalhe).toFixed(0)} ms`,
    );
    console.log(
      `  by the main thread's CPU time (what the page costs, whatever else runs on the machine): ` +
        (cpu
          ? `${cpu.acima} task(s) over ${LONG_TASK_MS} ms, the longest ${cpu.maior.toFixed(0)} ms`
          : 'not read (a trace over 400 MiB)'),
    );
    if (porEntalhe.length > 0) falhou = true;
    const offsetLonga = await headerOffset(page);
    console.log(`header ${offsetLonga.toFixed(0)} px from the grid's top`);
    if (offsetLonga > 2) falhou = true;

    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('combobox', { name: 'Cliente', exact: true }).selectOption('Cliente 000');
    await grid.getByRole('row').nth(125).waitFor();
    await scrollToEnd(page);
    const offsetCurta = await headerOffset(page);
    console.log(
      `one client's 125 positions (not virtualised), scrolled to the end: header ${offsetCurta.toFixed(0)} px ` +
        'from the top of what is in view (0: kept in view)',
    );
    if (offsetCurta > 2) falhou = true;
  } finally {
    await browser.close();
    await app.close();
    await database.close();
    fs.rmSync(spaDir, { recursive: true, force: true });
  }
  // A long task measures the page's work only on a machine with a core to spare: say how busy this one was.
  const [carga] = os.loadavg();
  console.log(`load average ${carga!.toFixed(1)} on ${os.cpus().length} cores`);
  console.log(falhou ? 'FAIL' : 'ok');
  if (falhou) process.exitCode = 1;
}
