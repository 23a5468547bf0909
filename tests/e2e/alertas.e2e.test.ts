import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatNumber } from '../../shared/format';
import { ALERTAS_POLL_MS } from '../../src/api/alertas';
import { closePages, inViewport, screenshot, sharedBrowser } from '../support/browser';
import { startFakeYahoo, type FakeYahoo } from '../support/fake-yahoo';
import { freePort } from '../support/server-process';

/**
 * Alerts end to end (issue 31): a target reached by a moving quote shows in the bell, and the panel's item opens the
 * portfolio with the position and its Vender. A server of its own (the shared e2e server's quotes do not move):
 * `npm start`'s server on the build the shared one made, its quotes from a fake Yahoo the test moves, its checks
 * every second (ALERTAS_SEGUNDOS=1). The stock starts left out of Yahoo's answers, so the server quotes it at its
 * stored close and asks Yahoo again at every check: the move is seen at the next one.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const NOME = 'Cliente Alertas E2E';
// A stock of the bundled price history: its stored close is the quote before the move.
const TICKER = 'WEGE3';

interface Servidor {
  url: string;
  senha: string;
  stop(): Promise<void>;
}

async function startServidor(yahoo: FakeYahoo, dataDir: string): Promise<Servidor> {
  const port = await freePort();
  // One process, as `npm start` runs it (tsx's loader), without tsx's own process between the signal and the server.
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      QUOTES_PROVIDER: 'yahoo',
      YAHOO_BASE_URL: yahoo.url,
      ALERTAS_SEGUNDOS: '1',
      // The demo's MT5 simulators beside the shared e2e server's.
      MT5_AGENT_PORT: String(await freePort()),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (d) => (output += d));
  child.stderr!.on('data', (d) => (output += d));
  const closed = new Promise((resolve) => child.on('close', resolve));
  const deadline = Date.now() + 150_000;
  while (!/password: \S+/.test(output) && child.exitCode === null && Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 200));
  }
  const senha = /password: (\S+)/.exec(output)?.[1];
  const stop = async () => {
    try {
      process.kill(child.pid!, 'SIGTERM');
    } catch {
      return;
    }
    const killer = setTimeout(() => child.kill('SIGKILL'), 60_000);
    await closed;
    clearTimeout(killer);
    // As the shared server's (global-setup.ts): its checks and e-mails end with it.
    if (!/Stopped cleanly/.test(output)) {
      throw new Error(
        `the alerts' server did not stop cleanly on SIGTERM:\n${output.slice(-2000)}`,
      );
    }
  };
  if (!senha) {
    await stop().catch(() => undefined);
    throw new Error(`the alerts' server did not come up:\n${output}`);
  }
  return { url: `http://127.0.0.1:${port}`, senha, stop };
}

/** The page at rest: its dialogs' opening animations over (a screenshot mid-fade shows half of each). */
const emRepouso = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

describe('alerts, end to end', () => {
  let browser: Browser;
  let yahoo: FakeYahoo;
  let servidor: Servidor | undefined;
  let token: string;
  let clienteId: number;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'carteira-rv-alertas-e2e-'));

  async function api<T>(pathname: string, init: RequestInit = {}): Promise<T> {
    const res = await fetch(servidor!.url + pathname, {
      ...init,
      headers: {
        ...(init.body ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
    });
    if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  async function entrar(width: number, pathname: string): Promise<Page> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    // The page's timers on Playwright's clock: it runs as a real one, and the test jumps it forward to the bell's
    // next poll instead of waiting up to ALERTAS_POLL_MS (30 s) for it.
    await page.clock.install();
    const { login } = await import('../support/e2e');
    await login(page, pathname, { baseUrl: servidor!.url, adminPassword: servidor!.senha });
    return page;
  }

  const naoLidas = async (page: Page) => {
    const rotulo = await page
      .getByRole('button', { name: /^Notificações:/ })
      .getAttribute('aria-label');
    return Number(/(\d+) não lida/.exec(rotulo ?? '')?.[1] ?? 0);
  };

  beforeAll(async () => {
    // The shared e2e server is up once `npm start` has built dist/, which this server serves too.
    await import('../support/e2e');
    browser = await sharedBrowser();
    yahoo = await startFakeYahoo();
    yahoo.setQuote(`${TICKER}.SA`, null);
    servidor = await startServidor(yahoo, dataDir);
    token = (
      await api<{ access: string }>('/api/token/', {
        method: 'POST',
        body: JSON.stringify({ username: 'admin', password: servidor.senha }),
      })
    ).access;
    clienteId = (
      await api<{ id: number }>('/api/clientes/', {
        method: 'POST',
        body: JSON.stringify({ nome: NOME, percentual_patrimonio: 10 }),
      })
    ).id;
  }, 240_000);

  afterAll(async () => {
    await closePages(browser);
    await servidor?.stop();
    await yahoo?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);

  it('a target reached by a moving quote: the bell counts it, its item opens the position and its Vender', async () => {
    // The quote before the move: the stored close (Yahoo leaves the stock out).
    const antes = (
      await api<Record<string, { preco_atual: number }>>('/api/cotacoes-atuais/', {
        method: 'POST',
        body: JSON.stringify({ tickers: [`${TICKER}.SA`] }),
      })
    )[`${TICKER}.SA`]!.preco_atual;
    const alvo = Math.round(antes * 105) / 100;
    const stop = Math.round(antes * 90) / 100;

    const acao = (await api<Array<{ ticker: string; empresa: string | null }>>('/api/acoes/')).find(
      (a) => a.ticker === TICKER,
    )!;

    const page = await entrar(1280, `/clientes/${clienteId}/carteira`);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.getByRole('heading', { name: `${NOME} Carteira` }).waitFor();
    await page.getByRole('button', { name: 'Nova Operação' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Operação' });
    await dialog.getByLabel('Ação').selectOption({ label: `${TICKER} — ${acao.empresa}` });
    await dialog.getByLabel('Data Compra').fill('01/10/2025');
    await dialog.getByLabel('Preço Unitário').fill(formatNumber(antes));
    await dialog.getByLabel('Quantidade').fill('100');
    await dialog.getByLabel('Valor Alvo').fill(formatNumber(alvo));
    await dialog.getByLabel('Valor Stop').fill(formatNumber(stop));
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: 'POSICIONADAS' }).click();
    const posicao = page
      .getByRole('table', { name: 'Operações posicionadas' })
      .getByRole('row')
      .filter({ hasText: TICKER });
    await posicao.waitFor();
    expect(await posicao.textContent()).toContain(formatNumber(antes));
    const antesDoAlvo = await naoLidas(page);

    // The quote moves past the target: the server's next check (every second) fires it, the bell's next poll
    // counts it. The page's clock jumps to that poll, again until the check has fired: no poll comes sooner than
    // ALERTAS_POLL_MS after the last (a jump shorter than it would bring none).
    yahoo.setQuote(`${TICKER}.SA`, alvo + 0.3);
    await expect
      .poll(
        async () => {
          await page.clock.fastForward(ALERTAS_POLL_MS);
          return naoLidas(page);
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBeGreaterThan(antesDoAlvo);

    await page.getByRole('button', { name: /^Notificações:/ }).click();
    const painel = page.getByRole('dialog', { name: 'Notificações' });
    const item = painel.getByRole('link', {
      name: new RegExp(`^${TICKER} atingiu o alvo de R\\$ ${formatNumber(alvo)} .*${NOME}\\.$`),
    });
    // Among the demo's own alerts (divergences, targets) the panel lists it, newest first.
    await item.waitFor({ timeout: 45_000 });
    expect(await inViewport(page, item)).toBe(true);
    await emRepouso(page);
    await screenshot(page, 'alertas-painel-alvo-1280');

    await item.click();
    const venda = page.getByRole('dialog', { name: `Vender ${TICKER}` });
    await venda.getByRole('button', { name: 'Confirmar Venda' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/clientes/${clienteId}/carteira`);
    expect(new URL(page.url()).searchParams.get('aba')).toBe('posicionadas');
    await emRepouso(page);
    await screenshot(page, 'alertas-vender-1280');
    await venda.getByRole('button', { name: 'Cancelar' }).click();
    await venda.waitFor({ state: 'hidden' });
    await posicao.getByRole('button', { name: `Vender ${TICKER}` }).waitFor();
    // The position shows the quote that fired it.
    await page.getByRole('button', { name: 'Atualizar cotações' }).click();
    await expect
      .poll(async () => posicao.textContent(), { timeout: 15_000 })
      .toContain(formatNumber(alvo + 0.3));
    expect(errors).toEqual([]);
    await page.close();
  }, 240_000);

  it('the panel and the Alertas page at 1280 and 390 px', async () => {
    for (const width of [1280, 390]) {
      const page = await entrar(width, '/alertas');
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      const tabela = page.getByRole('table', { name: 'Alertas' });
      await tabela.getByRole('row').filter({ hasText: NOME }).first().waitFor();
      await screenshot(page, `alertas-pagina-${width}`);
      await page.getByRole('tab', { name: 'Regras de preço' }).click();
      await page.getByRole('button', { name: 'Criar regra' }).waitFor();
      await screenshot(page, `alertas-regras-${width}`);
      await page.getByRole('tab', { name: 'Preferências' }).click();
      await page.getByRole('button', { name: 'Salvar preferências' }).waitFor();
      await screenshot(page, `alertas-preferencias-${width}`);

      const sino = page.getByRole('button', { name: /^Notificações:/ });
      expect(await inViewport(page, sino)).toBe(true);
      await sino.click();
      const painel = page.getByRole('dialog', { name: 'Notificações' });
      await painel.getByRole('listitem').first().waitFor();
      await emRepouso(page);
      await screenshot(page, `alertas-painel-${width}`);
      expect(
        await inViewport(page, painel.getByRole('button', { name: 'Marcar todas como lidas' })),
      ).toBe(true);
      expect(errors).toEqual([]);
      await page.close();
    }
  }, 120_000);
});
