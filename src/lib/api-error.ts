/** A failed call: the specification's 'Erro {status}: {statusText}', followed by the server's detail. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    readonly statusText: string,
    readonly detail?: string,
    readonly campos?: Record<string, string>,
  ) {
    super(`Erro ${status}: ${statusText}${detail ? ` — ${detail}` : ''}`);
    this.name = 'ApiRequestError';
  }
}
