import {
  CLASSE_ATIVO_NOME,
  DATA_INVALIDA,
  INTERVALO_INVERTIDO,
  type Alocacao,
  type Fontes,
  type MesRentabilidade,
  type SessaoRentabilidade,
} from '../../../contract';
import { isoFromBr } from '../../../shared/dates';
import { DASH, formatDate, formatNumber } from '../../../shared/format';
import { buildGrade } from '../../../shared/rentabilidade/grade';
import type { PeriodoConsulta } from '../../api/rentabilidade';

/**
 * The RENTABILIDADE tabs' rules, apart from React (tests/src/widgets/rentabilidade/rentabilidade-state.test.ts):
 * which dates each period asks for, how a fraction is written, the rows of the monthly grid, the chart's lines,
 * the names of sectors and classes, where the benchmarks came from and which months have a report. The figures
 * are the server's; nothing here measures a return.
 */

// ---- Periods ----------------------------------------------------------------------------------------------------

export type Periodo = 'mes' | 'ano' | '12m' | 'inicio' | 'personalizado';

export const PERIODOS: ReadonlyArray<{ valor: Periodo; rotulo: string }> = [
  { valor: 'mes', rotulo: 'Mês' },
  { valor: 'ano', rotulo: 'Ano' },
  { valor: '12m', rotulo: '12M' },
  { valor: 'inicio', rotulo: 'Desde o início' },
  { valor: 'personalizado', rotulo: 'Personalizado' },
];

export const PERIODO_INICIAL: Periodo = '12m';

/** The period chosen, with the custom dates as typed (dd/mm/aaaa). */
export interface Escolha {
  periodo: Periodo;
  de: string;
  ate: string;
}

export type ConsultaDaEscolha =
  | { consulta: PeriodoConsulta; erros?: undefined }
  | { consulta?: undefined; erros: { de?: string; ate?: string } };

const DIA = 86_400_000;
const somarDias = (iso: string, dias: number) =>
  new Date(Date.parse(`${iso}T12:00:00Z`) + dias * DIA).toISOString().slice(0, 10);

/** The same day a year before (29/02 → 28/02). */
function umAnoAntes(iso: string): string {
  const mesDia = iso.slice(5) === '02-29' ? '02-28' : iso.slice(5);
  return `${Number(iso.slice(0, 4)) - 1}-${mesDia}`;
}

/**
 * What each period asks the server for, up to `hoje`: Mês from the 1st, Ano from 1 January, 12M from the day
 * after the same day a year before (so that the base is that day's close), Desde o início from the first
 * operation (no `de`), Personalizado the dates typed, checked as the server would.
 */
export function consultaDaEscolha(escolha: Escolha, hoje: string): ConsultaDaEscolha {
  switch (escolha.periodo) {
    case 'mes':
      return { consulta: { de: `${hoje.slice(0, 7)}-01`, ate: hoje } };
    case 'ano':
      return { consulta: { de: `${hoje.slice(0, 4)}-01-01`, ate: hoje } };
    case '12m':
      return { consulta: { de: somarDias(umAnoAntes(hoje), 1), ate: hoje } };
    case 'inicio':
      return { consulta: {} };
    case 'personalizado': {
      const de = isoFromBr(escolha.de);
      const ate = isoFromBr(escolha.ate);
      const erros: { de?: string; ate?: string } = {};
      if (!de) erros.de = DATA_INVALIDA;
      if (!ate) erros.ate = DATA_INVALIDA;
      if (de && ate && ate < de) erros.ate = INTERVALO_INVERTIDO;
      return de && ate && !erros.ate ? { consulta: { de, ate } } : { erros };
    }
  }
}

/** The period measured, in words: '01/03/2026 a 15/03/2026'. */
export const periodoMedido = (r: { de: string; ate: string }) =>
  `${formatDate(r.de)} a ${formatDate(r.ate)}`;

// ---- Numbers ----------------------------------------------------------------------------------------------------

const NBSP = '\u00a0';

/** A fraction as a pt-BR percentage: 0.0123 → '1,23 %' (a no-break space before the sign); a dash when unknown. */
export function percentual(fracao: number | null | undefined, casas = 2): string {
  if (fracao === null || fracao === undefined || !Number.isFinite(fracao)) return DASH;
  return `${formatNumber(fracao * 100, casas)}${NBSP}%`;
}

/** A stock's part of the return in percentage points: 0.0123 → '1,23 p.p.'. */
export function pontos(fracao: number | null | undefined): string {
  if (fracao === null || fracao === undefined || !Number.isFinite(fracao)) return DASH;
  return `${formatNumber(fracao * 100)}${NBSP}p.p.`;
}

/** Green for a gain, red for a loss, the text's colour for nothing. */
export const corDoRetorno = (fracao: number | null | undefined) =>
  fracao === null || fracao === undefined || fracao === 0
    ? undefined
    : fracao > 0
      ? 'green.700'
      : 'red.600';

// ---- The monthly grid -------------------------------------------------------------------------------------------

export const MESES_CURTOS = [
  'Jan',
  'Fev',
  'Mar',
  'Abr',
  'Mai',
  'Jun',
  'Jul',
  'Ago',
  'Set',
  'Out',
  'Nov',
  'Dez',
] as const;

export const SERIES_DA_GRADE = ['Carteira', 'CDI', '% do CDI', 'Ibovespa'] as const;
export type SerieDaGrade = (typeof SERIES_DA_GRADE)[number];

/** One line of the grid: a year's portfolio, CDI, % do CDI or Ibovespa, month by month. */
export interface LinhaDaGrade {
  id: string;
  ano: number;
  serie: SerieDaGrade;
  /** Jan (0) to Dez (11); null: the month is outside the period. */
  meses: Array<number | null>;
  noAno: number | null;
  acumulado: number | null;
}

const CHAVES: Record<SerieDaGrade, 'carteira' | 'cdi' | 'percentual_cdi' | 'ibov'> = {
  Carteira: 'carteira',
  CDI: 'cdi',
  '% do CDI': 'percentual_cdi',
  Ibovespa: 'ibov',
};

/** The classic grid, newest year first, four lines a year (shared/rentabilidade's buildGrade chains them). */
export function linhasDaGrade(meses: readonly MesRentabilidade[]): LinhaDaGrade[] {
  return buildGrade(meses)
    .reverse()
    .flatMap((g) =>
      SERIES_DA_GRADE.map((serie) => {
        const linha = g[CHAVES[serie]];
        return {
          id: `${g.ano}-${CHAVES[serie]}`,
          ano: g.ano,
          serie,
          meses: linha.meses,
          noAno: linha.ano,
          acumulado: linha.acumulado,
        };
      }),
    );
}

// ---- The chart --------------------------------------------------------------------------------------------------

export interface Ponto {
  data: string;
  /** In percent (1.23 is 1,23 %): the chart's axis. */
  valor: number;
}

export interface LinhasDoGrafico {
  carteira: Ponto[];
  cdi: Ponto[];
  ibov: Ponto[];
}

/**
 * The three accumulated returns, in percent, from 0 at the close before the period (`anterior`) to its last
 * session; a benchmark's unknown sessions are left out, and one unknown throughout has no line.
 */
export function linhasDoGrafico(
  anterior: string,
  serie: readonly SessaoRentabilidade[],
): LinhasDoGrafico {
  const linha = (valor: (s: SessaoRentabilidade) => number | null) => {
    const pontos = serie.flatMap((s) => {
      const v = valor(s);
      return v === null ? [] : [{ data: s.data, valor: v * 100 }];
    });
    // A benchmark never known in the period has no line at all (not a lone 0 at its start).
    return pontos.length === 0 ? [] : [{ data: anterior, valor: 0 }, ...pontos];
  };
  return {
    carteira: linha((s) => s.acumulado),
    cdi: linha((s) => s.cdi_acumulado),
    ibov: linha((s) => s.ibov_acumulado),
  };
}

// ---- Names ------------------------------------------------------------------------------------------------------

export const nomeDoSetor = (setor: string | null) => setor ?? 'Sem setor';
export const nomeDaClasse = (classe: Alocacao['classes'][number]['classe']) =>
  classe ? CLASSE_ATIVO_NOME[classe] : 'Sem classe';

/** Where the benchmarks came from, as the screen says it under the chart. */
export function textoDasFontes(fontes: Fontes): string[] {
  const cdi = {
    bcb: 'CDI: Banco Central do Brasil (série 12 do SGS).',
    selic: 'CDI estimado pela meta Selic.',
    misto: 'CDI: Banco Central do Brasil e, nos dias sem a taxa, estimado pela meta Selic.',
  } as const;
  const ibov =
    fontes.ibov === null
      ? 'Ibovespa indisponível no período.'
      : fontes.ibov === '^BVSP'
        ? 'Ibovespa: Yahoo Finance (^BVSP).'
        : `Ibovespa: ${fontes.ibov}, o substituto escolhido pelo administrador.`;
  return [fontes.cdi ? cdi[fontes.cdi] : 'CDI indisponível no período.', ibov];
}

// ---- The monthly report -----------------------------------------------------------------------------------------

/** '2026-03' → '03/2026'. */
export const mesCurto = (mes: string) => `${mes.slice(5, 7)}/${mes.slice(0, 4)}`;

/**
 * The months a report can be asked for, newest first: each month with a session in the client's history, and
 * the current one (its report goes up to today).
 */
export function mesesDoRelatorio(meses: readonly MesRentabilidade[], hoje: string): string[] {
  const todos = new Set([...meses.map((m) => m.mes), hoje.slice(0, 7)]);
  return [...todos].sort().reverse();
}

/** The month offered first: the last one closed (the one a client is sent), else the newest. */
export function mesSugerido(opcoes: readonly string[], hoje: string): string | undefined {
  const atual = hoje.slice(0, 7);
  return opcoes.find((m) => m < atual) ?? opcoes[0];
}

/** 'relatorio-ana-souza-2026-03.pdf'. */
export const arquivoDoRelatorio = (slugDoCliente: string, mes: string) =>
  `${['relatorio', slugDoCliente, mes].filter(Boolean).join('-')}.pdf`;
