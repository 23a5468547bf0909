import fs from 'node:fs';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../shared/dates';
import { closePages, sharedBrowser, screenshot } from '../support/browser';
import { baseUrl, login } from '../support/e2e';

/**
 * Issue 33 end to end on the demo: a model created in Ferramentas → Modelos, two clients whose terminals the demo
 * simulates online made to follow it in the client form, Rebalancear → Validar (the heat map, the orders), the
 * orders exported, Enviar, and both lotes followed until they ended (the buys sent once the sales did).
 */

interface LoteStatus {
  lote_id: string;
  lado: 'compra' | 'venda';
  finished: boolean;
  itens: Array<{ cliente: number; finished: boolean }>;
}

/** An API call with the page's own session (what the SPA stored at login). */
async function api<T>(page: Page, path: string): Promise<T> {
  return page.evaluate(async (url) => {
    const access = localStorage.getItem('access');
    const res = await fetch(url, { headers: { authorization: `Bearer ${access}` } });
    return (await res.json()) as T;
  }, `${baseUrl}/api${path}`);
}

/** Until the fades have reached their end: a screenshot shows the state, not a frame of its animation. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** The page as wide as the window: wide grids scroll inside their box, the page itself never sideways. */
const larguraDaPagina = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

async function screenshots(page: Page, name: string): Promise<void> {
  await settled(page);
  await screenshot(page, `${name}-1280`);
  expect(await larguraDaPagina(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 390, height: 844 });
  await settled(page);
  await screenshot(page, `${name}-390`);
  expect(await larguraDaPagina(page)).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The client form's Modelo, chosen and saved. */
async function seguir(page: Page, cliente: string, modelo: string): Promise<void> {
  const row = page
    .getByRole('table', { name: 'Clientes' })
    .getByRole('row')
    .filter({ hasText: cliente });
  await row.getByRole('button', { name: 'Editar' }).click();
  const dialog = page.getByRole('dialog', { name: 'Editar Cliente' });
  await dialog.getByRole('option', { name: modelo }).waitFor({ state: 'attached' });
  await dialog.getByLabel('Modelo').selectOption({ label: modelo });
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await dialog.waitFor({ state: 'hidden' });
  await expect.poll(() => row.textContent()).toContain(modelo);
}

/** Two clients whose terminals the demo simulates online. */
const CLIENTES = ['Ana Beatriz Carvalho', 'Bruno Henrique Almeida'];

describe('rebalancing a model’s clients, on the demo', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => closePages(browser));

  it('creates a model, attaches two clients, validates, exports, sends, and follows both lotes to their end', async () => {
    const page = await browser.newPage({
      viewport: { width: 1280, height: 900 },
      acceptDownloads: true,
    });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '/ferramentas/modelos');
    await page.getByRole('heading', { name: 'Modelos' }).waitFor();

    // Three stocks the demo quotes, those the two clients hold first, weights 30/30/30 and 10 % cash: whatever
    // else they hold is sold, what they lack is bought.
    const { posicionadas } = await api<{
      posicionadas: Array<{ acao: string; cliente: string; preco_atual: number | null }>;
    }>(page, '/dashboard-rv/');
    const cotadas = posicionadas.filter((p) => p.preco_atual !== null);
    const deles = cotadas.filter((p) => CLIENTES.includes(p.cliente)).map((p) => p.acao);
    const tickers = [...new Set([...deles, ...cotadas.map((p) => p.acao)])].slice(0, 3);
    expect(tickers).toHaveLength(3);
    const nome = `Modelo E2E ${Date.now()}`;
    await page.getByRole('button', { name: 'Novo modelo' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo modelo' });
    await dialog.getByLabel('Nome').fill(nome);
    for (const [i, ticker] of tickers.entries()) {
      if (i > 0) await dialog.getByRole('button', { name: 'Adicionar ação' }).click();
      await dialog.getByLabel(`Ação ${i + 1}`, { exact: true }).selectOption(ticker);
      await dialog.getByLabel(`Peso ${i + 1} (%)`).fill('30');
    }
    const soma = dialog.getByRole('status', { name: 'Soma dos pesos' });
    await expect(soma.textContent()).resolves.toContain('faltam 10 %');
    await dialog.getByLabel('Caixa-alvo (%)').fill('10');
    await expect(soma.textContent()).resolves.toContain('exatamente 100 %');
    await screenshots(page, 'rebalanceamento-modelo');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('table', { name: 'Modelos' })
      .getByRole('row', { name: new RegExp(nome) })
      .waitFor();

    // Two clients the demo's terminals answer online follow it.
    await page.goto(`${baseUrl}/clientes`);
    for (const cliente of CLIENTES) {
      await seguir(page, cliente, nome);
    }
    await page.goto(`${baseUrl}/ferramentas/modelos`);
    const modelo = page
      .getByRole('table', { name: 'Modelos' })
      .getByRole('row', { name: new RegExp(nome) });
    await expect
      .poll(() => modelo.textContent())
      .toContain('Ana Beatriz Carvalho, Bruno Henrique Almeida');
    await screenshots(page, 'rebalanceamento-modelos');

    await modelo.getByRole('link', { name: `Rebalancear ${nome}` }).click();
    await page.getByRole('heading', { name: `Rebalancear ${nome}` }).waitFor();
    await page.getByRole('button', { name: 'Validar' }).click();
    const mapa = page.getByRole('table', { name: 'Mapa de desvios' });
    await mapa.locator('tbody tr').nth(1).waitFor({ timeout: 30_000 });
    const ordens = page.getByRole('table', { name: 'Ordens do rebalanceamento' });
    const vendas = await ordens.locator('tbody tr').filter({ hasText: 'Venda' }).count();
    const compras = await ordens.locator('tbody tr').filter({ hasText: 'Compra' }).count();
    await screenshots(page, 'rebalanceamento-plano');
    expect(vendas).toBeGreaterThan(0);
    expect(compras).toBeGreaterThan(0);

    // The orders as a spreadsheet, from the grid's columns.
    await page.getByRole('button', { name: 'Exportar' }).nth(1).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Excel (.xlsx)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^rebalanceamento-modelo-e2e-\\d+-${todayIso()}-\\d{6}\\.xlsx$`),
    );
    const wb = XLSX.read(fs.readFileSync((await download.path())!));
    const linhas = XLSX.utils.sheet_to_json<unknown[]>(wb.Sheets[wb.SheetNames[0]!]!, {
      header: 1,
    });
    expect(linhas[0]).toEqual(['Cliente', 'Ação', 'Lado', 'Quantidade', 'Legs']);
    expect(linhas.length - 1).toBe(vendas + compras);

    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    const confirmacao = page.getByRole('alertdialog', { name: 'Enviar rebalanceamento' });
    await expect(confirmacao.textContent()).resolves.toContain(`${vendas} venda`);
    await confirmacao.getByRole('button', { name: 'Enviar' }).click();
    const lotes = page.getByRole('region', { name: 'Lotes do rebalanceamento' });
    await lotes.waitFor();
    await screenshots(page, 'rebalanceamento-enviado');

    // Both lotes end: the sales, then the buys sent once each client's sales ended.
    const venda = lotes.getByRole('group', { name: 'Lote de venda' });
    const compra = lotes.getByRole('group', { name: 'Lote de compra' });
    await venda.getByText(/concluído\./).waitFor({ timeout: 120_000 });
    await compra.getByText(/concluído\./).waitFor({ timeout: 120_000 });
    const url = new URL(page.url());
    const [loteVenda, loteCompra] = [
      url.searchParams.get('venda')!,
      url.searchParams.get('compra')!,
    ];
    const statusVenda = await api<LoteStatus>(page, `/lotes/${loteVenda}/`);
    const statusCompra = await api<LoteStatus>(page, `/lotes/${loteCompra}/`);
    expect([statusVenda.lado, statusVenda.finished]).toEqual(['venda', true]);
    expect([statusCompra.lado, statusCompra.finished]).toEqual(['compra', true]);
    await screenshots(page, 'rebalanceamento-lotes');

    // Each lote's page follows it as any lote.
    await compra.getByRole('link', { name: 'Acompanhar o lote de compra' }).click();
    await page.getByText('Lote concluído.').waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });
});
