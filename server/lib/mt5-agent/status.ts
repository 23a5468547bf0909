import type { Mt5StatusValue } from '../../../contract';
import { Mt5AgentClient, type AgentAddress, type Mt5AgentSettings } from './client';
import { askFleet, type FleetSettings } from './fleet';
import {
  Mt5HttpError,
  Mt5MalformedError,
  Mt5NetworkError,
  Mt5NotAllowedError,
  Mt5OfflineError,
  Mt5OutcomeUnknownError,
  Mt5TimeoutError,
} from './errors';
import { AUTOTRADING_DESATIVADO, CLIENTE_SEM_IP, TERMINAL_DESCONECTADO } from './messages';
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

export type StatusCheckSettings = FleetSettings;

/** A /health answer: online when connected to the broker with AutoTrading on; warning says what is off. */
export function statusFromHealth(health: Health): Pick<Mt5StatusResult, 'status' | 'detail'> {
  const problems: string[] = [];
  if (!health.connected) problems.push(TERMINAL_DESCONECTADO);
  if (!health.trade_allowed) problems.push(AUTOTRADING_DESATIVADO);
  return problems.length
    ? { status: 'warning', detail: problems.join('; ') }
    : { status: 'online', detail: null };
}

// OpenSSL's names for a certificate that does not verify (unknown issuer, expired, another host's...), as Node
// reports them in `code`, and Node's own for a name mismatch.
const CERTIFICATE_CODES =
  /CERT|ISSUER|SIGNATURE|CRL|^INVALID_CA$|^INVALID_PURPOSE$|HOSTNAME_MISMATCH/;

/** What went wrong on the wire, with what to check when the two sides disagree on TLS. */
function networkDetail(err: Mt5NetworkError): string {
  const https = err.url.startsWith('https:');
  if (https && CERTIFICATE_CODES.test(err.code)) {
    return `Certificado TLS do agente MT5 recusado (${err.code}): confira MT5_AGENT_CA_FILE`;
  }
  if (https && (err.code === 'EPROTO' || err.code.startsWith('ERR_SSL_'))) {
    return `Falha de TLS com o agente MT5 (${err.code}): o agente foi iniciado com --tls-cert?`;
  }
  if (!https && err.code === 'ECONNRESET') {
    // A TLS agent hangs up on plain HTTP without a word: the likeliest reason when the server has TLS off.
    return 'Conexão encerrada pelo agente MT5 sem resposta (ECONNRESET): se ele usa TLS (--tls-cert), ligue MT5_AGENT_TLS=1';
  }
  return `Falha de comunicação com o agente MT5 (${err.code})`;
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
  if (err instanceof Mt5NetworkError) return { status: 'error', detail: networkDetail(err) };
  if (err instanceof Mt5NotAllowedError) return { status: 'error', detail: err.detail };
  if (err instanceof Mt5OutcomeUnknownError) {
    return { status: 'error', detail: 'Resultado da ordem ainda desconhecido no terminal MT5' };
  }
  return { status: 'error', detail: 'Falha inesperada ao consultar o agente MT5' };
}

const MISSING_IP: Mt5StatusResult = {
  status: 'missing_ip',
  ping: null,
  detail: CLIENTE_SEM_IP,
};

/** One agent's status; never throws. */
async function statusOf(client: Mt5AgentClient, signal?: AbortSignal): Promise<Mt5StatusResult> {
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
  return client ? statusOf(client, signal) : MISSING_IP;
}

/** Every client's status, at most `statusConcurrency` calls at a time, in about one timeout (askFleet). */
export function checkAllStatuses(
  targets: StatusTarget[],
  settings: StatusCheckSettings,
  /** Told each status as soon as it is known (those needing no call before this returns its promise). */
  onResult?: (result: Mt5StatusResult & { id: number }) => void,
): Promise<Array<Mt5StatusResult & { id: number }>> {
  // Each status told as it comes: those needing no call (askFleet's missing) before this returns its promise.
  const told = (result: Mt5StatusResult & { id: number }) => {
    onResult?.(result);
    return result;
  };
  return askFleet(
    targets,
    settings,
    async (client, target) => told({ id: target.id, ...(await statusOf(client)) }),
    (target) => told({ id: target.id, ...MISSING_IP }),
    (target, err) => told({ id: target.id, ...statusFromError(err), ping: null }),
  );
}
