import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SQL } from 'drizzle-orm';
import type { z } from 'zod';
import {
  answersOf,
  colonPath,
  successStatus,
  type EndpointDef,
  type ParsedInput,
  type Success,
  type SuccessSchema,
} from '../../contract';
import { jsonForLiveSession } from './live-session';

declare module 'fastify' {
  interface FastifyInstance {
    /** Parse answers sent as ready-made JSON text against their schema too (tests); off in production. */
    checkAnswers: boolean;
  }
}

/**
 * An answer already serialised (JSON built by the database, for speed): sent as it is. With `checkAnswers` on,
 * it is parsed and checked against the endpoint's schema like every other answer.
 */
export class RawJson<T> {
  declare readonly shape: T;
  constructor(readonly text: string) {}
}

export interface RouteContext {
  /** The authenticated user (empty only on public routes). */
  username: string;
  request: FastifyRequest;
  /** For headers only: the answer itself is what the handler returns. */
  reply: Pick<FastifyReply, 'header'>;
}

type Result<E extends EndpointDef> =
  | (SuccessSchema<E> extends z.ZodNull ? void | null : z.input<SuccessSchema<E>>)
  | RawJson<Success<E>>;

export type Handler<E extends EndpointDef> = (
  input: ParsedInput<E>,
  ctx: RouteContext,
) => Result<E> | Promise<Result<E>>;

export class ContractViolation extends Error {}

/**
 * Registers an endpoint of the contract: its path, the validation of its params, query, headers and body, and
 * every answer serialised through its schema (an answer that breaks it is a 500, logged). Handlers return the
 * success body and throw `HttpError` for the rest.
 */
export function route<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
): void {
  register(app, endpoint, handler, false);
}

/**
 * An endpoint answered by one statement of JSON text (the hottest pages of rows), whose statement also checks
 * the request's session instead of the guard's separate lookup: one round trip to the database instead of two.
 * The guard has checked the token (signature, expiry, claims) as for every route.
 */
export function statementRoute<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  build: (input: ParsedInput<E>) => SQL,
): void {
  const { db } = app.deps;
  register(
    app,
    endpoint,
    async (input, { request }) =>
      new RawJson<Success<E>>(await jsonForLiveSession(db, request, build(input))),
    true,
  );
}

/** What /api/docs says of who may call an endpoint (issue 32). */
export function papeisDoc(e: EndpointDef): string {
  if (e.public) return '**Papéis:** público (sem token).';
  const nomes = { trocar_senha: 'senha temporária', inscrever_2fa: 'segundo fator a ativar' };
  const escopos = e.escopos?.length
    ? ` Também numa sessão restrita (${e.escopos.map((x) => nomes[x]).join(', ')}).`
    : '';
  return `**Papéis:** ${e.permissao.papeis.join(', ')}.${escopos}`;
}

function register<E extends EndpointDef>(
  app: FastifyInstance,
  endpoint: E,
  handler: Handler<E>,
  sessionInStatement: boolean,
): void {
  const status = successStatus(endpoint);
  const success = endpoint.answers[status]!;
  app.route({
    method: endpoint.method,
    url: colonPath(endpoint.path),
    config: {
      public: endpoint.public ?? false,
      sessionInStatement,
      permissao: endpoint.permissao,
      ...(endpoint.escopos ? { escopos: endpoint.escopos } : {}),
    },
    schema: {
      tags: [endpoint.tag],
      summary: endpoint.summary,
      description: [endpoint.description, papeisDoc(endpoint)].filter(Boolean).join('\n\n'),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      ...(endpoint.query ? { querystring: endpoint.query } : {}),
      ...(endpoint.headers ? { headers: endpoint.headers } : {}),
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.multipart ? { consumes: ['multipart/form-data'] } : {}),
      response: answersOf(endpoint),
    },
    handler: async (request, reply) => {
      // Fastify has already run each part through the endpoint's schema (the validator compiler): these are the
      // parsed values, which its request type cannot know.
      const input = {
        params: request.params,
        query: request.query,
        headers: request.headers,
        body: request.body,
      } as unknown as ParsedInput<E>;
      const result = await handler(input, { username: request.username, request, reply });
      void reply.code(status);
      if (status === 204) return reply.send();
      if (result instanceof RawJson) {
        if (app.checkAnswers) {
          const checked = success.safeParse(JSON.parse(result.text));
          if (!checked.success) {
            throw new ContractViolation(
              `${endpoint.method} ${endpoint.path}: ${JSON.stringify(checked.error.issues.slice(0, 3))}`,
            );
          }
        }
        return reply.type('application/json; charset=utf-8').send(result.text);
      }
      return reply.send(result);
    },
  });
}
