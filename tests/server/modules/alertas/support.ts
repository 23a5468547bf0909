import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import type { Notificacao } from '../../../../contract';
import { buildApp } from '../../../../server/app';
import { loadConfig } from '../../../../server/config';
import type { Database } from '../../../../server/db/client';
import { queryRows } from '../../../../server/db/query';
import { acoes, clientes, users } from '../../../../server/db/schema';
import { leaseClaim } from '../../../../server/lib/task-leases';
import { EMAIL_JOB, VERIFICAR_JOB } from '../../../../server/modules/alertas';
import { upsertUser } from '../../../../server/modules/auth/users';
import { createTestDatabase } from '../../../support/test-db';
import { TEST_JWT_SECRET, TEST_MT5_TOKEN_KEY, TEST_USER } from '../../../support/test-server';

/**
 * The alerts' API tests (issue 31): the real server on a fake clock. Its scheduled checks are off
 * (ALERTAS_SEGUNDOS=0); a test moves the clock and runs the checks and the e-mail queue through the job runner, as
 * the timer would.
 */

/** A Monday, 10:00 in São Paulo: B3's session is open. */
export const INICIO = new Date('2026-03-02T13:00:00.000Z');

export class FakeClock {
  t: number;
  constructor(start: Date = INICIO) {
    this.t = start.getTime();
  }
  now = () => new Date(this.t);
  advance(seconds: number) {
    this.t += seconds * 1000;
  }
}

export interface AlertasServer {
  app: FastifyInstance;
  database: Database;
  clock: FakeClock;
  url: string;
  token: string;
  /** The checks, then the e-mail queue, each through the runner (its claim included), at the clock's time. */
  step(): Promise<void>;
  api<T>(
    path: string,
    init?: { method?: string; json?: unknown; token?: string },
  ): Promise<{ status: number; body: T }>;
  close(): Promise<void>;
}

export async function startAlertasServer(
  opts: {
    env?: Record<string, string>;
    clock?: FakeClock;
    database?: Database;
    /** Several instances on one PostgreSQL: the tasks claimed through the database lease, as main.ts does. */
    instancia?: string;
  } = {},
): Promise<AlertasServer> {
  const clock = opts.clock ?? new FakeClock();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    DATA_DIR: '/nonexistent',
    MT5_AGENT_NETWORKS: '127.0.0.0/8',
    MT5_TOKEN_KEY: TEST_MT5_TOKEN_KEY,
    ALERTAS_SEGUNDOS: '0',
    ...opts.env,
  });
  const database = opts.database ?? (await createTestDatabase());
  if (!opts.database) await upsertUser(database.db, TEST_USER.username, TEST_USER.password);
  const app = await buildApp({
    config,
    database,
    jwtSecret: TEST_JWT_SECRET,
    spaDir: null,
    logger: false,
    checkAnswers: true,
    now: clock.now,
    ...(opts.instancia ? { jobClaim: leaseClaim(database.db, opts.instancia) } : {}),
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const request = async (
    path: string,
    init: { method?: string; json?: unknown; token?: string } = {},
  ) => {
    const headers = new Headers();
    if (init.token) headers.set('authorization', `Bearer ${init.token}`);
    if (init.json !== undefined) headers.set('content-type', 'application/json');
    return fetch(url + path, {
      method: init.method ?? 'GET',
      headers,
      ...(init.json !== undefined ? { body: JSON.stringify(init.json) } : {}),
    });
  };
  const login = await request('/api/token/', { method: 'POST', json: TEST_USER });
  const token = ((await login.json()) as { access: string }).access;
  const server: AlertasServer = {
    app,
    database,
    clock,
    url,
    token,
    async step() {
      await app.deps.jobs.trigger(VERIFICAR_JOB);
      await app.deps.jobs.trigger(EMAIL_JOB);
    },
    async api(path, init = {}) {
      const res = await request(path, { token: server.token, ...init });
      const text = await res.text();
      return { status: res.status, body: text ? JSON.parse(text) : null };
    },
    async close() {
      await app.close();
      if (!opts.database) await database.close();
    },
  };
  return server;
}

/** A stock, a client and an open operation with a target and a stop; answers their ids. */
export async function seedOperacao(
  db: Database['db'],
  values: { ticker?: string; alvo?: string | null; stop?: string | null; nome?: string } = {},
) {
  const ticker = values.ticker ?? 'PETR4';
  const [acao] = await db
    .insert(acoes)
    .values({ ticker })
    .onConflictDoUpdate({ target: acoes.ticker, set: { ticker } })
    .returning({ id: acoes.id });
  const [cliente] = await db
    .insert(clientes)
    .values({ nome: values.nome ?? 'Ana Alvo' })
    .returning({ id: clientes.id });
  const [op] = await queryRows<{ id: number }>(
    db,
    sql`insert into operacoes (cliente_id, acao_id, data_compra, preco_unitario, quantidade, valor_alvo, valor_stop)
        values (${cliente!.id}, ${acao!.id}, '2026-01-05', '9.00', 100, ${values.alvo ?? null},
          ${values.stop ?? null}) returning id`,
  );
  return { acaoId: acao!.id, clienteId: cliente!.id, operacaoId: op!.id };
}

let dia = 0;
/** A new quote: the stored close of a new session (the history provider's quote is the last close). */
export async function setQuote(db: Database['db'], acaoId: number, preco: string): Promise<void> {
  dia++;
  const data = new Date(Date.UTC(2020, 0, 1) + dia * 86_400_000).toISOString().slice(0, 10);
  await db.execute(
    sql`insert into precos_diarios (acao_id, data, abertura, maxima, minima, fechamento, volume)
        values (${acaoId}, ${data}, ${preco}, ${preco}, ${preco}, ${preco}, 1000)`,
  );
}

export async function setEmail(db: Database['db'], username: string, email: string | null) {
  await db
    .update(users)
    .set({ email })
    .where(sql`${users.username} = ${username}`);
}

export async function notificacoesDe(server: AlertasServer): Promise<Notificacao[]> {
  const { status, body } = await server.api<Notificacao[]>('/api/notificacoes/');
  expect(status).toBe(200);
  return body;
}

export interface Recebido {
  to: string[];
  raw: string;
}

/** A local SMTP server the tests read what was sent from; `down()` refuses every message until `up()`. */
export async function startSmtp(): Promise<{
  port: number;
  received: Recebido[];
  down(): void;
  up(): void;
  close(): Promise<void>;
}> {
  const received: Recebido[] = [];
  let fora = false;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (fora) {
          const err = new Error('Serviço indisponível') as Error & { responseCode: number };
          err.responseCode = 451;
          callback(err);
          return;
        }
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    port,
    received,
    down: () => (fora = true),
    up: () => (fora = false),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A MIME message's subject, and its text and HTML parts decoded (quoted-printable or base64). */
export function readMessage(raw: string): { subject: string; text: string; html: string } {
  const decodeWords = (v: string) =>
    v.replace(/=\?utf-8\?([qb])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
      enc.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : qp(data.replace(/_/g, ' ')),
    );
  const qp = (v: string) =>
    Buffer.from(
      v
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      'latin1',
    ).toString('utf8');
  const headerOf = (head: string, name: string) =>
    new RegExp(`^${name}:\\s*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im')
      .exec(head)?.[1]
      ?.replace(/\r?\n[ \t]/g, ' ');
  const [head = ''] = raw.split(/\r?\n\r?\n/);
  const subject = decodeWords(headerOf(head, 'Subject') ?? '');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(head)?.[1];
  const parts = boundary ? raw.split(`--${boundary}`).slice(1, -1) : [];
  const body = (type: string) => {
    const part = parts.find((p) => new RegExp(`Content-Type:\\s*${type}`, 'i').test(p));
    if (!part) return '';
    const [ph = '', ...rest] = part.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
    const content = rest.join('\n\n');
    const encoding = headerOf(ph, 'Content-Transfer-Encoding')?.trim().toLowerCase();
    if (encoding === 'base64')
      return Buffer.from(content.replace(/\s+/g, ''), 'base64').toString('utf8');
    if (encoding === 'quoted-printable') return qp(content);
    return content;
  };
  return { subject, text: body('text/plain'), html: body('text/html') };
}
