import {
  ACAO_NAO_ENCONTRADA,
  EVENTO_DUPLICADO,
  EVENTO_NAO_ENCONTRADO,
  eventosEndpoints as e,
  isEventoDeAcoes,
  type Evento,
  type EventoInputParsed,
  type TipoEventoEmDinheiro,
} from '../../contract';
import { todayIso } from '../../shared/dates';
import {
  ajustarPosicao,
  quantidadeNaVespera,
  valoresDoProvento,
  type Posicao,
} from '../../shared/eventos';
import { fail, handle, invalid, ok } from '../contract';
import * as carteira from './carteira';

/**
 * Corporate events over the portfolio mock: an event whose data_ex has come adjusts the mock's operations or pays
 * them (the arithmetic is the server's, shared/eventos.ts), and is undone when deleted or edited.
 */
interface Stored extends Omit<Evento, 'operacoes' | 'acao_nome'> {
  antes: Array<{ op: carteira.StoredOperacao; posicao: Posicao }>;
  pagas: number;
}

let eventos: Stored[] = [];
let nextId = 1;
export function resetEventosMock() {
  [eventos, nextId] = [[], 1];
}

const numero = (v: string | null) => (v === null ? null : Number(v));
const texto = (v: number | null) => (v === null ? null : String(v));

function ajustar(evento: Stored, op: carteira.StoredOperacao) {
  const antes = {
    quantidade: op.quantidade!,
    preco_unitario: texto(op.preco_unitario),
    valor_alvo: texto(op.valor_alvo),
  };
  const { depois, fracao } = ajustarPosicao(antes, String(evento.fator));
  Object.assign(op, {
    ...depois,
    preco_unitario: numero(depois.preco_unitario),
    valor_alvo: numero(depois.valor_alvo),
  });
  const ajuste = {
    evento: evento.id,
    tipo: evento.tipo as 'desdobramento',
    data_ex: evento.data_ex,
    fator: evento.fator!,
    quantidade_antes: antes.quantidade,
    quantidade_depois: depois.quantidade,
    fracao: Number(fracao),
  };
  op.ajustes = [...(op.ajustes ?? []), ajuste];
  evento.antes.push({ op, posicao: antes });
}

function pagar(evento: Stored, ops: carteira.StoredOperacao[]) {
  const tipo = evento.tipo as TipoEventoEmDinheiro;
  const pagos = ops.map((op) => {
    const fatores = (op.ajustes ?? []).map((a) => ({ ...a, fator: String(a.fator) }));
    const quantidade = quantidadeNaVespera(op.quantidade!, fatores, evento.data_ex);
    const { id, acao, data_ex, valor_por_acao } = evento;
    const pago = evento.data_pagamento ?? data_ex;
    const valores = valoresDoProvento(tipo, quantidade, String(valor_por_acao), pago);
    const acao_nome = carteira.mockAcaoTicker(acao)!;
    return {
      evento: id,
      operacao: op.id,
      acao,
      acao_nome,
      tipo,
      data_ex,
      valor_por_acao: valor_por_acao!,
      quantidade,
      ...valores,
    };
  });
  carteira.setMockProventos(evento.id, pagos);
  evento.pagas = ops.length;
}

function aplicar(evento: Stored) {
  if (evento.data_ex > todayIso()) return;
  const alcancadas = carteira.mockOperacoesAlcancadas(evento.acao, evento.data_ex);
  if (isEventoDeAcoes(evento.tipo)) alcancadas.forEach((op) => ajustar(evento, op));
  else pagar(evento, alcancadas);
  evento.aplicado_em = new Date().toISOString();
}

function desfazer(evento: Stored) {
  for (const { op, posicao } of evento.antes) {
    Object.assign(op, {
      ...posicao,
      preco_unitario: numero(posicao.preco_unitario),
      valor_alvo: numero(posicao.valor_alvo),
    });
    const restantes = (op.ajustes ?? []).filter((a) => a.evento !== evento.id);
    op.ajustes = restantes.length ? restantes : null;
  }
  carteira.setMockProventos(evento.id, []);
  Object.assign(evento, { antes: [], pagas: 0, aplicado_em: null });
}

const toEvento = ({ antes, pagas, ...ev }: Stored): Evento => ({
  ...ev,
  acao_nome: carteira.mockAcaoTicker(ev.acao) ?? '?',
  operacoes: antes.length + pagas,
});

/** Adds an event as a POST would (component tests set their scene with it). */
export function addMockEvento(input: EventoInputParsed, fonte: Evento['fonte'] = 'manual'): Evento {
  const evento: Stored = { id: nextId++, ...input, fonte, aplicado_em: null, antes: [], pagas: 0 };
  eventos.push(evento);
  aplicar(evento);
  return toEvento(evento);
}

/** Why an event cannot be written as it is (an unknown stock, or one already there), or null. */
function recusa(input: EventoInputParsed, id: number | null) {
  if (!carteira.mockAcaoTicker(input.acao))
    return invalid([{ path: ['acao'], message: ACAO_NAO_ENCONTRADA }]);
  const igual = (ev: Stored) =>
    ev.id !== id &&
    ev.acao === input.acao &&
    ev.tipo === input.tipo &&
    ev.data_ex === input.data_ex;
  return eventos.some(igual) ? fail(409, EVENTO_DUPLICADO) : null;
}

export const eventosHandlers = [
  handle(e.list, ({ input: { query } }) => {
    const lista = eventos.filter((ev) => query.acao === undefined || ev.acao === query.acao);
    lista.sort((a, b) => b.data_ex.localeCompare(a.data_ex) || b.id - a.id);
    return ok(e.list, lista.map(toEvento));
  }),
  handle(
    e.create,
    ({ input: { body } }) => recusa(body, null) ?? ok(e.create, addMockEvento(body)),
  ),
  handle(e.update, ({ input: { params, body } }) => {
    const evento = eventos.find((ev) => ev.id === params.id);
    if (!evento) return fail(404, EVENTO_NAO_ENCONTRADO);
    const refused = recusa(body, evento.id);
    if (refused) return refused;
    desfazer(evento);
    Object.assign(evento, body, { fonte: 'manual' });
    aplicar(evento);
    return ok(e.update, toEvento(evento));
  }),
  handle(e.delete, ({ input: { params } }) => {
    const evento = eventos.find((ev) => ev.id === params.id);
    if (!evento) return fail(404, EVENTO_NAO_ENCONTRADO);
    desfazer(evento);
    eventos = eventos.filter((ev) => ev !== evento);
    return ok(e.delete, null);
  }),
];
