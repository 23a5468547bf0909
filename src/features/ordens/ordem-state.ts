import type { OrdemDetalhe, OrderStatus } from '../../../contract';
import { ApiRequestError } from '../../lib/api';
import { emAndamento } from '../../widgets/ordens';
import { ordemTerminada } from '../../api/ordens';

/**
 * The order page's derivations (pure): what it offers while the order is in flight, where each operation it
 * touched is, and what a failed load says.
 */

/** What an order did to the portfolio, in words, and the portfolio's tab that shows it. */
export const PAPEL = {
  criada: { texto: 'criada', aba: 'posicionadas' },
  restante: { texto: 'aberta com o restante', aba: 'posicionadas' },
  realizada: { texto: 'realizada', aba: 'realizadas' },
} as const;

export interface AcoesDaOrdem {
  /** Still in flight: stored so, and its last status has not said it ended. */
  aberta: boolean;
  /** Something rests at the terminal (a leg placed, or partly filled): Cancelar ordem. */
  cancelavel: boolean;
  /** A leg's outcome is unknown: Resolver. */
  resolvivel: boolean;
}

export function acoesDaOrdem(ordem: OrdemDetalhe, status: OrderStatus | undefined): AcoesDaOrdem {
  const aberta = emAndamento(ordem.estado) && !ordemTerminada(status);
  return {
    aberta,
    cancelavel: aberta && ordem.legs.some((l) => l.estado === 'placed' || l.estado === 'partial'),
    resolvivel: aberta && Boolean(ordem.aviso),
  };
}

/** Why the order could not be shown: it does not exist (404), or the error's own words. */
export function erroDaOrdem(error: Error | null): string {
  if (error instanceof ApiRequestError && error.status === 404) return 'Ordem não encontrada.';
  return error?.message ?? 'Erro ao carregar.';
}
