import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePages, screenshot, sharedBrowser } from '../support/browser';
import { adminPassword, baseUrl, login } from '../support/e2e';

/**
 * The income tax, end to end (issue 29): a client of its own, whose only trade is a day trade typed in the manual
 * operation dialog with its costs (PETR4 bought and sold on 18/03/2026, 200 at R$ 20,00 and R$ 21,00, R$ 5,00 of
 * costs each way): result 190,00, tax 38,00 at 20 %, 1,90 withheld (1 %), DARF 36,10 due 30/04/2026. The IR tab's
 * month shows it and its DARF's fields are copied to the clipboard as Sicalc takes them; Ferramentas → IR mensal
 * lists it and leads back to it. Everything it adds is removed at the end.
 */
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

const NOME = 'Cliente IR E2E';

describe('the income tax, end to end', () => {
  let browser: Browser;
  let token: string;
  let clienteId: number;

  beforeAll(async () => {
    browser = await sharedBrowser();
    token = (
      await api<{ access: string }>(null, '/api/token/', {
        method: 'POST',
        body: JSON.stringify({ username: 'admin', password: adminPassword }),
      })
    ).access;
    clienteId = (
      await api<{ id: number }>(token, '/api/clientes/', {
        method: 'POST',
        body: JSON.stringify({ nome: NOME, documento: '52998224725', percentual_patrimonio: 10 }),
      })
    ).id;
  });
  afterAll(async () => {
    if (token && clienteId) {
      const ops = await api<Array<{ id: number }>>(token, `/api/operacoes/?cliente=${clienteId}`);
      for (const op of ops) await api(token, `/api/operacoes/${op.id}/`, { method: 'DELETE' });
      await api(token, `/api/clientes/${clienteId}/`, { method: 'DELETE' });
    }
    await closePages(browser);
  });

  /** A page whose clipboard the test may read (Chromium asks for the permission). */
  async function novaPagina(width: number): Promise<Page> {
    const context = await browser.newContext({
      viewport: { width, height: 900 },
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    return context.newPage();
  }

  it('a day trade typed with its costs: the IR tab’s March, its DARF copied field by field, and IR mensal', async () => {
    const page = await novaPagina(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, `/clientes/${clienteId}/carteira`);
    await page.getByRole('heading', { name: `${NOME} Carteira` }).waitFor();

    // The trade, typed in the manual operation dialog with both costs.
    await page.getByRole('button', { name: 'Nova Operação' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nova Operação' });
    await dialog.getByLabel('Ação').selectOption({ label: 'PETR4 — Petrobras' });
    await dialog.getByLabel('Data Compra').fill('18/03/2026');
    await dialog.getByLabel('Preço Unitário').fill('20,00');
    await dialog.getByLabel('Quantidade').fill('200');
    await dialog.getByLabel('Data Venda').fill('18/03/2026');
    await dialog.getByLabel('Preço Venda').fill('21,00');
    await dialog.getByLabel('Custos da compra (R$)').fill('5,00');
    await dialog.getByLabel('Custos da venda (R$)').fill('5,00');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The IR tab: the year's grid, March to pay.
    await page.getByRole('tab', { name: 'IR' }).click();
    await page.getByLabel('Ano').selectOption('2026');
    const grade = page.getByRole('table', { name: 'IR 2026' });
    const marco = grade.getByRole('row').filter({ hasText: 'Mar/2026' });
    await marco.filter({ hasText: 'A pagar' }).waitFor();
    expect(await marco.textContent()).toMatch(/A pagar.*38,00.*36,10.*30\/04\/2026/);
    await screenshot(page, 'ir-aba-1280');

    // March in detail: the day trade's line and its DARF.
    await marco.getByRole('button', { name: 'Ver Mar/2026' }).click();
    const mes = page.getByRole('region', { name: 'IR de Março de 2026' });
    const vendas = mes.getByRole('table', { name: 'Vendas de 03/2026' });
    await vendas.getByRole('row').filter({ hasText: 'PETR4' }).waitFor();
    expect(await vendas.getByRole('row').nth(1).textContent()).toMatch(
      /PETR4.*Day trade.*200.*4\.200,00.*4\.010,00.*190,00/,
    );
    const darf = mes.getByRole('region', { name: 'DARF' });
    await darf.getByRole('button', { name: 'Copiar Valor principal' }).waitFor();
    const copiado = async (campo: string) => {
      await darf.getByRole('button', { name: `Copiar ${campo}` }).click();
      await darf
        .getByRole('status')
        .filter({ hasText: `${campo} copiado` })
        .waitFor();
      return page.evaluate(() => navigator.clipboard.readText());
    };
    expect(await copiado('Código da receita')).toBe('6015');
    expect(await copiado('Período de apuração')).toBe('31/03/2026');
    expect(await copiado('Vencimento')).toBe('30/04/2026');
    expect(await copiado('Valor principal')).toBe('36,10');
    expect(await copiado('CPF/CNPJ')).toBe('52998224725');
    await screenshot(page, 'ir-mes-1280');

    // Ferramentas → IR mensal: March lists the client's DARF, and its name leads back to the month.
    await page.getByRole('button', { name: 'Ferramentas' }).click();
    await page.getByRole('menuitem', { name: 'IR mensal' }).click();
    await page.getByLabel('Mês').selectOption({ label: '03/2026' });
    const livro = page.getByRole('table', { name: 'IR mensal de Março de 2026' });
    const linha = livro.getByRole('row').filter({ hasText: NOME });
    await linha.waitFor();
    expect(await linha.textContent()).toMatch(/A pagar.*36,10.*30\/04\/2026/);
    await screenshot(page, 'ir-mensal-1280');
    await linha.getByRole('link', { name: `IR de ${NOME} em 03/2026` }).click();
    await page.getByRole('region', { name: 'IR de Março de 2026' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits a phone’s width: the tab, the month and IR mensal at 390 px', async () => {
    const page = await novaPagina(390);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, `/clientes/${clienteId}/carteira?aba=ir&mes=2026-03`);
    const darf = page.getByRole('region', { name: 'DARF' });
    await darf.getByRole('button', { name: 'Copiar Valor principal' }).waitFor();
    // Nothing of the page is wider than the phone: the grids scroll inside their own box.
    const largura = () => page.evaluate(() => document.documentElement.scrollWidth);
    expect(await largura()).toBeLessThanOrEqual(390);
    await screenshot(page, 'ir-mes-390');
    await page.goto(`${baseUrl}/ferramentas/ir-mensal?mes=2026-03`);
    await page
      .getByRole('table', { name: 'IR mensal de Março de 2026' })
      .getByRole('row')
      .filter({ hasText: NOME })
      .waitFor();
    expect(await largura()).toBeLessThanOrEqual(390);
    await screenshot(page, 'ir-mensal-390');
    expect(errors).toEqual([]);
    await page.close();
  });
});
