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

/** A reason as a clause: without its closing period, so that clauses join with '; ' and the sentence ends once. */
export const clausula = (texto: string) => texto.trim().replace(/[.;\s]+$/, '');

/**
 * One sentence naming each client with its reason (the first `max`, then how many more): 'Ana: …; Bruno: ….' —
 * never '.;' or '..' however the reasons end (issue 34, rough edge 2).
 */
export function frase(partes: readonly string[], max = 5): string {
  const ditas = partes.slice(0, max).map(clausula);
  const mais = partes.length > max ? `; e mais ${partes.length - max}` : '';
  return `${ditas.join('; ')}${mais}.`;
}

/** A client's refused leg: 'Bruno, perna PETR4: Negociação não permitida para PETR4 (modo long_only)'. */
export const pernaRecusada = (r: PernaDoLote) =>
  `${r.nome}, perna ${r.recusada.symbol}: ${clausula(r.recusada.motivo)}`;

/**
 * The 400 of a lote whose terminals refuse legs, buy or sale alike: each field with its reason, and one sentence
 * naming the clients (by name, the first five) and each one's refused leg.
 */
export function recusaDePernas(recusadas: readonly PernaDoLote[]): HttpError {
  const campos = Object.fromEntries(
    [...recusadas].sort((a, b) => a.i - b.i).map((r) => [r.campo, r.recusada.motivo]),
  );
  const textos = [...recusadas]
    .sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'))
    .map(pernaRecusada);
  const detail =
    textos.length === 1
      ? frase(textos)
      : `Os terminais de ${textos.length} clientes recusam pernas do lote: ${frase(textos)}`;
  return new HttpError(400, detail, campos);
}
