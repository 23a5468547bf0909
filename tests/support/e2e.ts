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

/** Opens a path and logs in on the login screen any path shows while logged out. */
export async function login(page: Page, path = '/'): Promise<void> {
  await page.goto(baseUrl + path);
  await page.getByLabel('Usuário').fill('admin');
  await page.getByLabel('Senha').fill(adminPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
}
