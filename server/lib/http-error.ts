/** An error whose message is safe to show the user: the error handler answers it as `{detail, campos}`. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly campos?: Record<string, string>,
    readonly headers?: Record<string, string>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, campos?: Record<string, string>) =>
  new HttpError(400, detail, campos);
export const notFound = (detail = 'Não encontrado.') => new HttpError(404, detail);
export const conflict = (detail: string) => new HttpError(409, detail);
