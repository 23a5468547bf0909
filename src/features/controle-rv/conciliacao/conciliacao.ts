import type {
  ConciliacaoResumo,
  LinhaConciliacao,
  SituacaoConciliacao,
  SituacaoLinha,
} from '../../../../contract';
import { formatInteger } from '../../../../shared/format';
import { statusLabel } from '../../../widgets/status-mt5';

/** CONCILIAÇÃO's words and figures, plain: the views only show them. */

export interface Situacao {
  label: string;
  palette: string;
}

export const SITUACAO_CLIENTE: Record<SituacaoConciliacao, Situacao> = {
  confere: { label: 'Confere', palette: 'green' },
  divergente: { label: 'Divergente', palette: 'red' },
  sem_terminal: { label: 'Sem terminal', palette: 'gray' },
};

export const SITUACAO_LINHA: Record<SituacaoLinha, Situacao> = {
  confere: { label: 'Confere', palette: 'green' },
  so_no_livro: { label: 'Só no livro', palette: 'orange' },
  so_no_terminal: { label: 'Só no terminal', palette: 'orange' },
  so_na_custodia: { label: 'Só na custódia', palette: 'orange' },
  diverge: { label: 'Quantidade diverge', palette: 'red' },
};

/**
 * How the terminal answered, in the client list's MT5 words (a terminal that handed over its positions
 * 'Respondeu'), then what it said: 'Offline — Conexão recusada pelo agente MT5'.
 */
export const terminalTexto = (c: Pick<ConciliacaoResumo, 'terminal_status' | 'terminal_detalhe'>) =>
  [
    c.terminal_status === 'online'
      ? 'Respondeu'
      : (statusLabel(c.terminal_status) ?? c.terminal_status),
    c.terminal_detalhe,
  ]
    .filter(Boolean)
    .join(' — ');

const comSinal = (n: number) => `${n > 0 ? '+' : n < 0 ? '−' : ''}${formatInteger(Math.abs(n))}`;

/** The differences against the book, where there are any: 'terminal −100 · custódia +200'; null for none. */
export function diferencas(l: LinhaConciliacao): string | null {
  const partes = [
    l.diferenca_terminal ? `terminal ${comSinal(l.diferenca_terminal)}` : null,
    l.diferenca_custodia ? `custódia ${comSinal(l.diferenca_custodia)}` : null,
  ].filter(Boolean);
  return partes.join(' · ') || null;
}

/** The clients the table shows: every one, or with 'Só divergências' the divergent ones. */
export const clientesMostrados = (todos: ConciliacaoResumo[], soDivergencias: boolean) =>
  todos.filter((c) => !soDivergencias || c.situacao === 'divergente');

/** '4 clientes: 1 conferem, 1 divergentes, 2 sem terminal.' */
export function resumoDosClientes(todos: ConciliacaoResumo[]): string {
  const contagem = (s: SituacaoConciliacao) => todos.filter((c) => c.situacao === s).length;
  return (
    `${formatInteger(todos.length)} clientes: ${contagem('confere')} conferem, ` +
    `${contagem('divergente')} divergentes, ${contagem('sem_terminal')} sem terminal.`
  );
}

/** What the table says when it has no row. */
export const semClientes = (carregando: boolean, soDivergencias: boolean) =>
  carregando ? 'Carregando...' : soDivergencias ? 'Nenhuma divergência.' : 'Nenhum cliente.';
