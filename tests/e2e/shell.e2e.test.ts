import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePages, sharedBrowser, screenshot } from '../support/browser';
import { baseUrl, loginPelaTela } from '../support/e2e';

/** On the login screen: logging in is this file's subject (and its logout ends the session it opened). */
async function enter(page: Page) {
  await loginPelaTela(page, '/');
  await page.getByText('Dashboard').waitFor();
}

describe('the logged-in shell', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => closePages(browser));

  it('refuses a wrong password in red', async () => {
    const page = await browser.newPage();
    await page.goto(baseUrl + '/clientes');
    await page.getByLabel('Usuário').fill('admin');
    await page.getByLabel('Senha').fill('errada-mesmo');
    await page.getByRole('button', { name: 'Entrar' }).click();
    const message = page.getByText('Usuário ou senha inválidos');
    await message.waitFor();
    expect(await message.evaluate((el) => getComputedStyle(el).color)).toMatch(
      /^rgb\(2\d\d, \d{1,2}, \d{1,2}\)$/,
    );
    await page.close();
  });

  it('logs in, shows the top bar, visits every route by the menu, and logs out', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && /Content Security Policy/.test(m.text())) errors.push(m.text());
    });
    await enter(page);
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await expect(nav.getByRole('link', { name: 'Carteira RV' }).isVisible()).resolves.toBe(true);
    await screenshot(page, 'shell-desktop');

    await nav.getByRole('link', { name: 'Painel de Controle' }).click();
    await page.waitForURL('**/controle-rv');
    await page.getByRole('heading', { name: 'Painel de Controle' }).waitFor();

    await nav.getByRole('link', { name: 'Clientes' }).click();
    await page.waitForURL('**/clientes');
    await page.getByRole('heading', { name: 'Clientes' }).waitFor();

    await nav.getByRole('button', { name: 'Ferramentas' }).click();
    await page.getByRole('menuitem', { name: 'Importação' }).click();
    await page.waitForURL('**/ferramentas/importacao');
    await page.getByRole('heading', { name: 'Importação' }).waitFor();

    await nav.getByRole('link', { name: 'Carteira RV' }).click();
    await page.waitForURL(baseUrl + '/');
    await page.getByText('Dashboard').waitFor();

    for (const [path, text] of [
      ['/controle-robo', 'Controle ROBÔ'],
      ['/recomendacoes', 'Recomendações'],
    ] as const) {
      await page.goto(baseUrl + path);
      await page.getByText(text, { exact: true }).waitFor();
    }

    await page.goto(baseUrl + '/nao/existe');
    await page.waitForURL(baseUrl + '/');
    await page.getByText('Dashboard').waitFor();

    // Logging out from a busy screen (the client list polls MT5 statuses).
    await nav.getByRole('link', { name: 'Clientes' }).click();
    await page.getByRole('table').first().waitFor();
    await nav.getByRole('button', { name: 'admin' }).click();
    await page.getByRole('menuitem', { name: 'Sair' }).click();
    await page.getByRole('button', { name: 'Entrar' }).waitFor();
    expect(
      await page.evaluate(() => [localStorage.getItem('access'), localStorage.getItem('username')]),
    ).toEqual([null, null]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('collapses every entry into one menu on a narrow screen', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await enter(page);
    const nav = page.getByRole('navigation', { name: 'Principal' });
    expect(await nav.getByRole('link', { name: 'Clientes' }).isVisible()).toBe(false);
    await nav.getByRole('button', { name: 'Menu' }).click();
    for (const name of ['Painel de Controle', 'Clientes', 'Importação', 'Perfil', 'Sair']) {
      expect(await page.getByRole('menuitem', { name }).isVisible(), name).toBe(true);
    }
    await screenshot(page, 'shell-narrow-menu');
    await page.getByRole('menuitem', { name: 'Clientes' }).click();
    await page.waitForURL('**/clientes');
    await page.close();
  });
});
