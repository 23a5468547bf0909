import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import { ESCOPOS, PAPEIS } from '../../../contract/papeis';

// Users, their roles and second factor, their sessions and the login throttle (decision 0004, issue 32).

const instante = (name: string) => timestamp(name, { withTimezone: true });

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  password_hash: text('password_hash').notNull(),
  created_at: instante('created_at').notNull().defaultNow(),
  last_login_at: instante('last_login_at'),
  /** Where the alerts are e-mailed (issue 31) and the users' screen shows. */
  email: text('email'),
  /** Existing users became admin when roles came (issue 32): whoever had an account administered the server. */
  papel: text('papel', { enum: PAPEIS }).notNull().default('admin'),
  /** A deactivated user cannot log in; their rows and the audit log keep their name. */
  ativo: boolean('ativo').notNull().default(true),
  /** Set by an administrator's create or reset: the next login reaches only POST eu/senha/. */
  senha_temporaria: boolean('senha_temporaria').notNull().default(false),
  /** The TOTP secret (base32) once confirmed; null: no second factor. */
  totp_segredo: text('totp_segredo'),
  /** A secret being enrolled, until confirmed with a code. */
  totp_pendente: text('totp_pendente'),
  totp_ativo_em: instante('totp_ativo_em'),
  /** The time step of the last code accepted: a code of that step or earlier is refused (no reuse). */
  totp_ultimo_passo: bigint('totp_ultimo_passo', { mode: 'number' }),
});

/** A user's one-time recovery codes (10 at each enrolment), hashed; a used one keeps its row with `usado_em`. */
export const codigosRecuperacao = pgTable(
  'codigos_recuperacao',
  {
    id: serial('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    hash: text('hash').notNull(),
    usado_em: instante('usado_em'),
  },
  (t) => [index('codigos_recuperacao_user_idx').on(t.user_id)],
);

/**
 * The second step of a login with 2FA: the password was right, the code is still to come. Short-lived; gone when
 * used, or after too many wrong codes. In the database, so that any instance may take the second step.
 */
export const desafios2fa = pgTable(
  'desafios_2fa',
  {
    id: uuid('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expires_at: instante('expires_at').notNull(),
    falhas: integer('falhas').notNull().default(0),
  },
  (t) => [index('desafios_2fa_expires_idx').on(t.expires_at)],
);

/**
 * Login attempts counted per account, per (account, address) and per address, in the database so that several
 * server instances share them; a growing delay, never a lock (docs/decisions/0004-sessions-and-login-throttle.md).
 */
export const loginThrottle = pgTable('login_throttle', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  last_at: timestamp('last_at', { withTimezone: true }).notNull().defaultNow(),
  /** (account, address) keys: the last successful login from that address. */
  known_at: timestamp('known_at', { withTimezone: true }),
});

/** One row per issued token (its `jti`); a token whose row is gone no longer opens the API. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey(),
    user_id: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The user's name, which never changes (users are created and deleted, never renamed; deleting one deletes
     * its sessions): the session check on every request reads this one row, no join.
     */
    username: text('username').notNull(),
    created_at: instante('created_at').notNull().defaultNow(),
    expires_at: instante('expires_at').notNull(),
    address: text('address'),
    /** The user's role when the session opened: a role change ends the user's sessions (issue 32). */
    papel: text('papel', { enum: PAPEIS }).notNull().default('admin'),
    /** What the session reaches (contract/papeis.ts ESCOPOS); fixed for its life. */
    escopo: text('escopo', { enum: ESCOPOS }).notNull().default('completo'),
    /** The browser's User-Agent at login, cut to 512 characters. */
    user_agent: text('user_agent'),
    /** The last request seen, kept to the minute (My account → sessions). */
    last_seen_at: instante('last_seen_at').notNull().defaultNow(),
  },
  (t) => [index('sessions_user_idx').on(t.user_id), index('sessions_expires_idx').on(t.expires_at)],
);
