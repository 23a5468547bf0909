import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  DATA_VENDA_ANTES_DA_COMPRA,
  IdParams,
  OperacaoInputSchema,
  OperacaoListQuerySchema,
  OperacaoListSchema,
  OperacaoPatchSchema,
  OperacaoSchema,
  type Operacao,
  type OperacaoInput,
} from '../../../contract';
import { todayIso } from '../../../shared/dates';
import type { Db, Tx } from '../../db/client';
import { acoes, clientes, operacoes } from '../../db/schema';
import { audit } from '../../lib/audit';
import { badRequest, notFound } from '../../lib/http-error';
import { getOperacao, listOperacoesJson } from '../../lib/portfolio-figures';

const NAO_ENCONTRADA = 'Operação não encontrada.';

/** The stock and the client must exist, and a sale cannot precede the purchase (after a PATCH merge too). */
async function checkOperacao(tx: Db | Tx, op: OperacaoInput): Promise<void> {
  const campos: Record<string, string> = {};
  const [[cliente], [acao]] = await Promise.all([
    tx.select({ id: clientes.id }).from(clientes).where(eq(clientes.id, op.cliente)),
    tx.select({ id: acoes.id }).from(acoes).where(eq(acoes.id, op.acao)),
  ]);
  if (!cliente) campos.cliente = 'Cliente não encontrado.';
  if (!acao) campos.acao = 'Ação não encontrada.';
  if (op.data_compra && op.data_venda && op.data_venda < op.data_compra) {
    campos.data_venda = DATA_VENDA_ANTES_DA_COMPRA;
  }
  const [first] = Object.entries(campos);
  if (first) throw badRequest(`Campo ${first[0]}: ${first[1]}`, campos);
}

const toRow = (op: OperacaoInput) => ({
  cliente_id: op.cliente,
  acao_id: op.acao,
  data_compra: op.data_compra,
  preco_unitario: op.preco_unitario === null ? null : String(op.preco_unitario),
  quantidade: op.quantidade,
  data_venda: op.data_venda,
  preco_venda_unitario: op.preco_venda_unitario === null ? null : String(op.preco_venda_unitario),
  valor_alvo: op.valor_alvo === null ? null : String(op.valor_alvo),
});

export const operacoesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;

  app.get(
    '/operacoes/',
    {
      schema: {
        tags: ['carteira'],
        summary: 'Operações de um cliente (abertas e realizadas).',
        querystring: OperacaoListQuerySchema,
        response: { 200: OperacaoListSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { cliente } = request.query;
      const json = await listOperacoesJson(db, cliente, todayIso());
      if (json === '[]') {
        const [exists] = await db
          .select({ id: clientes.id })
          .from(clientes)
          .where(eq(clientes.id, cliente));
        if (!exists) throw notFound('Cliente não encontrado.');
      }
      // Already the contract's JSON, built by the database (see portfolio-figures): Fastify sends a string as it
      // is, without serialising it again; the type provider only knows the parsed shape, hence the cast.
      return reply.type('application/json; charset=utf-8').send(json as unknown as Operacao[]);
    },
  );

  app.post(
    '/operacoes/',
    {
      schema: {
        tags: ['carteira'],
        summary: 'Cria uma operação manual.',
        body: OperacaoInputSchema,
        response: { 201: OperacaoSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const op = request.body;
      const id = await db.transaction(async (tx) => {
        await checkOperacao(tx, op);
        const [created] = await tx
          .insert(operacoes)
          .values({ ...toRow(op), origem: 'manual' })
          .returning({ id: operacoes.id });
        await audit(tx, {
          username: request.username,
          action: 'create',
          entity: 'operacao',
          entityId: created!.id,
          after: op,
        });
        return created!.id;
      });
      return reply.code(201).send((await getOperacao(db, id, todayIso()))!);
    },
  );

  app.patch(
    '/operacoes/:id/',
    {
      schema: {
        tags: ['carteira'],
        summary: 'Altera uma operação (uma data de venda a torna realizada).',
        params: IdParams,
        body: OperacaoPatchSchema,
        response: { 200: OperacaoSchema, 400: ApiErrorSchema, 404: ApiErrorSchema },
      },
    },
    async (request) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const [row] = await tx.select().from(operacoes).where(eq(operacoes.id, id)).for('update');
        if (!row) throw notFound(NAO_ENCONTRADA);
        const before: OperacaoInput = {
          cliente: row.cliente_id,
          acao: row.acao_id,
          data_compra: row.data_compra,
          preco_unitario: row.preco_unitario === null ? null : Number(row.preco_unitario),
          quantidade: row.quantidade,
          data_venda: row.data_venda,
          preco_venda_unitario:
            row.preco_venda_unitario === null ? null : Number(row.preco_venda_unitario),
          valor_alvo: row.valor_alvo === null ? null : Number(row.valor_alvo),
        };
        const after: OperacaoInput = { ...before, ...request.body };
        await checkOperacao(tx, after);
        await tx
          .update(operacoes)
          .set({ ...toRow(after), updated_at: new Date() })
          .where(eq(operacoes.id, id));
        await audit(tx, {
          username: request.username,
          action: 'update',
          entity: 'operacao',
          entityId: id,
          before,
          after,
        });
      });
      return (await getOperacao(db, id, todayIso()))!;
    },
  );

  app.delete(
    '/operacoes/:id/',
    {
      schema: {
        tags: ['carteira'],
        summary: 'Exclui uma operação.',
        params: IdParams,
        response: { 204: z.null(), 404: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      await db.transaction(async (tx) => {
        const [removed] = await tx.delete(operacoes).where(eq(operacoes.id, id)).returning();
        if (!removed) throw notFound(NAO_ENCONTRADA);
        await audit(tx, {
          username: request.username,
          action: 'delete',
          entity: 'operacao',
          entityId: id,
          before: removed,
        });
      });
      return reply.code(204).send(null);
    },
  );
};
