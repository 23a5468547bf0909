import { HttpError } from '../../lib/http-error';
import type { PernaRecusada } from '../ordens';

/** A leg a client's terminal refused, as a lote's refusal names it. */
export interface PernaDoLote {
  /** The item's (or operation's) position in the request: the fields are listed in its order. */
  i: number;
  nome: string;
  /** The request's field the refusal is about (`itens.2.legs.1`, `operacoes.3`). */
  campo: string;
  recusada: PernaRecusada;
}

/**
 * The 400 of a lote whose terminals refuse legs, buy or sale alike: each field with its reason, and a text naming
 * the clients (by name, the first five) and each one's refused leg.
 */
export function recusaDePernas(recusadas: readonly PernaDoLote[]): HttpError {
  const campos = Object.fromEntries(
    [...recusadas].sort((a, b) => a.i - b.i).map((r) => [r.campo, r.recusada.motivo]),
  );
  const textos = [...recusadas]
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'))
    .map((r) => `${r.nome}, perna ${r.recusada.symbol}: ${r.recusada.motivo}`);
  const detail =
    textos.length === 1
      ? textos[0]!
      : `Os terminais de ${textos.length} clientes recusam pernas do lote: ` +
        textos.slice(0, 5).join(' ') +
        (textos.length > 5 ? ` E mais ${textos.length - 5}.` : '');
  return new HttpError(400, detail, campos);
}
