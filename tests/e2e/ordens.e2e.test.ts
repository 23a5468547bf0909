import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { todayIso } from '../../shared/dates';
import { formatDate } from '../../shared/format';
import { inViewport, closePages, sharedBrowser, screenshot } from '../support/browser';
import { login } from '../support/e2e';

// The second demo client's VM answers online, through an in-process simulator trading at the demo quotes.
const CLIENTE_ONLINE = 2;

describe('MT5 orders in the portfolio', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => closePages(browser));

  it('buys 250 shares of a recommended stock at market, sees it open, sells it and sees it realised', async () => {
    // The screen the issue was seen on: at 1280x800 the dialog's form scrolls, its progress must not.
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, `/clientes/${CLIENTE_ONLINE}/carteira`);
    await page.getByText('Aguarde, carregando dados da carteira...').waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Nova Compra (MT5)' }).click();
    const compra = page.getByRole('dialog', { name: 'Nova Compra (MT5)' });
    await compra.getByRole('button', { name: 'Selecionar recomendação' }).click();
    const picker = page.getByRole('dialog', { name: 'Selecionar recomendação' });
    const first = picker.getByRole('button', { name: /^Selecionar [A-Z]{4}\d+$/ }).first();
    const ticker = ((await first.getAttribute('aria-label')) ?? '').replace('Selecionar ', '');
    expect(ticker).toMatch(/^[A-Z]{4}\d+$/);
    await first.click();
    await expect(compra.getByLabel('Ticker').inputValue()).resolves.toBe(ticker);

    await compra.getByLabel('Quantidade de ações').fill('250');
    await compra.getByRole('button', { name: 'Validar' }).click();
    const legs = compra.getByRole('table', { name: 'Pernas sugeridas' });
    await legs.waitFor();
    await expect(
      legs.getByLabel(`Quantidade ${ticker}`, { exact: true }).inputValue(),
    ).resolves.toBe('200');
    await expect(
      legs.getByLabel(`Quantidade ${ticker}F`, { exact: true }).inputValue(),
    ).resolves.toBe('50');
    expect(await legs.getByText('OK').count()).toBe(2);
    await screenshot(page, 'ordens-compra-validada');

    await compra.getByRole('button', { name: 'Enviar' }).click();
    const progresso = compra.getByLabel('Execução da ordem');
    await progresso.waitFor();
    expect(await inViewport(page, progresso)).toBe(true);
    await screenshot(page, 'ordens-compra-enviando');
    await compra.waitFor({ state: 'detached', timeout: 30_000 });

    const hoje = formatDate(todayIso());
    await page.getByRole('tab', { name: 'POSICIONADAS' }).click();
    const aberta = page
      .getByRole('table', { name: 'Operações posicionadas' })
      .getByRole('row')
      .filter({ hasText: ticker })
      .filter({ hasText: hoje })
      .filter({ hasText: '250' });
    await aberta.waitFor();
    await screenshot(page, 'ordens-posicionada');

    await aberta.getByRole('button', { name: `Vender ${ticker}` }).click();
    const venda = page.getByRole('dialog', { name: `Vender ${ticker}` });
    await venda.getByRole('button', { name: 'Confirmar Venda' }).click();
    await venda.waitFor({ state: 'detached', timeout: 30_000 });

    await page.getByRole('tab', { name: 'REALIZADAS' }).click();
    const realizada = page
      .getByRole('table', { name: 'Operações realizadas' })
      .getByRole('row')
      .filter({ hasText: ticker })
      .filter({ hasText: '250' });
    await realizada.waitFor();
    expect(await realizada.getByText(hoje).count()).toBe(2);
    await screenshot(page, 'ordens-realizada');
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the recommendation picker’s Selecionar on a phone', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await login(page, `/clientes/${CLIENTE_ONLINE}/carteira`);
    await page.getByText('Aguarde, carregando dados da carteira...').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Nova Compra (MT5)' }).click();
    const compra = page.getByRole('dialog', { name: 'Nova Compra (MT5)' });
    await compra.getByRole('button', { name: 'Selecionar recomendação' }).click();
    const picker = page.getByRole('dialog', { name: 'Selecionar recomendação' });
    const first = picker.getByRole('button', { name: /^Selecionar [A-Z]{4}\d+$/ }).first();
    await first.waitFor();
    // Once the picker has finished opening over the buy dialog.
    await expect.poll(() => inViewport(page, first), { timeout: 10_000 }).toBe(true);
    await screenshot(page, 'ordens-seletor-390');
    await page.close();
  });
});
