import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  BuyValidationResultSchema,
  CompraRequestSchema,
  CompraValidarRequestSchema,
  GroupIdResponseSchema,
  OrderStatusSchema,
  VendaRequestSchema,
} from '../../../contract';
import { orderGroups } from '../../db/schema';
import { agentFor, loadCliente } from './agent';
import { criarCompra, validarCompra } from './compra';
import { groupsInFlight, orderStatus, syncLegs } from './status';
import { criarVenda } from './venda';

const ClienteParams = z.object({ id: z.coerce.number().int().positive() });
const GroupParams = ClienteParams.extend({ group_id: z.string().max(64) });
const VendaParams = ClienteParams.extend({ operation_id: z.coerce.number().int().positive() });
const IdempotencyHeaders = z.object({
  'idempotency-key': z.string().trim().min(1).max(200).optional(),
});
const errors = {
  400: ApiErrorSchema,
  404: ApiErrorSchema,
  409: ApiErrorSchema,
  502: ApiErrorSchema,
};

export const ordensRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  /** Sends the new group's legs right away; a failure here is recovered by the next status call. */
  const send = async (groupId: string, clienteId: number, username: string) => {
    const [group] = await db.select().from(orderGroups).where(eq(orderGroups.id, groupId));
    if (!group || (group.state !== 'pending' && group.state !== 'sent')) return;
    const agent = agentFor(config, await loadCliente(db, clienteId));
    await syncLegs(db, agent, group, username);
  };

  app.post(
    '/clientes/:id/mt5/compra/validar/',
    {
      schema: {
        tags: ['mt5'],
        summary: 'Pernas sugeridas de uma compra e a validação de cada uma no terminal do cliente.',
        params: ClienteParams,
        body: CompraValidarRequestSchema,
        response: { 200: BuyValidationResultSchema, ...errors },
      },
    },
    (request) => validarCompra(db, config, request.params.id, request.body),
  );

  app.post(
    '/clientes/:id/mt5/compra/',
    {
      schema: {
        tags: ['mt5'],
        summary:
          'Envia uma compra ao terminal MT5 do cliente (Idempotency-Key evita ordens duplicadas).',
        params: ClienteParams,
        headers: IdempotencyHeaders,
        body: CompraRequestSchema,
        response: { 200: GroupIdResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      const key = request.headers['idempotency-key'] ?? null;
      const { groupId, created } = await criarCompra(
        db,
        config,
        id,
        request.body,
        key,
        request.username,
      );
      if (created) await send(groupId, id, request.username);
      return { group_id: groupId };
    },
  );

  app.post(
    '/clientes/:id/mt5/venda/:operation_id/',
    {
      schema: {
        tags: ['mt5'],
        summary: 'Vende toda a quantidade de uma operação aberta pelo terminal MT5 do cliente.',
        params: VendaParams,
        headers: IdempotencyHeaders,
        body: VendaRequestSchema,
        response: { 200: GroupIdResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { id, operation_id } = request.params;
      const key = request.headers['idempotency-key'] ?? null;
      const { groupId, created } = await criarVenda(
        db,
        config,
        id,
        operation_id,
        request.body,
        key,
        request.username,
      );
      if (created) await send(groupId, id, request.username);
      return { group_id: groupId };
    },
  );

  for (const [path, side] of [
    ['/clientes/:id/mt5/compra-status/:group_id/', 'buy'],
    ['/clientes/:id/mt5/venda-status/:group_id/', 'sell'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          tags: ['mt5'],
          summary: side === 'buy' ? 'Situação de uma compra.' : 'Situação de uma venda.',
          params: GroupParams,
          response: { 200: OrderStatusSchema, ...errors },
        },
      },
      (request) =>
        orderStatus(db, config, request.params.id, request.params.group_id, side, request.username),
    );
  }

  // Finishes groups nobody polls any more (a closed browser): the same path as a status call.
  if (config.mt5.reconcileSeconds > 0) {
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      void (async () => {
        for (const g of await groupsInFlight(db)) {
          await orderStatus(db, config, g.cliente_id, g.id, g.side, 'sistema').catch(
            (err: unknown) => app.log.warn({ err, group: g.id }, 'order reconciliation failed'),
          );
        }
      })()
        .catch((err: unknown) => app.log.warn({ err }, 'order reconciliation failed'))
        .finally(() => (running = false));
    }, config.mt5.reconcileSeconds * 1000);
    timer.unref();
    app.addHook('onClose', async () => clearInterval(timer));
  }
};
