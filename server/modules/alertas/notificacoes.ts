import { eq, sql } from 'drizzle-orm';
import type { Notificacao, Preferencias, PreferenciasInput, TipoAlerta } from '../../../contract';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import { alertaPreferencias, users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { canaisDe } from './destinatarios';
import { countNaoLidas, markLidas, selectNotificacoes } from './repository';
import { requireUserId } from './service';

/** A user's notifications (the bell, the panel) and their choices of channel per type (issue 31). */

export async function listNotificacoes(
  db: Db,
  username: string,
  naoLidas: boolean,
): Promise<Notificacao[]> {
  return selectNotificacoes(db, await requireUserId(db, username), naoLidas);
}

export async function contagemNotificacoes(db: Db, username: string) {
  return { nao_lidas: await countNaoLidas(db, await requireUserId(db, username)) };
}

/** These ids of the user's (others' are left alone), or all of them. */
export async function marcarLidas(db: Db, username: string, ids: number[] | undefined) {
  const userId = await requireUserId(db, username);
  const marcadas = await markLidas(db, userId, ids);
  return { marcadas, nao_lidas: await countNaoLidas(db, userId) };
}

export async function preferenciasDe(
  db: Db,
  username: string,
  emailAtivo: boolean,
): Promise<Preferencias> {
  const userId = await requireUserId(db, username);
  const [row] = await queryRows<{ email: string | null; canais: unknown }>(
    db,
    sql`select u.email,
          coalesce((select json_object_agg(p.tipo, p.canal) from alerta_preferencias p where p.user_id = u.id),
            '{}'::json) as canais
        from users u where u.id = ${userId}`,
  );
  const escolhas = (
    typeof row!.canais === 'string' ? JSON.parse(row!.canais) : row!.canais
  ) as Record<string, string>;
  return { email: row!.email, email_ativo: emailAtivo, canais: canaisDe(escolhas) };
}

export async function updatePreferencias(
  db: Db,
  username: string,
  input: PreferenciasInput,
  emailAtivo: boolean,
): Promise<Preferencias> {
  const userId = await requireUserId(db, username);
  const antes = await preferenciasDe(db, username, emailAtivo);
  const canais = Object.entries(input.canais ?? {}).filter(
    (e): e is [TipoAlerta, 'app' | 'app_email'] => e[1] !== undefined,
  );
  await db.transaction(async (tx) => {
    if (input.email !== undefined) {
      await tx.update(users).set({ email: input.email }).where(eq(users.id, userId));
    }
    if (canais.length) {
      await tx
        .insert(alertaPreferencias)
        .values(canais.map(([tipo, canal]) => ({ user_id: userId, tipo, canal })))
        .onConflictDoUpdate({
          target: [alertaPreferencias.user_id, alertaPreferencias.tipo],
          set: { canal: sql`excluded.canal` },
        });
    }
    await audit(tx, {
      username,
      action: 'update',
      entity: 'preferencias_alertas',
      entityId: userId,
      before: { email: antes.email, canais: antes.canais },
      after: input,
    });
  });
  return preferenciasDe(db, username, emailAtivo);
}

/** A user's e-mail set from the command line (user:create --email); null removes it. Audited as the CLI's. */
export async function setUserEmail(
  db: Db,
  username: string,
  email: string | null,
  actor: string,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(users)
      .set({ email })
      .where(eq(users.username, username))
      .returning({ id: users.id });
    if (!row) return false;
    await audit(tx, {
      username: actor,
      action: 'update',
      entity: 'user',
      entityId: username,
      after: { email },
    });
    return true;
  });
}
