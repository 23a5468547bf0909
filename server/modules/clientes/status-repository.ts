import crypto from 'node:crypto';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import { clientes, mt5Status } from '../../db/schema';
import type { StatusTarget } from '../../lib/mt5-agent/status';

/** A client as its status is measured: its agent's address and token, and the digest of both. */
export type Target = StatusTarget & { mt5_token: string | null; chave: string };

/** What a measurement was made with: another address or token makes it stale at once. */
export const chaveDe = (t: Pick<Target, 'vm_private_ip' | 'vm_ip' | 'mt5_token'>) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify([t.vm_private_ip, t.vm_ip, t.mt5_token]))
    .digest('base64url');

export interface StatusRow extends Target {
  /** The stored row's digest; null when the client was never asked about. */
  medida_chave: string | null;
  status: string | null;
  ping: number | null;
  detail: string | null;
  medido_em: Date | null;
}

/** Every client with its stored measurement, in one read. */
export async function selectStatuses(db: Db): Promise<StatusRow[]> {
  const rows = await db
    .select({
      id: clientes.id,
      vm_ip: clientes.vm_ip,
      vm_private_ip: clientes.vm_private_ip,
      mt5_token: clientes.mt5_token,
      medida_chave: mt5Status.chave,
      status: mt5Status.status,
      ping: mt5Status.ping,
      detail: mt5Status.detail,
      medido_em: mt5Status.medido_em,
    })
    .from(clientes)
    .leftJoin(mt5Status, eq(mt5Status.cliente_id, clientes.id))
    .orderBy(asc(clientes.id));
  return rows.map((r) => ({ ...r, chave: chaveDe(r) }));
}

/**
 * Claims for measurement now the clients never measured or measured with another address or token, and answers
 * those this caller got: two instances asked at once insert or change each row once, and only one measures it.
 * Their old measurement is dropped (the answer leaves them out until the new one is in).
 */
export async function claimChanged(
  db: Db,
  targets: Array<{ id: number; chave: string }>,
  instancia: string,
): Promise<number[]> {
  if (targets.length === 0) return [];
  const rows = await queryRows<{ cliente_id: number }>(
    db,
    sql`insert into mt5_status (cliente_id, chave, medindo_desde, instancia)
        select t.id, t.chave, now(), ${instancia}
        from jsonb_to_recordset(${JSON.stringify(targets)}::jsonb) as t(id int, chave text)
        on conflict (cliente_id) do update set
          chave = excluded.chave, status = null, ping = null, detail = null, medido_em = null,
          medindo_desde = now(), instancia = excluded.instancia
        where mt5_status.chave <> excluded.chave
        returning cliente_id`,
  );
  return rows.map((r) => r.cliente_id);
}

/**
 * Claims the measurements older than `staleSeconds` that nobody is measuring (or whose measurer has had
 * `claimMs` to finish): the periodic task's round, run by one instance at a time.
 */
export async function claimStale(
  db: Db,
  staleSeconds: number,
  claimMs: number,
  instancia: string,
): Promise<Target[]> {
  const rows = await queryRows<{
    id: number;
    vm_ip: string | null;
    vm_private_ip: string | null;
    mt5_token: string | null;
    chave: string;
  }>(
    db,
    sql`update mt5_status s set medindo_desde = now(), instancia = ${instancia}
        from clientes c
        where c.id = s.cliente_id
          and (s.medido_em is null or s.medido_em <= now() - ${staleSeconds}::int * interval '1 second')
          and (s.medindo_desde is null
               or s.medindo_desde <= now() - ${Math.ceil(claimMs)}::int * interval '1 millisecond')
        returning c.id, c.vm_ip, c.vm_private_ip, c.mt5_token, s.chave`,
  );
  // A row whose client changed address since its digest was written is left to the answer's claim.
  return rows.filter((r) => chaveDe(r) === r.chave);
}

/** Writes a measurement, if the row is still of the address and token it was made with. */
export async function storeMeasurement(
  db: Db,
  m: { id: number; chave: string; status: string; ping: number | null; detail: string | null },
  instancia: string,
): Promise<void> {
  await db.execute(
    sql`update mt5_status set status = ${m.status}, ping = ${m.ping}, detail = ${m.detail},
          medido_em = now(), medindo_desde = null, instancia = ${instancia}
        where cliente_id = ${m.id} and chave = ${m.chave}`,
  );
}
