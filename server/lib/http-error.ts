import { camposToIssues, issuesToApiError, parseUuid } from '../../contract';

/**
 * An error whose message is safe to show the user: the error handler answers it as `{detail, campos}`, plus the
 * fields of `extra` an endpoint's contract declares for that status (the DARF's 404 says why in `motivo`; the
 * login's 401 asks for the second factor with `precisa_2fa`).
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly campos?: Record<string, string>,
    readonly headers?: Record<string, string>,
    readonly extra?: Record<string, string | boolean>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, campos?: Record<string, string>) =>
  new HttpError(400, detail, campos);
export const notFound = (detail = 'Não encontrado.') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
/**
 * A UUID from a path (an order group's, a lote's), parsed by the contract's one parser; a malformed one names
 * nothing, so it is the resource's 404 with `detail`, as an id that does not exist.
 */
export function uuidOr404(value: string, detail: string): string {
  const id = parseUuid(value);
  if (id === null) throw notFound(detail);
  return id;
}

/** No valid token of a live session: the guard's answer, and a route's that checks the session itself. */
export const unauthenticated = () =>
  new HttpError(401, 'Credenciais de autenticação não fornecidas ou inválidas.', undefined, {
    'www-authenticate': 'Bearer',
  });

/** A 400 for checks that are not a schema (the client exists, a sale follows its purchase): `{detail, campos}`. */
export function invalidFields(campos: Record<string, string>): HttpError {
  const body = issuesToApiError(camposToIssues(campos));
  return new HttpError(400, body.detail, body.campos);
}
