/**
 * What the operator reads about a client's terminal, in one place: the status check, the single orders and the lotes
 * say a terminal's problem with these words (docs/decisions/0010-modules-and-jobs.md), never their own. In the
 * contract so that the mocks (mocks/handlers) say them too without copying them; the server reaches them through
 * server/lib/mt5-agent.
 */

/** The terminal has lost its broker: nothing can trade. */
export const TERMINAL_DESCONECTADO = 'Terminal desconectado da corretora';
/** The terminal's AutoTrading is off: the agent's orders are refused. */
export const AUTOTRADING_DESATIVADO = 'AutoTrading desativado';
/** The client has no VM address: its agent is not called. */
export const CLIENTE_SEM_IP = 'Cliente sem IP de VM';
export const SEM_IP = 'O cliente não tem o IP da VM do MT5 cadastrado.';

/** The terminal-wide reason an order cannot trade now, as an order's refusal says it; null when it can. */
export function terminalProblem(health: {
  connected: boolean;
  trade_allowed: boolean;
}): string | null {
  if (!health.connected) return `${TERMINAL_DESCONECTADO}.`;
  if (!health.trade_allowed) return `${AUTOTRADING_DESATIVADO} no terminal.`;
  return null;
}

export const simboloInexistente = (symbol: string) => `O símbolo ${symbol} não existe no terminal.`;

/** An agent that failed while the operator waits (502). */
export const terminalIndisponivel = (detail: string) =>
  `Terminal MT5 do cliente indisponível: ${detail}.`;

/** A lote's item whose agent failed: why the client is left out. */
export const terminalSemResposta = (detail: string) => `Terminal MT5 indisponível: ${detail}.`;

/** A lote's item whose agent may not be called (an address outside MT5_AGENT_NETWORKS). */
export const terminalNaoChamado = (detail: string) => `Terminal MT5 não chamado: ${detail}.`;

/** An order whose agent may not be called: nothing is sent. */
export const ordemNaoEnviada = (detail: string) => `Ordem não enviada: ${detail}.`;
