import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePages, screenshot, sharedBrowser } from '../support/browser';
import { login } from '../support/e2e';

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
});
