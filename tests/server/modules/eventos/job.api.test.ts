import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { todayIso } from '../../../../shared/dates';
import { buildApp } from '../../../../server/app';
import { loadConfig } from '../../../../server/config';
import { acoes, clientes, eventosCorporativos, operacoes } from '../../../../server/db/schema';
import { createTestDatabase } from '../../../support/test-db';
import { TEST_JWT_SECRET } from '../../../support/test-server';

describe('the corporate events job', () => {
  it('applies, when the server starts, an event whose data_ex came while it was down', async () => {
    const database = await createTestDatabase();
    const { db } = database;
    const [acao] = await db.insert(acoes).values({ ticker: 'JOBS3' }).returning();
    const [cliente] = await db.insert(clientes).values({ nome: 'Job' }).returning();
    const [op] = await db
      .insert(operacoes)
      .values({
        cliente_id: cliente!.id,
        acao_id: acao!.id,
        data_compra: '2025-01-02',
        preco_unitario: '10',
        quantidade: 100,
      })
      .returning();
    // Registered in advance for today: nothing applied it yet.
    const [evento] = await db
      .insert(eventosCorporativos)
      .values({
        acao_id: acao!.id,
        tipo: 'desdobramento',
        data_ex: todayIso(),
        fator: '2',
        fonte: 'manual',
      })
      .returning();

    const app = await buildApp({
      config: loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent' }),
      database,
      jwtSecret: TEST_JWT_SECRET,
      spaDir: null,
      logger: false,
    });
    try {
      await app.ready();
      await expect
        .poll(async () => {
          const [row] = await db.select().from(operacoes).where(eq(operacoes.id, op!.id));
          return row!.quantidade;
        })
        .toBe(200);
      const [aplicado] = await db
        .select()
        .from(eventosCorporativos)
        .where(eq(eventosCorporativos.id, evento!.id));
      expect(aplicado!.aplicado_em).not.toBeNull();
    } finally {
      await app.close();
      await database.close();
    }
  });
});
