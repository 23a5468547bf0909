import { readFileSync } from 'node:fs';
import { X509Certificate } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';
import { PAPEIS, type Papel } from '../contract';
import { alertasConfig, alertasEnv, checkAlertasEnv } from './config-alertas';
import { referenciasConfig, referenciasEnv } from './config-rentabilidade';
import { parseNetworks } from './lib/mt5-agent/access';
import type { AgentCallObserver } from './lib/mt5-agent/client';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
/** A whole number of at least `min`; unset or empty is the default (an empty BACKUP_HOURS must not read as 0). */
const wholeNumber = (fallback: number, min: number, message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(min, message).default(fallback),
  );
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

export const DEMO_AGENT_TOKEN = 'carteira-rv-dev-agent-token';
const DEMO_AGENT_NETWORKS = '127.0.0.0/8';

/**
 * CUSTOS_B3_PERCENTUAL: the B3 fees (emolumentos and liquidação) an MT5 order's operation records on top of what the
 * terminal reports, in percent of the traded value (issue 29). Kept as text: money is computed in decimal.
 */
const CUSTOS_B3_PADRAO = '0.03';
const CUSTOS_B3_INVALIDO =
  'deve ser um percentual de 0 a 1 com ponto decimal, ex.: 0.03 (0,03 % do valor negociado, o padrão)';
const custosB3Percentual = z.preprocess(
  (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
  z
    .string()
    .trim()
    .refine((v) => /^\d+(\.\d+)?$/.test(v) && Number(v) <= 1, CUSTOS_B3_INVALIDO)
    .default(CUSTOS_B3_PADRAO),
);

/** EXIGIR_2FA: roles separated by commas (spaces and case aside), each one of PAPEIS. */
const exigir2fa = z
  .string()
  .default('')
  .transform((v, ctx) => {
    const names = v
      .split(',')
      .map((p) => p.trim().toLowerCase())
      .filter(Boolean);
    const unknown = names.filter((p) => !(PAPEIS as readonly string[]).includes(p));
    if (unknown.length) {
      ctx.addIssue({
        code: 'custom',
        message: `unknown role(s) ${unknown.join(', ')}: use ${PAPEIS.join(', ')}, separated by commas`,
      });
      return z.NEVER;
    }
    return [...new Set(names)] as Papel[];
  });

/** MT5_TOKEN_KEY's 32 bytes, from base64 or hex; null when it is neither. */
export function tokenKey(text: string): Buffer | null {
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, 'hex')
    : Buffer.from(text, 'base64');
  return key.length === 32 ? key : null;
}

/**
 * TRUST_PROXY as Fastify takes it: false (0), a number of proxy hops, or the proxies' addresses (a CIDR list,
 * checked as MT5_AGENT_NETWORKS is); null when it is none of these.
 */
function trustProxy(text: string): false | number | string | null {
  if (/^\d+$/.test(text)) return Number(text) === 0 ? false : Number(text);
  try {
    parseNetworks(text);
    return text;
  } catch {
    return null;
  }
}

/** MT5_AGENT_CA_FILE's contents: a PEM file holding at least one certificate (the first one is checked). */
function readCaFile(file: string | undefined, ctx: z.RefinementCtx): Buffer | undefined {
  if (file === undefined) return undefined;
  let pem: Buffer;
  try {
    pem = readFileSync(path.resolve(file));
  } catch (err) {
    ctx.addIssue({ code: 'custom', message: `cannot read the file (${(err as Error).message})` });
    return z.NEVER;
  }
  try {
    new X509Certificate(pem);
  } catch {
    ctx.addIssue({ code: 'custom', message: 'must be a PEM file with the certificate of a CA' });
    return z.NEVER;
  }
  return pem;
}

const EnvSchema = z
  .object({
    PORT: port(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
        .optional(),
    ),
    DATA_DIR: z.string().min(1).default('./data'),
    // The embedded database's scheduled backup (decision 0011): every BACKUP_HOURS (0: none), the newest
    // BACKUP_KEEP kept in BACKUP_DIR (DATA_DIR/backups unless set; better on another disk).
    BACKUP_DIR: optionalText,
    BACKUP_HOURS: wholeNumber(
      24,
      0,
      'must be a whole number of hours (0 turns the scheduled backup off)',
    ),
    BACKUP_KEEP: wholeNumber(7, 1, 'must be a whole number of backups to keep, 1 or more'),
    SPA_DIR: z.string().min(1).default('./dist'),
    JWT_SECRET: optionalText.pipe(
      z.string().min(32, 'must be at least 32 characters long').optional(),
    ),
    JWT_EXPIRES_HOURS: positiveInt(8),
    QUOTES_PROVIDER: z.enum(['history', 'simulated', 'yahoo']).default('history'),
    // Tests point the yahoo provider at a local fake server; production leaves it unset.
    YAHOO_BASE_URL: optionalText.pipe(z.url().optional()),
    MT5_AGENT_PORT: port(8765),
    // Outside demo mode both are required (checked below): a token a VM could guess, or an address anyone can
    // type, would hand the agents' token to whoever listens there.
    MT5_AGENT_TOKEN: optionalText,
    MT5_AGENT_NETWORKS: optionalText,
    // 32 bytes (base64 or 64 hex digits) sealing the per-client agent tokens; generated in DATA_DIR when unset.
    MT5_TOKEN_KEY: optionalText.pipe(
      z
        .string()
        .refine(
          (v) => tokenKey(v) !== null,
          'must be 32 bytes, as base64 (44 characters) or hex (64 characters)',
        )
        .optional(),
    ),
    // HTTPS to the agents, started with --tls-cert/--tls-key; their certificates are checked against the CA in
    // MT5_AGENT_CA_FILE, or the system's CAs without it.
    MT5_AGENT_TLS: z.enum(['0', '1']).default('0'),
    MT5_AGENT_CA_FILE: optionalText.transform(readCaFile),
    MT5_TIMEOUT_MS: positiveInt(3000),
    MT5_RECONCILE_SECONDS: z.coerce.number().int().min(0).default(15),
    // Enough that a usual fleet is checked in one round, each VM with the whole timeout.
    MT5_STATUS_CONCURRENCY: positiveInt(256),
    // How old a client's MT5 status may get before the server asks its VM again (in the background).
    MT5_STATUS_SECONDS: positiveInt(60),
    CUSTOS_B3_PERCENTUAL: custosB3Percentual,
    RECOMENDACAO_PROB_MIN: z.coerce.number().min(0).max(100).default(50),
    RECOMENDACAO_ESTIMADO_MIN: z.coerce.number().default(0),
    DEMO: z.enum(['0', '1']).default('1'),
    // Login throttling (decision 0004): free failures per account (and per account from one address) and per
    // address, then a wait of LOGIN_LOCK_SECONDS doubling with each failure, at most LOGIN_WINDOW_SECONDS.
    LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(5),
    LOGIN_MAX_FAILURES_PER_IP: positiveInt(30),
    LOGIN_WINDOW_SECONDS: positiveInt(900),
    LOGIN_LOCK_SECONDS: positiveInt(60),
    // The roles that must have a second factor (issue 32), e.g. operador,admin: until enrolled they reach only
    // their account and the enrolment. Empty (the default): nobody must.
    EXIGIR_2FA: exigir2fa,
    BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
    // Alerts (issue 31): ALERTAS_SEGUNDOS, ALERTA_*, SMTP_URL, SMTP_FROM (server/config-alertas.ts).
    ...alertasEnv,
    // The benchmarks of the returns (issue 30): BCB_BASE_URL, IBOV_TICKER (server/config-rentabilidade.ts).
    ...referenciasEnv,
    // Who may read GET /metrics: these networks, or whoever sends METRICS_TOKEN as a bearer token.
    METRICS_NETWORKS: z.string().default('127.0.0.0/8,::1/128'),
    METRICS_TOKEN: optionalText.pipe(
      z.string().min(32, 'must be at least 32 characters long').optional(),
    ),
    // Behind a reverse proxy: whose X-Forwarded-For to believe (docs/deploying.md). Off by default: a client could
    // otherwise write its own address and dodge the login throttle.
    TRUST_PROXY: optionalText,
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
  })
  .superRefine((env, ctx) => {
    const demo = env.DEMO === '1';
    if (!demo && (env.MT5_AGENT_TOKEN?.length ?? 0) < 32) {
      ctx.addIssue({
        code: 'custom',
        path: ['MT5_AGENT_TOKEN'],
        message: 'outside demo mode (DEMO=0) a token of at least 32 characters is required',
      });
    }
    if (!demo && !env.MT5_AGENT_NETWORKS) {
      ctx.addIssue({
        code: 'custom',
        path: ['MT5_AGENT_NETWORKS'],
        message:
          "outside demo mode (DEMO=0) list the VMs' networks, e.g. 10.20.0.0/16 (the server calls agents there only)",
      });
    }
    if (env.MT5_AGENT_NETWORKS) {
      try {
        parseNetworks(env.MT5_AGENT_NETWORKS);
      } catch (err) {
        ctx.addIssue({
          code: 'custom',
          path: ['MT5_AGENT_NETWORKS'],
          message: (err as Error).message,
        });
      }
    }
    if (env.MT5_AGENT_CA_FILE && env.MT5_AGENT_TLS !== '1') {
      // A CA to trust says HTTPS was meant: calling the agents over plain HTTP anyway would send the token in clear.
      ctx.addIssue({
        code: 'custom',
        path: ['MT5_AGENT_CA_FILE'],
        message: 'is used only with MT5_AGENT_TLS=1 (the agents are called over plain HTTP)',
      });
    }
    for (const [name, text] of [['METRICS_NETWORKS', env.METRICS_NETWORKS]] as const) {
      try {
        parseNetworks(text);
      } catch (err) {
        ctx.addIssue({ code: 'custom', path: [name], message: (err as Error).message });
      }
    }
    if (env.TRUST_PROXY !== undefined && trustProxy(env.TRUST_PROXY) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['TRUST_PROXY'],
        message:
          'must be 0, the number of proxies in front of the server, or their addresses (CIDR list, e.g. 10.0.0.5/32)',
      });
    }
    checkAlertasEnv(env, ctx);
    if (env.LOGIN_LOCK_SECONDS > env.LOGIN_WINDOW_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        path: ['LOGIN_LOCK_SECONDS'],
        message: `the first wait must not exceed LOGIN_WINDOW_SECONDS (${env.LOGIN_WINDOW_SECONDS}), the longest`,
      });
    }
  });

export type Config = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof EnvSchema>) {
  return {
    port: env.PORT,
    host: env.HOST,
    databaseUrl: env.DATABASE_URL,
    dataDir: path.resolve(env.DATA_DIR),
    backup: {
      dir: path.resolve(env.BACKUP_DIR ?? path.join(env.DATA_DIR, 'backups')),
      hours: env.BACKUP_HOURS,
      keep: env.BACKUP_KEEP,
    },
    spaDir: path.resolve(env.SPA_DIR),
    jwtSecret: env.JWT_SECRET,
    jwtExpiresHours: env.JWT_EXPIRES_HOURS,
    quotesProvider: env.QUOTES_PROVIDER,
    yahooBaseUrl: env.YAHOO_BASE_URL,
    mt5: {
      agentPort: env.MT5_AGENT_PORT,
      // The demo's simulators run on loopback addresses with a development token.
      agentToken: env.MT5_AGENT_TOKEN ?? DEMO_AGENT_TOKEN,
      networks: parseNetworks(env.MT5_AGENT_NETWORKS ?? DEMO_AGENT_NETWORKS),
      networksText: env.MT5_AGENT_NETWORKS ?? DEMO_AGENT_NETWORKS,
      /** Null until main resolves it (MT5_TOKEN_KEY, or the key kept in DATA_DIR). */
      tokenKey: env.MT5_TOKEN_KEY ? tokenKey(env.MT5_TOKEN_KEY) : null,
      /** Null speaks plain HTTP to the agents. */
      tls: env.MT5_AGENT_TLS === '1' ? { ca: env.MT5_AGENT_CA_FILE } : null,
      timeoutMs: env.MT5_TIMEOUT_MS,
      reconcileSeconds: env.MT5_RECONCILE_SECONDS,
      statusConcurrency: env.MT5_STATUS_CONCURRENCY,
      statusSeconds: env.MT5_STATUS_SECONDS,
      /** Set by the app: every agent call counted in the metrics. */
      observe: undefined as AgentCallObserver | undefined,
    },
    /** The B3 fees in percent of the traded value (CUSTOS_B3_PERCENTUAL), as decimal text, e.g. '0.03'. */
    custosB3Percentual: env.CUSTOS_B3_PERCENTUAL,
    recomendacao: {
      probabilidadeMin: env.RECOMENDACAO_PROB_MIN,
      estimadoMin: env.RECOMENDACAO_ESTIMADO_MIN,
    },
    demo: env.DEMO === '1',
    login: {
      maxFailuresPerAccount: env.LOGIN_MAX_FAILURES_PER_ACCOUNT,
      maxFailuresPerIp: env.LOGIN_MAX_FAILURES_PER_IP,
      windowSeconds: env.LOGIN_WINDOW_SECONDS,
      lockSeconds: env.LOGIN_LOCK_SECONDS,
    },
    /** The roles EXIGIR_2FA names. */
    exigir2fa: env.EXIGIR_2FA,
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    alertas: alertasConfig(env),
    referencias: referenciasConfig(env),
    logLevel: env.LOG_LEVEL,
    metrics: { networks: parseNetworks(env.METRICS_NETWORKS), token: env.METRICS_TOKEN ?? null },
    trustProxy: env.TRUST_PROXY === undefined ? false : trustProxy(env.TRUST_PROXY)!,
  };
}

export class ConfigError extends Error {}

/** Reads the configuration from the environment; a bad value names the variable and what it must be. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) =>
        `  ${issue.path.join('.')}: ${issue.message} (got ${JSON.stringify(env[String(issue.path[0])])})`,
    );
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return toConfig(parsed.data);
}
