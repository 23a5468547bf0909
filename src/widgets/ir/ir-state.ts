import {
  CLASSE_ATIVO_NOME,
  SITUACAO_IR_NOME,
  type DarfIr,
  type MesIr,
  type MesIrDetalhado,
  type SituacaoIr,
} from '../../../contract';
import {
  DASH,
  formatDate,
  formatDocumento,
  formatMoney,
  MESES,
  mesCurto,
  mesPorExtenso,
} from '../../../shared/format';

/**
 * The income-tax screens' rules, apart from React (tests/src/widgets/ir/ir-state.test.ts): how a month, a
 * situation and a DARF's fields are written, which years can be chosen, and the rows of a month's computation
 * and carries. The figures themselves are the server's (shared/ir); nothing here computes tax.
 */

const MES = /^(\d{4})-(0[1-9]|1[0-2])$/;
export const isMes = (text: unknown): text is string => typeof text === 'string' && MES.test(text);

export { mesCurto, mesPorExtenso };

/** '2026-03' → 'Mar/2026': the year's grid, narrow. */
export const mesAbreviado = (mes: string) =>
  `${MESES[Number(mes.slice(5, 7)) - 1]!.slice(0, 3)}/${mes.slice(0, 4)}`;

export const anoDoMes = (mes: string) => Number(mes.slice(0, 4));

/** The month before ('2026-01' → '2025-12'): the one whose DARF is due in the current month. */
export function mesAnterior(mes: string): string {
  const ano = anoDoMes(mes);
  const m = Number(mes.slice(5, 7));
  return m === 1 ? `${ano - 1}-12` : `${ano}-${String(m - 1).padStart(2, '0')}`;
}

/** How far back the year can be chosen: ten years, and the one asked for if it is older. */
export const ANOS_NA_ESCOLHA = 10;

/** The years offered, newest first: this year and the nine before, plus `ano` when outside them. */
export function anosParaEscolher(hoje: string, ano: number): number[] {
  const atual = Number(hoje.slice(0, 4));
  const anos = Array.from({ length: ANOS_NA_ESCOLHA }, (_, i) => atual - i);
  if (!anos.includes(ano)) anos.push(ano);
  return anos.sort((a, b) => b - a);
}

/** The tab's address: `?ano=` the year shown, `?mes=` the month opened (which sets the year). */
export interface IrSearch {
  ano?: number;
  mes?: string;
}

/** What of an address's search is the IR tab's: a year from 2000 to 2999, a month aaaa-mm; anything else dropped. */
export function irSearch(search: Record<string, unknown>): IrSearch {
  const out: IrSearch = {};
  const ano = Number(search.ano);
  if (Number.isInteger(ano) && ano >= 2000 && ano <= 2999) out.ano = ano;
  if (isMes(search.mes)) out.mes = search.mes;
  return out;
}

/** The year shown: the opened month's, else the address's, else this year. */
export const anoMostrado = (search: IrSearch, hoje: string) =>
  search.mes ? anoDoMes(search.mes) : (search.ano ?? Number(hoje.slice(0, 4)));

/** A situation's badge colour: what is to pay stands out, what is waiting is amber, nothing is grey. */
export const COR_SITUACAO: Record<SituacaoIr, string> = {
  a_pagar: 'red',
  abaixo_de_10: 'orange',
  sem_imposto: 'gray',
};

export const situacaoNome = (s: SituacaoIr) => SITUACAO_IR_NOME[s];

export const TIPO_LINHA_NOME = { comum: 'Comum', day_trade: 'Day trade' } as const;
export const classeNome = (c: keyof typeof CLASSE_ATIVO_NOME) => CLASSE_ATIVO_NOME[c];

/** What the month's DARF is, in one sentence (the detail's DARF card when there is none to fill in). */
export function situacaoDoDarf(m: Pick<MesIrDetalhado, 'situacao' | 'imposto_a_pagar' | 'mes'>) {
  if (m.situacao === 'a_pagar') return null;
  if (m.situacao === 'sem_imposto')
    return `Sem imposto a pagar em ${mesCurto(m.mes)}: não há DARF.`;
  return (
    `Imposto de ${formatMoney(m.imposto_a_pagar)} abaixo de R$ 10,00: não há DARF em ` +
    `${mesCurto(m.mes)}; o valor soma-se ao dos meses seguintes até chegar a R$ 10,00.`
  );
}

/** R$ as Sicalc's Valor field takes it: digits, a comma and the cents, no thousands separator (1234,56). */
export const valorSicalc = (valor: number) => valor.toFixed(2).replace('.', ',');

export interface CampoDarf {
  /** The field's name as Sicalc asks it. */
  campo: string;
  /** As the screen shows it. */
  mostrado: string;
  /** What the copy button puts on the clipboard: the plain value Sicalc accepts (null: nothing to copy). */
  copiado: string | null;
}

/**
 * The DARF's fields in the order Sicalc asks them (código da receita, período de apuração, vencimento, valor
 * principal), then the taxpayer it asks at the end (CPF, nome).
 */
export function camposDoDarf(darf: DarfIr): CampoDarf[] {
  const documento = darf.cliente.documento?.replace(/\D/g, '') || null;
  return [
    { campo: 'Código da receita', mostrado: darf.codigo_receita, copiado: darf.codigo_receita },
    {
      campo: 'Período de apuração',
      mostrado: formatDate(darf.periodo_apuracao),
      copiado: formatDate(darf.periodo_apuracao),
    },
    {
      campo: 'Vencimento',
      mostrado: formatDate(darf.vencimento),
      copiado: formatDate(darf.vencimento),
    },
    {
      campo: 'Valor principal',
      mostrado: formatMoney(darf.valor_principal),
      copiado: valorSicalc(darf.valor_principal),
    },
    {
      campo: 'CPF/CNPJ',
      mostrado: documento ? formatDocumento(documento) : DASH,
      copiado: documento,
    },
    { campo: 'Nome', mostrado: darf.cliente.nome ?? DASH, copiado: darf.cliente.nome },
  ];
}

/** 'paga 01/2026 e 02/2026': the months a DARF pays, when it pays more than its own. */
export function mesesPagos(meses: readonly string[]): string | null {
  if (meses.length < 2) return null;
  const nomes = meses.map(mesCurto);
  return `Paga ${nomes.slice(0, -1).join(', ')} e ${nomes.at(-1)}.`;
}

export type Bucket = keyof MesIrDetalhado['apuracao'];

export const BUCKET_NOME: Record<Bucket, string> = {
  comum: 'Comum (ações, units, ETFs, BDRs)',
  day_trade: 'Day trade',
  fii: 'FII',
};

/** The month's computation, one row per bucket with what it had. */
export const apuracaoLinhas = (m: MesIrDetalhado) =>
  (Object.keys(BUCKET_NOME) as Bucket[]).map((bucket) => ({
    bucket,
    nome: BUCKET_NOME[bucket],
    ...m.apuracao[bucket],
  }));

/** The carries before and after the month, each one a row. */
export function saldosLinhas(m: MesIrDetalhado) {
  const a = m.saldos_anteriores;
  const d = m.saldos_finais;
  return [
    { nome: 'Prejuízo comum a compensar', antes: a.prejuizo_comum, depois: d.prejuizo_comum },
    {
      nome: 'Prejuízo de day trade a compensar',
      antes: a.prejuizo_day_trade,
      depois: d.prejuizo_day_trade,
    },
    { nome: 'Prejuízo de FII a compensar', antes: a.prejuizo_fii, depois: d.prejuizo_fii },
    { nome: 'IRRF a compensar', antes: a.irrf_a_compensar, depois: d.irrf_a_compensar },
    {
      nome: 'Imposto abaixo de R$ 10,00 aguardando DARF',
      antes: a.imposto_pendente,
      depois: d.imposto_pendente,
    },
  ];
}

/** '1 DARF', '2 DARFs', '0 DARFs'. */
export const plural = (n: number, um: string, varios: string) => `${n} ${n === 1 ? um : varios}`;

/** The year's totals under its grid: tax, withholding deducted, and what the DARFs paid. */
export function totaisDoAno(meses: readonly MesIr[]) {
  const soma = (f: (m: MesIr) => number) =>
    Math.round(meses.reduce((t, m) => t + f(m), 0) * 100) / 100;
  return {
    imposto: soma((m) => m.imposto),
    irrf: soma((m) => m.irrf),
    darf: soma((m) => m.darf_valor),
    darfs: meses.filter((m) => m.situacao === 'a_pagar').length,
  };
}
