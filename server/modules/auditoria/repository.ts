import { and, desc, eq, gte, lt, sql, type SQL } from 'drizzle-orm';
import {
  AUDITORIA_LIMITE,
  type AuditoriaQuerySchema,
  type PaginaAuditoria,
} from '../../../contract';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { auditLog } from '../../db/schema';

type Filtros = z.output<typeof AuditoriaQuerySchema>;

/** A day's start in São Paulo, the calendar every date of the API is in. */
const inicioDoDia = (dia: string, mais = 0) =>
  sql`((${dia}::date + ${mais}::int)::timestamp at time zone 'America/Sao_Paulo')`;

/**
 * A page of the audit log, newest first (by id: the order entries were written), each filter on an index of its
 * own (migration usuarios_papeis); the cursor is the last id shown.
 */
export async function pageOfAuditLog(db: Db, f: Filtros): Promise<PaginaAuditoria> {
  const where: SQL[] = [];
  if (f.usuario !== undefined) where.push(eq(auditLog.username, f.usuario));
  if (f.entidade !== undefined) where.push(eq(auditLog.entity, f.entidade));
  if (f.acao !== undefined) where.push(eq(auditLog.action, f.acao));
  if (f.de !== undefined) where.push(gte(auditLog.at, inicioDoDia(f.de)));
  if (f.ate !== undefined) where.push(lt(auditLog.at, inicioDoDia(f.ate, 1)));
  if (f.cursor !== undefined) where.push(lt(auditLog.id, Number(f.cursor)));
  const rows = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(AUDITORIA_LIMITE + 1);
  const page = rows.slice(0, AUDITORIA_LIMITE);
  return {
    results: page.map((r) => ({
      id: r.id,
      em: r.at.toISOString(),
      usuario: r.username,
      acao: r.action,
      entidade: r.entity,
      entidade_id: r.entity_id,
      antes: r.before ?? null,
      depois: r.after ?? null,
    })),
    next_cursor: rows.length > AUDITORIA_LIMITE ? String(page.at(-1)!.id) : null,
  };
}
