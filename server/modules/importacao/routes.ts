import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ApiErrorSchema,
  ImportUploadFieldsSchema,
  ImportUploadResponseSchema,
} from '../../../contract';
import { badRequest, HttpError } from '../../lib/http-error';
import { DEFAULT_LIMITS, MB, type ImportLimits } from './limits';
import { createParsePool } from './parse-pool';
import { importWorkbook } from './service';

export interface ImportacaoOptions {
  limits?: Partial<ImportLimits>;
}

const FILE_REQUIRED = 'Selecione o arquivo (com abas de Patrimônio e Custódia).';

interface Upload {
  fields: Record<string, string>;
  file: { name: string; buffer: Buffer } | null;
}

export const importacaoRoutes: FastifyPluginAsyncZod<ImportacaoOptions> = async (app, opts) => {
  const limits: ImportLimits = { ...DEFAULT_LIMITS, ...opts.limits };
  // Registered here, not app-wide: only this route accepts multipart, and with these limits.
  await app.register(multipart, {
    limits: {
      fileSize: limits.maxFileBytes,
      files: 1,
      fields: 10,
      fieldSize: 1024,
      parts: 12,
      headerPairs: 100,
    },
  });
  const pool = createParsePool(limits);
  app.addHook('onClose', () => pool.close());

  const multipartError = (err: unknown): never => {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new HttpError(
        413,
        `O arquivo passa do limite de ${Math.round(limits.maxFileBytes / MB)} MB.`,
      );
    }
    if (code === 'FST_FILES_LIMIT') throw badRequest('Envie um único arquivo.');
    if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw badRequest('O formulário tem campos demais.');
    }
    if (code === 'FST_PROTO_VIOLATION' || code === 'FST_MP_PREMATURE_CLOSE') {
      throw badRequest('O formulário enviado está incompleto ou inválido.');
    }
    throw err;
  };

  const readUpload = async (request: FastifyRequest) => {
    const upload: Upload = { fields: {}, file: null };
    try {
      for await (const part of request.parts()) {
        if (part.type === 'field') {
          upload.fields[part.fieldname] = String(part.value);
        } else if (part.fieldname !== 'arquivo') {
          part.file.resume();
          throw badRequest(`Campo de arquivo inesperado: ${part.fieldname.slice(0, 50)}.`);
        } else {
          upload.file = { name: part.filename, buffer: await part.toBuffer() };
        }
      }
    } catch (err) {
      multipartError(err);
    }
    return upload;
  };

  app.post(
    '/importacao/upload/',
    {
      schema: {
        tags: ['importacao'],
        summary:
          'Importa as abas de Patrimônio e Custódia de uma planilha (.xlsx ou .xls), por data de referência.',
        description:
          'multipart/form-data: tipo (auto, patrimonio ou custodia), data_referencia (aaaa-mm-dd), ' +
          'arquivo, e force=true para sobrescrever os dados já importados para essa data (senão 409).',
        consumes: ['multipart/form-data'],
        response: {
          200: ImportUploadResponseSchema,
          400: ApiErrorSchema,
          409: ApiErrorSchema,
          413: ApiErrorSchema,
          503: ApiErrorSchema,
        },
      },
    },
    async (request) => {
      if (!request.isMultipart()) {
        throw badRequest(
          'Envie o formulário como multipart/form-data, com o arquivo no campo arquivo.',
        );
      }
      const { fields, file } = await readUpload(request);
      const parsed = ImportUploadFieldsSchema.safeParse(fields);
      if (!parsed.success) {
        const campos: Record<string, string> = {};
        for (const issue of parsed.error.issues)
          campos[String(issue.path[0] ?? '_')] ??= issue.message;
        const [first] = Object.entries(campos);
        throw badRequest(first ? `Campo ${first[0]}: ${first[1]}` : 'Requisição inválida.', campos);
      }
      if (!file) throw badRequest(FILE_REQUIRED, { arquivo: FILE_REQUIRED });
      return importWorkbook(app.deps.db, pool, limits, {
        username: request.username,
        fileName: file.name,
        buffer: file.buffer,
        tipo: parsed.data.tipo,
        dataReferencia: parsed.data.data_referencia,
        force: parsed.data.force,
      });
    },
  );
};
