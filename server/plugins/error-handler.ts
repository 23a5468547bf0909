import type { FastifyError, FastifyInstance } from 'fastify';
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
      return reply
        .code(err.statusCode)
        .send(err.campos ? { detail: err.detail, campos: err.campos } : { detail: err.detail });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      return reply.code(400).send(issuesToApiError(err.validation.map(toIssue)));
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
    // Fastify's own 4xx (bad JSON, body too large, wrong content type): its message is safe but English.
    const detail =
      err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError
        ? 'O corpo da requisição não é um JSON válido.'
        : err.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'O corpo da requisição é grande demais.'
          : (STATUS_DETAIL[status] ?? err.message);
    return reply.code(status).send({ detail });
  });
});
