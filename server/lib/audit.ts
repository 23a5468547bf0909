import type { Db, Tx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  username: string;
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Records a write; call it inside the write's transaction so that both land or neither does. */
export async function audit(db: Db | Tx, entries: AuditEntry | AuditEntry[]): Promise<void> {
  const list = Array.isArray(entries) ? entries : [entries];
  if (list.length === 0) return;
  // A write nobody can be held to account for is a guard that failed open: refuse it rather than record it.
  if (list.some((e) => !e.username))
    throw new Error('audit: a write without an authenticated user');
  await db.insert(auditLog).values(
    list.map((e) => ({
      username: e.username,
      action: e.action,
      entity: e.entity,
      entity_id: e.entityId == null ? null : String(e.entityId),
      before: e.before ?? null,
      after: e.after ?? null,
    })),
  );
}
