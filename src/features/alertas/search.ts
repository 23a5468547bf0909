import {
  EstadoAlertaSchema,
  TIPOS_ALERTA,
  type EstadoAlerta,
  type TipoAlerta,
} from '../../../contract';

/**
 * The Alertas page's address (kept apart from React: the router reads it): the open tab and the list's filters,
 * `?aba=regras`, `?estado=disparado&tipo=alvo&cliente=3`. Anything it does not know is dropped.
 */

export const ABAS_ALERTAS = ['alertas', 'regras', 'preferencias'] as const;
export type AbaAlertas = (typeof ABAS_ALERTAS)[number];

export interface AlertasSearch {
  aba?: AbaAlertas;
  estado?: EstadoAlerta;
  tipo?: TipoAlerta;
  cliente?: number;
}

const umDe = <T extends string>(opcoes: readonly T[], valor: unknown): T | undefined =>
  opcoes.includes(valor as T) ? (valor as T) : undefined;

export function alertasSearch(search: Record<string, unknown>): AlertasSearch {
  const cliente = Number(search.cliente);
  const lido: AlertasSearch = {
    aba: umDe(ABAS_ALERTAS, search.aba),
    estado: umDe(EstadoAlertaSchema.options, search.estado),
    tipo: umDe(TIPOS_ALERTA, search.tipo),
    cliente: Number.isInteger(cliente) && cliente > 0 ? cliente : undefined,
  };
  // Only what is set: the address stays as short as the user left it.
  return Object.fromEntries(
    Object.entries(lido).filter(([, v]) => v !== undefined),
  ) as AlertasSearch;
}
