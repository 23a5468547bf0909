import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePages, screenshot, sharedBrowser } from '../support/browser';
import { login } from '../support/e2e';

// The second demo client's VM answers online, through an in-process simulator trading at the demo quotes.
const CLIENTE_ONLINE = 2;

/**
 * Issue 34, rough edge 8: a whole buy by keyboard in at most 15 key presses, counted from the portfolio's
 * 'Nova Compra (MT5)' focused to the order sent: open, pick the first recommendation, type the quantity, validate,
 * send. Its end is then said in a toast (rough edge 12).
 */
describe('a buy by keyboard', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => closePages(browser));

  it('takes at most 15 key presses', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, `/clientes/${CLIENTE_ONLINE}/carteira`);
    await page.getByText('Aguarde, carregando dados da carteira...').waitFor({ state: 'hidden' });
    let presses = 0;
    const press = async (...keys: string[]) => {
      for (const key of keys) {
        presses += 1;
        await page.keyboard.press(key);
      }
    };
    const focused = () =>
      page.evaluate(
        () =>
          document.activeElement?.getAttribute('aria-label') ??
          document.activeElement?.textContent ??
          '',
      );

    await page.getByRole('button', { name: 'Nova Compra (MT5)' }).focus();
    await press('Enter');
    const compra = page.getByRole('dialog', { name: 'Nova Compra (MT5)' });
    await compra.getByLabel('Ticker').waitFor();
    await expect.poll(focused).toBe('');
    await press('Tab');
    await expect.poll(focused).toBe('Selecionar recomendação');
    await press('Enter');
    // The picker opens on its first row.
    const picker = page.getByRole('dialog', { name: 'Selecionar recomendação' });
    const first = picker.getByRole('button', { name: /^Selecionar [A-Z]{4}\d+$/ }).first();
    await first.waitFor();
    const ticker = ((await first.getAttribute('aria-label')) ?? '').replace('Selecionar ', '');
    await expect.poll(focused, { timeout: 10_000 }).toBe(`Selecionar ${ticker}`);
    await press('Enter');
    await picker.waitFor({ state: 'detached' });
    await expect.poll(() => compra.getByLabel('Ticker').inputValue()).toBe(ticker);
    // The quantity has the focus: what is left to type.
    await expect
      .poll(() =>
        compra.getByLabel('Quantidade de ações').evaluate((el) => el === document.activeElement),
      )
      .toBe(true);
    await press('2', '5', '0', 'Enter');
    const resultado = compra.getByRole('group', { name: 'Resultado da validação' });
    await resultado.getByRole('table', { name: 'Pernas sugeridas' }).waitFor();
    await expect.poll(focused).toBe('Resultado da validação');
    expect(await resultado.getByText('OK').count()).toBe(2);
    await press('Tab');
    await expect.poll(focused).toBe('Enviar');
    await press('Enter');

    expect(presses).toBeLessThanOrEqual(15);
    await compra.waitFor({ state: 'detached', timeout: 30_000 });
    const toast = page.getByText('Compra executada');
    await toast.waitFor();
    expect(await page.getByText(`${ticker}: 250 ações.`).isVisible()).toBe(true);
    await screenshot(page, 'compra-teclado-executada-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'compra-teclado-executada-390');
    expect(errors).toEqual([]);
    await page.close();
  });
});
