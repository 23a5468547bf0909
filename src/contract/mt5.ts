import { z } from 'zod';

export const ExecucaoSchema = z.enum(['mercado', 'limite']);
export type Execucao = z.infer<typeof ExecucaoSchema>;
export const ModoSchema = z.enum(['quantidade', 'valor']);
export type Modo = z.infer<typeof ModoSchema>;

const ticker = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{4}\d{1,2}$/, 'Informe um ticker da B3, como PETR4.');
const positive = (label: string) =>
  z
    .number({ error: `Informe ${label}.` })
    .positive(`${label[0]!.toUpperCase()}${label.slice(1)} deve ser maior que zero.`);

/** The limit price exists only for limit orders: required there, refused for market orders. */
function checkPrice(
  value: { execucao: Execucao; preco?: number | undefined },
  ctx: z.RefinementCtx,
) {
  if (value.execucao === 'limite' && value.preco === undefined) {
    ctx.addIssue({ code: 'custom', path: ['preco'], message: 'Informe o preço limite.' });
  }
  if (value.execucao === 'mercado' && value.preco !== undefined) {
    ctx.addIssue({ code: 'custom', path: ['preco'], message: 'Ordens a mercado não levam preço.' });
  }
}

export const CompraValidarRequestSchema = z
  .object({
    ticker,
    modo: ModoSchema,
    execucao: ExecucaoSchema,
    tp: positive('o alvo (tp)'),
    preco: positive('o preço limite').optional(),
    quantidade: z
      .number()
      .int('A quantidade deve ser um número inteiro.')
      .positive('A quantidade deve ser maior que zero.')
      .optional(),
    valor: positive('o valor').optional(),
  })
  .superRefine((value, ctx) => {
    checkPrice(value, ctx);
    if (value.modo === 'quantidade' && value.quantidade === undefined) {
      ctx.addIssue({ code: 'custom', path: ['quantidade'], message: 'Informe a quantidade.' });
    }
    if (value.modo === 'valor' && value.valor === undefined) {
      ctx.addIssue({ code: 'custom', path: ['valor'], message: 'Informe o valor.' });
    }
  });
export type CompraValidarRequest = z.infer<typeof CompraValidarRequestSchema>;

export const CompraRequestSchema = z
  .object({
    ticker_base: ticker,
    execucao: ExecucaoSchema,
    tp: positive('o alvo (tp)'),
    preco: positive('o preço limite').optional(),
    legs: z
      .array(
        z.object({
          symbol: z.string().trim().toUpperCase().min(1),
          quantidade: z
            .number()
            .int('A quantidade deve ser um número inteiro.')
            .positive('A quantidade deve ser maior que zero.'),
        }),
      )
      .min(1, 'Informe ao menos uma perna.')
      .max(2, 'Uma ordem tem no máximo duas pernas (lote padrão e fracionário).'),
  })
  .superRefine(checkPrice);
export type CompraRequest = z.infer<typeof CompraRequestSchema>;

export const VendaRequestSchema = z
  .object({
    execucao: ExecucaoSchema,
    preco: positive('o preço limite').optional(),
  })
  .superRefine(checkPrice);
export type VendaRequest = z.infer<typeof VendaRequestSchema>;

export const GroupIdResponseSchema = z.object({ group_id: z.uuid() });
export type GroupIdResponse = z.infer<typeof GroupIdResponseSchema>;
