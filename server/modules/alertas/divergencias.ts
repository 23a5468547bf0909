import type { ConciliacaoCliente, LinhaConciliacao } from '../../../contract';
import { aplicar, type Contexto, type Observacao } from './motor';

/**
 * Divergences (issue 31): each reconciliation made (the control panel's, a client's) tells the divergences it finds
 * that are not already open, once each. A divergence is its client, stock, kind and differences: the same one seen
 * again is not new; one that changed is. Those of the clients whose terminal answered and that are no longer
 * found are over, silently; a terminal that did not answer leaves its client's open ones as they are.
 */

const SITUACAO: Record<LinhaConciliacao['situacao'], string> = {
  confere: 'confere',
  so_no_livro: 'só no livro',
  so_no_terminal: 'só no terminal',
  so_na_custodia: 'só na custódia',
  diverge: 'quantidades diferentes',
};

const lado = (nome: string, q: number | null) => `${nome} ${q === null ? '—' : q}`;

export function observeConciliacao(clientes: readonly ConciliacaoCliente[]): Observacao[] {
  return clientes.flatMap((c) =>
    c.linhas
      .filter((l) => l.situacao !== 'confere')
      .map((l) => ({
        chave: `divergencia:${c.cliente}:${l.acao}:${l.situacao}:${l.diferenca_terminal ?? ''}:${l.diferenca_custodia ?? ''}`,
        assunto: { cliente_id: c.cliente, ticker: l.acao },
        titulo:
          `Divergência na conciliação de ${c.nome}: ${l.acao} ${SITUACAO[l.situacao]} ` +
          `(${lado('livro', l.livro)}, ${lado('terminal', l.terminal)}, ${lado('custódia', l.custodia)}).`,
        dispara: true,
        encerra: false,
      })),
  );
}

export async function checkConciliacao(
  ctx: Contexto,
  clientes: readonly ConciliacaoCliente[],
): Promise<void> {
  const responderam = new Set(
    clientes.filter((c) => c.terminal_status === 'online').map((c) => c.cliente),
  );
  await aplicar(
    ctx,
    { tipo: 'divergencia', minimoSegundos: 0, repetirSegundos: null },
    observeConciliacao(clientes),
    (a) => a.cliente_id !== null && responderam.has(a.cliente_id),
  );
}
