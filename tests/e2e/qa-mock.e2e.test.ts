import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import patrimonios from '../../mocks/fixtures/patrimonio-disponivel.json';
import { formatMoney } from '../../shared/format';
import { closePages, sharedBrowser, screenshot } from '../support/browser';
import { freePort } from '../support/server-process';

async function waitForHttp(url: string, child: ChildProcess, output: () => string) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`dev:mock exited:\n${output()}`);
    const ok = await fetch(url).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error(`dev:mock did not answer at ${url}:\n${output()}`);
}

describe('QA replay on npm run dev:mock', () => {
  let browser: Browser;
  let child: ChildProcess;
  let base: string;
  let dir: string;

  beforeAll(async () => {
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    // PORT points Vite's /api proxy (which the mock config drops) at a port nobody listens on.
    child = spawn(
      'npm',
      ['run', 'dev:mock', '--', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
      { detached: true, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PORT: '9' } },
    );
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
    await waitForHttp(`${base}/mockServiceWorker.js`, child, () => out);
    browser = await sharedBrowser();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qa-mock-'));
  });

  afterAll(async () => {
    await closePages(browser);
    if (child?.pid && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  async function open(path: string, password = 'qualquer') {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(base + path);
    await page.getByLabel('Usuário').fill('qa');
    await page.getByLabel('Senha').fill(password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    return page;
  }

  /**
   * The page the first test logged in on: the next tests go on in it through the app's own links and menus, as a
   * QA session does, where each used to load the app again (from the dev server, some 420 modules fetched and
   * evaluated one by one, and the mock worker started again). The replayed data lives in the page: the only test
   * that counts rows runs before any other adds one. A test run alone logs in on a page of its own.
   */
  let sessao: Page | undefined;
  async function logada(): Promise<Page> {
    sessao ??= await open('/clientes');
    return sessao;
  }
  const nav = (page: Page) => page.getByRole('navigation', { name: 'Principal' });
  async function menu(page: Page, nome: 'Ferramentas', item: string) {
    await nav(page).getByRole('button', { name: nome }).click();
    await page.getByRole('menuitem', { name: item }).click();
  }

  const rowOf = (page: Page, name: string) =>
    page.getByRole('table', { name: 'Clientes' }).getByRole('row').filter({ hasText: name });

  it("refuses the password 'errada' and accepts any other", async () => {
    const page = await open('/clientes', 'errada');
    await page.getByText('Usuário ou senha inválidos').waitFor();
    await page.getByLabel('Senha').fill('outra-senha');
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Clientes' }).waitFor();
    // Nothing replayed has changed yet: the next test goes on from here.
    sessao = page;
  });

  it('lists the recorded clients with status dots, and a new client joins the list', async () => {
    const page = await logada();
    await nav(page).getByRole('link', { name: 'Clientes' }).click();
    await rowOf(page, 'Ana Beatriz Carvalho').getByRole('img').waitFor();
    expect(await page.getByRole('table', { name: 'Clientes' }).getByRole('row').count()).toBe(13);
    await page.getByRole('button', { name: 'Novo Cliente' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
    await dialog.getByLabel('Nome', { exact: true }).fill('Cliente Replay QA');
    await dialog.getByLabel('VM IP Privado').fill('10.0.0.9');
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await rowOf(page, 'Cliente Replay QA').waitFor();
    await screenshot(page, 'qa-mock-clientes');
  });

  it('opens a portfolio with its POSICIONADAS', async () => {
    const page = await logada();
    await nav(page).getByRole('link', { name: 'Clientes' }).click();
    await rowOf(page, 'Ana Beatriz Carvalho').getByRole('link', { name: 'Abrir carteira' }).click();
    await page.waitForURL(`${base}/clientes/1/carteira`);
    await page.getByRole('heading', { name: 'Ana Beatriz Carvalho Carteira' }).waitFor();
    // Ana's patrimony as the recorder found it: the demo's figures move with its calendar.
    const ana = patrimonios.response.body.find((p) => p.codigo === '2847163')!;
    await page.getByText(formatMoney(ana.patrimonio)).waitFor();
    await page.getByRole('tab', { name: 'POSICIONADAS' }).click();
    const abertas = page.getByRole('table', { name: 'Operações posicionadas' });
    await abertas.getByRole('row').nth(1).waitFor();
    expect(await abertas.getByRole('row').count()).toBeGreaterThan(2);
    await screenshot(page, 'qa-mock-carteira');
  });

  it('shows the control panel tabs and the recommendations page', async () => {
    const page = await logada();
    await nav(page).getByRole('link', { name: 'Painel de Controle' }).click();
    await page.getByRole('table', { name: 'Posicionadas' }).getByRole('row').nth(1).waitFor();
    await page.getByRole('tab', { name: 'PATRIMÔNIO DISPONÍVEL' }).click();
    await page
      .getByRole('table', { name: 'Patrimônio disponível' })
      .getByRole('row')
      .nth(1)
      .waitFor();
    await page.getByRole('tab', { name: 'RECOMENDAÇÕES' }).click();
    await page
      .getByRole('table', { name: 'Recomendações' })
      .locator('tbody tr td + td')
      .first()
      .waitFor();

    await menu(page, 'Ferramentas', 'Recomendações');
    await page.waitForURL(`${base}/recomendacoes`);
    await page.getByRole('heading', { name: 'Recomendações' }).waitFor();
    await page
      .getByRole('table', { name: 'Recomendações' })
      .locator('tbody tr td + td')
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Atualizar' }).click();
    await expect(page.getByRole('status').textContent()).resolves.toMatch(/recomendações para/);
  });

  it("imports a workbook, and the same date again opens 'Dados já existem'", async () => {
    const file = path.join(dir, 'carteira.xlsx');
    const wb = XLSX.utils.book_new();
    XLSX.utils.book_append_sheet(
      wb,
      XLSX.utils.aoa_to_sheet([['Código', 'Nome', 'Patrimônio']]),
      'Patrimônio',
    );
    fs.writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
    const page = await logada();
    await menu(page, 'Ferramentas', 'Importação');
    await page.getByRole('heading', { name: 'Importação' }).waitFor();
    await page.getByLabel('Data de referência').fill('28/06/2024');
    await page.getByLabel(/Arquivo/).setInputFiles(file);
    await page.getByRole('button', { name: 'OK — Importar' }).click();
    await page
      .getByRole('alert')
      .getByText(/^Importado \(auto\)/)
      .waitFor();
    await page.getByRole('button', { name: 'OK — Importar' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Dados já existem' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Sobrescrever' }).click();
    await page
      .getByRole('alert')
      .getByText(/^Sobrescrito \(auto\)/)
      .waitFor();
  });
});
