import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../shared/dates';
import { formatDate } from '../../shared/format';
import { DEMO_AJUSTADO_ATE, demoCalendario } from '../../server/seed/demo-precos';
import { closePages, sharedBrowser, screenshot } from '../support/browser';
import { login } from '../support/e2e';

/** One column's text, top to bottom, of a table by its accessible name. */
const column = (page: Page, table: string, index: number) =>
  page
    .getByRole('table', { name: table })
    .locator('tbody tr:not([aria-hidden])')
    .evaluateAll(
      (rows, i) => rows.map((r) => r.querySelectorAll('td')[i]?.textContent ?? ''),
      index,
    );

const ptBr = (text: string) => Number(text.replace(/\./g, '').replace(',', '.'));

/** The demo's last session: the bundled history's, laid on the weekday before the database was created (today). */
const ULTIMO_PREGAO = formatDate(demoCalendario(todayIso())(DEMO_AJUSTADO_ATE));
const collator = new Intl.Collator('pt-BR');

describe('control panel and recommendations, on the demo data', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => closePages(browser));

  it('POSICIONADAS: every open position, sorted by client; filters, Limpar Filtros, sorting', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '/controle-rv');
    const table = page.getByRole('table', { name: 'Posicionadas' });
    await table.locator('tbody tr').first().waitFor();
    await page.waitForFunction(() =>
      document.querySelector('table[aria-label="Posicionadas"] tbody td + td'),
    );

    const clientes = await column(page, 'Posicionadas', 0);
    expect(clientes.length).toBeGreaterThan(10);
    expect(clientes).toEqual([...clientes].sort(collator.compare));
    await screenshot(page, 'controle-rv-posicionadas');

    const escolhido = clientes[clientes.length - 1]!;
    await page.getByLabel('Cliente', { exact: true }).selectOption(escolhido);
    const filtrados = await column(page, 'Posicionadas', 0);
    expect(new Set(filtrados)).toEqual(new Set([escolhido]));
    expect(filtrados.length).toBeLessThan(clientes.length);
    const acao = (await column(page, 'Posicionadas', 1))[0]!;
    await page.getByLabel('Ação').selectOption(acao);
    expect(await column(page, 'Posicionadas', 1)).toEqual(
      (await column(page, 'Posicionadas', 1)).map(() => acao),
    );
    await page.getByRole('button', { name: 'Limpar Filtros' }).click();
    expect(await column(page, 'Posicionadas', 0)).toEqual(clientes);
    expect(await page.getByRole('button', { name: 'Limpar Filtros' }).count()).toBe(0);

    await table.getByRole('button', { name: 'Variação (%)' }).click();
    const variacoes = (await column(page, 'Posicionadas', 7)).filter((v) => v !== '—').map(ptBr);
    expect(variacoes).toEqual([...variacoes].sort((a, b) => a - b));
    // Green when ≥ 0, red below.
    const cores = await table
      .locator('tbody tr td:nth-child(8) span')
      .evaluateAll((spans) => spans.map((s) => [s.textContent, getComputedStyle(s).color]));
    const [negativo, positivo] = [cores[0]!, cores[cores.length - 1]!];
    expect(ptBr(negativo[0]!)).toBeLessThan(0);
    expect(negativo[1]).toMatch(/^rgb\(2\d\d, \d{1,2}, \d{1,2}\)$/);
    expect(ptBr(positivo[0]!)).toBeGreaterThanOrEqual(0);
    expect(positivo[1]).toMatch(/^rgb\(\d{1,2}, 1\d\d, \d{1,2}\)$/);

    await page.getByRole('button', { name: 'Atualizar' }).click();
    await table.locator('tbody tr').first().waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('PATRIMÔNIO DISPONÍVEL and RECOMENDAÇÕES tabs; Atualizar recomputes', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await login(page, '/controle-rv');
    await page.getByRole('tab', { name: 'PATRIMÔNIO DISPONÍVEL' }).click();
    const patrimonio = page.getByRole('table', { name: 'Patrimônio disponível' });
    await patrimonio.locator('tbody tr td + td').first().waitFor();
    expect(
      await patrimonio.getByRole('columnheader').evaluateAll((hs) => hs.map((h) => h.textContent)),
    ).toEqual(['Código ↕', 'Nome ▲', 'Patrimônio ↕', 'Total Consolidado ↕', 'Valor Disponível ↕']);
    expect((await column(page, 'Patrimônio disponível', 1)).length).toBeGreaterThan(5);

    await page.getByRole('tab', { name: 'RECOMENDAÇÕES' }).click();
    const grid = page.getByRole('table', { name: 'Recomendações' });
    await grid.locator('tbody tr td + td').first().waitFor();
    // The specification's 22 columns, then the row action (an order for many clients, issue 16).
    expect(await grid.getByRole('columnheader').count()).toBe(23);
    const panel = page.getByRole('tabpanel', { name: 'RECOMENDAÇÕES' });
    await panel.getByRole('button', { name: 'Atualizar' }).click();
    await expect(panel.getByRole('status').textContent({ timeout: 30_000 })).resolves.toMatch(
      new RegExp(`^\\d+ recomendaç(ão|ões) para ${ULTIMO_PREGAO} \\(\\d+ ações analisadas\\)\\.$`),
    );
    const probabilidades = (await column(page, 'Recomendações', 7)).map(ptBr);
    expect(probabilidades.length).toBeGreaterThan(0);
    expect(probabilidades.every((p) => p >= 50)).toBe(true);
    expect(probabilidades).toEqual([...probabilidades].sort((a, b) => b - a));
    expect(await grid.getByRole('img', { name: /^(Sim|Não)$/ }).count()).toBe(
      probabilidades.length * 4,
    );
    await grid.getByRole('button', { name: 'Ticker' }).click();
    const tickers = await column(page, 'Recomendações', 0);
    expect(tickers).toEqual([...tickers].sort(collator.compare));
    await screenshot(page, 'controle-rv-recomendacoes');
    await page.close();
  });

  it('/recomendacoes: the same grid, Atualizar shows the server’s message (narrow screen too)', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await login(page, '/recomendacoes');
    await page.getByRole('heading', { name: 'Recomendações' }).waitFor();
    const grid = page.getByRole('table', { name: 'Recomendações' });
    await grid.locator('tbody tr td + td').first().waitFor();
    expect(
      await grid
        .getByRole('columnheader')
        .evaluateAll((hs) => hs.map((h) => h.textContent?.replace(/ ↕$/, ''))),
    ).toEqual([
      'Ticker',
      'Empresa',
      'Setor',
      'Data',
      'Preço compra',
      'Alvo sugerido',
      '% Estimado',
      'Probabilidade',
      'Vezes alvo 1m',
      'Cruza médias',
      'OBV',
      'Volume',
      'WMA602',
      'MIN',
      'MAX',
      'AMPLITUDE',
      'AMP A×F',
      'AMP MX×MN',
      'A×F',
      'ALVO',
      'ALTA',
      'BAIXA',
    ]);
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await expect(page.getByRole('status').textContent({ timeout: 30_000 })).resolves.toMatch(
      new RegExp(`para ${ULTIMO_PREGAO}`),
    );
    await screenshot(page, 'recomendacoes-narrow');
    await page.close();
  });
});
