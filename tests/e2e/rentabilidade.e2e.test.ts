import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RentabilidadeCliente, RentabilidadeLivro } from '../../contract';
import { todayIso } from '../../shared/dates';
import { consultaDaEscolha } from '../../src/widgets/rentabilidade/rentabilidade-state';
import { closePages, screenshot, sharedBrowser } from '../support/browser';
import { adminPassword, baseUrl, login } from '../support/e2e';

/**
 * The returns, end to end on the demo (issue 30): a client's RENTABILIDADE tab (the chart drawn, the grid's months
 * as the API measures them), its monthly report downloaded and read back with pdftotext, the control panel's tab
 * sorted by the return; both tabs at 1280 and 390 px, with screenshots.
 */

const CLIENTE = 1;
/** 0.0123 → '1,23 %' (the screens' no-break space read as a space). */
const pct = (x: number | null) =>
  x === null
    ? '—'
    : `${(x * 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })} %`;
const plain = (s: string | null) => (s ?? '').replace(/\u00a0/g, ' ').trim();
const numero = (s: string) =>
  Number(plain(s).replace(' %', '').replace(/\./g, '').replace(',', '.'));
const MESES = ['Janeiro', 'Fevereiro', 'Março', 'Abril', 'Maio', 'Junho', 'Julho', 'Agosto', 'Setembro', 'Outubro', 'Novembro', 'Dezembro']; // prettier-ignore

async function api<T>(token: string | null, path: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(baseUrl + path, {
    ...init,
    headers: {
      ...(init.body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The month before this one: the report a client is sent. */
function mesAnterior(hoje: string): string {
  const [ano, mes] = [Number(hoje.slice(0, 4)), Number(hoje.slice(5, 7))];
  return mes === 1 ? `${ano - 1}-12` : `${ano}-${String(mes - 1).padStart(2, '0')}`;
}

describe('the returns, end to end', () => {
  let browser: Browser;
  let token: string;
  /** The tab's first period (12M) as the SPA asks it. */
  const periodo = consultaDaEscolha({ periodo: '12m', de: '', ate: '' }, todayIso()).consulta!;

  beforeAll(async () => {
    browser = await sharedBrowser();
    token = (
      await api<{ access: string }>(null, '/api/token/', {
        method: 'POST',
        body: JSON.stringify({ username: 'admin', password: adminPassword }),
      })
    ).access;
  });
  afterAll(() => closePages(browser));

  async function novaPagina(width: number): Promise<{ page: Page; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: 900 }, acceptDownloads: true });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    return { page, errors };
  }

  it('a client’s tab: the chart drawn, the figures and the grid as the API measures them, the PDF downloaded and read', async () => {
    const { page, errors } = await novaPagina(1280);
    await login(page, `/clientes/${CLIENTE}/carteira`);
    await page.getByRole('tab', { name: 'RENTABILIDADE' }).click();
    const doPeriodo = await api<RentabilidadeCliente>(
      token,
      `/api/clientes/${CLIENTE}/rentabilidade/?de=${periodo.de}&ate=${periodo.ate}`,
    );
    const figuras = page.getByRole('group', { name: 'Rentabilidade no período' });
    await figuras.waitFor();
    expect(plain(await figuras.textContent())).toContain(
      `Rentabilidade${pct(doPeriodo.periodo.retorno)}CDI${pct(doPeriodo.periodo.cdi)}`,
    );
    // The chart: lightweight-charts has drawn its canvases, and its name says each line's last value.
    const grafico = page.getByRole('img', { name: /^Rentabilidade acumulada:/ });
    await expect.poll(() => grafico.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    expect(await grafico.locator('canvas').count()).toBeGreaterThan(0);
    expect(plain(await grafico.getAttribute('aria-label'))).toContain(
      `Carteira ${pct(doPeriodo.periodo.retorno)}, CDI ${pct(doPeriodo.periodo.cdi)}`,
    );
    // The grid: the history's months, each where its year and month meet.
    const historia = await api<RentabilidadeCliente>(
      token,
      `/api/clientes/${CLIENTE}/rentabilidade/`,
    );
    const grade = page.getByRole('table', { name: 'Rentabilidade mês a mês' });
    for (const m of historia.meses.slice(-3)) {
      const linha = grade.getByRole('row').filter({ hasText: `${m.mes.slice(0, 4)} Carteira` });
      const celula = linha.getByRole('cell').nth(Number(m.mes.slice(5, 7)));
      expect(plain(await celula.textContent())).toBe(pct(m.retorno));
    }
    expect(await page.getByText('CDI estimado pela meta Selic.', { exact: false }).count()).toBe(1);
    await screenshot(page, 'rentabilidade-aba-1280');

    // The last closed month's report: downloaded as a file, read back with pdftotext.
    const mes = mesAnterior(todayIso());
    await page.getByRole('combobox', { name: 'Mês do relatório' }).selectOption(mes);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Baixar PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`relatorio-ana-beatriz-carvalho-${mes}.pdf`);
    const pdf = fs.readFileSync((await download.path())!);
    const lido = spawnSync('pdftotext', ['-layout', '-enc', 'UTF-8', '-', '-'], { input: pdf });
    expect(lido.status).toBe(0);
    const texto = plain(lido.stdout.toString('utf8')).replace(/\u00a0/g, ' ');
    const nome = `${MESES[Number(mes.slice(5)) - 1]} de ${mes.slice(0, 4)}`;
    expect(texto).toContain(`Relatório mensal de ${nome}`);
    expect(texto).toContain('Cliente: Ana Beatriz Carvalho');
    expect(texto).toContain('Assessor: admin');
    expect(texto).toMatch(/Página 1 de \d+/);
    const doMes = historia.meses.find((m) => m.mes === mes)!;
    const linha = texto.split('\n').find((l) => l.trim().startsWith(`No mês (${nome})`))!;
    expect(
      linha
        .trim()
        .split(/\s{2,}/)
        .slice(1, 3),
    ).toEqual([pct(doMes.retorno), pct(doMes.cdi)]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the control panel’s tab: every client against the CDI, sorted by the return', async () => {
    const { page, errors } = await novaPagina(1280);
    await login(page, '/controle-rv');
    await page.getByRole('tab', { name: 'RENTABILIDADE' }).click();
    const tabela = page.getByRole('table', { name: 'Rentabilidade dos clientes' });
    const livro = await api<RentabilidadeLivro>(
      token,
      `/api/rentabilidade/?de=${periodo.de}&ate=${periodo.ate}`,
    );
    await tabela.getByRole('row').nth(livro.clientes.length).waitFor();
    // Its name gains the sort mark (▲, ▼) once sorted.
    const retorno = tabela.getByRole('columnheader', { name: /^Retorno( [▲▼])?$/ });
    await retorno.getByRole('button').click();
    await retorno.getByRole('button').click();
    await expect.poll(() => retorno.getAttribute('aria-sort')).toBe('descending');
    const linhas = await tabela
      .locator('tbody tr')
      .evaluateAll((trs) =>
        trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')),
      );
    const esperado = [...livro.clientes].sort((a, b) => b.periodo.retorno - a.periodo.retorno);
    expect(linhas.map((l) => plain(l[0]!))).toEqual(esperado.map((c) => c.nome));
    expect(linhas.map((l) => plain(l[1]!))).toEqual(esperado.map((c) => pct(c.periodo.retorno)));
    const valores = linhas.map((l) => numero(l[1]!));
    expect(valores).toEqual([...valores].sort((a, b) => b - a));
    await screenshot(page, 'rentabilidade-painel-1280');
    // A name leads to that client's tab.
    await tabela.getByRole('link', { name: `Rentabilidade de ${esperado[0]!.nome}` }).click();
    await page.getByRole('group', { name: 'Rentabilidade no período' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/clientes/${esperado[0]!.cliente}/carteira`);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('both tabs fit a phone’s width (390 px)', async () => {
    const { page, errors } = await novaPagina(390);
    const largura = () => page.evaluate(() => document.documentElement.scrollWidth);
    await login(page, `/clientes/${CLIENTE}/carteira?aba=rentabilidade`);
    const grafico = page.getByRole('img', { name: /^Rentabilidade acumulada:/ });
    // Drawn once the screen, the chart library and the returns have loaded: longer than a poll's default second.
    await expect.poll(() => grafico.getAttribute('aria-busy'), { timeout: 15_000 }).toBe('false');
    await page
      .getByRole('table', { name: 'Rentabilidade mês a mês' })
      .getByRole('row')
      .nth(1)
      .waitFor();
    expect(await largura()).toBeLessThanOrEqual(390);
    await screenshot(page, 'rentabilidade-aba-390');
    await page.goto(`${baseUrl}/controle-rv`);
    await page.getByRole('tab', { name: 'RENTABILIDADE' }).click();
    await page
      .getByRole('table', { name: 'Rentabilidade dos clientes' })
      .getByRole('row')
      .nth(1)
      .waitFor();
    expect(await largura()).toBeLessThanOrEqual(390);
    await screenshot(page, 'rentabilidade-painel-390');
    expect(errors).toEqual([]);
    await page.close();
  });
});
