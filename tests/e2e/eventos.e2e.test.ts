import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePages, sharedBrowser, screenshot } from '../support/browser';
import { adminPassword, baseUrl, login } from '../support/e2e';

/**
 * A client of its own holding a stock no demo client holds (ASAI3), so that the events of this test touch nothing
 * the other e2e files look at; everything it adds is removed at the end.
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

const linha = (page: Page, table: string, text: string) =>
  page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: text });

describe('corporate events, end to end', () => {
  let browser: Browser;
  let token: string;
  let clienteId: number;
  let operacaoId: number;

  beforeAll(async () => {
    browser = await sharedBrowser();
    token = (
      await api<{ access: string }>(null, '/api/token/', {
        method: 'POST',
        body: JSON.stringify({ username: 'admin', password: adminPassword }),
      })
    ).access;
    const acoes = await api<Array<{ id: number; ticker: string }>>(token, '/api/acoes/');
    const asai = acoes.find((a) => a.ticker === 'ASAI3')!;
    clienteId = (
      await api<{ id: number }>(token, '/api/clientes/', {
        method: 'POST',
        body: JSON.stringify({ nome: 'Cliente Eventos E2E', percentual_patrimonio: 10 }),
      })
    ).id;
    operacaoId = (
      await api<{ id: number }>(token, '/api/operacoes/', {
        method: 'POST',
        body: JSON.stringify({
          cliente: clienteId,
          acao: asai.id,
          data_compra: '2025-03-03',
          preco_unitario: 10,
          quantidade: 300,
          valor_alvo: 12,
          data_venda: null,
          preco_venda_unitario: null,
        }),
      })
    ).id;
  });
  afterAll(async () => {
    if (token && operacaoId) {
      await api(token, `/api/operacoes/${operacaoId}/`, { method: 'DELETE' });
      await api(token, `/api/clientes/${clienteId}/`, { method: 'DELETE' });
    }
    await closePages(browser);
  });

  async function novoEvento(page: Page, campos: { tipo: string; data: string; valor: string }) {
    await page.getByRole('button', { name: 'Novo Evento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Novo Evento' });
    await dialog.getByLabel('Ação').selectOption({ label: 'ASAI3 — Assaí' });
    await dialog.getByLabel('Tipo').selectOption({ label: campos.tipo });
    await dialog.getByLabel('Data ex').fill(campos.data);
    await dialog
      .getByLabel(campos.tipo === 'Dividendo' ? 'Valor por ação (R$)' : 'Fator')
      .fill(campos.valor);
    await dialog.getByRole('button', { name: 'Criar' }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  it('a split added under Ferramentas adjusts the position, marked; a dividend shows in PROVENTOS; deleting undoes both', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '/');
    await page.getByRole('button', { name: 'Ferramentas' }).click();
    await page.getByRole('menuitem', { name: 'Eventos corporativos' }).click();
    await page.getByRole('heading', { name: 'Eventos corporativos' }).waitFor();

    await novoEvento(page, { tipo: 'Desdobramento', data: '15/04/2025', valor: '2' });
    const split = linha(page, 'Eventos corporativos', '15/04/2025');
    await split.waitFor();
    expect(await split.textContent()).toMatch(
      /ASAI3.*Desdobramento.*2 \(1:2\).*Manual.*Aplicado em/,
    );
    await novoEvento(page, { tipo: 'Dividendo', data: '20/05/2025', valor: '0,35' });
    await linha(page, 'Eventos corporativos', '20/05/2025').waitFor();
    await screenshot(page, 'eventos-lista-1280');

    await page.goto(`${baseUrl}/clientes/${clienteId}/carteira`);
    await page.getByRole('heading', { name: 'Cliente Eventos E2E Carteira' }).waitFor();
    const proventos = page
      .locator('.chakra-data-list__item')
      .filter({ hasText: 'Proventos recebidos' });
    await proventos.filter({ hasText: 'R$ 210,00' }).waitFor();
    await screenshot(page, 'eventos-carteira-resumo-1280');

    await page.getByRole('tab', { name: 'POSICIONADAS' }).click();
    const posicao = linha(page, 'Operações posicionadas', 'ASAI3');
    await posicao.waitFor();
    // 300 at R$ 10,00 (target 12) before the 1:2 split: 600 at R$ 5,00 (target 6), R$ 3.000,00 all the same.
    expect(await posicao.textContent()).toMatch(/ASAI303\/03\/20255,00600 ?3\.000,006,00/);
    const marca = posicao.getByRole('img', { name: /Ajustada por evento corporativo/ });
    await marca.hover();
    await expect(page.getByRole('tooltip').textContent()).resolves.toBe(
      'Desdobramento 1:2 em 15/04/2025: 300 → 600 ações.',
    );
    await screenshot(page, 'eventos-carteira-posicionadas-1280');

    await page.getByRole('tab', { name: 'PROVENTOS' }).click();
    const dividendo = linha(page, 'Proventos recebidos', '20/05/2025');
    await dividendo.waitFor();
    expect(
      await dividendo.getByRole('cell').evaluateAll((cells) => cells.map((c) => c.textContent)),
    ).toEqual(['20/05/2025', 'ASAI3', 'Dividendo', '600', '0,35', '210,00', '210,00']);
    await screenshot(page, 'eventos-carteira-proventos-1280');

    // On a phone: the same screens, nothing cut off sideways.
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'eventos-carteira-proventos-390');
    await page.goto(`${baseUrl}/ferramentas/eventos`);
    await linha(page, 'Eventos corporativos', '15/04/2025').waitFor();
    await screenshot(page, 'eventos-lista-390');
    await page.getByRole('button', { name: 'Novo Evento' }).click();
    await page
      .getByRole('dialog', { name: 'Novo Evento' })
      .getByRole('button', { name: 'Criar' })
      .click();
    await page.getByText('Informe uma data válida (dd/mm/aaaa).').waitFor();
    await screenshot(page, 'eventos-dialogo-390');
    await page
      .getByRole('dialog', { name: 'Novo Evento' })
      .getByRole('button', { name: 'Cancelar' })
      .click();
    await page.setViewportSize({ width: 1280, height: 900 });

    // Deleting the events undoes them: the operation is back as it was bought, nothing was received.
    for (const data of ['15/04/2025', '20/05/2025']) {
      await linha(page, 'Eventos corporativos', data)
        .getByRole('button', { name: /^Excluir/ })
        .click();
      const confirmacao = page.getByRole('alertdialog', { name: 'Deseja realmente deletar?' });
      await confirmacao.getByRole('button', { name: 'Deletar' }).click();
      // Closed once the server has deleted it: the next Excluir opens a dialog of its own.
      await confirmacao.waitFor({ state: 'detached' });
      await linha(page, 'Eventos corporativos', data).waitFor({ state: 'detached' });
    }
    const operacoes = () =>
      api<Array<{ id: number; quantidade: number; preco_unitario: number }>>(
        token,
        `/api/operacoes/?cliente=${clienteId}`,
      );
    await expect
      .poll(async () => (await operacoes()).map((o) => [o.quantidade, o.preco_unitario]), {
        timeout: 10_000,
      })
      .toEqual([[300, 10]]);
    await expect
      .poll(() => api(token, `/api/clientes/${clienteId}/proventos/`), { timeout: 10_000 })
      .toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });
});
