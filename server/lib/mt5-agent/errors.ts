/** Why a call to an MT5 agent failed; the status check and the order flows read `kind`. */
export type Mt5AgentErrorKind =
  'offline' | 'timeout' | 'http' | 'malformed' | 'network' | 'outcome_unknown' | 'not_allowed';

export abstract class Mt5AgentError extends Error {
  abstract readonly kind: Mt5AgentErrorKind;
  constructor(
    readonly url: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** Nothing listens there, or the address cannot be reached (connection refused, no route, unknown host). */
export class Mt5OfflineError extends Mt5AgentError {
  readonly kind = 'offline';
  constructor(
    url: string,
    readonly code: string,
  ) {
    super(url, `MT5 agent at ${url} is unreachable (${code})`);
  }
}

/** No complete answer within the time allowed. */
export class Mt5TimeoutError extends Mt5AgentError {
  readonly kind = 'timeout';
  constructor(
    url: string,
    readonly timeoutMs: number,
  ) {
    super(url, `MT5 agent at ${url} did not answer within ${timeoutMs} ms`);
  }
}

/** The agent answered with a non-2xx status; `error`/`detail` come from its `{error, message}` body. */
export class Mt5HttpError extends Mt5AgentError {
  readonly kind = 'http';
  constructor(
    url: string,
    readonly status: number,
    readonly error: string | null,
    readonly detail: string | null,
  ) {
    super(url, `MT5 agent at ${url} answered HTTP ${status}${detail ? `: ${detail}` : ''}`);
  }
}

/** A 2xx answer that is not JSON or does not match the protocol, or any answer over MAX_ANSWER_BYTES. */
export class Mt5MalformedError extends Mt5AgentError {
  readonly kind = 'malformed';
  constructor(url: string, reason: string) {
    super(url, `MT5 agent at ${url} sent a malformed answer: ${reason}`);
  }
}

/** Any other transport failure (connection reset mid-answer, TLS, protocol errors). */
export class Mt5NetworkError extends Mt5AgentError {
  readonly kind = 'network';
  constructor(
    url: string,
    readonly code: string,
  ) {
    super(url, `MT5 agent at ${url}: connection failed (${code})`);
  }
}

/**
 * Whether the order exists is not known yet: the agent answered 503 `em_duvida`, or an order answer carried
 * retcode 10012 (timeout) or 10031 (no connection). Never a refusal: ask again later with the same
 * client_order_id, and never send that order under a new one.
 */
export class Mt5OutcomeUnknownError extends Mt5AgentError {
  readonly kind = 'outcome_unknown';
  constructor(
    url: string,
    readonly detail: string,
    /** The MT5 retcode when the agent answered one (10012, 10031); null for a 503 em_duvida. */
    readonly retcode: number | null = null,
  ) {
    super(url, `MT5 agent at ${url}: order outcome unknown (${detail})`);
  }
}

/**
 * Not called at all: the VM's address is outside MT5_AGENT_NETWORKS (the agent token is never sent there), or the
 * client's own token cannot be opened (MT5_TOKEN_KEY changed).
 */
export class Mt5NotAllowedError extends Mt5AgentError {
  readonly kind = 'not_allowed';
  constructor(
    url: string,
    readonly detail: string,
  ) {
    super(url, `MT5 agent at ${url}: not called (${detail})`);
  }
}
