import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePages, screenshot, sharedBrowser } from '../support/browser';
import { baseUrl, login } from '../support/e2e';

/**
 * Issue 34, rough edge 4: Chromium offline for about 10 s. The app says so in its banner, a screen whose code was
 * not loaded yet says so in the app's words (never the browser's error page), and once back online everything
 * resumes by itself — nothing is clicked after the network returns.
 */
describe('offline for a while', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => closePages(browser));

  it('says so, keeps the app on screen, and resumes by itself', async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // The page's timers on Playwright's clock (running as a real one): the seconds offline are run through on it
    // below, every retry due in them fired, rather than waited for.
    await page.clock.install();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '/clientes');
    await page.getByRole('table', { name: 'Clientes' }).getByRole('row').nth(1).waitFor();
    const banner = page.getByText('Sem conexão — tentando novamente');
    expect(await banner.count()).toBe(0);

    await context.setOffline(true);
    await banner.waitFor();
    // The control panel's code was never loaded: its link now fails to load it.
    await page.getByRole('link', { name: 'Painel de Controle' }).first().click();
    const semTela = page.getByText('Não foi possível abrir esta tela: sem conexão com o servidor.');
    await semTela.waitFor();
    expect(page.url()).toBe(`${baseUrl}/controle-rv`);
    // The app's own page, its top bar included: not the browser's.
    expect(await page.getByRole('navigation', { name: 'Principal' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Tentar novamente' }).isVisible()).toBe(true);
    await screenshot(page, 'offline-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'offline-390');
    // The rest of the ~10 s the issue tried offline: every poll and retry of the page due meanwhile (the banner's
    // every RECONEXAO_MS) runs, and fails.
    await page.clock.runFor(8_000);
    expect(await semTela.isVisible()).toBe(true);

    await context.setOffline(false);
    // Back by itself: the screen's code loads and its data shows; the banner goes.
    await page
      .getByRole('heading', { name: 'Painel de Controle', level: 1 })
      .waitFor({ timeout: 20_000 });
    await banner.waitFor({ state: 'hidden', timeout: 20_000 });
    expect(await semTela.count()).toBe(0);
    await screenshot(page, 'offline-voltou-390');
    expect(errors).toEqual([]);
    await context.close();
  });
});
