import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inViewport, closePages, sharedBrowser, screenshot } from '../support/browser';
import { login } from '../support/e2e';

const rowOf = (page: Page, name: string) =>
  page.getByRole('table', { name: 'Clientes' }).getByRole('row').filter({ hasText: name });

describe('/clientes against the demo data', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => closePages(browser));

  it('shows a green and a grey dot with their tooltips', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await login(page, '/clientes');
    // The demo's online simulator (127.0.0.11) and the client whose VM has no address yet.
    const online = rowOf(page, 'Ana Beatriz Carvalho').getByRole('img');
    const missing = rowOf(page, 'Leonardo Azevedo Santos').getByRole('img');
    await online.and(page.locator('[data-status="online"]')).waitFor({ timeout: 20_000 });

    expect(await online.getAttribute('aria-label')).toMatch(/^Online — ping \d+ ms$/);
    expect(await missing.getAttribute('aria-label')).toBe('Sem IP — Cliente sem IP de VM');
    const colour = (dot: typeof online) =>
      dot.evaluate((el) => getComputedStyle(el).backgroundColor);
    const [r, g, b] = (await colour(online)).match(/\d+/g)!.map(Number);
    expect(g).toBeGreaterThan(r! + 60);
    expect(g).toBeGreaterThan(b! + 60);
    const [gr, gg, gb] = (await colour(missing)).match(/\d+/g)!.map(Number);
    expect(Math.max(gr!, gg!, gb!) - Math.min(gr!, gg!, gb!)).toBeLessThan(20);

    await online.hover();
    await expect(page.getByRole('tooltip').textContent()).resolves.toMatch(
      /^Online — ping \d+ ms$/,
    );
    await screenshot(page, 'clientes-tooltip-online');
    await page.mouse.move(0, 0);
    await page.getByRole('tooltip').waitFor({ state: 'hidden' });
    await missing.hover();
    await expect(page.getByRole('tooltip').textContent()).resolves.toBe(
      'Sem IP — Cliente sem IP de VM',
    );
    await page.close();
  });

  it('creates, edits and deletes a client', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '/clientes');
    await page.getByRole('table', { name: 'Clientes' }).waitFor();

    await page.getByRole('button', { name: 'Novo Cliente' }).click();
    let dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
    await dialog.getByLabel('Nome', { exact: true }).fill('Patrícia Gomes Vieira');
    await dialog.getByLabel('Email').fill('patricia vieira@gmail.com');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await dialog.getByText('Digite um email válido antes de salvar.').waitFor();
    expect(await dialog.getByText('Digite um email válido', { exact: true }).isVisible()).toBe(
      true,
    );
    await dialog.getByLabel('Email').fill('patricia.vieira@gmail.com');
    await dialog.getByLabel('Documento (CPF/CNPJ)').fill('39053344705');
    await dialog.getByLabel('Telefone').fill('11912345678');
    await dialog.getByLabel('% Patrimônio').fill('17.5');
    await dialog.getByLabel('VM IP Privado').fill('127.0.0.11');
    await screenshot(page, 'clientes-novo');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = rowOf(page, 'Patrícia Gomes Vieira');
    await row.waitFor();
    const cells = () => row.getByRole('cell').allTextContents();
    expect((await cells()).slice(0, 6)).toEqual([
      'Patrícia Gomes Vieira',
      'patricia.vieira@gmail.com',
      '390.533.447-05',
      '(11) 91234-5678',
      '—',
      '17,50%',
    ]);

    await row.getByRole('button', { name: 'Editar' }).click();
    dialog = page.getByRole('dialog', { name: 'Editar Cliente' });
    expect(await dialog.getByLabel('Nome', { exact: true }).inputValue()).toBe(
      'Patrícia Gomes Vieira',
    );
    await dialog.getByLabel('Código XP').fill('7654321');
    await dialog.getByLabel('% Patrimônio').fill('');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await cells()).slice(4, 6)).toEqual(['7654321', '—']);

    await row.getByRole('button', { name: 'Deletar' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Deseja realmente deletar?' });
    await confirm.getByRole('button', { name: 'Deletar' }).click();
    await confirm.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });

    await page.reload();
    await page.getByRole('table', { name: 'Clientes' }).getByText('Ana Beatriz Carvalho').waitFor();
    expect(await rowOf(page, 'Patrícia Gomes Vieira').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps each row’s name, status and actions in view without scrolling sideways, at 1280 px and on a phone', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await login(page, '/clientes');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 800 });
      const ana = rowOf(page, 'Ana Beatriz Carvalho');
      await ana.waitFor();
      for (const target of [
        ana.getByText('Ana Beatriz Carvalho'),
        ana.getByRole('img'),
        ana.getByRole('button', { name: 'Editar' }),
        ana.getByRole('button', { name: 'Deletar' }),
        ana.getByRole('link', { name: 'Abrir carteira' }),
      ]) {
        // Once the rows' statuses have come and the grid has its final layout.
        await expect
          .poll(() => inViewport(page, target), {
            message: `${width} px: ${target}`,
            timeout: 10_000,
          })
          .toBe(true);
      }
      // The grid scrolls inside its box; the page itself never does sideways.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      expect(await page.getByRole('button', { name: 'Novo Cliente' }).isVisible()).toBe(true);
      await screenshot(page, `clientes-${width}`);
    }
    await page.close();
  });
});
