import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePages, inViewport, screenshot, sharedBrowser } from '../support/browser';
import { adminPassword, baseUrl, login } from '../support/e2e';

/**
 * Issue 34, item 1: the home screen in Chromium, on the shared server's demo. A client of its own holds one
 * position past its target (a target of R$ 0,01) and one under its stop: the Dashboard lists both first, and the
 * target's item opens the portfolio on POSICIONADAS with that position's Vender. At 1280 and 390 px, screenshots
 * after the page is at rest. Everything it adds is removed at the end.
 */

const NOME = 'Cliente Início E2E';
const TICKER = 'WEGE3';
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's WCAG 2.1 A and AA rules on the page as it is: the serious and critical violations, by rule. */
async function violacoes(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const r = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as { violations: Array<{ id: string; impact: string | null; nodes: unknown[] }> };
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id} (${v.impact}): ${JSON.stringify(v.nodes.slice(0, 3))}`);
  });
}

async function api<T>(token: string | null, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(baseUrl + path, {
    ...init,
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!res.ok)
    throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (res.status === 204 ? null : await res.json()) as T;
}

/** The page at rest: animations over (a screenshot mid-fade shows half of each). */
const emRepouso = (page: Page) =>
  page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );

describe('the home screen, end to end', () => {
  let browser: Browser;
  let token: string;
  let clienteId: number;
  const operacoes: number[] = [];

  beforeAll(async () => {
    browser = await sharedBrowser();
    token = (
      await api<{ access: string }>(null, '/api/token/', {
        method: 'POST',
        body: JSON.stringify({ username: 'admin', password: adminPassword }),
      })
    ).access;
    const acoes = await api<Array<{ id: number; ticker: string }>>(token, '/api/acoes/');
    const acao = acoes.find((a) => a.ticker === TICKER)!;
    clienteId = (
      await api<{ id: number }>(token, '/api/clientes/', {
        method: 'POST',
        body: JSON.stringify({ nome: NOME, percentual_patrimonio: 10 }),
      })
    ).id;
    const base = {
      cliente: clienteId,
      acao: acao.id,
      data_compra: '2025-03-03',
      preco_unitario: 10,
      quantidade: 300,
      data_venda: null,
      preco_venda_unitario: null,
    };
    for (const extra of [{ valor_alvo: 0.01 }, { valor_stop: 9999 }]) {
      const op = await api<{ id: number }>(token, '/api/operacoes/', {
        method: 'POST',
        body: JSON.stringify({ ...base, ...extra }),
      });
      operacoes.push(op.id);
    }
  });
  afterAll(async () => {
    if (token) {
      for (const id of operacoes) await api(token, `/api/operacoes/${id}/`, { method: 'DELETE' });
      if (clienteId) await api(token, `/api/clientes/${clienteId}/`, { method: 'DELETE' });
    }
    await closePages(browser);
  });

  const secao = (page: Page, titulo: string) =>
    page.locator('section').filter({ has: page.getByRole('heading', { name: titulo, level: 2 }) });

  it("lists the day's targets and stops first; a target's item opens its Vender", async () => {
    // The server's CSP would refuse axe's script.
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '/');
    await page.getByRole('heading', { name: 'Dashboard', level: 1 }).waitFor();
    const alvo = secao(page, 'Alvos atingidos').getByRole('link', { name: `${TICKER} — ${NOME}` });
    await alvo.waitFor({ timeout: 30_000 });
    const stop = secao(page, 'Perto do stop').getByRole('link', { name: `${TICKER} — ${NOME}` });
    await stop.waitFor();
    // The furthest past its level comes first: both are the first items of their sections.
    expect(
      await secao(page, 'Alvos atingidos').getByRole('listitem').first().textContent(),
    ).toContain(NOME);
    expect(
      await secao(page, 'Perto do stop').getByRole('listitem').first().textContent(),
    ).toContain(NOME);
    expect(await page.getByText('Resultado do dia').isVisible()).toBe(true);
    expect(await page.getByText('Realizado no mês').isVisible()).toBe(true);
    expect(await inViewport(page, alvo)).toBe(true);
    await emRepouso(page);
    await screenshot(page, 'inicio-1280');
    expect(await violacoes(page)).toEqual([]);

    await alvo.click();
    const venda = page.getByRole('dialog', { name: `Vender ${TICKER}` });
    await venda.getByRole('button', { name: 'Confirmar Venda' }).waitFor();
    const url = new URL(page.url());
    expect(url.pathname).toBe(`/clientes/${clienteId}/carteira`);
    expect(url.searchParams.get('aba')).toBe('posicionadas');
    expect(url.searchParams.get('vender')).toBe(String(operacoes[0]));
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it('on a phone: one column, nothing wider than the screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '/');
    await secao(page, 'Alvos atingidos')
      .getByRole('link', { name: `${TICKER} — ${NOME}` })
      .waitFor({ timeout: 30_000 });
    await emRepouso(page);
    const largura = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(largura).toBeLessThanOrEqual(390);
    await screenshot(page, 'inicio-390');
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);
});
