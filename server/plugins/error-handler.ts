import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { issuesToApiError, type FieldIssue } from '../../contract';
import { HttpError } from '../lib/http-error';
import { ContractViolation } from '../lib/route';

const STATUS_DETAIL: Record<number, string> = {
  400: 'Requisição inválida.',
  401: 'Não autenticado.',
  404: 'Não encontrado.',
  405: 'Método não permitido.',
  413: 'Conteúdo grande demais.',
  415: 'Tipo de conteúdo não suportado.',
  429: 'Muitas tentativas. Tente novamente mais tarde.',
};

/** Fastify's own refusals, by code, in the user's words (its messages are English and name internals). */
const FASTIFY_DETAIL: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'O corpo da requisição não é um JSON válido.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'O corpo da requisição está vazio: envie um JSON.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'O corpo da requisição é grande demais.',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'O tamanho declarado do corpo não confere com o enviado.',
  FST_ERR_BAD_URL: 'O endereço da requisição não é válido (caracteres mal codificados).',
  FST_ERR_MAX_PARAM_LENGTH: 'Um parâmetro do endereço é longo demais.',
};

/** The answer to one of Fastify's own 4xx: its status, our words. */
function fastifyDetail(err: FastifyError, status: number): string {
  if (err.code && FASTIFY_DETAIL[err.code]) return FASTIFY_DETAIL[err.code]!;
  if (err instanceof SyntaxError) return FASTIFY_DETAIL.FST_ERR_CTP_INVALID_JSON_BODY!;
  return STATUS_DETAIL[status] ?? err.message;
}

/**
 * The SQLSTATE of a PostgreSQL data exception (class 22: a value the column or the cast refuses), on the error
 * or on what it wraps: drizzle wraps the driver's error (pg's and PGlite's both carry `code`) in `cause`.
 */
function dataExceptionCode(err: unknown): string | null {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return null;
}

/** Fastify's validation errors back into issues: the path is the instance path, split. */
function toIssue(v: { instancePath?: string; message?: string; params?: unknown }): FieldIssue {
  const path = (v.instancePath ?? '').split('/').filter(Boolean);
  const missing = (v.params as { missingProperty?: string } | undefined)?.missingProperty;
  return {
    path: path.length ? path : missing ? [missing] : [],
    message: v.message ?? 'Valor inválido.',
  };
}

/** The one place that turns errors into answers: always `{detail}` JSON, never internals on a 5xx. */
export const errorHandler = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) void reply.headers(err.headers);
      return reply.code(err.statusCode).send({
        ...err.extra,
        detail: err.detail,
        ...(err.campos ? { campos: err.campos } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send(issuesToApiError(err.validation.map(toIssue)));
    }
    const sqlstate = dataExceptionCode(err);
    if (sqlstate) {
      // The contract bounds every input, so this is a value it let through by mistake (a bug to fix there, hence
      // the warning). Answering 400 is safe: the statement that raised it changed nothing, and the transaction
      // it ran in (every multi-row change runs in one) rolled back with it.
      request.log.warn({ err, sqlstate }, 'database refused a value');
      return reply
        .code(400)
        .send({ detail: 'Valor inválido: um dos valores enviados não pode ser gravado.' });
    }
    if (err instanceof ContractViolation || isResponseSerializationError(err)) {
      request.log.error({ err }, 'response does not match the contract');
      return reply.code(500).send({ detail: 'Erro interno do servidor.' });
    }
    const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'unhandled error');
      return reply.code(500).send({ detail: 'Erro interno do servidor.' });
    }
    // Fastify's own 4xx (bad JSON, body too large, wrong content type).
    return reply.code(status).send({ detail: fastifyDetail(err, status) });
  });
});

/**
 * Fastify's `frameworkErrors` option: the router's refusals (a path that does not decode, a parameter over
 * maxParamLength) happen before any route or hook, so the error handler above never sees them; this gives them
 * the same `{detail}` answer.
 */
export function frameworkErrors(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const status = typeof err.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 500) {
    request.log.error({ err }, 'router error');
    void reply.code(500).send({ detail: 'Erro interno do servidor.' });
    return;
  }
  void reply.code(status).send({ detail: fastifyDetail(err, status) });
}

const CLIENT_ERRORS: Record<string, [number, string]> = {
  HPE_HEADER_OVERFLOW: [431, 'Os cabeçalhos da requisição são grandes demais.'],
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'A requisição demorou demais para chegar.'],
};

/**
 * Fastify's `clientErrorHandler` option: Node's HTTP parser refuses a malformed request (headers too large, a
 * control character in a header, a broken request line) before Fastify has a request; the answer is written on
 * the socket, still as `{detail}`.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  // The peer is gone: nobody to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, detail] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'Requisição HTTP malformada.'];
  const body = JSON.stringify({ detail });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Connection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}
