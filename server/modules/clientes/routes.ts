import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiErrorSchema,
  ClienteIdParamsSchema,
  ClienteInputSchema,
  ClienteListSchema,
  ClienteSchema,
  ClienteStatusListSchema,
} from '../../../src/contract';
import { checkAllStatuses } from '../../lib/mt5-agent/status';
import {
  createCliente,
  deleteCliente,
  getCliente,
  listClientes,
  listStatusTargets,
  updateCliente,
} from './repository';

const tags = ['clientes'];
const errors = { 400: ApiErrorSchema, 404: ApiErrorSchema };

export const clientesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, config } = app.deps;

  app.get(
    '/clientes/',
    {
      schema: {
        tags,
        summary: 'Lista os clientes.',
        response: { 200: ClienteListSchema },
      },
    },
    () => listClientes(db),
  );

  app.post(
    '/clientes/',
    {
      schema: {
        tags,
        summary: 'Cria um cliente.',
        body: ClienteInputSchema,
        response: { 201: ClienteSchema, 400: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      const created = await createCliente(db, request.username, request.body);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/clientes/:id/',
    {
      schema: {
        tags,
        summary: 'Um cliente.',
        params: ClienteIdParamsSchema,
        response: { 200: ClienteSchema, ...errors },
      },
    },
    (request) => getCliente(db, request.params.id),
  );

  app.put(
    '/clientes/:id/',
    {
      schema: {
        tags,
        summary: 'Altera um cliente (o mesmo corpo da criação).',
        params: ClienteIdParamsSchema,
        body: ClienteInputSchema,
        response: { 200: ClienteSchema, ...errors },
      },
    },
    (request) => updateCliente(db, request.username, request.params.id, request.body),
  );

  app.delete(
    '/clientes/:id/',
    {
      schema: {
        tags,
        summary:
          'Deleta um cliente com suas operações realizadas; 409 enquanto houver posição aberta ou ordem MT5 em andamento.',
        params: ClienteIdParamsSchema,
        response: { 204: z.null(), ...errors, 409: ApiErrorSchema },
      },
    },
    async (request, reply) => {
      await deleteCliente(db, request.username, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/clientes-status/',
    {
      schema: {
        tags,
        summary:
          'Status do terminal MT5 de cada cliente (GET /health do agente na VM), consultados em paralelo.',
        response: { 200: ClienteStatusListSchema },
      },
    },
    async () => checkAllStatuses(await listStatusTargets(db), config.mt5),
  );
};
