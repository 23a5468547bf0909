import { CLIENTE_NAO_ENCONTRADO } from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import {
  CLIENTE_SEM_IP,
  Mt5AgentClient,
  Mt5AgentError,
  Mt5HttpError,
  Mt5NotAllowedError,
  SEM_IP,
  ordemNaoEnviada,
  statusFromError,
  terminalIndisponivel,
  type AgentAddress,
  type SymbolInfo,
} from '../../lib/mt5-agent';

import { selectClienteVm } from './repository';

export async function loadCliente(db: Db, id: number) {
  const row = await selectClienteVm(db, id);
  if (!row) throw notFound(CLIENTE_NAO_ENCONTRADO);
  return row;
}

/** A client's agent, or why it is not called (nothing is sent): no VM address, or one it must not be called at. */
export type AgentResolution =
  | { agent: Mt5AgentClient }
  | { agent: null; status: 'missing_ip' | 'error'; detail: string; motivo: string };

/**
 * The agent of a client's VM, called with the client's own token (clientes.mt5_token) or else the shared one, only
 * inside MT5_AGENT_NETWORKS. Every order path, single or in a lote, reaches a client's terminal through here.
 */
export function resolveAgent(
  config: Config,
  cliente: AgentAddress,
  timeoutMs = config.mt5.timeoutMs,
): AgentResolution {
  try {
    const agent = Mt5AgentClient.forAddress(cliente, { ...config.mt5, timeoutMs });
    if (agent) return { agent };
    return { agent: null, status: 'missing_ip', detail: CLIENTE_SEM_IP, motivo: SEM_IP };
  } catch (err) {
    if (!(err instanceof Mt5NotAllowedError)) throw err;
    return {
      agent: null,
      status: 'error',
      detail: err.detail,
      motivo: ordemNaoEnviada(err.detail),
    };
  }
}

export function agentFor(config: Config, cliente: AgentAddress) {
  const resolved = resolveAgent(config, cliente);
  if (!resolved.agent) throw badRequest(resolved.motivo);
  return resolved.agent;
}

/** An agent failure while the operator waits: 502 with the reason, nothing stored. */
export function agentUnavailable(err: unknown): never {
  if (err instanceof Mt5AgentError) {
    throw new HttpError(502, terminalIndisponivel(statusFromError(err).detail ?? err.kind));
  }
  throw err;
}

/** Symbol info, or null when the terminal has no such symbol (404). */
export async function symbolOrNull(
  agent: Mt5AgentClient,
  symbol: string,
): Promise<SymbolInfo | null> {
  try {
    return await agent.symbol(symbol);
  } catch (err) {
    if (err instanceof Mt5HttpError && err.status === 404) return null;
    throw err;
  }
}
