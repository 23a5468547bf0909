import { createRequire } from 'node:module';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closePages, sharedBrowser } from '../support/browser';
import { adminPassword, baseUrl } from '../support/e2e';

// Ana (1): a demo client whose terminal answers (an in-process simulator) and who holds open positions.
const ANA = 1;
const AXE = createRequire(import.meta.url).resolve('axe-core/axe.min.js');

interface Violacao {
  id: string;
  impact: string | null;
  help: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

/**
 * axe-core's WCAG 2.1 A and AA rules on the page as it is (an open dialog included): the serious and critical
 * violations, each as its rule, its words and the first elements it names (what a failure message needs).
 */
async function violacoes(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE });
  const achadas = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...a: unknown[]) => Promise<unknown> } }).axe;
    const r = (await axe.run(document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
      resultTypes: ['violations'],
    })) as { violations: unknown[] };
    return r.violations;
  });
  return (achadas as Violacao[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} — ${v.nodes.length} elemento(s): ` +
        v.nodes
          .slice(0, 4)
          .map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ''}`.replace(/\s+/g, ' '))
          .join(' | '),
    );
}

/** Until the screen has stopped loading: no spinner, no "Carregando", no busy region. */
async function carregada(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !document.querySelector('[aria-busy="true"], .chakra-spinner') &&
      !/Carregando|Aguarde, carregando/.test(document.body.innerText),
    undefined,
    { timeout: 30_000 },
  );
  // Fades and slides at their end: axe reads the colours as they will stay.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

describe('accessibility of the main screens (axe-core, WCAG 2.1 AA)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => closePages(browser));

  it('finds no serious or critical violation on any of them', { timeout: 240_000 }, async () => {
    // One context, the screens in sequence (the SPA's chunks load once); the server's CSP would refuse axe's script.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      bypassCSP: true,
    });
    const page = await context.newPage();
    const porTela: Record<string, string[]> = {};
    const verificar = async (tela: string, pronta?: Locator) => {
      await pronta?.first().waitFor({ timeout: 30_000 });
      await carregada(page);
      porTela[tela] = await violacoes(page);
    };

    await page.goto(baseUrl + '/');
    await verificar('Login', page.getByRole('button', { name: 'Entrar' }));
    await page.getByLabel('Usuário').fill('admin');
    await page.getByLabel('Senha').fill(adminPassword);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await verificar('Início', page.getByRole('heading', { name: 'Dashboard' }));

    await page.goto(`${baseUrl}/clientes`);
    await verificar('Clientes', page.getByRole('table').locator('tbody tr'));

    await page.goto(`${baseUrl}/clientes/${ANA}/carteira`);
    for (const aba of ['Resumo', 'POSICIONADAS', 'REALIZADAS', 'PROVENTOS', 'ORDENS', 'IR']) {
      await page.getByRole('tab', { name: aba, exact: true }).click();
      await verificar(`Carteira — ${aba}`, page.getByRole('tabpanel'));
    }
    await page.getByRole('tab', { name: 'RENTABILIDADE', exact: true }).click();
    await verificar('Carteira — RENTABILIDADE', page.getByRole('tabpanel'));

    await page.getByRole('tab', { name: 'POSICIONADAS', exact: true }).click();
    const posicionadas = page.getByRole('table', { name: 'Operações posicionadas' });
    await posicionadas
      .getByRole('button', { name: /^Vender / })
      .first()
      .click();
    await verificar('Diálogo de venda', page.getByRole('dialog'));
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Nova Compra (MT5)' }).click();
    const compra = page.getByRole('dialog', { name: 'Nova Compra (MT5)' });
    await verificar('Diálogo de compra', compra.getByLabel('Ticker'));
    await compra.getByRole('button', { name: 'Selecionar recomendação' }).click();
    const seletor = page.getByRole('dialog', { name: 'Selecionar recomendação' });
    const primeira = seletor.getByRole('button', { name: /^Selecionar [A-Z]{4}\d+$/ }).first();
    await verificar('Seletor de recomendação', primeira);
    await primeira.click();
    await compra.getByLabel('Quantidade de ações').fill('100');
    await compra.getByRole('button', { name: 'Validar' }).click();
    await verificar(
      'Diálogo de compra validado',
      compra.getByRole('table', { name: 'Pernas sugeridas' }),
    );
    await compra.getByRole('button', { name: 'Enviar' }).click();
    await compra.waitFor({ state: 'detached', timeout: 30_000 });

    await page.goto(`${baseUrl}/controle-rv`);
    for (const aba of ['POSICIONADAS', 'PATRIMÔNIO DISPONÍVEL', 'RECOMENDAÇÕES', 'CONCILIAÇÃO']) {
      await page.getByRole('tab', { name: aba, exact: true }).click();
      await verificar(`Painel de Controle — ${aba}`, page.getByRole('tabpanel'));
    }
    await page.getByRole('tab', { name: 'RENTABILIDADE', exact: true }).click();
    await verificar('Painel de Controle — RENTABILIDADE', page.getByRole('tabpanel'));

    await page.goto(`${baseUrl}/ordens/lote`);
    await verificar('Ordem em lote', page.getByRole('heading', { name: 'Ordem em lote' }));

    await page.goto(`${baseUrl}/ordens`);
    const historico = page.getByRole('table', { name: 'Histórico de ordens' });
    await verificar('Histórico de ordens', historico.getByRole('link'));
    await historico.getByRole('link').first().click();
    await verificar('Página da ordem', page.getByRole('table', { name: 'Pernas da ordem' }));

    await page.goto(`${baseUrl}/ferramentas/eventos`);
    await verificar(
      'Eventos corporativos',
      page.getByRole('heading', { name: 'Eventos corporativos' }),
    );
    await page.goto(`${baseUrl}/ferramentas/importacao`);
    await verificar('Importação', page.getByRole('heading', { name: 'Importação' }));

    await context.close();
    expect(Object.keys(porTela)).toHaveLength(24);
    // Each screen with what axe found there, whole (a diff of the list would cut it).
    const falhas = Object.entries(porTela).filter(([, v]) => v.length > 0);
    if (falhas.length > 0) {
      throw new Error(falhas.map(([tela, v]) => `${tela}:\n  ${v.join('\n  ')}`).join('\n'));
    }
  });
});
