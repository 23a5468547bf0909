import { z } from 'zod';
import { IdParam, MAX_VALOR, MoneySchema, VALOR_MAXIMO, texto } from './common';
import { endpoint } from './endpoint';
import { ApiErrorSchema } from './errors';

/**
 * The monthly income tax on a client's trades (issue 29; docs/imposto-de-renda.md). This file holds what the tax
 * needs beyond the book: the carries a year starts with and the stock sales made elsewhere. The reports' endpoints
 * join this table.
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

export const MesParams = z.object({
  id: IdParam,
  mes: texto(7, MES_INVALIDO).regex(/^\d{4}-(0[1-9]|1[0-2])$/, MES_INVALIDO),
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
    summary:
      'Vendas de ações do cliente feitas fora desta carteira no mês (aaaa-mm): contam para o limite de isenção ' +
      'de R$ 20.000,00.',
    params: MesParams,
    body: VendaExternaInputSchema,
    answers: { 200: VendaExternaSchema, 404: clienteNaoEncontrado },
  }),
};
