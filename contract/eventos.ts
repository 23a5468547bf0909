import { z } from 'zod';
import {
  IdParams,
  IdSchema,
  IsoDateSchema,
  MoneySchema,
  NoContentSchema,
  dataCampo,
  idCampo,
  idParam,
} from './common';
import { endpoint } from './endpoint';
import { PERMISSOES } from './papeis';
import { ApiErrorSchema } from './errors';

/** Corporate events: share events change the number of shares, cash events pay per share. */
export const EVENTOS_DE_ACOES = ['desdobramento', 'grupamento', 'bonificacao'] as const;
export const EVENTOS_EM_DINHEIRO = ['dividendo', 'jcp'] as const;
export const TIPOS_EVENTO = [...EVENTOS_DE_ACOES, ...EVENTOS_EM_DINHEIRO] as const;
export type TipoEvento = (typeof TIPOS_EVENTO)[number];
export type TipoEventoEmDinheiro = (typeof EVENTOS_EM_DINHEIRO)[number];

export const isEventoDeAcoes = (tipo: TipoEvento) =>
  (EVENTOS_DE_ACOES as readonly string[]).includes(tipo);

/** How the screens name each type. */
export const TIPO_EVENTO_NOME: Record<TipoEvento, string> = {
  desdobramento: 'Desdobramento',
  grupamento: 'Grupamento',
  bonificacao: 'Bonificação',
  dividendo: 'Dividendo',
  jcp: 'JCP',
};

export const TIPO_EVENTO_INVALIDO = 'Selecione o tipo do evento.';
export const DATA_EX_INVALIDA = 'Informe uma data válida.';
export const FATOR_INVALIDO = 'Informe um fator maior que zero.';
export const FATOR_MAXIMO = 'No máximo 10.000.';
export const FATOR_CASAS = 'Use no máximo 10 casas decimais.';
export const DESDOBRAMENTO_FATOR =
  'Um desdobramento aumenta o número de ações: o fator é maior que 1 (2 para 1:2).';
export const GRUPAMENTO_FATOR =
  'Um grupamento reduz o número de ações: o fator é menor que 1 (0,1 para 10:1).';
export const BONIFICACAO_FATOR =
  'Uma bonificação acrescenta ações: o fator é maior que 1 (1,1 para 10%).';
export const SEM_FATOR = 'Dividendos e JCP não têm fator: deixe-o em branco.';
export const VALOR_POR_ACAO_INVALIDO = 'Informe um valor por ação maior ou igual a zero.';
export const VALOR_POR_ACAO_MAXIMO = 'No máximo 1.000.000.';
export const SEM_VALOR_POR_ACAO =
  'Desdobramentos, grupamentos e bonificações não têm valor por ação: deixe-o em branco.';
export const CUSTO_ATRIBUIDO_INVALIDO = 'Informe o custo por ação nova, em reais, zero ou mais.';
export const SEM_CUSTO_ATRIBUIDO = 'Só uma bonificação tem custo atribuído: deixe-o em branco.';
export const DATA_PAGAMENTO_INVALIDA = 'Informe uma data válida.';
export const PAGAMENTO_ANTES_DA_DATA_EX = 'A data de pagamento não pode ser anterior à data ex.';
export const SEM_DATA_PAGAMENTO =
  'Desdobramentos, grupamentos e bonificações não têm data de pagamento: deixe-a em branco.';
export const EVENTO_DUPLICADO = 'Já existe um evento deste tipo para esta ação nesta data ex.';
export const EVENTO_NAO_ENCONTRADO = 'Evento não encontrado.';

/** The decimal places a number is written with (1e-7 has 7). */
function casas(n: number): number {
  const [mantissa = '', expoente] = String(n).split('e');
  const fracao = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fracao - Number(expoente ?? 0));
}

/** The factor and the value per share are numeric(20, 10): at most 10 places. */
const fator = z
  .number(FATOR_INVALIDO)
  .positive(FATOR_INVALIDO)
  .max(10_000, FATOR_MAXIMO)
  .refine((n) => casas(n) <= 10, FATOR_CASAS);

const valorPorAcao = z
  .number(VALOR_POR_ACAO_INVALIDO)
  .min(0, VALOR_POR_ACAO_INVALIDO)
  .max(1_000_000, VALOR_POR_ACAO_MAXIMO)
  .refine((n) => casas(n) <= 10, FATOR_CASAS);

/** A bonus's cost per new share (R$, as the company declares it): like a value per share. */
const custoAtribuido = z
  .number(CUSTO_ATRIBUIDO_INVALIDO)
  .min(0, CUSTO_ATRIBUIDO_INVALIDO)
  .max(1_000_000, VALOR_POR_ACAO_MAXIMO)
  .refine((n) => casas(n) <= 10, FATOR_CASAS);

/** What each type needs: share events a factor on the right side of 1, cash events a value per share. */
function coerente(
  v: {
    tipo: TipoEvento;
    data_ex: string;
    fator: number | null;
    valor_por_acao: number | null;
    custo_atribuido?: number | null;
    data_pagamento?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  const issue = (path: keyof typeof v, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (v.custo_atribuido != null && v.tipo !== 'bonificacao')
    issue('custo_atribuido', SEM_CUSTO_ATRIBUIDO);
  if (v.data_pagamento != null && isEventoDeAcoes(v.tipo))
    issue('data_pagamento', SEM_DATA_PAGAMENTO);
  else if (v.data_pagamento != null && v.data_pagamento < v.data_ex)
    issue('data_pagamento', PAGAMENTO_ANTES_DA_DATA_EX);
  if (!isEventoDeAcoes(v.tipo)) {
    if (v.fator !== null) issue('fator', SEM_FATOR);
    if (v.valor_por_acao === null) issue('valor_por_acao', VALOR_POR_ACAO_INVALIDO);
    return;
  }
  if (v.valor_por_acao !== null) issue('valor_por_acao', SEM_VALOR_POR_ACAO);
  if (v.fator === null) issue('fator', FATOR_INVALIDO);
  else if (v.tipo === 'desdobramento' && v.fator <= 1) issue('fator', DESDOBRAMENTO_FATOR);
  else if (v.tipo === 'grupamento' && v.fator >= 1) issue('fator', GRUPAMENTO_FATOR);
  else if (v.tipo === 'bonificacao' && v.fator <= 1) issue('fator', BONIFICACAO_FATOR);
}

/** POST and PUT eventos-corporativos/: the whole event. */
export const EventoInputSchema = z
  .object({
    acao: idCampo('Selecione a ação.'),
    tipo: z.enum(TIPOS_EVENTO, TIPO_EVENTO_INVALIDO),
    data_ex: dataCampo(DATA_EX_INVALIDA),
    fator: fator.nullish().transform((v) => v ?? null),
    valor_por_acao: valorPorAcao.nullish().transform((v) => v ?? null),
    /**
     * Bonus only (issue 29); empty: none declared. Dividends and JCP only; empty: paid on data_ex. Optional
     * (not defaulted) so that the callers building an input need not name them.
     */
    custo_atribuido: custoAtribuido.nullish(),
    data_pagamento: dataCampo(DATA_PAGAMENTO_INVALIDA).nullish(),
  })
  .superRefine(coerente);
export type EventoInput = z.input<typeof EventoInputSchema>;
export type EventoInputParsed = z.output<typeof EventoInputSchema>;

export const EventoSchema = z.object({
  id: IdSchema,
  acao: IdSchema,
  acao_nome: z.string(),
  tipo: z.enum(TIPOS_EVENTO),
  data_ex: IsoDateSchema,
  fator: z.number().nullable(),
  valor_por_acao: z.number().nullable(),
  /**
   * A bonus's cost per new share (null: none declared); a cash event's payment date (its data_ex unless stated).
   * The server always sends them; optional for the answers recorded before they existed.
   */
  custo_atribuido: z.number().nullable().optional(),
  data_pagamento: IsoDateSchema.nullable().optional(),
  fonte: z.enum(['yahoo', 'manual']),
  /** When it came into force (its data_ex had come): null while it waits for it. */
  aplicado_em: z.iso.datetime({ offset: true }).nullable(),
  /** Operations it adjusted (share events) or paid (cash events). */
  operacoes: z.number().int(),
  /**
   * A share event whose data ex the price history contradicts (the closes around it moved far less than its factor
   * implies): why, in words; null when the history agrees or cannot tell (issue 34). Absent from older recordings.
   */
  aviso_data_ex: z.string().nullable().optional(),
});
export type Evento = z.infer<typeof EventoSchema>;

/** A share event as applied to one operation (the POSICIONADAS mark). */
export const AjusteSchema = z.object({
  evento: IdSchema,
  tipo: z.enum(EVENTOS_DE_ACOES),
  data_ex: IsoDateSchema,
  fator: z.number(),
  quantidade_antes: z.number().int(),
  quantidade_depois: z.number().int(),
  /** The fraction of a share floored away. */
  fracao: z.number(),
});
export type Ajuste = z.infer<typeof AjusteSchema>;

/** A cash event received by a client: its operations' shares held at the close before data_ex, summed. */
export const ProventoSchema = z.object({
  evento: IdSchema,
  acao: IdSchema,
  acao_nome: z.string(),
  tipo: z.enum(EVENTOS_EM_DINHEIRO),
  data_ex: IsoDateSchema,
  quantidade: z.number().int(),
  valor_por_acao: z.number(),
  valor_bruto: MoneySchema,
  /** JCP net of its withholding (15 % paid up to 2025, 17.5 % from 2026); dividends gross. */
  valor_liquido: MoneySchema,
  /** When it was paid (its data_ex unless the event states another). Optional in older recordings. */
  data_pagamento: IsoDateSchema.optional(),
  /**
   * From 2026, dividends of one company to the client in one month above R$ 50,000.00 have 10 % withheld at the
   * source on the whole amount (Lei 15.270/2025): said on each of those dividends, as information (the net value
   * stays gross: the withholding may not apply to profits of 2025 or before).
   */
  aviso: z.string().nullable().optional(),
});
export type Provento = z.infer<typeof ProventoSchema>;

export const EventoListQuerySchema = z.object({
  acao: idParam('Informe uma ação válida.').optional(),
});

const naoEncontrado = ApiErrorSchema.describe(EVENTO_NAO_ENCONTRADO);

export const eventosEndpoints = {
  list: endpoint({
    method: 'GET',
    path: '/eventos-corporativos/',
    tag: 'eventos',
    permissao: PERMISSOES.consulta,
    summary:
      'Eventos corporativos (de uma ação, com ?acao=), da data ex mais recente à mais antiga.',
    query: EventoListQuerySchema,
    answers: { 200: z.array(EventoSchema) },
  }),
  create: endpoint({
    method: 'POST',
    path: '/eventos-corporativos/',
    tag: 'eventos',
    permissao: PERMISSOES.eventos,
    summary:
      'Cria um evento; com data ex já chegada, aplica-o às posições e aos preços na mesma transação.',
    body: EventoInputSchema,
    answers: {
      201: EventoSchema,
      409: ApiErrorSchema.describe(
        'Evento duplicado, o ajuste não cabe numa operação, ou uma operação que ele ajusta tem venda MT5 em andamento.',
      ),
    },
  }),
  update: endpoint({
    method: 'PUT',
    path: '/eventos-corporativos/{id}/',
    tag: 'eventos',
    permissao: PERMISSOES.eventos,
    summary: 'Altera um evento: o ajuste anterior é desfeito e o novo aplicado, numa transação.',
    params: IdParams,
    body: EventoInputSchema,
    answers: {
      200: EventoSchema,
      404: naoEncontrado,
      409: ApiErrorSchema.describe(
        'Evento duplicado, uma operação ajustada mudou depois do ajuste (corrija-a antes), ou tem venda MT5 em andamento.',
      ),
    },
  }),
  delete: endpoint({
    method: 'DELETE',
    path: '/eventos-corporativos/{id}/',
    tag: 'eventos',
    permissao: PERMISSOES.eventos,
    summary:
      'Exclui um evento, desfazendo o que ele ajustou nas operações e os proventos que gerou.',
    params: IdParams,
    answers: {
      204: NoContentSchema,
      404: naoEncontrado,
      409: ApiErrorSchema.describe(
        'Uma operação ajustada mudou depois do ajuste (corrija-a antes), ou tem venda MT5 em andamento.',
      ),
    },
  }),
};
