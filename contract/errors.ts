import { z } from 'zod';

/** Every error answer of the API: a message the UI can show, plus per-field messages on validation errors. */
export const ApiErrorSchema = z.object({
  detail: z.string(),
  campos: z.record(z.string(), z.string()).optional(),
});
export type ApiError = z.infer<typeof ApiErrorSchema>;

/** The part of a validation issue the answer needs (zod's issues, and the server's own checks). */
export interface FieldIssue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

export const REQUISICAO_INVALIDA = 'Requisição inválida.';

/**
 * Validation issues as the API's error body: `campos` maps each field (its path joined with dots) to its first
 * message, and `detail` names the first field. The one place this body is built: the server's error handler,
 * its own checks, the mocks and the SPA's forms all go through here.
 */
export function issuesToApiError(issues: readonly FieldIssue[]): Required<ApiError> {
  const campos: Record<string, string> = {};
  for (const issue of issues) {
    const field = issue.path.map(String).join('.') || '_';
    campos[field] ??= issue.message;
  }
  const [first] = Object.entries(campos);
  const detail = !first
    ? REQUISICAO_INVALIDA
    : first[0] === '_'
      ? first[1]
      : `Campo ${first[0]}: ${first[1]}`;
  return { detail, campos };
}

/** `{campo: mensagem}` as validation issues (for checks that are not a schema, like "the client exists"). */
export const camposToIssues = (campos: Record<string, string>): FieldIssue[] =>
  Object.entries(campos).map(([field, message]) => ({ path: field.split('.'), message }));
