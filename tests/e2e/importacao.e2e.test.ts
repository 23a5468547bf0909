import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as XLSX from '@e965/xlsx';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePages, sharedBrowser, screenshot } from '../support/browser';
import { login } from '../support/e2e';

/** A workbook as the team exports it: a title row, pt-BR text numbers, both sheets. */
function writeWorkbook(dir: string, bookType: 'xlsx' | 'biff8'): string {
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    wb,
    XLSX.utils.aoa_to_sheet([
      ['Posição consolidada'],
      ['Código', 'Nome', 'Patrimônio'],
      ['E2E001', 'Cliente E2E Um', 'R$ 150.000,00'],
      ['E2E002', 'Cliente E2E Dois', 98765.43],
      ['E2E003', 'Cliente E2E Três', '1.000,50'],
    ]),
    'Patrimônio',
  );
  XLSX.utils.book_append_sheet(
    wb,
    XLSX.utils.aoa_to_sheet([
      ['Código', 'Ativo', 'Quantidade', 'Preço Médio'],
      ['E2E001', 'PETR4', 100, '32,10'],
      ['E2E001', 'VALE3', 200, '65,00'],
      ['E2E002', 'ITUB4', 300, 27.5],
      ['E2E003', 'BBAS3', 400, 25],
    ]),
    'Custódia',
  );
  const file = path.join(dir, bookType === 'xlsx' ? 'carteira-e2e.xlsx' : 'carteira-e2e.xls');
  fs.writeFileSync(file, XLSX.write(wb, { type: 'buffer', bookType }) as Buffer);
  return file;
}

async function enter(page: Page) {
  await login(page, '/ferramentas/importacao');
  await page.getByRole('heading', { name: 'Importação' }).waitFor();
}

describe('import of patrimony and custody', () => {
  let browser: Browser;
  let dir: string;
  beforeAll(async () => {
    browser = await sharedBrowser();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carteira-rv-e2e-import-'));
  });
  afterAll(async () => {
    await closePages(browser);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('imports a workbook, then overwrites it after the Dados já existem dialog', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await enter(page);

    await page.getByRole('button', { name: 'OK — Importar' }).click();
    await page.getByText('Informe a data de referência.').waitFor();
    await page.getByText('Selecione o arquivo (com abas de Patrimônio e Custódia).').waitFor();

    await page.getByLabel('Data de referência').fill('31/12/2019');
    await page.getByLabel(/Arquivo/).setInputFiles(writeWorkbook(dir, 'xlsx'));
    await page.getByRole('button', { name: 'OK — Importar' }).click();
    const alert = page.getByRole('alert');
    await alert
      .getByText('Importado (auto) — Patrimônio: 3 [importado] | Custódia: 4 [importado]')
      .waitFor();
    await screenshot(page, 'importacao-sucesso');

    // The same date again, now from the legacy .xls format.
    await page.getByLabel(/Arquivo/).setInputFiles(writeWorkbook(dir, 'biff8'));
    await page.getByRole('button', { name: 'OK — Importar' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Dados já existem' });
    await dialog.waitFor();
    await screenshot(page, 'importacao-dados-ja-existem');
    await dialog.getByRole('button', { name: 'Sobrescrever' }).click();
    await alert
      .getByText('Sobrescrito (auto) — Patrimônio: 3 [sobrescrito] | Custódia: 4 [sobrescrito]')
      .waitFor();
    expect(await dialog.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('shows the server reason when the file is not a spreadsheet', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 800 } });
    await enter(page);
    const fake = path.join(dir, 'nao-e-planilha.xlsx');
    fs.writeFileSync(fake, 'Código;Patrimônio\n1;2\n');
    await page.getByLabel('Data de referência').fill('30/11/2019');
    await page.getByLabel(/Arquivo/).setInputFiles(fake);
    await page.getByRole('button', { name: 'OK — Importar' }).click();
    await page
      .getByRole('alert')
      .getByText(
        'Falha ao importar auto. Erro 400: Bad Request — O arquivo não é uma planilha do Excel ' +
          '(.xlsx ou .xls): o conteúdo não corresponde à extensão.',
      )
      .waitFor();
    await screenshot(page, 'importacao-falha-estreita');
    await page.close();
  });

  it('speaks Portuguese in a browser set to English: dd/mm/aaaa and Escolher arquivo', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
    await enter(page);
    const data = page.getByLabel('Data de referência');
    expect(await data.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    await data.pressSequentially('31122019');
    expect(await data.inputValue()).toBe('31/12/2019');
    await page.getByRole('button', { name: 'Escolher arquivo' }).waitFor();
    await page.getByText('Nenhum arquivo selecionado').waitFor();
    await page.getByLabel(/Arquivo/).setInputFiles(writeWorkbook(dir, 'xlsx'));
    await page.getByText('carteira-e2e.xlsx').waitFor();
    await screenshot(page, 'importacao-en-us');
    await page.close();
  });
});
