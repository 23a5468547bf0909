import type { Mt5StatusValue } from '../../../contract';
import { Mt5AgentClient, agentHost, type AgentAddress, type Mt5AgentSettings } from './client';
import {
  Mt5HttpError,
  Mt5MalformedError,
  Mt5NetworkError,
  Mt5NotAllowedError,
  Mt5OfflineError,
  Mt5OutcomeUnknownError,
  Mt5TimeoutError,
} from './errors';
import type { Health } from './protocol';

export interface Mt5StatusResult {
  status: Mt5StatusValue;
  /** Measured round trip in ms when the agent answered at all; null otherwise. */
  ping: number | null;
  detail: string | null;
}

export interface StatusTarget extends AgentAddress {
  id: number;
}

export interface StatusCheckSettings extends Mt5AgentSettings {
  /** How many agents are asked at the same time. */
  statusConcurrency: number;
}

/** A /health answer: online when connected to the broker with AutoTrading on; warning says what is off. */
export function statusFromHealth(health: Health): Pick<Mt5StatusResult, 'status' | 'detail'> {
  const problems: string[] = [];
  if (!health.connected) problems.push('Terminal desconectado da corretora');
  if (!health.trade_allowed) problems.push('AutoTrading desativado');
  return problems.length
    ? { status: 'warning', detail: problems.join('; ') }
    : { status: 'online', detail: null };
}

/** A failed /health call: offline, timeout, or error with the reason in Portuguese. */
export function statusFromError(err: unknown): Pick<Mt5StatusResult, 'status' | 'detail'> {
  if (err instanceof Mt5OfflineError) {
    return {
      status: 'offline',
      detail: err.code === 'ECONNREFUSED' ? 'Conexão recusada pelo agente MT5' : 'VM inacessível',
    };
  }
  if (err instanceof Mt5TimeoutError) {
    return { status: 'timeout', detail: `Sem resposta em ${err.timeoutMs} ms` };
  }
  if (err instanceof Mt5HttpError) {
    const detail =
      err.status === 401 || err.status === 403
        ? `Token recusado pelo agente MT5 (HTTP ${err.status})`
        : `Agente MT5 respondeu HTTP ${err.status}${err.detail ? `: ${err.detail}` : ''}`;
    return { status: 'error', detail };
  }
  if (err instanceof Mt5MalformedError) {
    return { status: 'error', detail: 'Resposta inválida do agente MT5' };
  }
  if (err instanceof Mt5NetworkError) {
    return { status: 'error', detail: 'Falha de comunicação com o agente MT5' };
  }
  if (err instanceof Mt5NotAllowedError) return { status: 'error', detail: err.detail };
  if (err instanceof Mt5OutcomeUnknownError) {
    return { status: 'error', detail: 'Resultado da ordem ainda desconhecido no terminal MT5' };
  }
  return { status: 'error', detail: 'Falha inesperada ao consultar o agente MT5' };
}

const MISSING_IP: Mt5StatusResult = {
  status: 'missing_ip',
  ping: null,
  detail: 'Cliente sem IP de VM',
};

/** One client's status; never throws. */
export async function checkStatus(
  target: AgentAddress,
  settings: Mt5AgentSettings,
  signal?: AbortSignal,
): Promise<Mt5StatusResult> {
  let client: Mt5AgentClient | null;
  try {
    client = Mt5AgentClient.forAddress(target, settings);
  } catch (err) {
    return { ...statusFromError(err), ping: null };
  }
  if (!client) return MISSING_IP;
  const started = performance.now();
  const elapsed = () => Math.max(0, Math.round(performance.now() - started));
  try {
    const health = await client.health({ signal });
    return { ...statusFromHealth(health), ping: elapsed() };
  } catch (err) {
    const mapped = statusFromError(err);
    // A round trip happened only when the agent answered something (an HTTP error or a bad body).
    const answered = err instanceof Mt5HttpError || err instanceof Mt5MalformedError;
    return { ...mapped, ping: answered ? elapsed() : null };
  }
}

// The shortest wait a status check is given, however many clients there are: a healthy agent on the VMs'
// network answers /health well within it.
const MIN_CHECK_MS = 250;

/**
 * Every client's status, at most `statusConcurrency` calls at a time. The timeout budget is shared: with more
 * clients than slots, each call waits timeoutMs × statusConcurrency / clients (at least MIN_CHECK_MS), so
 * that even when every VM hangs the whole check takes about one timeout (200 dead VMs with the defaults:
 * 7 rounds of 480 ms), and every client still gets a real call of its own.
 */
export async function checkAllStatuses(
  targets: StatusTarget[],
  settings: StatusCheckSettings,
  /** Told each status as soon as it is known (those needing no call before this returns its promise). */
  onResult?: (result: Mt5StatusResult & { id: number }) => void,
): Promise<Array<Mt5StatusResult & { id: number }>> {
  const results = new Array<Mt5StatusResult & { id: number }>(targets.length);
  const pending: number[] = [];
  targets.forEach((t, i) => {
    // An address outside the allowed networks is answered by checkStatus without a call.
    if (agentHost(t)) pending.push(i);
    else {
      results[i] = { id: t.id, ...MISSING_IP };
      onResult?.(results[i]);
    }
  });
  const slots = Math.max(1, Math.min(settings.statusConcurrency, pending.length));
  const perCheck = Math.min(
    settings.timeoutMs,
    Math.max(MIN_CHECK_MS, Math.floor((settings.timeoutMs * slots) / Math.max(1, pending.length))),
  );
  const checkSettings = { ...settings, timeoutMs: perCheck };

  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const i = pending[next++]!;
      const target = targets[i]!;
      results[i] = { id: target.id, ...(await checkStatus(target, checkSettings)) };
      onResult?.(results[i]);
    }
  };
  await Promise.all(Array.from({ length: slots }, worker));
  return results;
}
