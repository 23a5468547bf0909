import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import * as schema from '../../../../server/db/schema';
import { findLiveSession } from '../../../../server/modules/auth/sessions';
import { MIGRATIONS, migrationsBefore } from '../../../support/migrations';

const client = new PGlite();
afterAll(() => client.close());

// A new embedded database, migrated twice: seconds on a busy machine.
describe('the migration that gives sessions their username', { timeout: 60_000 }, () => {
  it('keeps every session open at the upgrade open, for its own user only', async () => {
    const before = migrationsBefore(/_sessoes_usuario$/);
    const db = drizzle({ client, schema });
    await migrate(db, { migrationsFolder: before });
    fs.rmSync(before, { recursive: true });
    const [ana, bia] = [crypto.randomUUID(), crypto.randomUUID()];
    await client.exec(`
      insert into users (username, password_hash) values ('ana', 'x'), ('bia', 'y');
      insert into sessions (id, user_id, expires_at) values
        ('${ana}', (select id from users where username = 'ana'), now() + interval '1 hour'),
        ('${bia}', (select id from users where username = 'bia'), now() + interval '1 hour');
    `);
    await migrate(db, { migrationsFolder: MIGRATIONS });
    expect((await findLiveSession(db, ana))?.username).toBe('ana');
    expect((await findLiveSession(db, bia))?.username).toBe('bia');
    // From now on a session cannot be stored without its user's name.
    await expect(
      client.exec(
        `insert into sessions (id, user_id, expires_at)
         values ('${crypto.randomUUID()}', (select id from users where username = 'ana'), now())`,
      ),
    ).rejects.toThrow(/username/);
  });
});
