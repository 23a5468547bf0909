import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../../../server/db/schema';
import { findLiveSession } from '../../../../server/modules/auth/sessions';
import { findUser } from '../../../../server/modules/auth/users';
import { emptyPglite } from '../../../support/empty-pglite';
import { MIGRATIONS, migrationsBefore } from '../../../support/migrations';

// An empty database from the run's template, not a new cluster (empty-pglite.ts).
let client: PGlite;
let close: () => Promise<void>;
beforeAll(async () => ({ client, close } = await emptyPglite()), 60_000);
afterAll(() => close());

// Issue 32: whoever had an account before roles came administered the server, and stays an admin.
describe('the migration that gives users their roles', { timeout: 60_000 }, () => {
  it('makes every existing user an active admin with their own password, and their open sessions full ones', async () => {
    const before = migrationsBefore(/_usuarios_papeis$/);
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: before });
    fs.rmSync(before, { recursive: true });
    const session = crypto.randomUUID();
    await client.exec(`
      insert into users (username, password_hash) values ('ana', 'x'), ('bia', 'y');
      insert into sessions (id, user_id, username, expires_at) values
        ('${session}', (select id from users where username = 'ana'), 'ana', now() + interval '1 hour');
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    for (const name of ['ana', 'bia']) {
      expect(await findUser(db, name)).toMatchObject({
        papel: 'admin',
        ativo: true,
        senha_temporaria: false,
        totp_segredo: null,
      });
    }
    expect(await findLiveSession(db, session)).toMatchObject({
      username: 'ana',
      papel: 'admin',
      escopo: 'completo',
    });
  });
});
