import type { Page } from 'playwright-core';
import { inject } from 'vitest';

/** The `npm start` server the e2e project's global setup started, and its admin password. */
export const baseUrl = inject('baseUrl');
export const adminPassword = inject('adminPassword');

/** Opens a path and logs in on the login screen any path shows while logged out. */
export async function login(page: Page, path = '/'): Promise<void> {
  await page.goto(baseUrl + path);
  await page.getByLabel('Usuário').fill('admin');
  await page.getByLabel('Senha').fill(adminPassword);
  await page.getByRole('button', { name: 'Entrar' }).click();
}
