import path from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { build } from 'vite';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { openMemoryDatabase } from '../db/client';
import { upsertUser } from '../modules/auth/users';
import { loadDemoData } from '../seed/demo';
import { loadReferenceData } from '../seed/reference';
import { measureBundle } from './bundle-size';
import { median } from './stats';

/**
 * The first screen on a slow office link (issue 19): Chromium with a Fast 3G-like network (1.6 Mbps down,
 * 750 kbps up, 150 ms round trip) and its CPU slowed 4×, with an empty cache, against the real server on the demo
 * data. Times the login form (from navigation start until it can be typed in) and the client list after login
 * (from the click on Entrar until the table shows its rows), median of RUNS: credentials typed in TYPING_MS, as a
 * person types, and at once. By default it builds the SPA into dist/; FIRSTSCREEN_SPA_DIRS=dirA,dirB measures
 * builds kept elsewhere (an older one, side by side).
 */

const RUNS = 5;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const PROFILE = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** How long a person takes to type a username and a password. */
const TYPING_MS = 5_000;

interface Timing {
  loginForm: number;
  clientList: number;
  total: number;
  loginBytes: number;
}

async function measure(browser: Browser, baseUrl: string, settle: boolean): Promise<Timing> {
  // A new context each run: an empty cache, as on a first visit.
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', PROFILE);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  let bytes = 0;
  cdp.on('Network.loadingFinished', (event: { encodedDataLength: number }) => {
    bytes += event.encodedDataLength;
  });

  await page.goto(`${baseUrl}/clientes`, { waitUntil: 'commit' });
  const user = page.getByLabel('Usuário');
  await user.waitFor({ timeout: 120_000 });
  const loginForm = await page.evaluate(() => performance.now());
  const loginBytes = bytes;
  // A person takes seconds to type: meanwhile the page loads what it loads while the form waits.
  if (settle) await page.waitForTimeout(TYPING_MS);
  await user.fill('bench');
  await page.getByLabel('Senha').fill('bench-password-123');
  const clicked = await page.evaluate(() => performance.now());
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page
    .getByRole('table', { name: 'Clientes' })
    .getByRole('row')
    .nth(1)
    .waitFor({ timeout: 120_000 });
  const listed = await page.evaluate(() => performance.now());
  await context.close();
  return { loginForm, clientList: listed - clicked, total: listed, loginBytes };
}

export default async function firstscreen(): Promise<void> {
  const root = path.resolve(import.meta.dirname, '../..');
  const given = process.env.FIRSTSCREEN_SPA_DIRS?.split(',').filter(Boolean);
  const dirs = given?.length ? given.map((d) => path.resolve(d)) : [path.join(root, 'dist')];
  if (!given?.length) await build({ root, logLevel: 'warn' });

  const config = loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' });
  const database = await openMemoryDatabase();
  await loadReferenceData(database.db);
  await loadDemoData({ db: database.db, config });
  await upsertUser(database.db, 'bench', 'bench-password-123');
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--lang=pt-BR'],
  });
  console.log(
    `Fast 3G-like (1.6 Mbps, 150 ms RTT), CPU ÷${CPU_SLOWDOWN}, empty cache; median of ${RUNS}`,
  );
  console.log(
    'build                 first screen gzip (on the wire)  login form  client list  (typed at once: list, total)',
  );
  try {
    for (const spaDir of dirs) {
      const app = await buildApp({
        config,
        database,
        jwtSecret: 'bench-secret-that-is-long-enough-for-hs256',
        spaDir,
        logger: false,
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      try {
        const url = `http://127.0.0.1:${port}`;
        const settled: Timing[] = [];
        const atOnce: Timing[] = [];
        for (let i = 0; i < RUNS; i++) {
          settled.push(await measure(browser, url, true));
          atOnce.push(await measure(browser, url, false));
        }
        const kib = measureBundle(spaDir).firstScreenGzip / 1024;
        const wire = median(settled.map((r) => r.loginBytes)) / 1024;
        const s = (runs: Timing[], key: Exclude<keyof Timing, 'loginBytes'>) =>
          `${(median(runs.map((r) => r[key])) / 1000).toFixed(2).padStart(6)} s`;
        console.log(
          `${path.relative(root, spaDir).padEnd(22)}${kib.toFixed(1).padStart(7)} KiB` +
            ` (${wire.toFixed(0).padStart(4)} KiB)      ${s(settled, 'loginForm')}     ${s(settled, 'clientList')}` +
            `      (${s(atOnce, 'clientList')}, ${s(atOnce, 'total')})`,
        );
      } finally {
        await app.close();
      }
    }
  } finally {
    await browser.close();
    await database.close();
  }
}
