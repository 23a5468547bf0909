import os from 'node:os';
import { eq, isNotNull } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase, type Tx } from '../db/client';
import { clientes } from '../db/schema';
import { openToken, sealToken } from '../lib/mt5-agent/access';
import { RotationRefused, rotateSecret } from '../lib/shared-secrets';
import { runCommand } from './run';

const USAGE = 'Usage: npm run secrets:rotate -- jwt|mt5-token-key';

/** Every client's own agent token, opened with the old key and sealed with the new one, in the rotation's transaction. */
async function reseal(tx: Tx, from: Buffer, to: Buffer): Promise<number> {
  const rows = await tx
    .select({ id: clientes.id, nome: clientes.nome, mt5_token: clientes.mt5_token })
    .from(clientes)
    .where(isNotNull(clientes.mt5_token))
    .for('update');
  for (const row of rows) {
    let token: string;
    try {
      token = openToken(from, row.mt5_token!);
    } catch {
      throw new RotationRefused(
        `The agent token of client ${row.id} (${row.nome}) does not open with the current key: nothing was ` +
          'changed. Set that client’s token again on its form, then rotate.',
      );
    }
    await tx
      .update(clientes)
      .set({ mt5_token: sealToken(to, token) })
      .where(eq(clientes.id, row.id));
  }
  return rows.length;
}

async function main(): Promise<number> {
  const which = process.argv[2];
  if (which !== 'jwt' && which !== 'mt5-token-key') {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfig();
  if (!config.databaseUrl) {
    console.error(
      'secrets:rotate is for instances sharing PostgreSQL (DATABASE_URL). The embedded database keeps its secrets ' +
        `in ${config.dataDir} (jwt-secret, mt5-token-key) or takes them from JWT_SECRET and MT5_TOKEN_KEY.`,
    );
    return 2;
  }
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    purpose: 'secrets:rotate',
  });
  try {
    const { resealed } = await rotateSecret(database.db, which, {
      jwtExpiresHours: config.jwtExpiresHours,
      username: `cli:${os.userInfo().username}`,
      reseal,
    });
    console.log(
      which === 'jwt'
        ? 'New JWT secret stored. Running instances sign with it within seconds; tokens signed with the old ' +
            `one stay valid until they expire (at most ${config.jwtExpiresHours} h).`
        : `New agent-token key stored; ${resealed} client token(s) sealed again. Running instances read it within ` +
            'seconds.',
    );
    return 0;
  } catch (err) {
    if (err instanceof RotationRefused) {
      console.error(err.message);
      return 1;
    }
    throw err;
  } finally {
    await database.close();
  }
}

runCommand(main);
