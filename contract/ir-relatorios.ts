import { z } from 'zod';
import { CLASSES_ATIVO } from './acoes';
import { IdSchema, IsoDateSchema, MoneySchema } from './common';

/**
 * The income-tax reports' answers (issue 29; docs/imposto-de-renda.md): a client's year, a month in detail, the
 * month's DARF and the book's month. Money travels as JSON numbers to the cent, as everywhere in the API (the
 * server computes in decimals and rounds once, at each month's close); the average cost per share with 6 places;
 * dates as aaaa-mm-dd; a month as 'aaaa-mm'.
 */

/** 'aaaa-mm'. */
export const MesSchema = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/);

export const SITUACOES_IR = ['sem_imposto', 'abaixo_de_10', 'a_pagar'] as const;
export type SituacaoIr = (typeof SITUACOES_IR)[number];

/** How the screens name each situation. */
export const SITUACAO_IR_NOME: Record<SituacaoIr, string> = {
  sem_imposto: 'Sem imposto',
  abaixo_de_10: 'Abaixo de R$ 10,00',
  a_pagar: 'A pagar',
};

/** What the advisor should know about a month; `mensagem` is in Portuguese, ready to show. */
export const CODIGOS_AVISO_IR = [
  'somente_carteira',
  'vendas_externas',
  'saldo_inicial',
  'venda_sem_posicao',
  'fracao_em_evento',
  'bonificacao_sem_custo',
  'dividendos_acima_de_50_mil',
  'irrf_na_declaracao_anual',
  'imposto_abaixo_de_10_no_fim_do_ano',
  /** An operation without a buy date, price or quantity (or a sale without its price) left out. */
  'operacao_incompleta',
] as const;

export const AvisoIrSchema = z.object({
  codigo: z.enum(CODIGOS_AVISO_IR),
  mensagem: z.string(),
});
export type AvisoIr = z.infer<typeof AvisoIrSchema>;

/** The carries after a month (losses as positive amounts). */
const carries = {
  prejuizo_comum: MoneySchema,
  prejuizo_day_trade: MoneySchema,
  prejuizo_fii: MoneySchema,
  irrf_a_compensar: MoneySchema,
};

/** A month's figures, as the year's report and the book's month list them. */
const figurasDoMes = {
  mes: MesSchema,
  /** Sales of `acao`-class assets in common operations, gross, plus the sales made elsewhere. */
  vendas_acoes: MoneySchema,
  /** The sales made elsewhere stated for the month (part of vendas_acoes). */
  vendas_externas: MoneySchema,
  /** vendas_acoes ≤ R$ 20.000,00: the month's stock gains are exempt. */
  isento: z.boolean(),
  resultado_comum: MoneySchema,
  resultado_day_trade: MoneySchema,
  resultado_fii: MoneySchema,
  /** The three buckets' tax, before withholding. */
  imposto: MoneySchema,
  /** Withheld at the source in the month (0,005 % and 1 %). */
  irrf: MoneySchema,
  /** Withholding (the month's and what earlier months of the year left) deducted from this month's tax. */
  irrf_compensado: MoneySchema,
  /** What this month's DARF pays: 0 when it has none. */
  darf_valor: MoneySchema,
  /** The due date of this month's DARF (the last business day of the next month), every month. */
  darf_vencimento: IsoDateSchema,
  situacao: z.enum(SITUACOES_IR),
  ...carries,
  avisos: z.array(AvisoIrSchema),
};

export const MesIrSchema = z.object(figurasDoMes);
export type MesIr = z.infer<typeof MesIrSchema>;

/** GET clientes/{id}/ir/?ano=: the twelve months of the year. */
export const AnoIrSchema = z.object({
  ano: z.number().int(),
  /** The opening carries stated for this year (PUT …/ir/saldos/), or null: carried by the computation. */
  saldos_iniciais: z.object(carries).nullable(),
  meses: z.array(MesIrSchema),
  /** What concerns the whole report, not one month (operations left out of the computation). */
  avisos: z.array(AvisoIrSchema),
});
export type AnoIr = z.infer<typeof AnoIrSchema>;

/** Sales of one asset in one kind of operation in the month. `custo` includes the sale's own costs. */
export const LinhaIrSchema = z.object({
  ticker: z.string(),
  classe: z.enum(CLASSES_ATIVO),
  tipo: z.enum(['comum', 'day_trade']),
  quantidade: z.number().int(),
  valor_venda: MoneySchema,
  custo: MoneySchema,
  resultado: MoneySchema,
});
export type LinhaIr = z.infer<typeof LinhaIrSchema>;

/** An asset held at the month's end, at its average cost (6 places; the total to the cent). */
export const PosicaoIrSchema = z.object({
  ticker: z.string(),
  classe: z.enum(CLASSES_ATIVO),
  quantidade: z.number().int(),
  custo_medio: MoneySchema,
  custo_total: MoneySchema,
});
export type PosicaoIr = z.infer<typeof PosicaoIrSchema>;

/** One bucket's computation in the month. */
export const ApuracaoBucketSchema = z.object({
  resultado: MoneySchema,
  /** The exempt stock gain (comum only). */
  isento: MoneySchema,
  prejuizo_compensado: MoneySchema,
  base: MoneySchema,
  /** The rate in percent (15 or 20). */
  aliquota: z.number(),
  imposto: MoneySchema,
  irrf: MoneySchema,
  /** The month's own withholding deducted from this bucket's tax. */
  irrf_compensado: MoneySchema,
});

/** The carries between months, with the tax under R$ 10,00 waiting for a DARF and the months it comes from. */
export const SaldosMesIrSchema = z.object({
  ...carries,
  imposto_pendente: MoneySchema,
  meses_pendentes: z.array(MesSchema),
});

/** GET clientes/{id}/ir/{mes}/: the month in detail. */
export const MesIrDetalhadoSchema = z.object({
  ...figurasDoMes,
  linhas: z.array(LinhaIrSchema),
  posicoes: z.array(PosicaoIrSchema),
  apuracao: z.object({
    comum: ApuracaoBucketSchema,
    day_trade: ApuracaoBucketSchema,
    fii: ApuracaoBucketSchema,
  }),
  /** Withholding carried from earlier months of the year and deducted this month. */
  irrf_anterior_compensado: MoneySchema,
  /** imposto − irrf_compensado: the month's own tax to pay (paid now, or waiting under R$ 10,00). */
  imposto_a_pagar: MoneySchema,
  /** The months this month's DARF pays, oldest first (empty when it has none). */
  darf_meses: z.array(MesSchema),
  saldos_anteriores: SaldosMesIrSchema,
  saldos_finais: SaldosMesIrSchema,
});
export type MesIrDetalhado = z.infer<typeof MesIrDetalhadoSchema>;

/** GET clientes/{id}/ir/{mes}/darf/: the fields Sicalc asks for a DARF of code 6015. */
export const DarfIrSchema = z.object({
  /** The taxpayer: the client's name and CPF as registered (null when not registered). */
  cliente: z.object({
    id: IdSchema,
    nome: z.string().nullable(),
    documento: z.string().nullable(),
  }),
  codigo_receita: z.literal('6015'),
  /** The last day of the month. */
  periodo_apuracao: IsoDateSchema,
  vencimento: IsoDateSchema,
  valor_principal: MoneySchema,
  /** The months it pays, oldest first: earlier months under R$ 10,00, then this one. */
  meses: z.array(MesSchema),
});
export type DarfIr = z.infer<typeof DarfIrSchema>;

/** GET ir/?mes=: one client's month in the book's list (the advisor's DARFs to send). */
export const MesIrClienteSchema = z.object({
  cliente: IdSchema,
  nome: z.string().nullable(),
  ...figurasDoMes,
});
export type MesIrCliente = z.infer<typeof MesIrClienteSchema>;

export const LivroIrSchema = z.object({
  mes: MesSchema,
  /** Every client, by name. */
  clientes: z.array(MesIrClienteSchema),
});
export type LivroIr = z.infer<typeof LivroIrSchema>;
