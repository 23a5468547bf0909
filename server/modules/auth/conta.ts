import { eq } from 'drizzle-orm';
import {
  CODIGO_INVALIDO,
  JA_TEM_2FA,
  SEM_2FA_PROPRIO,
  SEM_INSCRICAO,
  SENHA_ATUAL_INCORRETA,
  SENHA_COMUM,
  SENHA_CURTA,
  SENHA_IGUAL,
  SESSAO_NAO_ENCONTRADA,
  exige2faNaoDesativa,
  parseUuid,
  type Confirmacao2fa,
  type Eu,
  type LoginResponse,
  type Sessao,
  type TrocarSenha,
} from '../../../contract';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { audit } from '../../lib/audit';
import { conflict, invalidFields, notFound, unauthenticated } from '../../lib/http-error';
import { hashPassword, passwordProblem, verifyPassword } from './passwords';
import type { AuthService, Origin } from './service';
import { acceptCode, confirmEnrolment, removeSecondFactor, startEnrolment } from './segundo-fator';
import { endOtherSessions, endOwnSession, endUserSessions, listUserSessions } from './sessions';
import { findUserById, type UserRow } from './users';

// My account (issue 32): the user of the token acting on themself; every change audited under their name.

/** Who is asking: the guard's session. */
export interface Requester {
  userId: number;
  username: string;
  sessionId: string;
  escopo: Eu['escopo'];
}

const ENTITY = 'user';

export class ContaService {
  constructor(
    private readonly db: Db,
    private readonly auth: AuthService,
  ) {}

  /** The token's user (deleted meanwhile: the session is gone too, so 401). */
  private async me(who: Requester): Promise<UserRow> {
    const user = await findUserById(this.db, who.userId);
    if (!user) throw unauthenticated();
    return user;
  }

  async get(who: Requester): Promise<Eu> {
    const u = await this.me(who);
    return {
      id: u.id,
      username: u.username,
      email: u.email,
      papel: u.papel,
      totp_ativo: u.totp_segredo !== null,
      senha_temporaria: u.senha_temporaria,
      exige_2fa: this.auth.exige2fa(u.papel),
      escopo: who.escopo,
      sessao_id: who.sessionId,
    };
  }

  /**
   * The current password checked under the login throttle (a stolen token must not become a way to guess it),
   * the new one under today's rules; then every session of the user ends and a new one opens for this browser.
   */
  async changePassword(who: Requester, input: TrocarSenha, origin: Origin): Promise<LoginResponse> {
    const problem = passwordProblem(input.nova);
    if (problem) invalid('nova', problem === 'too_short' ? SENHA_CURTA : SENHA_COMUM);
    if (input.nova === input.atual) invalid('nova', SENHA_IGUAL);
    const user = await this.me(who);
    const admission = await this.auth.throttle.admit(user.username, origin.address);
    if (!(await verifyPassword(user.password_hash, input.atual))) {
      await this.auth.throttle.failed(admission);
      await audit(this.db, {
        username: user.username,
        action: 'password_change_failed',
        entity: ENTITY,
        entityId: user.username,
        after: { address: origin.address },
      });
      invalid('atual', SENHA_ATUAL_INCORRETA);
    }
    await this.auth.throttle.released(admission);
    const passwordHash = await hashPassword(input.nova);
    const { issue } = await this.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({ password_hash: passwordHash, senha_temporaria: false })
        .where(eq(users.id, user.id))
        .returning();
      const sessionsEnded = await endUserSessions(tx, user.id);
      const opened = await this.auth.openSession(tx, updated!, origin);
      await audit(tx, {
        username: user.username,
        action: 'password_change',
        entity: ENTITY,
        entityId: user.username,
        before: { temporaria: user.senha_temporaria },
        after: {
          address: origin.address,
          sessions_ended: sessionsEnded,
          session: opened.sessionId,
        },
      });
      return opened;
    });
    return issue();
  }

  async sessions(who: Requester): Promise<Sessao[]> {
    const rows = await listUserSessions(this.db, who.userId);
    return rows.map((s) => ({
      id: s.id,
      criada_em: s.created_at.toISOString(),
      ultimo_acesso: s.last_seen_at.toISOString(),
      endereco: s.address,
      navegador: s.user_agent,
      atual: s.id === who.sessionId,
    }));
  }

  async endSession(who: Requester, id: string): Promise<void> {
    const sessionId = parseUuid(id);
    await this.db.transaction(async (tx) => {
      if (!sessionId || !(await endOwnSession(tx, who.userId, sessionId))) {
        throw notFound(SESSAO_NAO_ENCONTRADA);
      }
      await audit(tx, {
        username: who.username,
        action: 'end_session',
        entity: 'session',
        entityId: sessionId,
      });
    });
  }

  async endOthers(who: Requester): Promise<{ encerradas: number }> {
    return this.db.transaction(async (tx) => {
      const encerradas = await endOtherSessions(tx, who.userId, who.sessionId);
      await audit(tx, {
        username: who.username,
        action: 'end_other_sessions',
        entity: 'session',
        entityId: who.sessionId,
        after: { sessions_ended: encerradas },
      });
      return { encerradas };
    });
  }

  async startSecondFactor(who: Requester) {
    const user = await this.me(who);
    const fresh = await startEnrolment(this.db, user);
    if (!fresh) throw conflict(JA_TEM_2FA);
    await audit(this.db, {
      username: user.username,
      action: '2fa_enrol_start',
      entity: ENTITY,
      entityId: user.username,
    });
    return fresh;
  }

  /** Second factor on; the sessions opened with the password alone end, this browser gets a new one. */
  async confirmSecondFactor(
    who: Requester,
    codigo: string,
    origin: Origin,
  ): Promise<Confirmacao2fa> {
    const { issue, codes } = await this.db.transaction(async (tx) => {
      const result = await confirmEnrolment(tx, who.userId, codigo);
      if (result === 'codigo') invalid('codigo', CODIGO_INVALIDO);
      if (result === 'sem_inscricao') throw conflict(SEM_INSCRICAO);
      if (result === 'ja_ativo') throw conflict(JA_TEM_2FA);
      const sessionsEnded = await endUserSessions(tx, who.userId);
      const user = (await findUserById(tx, who.userId))!;
      const opened = await this.auth.openSession(tx, user, origin);
      await audit(tx, {
        username: who.username,
        action: '2fa_on',
        entity: ENTITY,
        entityId: who.username,
        after: { totp_ativo: true, sessions_ended: sessionsEnded, session: opened.sessionId },
      });
      return { issue: opened.issue, codes: result };
    });
    return { ...(await issue()), codigos_recuperacao: codes };
  }

  /** Second factor off, with one of its codes; refused while EXIGIR_2FA names the user's role. */
  async removeOwnSecondFactor(who: Requester, codigo: string, origin: Origin): Promise<void> {
    const user = await this.me(who);
    if (user.totp_segredo === null) throw conflict(SEM_2FA_PROPRIO);
    if (this.auth.exige2fa(user.papel)) throw conflict(exige2faNaoDesativa(user.papel));
    const admission = await this.auth.throttle.admit(user.username, origin.address);
    const accepted = await this.db.transaction(async (tx) => {
      const via = await acceptCode(tx, user, codigo);
      if (via) await removeSecondFactor(tx, user.id);
      if (via) {
        await audit(tx, {
          username: user.username,
          action: '2fa_off',
          entity: ENTITY,
          entityId: user.username,
          before: { totp_ativo: true },
          after: { totp_ativo: false, segundo_fator: via },
        });
      }
      return via;
    });
    if (!accepted) {
      await this.auth.throttle.failed(admission);
      invalid('codigo', CODIGO_INVALIDO);
    }
    await this.auth.throttle.succeeded(admission);
  }
}

function invalid(field: string, message: string): never {
  throw invalidFields({ [field]: message });
}
