import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../shared/dates';
import { formatDate } from '../../shared/format';
import { parseDecimal } from '../../src/lib/decimal';
import { closePages, sharedBrowser, screenshot } from '../support/browser';
import { baseUrl, login } from '../support/e2e';

interface LoteStatus {
  lote_id: string;
  finished: boolean;
  executed_all: boolean;
  itens: Array<{ cliente: number; nome: string; executed_all: boolean }>;
}

/** An API call with the page's own session (what the SPA stored at login). */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const access = localStorage.getItem('access');
    const res = await fetch(url, { headers: { authorization: `Bearer ${access}` } });
    return (await res.json()) as T;
  }, `${baseUrl}/api${path}`);
}

/** The lote's status as the screen polls it, until it has ended. */
async function untilFinished(page: Page): Promise<LoteStatus> {
  for (;;) {
    const res = await page.waitForResponse(
      (r) => /\/api\/lotes\/[0-9a-f-]{36}\/$/.test(new URL(r.url()).pathname),
      { timeout: 60_000 },
    );
    const status = (await res.json()) as LoteStatus;
    if (status.finished) return status;
  }
}

/** Until the bars and fades have reached their end: a screenshot shows the state, not a frame of its animation. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** The newest lote in Lotes recentes, once its row counts no order in flight (the list reloads when it ends). */
async function recenteTerminado(page: Page): Promise<string[]> {
  const row = page.getByRole('table', { name: 'Lotes recentes' }).locator('tbody tr').first();
  await expect.poll(() => row.locator('td').nth(7).textContent(), { timeout: 15_000 }).toBe('0');
  return row.locator('td').allTextContents();
}

describe('the boleta em lote, on the demo', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => closePages(browser));

  it('distributes a recommendation to the demo clients, watches it end, sees it in two portfolios, and sells it for everyone', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '/controle-rv');
    await page.getByRole('tab', { name: 'RECOMENDAÇÕES' }).click();
    const grid = page.getByRole('table', { name: 'Recomendações' });
    await grid.locator('tbody tr td + td').first().waitFor();

    // A recommended stock nobody holds open: afterwards, "everyone who holds it" is exactly the lote's clients.
    const abertas = await api<{ posicionadas: Array<{ acao: string }> }>(page, '/dashboard-rv/');
    const held = new Set(abertas.posicionadas.map((p) => p.acao));
    const recomendadas = await api<Array<{ ticker: string }>>(page, '/recomendacoes/');
    const ticker = recomendadas.map((r) => r.ticker).find((t) => !held.has(t));
    expect(ticker).toBeDefined();
    await grid.getByRole('link', { name: `Ordem em lote de ${ticker}` }).click();

    await page.getByRole('heading', { name: 'Ordem em lote' }).waitFor();
    await expect(page.getByLabel('Ação', { exact: true }).inputValue()).resolves.toBe(ticker);
    // The suggested target, shown in pt-BR (46,31).
    expect(parseDecimal(await page.getByLabel('Alvo (TP)').inputValue())).toBeGreaterThan(0);
    await page.getByLabel('Percentual do valor disponível (%)').fill('5');
    await page.getByRole('button', { name: 'Validar' }).click();
    const clientes = page.getByRole('table', { name: 'Clientes do lote' });
    await clientes.getByRole('row').nth(1).waitFor();
    // Every demo client is listed; the online ones with money are ticked, the others say why not.
    expect(await clientes.locator('tbody tr').count()).toBe(12);
    const marcados = await clientes.locator('tbody input[type=checkbox]:checked').count();
    expect(marcados).toBeGreaterThanOrEqual(2);
    await expect(
      clientes.getByText('AutoTrading desativado no terminal.').count(),
    ).resolves.toBeGreaterThan(0);
    await settled(page);
    await screenshot(page, 'lotes-compra-validada');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'lotes-compra-validada-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const confirmacao = page.getByRole('alertdialog', { name: 'Enviar ordem em lote' });
    await expect(confirmacao.textContent()).resolves.toContain(`${marcados} clientes`);
    const finished = untilFinished(page);
    await confirmacao.getByRole('button', { name: 'Enviar' }).click();
    const compra = await finished;
    expect(compra.executed_all).toBe(true);
    expect(compra.itens).toHaveLength(marcados);
    await page.getByText('Lote concluído.').waitFor();
    await expect(page.getByText(/^Executadas por completo:/).textContent()).resolves.toBe(
      `Executadas por completo: ${marcados} · Em parte: 0 · Falharam: 0`,
    );
    expect((await recenteTerminado(page)).slice(1, 5)).toEqual([
      'Compra',
      ticker,
      String(marcados),
      String(marcados),
    ]);
    await settled(page);
    await screenshot(page, 'lotes-compra-concluida');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'lotes-compra-concluida-390');
    await page.setViewportSize({ width: 1280, height: 900 });

    // Two of the clients: an ordinary operation of today in their portfolios, with the lote noted.
    const hoje = formatDate(todayIso());
    for (const item of compra.itens.slice(0, 2)) {
      await page.goto(`${baseUrl}/clientes/${item.cliente}/carteira`);
      await page.getByText('Aguarde, carregando dados da carteira...').waitFor({ state: 'hidden' });
      await page.getByRole('tab', { name: 'POSICIONADAS' }).click();
      const row = page
        .getByRole('table', { name: 'Operações posicionadas' })
        .getByRole('row')
        .filter({ hasText: ticker! })
        .filter({ hasText: hoje });
      await row.waitFor();
      await row.getByRole('link', { name: `Ver o lote de ${ticker}` }).waitFor();
    }
    await screenshot(page, 'lotes-carteira');

    // Sell it for everyone: the Ordens menu, Venda em lote, the stock; every holder is ticked.
    await page.getByRole('button', { name: 'Ordens' }).click();
    await page.getByRole('menuitem', { name: 'Nova ordem em lote' }).click();
    await page.getByRole('tab', { name: 'Venda em lote' }).click();
    await page.getByRole('combobox', { name: 'Ação' }).selectOption(ticker!);
    const operacoes = page.getByRole('table', { name: 'Operações da venda' });
    await operacoes.locator('tbody tr').first().waitFor();
    expect(await operacoes.locator('tbody input[type=checkbox]:checked').count()).toBe(marcados);
    await settled(page);
    await screenshot(page, 'lotes-venda');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'lotes-venda-390');
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.getByRole('button', { name: 'Enviar venda' }).click();
    const vendaFinished = untilFinished(page);
    await page
      .getByRole('alertdialog', { name: 'Enviar venda em lote' })
      .getByRole('button', { name: 'Vender' })
      .click();
    const venda = await vendaFinished;
    expect(venda.executed_all).toBe(true);
    expect(venda.itens.map((i) => i.cliente).sort()).toEqual(
      compra.itens.map((i) => i.cliente).sort(),
    );
    await page.getByText('Lote concluído.').waitFor();
    expect((await recenteTerminado(page)).slice(1, 5)).toEqual([
      'Venda',
      ticker,
      String(marcados),
      String(marcados),
    ]);
    await settled(page);
    await screenshot(page, 'lotes-venda-concluida');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'lotes-venda-concluida-390');
    // On a narrow screen the Ordens entry is in the one menu.
    await page
      .getByRole('navigation', { name: 'Principal' })
      .getByRole('button', { name: 'Menu' })
      .click();
    await page.getByRole('menuitem', { name: 'Nova ordem em lote' }).click();
    await page.getByRole('button', { name: 'Validar' }).waitFor();
    await page.setViewportSize({ width: 1280, height: 900 });

    const depois = await api<{ posicionadas: Array<{ acao: string }> }>(page, '/dashboard-rv/');
    expect(depois.posicionadas.filter((p) => p.acao === ticker)).toEqual([]);
    await page.goto(`${baseUrl}/clientes/${compra.itens[0]!.cliente}/carteira`);
    await page.getByText('Aguarde, carregando dados da carteira...').waitFor({ state: 'hidden' });
    await page.getByRole('tab', { name: 'REALIZADAS' }).click();
    const realizada = page
      .getByRole('table', { name: 'Operações realizadas' })
      .getByRole('row')
      .filter({ hasText: ticker! });
    await realizada.waitFor();
    expect(await realizada.getByText(hoje).count()).toBe(2);
    expect(errors).toEqual([]);
    await page.close();
  });
});
