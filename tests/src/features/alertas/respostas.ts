import {
  AlertaSchema,
  NotificacaoSchema,
  RegraPrecoSchema,
  type Alerta,
  type AssuntoAlerta,
  type Notificacao,
  type RegraPreco,
} from '../../../../contract';

/**
 * The alerts' answers for the component tests, built from the contract's schemas (each parsed, so a stale one
 * fails here) while the server's fixtures are not recorded: when mocks/fixtures/alertas*.json land, these give way
 * to recorded('…'). Subjects are the scene's: Ana (client 1) and her open PETR4 (operation 1).
 */

const SEM_ASSUNTO: AssuntoAlerta = {
  cliente: null,
  cliente_nome: null,
  ticker: null,
  operacao: null,
  ordem: null,
  evento: null,
  regra: null,
};

export const ANA = { cliente: 1, cliente_nome: 'Ana Beatriz Carvalho' };
export const ORDEM = '3f1c9a52-8d0e-4b7a-9c61-2e5d4f6a7b80';

export const assunto = (a: Partial<AssuntoAlerta>): AssuntoAlerta => ({ ...SEM_ASSUNTO, ...a });

export function alerta(id: number, a: Partial<Alerta> & Pick<Alerta, 'tipo' | 'titulo'>): Alerta {
  return AlertaSchema.parse({
    id,
    estado: 'disparado',
    critico: a.tipo === 'ordem_em_duvida',
    assunto: SEM_ASSUNTO,
    nivel: null,
    cotacao: null,
    desde: '2025-10-29T17:00:00.000Z',
    disparado_em: '2025-10-29T17:00:00.000Z',
    resolvido_em: null,
    reconhecido: false,
    reconhecido_por: null,
    reconhecido_em: null,
    adiado_ate: null,
    ...a,
  });
}

export function notificacao(
  id: number,
  n: Partial<Notificacao> & Pick<Notificacao, 'tipo' | 'titulo' | 'criada_em'>,
): Notificacao {
  return NotificacaoSchema.parse({
    alerta: id,
    critico: n.tipo === 'ordem_em_duvida',
    motivo: 'disparo',
    assunto: SEM_ASSUNTO,
    lida: false,
    email: null,
    email_tentativas: 0,
    id,
    ...n,
  });
}

export function regra(id: number, r: Partial<RegraPreco> & Pick<RegraPreco, 'ticker'>): RegraPreco {
  return RegraPrecoSchema.parse({
    id,
    direcao: 'acima',
    nivel: 40,
    armada: true,
    disparada_em: null,
    criada_em: '2025-10-20T13:00:00.000Z',
    ...r,
  });
}

/** The panel's scene: a target reached on Ana's PETR4, an order in doubt e-mailed in vain, an old one read. */
export const NOTIFICACOES: Notificacao[] = [
  notificacao(1, {
    tipo: 'alvo',
    titulo: 'PETR4 atingiu o alvo de R$ 33,00 (cotação R$ 33,20) — Ana Beatriz Carvalho.',
    criada_em: '2025-10-29T17:05:00.000Z',
    assunto: assunto({ ...ANA, ticker: 'PETR4', operacao: 1 }),
  }),
  notificacao(2, {
    tipo: 'ordem_em_duvida',
    titulo: 'Ordem de compra de ITUB3 com resultado desconhecido há 1 minuto.',
    criada_em: '2025-10-29T17:10:00.000Z',
    assunto: assunto({ ...ANA, ticker: 'ITUB3', ordem: ORDEM }),
    email: 'falhou',
    email_tentativas: 5,
  }),
  notificacao(3, {
    tipo: 'data_ex',
    titulo: 'VALE3 fica ex-dividendos em 2 dias úteis (31/10/2025).',
    criada_em: '2025-10-28T13:00:00.000Z',
    assunto: assunto({ ticker: 'VALE3', evento: 4 }),
    lida: true,
  }),
];
