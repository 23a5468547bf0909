import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from '../../../../server/db/client';
import { clientes } from '../../../../server/db/schema';
import { upsertUser } from '../../../../server/modules/auth/users';
import { scratchDatabase, type ScratchDatabase } from '../../../support/pg-admin';
import { TEST_USER } from '../../../support/test-server';
import {
  FakeClock,
  seedOperacao,
  setEmail,
  setQuote,
  startAlertasServer,
  startSmtp,
  type AlertasServer,
} from './support';

/**
 * Issue 31: two server instances on one PostgreSQL, checking at the same moments (each with its own runner and
 * the database lease, as main.ts builds them, and also both running every check at once, as if their leases
 * overlapped): every count is the one a single instance gives — one notification per firing per user, one e-mail.
 */
const postgres = process.env.TEST_DB === 'postgres';

describe.skipIf(!postgres)(
  'alerts across two instances on one PostgreSQL',
  { timeout: 120_000 },
  () => {
    let scratch: ScratchDatabase;
    const databases: Database[] = [];
    const servers: AlertasServer[] = [];
    let smtp: Awaited<ReturnType<typeof startSmtp>>;
    const clock = new FakeClock();

    beforeAll(async () => {
      scratch = await scratchDatabase(inject('pgUrl'), 'alertas', TEST_USER);
      smtp = await startSmtp();
      for (const instancia of ['instancia-a', 'instancia-b', null]) {
        const database = await openDatabase({
          databaseUrl: scratch.url,
          dataDir: '',
          purpose: 'test',
        });
        databases.push(database);
        servers.push(
          await startAlertasServer({
            clock,
            database,
            ...(instancia ? { instancia } : {}),
            env: {
              SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
              SMTP_FROM: 'Carteira RV <alertas@carteira.test>',
            },
          }),
        );
      }
      const db = databases[0]!.db;
      await upsertUser(db, 'segundo', 'senha-de-teste-222');
      await setEmail(db, TEST_USER.username, 'operador@carteira.test');
    });
    afterAll(async () => {
      for (const s of servers) await s.close();
      for (const d of databases) await d.close();
      await smtp?.close();
      await scratch?.drop();
    });

    /** Every instance checks at once, `times` times 30 s apart. */
    async function together(times: number, which = servers) {
      for (let i = 0; i < times; i++) {
        clock.advance(30);
        await Promise.all(which.map((s) => s.step()));
      }
    }

    it('fires, repeats, resolves and e-mails once, whatever the number of instances', async () => {
      const db = databases[0]!.db;
      const { acaoId } = await seedOperacao(db, { ticker: 'PETR4', alvo: '10.00' });
      const [c] = await db
        .insert(clientes)
        .values({ nome: 'Caio Caído' })
        .returning({ id: clientes.id });
      await db.execute(
        sql`insert into mt5_status (cliente_id, chave, status, medido_em) values (${c!.id}, 'k', 'offline', now())`,
      );
      const group = crypto.randomUUID();
      await db.execute(
        sql`insert into order_groups (id, cliente_id, lado, ticker_base, execucao, state, created_by)
          values (${group}, ${c!.id}, 'venda', 'PETR4', 'mercado', 'sent', 'operador')`,
      );
      await db.execute(
        sql`insert into order_legs (group_id, leg, symbol, volume, client_order_id, state)
          values (${group}, 1, 'PETR4', 100, ${`${group}:1`}, 'unknown')`,
      );
      for (const q of ['9.80', '10.10', '9.94', '10.20']) {
        await setQuote(db, acaoId, q);
        // The lease instances (a, b) and the unleased one (c) at once: the worst case of overlapping holders.
        await together(1);
      }
      await together(40);
      await db.execute(sql`update mt5_status set status = 'online' where cliente_id = ${c!.id}`);
      await together(2);

      const counts = await scratch.query(
        `select a.tipo, n.motivo, count(*)::int as n, count(distinct n.user_id)::int as users
       from notificacoes n join alertas a on a.id = n.alerta_id
       group by a.tipo, n.motivo order by a.tipo, n.motivo`,
      );
      // Two users each: target twice; terminal once and back once; the leg at 1 and 16 minutes.
      expect(counts).toEqual([
        { tipo: 'alvo', motivo: 'disparo', n: 4, users: 2 },
        { tipo: 'ordem_em_duvida', motivo: 'disparo', n: 2, users: 2 },
        { tipo: 'ordem_em_duvida', motivo: 'repeticao', n: 2, users: 2 },
        { tipo: 'terminal_offline', motivo: 'disparo', n: 2, users: 2 },
        { tipo: 'terminal_offline', motivo: 'resolvido', n: 2, users: 2 },
      ]);
      // The operador chose nothing: doubts and terminals by e-mail, one message each (the other user has no address).
      expect(smtp.received).toHaveLength(4);
      const [seguinte] = await Promise.all(
        servers.map((s) => s.api<{ nao_lidas: number }>('/api/notificacoes/contagem/')),
      );
      expect(seguinte!.body).toEqual({ nao_lidas: 6 });
    });
  },
);
