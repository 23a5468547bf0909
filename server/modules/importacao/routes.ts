import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { ARQUIVO_OBRIGATORIO, importacaoEndpoints as e, issuesToApiError } from '../../../contract';
import { HttpError, badRequest } from '../../lib/http-error';
import { route } from '../../lib/route';
import { DEFAULT_LIMITS, type ImportLimits } from './limits';
import { createParsePool } from './parse-pool';
import { importWorkbook } from './service';
import { readUpload } from './upload';

export interface ImportacaoOptions {
  limits?: Partial<ImportLimits>;
}

const FILE_REQUIRED = ARQUIVO_OBRIGATORIO;

export async function importacaoRoutes(app: FastifyInstance, opts: ImportacaoOptions) {
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

  route(app, e.upload, async (_input, { request, username }) => {
    const { fields, file } = await readUpload(request, limits);
    const parsed = e.upload.multipart.safeParse(fields);
    if (!parsed.success) {
      const body = issuesToApiError(parsed.error.issues);
      throw new HttpError(400, body.detail, body.campos);
    }
    if (!file) throw badRequest(FILE_REQUIRED, { arquivo: FILE_REQUIRED });
    return importWorkbook(app.deps.db, pool, limits, {
      username,
      fileName: file.name,
      buffer: file.buffer,
      tipo: parsed.data.tipo,
      dataReferencia: parsed.data.data_referencia,
      force: parsed.data.force,
    });
  });
}
