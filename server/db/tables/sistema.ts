import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

// The audit log and the data versions of cached answers (decision 0005).

export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    username: text('username').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entity_id: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  // The audit screen (issue 32) filters by each of these and pages newest first (by id): one index per filter.
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entity_id),
    index('audit_log_entity_id_idx').on(t.entity, t.id),
    index('audit_log_username_idx').on(t.username, t.id),
    index('audit_log_action_idx').on(t.action, t.id),
    index('audit_log_at_idx').on(t.at),
  ],
);

/**
 * Data versions for the answer caches (server/lib/cache.ts): a statement-level trigger on each source table
 * (migration cache_versions) adds a row in the writer's transaction, so every committed write anywhere (this
 * instance, another one on the same PostgreSQL, the command line, plain SQL) is seen at once. Only inserts: no
 * writer ever waits for another on it. A source's version is the sum of its `changes`; rows are folded now
 * and then into one per source, which keeps the sums.
 */
export const cacheVersions = pgTable('cache_versions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  source: text('source').notNull(),
  changes: bigint('changes', { mode: 'number' }).notNull().default(1),
});

/**
 * With PostgreSQL, the secrets every instance must share (JWT_SECRET, MT5_TOKEN_KEY; server/lib/secret.ts). Given by
 * the environment, only their fingerprint is kept (an HMAC keyed by the secret: it tells whether two are equal,
 * never what they are), and an instance with other ones refuses to start. Not given, the first instance generates
 * them here (`value`) and every other one reads them. `npm run secrets:rotate` replaces a value, keeping the JWT
 * secret it replaced (`previous_value`) until the tokens it signed have expired (`previous_until`).
 */
export const instanceSecrets = pgTable('instance_secrets', {
  name: text('name').primaryKey(),
  fingerprint: text('fingerprint').notNull(),
  accepted_at: timestamp('accepted_at', { withTimezone: true }).notNull().defaultNow(),
  value: text('value'),
  previous_value: text('previous_value'),
  previous_until: timestamp('previous_until', { withTimezone: true }),
});

/**
 * Who runs each background task now, when several instances share PostgreSQL (server/lib/task-leases.ts): one row
 * per task, held by one instance until `expires_at`, renewed at each of its runs. Taking over an expired lease
 * raises `epoch`, the fencing token a run may make its writes conditional on.
 */
export const taskLeases = pgTable('task_leases', {
  task: text('task').primaryKey(),
  holder: text('holder').notNull(),
  epoch: bigint('epoch', { mode: 'number' }).notNull(),
  expires_at: timestamp('expires_at', { withTimezone: true }).notNull(),
});
