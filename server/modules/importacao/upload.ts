import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../lib/http-error';
import { MB, type ImportLimits } from './limits';

export interface Upload {
  fields: Record<string, string>;
  file: { name: string; buffer: Buffer } | null;
}

/** The multipart parser's refusals, in the user's words. */
function multipartError(err: unknown, limits: ImportLimits): never {
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
  if (err instanceof HttpError) throw err;
  // Everything else that fails while reading the parts is the form itself (cut short, no boundary, a malformed
  // part header): nothing else runs in there.
  throw badRequest('O formulário enviado está incompleto ou inválido.');
}

/** The text fields and the one file (`arquivo`) of a multipart upload. */
export async function readUpload(request: FastifyRequest, limits: ImportLimits): Promise<Upload> {
  if (!request.isMultipart()) {
    throw badRequest(
      'Envie o formulário como multipart/form-data, com o arquivo no campo arquivo.',
    );
  }
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
    multipartError(err, limits);
  }
  return upload;
}
