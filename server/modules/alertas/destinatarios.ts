import { sql } from 'drizzle-orm';
import {
  CANAIS_PADRAO,
  type CanalAlerta,
  type Canais,
  type MotivoNotificacao,
  type TipoAlerta,
} from '../../../contract';
import type { Db, Tx } from '../../db/client';
import { queryRows } from '../../db/query';
import { notificacoes } from '../../db/schema';

/** A user as alerts reach them: their e-mail and their channel per type. */
export interface Destinatario {
  id: number;
  email: string | null;
  canais: Canais;
}

/** A user's channels: their choices over the defaults (every type in the app; doubt and offline by e-mail too). */
export function canaisDe(escolhas: Partial<Record<string, string>>): Canais {
  const canais = { ...CANAIS_PADRAO };
  for (const tipo of Object.keys(canais) as TipoAlerta[]) {
    const escolha = escolhas[tipo];
    if (escolha === 'app' || escolha === 'app_email') canais[tipo] = escolha as CanalAlerta;
  }
  return canais;
}

/** Every user, with their e-mail and choices: read once per run of the checks, when a notification is made. */
export class Destinatarios {
  private todos: Promise<Destinatario[]> | null = null;

  constructor(
    private readonly db: Db,
    /** SMTP is configured: without it nothing is queued for e-mail. */
    readonly emailAtivo: boolean,
  ) {}

  list(): Promise<Destinatario[]> {
    this.todos ??= queryRows<{ id: number; email: string | null; canais: unknown }>(
      this.db,
      sql`select u.id, u.email,
            coalesce(json_object_agg(p.tipo, p.canal) filter (where p.tipo is not null), '{}'::json) as canais
          from users u left join alerta_preferencias p on p.user_id = u.id
          group by u.id order by u.id`,
    ).then((rows) =>
      rows.map((r) => ({
        id: r.id,
        email: r.email,
        canais: canaisDe(
          (typeof r.canais === 'string' ? JSON.parse(r.canais) : r.canais) as Record<
            string,
            string
          >,
        ),
      })),
    );
    return this.todos;
  }
}

export interface NovaNotificacao {
  alerta: { id: number; user_id: number | null };
  tipo: TipoAlerta;
  /** The alert's notification round: one notification per user and round, whoever writes it. */
  aviso: number;
  motivo: MotivoNotificacao;
  titulo: string;
}

/**
 * One notification per recipient (the rule's owner for a preco alert, every user otherwise), queued for e-mail for
 * those who chose e-mail for the type and have an address, when SMTP is on; all in one insert, in the caller's
 * transaction.
 */
export async function insertNotificacoes(
  tx: Tx,
  destinatarios: Destinatarios,
  avisos: readonly NovaNotificacao[],
  now: Date,
): Promise<{ total: number; emails: number }> {
  if (avisos.length === 0) return { total: 0, emails: 0 };
  const todos = await destinatarios.list();
  const rows = avisos.flatMap((n) =>
    todos
      .filter((u) => n.alerta.user_id === null || u.id === n.alerta.user_id)
      .map((u) => {
        const email =
          destinatarios.emailAtivo && u.email !== null && u.canais[n.tipo] === 'app_email'
            ? ('pendente' as const)
            : null;
        return {
          alerta_id: n.alerta.id,
          user_id: u.id,
          tipo: n.tipo,
          aviso: n.aviso,
          motivo: n.motivo,
          titulo: n.titulo,
          email,
          email_proxima: email === null ? null : now,
          created_at: now,
        };
      }),
  );
  if (rows.length === 0) return { total: 0, emails: 0 };
  const inserted = await tx
    .insert(notificacoes)
    .values(rows)
    .onConflictDoNothing()
    .returning({ email: notificacoes.email });
  return { total: inserted.length, emails: inserted.filter((r) => r.email !== null).length };
}
