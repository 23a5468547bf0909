import type { EntradaAuditoria } from '../../../contract';
import { isoFromBr } from '../../../shared/dates';
import { formatInteger } from '../../../shared/format';
import type { AuditoriaFiltros } from '../../api/auditoria';

/**
 * The audit screen's state, plain: the filters as typed and as asked, the words for what the server records in
 * codes (entities, actions) and where an entry's subject is on screen. The views only show it.
 */

/** What the server names each kind of record it audits, as the screen says it. */
export const ENTIDADES: Readonly<Record<string, string>> = {
  cliente: 'Cliente',
  operacao: 'Operação',
  order_group: 'Ordem',
  order_leg: 'Perna de ordem',
  order_lote: 'Lote',
  evento_corporativo: 'Evento corporativo',
  provento: 'Provento',
  acao: 'Ativo',
  recomendacoes: 'Recomendações',
  importacao: 'Importação',
  ir_saldos: 'IR: saldos iniciais',
  ir_venda_externa: 'IR: venda externa',
  alerta: 'Alerta',
  alerta_regra: 'Regra de preço',
  preferencias_alertas: 'Preferências de alertas',
  user: 'Usuário',
  session: 'Sessão',
  instance_secrets: 'Segredos do servidor',
};

/** What was done, as the screen says it; an unknown code is shown as recorded. */
export const ACOES: Readonly<Record<string, string>> = {
  create: 'Criação',
  update: 'Alteração',
  delete: 'Exclusão',
  complete: 'Ordem concluída',
  fail: 'Ordem falhou',
  cancel_request: 'Pedido de cancelamento',
  resolve: 'Ordem resolvida',
  importar: 'Importação',
  sobrescrever: 'Importação sobrescrita',
  ajuste_evento: 'Ajuste por evento',
  desfazer_evento: 'Ajuste desfeito',
  aplicar: 'Aplicação',
  desfazer: 'Desfeito',
  recalcular: 'Recálculo',
  reconhecer: 'Alerta reconhecido',
  adiar: 'Alerta adiado',
  rearmar: 'Regra rearmada',
  login: 'Login',
  login_failed: 'Login recusado',
  login_refused: 'Login recusado (usuário inativo)',
  login_delayed: 'Login em espera',
  logout: 'Saída',
  deny: 'Acesso negado',
  password_change: 'Troca de senha',
  password_change_failed: 'Troca de senha recusada',
  password_reset: 'Senha temporária gerada',
  unlock: 'Login desbloqueado',
  end_session: 'Sessão encerrada',
  end_other_sessions: 'Outras sessões encerradas',
  '2fa_enrol_start': 'Inscrição do 2FA iniciada',
  '2fa_on': '2FA ativado',
  '2fa_off': '2FA desativado',
  '2fa_reset': '2FA desativado pelo administrador',
  rotate_secret: 'Segredo trocado',
  accept_secrets: 'Segredos aceitos',
};

export const nomeDaEntidade = (codigo: string) => ENTIDADES[codigo] ?? codigo;
export const nomeDaAcao = (codigo: string) => ACOES[codigo] ?? codigo;

export interface Campos {
  /** As typed; asked when confirmed (Enter or leaving the field), not at each key. */
  usuario: string;
  entidade: string;
  acao: string;
  /** As typed: dd/mm/aaaa. */
  de: string;
  ate: string;
}
export const VAZIO: Campos = { usuario: '', entidade: '', acao: '', de: '', ate: '' };

const periodo = (campos: Campos) => ({ de: isoFromBr(campos.de), ate: isoFromBr(campos.ate) });

/** An end before the start: said under the field, not asked. */
export function periodoInvertido(campos: Campos): boolean {
  const { de, ate } = periodo(campos);
  return Boolean(de && ate && ate < de);
}

/** What the form holds, as the server's filters: a date still being typed, or a reversed period, is left out. */
export function filtrosDe(campos: Campos): AuditoriaFiltros {
  const { de, ate } = periodo(campos);
  const periodoOk = !de || !ate || de <= ate;
  const usuario = campos.usuario.trim();
  return {
    ...(usuario && { usuario }),
    ...(campos.entidade && { entidade: campos.entidade }),
    ...(campos.acao && { acao: campos.acao }),
    ...(periodoOk && de && { de }),
    ...(periodoOk && ate && { ate }),
  };
}

/** '2 registros (há mais)': how many are loaded, and whether the server has more. */
export function contagem(carregadas: number, haMais: boolean, carregando: boolean): string {
  if (carregando) return 'Carregando...';
  const n = `${formatInteger(carregadas)} ${carregadas === 1 ? 'registro' : 'registros'}`;
  return haMais ? `${n} (há mais)` : n;
}

/** Where an entry's subject is on screen (a client's portfolio, an order, a lote), or null. */
export type Destino =
  | { to: '/clientes/$id/carteira'; params: { id: string }; texto: string }
  | { to: '/ordens/$groupId'; params: { groupId: string }; texto: string }
  | { to: '/ordens/lote'; search: { lote: string }; texto: string }
  | {
      to: '/ferramentas/eventos' | '/ferramentas/usuarios' | '/ferramentas/ativos';
      texto: string;
    };

const campo = (registro: unknown, nome: string): unknown =>
  typeof registro === 'object' && registro !== null
    ? (registro as Record<string, unknown>)[nome]
    : undefined;

/** A field of the record after (or before, for a deletion). */
const doRegistro = (e: EntradaAuditoria, nome: string) =>
  campo(e.depois, nome) ?? campo(e.antes, nome);

const curto = (id: string) => (id.length > 8 ? id.slice(0, 8) : id);

export function destinoDe(e: EntradaAuditoria): Destino | null {
  const id = e.entidade_id;
  if (!id) return null;
  switch (e.entidade) {
    case 'cliente': {
      const nome = doRegistro(e, 'nome');
      return {
        to: '/clientes/$id/carteira',
        params: { id },
        texto: typeof nome === 'string' && nome ? nome : `Cliente ${id}`,
      };
    }
    case 'operacao': {
      const cliente = doRegistro(e, 'cliente') ?? doRegistro(e, 'cliente_id');
      return typeof cliente === 'number' || typeof cliente === 'string'
        ? { to: '/clientes/$id/carteira', params: { id: String(cliente) }, texto: `Operação ${id}` }
        : null;
    }
    case 'order_group':
      return { to: '/ordens/$groupId', params: { groupId: id }, texto: `Ordem ${curto(id)}` };
    case 'order_lote':
      return { to: '/ordens/lote', search: { lote: id }, texto: `Lote ${curto(id)}` };
    case 'evento_corporativo':
      return { to: '/ferramentas/eventos', texto: `Evento ${id}` };
    case 'acao':
      return { to: '/ferramentas/ativos', texto: `Ativo ${id}` };
    case 'user':
      return { to: '/ferramentas/usuarios', texto: `Usuário ${id}` };
    default:
      return null;
  }
}
