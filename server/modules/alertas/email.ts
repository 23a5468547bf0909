import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { createTransport } from 'nodemailer';
import type { TipoAlerta } from '../../../contract';
import type { AlertasConfig } from '../../config-alertas';
import type { Db } from '../../db/client';
import { queryRows } from '../../db/query';
import { notificacoes } from '../../db/schema';
import { composeMensagem, type Mensagem, type NotificacaoEmail } from './email-texto';

/**
 * The alert e-mails (issue 31): every notification queued for e-mail is sent, one message each, at most one message
 * per user, type and minute (what arrives meanwhile waits and goes as one message). A failed send is tried again
 * after 30 s, 1, 2 and 4 minutes; after the fifth failure the notification is marked `falhou`, which the panel
 * shows: never lost silently. Run by one instance at a time (the runner's lease); each batch is claimed first, so
 * that an instance that took the task over mid-send does not send it again before the claim expires.
 */

export const EMAIL_TENTATIVAS = 5;
const ESPERA_INICIAL_MS = 30_000;
/** One message per user and type per minute. */
export const EMAIL_INTERVALO_MS = 60_000;
/** How long a batch being sent is held from the others. */
const RESERVA_MS = 5 * 60_000;
const LOTE = 500;

export type Enviar = (to: string, mensagem: Mensagem) => Promise<void>;

/** nodemailer over SMTP_URL, with timeouts: a hung server fails the try instead of holding the task. */
export function smtpSender(smtp: NonNullable<AlertasConfig['smtp']>): Enviar {
  const transport = createTransport(
    {
      url: smtp.url,
      connectionTimeout: 15_000,
      greetingTimeout: 15_000,
      socketTimeout: 30_000,
    },
    { from: smtp.from },
  );
  return async (to, mensagem) => {
    await transport.sendMail({ to, ...mensagem });
  };
}

interface Pendente extends NotificacaoEmail {
  id: number;
  user_id: number;
  email: string | null;
  email_tentativas: number;
}

const esperaApos = (tentativas: number) => ESPERA_INICIAL_MS * 2 ** (tentativas - 1);

function selectPendentes(db: Db, now: Date): Promise<Pendente[]> {
  return queryRows<Pendente>(
    db,
    sql`select n.id, n.user_id, n.tipo, n.motivo, n.titulo, n.email_tentativas,
          to_char(n.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as criada_em,
          u.email, a.tipo = 'ordem_em_duvida' as critico, c.nome as cliente_nome, a.ticker
        from notificacoes n
        join users u on u.id = n.user_id
        join alertas a on a.id = n.alerta_id
        left join clientes c on c.id = a.cliente_id
        where n.email = 'pendente' and n.email_proxima <= ${now.toISOString()}::timestamptz
        order by n.id
        limit ${LOTE}`,
  );
}

/** When the user was last sent a message of this type. */
async function ultimoEnvio(db: Db, userId: number, tipo: TipoAlerta): Promise<Date | null> {
  const [row] = await queryRows<{ em: string | Date | null }>(
    db,
    sql`select max(email_enviado_em) as em from notificacoes
        where user_id = ${userId} and tipo = ${tipo} and email_enviado_em is not null`,
  );
  return row?.em ? new Date(row.em) : null;
}

/** Takes the batch for this sender; answers the ids it got (another sender may have taken some). */
async function reserve(db: Db, ids: number[], now: Date): Promise<Set<number>> {
  const rows = await db
    .update(notificacoes)
    .set({ email_proxima: new Date(now.getTime() + RESERVA_MS) })
    .where(
      and(
        inArray(notificacoes.id, ids),
        eq(notificacoes.email, 'pendente'),
        lte(notificacoes.email_proxima, now),
      ),
    )
    .returning({ id: notificacoes.id });
  return new Set(rows.map((r) => r.id));
}

/** A failed try: again after its backoff, or `falhou` after the last (or at once when `final`). */
async function markFailure(
  db: Db,
  lista: Pendente[],
  now: Date,
  erro: string,
  final = false,
): Promise<void> {
  for (const n of lista) {
    const tentativas = n.email_tentativas + 1;
    const falhou = final || tentativas >= EMAIL_TENTATIVAS;
    await db
      .update(notificacoes)
      .set({
        email: falhou ? 'falhou' : 'pendente',
        email_tentativas: tentativas,
        email_proxima: falhou ? null : new Date(now.getTime() + esperaApos(tentativas)),
        email_erro: erro.slice(0, 500),
      })
      .where(and(eq(notificacoes.id, n.id), eq(notificacoes.email, 'pendente')));
  }
}

/** One round: every due notification sent (or its failure recorded). Answers how many messages went. */
export async function sendPendentes(
  db: Db,
  enviar: Enviar,
  now: Date,
  signal?: AbortSignal,
): Promise<number> {
  const grupos = new Map<string, Pendente[]>();
  for (const n of await selectPendentes(db, now)) {
    const chave = `${n.user_id}:${n.tipo}`;
    grupos.set(chave, [...(grupos.get(chave) ?? []), n]);
  }
  let enviadas = 0;
  for (const grupo of grupos.values()) {
    if (signal?.aborted) break;
    const { user_id, tipo, email } = grupo[0]!;
    const ultimo = await ultimoEnvio(db, user_id, tipo);
    if (ultimo && now.getTime() - ultimo.getTime() < EMAIL_INTERVALO_MS) {
      // The user's minute for this type is not over: these wait for it, and then go as one message.
      await db
        .update(notificacoes)
        .set({ email_proxima: new Date(ultimo.getTime() + EMAIL_INTERVALO_MS) })
        .where(
          and(
            inArray(
              notificacoes.id,
              grupo.map((n) => n.id),
            ),
            eq(notificacoes.email, 'pendente'),
          ),
        );
      continue;
    }
    const reservadas = await reserve(
      db,
      grupo.map((n) => n.id),
      now,
    );
    const lista = grupo.filter((n) => reservadas.has(n.id));
    if (lista.length === 0) continue;
    if (!email) {
      // The address was removed after the notification was made: nothing can be sent, and it says so.
      await markFailure(db, lista, now, 'Usuário sem e-mail.', true);
      continue;
    }
    try {
      await enviar(email, composeMensagem(lista));
    } catch (err) {
      await markFailure(db, lista, now, (err as Error).message || String(err));
      continue;
    }
    await db
      .update(notificacoes)
      .set({
        email: 'enviado',
        email_enviado_em: now,
        email_proxima: null,
        email_tentativas: sql`${notificacoes.email_tentativas} + 1`,
        email_erro: null,
      })
      .where(
        inArray(
          notificacoes.id,
          lista.map((n) => n.id),
        ),
      );
    enviadas++;
  }
  return enviadas;
}
