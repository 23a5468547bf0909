import { z } from 'zod';
import { IdParam, MAX_VALOR, MoneySchema, VALOR_MAXIMO, texto } from './common';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';
import { ApiErrorSchema } from './errors';
import { AnoIrSchema, DarfIrSchema, LivroIrSchema, MesIrDetalhadoSchema } from './ir-relatorios';

/**
 * The monthly income tax on a client's trades (issue 29; docs/imposto-de-renda.md): what the tax needs beyond the
 * book (the carries a year starts with, the stock sales made elsewhere) and the reports computed from it (a
 * client's year, a month in detail, its DARF, the book's month). The reports' answers are in ir-relatorios.ts.
 */

export const ANO_INVALIDO = 'Informe o ano (aaaa), de 2000 a 2999.';
export const MES_INVALIDO = 'Informe o mês como aaaa-mm (ex.: 2026-03).';
export const VALOR_IR_INVALIDO = 'Informe um valor em reais, zero ou mais.';
export const VALOR_IR_CASAS = 'Use no máximo 2 casas decimais (centavos).';

const hasTwoDecimals = (n: number) => Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

/** An amount in R$: zero or more, to the cent, within the money bounds (numeric(18,2)). */
const reais = z
  .number(VALOR_IR_INVALIDO)
  .min(0, VALOR_IR_INVALIDO)
  .max(MAX_VALOR, VALOR_MAXIMO)
  .refine(hasTwoDecimals, VALOR_IR_CASAS);

/** PUT clientes/{id}/ir/saldos/: the carries the year starts with (each loss as a positive amount). */
export const SaldosIrInputSchema = z.object({
  ano: z.number(ANO_INVALIDO).int(ANO_INVALIDO).min(2000, ANO_INVALIDO).max(2999, ANO_INVALIDO),
  prejuizo_comum: reais,
  prejuizo_day_trade: reais,
  prejuizo_fii: reais,
  irrf_a_compensar: reais,
});
export type SaldosIrInput = z.infer<typeof SaldosIrInputSchema>;

export const SaldosIrSchema = z.object({
  ano: z.number().int(),
  prejuizo_comum: MoneySchema,
  prejuizo_day_trade: MoneySchema,
  prejuizo_fii: MoneySchema,
  irrf_a_compensar: MoneySchema,
});
export type SaldosIr = z.infer<typeof SaldosIrSchema>;

const MES = /^\d{4}-(0[1-9]|1[0-2])$/;
const mes = texto(7, MES_INVALIDO).regex(MES, MES_INVALIDO);

export const MesParams = z.object({ id: IdParam, mes });

/** GET clientes/{id}/ir/?ano=aaaa. */
export const AnoIrQuerySchema = z.object({
  ano: z.coerce
    .number<number | string>(ANO_INVALIDO)
    .int(ANO_INVALIDO)
    .min(2000, ANO_INVALIDO)
    .max(2999, ANO_INVALIDO),
});

/** GET ir/?mes=aaaa-mm (missing is as wrong as malformed: the same message). */
export const LivroIrQuerySchema = z.object({
  mes: z.string(MES_INVALIDO).trim().max(7, MES_INVALIDO).regex(MES, MES_INVALIDO),
});

export const MOTIVOS_SEM_DARF = ['sem_imposto', 'abaixo_de_10'] as const;
export type MotivoSemDarf = (typeof MOTIVOS_SEM_DARF)[number];

/** 'aaaa-mm' → 'mm/aaaa', as the screens and Sicalc write a period. */
const mesBr = (m: string) => `${m.slice(5, 7)}/${m.slice(0, 4)}`;

/** The 404's `detail` of a month without a DARF, by why. */
export const semDarf = (motivo: MotivoSemDarf, m: string): string =>
  motivo === 'sem_imposto'
    ? `Não há imposto a pagar em ${mesBr(m)}: o mês não tem DARF.`
    : `O imposto de ${mesBr(m)} ficou abaixo de R$ 10,00: não há DARF neste mês; o valor passa para o DARF ` +
      'do mês em que o total acumulado chegar a R$ 10,00.';

/** The DARF's 404: an unknown client (no `motivo`), or a month without a DARF (`motivo` says why). */
export const SemDarfSchema = ApiErrorSchema.extend({
  motivo: z.enum(MOTIVOS_SEM_DARF).optional(),
});

export const VendaExternaInputSchema = z.object({ valor: reais });

export const VendaExternaSchema = z.object({ mes: z.string(), valor: MoneySchema });
export type VendaExterna = z.infer<typeof VendaExternaSchema>;

const clienteNaoEncontrado = ApiErrorSchema.describe('Cliente não encontrado.');

export const irEndpoints = {
  saldos: endpoint({
    method: 'PUT',
    path: '/clientes/{id}/ir/saldos/',
    tag: 'ir',
    permissao: PERMISSOES.impostoDeRenda,
    summary:
      'Os saldos com que o cliente começa o ano no IR: prejuízos a compensar (comum, day trade, FII) e IRRF a ' +
      'compensar. Substituem o que o cálculo traria do ano anterior.',
    params: z.object({ id: IdParam }),
    body: SaldosIrInputSchema,
    answers: { 200: SaldosIrSchema, 404: clienteNaoEncontrado },
  }),
  vendaExterna: endpoint({
    method: 'PUT',
    path: '/clientes/{id}/ir/vendas-externas/{mes}/',
    tag: 'ir',
    permissao: PERMISSOES.impostoDeRenda,
    summary:
      'Vendas de ações do cliente feitas fora desta carteira no mês (aaaa-mm): contam para o limite de isenção ' +
      'de R$ 20.000,00.',
    params: MesParams,
    body: VendaExternaInputSchema,
    answers: { 200: VendaExternaSchema, 404: clienteNaoEncontrado },
  }),
  ano: endpoint({
    method: 'GET',
    path: '/clientes/{id}/ir/',
    tag: 'ir',
    permissao: PERMISSOES.consulta,
    summary:
      'O IR do cliente no ano, mês a mês: vendas de ações, isenção, resultados por tipo (comum, day trade, ' +
      'FII), imposto, IRRF, DARF (valor, vencimento, situação) e os prejuízos e IRRF a compensar depois de cada mês.',
    params: z.object({ id: IdParam }),
    query: AnoIrQuerySchema,
    answers: { 200: AnoIrSchema, 404: clienteNaoEncontrado },
  }),
  mes: endpoint({
    method: 'GET',
    path: '/clientes/{id}/ir/{mes}/',
    tag: 'ir',
    permissao: PERMISSOES.consulta,
    summary:
      'Um mês do IR do cliente em detalhe: as vendas por ativo e tipo, as posições ao fim do mês com o custo ' +
      'médio, a apuração de cada tipo, os saldos antes e depois e os avisos.',
    params: MesParams,
    answers: { 200: MesIrDetalhadoSchema, 404: clienteNaoEncontrado },
  }),
  darf: endpoint({
    method: 'GET',
    path: '/clientes/{id}/ir/{mes}/darf/',
    tag: 'ir',
    permissao: PERMISSOES.consulta,
    summary:
      'O DARF (código 6015) do mês: período de apuração, vencimento, valor principal e os meses que ele paga. ' +
      '404 com `motivo` quando o mês não tem DARF (sem_imposto ou abaixo_de_10).',
    params: MesParams,
    answers: {
      200: DarfIrSchema,
      404: SemDarfSchema.describe(
        'Cliente não encontrado, ou o mês sem DARF: `motivo` sem_imposto ou abaixo_de_10.',
      ),
    },
  }),
  livro: endpoint({
    method: 'GET',
    path: '/ir/',
    tag: 'ir',
    permissao: PERMISSOES.consulta,
    summary:
      'O IR de todos os clientes num mês (aaaa-mm): resultados, imposto, DARF (valor, vencimento) e situação ' +
      'de cada um, a lista de DARFs a enviar.',
    query: LivroIrQuerySchema,
    answers: { 200: LivroIrSchema },
  }),
};
