import path from 'node:path';
import { z } from 'zod';

const port = (fallback: number) => z.coerce.number().int().min(0).max(65535).default(fallback);
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

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
    SPA_DIR: z.string().min(1).default('./dist'),
    JWT_SECRET: optionalText.pipe(
      z.string().min(32, 'must be at least 32 characters long').optional(),
    ),
    JWT_EXPIRES_HOURS: positiveInt(8),
    QUOTES_PROVIDER: z.enum(['history', 'simulated', 'yahoo']).default('history'),
    // Tests point the yahoo provider at a local fake server; production leaves it unset.
    YAHOO_BASE_URL: optionalText.pipe(z.url().optional()),
    MT5_AGENT_PORT: port(8765),
    MT5_AGENT_TOKEN: z.string().min(1).default('carteira-rv-dev-agent-token'),
    MT5_TIMEOUT_MS: positiveInt(3000),
    MT5_RECONCILE_SECONDS: z.coerce.number().int().min(0).default(15),
    // Enough that a usual fleet is checked in one round, each VM with the whole timeout.
    MT5_STATUS_CONCURRENCY: positiveInt(256),
    RECOMENDACAO_PROB_MIN: z.coerce.number().min(0).max(100).default(50),
    RECOMENDACAO_ESTIMADO_MIN: z.coerce.number().default(0),
    DEMO: z.enum(['0', '1']).default('1'),
    // Login throttling (decision 0004): free failures per account (and per account from one address) and per
    // address, then a wait of LOGIN_LOCK_SECONDS doubling with each failure, at most LOGIN_WINDOW_SECONDS.
    LOGIN_MAX_FAILURES_PER_ACCOUNT: positiveInt(5),
    LOGIN_MAX_FAILURES_PER_IP: positiveInt(30),
    LOGIN_WINDOW_SECONDS: positiveInt(900),
    LOGIN_LOCK_SECONDS: positiveInt(60),
    BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
    LOG_LEVEL: z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
      .default('info'),
  })
  .superRefine((env, ctx) => {
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
    spaDir: path.resolve(env.SPA_DIR),
    jwtSecret: env.JWT_SECRET,
    jwtExpiresHours: env.JWT_EXPIRES_HOURS,
    quotesProvider: env.QUOTES_PROVIDER,
    yahooBaseUrl: env.YAHOO_BASE_URL,
    mt5: {
      agentPort: env.MT5_AGENT_PORT,
      agentToken: env.MT5_AGENT_TOKEN,
      timeoutMs: env.MT5_TIMEOUT_MS,
      reconcileSeconds: env.MT5_RECONCILE_SECONDS,
      statusConcurrency: env.MT5_STATUS_CONCURRENCY,
    },
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
    bodyLimitBytes: env.BODY_LIMIT_BYTES,
    logLevel: env.LOG_LEVEL,
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
