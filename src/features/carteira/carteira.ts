import type { Cliente, Operacao } from '../../../contract';
import { ApiRequestError } from '../../lib/api';
import type { Grafico } from '../../widgets/grafico';

/**
 * The portfolio screen's state, plain: which dialog is open and about what, whether the client exists, the
 * title, and the operations split between the two grids. The views only show it.
 */

export const CARREGANDO = 'Aguarde, carregando dados da carteira...';

/** The one dialog open on the page, with what it is about. */
export type OpenDialog =
  | { kind: 'operacao'; operacao: Operacao | 'new' }
  | { kind: 'delete'; operacao: Operacao }
  | { kind: 'compra' }
  | { kind: 'venda'; operacao: Operacao }
  | { kind: 'grafico'; grafico: Grafico }
  | null;

type Kind = NonNullable<OpenDialog>['kind'];
type Alvo<K extends Kind> = Extract<NonNullable<OpenDialog>, { kind: K }>;

/** What the dialog of `kind` is about (an operation, a chart), or null when another one, or none, is open. */
export function alvo<K extends Kind, F extends keyof Alvo<K>>(
  dialog: OpenDialog,
  kind: K,
  campo: F,
): Alvo<K>[F] | null {
  return dialog?.kind === kind ? (dialog as Alvo<K>)[campo] : null;
}

/** The client asked for does not exist (deleted, or a typed address): 404, or 400 for an id that is none. */
export const naoExiste = (error: Error | null) =>
  error instanceof ApiRequestError && (error.status === 404 || error.status === 400);

/** The client's name, or 'Cliente 7' for one without; '' until it has loaded. */
export const nomeDoCliente = (cliente: Pick<Cliente, 'id' | 'nome'> | undefined) =>
  cliente?.nome ?? (cliente ? `Cliente ${cliente.id}` : '');

export const tituloDaCarteira = (nome: string) => (nome ? `${nome} Carteira` : 'Carteira');

/** POSICIONADAS (no sale yet) and REALIZADAS, each in the order the server gave. */
export function separarOperacoes<T extends Pick<Operacao, 'data_venda'>>(rows: T[]) {
  return {
    posicionadas: rows.filter((op) => op.data_venda === null),
    realizadas: rows.filter((op) => op.data_venda !== null),
  };
}
