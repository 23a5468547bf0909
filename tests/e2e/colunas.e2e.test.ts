import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePages, screenshot, sharedBrowser } from '../support/browser';
import { login } from '../support/e2e';

const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

/** axe-core's WCAG 2.1 A/AA serious and critical violations on the page as it is: rule and elements. */
async function violacoes(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const r = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as {
      violations: Array<{ id: string; impact: string | null; nodes: Array<{ target: unknown }> }>;
    };
    return r.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${JSON.stringify(v.nodes.slice(0, 3).map((n) => n.target))}`);
  });
}

/**
 * Issue 34, rough edge 1: at 1280 px every column of the specification is in view in POSICIONADAS and REALIZADAS
 * (the portfolio's and the control panel's) without sideways scrolling; on a phone the figures come first.
 */

/** How far the grid scrolls sideways: its scrolling box's scrollWidth beyond its clientWidth. */
const excesso = (page: Page, tabela: string) =>
  page.getByRole('table', { name: tabela }).evaluate((t) => {
    const box = t.parentElement!;
    return box.scrollWidth - box.clientWidth;
  });

/** The column headers' text, in order. */
const cabecalhos = (page: Page, tabela: string) =>
  page
    .getByRole('table', { name: tabela })
    .locator('thead th')
    .evaluateAll((ths) => ths.map((th) => th.textContent!.replace(/[▲▼↕]/g, '').trim()));

async function aba(page: Page, nome: string, tabela: string) {
  await page.getByRole('tab', { name: nome, exact: true }).click();
  await page.getByRole('table', { name: tabela }).locator('tbody tr td + td').first().waitFor();
}

describe('the grids fit the screen', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => closePages(browser));

  it('at 1280 px: the portfolio and the control panel without sideways scrolling', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await login(page, '/clientes/1/carteira');
    await page.getByText('Aguarde, carregando dados da carteira...').waitFor({ state: 'hidden' });

    await aba(page, 'POSICIONADAS', 'Operações posicionadas');
    expect(await excesso(page, 'Operações posicionadas')).toBeLessThanOrEqual(0);
    expect(await cabecalhos(page, 'Operações posicionadas')).toEqual(
      expect.arrayContaining(['To Gain (%)', 'Resultado (R$)', 'Ações']),
    );
    await screenshot(page, 'colunas-posicionadas-1280');

    await aba(page, 'REALIZADAS', 'Operações realizadas');
    expect(await cabecalhos(page, 'Operações realizadas')).toEqual(
      expect.arrayContaining(['Valor Resultado', 'Ações']),
    );
    expect(await excesso(page, 'Operações realizadas')).toBeLessThanOrEqual(0);
    await screenshot(page, 'colunas-realizadas-1280');

    await page.goto(page.url().replace(/\/clientes.*$/, '/controle-rv'));
    const painel = page.getByRole('table', { name: 'Posicionadas' });
    await painel.locator('tbody tr td + td').first().waitFor();
    expect(await excesso(page, 'Posicionadas')).toBeLessThanOrEqual(0);
    await screenshot(page, 'colunas-painel-1280');

    await aba(page, 'EXPOSIÇÃO', 'Exposição por ação');
    expect(await excesso(page, 'Exposição por ação')).toBeLessThanOrEqual(0);
    await screenshot(page, 'exposicao-1280');
  });

  it('at 390 px: the figures first, after the ticker', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await login(page, '/clientes/1/carteira');
    await page.getByText('Aguarde, carregando dados da carteira...').waitFor({ state: 'hidden' });
    await aba(page, 'POSICIONADAS', 'Operações posicionadas');
    expect((await cabecalhos(page, 'Operações posicionadas')).slice(0, 4)).toEqual([
      'Ação',
      'Variação (%)',
      'Resultado (R$)',
      'To Gain (%)',
    ]);
    await screenshot(page, 'colunas-posicionadas-390');
    await page.goto(page.url().replace(/\/clientes.*$/, '/controle-rv'));
    await page
      .getByRole('table', { name: 'Posicionadas' })
      .locator('tbody tr td + td')
      .first()
      .waitFor();
    expect((await cabecalhos(page, 'Posicionadas')).slice(0, 4)).toEqual([
      'Cliente',
      'Ação',
      'Variação (%)',
      'Resultado (R$)',
    ]);
    await screenshot(page, 'colunas-painel-390');
    await aba(page, 'EXPOSIÇÃO', 'Exposição por ação');
    await screenshot(page, 'exposicao-390');
  });

  it('EXPOSIÇÃO with a row opened, and the top bar search with its matches: no serious axe violation', async () => {
    // The server's CSP would refuse axe's script.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    await login(page, '/controle-rv');
    await aba(page, 'EXPOSIÇÃO', 'Exposição por ação');
    const grid = page.getByRole('table', { name: 'Exposição por ação' });
    await grid
      .getByRole('button', { name: /^Clientes com / })
      .first()
      .click();
    const lista = page.getByRole('list', { name: /^Clientes com / }).first();
    await lista.getByRole('link').first().waitFor();
    await page.getByRole('button', { name: 'Por setor' }).waitFor();
    expect(await violacoes(page)).toEqual([]);
    await screenshot(page, 'exposicao-aberta-1280');

    // '/' focuses the search; a match opens its portfolio.
    await page.locator('body').click({ position: { x: 5, y: 300 } });
    await page.keyboard.press('/');
    await page.keyboard.type('ana');
    const achados = page.getByRole('listbox', { name: 'Clientes encontrados' });
    await achados.getByRole('option').first().waitFor();
    expect(await violacoes(page)).toEqual([]);
    await screenshot(page, 'busca-cliente-1280');
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: / Carteira$/ }).waitFor();
  });
});
