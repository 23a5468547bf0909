import { Secret, TOTP } from 'otpauth';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoginResponse, UsuarioCriado } from '../../contract';
import { todayIso } from '../../shared/dates';
import { formatDate } from '../../shared/format';
import { closePages, sharedBrowser, screenshot } from '../support/browser';
import { adminPassword, baseUrl, login } from '../support/e2e';

// The second demo client's VM answers online, through an in-process simulator trading at the demo quotes.
const CLIENTE_ONLINE = 2;
const SUFIXO = Date.now().toString(36);
const OPERADORA = `op-${SUFIXO}`;
const ASSESSOR = `as-${SUFIXO}`;
const SENHA_OPERADORA = 'Operadora-e2e-senha-nova';
const SENHA_ASSESSOR = 'Assessor-e2e-senha-nova';

/** The code an authenticator app shows for `segredo` now (RFC 6238, as the product's QR code configures it). */
const codigoAgora = (segredo: string) => TOTP.generate({ secret: Secret.fromBase32(segredo) });

async function api<T>(path: string, init: { method?: string; token?: string; json?: unknown }) {
  const res = await fetch(`${baseUrl}/api${path}`, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token && { authorization: `Bearer ${init.token}` }),
      ...(init.json !== undefined && { 'content-type': 'application/json' }),
    },
    body: init.json === undefined ? undefined : JSON.stringify(init.json),
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** The password step on the login screen any path shows while logged out. */
async function entrar(page: Page, username: string, senha: string, path = '/') {
  await page.goto(baseUrl + path);
  await page.getByLabel('Usuário').fill(username);
  await page.getByLabel('Senha').fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** Until the fades have ended: a screenshot shows the screen, not a frame of a dialog closing. */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}

/** A screenshot of the screen at rest. */
async function foto(page: Page, name: string) {
  await settled(page);
  await screenshot(page, name);
}

async function sair(page: Page, username: string) {
  const nav = page.getByRole('navigation', { name: 'Principal' });
  await nav.getByRole('button', { name: username }).click();
  await page.getByRole('menuitem', { name: 'Sair' }).click();
  await page.getByRole('button', { name: 'Entrar' }).waitFor();
}

describe('users, roles, a second factor and the audit log (issue 32)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await sharedBrowser();
  });
  afterAll(() => closePages(browser));

  it('an admin creates an operator, who changes her temporary password, enrols 2FA, logs in with a code and buys', async () => {
    const admin = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    const errors: string[] = [];
    admin.on('pageerror', (e) => errors.push(e.message));
    await login(admin, '/ferramentas/usuarios');
    await admin.getByRole('heading', { name: 'Usuários' }).waitFor();
    await admin.getByRole('button', { name: 'Novo usuário' }).click();
    const novo = admin.getByRole('dialog', { name: 'Novo usuário' });
    await novo.getByLabel('Usuário').fill(OPERADORA);
    await novo.getByLabel('E-mail').fill(`${OPERADORA}@carteira.example`);
    await novo.getByLabel('Papel').selectOption({ label: 'Operador' });
    await novo.getByRole('button', { name: 'Criar' }).click();
    const criado = admin.getByRole('dialog', { name: 'Usuário criado' });
    const temporaria = (await criado.getByLabel('Senha temporária').textContent())!.trim();
    expect(temporaria.length).toBeGreaterThanOrEqual(12);
    await criado.getByRole('button', { name: 'Concluir' }).click();
    await criado.waitFor({ state: 'detached' });
    const linha = admin.getByRole('table', { name: 'Usuários' }).getByRole('row').filter({
      hasText: OPERADORA,
    });
    await linha.filter({ hasText: 'Senha temporária' }).filter({ hasText: 'Operador' }).waitFor();
    await foto(admin, 'usuarios-1280');

    // The operator's first login: only "Trocar senha" until the temporary password is changed.
    const op = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    op.on('pageerror', (e) => errors.push(e.message));
    await entrar(op, OPERADORA, temporaria, '/clientes');
    await op.getByRole('heading', { name: 'Trocar senha' }).waitFor();
    expect(await op.getByRole('navigation', { name: 'Principal' }).count()).toBe(0);
    await op.getByLabel('Senha atual').fill(temporaria);
    await op.getByLabel('Nova senha', { exact: true }).fill(SENHA_OPERADORA);
    await op.getByLabel('Repita a nova senha').fill(SENHA_OPERADORA);
    await op.getByRole('button', { name: 'Trocar senha' }).click();
    await op.getByRole('heading', { name: 'Clientes' }).waitFor();

    // Minha conta → the second factor, with a code computed here from the secret the screen shows.
    await op.goto(`${baseUrl}/conta`);
    const fator = op.getByRole('region', { name: 'Segundo fator' });
    await fator.getByRole('button', { name: 'Ativar segundo fator' }).click();
    const segredo = (await fator.getByLabel('Segredo').getAttribute('data-segredo'))!;
    expect(segredo).toMatch(/^[A-Z2-7]{16,}$/);
    await fator.getByRole('img', { name: 'QR code do segundo fator' }).waitFor();
    await foto(op, 'conta-2fa-1280');
    await fator.getByLabel('Código do aplicativo').fill(codigoAgora(segredo));
    await fator.getByRole('button', { name: 'Confirmar' }).click();
    const codigos = fator.getByRole('list', { name: 'Códigos de recuperação' });
    await codigos.waitFor();
    const recuperacao = await codigos.getByRole('listitem').allTextContents();
    expect(recuperacao).toHaveLength(10);
    await foto(op, 'conta-2fa-codigos-1280');
    await fator.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await fator.getByText('Ativo', { exact: true }).waitFor();

    // Logging in again asks the second step: a recovery code serves (a TOTP code of this 30-second window was
    // just used, and is not accepted twice).
    await sair(op, OPERADORA);
    await entrar(op, OPERADORA, SENHA_OPERADORA, `/clientes/${CLIENTE_ONLINE}/carteira`);
    await op.getByLabel('Código').fill(recuperacao[0]!);
    await op.getByRole('button', { name: 'Confirmar' }).click();
    await op.getByText('Aguarde, carregando dados da carteira...').waitFor({ state: 'hidden' });

    // The operator buys.
    await op.getByRole('button', { name: 'Nova Compra (MT5)' }).click();
    const compra = op.getByRole('dialog', { name: 'Nova Compra (MT5)' });
    await compra.getByRole('button', { name: 'Selecionar recomendação' }).click();
    const picker = op.getByRole('dialog', { name: 'Selecionar recomendação' });
    await picker
      .getByRole('button', { name: /^Selecionar [A-Z]{4}\d+$/ })
      .first()
      .click();
    await compra.getByLabel('Quantidade de ações').fill('100');
    await compra.getByRole('button', { name: 'Validar' }).click();
    await compra.getByRole('table', { name: 'Pernas sugeridas' }).waitFor();
    await compra.getByRole('button', { name: 'Enviar' }).click();
    await compra.waitFor({ state: 'detached', timeout: 30_000 });

    // The audit screen finds her buy by user and day.
    await admin.goto(`${baseUrl}/ferramentas/auditoria`);
    const hoje = formatDate(todayIso());
    await admin.getByLabel('Usuário').fill(OPERADORA);
    await admin.getByLabel('Usuário').press('Enter');
    await admin.getByLabel('Entidade').selectOption({ label: 'Ordem' });
    await admin.getByLabel('De', { exact: true }).fill(hoje);
    await admin.getByLabel('Até', { exact: true }).fill(hoje);
    const auditoria = admin.getByRole('table', { name: 'Auditoria' });
    const compraAuditada = auditoria
      .getByRole('row')
      .filter({ hasText: OPERADORA })
      .filter({ hasText: 'Criação' });
    await compraAuditada.first().waitFor();
    await expect(
      compraAuditada
        .first()
        .getByRole('link', { name: /^Ordem / })
        .getAttribute('href'),
    ).resolves.toMatch(/^\/ordens\/[0-9a-f-]{36}$/);
    await foto(admin, 'auditoria-1280');
    expect(errors).toEqual([]);
    await Promise.all([admin.close(), op.close()]);
  });

  it('an advisor sees no buy button, and the API refuses one with 403', async () => {
    const { body: adminLogin } = await api<LoginResponse>('/token/', {
      method: 'POST',
      json: { username: 'admin', password: adminPassword },
    });
    const { body: criado } = await api<UsuarioCriado>('/usuarios/', {
      method: 'POST',
      token: adminLogin.access,
      json: { username: ASSESSOR, papel: 'assessor' },
    });
    const { body: temporaria } = await api<LoginResponse>('/token/', {
      method: 'POST',
      json: { username: ASSESSOR, password: criado.senha_temporaria },
    });
    expect(temporaria.escopo).toBe('trocar_senha');
    const { body: assessor } = await api<LoginResponse>('/eu/senha/', {
      method: 'POST',
      token: temporaria.access,
      json: { atual: criado.senha_temporaria, nova: SENHA_ASSESSOR },
    });
    expect([assessor.papel, assessor.escopo]).toEqual(['assessor', 'completo']);

    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await entrar(page, ASSESSOR, SENHA_ASSESSOR, `/clientes/${CLIENTE_ONLINE}/carteira`);
    await page.getByText('Aguarde, carregando dados da carteira...').waitFor({ state: 'hidden' });
    await page.getByRole('button', { name: 'Nova Operação' }).waitFor();
    expect(await page.getByRole('button', { name: 'Nova Compra (MT5)' }).count()).toBe(0);
    await page.getByRole('tab', { name: 'POSICIONADAS' }).click();
    await page.getByRole('table', { name: 'Operações posicionadas' }).waitFor();
    expect(await page.getByRole('button', { name: /^Vender / }).count()).toBe(0);
    // Importação at its address says why, rather than failing on its calls.
    await page.goto(`${baseUrl}/ferramentas/importacao`);
    await page.getByText('Seu papel (Assessor) não permite importar planilhas.').waitFor();
    await page.close();

    const refused = await api<{ detail: string }>(`/clientes/${CLIENTE_ONLINE}/mt5/compra/`, {
      method: 'POST',
      token: assessor.access,
      json: {
        ticker_base: 'PETR4',
        execucao: 'mercado',
        tp: 50,
        legs: [{ symbol: 'PETR4', quantidade: 100 }],
      },
    });
    expect(refused).toEqual({
      status: 403,
      body: { detail: 'O papel assessor não pode enviar ordens ao MT5.' },
    });
  });

  it('shows Usuários, Minha conta and Auditoria on a phone', async () => {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await login(page, '/ferramentas/usuarios');
    await page
      .getByRole('table', { name: 'Usuários' })
      .getByText(OPERADORA, { exact: true })
      .waitFor();
    await foto(page, 'usuarios-390');
    await page.goto(`${baseUrl}/conta`);
    const fator = page.getByRole('region', { name: 'Segundo fator' });
    await fator.getByRole('button', { name: 'Ativar segundo fator' }).click();
    await fator.getByRole('img', { name: 'QR code do segundo fator' }).waitFor();
    await foto(page, 'conta-2fa-390');
    await fator.getByRole('button', { name: 'Cancelar' }).click();
    await page.goto(`${baseUrl}/ferramentas/auditoria`);
    await page.getByRole('table', { name: 'Auditoria' }).getByRole('row').nth(1).waitFor();
    await foto(page, 'auditoria-390');
    expect(errors).toEqual([]);
    await page.close();
  });
});
