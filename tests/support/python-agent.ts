import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

/** agent/: the Python package and its MetaTrader5 emulation (agent/tests/mt5_emulation). */
export const AGENT_DIR = fileURLToPath(new URL('../../agent/', import.meta.url));

/** One-shot faults of the emulated order_send (agent/tests/mt5_emulation/terminal.py, FAULTS). */
export type EmulationFault =
  | 'none_after_place'
  | 'timeout_after_place'
  | 'lost_after_send'
  | 'none_before_place'
  | 'crash_after_send'
  | 'crash_before_send'
  | 'autotrading_error';

/** The emulated terminal's options (seconds, as the Python side takes them). */
export interface EmulationOptions {
  /** Market orders fill after this delay (default 0.3 s); 0 fills inside order_send. */
  fill_delay?: number;
  /** Round-lot market orders of 200 shares or more fill in two parts. */
  partial_fills?: boolean;
  /** After a reconnection, orders the terminal missed appear after this delay. */
  sync_delay?: number;
  login?: number;
  margin_free?: number;
  /** Symbols with market execution (not B3's exchange execution): RETURN filling is refused. */
  market_execution?: boolean;
  /** Each deal's brokerage in R$ and fee in percent of its value (default 0 and 0), as the simulator's options. */
  commission?: number;
  fee_percent?: number;
  faults?: EmulationFault[];
}

export interface EmulatedOrder {
  ticket: number;
  symbol: string;
  /** ORDER_TYPE_*: 0 buy, 1 sell, 2 buy limit, 3 sell limit. */
  type: number;
  /** ORDER_STATE_*: 1 placed, 2 canceled, 3 partial, 4 filled, 5 rejected, 6 expired. */
  state: number;
  magic: number;
  comment: string;
  volume_initial: number;
  volume_current: number;
  price_open: number;
  tp: number;
  type_filling: number;
  type_time: number;
}

export interface EmulationState {
  connected: boolean;
  running: boolean;
  order_send_calls: number;
  /** Every order the broker received, including those the terminal has not synced yet. */
  orders: EmulatedOrder[];
  deals: number;
  positions: Array<{ symbol: string; volume: number }>;
}

/** The emulation's test controls (its control port; never part of the agent). */
export interface EmulationControl {
  state(): Promise<EmulationState>;
  setConnected(value: boolean): Promise<void>;
  setTradeAllowed(value: boolean): Promise<void>;
  setAccountTradeAllowed(value: boolean): Promise<void>;
  setMarketClosed(value: boolean): Promise<void>;
  /** Moves a base symbol and its fractional twin; resting limit orders it crosses fill. */
  setPrice(symbol: string, last: number): Promise<void>;
  setTradeMode(
    symbol: string,
    mode: 'disabled' | 'long_only' | 'short_only' | 'close_only' | 'full',
  ): Promise<void>;
  removeSymbol(symbol: string): Promise<void>;
  /** The exchange fills part (or the rest) of an open order, at its price unless given. */
  fill(ticket: number, volume?: number, price?: number): Promise<void>;
  /** B3 rejects an order the terminal had accepted; the broker writes its reason in the comment. */
  reject(ticket: number, comment?: string): Promise<void>;
  expire(ticket: number): Promise<void>;
  addFault(fault: EmulationFault): Promise<void>;
  /** The broker refuses the next order with this retcode and comment. */
  refuseNext(retcode: number, comment?: string, retcodeExternal?: number): Promise<void>;
  /** The terminal's process dies; initialize() starts it again unless setCanStart(false). */
  kill(): Promise<void>;
  setCanStart(value: boolean): Promise<void>;
  /** Every terminal call blocks until release(). */
  hang(): Promise<void>;
  release(): Promise<void>;
  configure(options: Omit<EmulationOptions, 'faults' | 'login' | 'margin_free'>): Promise<void>;
}

export interface PythonAgentOptions {
  token: string;
  /** Where it listens (default 127.0.0.1); e.g. a client's vm_private_ip on a loopback subnet. */
  host?: string;
  /** Default 0: a free port, kept across restart(). */
  port?: number;
  emulation?: EmulationOptions;
  /** --settle-seconds (default here 0.5 s; the agent's own default is 30 s). */
  settleSeconds?: number;
  /** --sync-grace-seconds (default here 0.5 s; the agent's own default is 10 s). */
  syncGraceSeconds?: number;
  magic?: number;
  /** How long a start may take before it fails (default 15 s). */
  startTimeoutMs?: number;
  /** HTTPS with this certificate and key (--tls-cert, --tls-key); `ca` signed the certificate. */
  tls?: { certFile: string; keyFile: string; ca: Buffer };
}

export interface PythonAgent {
  readonly url: string;
  readonly host: string;
  readonly port: number;
  readonly token: string;
  readonly emulation: EmulationControl;
  /** The agent's log lines (JSON objects) since the first start. */
  logs(): Array<Record<string, unknown>>;
  /** Resolves with the exit code once the process has ended (e.g. after a crash fault). */
  exited(): Promise<number | null>;
  /** SIGKILL: the agent dies; its journal and the emulated terminal survive. */
  crash(): Promise<void>;
  /** A new agent process on the same address, journal and terminal. */
  restart(): Promise<void>;
  /** SIGTERM, waits for the exit, removes the temporary files. */
  stop(): Promise<void>;
}

const PYTHON = process.env.PYTHON ?? 'python3';

interface Running {
  proc: ChildProcess;
  exit: Promise<number | null>;
  port: number;
  controlPort: number;
}

/**
 * Starts `python3 -m carteira_rv_agent` over the MetaTrader5 emulation (agent/tests/mt5_emulation), in a
 * temporary directory that holds its token file, journal and the emulated terminal's state (so the terminal
 * outlives crash()/restart()). Resolves once /health answers 200.
 */
export async function startPythonAgent(opts: PythonAgentOptions): Promise<PythonAgent> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'crv-python-agent-'));
  const tokenFile = path.join(dir, 'token.txt');
  await writeFile(tokenFile, `${opts.token}\n`, { mode: 0o600 });
  const host = opts.host ?? '127.0.0.1';
  const lines: Array<Record<string, unknown>> = [];
  let running: Running | null = null;

  const launch = async (port: number): Promise<Running> => {
    const args = [
      '-m',
      'carteira_rv_agent',
      '--host',
      host,
      '--port',
      String(port),
      '--token-file',
      tokenFile,
      '--journal',
      path.join(dir, 'journal.sqlite3'),
      '--mt5-module',
      'tests.mt5_emulation',
      '--settle-seconds',
      String(opts.settleSeconds ?? 0.5),
      '--sync-grace-seconds',
      String(opts.syncGraceSeconds ?? 0.5),
      ...(opts.magic === undefined ? [] : ['--magic', String(opts.magic)]),
      ...(opts.tls ? ['--tls-cert', opts.tls.certFile, '--tls-key', opts.tls.keyFile] : []),
    ];
    const proc = spawn(PYTHON, args, {
      cwd: AGENT_DIR,
      env: {
        ...process.env,
        PYTHONPATH: AGENT_DIR,
        PYTHONDONTWRITEBYTECODE: '1',
        PYTHONUNBUFFERED: '1',
        MT5_EMULATION_STATE: path.join(dir, 'terminal.json'),
        MT5_EMULATION_CONFIG: JSON.stringify(opts.emulation ?? {}),
        MT5_EMULATION_CONTROL_PORT: '0',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const exit = new Promise<number | null>((resolve) =>
      proc.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : null))),
    );
    const ready = new Promise<{ port: number; controlPort: number }>((resolve, reject) => {
      let agentPort: number | null = null;
      let controlPort: number | null = null;
      const timer = setTimeout(
        () => reject(new Error(`Python agent did not start: ${JSON.stringify(lines)}`)),
        opts.startTimeoutMs ?? 15_000,
      );
      readline.createInterface({ input: proc.stderr! }).on('line', (text) => {
        let entry: Record<string, unknown>;
        try {
          entry = JSON.parse(text) as Record<string, unknown>;
        } catch {
          entry = { event: 'text', text };
        }
        lines.push(entry);
        if (entry.event === 'listening') agentPort = Number(entry.port);
        if (entry.event === 'emulation_control') controlPort = Number(entry.port);
        if (agentPort !== null && controlPort !== null) {
          clearTimeout(timer);
          resolve({ port: agentPort, controlPort });
        }
      });
      void exit.then((code) => {
        clearTimeout(timer);
        reject(
          new Error(`Python agent exited (${code}) before listening: ${JSON.stringify(lines)}`),
        );
      });
    });
    const bound = await ready;
    const started = { proc, exit, ...bound };
    await waitHealthy(url(host, bound.port, opts.tls), opts.token, opts.tls?.ca);
    return started;
  };

  const current = () => {
    if (!running) throw new Error('the Python agent is not running');
    return running;
  };
  const control = async (operation: string, args: Record<string, unknown> = {}) => {
    const res = await fetch(`http://127.0.0.1:${current().controlPort}/${operation}`, {
      method: operation === 'state' ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json' },
      body: operation === 'state' ? undefined : JSON.stringify(args),
    });
    const body = (await res.json()) as { result?: unknown; error?: string };
    if (!res.ok) throw new Error(`emulation ${operation}: ${body.error ?? res.status}`);
    return operation === 'state' ? body : body.result;
  };
  const emulation: EmulationControl = {
    state: async () => (await control('state')) as EmulationState,
    setConnected: async (value) => void (await control('set_connected', { value })),
    setTradeAllowed: async (value) => void (await control('set_trade_allowed', { value })),
    setAccountTradeAllowed: async (value) =>
      void (await control('set_account_trade_allowed', { value })),
    setMarketClosed: async (value) => void (await control('set_market_closed', { value })),
    setPrice: async (symbol, last) => void (await control('set_price', { symbol, last })),
    setTradeMode: async (symbol, mode) => void (await control('set_trade_mode', { symbol, mode })),
    removeSymbol: async (symbol) => void (await control('remove_symbol', { symbol })),
    fill: async (ticket, volume, price) =>
      void (await control('fill', { ticket, volume: volume ?? null, price: price ?? null })),
    reject: async (ticket, comment = '') => void (await control('reject', { ticket, comment })),
    expire: async (ticket) => void (await control('expire', { ticket })),
    addFault: async (name) => void (await control('add_fault', { name })),
    refuseNext: async (retcode, comment = '', retcodeExternal = 0) =>
      void (await control('refuse_next', { retcode, comment, retcode_external: retcodeExternal })),
    kill: async () => void (await control('kill')),
    setCanStart: async (value) => void (await control('set_can_start', { value })),
    hang: async () => void (await control('hang')),
    release: async () => void (await control('release')),
    configure: async (options) => void (await control('configure', { ...options })),
  };

  const kill = async (signal: NodeJS.Signals) => {
    if (!running) return;
    const { proc, exit } = running;
    running = null;
    if (proc.exitCode === null && proc.signalCode === null) proc.kill(signal);
    const timer = setTimeout(() => proc.kill('SIGKILL'), 5_000);
    await exit;
    clearTimeout(timer);
  };

  try {
    running = await launch(opts.port ?? 0);
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
  const port = running.port;
  return {
    url: url(host, port, opts.tls),
    host,
    port,
    token: opts.token,
    emulation,
    logs: () => lines,
    exited: () => current().exit,
    crash: () => kill('SIGKILL'),
    restart: async () => {
      await kill('SIGKILL');
      running = await launch(port);
    },
    stop: async () => {
      await kill('SIGTERM');
      await rm(dir, { recursive: true, force: true });
    },
  };
}

const url = (host: string, port: number, tls?: unknown) =>
  `${tls ? 'https' : 'http'}://${host.includes(':') ? `[${host}]` : host}:${port}`;

/** GET /health's status; node:https rather than fetch, which cannot be given a CA to trust. */
function healthStatus(base: string, token: string, ca?: Buffer): Promise<number> {
  return new Promise((resolve, reject) => {
    const get = base.startsWith('https:') ? https.get : http.get;
    get(`${base}/health`, { headers: { authorization: `Bearer ${token}` }, ca }, (res) => {
      res.resume().on('end', () => resolve(res.statusCode ?? 0));
    }).on('error', reject);
  });
}

async function waitHealthy(base: string, token: string, ca?: Buffer): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const status = await healthStatus(base, token, ca);
    if (status >= 200 && status < 300) return;
    if (Date.now() > deadline) throw new Error(`Python agent at ${base} never became healthy`);
    await new Promise((r) => setTimeout(r, 20));
  }
}
