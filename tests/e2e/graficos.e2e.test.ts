import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../shared/dates';
import { closePages, sharedBrowser, screenshot } from '../support/browser';
import { login } from '../support/e2e';

/** The script chunks the page has asked for, by name (the chart library, the spreadsheet library). */
function chunksPedidos(page: Page) {
  const pedidos: string[] = [];
  page.on('request', (r) => {
    const m = /\/assets\/([^/]+)\.js$/.exec(new URL(r.url()).pathname);
    if (m) pedidos.push(m[1]!);
  });
  return {
    grafico: () => pedidos.some((p) => p.startsWith('lightweight-charts')),
    planilha: () => pedidos.some((p) => p.startsWith('xlsx')),
  };
}

/** Distinct colours painted on the chart's canvases: a blank canvas has one. */
const coresPintadas = (page: Page) =>
  page.evaluate(() => {
    const cores = new Set<string>();
    for (const canvas of document.querySelectorAll<HTMLCanvasElement>('[role=dialog] canvas')) {
      const ctx = canvas.getContext('2d');
      if (!ctx || canvas.width === 0 || canvas.height === 0) continue;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      for (let i = 0; i < data.length; i += 4 * 97)
        cores.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    }
    return cores.size;
  });

/** The menu once its opening animation has ended (a screenshot mid-fade shows it half transparent). */
const menuAberto = (page: Page) =>
  page
    .getByRole('menu')
    .evaluate((menu) => Promise.all(menu.getAnimations({ subtree: true }).map((a) => a.finished)));

const texto = async (page: Page, selector: string) =>
  (await page.locator(selector).allTextContents()).map((t) => t.trim());

describe("a position's price chart and the POSICIONADAS export", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => closePages(browser));

  it('opens the chart of a position (the library loaded only then) and exports POSICIONADAS as shown to XLSX', async () => {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    const chunks = chunksPedidos(page);

    await login(page, '/clientes/1/carteira');
    await page.getByRole('heading', { name: /^\S.+ Carteira$/ }).waitFor();
    const cliente = (await page.getByRole('heading', { name: /Carteira$/ }).textContent())!.replace(
      / Carteira$/,
      '',
    );
    await page.getByRole('tab', { name: 'POSICIONADAS' }).click();
    const tabela = page.getByRole('table', { name: 'Operações posicionadas' });
    const linhas = tabela.locator('tbody tr');
    await linhas.first().waitFor();
    // The quotes fill Preço Atual after the rows.
    await expect
      .poll(async () => (await linhas.first().locator('td').nth(7).textContent())?.trim())
      .not.toBe('—');
    expect(chunks.grafico(), 'the chart library before a chart opens').toBe(false);
    expect(chunks.planilha(), 'the spreadsheet library before an export').toBe(false);

    // The chart of the first position with a target (its legend then names one): a position another journey bought
    // in a lote or a rebalancing has none, and may come first. Its ticker opens it.
    const colunas = await tabela.locator('thead th').allTextContents();
    const toGain = colunas.findIndex((c) => c.startsWith('To Gain'));
    expect(toGain).toBeGreaterThan(0);
    const primeira = linhas
      .filter({ has: page.locator(`td:nth-child(${toGain + 1})`).filter({ hasNotText: '—' }) })
      .first();
    // The ticker as its chart button names it: a position bought in a lote shows a 'lote' link beside it.
    const ticker = (await primeira
      .getByRole('button', { name: /^Gráfico de / })
      .getAttribute('aria-label'))!.replace('Gráfico de ', '');
    const compra = (await primeira.locator('td').nth(1).textContent())!.trim();
    const preco = (await primeira.locator('td').nth(2).textContent())!.trim();
    const historico = page.waitForResponse((r) =>
      r.url().endsWith(`/api/acoes/${ticker}/historico/`),
    );
    await primeira.getByRole('button', { name: `Gráfico de ${ticker}` }).click();
    expect((await historico).status()).toBe(200);
    const dialog = page.getByRole('dialog', { name: `Gráfico — ${ticker}` });
    await dialog.getByText(`Compra em ${compra} a R$ ${preco}`).waitFor();
    const canvas = dialog.locator('canvas').first();
    await canvas.waitFor({ state: 'visible' });
    const caixa = (await canvas.boundingBox())!;
    expect(caixa.width).toBeGreaterThan(600);
    expect(caixa.height).toBeGreaterThan(300);
    await expect.poll(() => coresPintadas(page)).toBeGreaterThan(10);
    expect(chunks.grafico()).toBe(true);
    expect(chunks.planilha()).toBe(false);
    // The legend says what the chart draws: the buy, the target, the current quote.
    const legenda = await dialog.getByLabel('Legenda').textContent();
    expect(legenda).toContain(`Compra ${compra} R$ ${preco}`);
    expect(legenda).toMatch(/Alvo R\$ [\d.]+,\d\d/);
    expect(legenda).toMatch(/Atual R\$ [\d.]+,\d\d/);
    // Switching the kind and the period redraws without another call.
    await dialog.getByRole('button', { name: 'Linha' }).click();
    await dialog.getByRole('button', { name: '1A' }).click();
    await expect
      .poll(() => dialog.getByRole('button', { name: '1A' }).getAttribute('aria-pressed'))
      .toBe('true');
    // The pointer over the chart (its canvases are stacked: the mouse, not one canvas's hover).
    await page.mouse.move(caixa.x + caixa.width / 2, caixa.y + caixa.height / 2);
    await dialog.getByText(/^\d\d\/\d\d\/\d{4} · Abertura R\$ /).waitFor();
    await screenshot(page, 'graficos-posicao-1280');
    await dialog.getByRole('button', { name: 'Fechar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // Sorted by Quantidade, largest first: the export follows the screen's order.
    await tabela.getByRole('button', { name: 'Quantidade' }).click();
    await tabela.getByRole('button', { name: /^Quantidade/ }).click();
    await expect
      .poll(() =>
        tabela.getByRole('columnheader', { name: /^Quantidade/ }).getAttribute('aria-sort'),
      )
      .toBe('descending');
    const cabecalho = (await texto(page, '[aria-label="Operações posicionadas"] thead th')).map(
      // The sort marks: ▲ ▼ on the sorted column, a faint ↕ on the others.
      (h) => h.replace(/[▲▼↕]/g, '').trim(),
    );
    // Ação as its ticker (without a lote's link beside it), the other cells as shown.
    const mostradas = await linhas.evaluateAll((trs) =>
      trs.map((tr) =>
        [...tr.querySelectorAll('td')].map((td, j) =>
          j === 0
            ? td.querySelector('[aria-label^="Gráfico de "]')!.ariaLabel!.replace('Gráfico de ', '')
            : td.textContent!.trim(),
        ),
      ),
    );

    await page.getByRole('button', { name: 'Exportar' }).click();
    await menuAberto(page);
    await screenshot(page, 'graficos-exportar-1280');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click(),
    ]);
    const slug = cliente
      .normalize('NFD')
      .replace(/\p{Diacritic}/gu, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-');
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^posicionadas-${slug}-${todayIso()}-\\d{6}\\.xlsx$`),
    );
    expect(chunks.planilha()).toBe(true);

    const wb = XLSX.read(fs.readFileSync((await download.path())!), { cellNF: true });
    const ws = wb.Sheets[wb.SheetNames[0]!]!;
    const aoa = XLSX.utils.sheet_to_json<unknown[]>(ws, { header: 1, raw: true, defval: null });
    // Every column but the row buttons, in the grid's order.
    expect(aoa[0]).toEqual(cabecalho.filter((h) => h !== 'Ações'));
    expect(aoa).toHaveLength(mostradas.length + 1);
    const numero = (s: string) => Number(s.replace(/\./g, '').replace(',', '.'));
    mostradas.forEach((linha, i) => {
      const r = i + 2;
      // Ação, then Data Compra as a date shown dd/mm/aaaa.
      expect(ws[`A${r}`]?.v).toBe(linha[0]);
      expect([ws[`B${r}`]?.t, ws[`B${r}`]?.w]).toEqual(['n', linha[1]]);
      // Preço Unitário, Quantidade, Valor Total Compra, Alvo: numbers, as shown once formatted.
      for (const [coluna, j] of [
        ['C', 2],
        ['D', 3],
        ['E', 4],
        ['F', 5],
      ] as const) {
        if (linha[j] === '—') {
          // Nothing shown (a position bought without a target, as a rebalancing's): nothing exported.
          expect(ws[`${coluna}${r}`]?.v ?? null, `${coluna}${r}`).toBeNull();
          continue;
        }
        expect(ws[`${coluna}${r}`]?.t, `${coluna}${r}`).toBe('n');
        expect(ws[`${coluna}${r}`]?.v).toBeCloseTo(numero(linha[j]!), 2);
      }
      expect(ws[`D${r}`]?.z).toBe('#,##0');
      expect(ws[`C${r}`]?.z).toBe('"R$" #,##0.00');
      // Variação (%): a percentage, 12,35 shown is 0.1235 stored.
      expect(ws[`I${r}`]?.z).toBe('0.00%');
      expect((ws[`I${r}`]?.v as number) * 100).toBeCloseTo(numero(linha[8]!), 2);
    });
    expect(mostradas.map((l) => numero(l[3]!))).toEqual(
      [...mostradas.map((l) => numero(l[3]!))].sort((a, b) => b - a),
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the chart and the export menu at 390 px', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '/clientes/1/carteira');
    await page.getByRole('tab', { name: 'POSICIONADAS' }).click();
    const tabela = page.getByRole('table', { name: 'Operações posicionadas' });
    await tabela.locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Exportar' }).click();
    await menuAberto(page);
    await screenshot(page, 'graficos-exportar-390');
    await page.keyboard.press('Escape');

    await tabela
      .getByRole('button', { name: /^Gráfico de / })
      .first()
      .click();
    const dialog = page.getByRole('dialog', { name: /^Gráfico — / });
    const canvas = dialog.locator('canvas').first();
    await canvas.waitFor({ state: 'visible' });
    const caixa = (await canvas.boundingBox())!;
    // The chart fits the phone's width.
    expect(caixa.x).toBeGreaterThanOrEqual(0);
    expect(caixa.x + caixa.width).toBeLessThanOrEqual(390);
    await expect.poll(() => coresPintadas(page)).toBeGreaterThan(10);
    await screenshot(page, 'graficos-posicao-390');
    expect(errors).toEqual([]);
  });
});
