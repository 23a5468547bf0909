import fs from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../../../server/db/schema';
import { emptyPglite } from '../../support/empty-pglite';
import { MIGRATIONS, migrationsBefore } from '../../support/migrations';

// An empty database from the run's template, not a new cluster (empty-pglite.ts).
let client: PGlite;
let close: () => Promise<void>;
beforeAll(async () => ({ client, close } = await emptyPglite()), 60_000);
afterAll(() => close());

const ids = {
  buy: crypto.randomUUID(),
  sale: crypto.randomUUID(),
  failed: crypto.randomUUID(),
  live: crypto.randomUUID(),
};

describe(
  'the migration that repairs orders a stale sync put back in flight',
  { timeout: 60_000 },
  () => {
    it('gives applied orders back their end, audited, and leaves orders really in flight alone', async () => {
      const before = migrationsBefore(/_ordens_reparo$/);
      const db = drizzle({ client, schema });
      await migrate(db, { migrationsFolder: before });
      fs.rmSync(before, { recursive: true });
      const group = (id: string, lado: string, state: string, operacao = 'null') =>
        `('${id}', (select id from clientes), '${lado}', 'PETR4', (select id from acoes), 'mercado',
        ${operacao}, '${state}', 'operador')`;
      await client.exec(`
      insert into acoes (ticker, empresa) values ('PETR4', 'Petrobras');
      insert into clientes (nome) values ('Ana');
      insert into operacoes (cliente_id, acao_id, data_compra, preco_unitario, quantidade, origem)
        values ((select id from clientes), (select id from acoes), '2026-03-02', 38, 100, 'mt5');
      insert into order_groups (id, cliente_id, lado, ticker_base, acao_id, execucao, operacao_id, state, created_by)
        values ${group(ids.buy, 'compra', 'sent')}, ${group(ids.sale, 'venda', 'sent', '(select id from operacoes)')},
               ${group(ids.failed, 'venda', 'pending')}, ${group(ids.live, 'compra', 'sent')};
      -- The buy's operation exists; the sale's and the failed one's ends are in the audit log.
      update operacoes set order_group_id = '${ids.buy}';
      insert into audit_log (username, action, entity, entity_id, after) values
        ('sistema', 'complete', 'order_group', '${ids.sale}', '{"state": "completed", "erro": null}'),
        ('sistema', 'fail', 'order_group', '${ids.failed}', '{"state": "failed", "erro": "Ordem não executada."}');
    `);
      await migrate(db, { migrationsFolder: MIGRATIONS });

      const { rows } = await client.query<{ id: string; state: string; erro: string | null }>(
        'select id, state, erro from order_groups',
      );
      const state = Object.fromEntries(rows.map((r) => [r.id, [r.state, r.erro]]));
      expect(state).toEqual({
        [ids.buy]: ['completed', null],
        [ids.sale]: ['completed', null],
        [ids.failed]: ['failed', 'Ordem não executada.'],
        [ids.live]: ['sent', null],
      });
      const audited = await client.query<{ entity_id: string; before: unknown; after: unknown }>(
        `select entity_id, before, after from audit_log where action = 'repair' order by entity_id`,
      );
      expect(audited.rows.map((r) => r.entity_id).sort()).toEqual(
        [ids.buy, ids.sale, ids.failed].sort(),
      );
      expect(audited.rows.find((r) => r.entity_id === ids.buy)).toMatchObject({
        before: { state: 'sent' },
        after: { state: 'completed' },
      });
    });
  },
);
