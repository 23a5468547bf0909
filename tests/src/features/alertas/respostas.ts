import {
  AlertaSchema,
  NotificacaoSchema,
  type Alerta,
  type AssuntoAlerta,
  type Notificacao,
} from '../../../../contract';
import { recorded } from '../../../../mocks/recorded';

/**
 * The alerts' answers for the component tests: the server's recorded ones (mocks/record/cenas-alertas.ts, the demo
 * server's rule, target and divergences), moved onto the component scene's Ana (client 1) and her open PETR4
 * (operation 1) as the IR mocks move a recorded month. What the recording's demo could not produce (an order in
 * doubt, an e-mail that failed) is a recorded answer with those fields changed, parsed by the contract's schema.
 */

export const ANA = { cliente: 1, cliente_nome: 'Ana Beatriz Carvalho' };
export const ORDEM = '3f1c9a52-8d0e-4b7a-9c61-2e5d4f6a7b80';

/** A recorded subject's client (and stock) renamed in its title, its subject pointing at the scene's. */
function movida<T extends { titulo: string; assunto: AssuntoAlerta }>(
  gravada: T,
  assunto: Partial<AssuntoAlerta>,
): T {
  let titulo = gravada.titulo;
  if (gravada.assunto.cliente_nome && assunto.cliente_nome)
    titulo = titulo.replaceAll(gravada.assunto.cliente_nome, assunto.cliente_nome);
  if (gravada.assunto.ticker && assunto.ticker)
    titulo = titulo.replaceAll(gravada.assunto.ticker, assunto.ticker);
  return { ...gravada, titulo, assunto: { ...gravada.assunto, ...assunto } };
}

const notificacoes = recorded('notificacoes').response.body;
const notificacaoGravada = (tipo: Notificacao['tipo']) =>
  notificacoes.find((n) => n.tipo === tipo)!;
const alertas = recorded('alertas').response.body;
const alertaGravado = (tipo: Alerta['tipo']) => alertas.find((a) => a.tipo === tipo)!;

const ALVO = { ...ANA, ticker: 'PETR4', operacao: 1 };
const EM_DUVIDA = {
  ...ANA,
  ticker: 'ITUB3',
  ordem: ORDEM,
  titulo: 'Ordem de compra de ITUB3 com resultado desconhecido há 1 minuto.',
};

/** The panel's scene, newest first (as the server lists them): an order in doubt e-mailed in vain, a target
 * reached on Ana's PETR4, a price rule read. */
export const ALVO_ATINGIDO = NotificacaoSchema.parse({
  ...movida(notificacaoGravada('alvo'), ALVO),
  id: 1,
  criada_em: '2025-10-29T17:05:00.000Z',
});
export const EM_DUVIDA_SEM_EMAIL = NotificacaoSchema.parse({
  ...notificacaoGravada('divergencia'),
  id: 2,
  tipo: 'ordem_em_duvida',
  critico: true,
  titulo: EM_DUVIDA.titulo,
  assunto: { ...notificacaoGravada('divergencia').assunto, ...ANA, ticker: 'ITUB3', ordem: ORDEM },
  criada_em: '2025-10-29T17:10:00.000Z',
  email: 'falhou',
  email_tentativas: 5,
});
export const PRECO_LIDA = NotificacaoSchema.parse({
  ...notificacaoGravada('preco'),
  id: 3,
  criada_em: '2025-10-28T13:00:00.000Z',
  lida: true,
});
export const NOTIFICACOES: Notificacao[] = [EM_DUVIDA_SEM_EMAIL, ALVO_ATINGIDO, PRECO_LIDA];

/** The Alertas page's scene, newest first: Ana's divergence and target, and a price rule's alert already over. */
export const ALERTA_ALVO = AlertaSchema.parse({
  ...movida(alertaGravado('alvo'), ALVO),
  id: 1,
  desde: '2025-10-29T17:05:00.000Z',
});
export const ALERTA_DIVERGENCIA = AlertaSchema.parse({
  ...movida(alertaGravado('divergencia'), ANA),
  id: 2,
  desde: '2025-10-29T17:09:00.000Z',
});
export const ALERTA_RESOLVIDO = AlertaSchema.parse({
  ...alertaGravado('preco'),
  id: 3,
  estado: 'resolvido',
  desde: '2025-10-28T12:00:00.000Z',
  resolvido_em: '2025-10-28T13:00:00.000Z',
});
export const ALERTAS: Alerta[] = [ALERTA_DIVERGENCIA, ALERTA_ALVO, ALERTA_RESOLVIDO];
