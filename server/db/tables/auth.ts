import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// Users, their sessions and the login throttle (decision 0004).

export const users = pgTable('users', {
  id: serial('id').primaryKey(),
  username: text('username').notNull().unique(),
  password_hash: text('password_hash').notNull(),
  created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  last_login_at: timestamp('last_login_at', { withTimezone: true }),
});

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
    created_at: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
    address: text('address'),
  },
  (t) => [index('sessions_user_idx').on(t.user_id), index('sessions_expires_idx').on(t.expires_at)],
);
