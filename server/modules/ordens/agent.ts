import { CLIENTE_NAO_ENCONTRADO } from '../../../contract';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { HttpError, badRequest, notFound } from '../../lib/http-error';
import {
  Mt5AgentClient,
  Mt5AgentError,
  Mt5HttpError,
  Mt5NotAllowedError,
  statusFromError,
  type AgentAddress,
  type SymbolInfo,
} from '../../lib/mt5-agent';

import { selectClienteVm } from './repository';

export async function loadCliente(db: Db, id: number) {
  const row = await selectClienteVm(db, id);
  if (!row) throw notFound(CLIENTE_NAO_ENCONTRADO);
  return row;
}

export function agentFor(config: Config, cliente: AgentAddress) {
  let agent: Mt5AgentClient | null;
  try {
    agent = Mt5AgentClient.forAddress(cliente, config.mt5);
  } catch (err) {
    if (err instanceof Mt5NotAllowedError) throw badRequest(`Ordem não enviada: ${err.detail}.`);
    throw err;
  }
  if (!agent) throw badRequest('O cliente não tem o IP da VM do MT5 cadastrado.');
  return agent;
}

/** An agent failure while the operator waits: 502 with the reason, nothing stored. */
export function agentUnavailable(err: unknown): never {
  if (err instanceof Mt5AgentError) {
    throw new HttpError(
      502,
      `Terminal MT5 do cliente indisponível: ${statusFromError(err).detail ?? err.kind}.`,
    );
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
