import { doublePrecision, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { clientes } from './carteira';

/**
 * Each client's last MT5 status measurement, shared by every instance (issue 28): GET clientes-status/ answers from
 * here, and a VM is asked once per MT5_STATUS_SECONDS whatever the number of instances
 * (server/modules/clientes/status-monitor.ts). `chave` is a digest of the address and token measured with: another
 * one makes the row stale at once. `medindo_desde` claims the row for the instance measuring it.
 */
export const mt5Status = pgTable('mt5_status', {
  cliente_id: integer('cliente_id')
    .primaryKey()
    .references(() => clientes.id, { onDelete: 'cascade' }),
  chave: text('chave').notNull(),
  status: text('status'),
  ping: doublePrecision('ping'),
  detail: text('detail'),
  medido_em: timestamp('medido_em', { withTimezone: true }),
  /** Which instance measured it (its host and process). */
  instancia: text('instancia'),
  medindo_desde: timestamp('medindo_desde', { withTimezone: true }),
});
