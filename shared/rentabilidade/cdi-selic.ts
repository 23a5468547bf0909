import { Decimal as BaseDecimal } from '../decimal';
import type { TaxaCdi } from './referencias';

/**
 * An honest offline CDI for the demo database: "CDI estimado a partir das metas da Selic".
 *
 * The Selic target is what the Banco Central's monetary policy committee (COPOM) decides at each meeting, in % a
 * year; a decision takes effect the day after the meeting. Since the 2010s the interbank deposit rate (CDI, B3)
 * has run about 0.10 percentage point below the target (target 10.50 % → CDI 10.40 %; 15.00 % → 14.90 %), and the
 * daily rate the Banco Central publishes as SGS series 12 is the annual rate over 252 business days:
 *
 *     CDI a day (%) ≈ ((1 + (Selic target − 0.10) / 100)^(1/252) − 1) × 100, to 6 places as SGS 12 gives it.
 *
 * For target 15.00 this gives 0.055131 % a day, the value SGS 12 published while the target was 15.00. The real
 * CDI wanders a few hundredths of a point around target − 0.10 (month ends, year ends): this is an estimate, and the
 * screens say so. Sources: Banco Central do Brasil, "Histórico das taxas de juros" (COPOM meetings and targets,
 * https://www.bcb.gov.br/controleinflacao/historicotaxasjuros); SGS series 432 (Selic target) and 12 (CDI a day).
 */

const Decimal = BaseDecimal.clone({ precision: 40 });

export interface MetaSelic {
  /** First day the target is in force (the day after the COPOM meeting). */
  desde: string;
  /** % a year. */
  meta: string;
}

/**
 * The COPOM targets from December 2021 to the last meeting known here. Meetings that kept the target are not rows:
 * 2022-09-21, 2022-10-26, 2022-12-07, 2023-02-01, 2023-03-22, 2023-05-03, 2023-06-21, 2024-06-19, 2024-07-31,
 * 2025-07-30, 2025-09-17, 2025-11-05 and 2025-12-10.
 */
export const METAS_SELIC: readonly MetaSelic[] = [
  { desde: '2021-12-09', meta: '9.25' },
  { desde: '2022-02-03', meta: '10.75' },
  { desde: '2022-03-17', meta: '11.75' },
  { desde: '2022-05-05', meta: '12.75' },
  { desde: '2022-06-16', meta: '13.25' },
  { desde: '2022-08-04', meta: '13.75' },
  { desde: '2023-08-03', meta: '13.25' },
  { desde: '2023-09-21', meta: '12.75' },
  { desde: '2023-11-02', meta: '12.25' },
  { desde: '2023-12-14', meta: '11.75' },
  { desde: '2024-02-01', meta: '11.25' },
  { desde: '2024-03-21', meta: '10.75' },
  { desde: '2024-05-09', meta: '10.50' },
  { desde: '2024-09-19', meta: '10.75' },
  { desde: '2024-11-07', meta: '11.25' },
  { desde: '2024-12-12', meta: '12.25' },
  { desde: '2025-01-30', meta: '13.25' },
  { desde: '2025-03-20', meta: '14.25' },
  { desde: '2025-05-08', meta: '14.75' },
  { desde: '2025-06-19', meta: '15.00' },
];

/**
 * The last day this table knows: the day of the last COPOM meeting recorded (2025-12-10, target kept at 15.00 %).
 * Later days take the last target, and say so: the next meeting may have changed it.
 */
export const SELIC_CONHECIDA_ATE = '2025-12-10';

/** How far below the Selic target the CDI runs, in percentage points a year. */
export const DIFERENCA_CDI_SELIC = '0.10';

export interface MetaEmVigor {
  meta: string;
  desde: string;
  /** True after SELIC_CONHECIDA_ATE: the last known target, assumed to still hold. */
  alem_da_tabela: boolean;
}

/** The target in force on a day, or null before the table's first row. */
export function metaSelicEm(data: string): MetaEmVigor | null {
  let vigente: MetaSelic | null = null;
  for (const m of METAS_SELIC) {
    if (m.desde > data) break;
    vigente = m;
  }
  if (!vigente) return null;
  return { meta: vigente.meta, desde: vigente.desde, alem_da_tabela: data > SELIC_CONHECIDA_ATE };
}

/** The estimated CDI a day (%, 6 places, as SGS 12) for a Selic target (% a year). */
export function cdiDiarioDaMeta(meta: string): string {
  const anual = new Decimal(meta).minus(DIFERENCA_CDI_SELIC).dividedBy(100).plus(1);
  return anual
    .pow(new Decimal(1).dividedBy(252))
    .minus(1)
    .times(100)
    .toDecimalPlaces(6, Decimal.ROUND_HALF_UP)
    .toFixed(6);
}

export interface CdiEstimado {
  /** The estimated rate of each session the table covers (sessions before its first row are left out). */
  taxas: TaxaCdi[];
  /** The first session after SELIC_CONHECIDA_ATE, whose rates assume the last target still holds (null: none). */
  alem_da_tabela_desde: string | null;
  /** What the screens say, in Portuguese. */
  aviso: string;
}

/** The estimated CDI of each session, for the demo database and the screens that must say it is estimated. */
export function cdiEstimado(sessoes: readonly string[]): CdiEstimado {
  const porMeta = new Map<string, string>();
  const taxas: TaxaCdi[] = [];
  let alem: string | null = null;
  for (const s of sessoes) {
    const vigente = metaSelicEm(s);
    if (!vigente) continue;
    if (vigente.alem_da_tabela && alem === null) alem = s;
    let taxa = porMeta.get(vigente.meta);
    if (taxa === undefined) porMeta.set(vigente.meta, (taxa = cdiDiarioDaMeta(vigente.meta)));
    taxas.push({ data: s, taxa });
  }
  const ultima = METAS_SELIC[METAS_SELIC.length - 1]!;
  const aviso =
    'CDI estimado a partir das metas da Selic (meta − 0,10 p.p. ao ano, 252 dias úteis)' +
    (alem === null
      ? '.'
      : `; metas conhecidas até ${SELIC_CONHECIDA_ATE.split('-').reverse().join('/')}, depois disso supõe-se a última (${ultima.meta.replace('.', ',')} %).`);
  return { taxas, alem_da_tabela_desde: alem, aviso };
}
