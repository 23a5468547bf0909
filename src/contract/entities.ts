import { z } from 'zod';
import { IdSchema, IsoDateSchema, MoneySchema } from './common';

/** Section 3 of the specification: the entities the SPA reads. Requests are defined beside their calls. */

export const ClienteSchema = z.object({
  id: IdSchema,
  nome: z.string().nullable(),
  email: z.string().nullable(),
  documento: z.string().nullable(),
  telefone: z.string().nullable(),
  codigo_xp: z.string().nullable(),
  percentual_patrimonio: z.number(),
  vm: z.string().nullable(),
  vm_ip: z.string().nullable(),
  vm_private_ip: z.string().nullable(),
});
export type Cliente = z.infer<typeof ClienteSchema>;

export const Mt5StatusValueSchema = z.enum([
  'online',
  'warning',
  'offline',
  'timeout',
  'error',
  'missing_ip',
]);
export type Mt5StatusValue = z.infer<typeof Mt5StatusValueSchema>;

export const ClienteStatusSchema = z.object({
  id: IdSchema,
  // A string, not the enum: the SPA must show 'Status desconhecido' for values it does not know.
  status: z.string(),
  ping: z.number().nullable(),
  detail: z.string().nullable(),
});
export type ClienteStatus = z.infer<typeof ClienteStatusSchema>;

export const OperacaoSchema = z.object({
  id: IdSchema,
  cliente: IdSchema,
  acao: IdSchema,
  acao_nome: z.string(),
  data_compra: IsoDateSchema.nullable(),
  preco_unitario: MoneySchema.nullable(),
  quantidade: z.number().int().nullable(),
  data_venda: IsoDateSchema.nullable(),
  preco_venda_unitario: MoneySchema.nullable(),
  valor_alvo: MoneySchema.nullable(),
  valor_total_compra: MoneySchema.nullable(),
  valor_total_venda: MoneySchema.nullable(),
  dias_posicionado: z.number().int().nullable(),
});
export type Operacao = z.infer<typeof OperacaoSchema>;

export const AcaoSchema = z.object({
  id: IdSchema,
  ticker: z.string(),
  empresa: z.string().nullable(),
  setor: z.string().nullable(),
});
export type Acao = z.infer<typeof AcaoSchema>;

export const ResumoClienteSchema = z.object({
  patrimonio: MoneySchema.nullable(),
  percentual_patrimonio: z.number().nullable(),
  posicionadas: MoneySchema.nullable(),
  valor_disponivel: MoneySchema.nullable(),
  realizadas: MoneySchema.nullable(),
  posicionado: MoneySchema.nullable(),
  dias_total: z.number().int().nullable(),
  rentabilidade_mensal: z.number().nullable(),
});
export type ResumoCliente = z.infer<typeof ResumoClienteSchema>;

export const RecomendacaoDisponivelSchema = z.object({
  acao_id: IdSchema,
  ticker: z.string(),
  empresa: z.string().nullable(),
  preco_compra: MoneySchema,
  alvo_sugerido: MoneySchema,
  probabilidade: z.number(),
});
export type RecomendacaoDisponivel = z.infer<typeof RecomendacaoDisponivelSchema>;

export const RecomendacaoSchema = z.object({
  ticker: z.string(),
  empresa: z.string().nullable(),
  setor: z.string().nullable(),
  data: IsoDateSchema,
  preco_compra: MoneySchema,
  alvo_sugerido: MoneySchema,
  percentual_estimado: z.number(),
  probabilidade: z.number(),
  vezes_atingiu_alvo_1m: z.number().int(),
  cruza_medias: z.boolean(),
  obv_cres: z.boolean(),
  vol_acima_media: z.boolean(),
  wma602: z.boolean(),
  MIN: z.number(),
  MAX: z.number(),
  AMPLITUDE: z.number(),
  AMP_AxF: z.number(),
  AMP_MXxMN: z.number(),
  A_x_F: z.number(),
  ALVO: z.number(),
  ALTA: z.number().int(),
  BAIXA: z.number().int(),
});
export type Recomendacao = z.infer<typeof RecomendacaoSchema>;

export const PosicaoPainelSchema = z.object({
  id: IdSchema,
  cliente: z.string(),
  acao: z.string(),
  data_compra: IsoDateSchema.nullable(),
  preco_compra: MoneySchema.nullable(),
  quantidade: z.number().int().nullable(),
  valor_total_compra: MoneySchema.nullable(),
  preco_atual: MoneySchema.nullable(),
  lucro_percentual: z.number().nullable(),
  valor_alvo: MoneySchema.nullable(),
  dias_posicionado: z.number().int().nullable(),
});
export type PosicaoPainel = z.infer<typeof PosicaoPainelSchema>;

export const PatrimonioDisponivelSchema = z.object({
  codigo: z.string().nullable(),
  nome: z.string().nullable(),
  patrimonio: MoneySchema.nullable(),
  total_consolidado: MoneySchema.nullable(),
  valor_disponivel: MoneySchema.nullable(),
});
export type PatrimonioDisponivel = z.infer<typeof PatrimonioDisponivelSchema>;

export const LegSchema = z.object({
  symbol: z.string(),
  quantidade: z.number().int(),
});
export type Leg = z.infer<typeof LegSchema>;

export const ValidacaoLegSchema = z.object({
  symbol: z.string(),
  ok: z.boolean(),
  motivo: z.string().nullable(),
});
export type ValidacaoLeg = z.infer<typeof ValidacaoLegSchema>;

export const BuyValidationResultSchema = z.object({
  legs_sugeridas: z.array(LegSchema),
  validacoes: z.array(ValidacaoLegSchema),
});
export type BuyValidationResult = z.infer<typeof BuyValidationResultSchema>;

export const OrderStatusSchema = z.object({
  group_id: z.string(),
  executed_all: z.boolean(),
  finished: z.boolean().optional(),
  erro: z.string().nullable().optional(),
  summary: z.array(
    z.object({
      symbol: z.string(),
      executada: z.boolean(),
      volume: z.number().int(),
      volume_exec: z.number().int(),
    }),
  ),
});
export type OrderStatus = z.infer<typeof OrderStatusSchema>;
