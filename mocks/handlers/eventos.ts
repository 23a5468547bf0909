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
  quantidadeNaVespera,
  reaplicar,
  valoresDoProvento,
  type Posicao,
} from '../../shared/eventos';
import { fail, handle, invalid, ok } from '../contract';
import * as carteira from './carteira';

/**
 * Corporate events over the portfolio mock: an event whose data_ex has come adjusts the mock's operations or pays
 * them, and deleting or editing it undoes that by replaying the other events (the server's rules, shared/eventos).
 */
type Stored = Omit<Evento, 'operacoes' | 'acao_nome'> & { alcancadas: carteira.StoredOperacao[] };

let eventos: Stored[] = [];
let nextId = 1;
/** Each adjusted operation as it was before its first share event: undoing one replays the others from there. */
let iniciais = new Map<carteira.StoredOperacao, Posicao>();
export function resetEventosMock() {
  [eventos, nextId, iniciais] = [[], 1, new Map()];
}

const texto = (v: number | null) => (v === null ? null : String(v));
const numero = (v: string | null) => (v === null ? null : Number(v));
const posicao = (op: carteira.StoredOperacao): Posicao => ({
  quantidade: op.quantidade!,
  preco_unitario: texto(op.preco_unitario),
  valor_alvo: texto(op.valor_alvo),
  valor_stop: texto(op.valor_stop ?? null),
});

/** An operation's share events, replayed from before the first: its position and each event's record. */
function reaplicarEm(op: carteira.StoredOperacao, ajustes: carteira.StoredOperacao['ajustes']) {
  const inicial = iniciais.get(op)!;
  const passos = reaplicar(
    inicial,
    (ajustes ?? []).map((a) => String(a.fator)),
  );
  const { quantidade, preco_unitario, valor_alvo, valor_stop } = passos.at(-1)?.depois ?? inicial;
  Object.assign(op, {
    quantidade,
    preco_unitario: numero(preco_unitario),
    valor_alvo: numero(valor_alvo),
    valor_stop: numero(valor_stop),
  });
  op.ajustes = ajustes?.length
    ? ajustes.map((a, i) => ({
        ...a,
        quantidade_antes: passos[i]!.antes.quantidade,
        quantidade_depois: passos[i]!.depois.quantidade,
        fracao: Number(passos[i]!.fracao),
      }))
    : null;
}

function pagar(evento: Stored) {
  const { id, acao, data_ex, valor_por_acao } = evento;
  const tipo = evento.tipo as TipoEventoEmDinheiro;
  const pagos = evento.alcancadas.map((op) => {
    const fatores = (op.ajustes ?? []).map((a) => ({ ...a, fator: String(a.fator) }));
    const quantidade = quantidadeNaVespera(op.quantidade!, fatores, data_ex);
    const pago = evento.data_pagamento ?? data_ex;
    const valores = valoresDoProvento(tipo, quantidade, String(valor_por_acao), pago);
    const acao_nome = carteira.mockAcaoTicker(acao)!;
    const linha = { evento: id, operacao: op.id, acao, acao_nome, tipo, data_ex };
    return { ...linha, valor_por_acao: valor_por_acao!, quantidade, ...valores };
  });
  carteira.setMockProventos(id, pagos);
}

function aplicar(evento: Stored) {
  if (evento.data_ex > todayIso()) return;
  evento.alcancadas = carteira.mockOperacoesAlcancadas(evento.acao, evento.data_ex);
  evento.aplicado_em = new Date().toISOString();
  if (!isEventoDeAcoes(evento.tipo)) return pagar(evento);
  for (const op of evento.alcancadas) {
    if (!iniciais.has(op)) iniciais.set(op, posicao(op));
    const { tipo, data_ex, fator } = evento as Stored & { tipo: 'desdobramento'; fator: number };
    const ajuste = { evento: evento.id, tipo, data_ex, fator, quantidade_antes: 0 };
    reaplicarEm(op, [...(op.ajustes ?? []), { ...ajuste, quantidade_depois: 0, fracao: 0 }]);
  }
}

function desfazer(evento: Stored) {
  for (const op of isEventoDeAcoes(evento.tipo) ? evento.alcancadas : []) {
    reaplicarEm(op, op.ajustes?.filter((a) => a.evento !== evento.id) ?? null);
  }
  carteira.setMockProventos(evento.id, []);
  Object.assign(evento, { alcancadas: [], aplicado_em: null });
}

const toEvento = ({ alcancadas, ...ev }: Stored): Evento => ({
  ...ev,
  acao_nome: carteira.mockAcaoTicker(ev.acao) ?? '?',
  operacoes: alcancadas.length,
});

/** Adds an event as a POST would (component tests set their scene with it). */
export function addMockEvento(input: EventoInputParsed, fonte: Evento['fonte'] = 'manual'): Evento {
  const evento: Stored = { id: nextId++, ...input, fonte, aplicado_em: null, alcancadas: [] };
  eventos.push(evento);
  aplicar(evento);
  return toEvento(evento);
}

/** Why an event cannot be written as it is (an unknown stock, or one already there), or null. */
function recusa(input: EventoInputParsed, id: number | null) {
  if (!carteira.mockAcaoTicker(input.acao))
    return invalid([{ path: ['acao'], message: ACAO_NAO_ENCONTRADA }]);
  const { acao, tipo, data_ex } = input;
  const igual = (ev: Stored) =>
    ev.id !== id && ev.acao === acao && ev.tipo === tipo && ev.data_ex === data_ex;
  return eventos.some(igual) ? fail(409, EVENTO_DUPLICADO) : null;
}
const comEvento = <T>(id: number, answer: (evento: Stored) => T) => {
  const evento = eventos.find((ev) => ev.id === id);
  return evento ? answer(evento) : fail(404, EVENTO_NAO_ENCONTRADO);
};

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
  handle(e.update, ({ input: { params, body } }) =>
    comEvento(params.id, (evento) => {
      const refused = recusa(body, evento.id);
      if (refused) return refused;
      desfazer(evento);
      Object.assign(evento, body, { fonte: 'manual' });
      aplicar(evento);
      return ok(e.update, toEvento(evento));
    }),
  ),
  handle(e.delete, ({ input: { params } }) =>
    comEvento(params.id, (evento) => {
      desfazer(evento);
      eventos = eventos.filter((ev) => ev !== evento);
      return ok(e.delete, null);
    }),
  ),
];
