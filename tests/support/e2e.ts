import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import type { E2eServer } from '../e2e/global-setup';

/**
 * The `npm start` server the e2e project's global setup starts while the other tests run, once it is up: the setup
 * may first wait up to 15 minutes for another checkout's e2e run, then up to 150 s for the start.
 */
async function server(): Promise<{ baseUrl: string; adminPassword: string }> {
  const file = inject('e2eServer');
  const deadline = Date.now() + 20 * 60_000;
  while (!fs.existsSync(file)) {
    if (Date.now() > deadline) throw new Error(`the e2e server never came up (${file})`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  const info = JSON.parse(fs.readFileSync(file, 'utf8')) as E2eServer;
  if ('error' in info) throw new Error(info.error);
  return info;
}

/** The server's address and its admin password. */
export const { baseUrl, adminPassword } = await server();

/** A server to log in to: the shared one unless a test starts its own (alertas.e2e.test.ts). */
export interface Servidor {
  baseUrl: string;
  adminPassword: string;
}

const compartilhado: Servidor = { baseUrl, adminPassword };

/** Opens a path and logs in as the admin on the login screen any path shows while logged out. */
export async function loginPelaTela(
  page: Page,
  path = '/',
  servidor: Servidor = compartilhado,
): Promise<void> {
  await page.goto(servidor.baseUrl + path);
  await page.getByLabel('Usuário').fill('admin');
  await page.getByLabel('Senha').fill(servidor.adminPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
}

/** The local storage keys of a session (src/lib/session.ts). */
const SESSAO_KEYS = ['access', 'username', 'papel', 'escopo'];

/** What the SPA keeps in local storage for the admin's session on each server, once logged in. */
const sessoes = new Map<string, Promise<Record<string, string>>>();

/**
 * Opens a path logged in as the admin. The run's first call for a server logs in on the login screen
 * (`loginPelaTela`) and keeps the session the SPA stored; later pages start with it in their local storage, as a
 * browser that logged in before does — each login costs the server a password hash and an audited session, and the
 * page a login screen. The login itself is the subject of shell.e2e.test.ts and usuarios.e2e.test.ts, which log in
 * on the screen, and a test that logs out ends a session of its own, never this one.
 */
export async function login(
  page: Page,
  path = '/',
  servidor: Servidor = compartilhado,
): Promise<void> {
  const guardada = sessoes.get(servidor.baseUrl);
  if (!guardada) {
    const primeira = (async () => {
      await loginPelaTela(page, path, servidor);
      await page.getByRole('button', { name: 'Entrar' }).waitFor({ state: 'detached' });
      return page.evaluate((keys) => {
        const itens: Record<string, string> = {};
        for (const key of keys) {
          const value = localStorage.getItem(key);
          if (value !== null) itens[key] = value;
        }
        return itens;
      }, SESSAO_KEYS);
    })();
    sessoes.set(servidor.baseUrl, primeira);
    try {
      await primeira;
    } catch (err) {
      // A failed first login fails its own test; the next one tries again.
      sessoes.delete(servidor.baseUrl);
      throw err;
    }
    return;
  }
  const itens = await guardada;
  // Once per tab (sessionStorage lasts as long as the tab): a reload or a later navigation finds the storage as
  // the page left it, logged out included.
  await page.addInitScript(
    ({ origin, itens }) => {
      if (location.origin !== origin || sessionStorage.getItem('e2e-sessao')) return;
      sessionStorage.setItem('e2e-sessao', '1');
      for (const [key, value] of Object.entries(itens)) localStorage.setItem(key, value);
    },
    { origin: new URL(servidor.baseUrl).origin, itens },
  );
  await page.goto(servidor.baseUrl + path);
}
