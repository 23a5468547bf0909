import { and, asc, eq, ne } from 'drizzle-orm';
import {
  SEM_2FA,
  ULTIMO_ADMIN,
  USUARIO_EXISTE,
  USUARIO_NAO_ENCONTRADO,
  type Usuario,
  type UsuarioCreateSchema,
  type UsuarioUpdateSchema,
} from '../../../contract';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { conflict, notFound } from '../../lib/http-error';
import { hashPassword } from './passwords';
import { removeSecondFactor } from './segundo-fator';
import { endUserSessions } from './sessions';
import type { LoginThrottle } from './throttle';
import { findUserById, generatePassword, type UserRow } from './users';

// Ferramentas → Usuários (issue 32): an administrator's acts on other users, each audited.

const ENTITY = 'user';

/** What the screen shows of a user; `bloqueado_ate` from the login throttle. */
function toUsuario(u: UserRow, blocked: Map<string, Date>): Usuario {
  return {
    id: u.id,
    username: u.username,
    email: u.email,
    papel: u.papel,
    ativo: u.ativo,
    totp_ativo: u.totp_segredo !== null,
    senha_temporaria: u.senha_temporaria,
    ultimo_login: u.last_login_at?.toISOString() ?? null,
    criado_em: u.created_at.toISOString(),
    bloqueado_ate: blocked.get(u.username)?.toISOString() ?? null,
  };
}

/** The fields an administrator sees change, for the audit log's before/after. */
const visible = (u: Pick<UserRow, 'email' | 'papel' | 'ativo'>) => ({
  email: u.email,
  papel: u.papel,
  ativo: u.ativo,
});

export class UsuariosService {
  constructor(
    private readonly db: Db,
    private readonly throttle: LoginThrottle,
  ) {}

  private async usuario(u: UserRow) {
    return toUsuario(u, await this.throttle.blockedUntil([u.username]));
  }

  /** The user, locked for the change; 404 when there is none. */
  private async lockUser(tx: Tx, id: number): Promise<UserRow> {
    const [user] = await tx.select().from(users).where(eq(users.id, id)).for('update');
    if (!user) throw notFound(USUARIO_NAO_ENCONTRADO);
    return user;
  }

  /**
   * 409 when the change leaves no active admin. Every active admin's row is locked first, so two administrators
   * demoting each other at once cannot both pass.
   */
  private async keepAnAdmin(tx: Tx, user: UserRow, after: { papel: string; ativo: boolean }) {
    const wasAdmin = user.papel === 'admin' && user.ativo;
    if (!wasAdmin || (after.papel === 'admin' && after.ativo)) return;
    const others = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.papel, 'admin'), eq(users.ativo, true), ne(users.id, user.id)))
      .for('update');
    if (others.length === 0) throw conflict(ULTIMO_ADMIN);
  }

  async list(): Promise<Usuario[]> {
    const rows = await this.db.select().from(users).orderBy(asc(users.username));
    const blocked = await this.throttle.blockedUntil(rows.map((u) => u.username));
    return rows.map((u) => toUsuario(u, blocked));
  }

  async create(actor: string, input: z.output<typeof UsuarioCreateSchema>) {
    const senha = generatePassword();
    const passwordHash = await hashPassword(senha);
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          password_hash: passwordHash,
          email: input.email ?? null,
          papel: input.papel,
          senha_temporaria: true,
        })
        .onConflictDoNothing({ target: users.username })
        .returning({ id: users.id });
      if (!row) throw conflict(USUARIO_EXISTE);
      await audit(tx, {
        username: actor,
        action: 'create',
        entity: ENTITY,
        entityId: input.username,
        after: {
          username: input.username,
          ...visible({ ...input, email: input.email ?? null, ativo: true }),
        },
      });
      return { id: row.id, username: input.username, senha_temporaria: senha };
    });
  }

  async update(actor: string, id: number, input: z.output<typeof UsuarioUpdateSchema>) {
    const user = await this.db.transaction(async (tx) => {
      const before = await this.lockUser(tx, id);
      const after = {
        email: input.email === undefined ? before.email : input.email,
        papel: input.papel ?? before.papel,
        ativo: input.ativo ?? before.ativo,
      };
      await this.keepAnAdmin(tx, before, after);
      const [updated] = await tx.update(users).set(after).where(eq(users.id, id)).returning();
      // A new role or a deactivation takes effect at once: their tokens stop opening the API.
      const ends = after.papel !== before.papel || (before.ativo && !after.ativo);
      const sessionsEnded = ends ? await endUserSessions(tx, id) : 0;
      await audit(tx, {
        username: actor,
        action: 'update',
        entity: ENTITY,
        entityId: before.username,
        before: visible(before),
        after: { ...visible(after), ...(ends ? { sessions_ended: sessionsEnded } : {}) },
      });
      return updated!;
    });
    return this.usuario(user);
  }

  async resetPassword(actor: string, id: number) {
    const senha = generatePassword();
    const passwordHash = await hashPassword(senha);
    await this.db.transaction(async (tx) => {
      const user = await this.lockUser(tx, id);
      await tx
        .update(users)
        .set({ password_hash: passwordHash, senha_temporaria: true })
        .where(eq(users.id, id));
      const sessionsEnded = await endUserSessions(tx, id);
      await audit(tx, {
        username: actor,
        action: 'password_reset',
        entity: ENTITY,
        entityId: user.username,
        after: { temporaria: true, sessions_ended: sessionsEnded },
      });
    });
    return { senha_temporaria: senha };
  }

  async resetSecondFactor(actor: string, id: number) {
    await this.db.transaction(async (tx) => {
      const user = await this.lockUser(tx, id);
      if (user.totp_segredo === null) throw conflict(SEM_2FA);
      await removeSecondFactor(tx, id);
      const sessionsEnded = await endUserSessions(tx, id);
      await audit(tx, {
        username: actor,
        action: '2fa_reset',
        entity: ENTITY,
        entityId: user.username,
        before: { totp_ativo: true },
        after: { totp_ativo: false, sessions_ended: sessionsEnded },
      });
    });
    return this.usuario((await findUserById(this.db, id))!);
  }

  async unlock(actor: string, id: number) {
    const user = await findUserById(this.db, id);
    if (!user) throw notFound(USUARIO_NAO_ENCONTRADO);
    const blocked = await this.throttle.blockedUntil([user.username]);
    await this.throttle.clearAccount(user.username);
    await audit(this.db, {
      username: actor,
      action: 'unlock',
      entity: ENTITY,
      entityId: user.username,
      before: { bloqueado_ate: blocked.get(user.username)?.toISOString() ?? null },
    });
    return this.usuario(user);
  }
}
