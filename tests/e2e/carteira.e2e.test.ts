import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePages, sharedBrowser, screenshot } from '../support/browser';
import { login } from '../support/e2e';

/** The row of the test's operation: 123 or 150 shares of WEGE3 bought on 01/10/2025. */
const rowOf = (page: Page, table: string, quantidade: string) =>
  page
    .getByRole('table', { name: table })
    .getByRole('row')
    .filter({ hasText: 'WEGE3' })
    .filter({ hasText: '01/10/2025' })
    .filter({ hasText: quantidade });

describe("a demo client's portfolio", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => closePages(browser));

  it('adds, edits, realises and deletes a manual operation, and refreshes the quotes', async () => {
    const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '/clientes/1/carteira');
    // The title is the client's name plus Carteira.
    await page.getByRole('heading', { name: /^\S.+ Carteira$/ }).waitFor();
    await page.getByText('Posição Consolidada').waitFor();
    await page.getByText('Aguarde, carregando dados da carteira...').waitFor({ state: 'hidden' });
    await screenshot(page, 'carteira-resumo');

    await page.getByRole('tab', { name: 'POSICIONADAS' }).click();
    const abertas = page.getByRole('table', { name: 'Operações posicionadas' });
    await abertas.waitFor();
    expect(await abertas.getByRole('row').count()).toBeGreaterThan(2);

    // Nova Operação
    await page.getByRole('button', { name: 'Nova Operação' }).click();
    let dialog = page.getByRole('dialog', { name: 'Nova Operação' });
    await dialog.getByLabel('Ação').selectOption({ label: 'WEGE3 — WEG' });
    await dialog.getByLabel('Data Compra').fill('01/10/2025');
    await dialog.getByLabel('Preço Unitário').fill('40.1');
    await dialog.getByLabel('Quantidade').fill('123');
    await dialog.getByLabel('Valor Alvo').fill('44');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const nova = rowOf(page, 'Operações posicionadas', '123');
    await nova.waitFor();
    expect(await nova.textContent()).toContain('4.932,30');

    // Editar Operação
    await nova.getByRole('button', { name: 'Editar WEGE3' }).click();
    dialog = page.getByRole('dialog', { name: 'Editar Operação' });
    await dialog.getByLabel('Quantidade').fill('150');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const editada = rowOf(page, 'Operações posicionadas', '150');
    await editada.waitFor();
    expect(await editada.textContent()).toContain('6.015,00');

    // A sale date and price make it realised: it moves to REALIZADAS.
    await editada.getByRole('button', { name: 'Editar WEGE3' }).click();
    dialog = page.getByRole('dialog', { name: 'Editar Operação' });
    await dialog.getByLabel('Data Venda').fill('20/10/2025');
    await dialog.getByLabel('Preço Venda').fill('42');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await editada.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'REALIZADAS' }).click();
    const realizada = rowOf(page, 'Operações realizadas', '150');
    await realizada.waitFor();
    expect(await realizada.textContent()).toContain('20/10/2025');
    expect(await realizada.textContent()).toContain('6.300,00');
    await screenshot(page, 'carteira-realizadas');

    // Delete it after confirming.
    await realizada.getByRole('button', { name: 'Excluir WEGE3' }).click();
    await page
      .getByRole('alertdialog', { name: 'Deseja realmente deletar?' })
      .getByRole('button', { name: 'Deletar' })
      .click();
    await realizada.waitFor({ state: 'detached' });

    // Atualizar cotações asks the server again and comes back, the button as wide while it says Atualizando...
    await page.getByRole('tab', { name: 'POSICIONADAS' }).click();
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/cotacoes-atuais/', async (route) => {
      await held;
      await route.continue();
    });
    const atualizar = page.getByRole('button', { name: 'Atualizar cotações' });
    const width = async (name: string) =>
      (await page.getByRole('button', { name }).boundingBox())?.width;
    const idle = await width('Atualizar cotações');
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.url().endsWith('/api/cotacoes-atuais/')),
      (async () => {
        await atualizar.click();
        await page.getByRole('button', { name: 'Atualizando...' }).waitFor();
        expect(await width('Atualizando...')).toBe(idle);
        release();
      })(),
    ]);
    expect(response.status()).toBe(200);
    await page.unroute('**/api/cotacoes-atuais/');
    await page.getByRole('button', { name: 'Atualizar cotações' }).waitFor();
    expect(await abertas.getByRole('row').nth(1).textContent()).toMatch(/\d,\d\d/);
    await screenshot(page, 'carteira-posicionadas');
    expect(errors).toEqual([]);
    await page.close();
  });
});
