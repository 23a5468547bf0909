import { z } from 'zod';

/**
 * The alerts' configuration (issue 31), read with the rest of the environment by server/config.ts. Times are in
 * seconds so that a test can make them short.
 */

const optionalText = z
  .string()
  .optional()
  .transform((v) => (v === undefined || v.trim() === '' ? undefined : v));

/** A whole number of at least `min`; unset or empty is the default. */
const seconds = (fallback: number, min: number) => {
  const message =
    min === 0
      ? 'must be a whole number of seconds'
      : `must be a whole number of seconds, ${min} or more`;
  return z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number({ error: message }).int(message).min(min, message).default(fallback),
  );
};

const PERCENTUAL = 'must be a percentage from 0 to 50 (0.5 is half a percent)';

export const alertasEnv = {
  /** How often the scheduled checks run; 0: only when data changes (after a quote refresh, a status…). */
  ALERTAS_SEGUNDOS: seconds(30, 0),
  /** A terminal offline (offline, timeout, error) this long, continuously, fires. */
  ALERTA_OFFLINE_SEGUNDOS: seconds(300, 0),
  /** …and is said again this often during B3's session while it lasts. */
  ALERTA_OFFLINE_REPETIR_SEGUNDOS: seconds(14_400, 1),
  /** An order leg in doubt (unknown) this long fires (critical)… */
  ALERTA_DUVIDA_SEGUNDOS: seconds(60, 0),
  /** …and is said again this often until it leaves unknown. */
  ALERTA_DUVIDA_REPETIR_SEGUNDOS: seconds(900, 1),
  /** A target (stop) fired is armed again once the quote is this percentage below (above) it. */
  ALERTA_REARME_PERCENTUAL: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce.number({ error: PERCENTUAL }).min(0, PERCENTUAL).max(50, PERCENTUAL).default(0.5),
  ),
  /** An ex-date is told this many business days before it (and on the day). */
  ALERTA_DATA_EX_DIAS: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    z.coerce
      .number({ error: 'must be a whole number of business days' })
      .int('must be a whole number of business days')
      .min(1, 'must be a whole number of business days, 1 or more')
      .max(30, 'must be at most 30 business days')
      .default(2),
  ),
  /** Without it e-mail is off (the alerts stay in the app); with it, SMTP_FROM is required. */
  SMTP_URL: optionalText.pipe(
    z
      .string()
      .regex(/^smtps?:\/\/\S+$/, 'must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)')
      .optional(),
  ),
  SMTP_FROM: optionalText,
};

type AlertasEnv = z.infer<z.ZodObject<typeof alertasEnv>>;

/** What the shape alone cannot say: a sender is needed to send. */
export function checkAlertasEnv(env: AlertasEnv, ctx: z.RefinementCtx): void {
  if (env.SMTP_URL && !env.SMTP_FROM) {
    ctx.addIssue({
      code: 'custom',
      path: ['SMTP_FROM'],
      message:
        'with SMTP_URL the sender of the alert e-mails is required (Carteira RV <alertas@example.com>)',
    });
  }
}

export function alertasConfig(env: AlertasEnv) {
  return {
    segundos: env.ALERTAS_SEGUNDOS,
    offlineSegundos: env.ALERTA_OFFLINE_SEGUNDOS,
    offlineRepetirSegundos: env.ALERTA_OFFLINE_REPETIR_SEGUNDOS,
    duvidaSegundos: env.ALERTA_DUVIDA_SEGUNDOS,
    duvidaRepetirSegundos: env.ALERTA_DUVIDA_REPETIR_SEGUNDOS,
    rearmePercentual: env.ALERTA_REARME_PERCENTUAL,
    dataExDias: env.ALERTA_DATA_EX_DIAS,
    /** Null: e-mail is off. */
    smtp: env.SMTP_URL ? { url: env.SMTP_URL, from: env.SMTP_FROM! } : null,
  };
}

export type AlertasConfig = ReturnType<typeof alertasConfig>;
