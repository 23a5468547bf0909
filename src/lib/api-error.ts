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

/**
 * A failed call in the user's words, shown once (issue 34, rough edge 10): the server's messages without the
 * status line, and without those a form already shows under their fields (`noFormulario`: the fields it placed
 * them on, src/lib/form-errors.ts); null when nothing is left to say. A failure with no words of the server's
 * says what happened in general terms.
 */
export function mensagemDoErro(
  error: Error | null | undefined,
  noFormulario: readonly string[] = [],
): string | null {
  if (!error) return null;
  if (!(error instanceof ApiRequestError)) return error.message;
  if (error.campos) {
    const restantes = Object.entries(error.campos).filter(
      ([campo]) => !noFormulario.includes(campo),
    );
    if (restantes.length === 0) return null;
    // The fields the form does not show: their messages, each once (not the detail's "Campo x: …").
    return [...new Set(restantes.map(([, mensagem]) => mensagem))].join(' ');
  }
  if (error.detail) return error.detail;
  return error.status >= 500
    ? `O servidor não conseguiu atender o pedido (erro ${error.status}). Tente de novo em instantes.`
    : `O pedido foi recusado (erro ${error.status}).`;
}
