import {
  ACAO_NAO_ENCONTRADA,
  carteiraEndpoints,
  CLIENTE_NAO_ENCONTRADO,
  EVENTO_DUPLICADO,
  EVENTO_NAO_ENCONTRADO,
  eventosEndpoints as e,
  isEventoDeAcoes,
  type Evento,
  type EventoInputParsed,
  type Provento,
  type TipoEventoEmDinheiro,
} from '../../contract';
import { fail, handle, invalid, ok } from '../../mocks/contract';
import * as carteira from '../../mocks/handlers/carteira';
import { todayIso } from '../../shared/dates';
import { Decimal } from '../../shared/decimal';
import {
  quantidadeNaVespera,
  reaplicar,
  valoresDoProvento,
  type Posicao,
} from '../../shared/eventos';

/**
 * The corporate events' server over the portfolio mock (server.use), for the screens that show what an event did:
 * an event whose data_ex has come adjusts the operations it reaches (bought before data_ex, still open the close
 * before) or pays them, summed per client as PROVENTOS lists them; deleting or editing it undoes that by replaying
 * the other events from each operation's position before the first (the server's rules, shared/eventos). Its
 * PROVENTOS, and what they add to the summary, are answered here too.
 */
type Stored = Omit<Evento, 'operacoes' | 'acao_nome'> & { alcancadas: carteira.StoredOperacao[] };

/** What a client received of one cash event (a row of its PROVENTOS). */
type Recebido = Provento & { cliente: number };

let eventos: Stored[] = [];
let recebidos: Recebido[] = [];
let nextId = 1;
/** Each adjusted operation as it was before its first share event: undoing one replays the others from there. */
let iniciais = new Map<carteira.StoredOperacao, Posicao>();

const texto = (v: number | null | undefined) => (v == null ? null : String(v));
const numero = (v: string | null) => (v === null ? null : Number(v));
const posicao = (op: carteira.StoredOperacao): Posicao => ({
  quantidade: op.quantidade!,
  preco_unitario: texto(op.preco_unitario),
  valor_alvo: texto(op.valor_alvo),
  valor_stop: texto(op.valor_stop),
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

/** A cash event's payment to each client: its operations' shares at the close before data_ex, summed. */
function pagar(evento: Stored) {
  const { id, acao, data_ex, valor_por_acao } = evento;
  const tipo = evento.tipo as TipoEventoEmDinheiro;
  const porCliente = new Map<number, Recebido>();
  for (const op of evento.alcancadas) {
    const fatores = (op.ajustes ?? []).map((a) => ({ ...a, fator: String(a.fator) }));
    const quantidade = quantidadeNaVespera(op.quantidade!, fatores, data_ex);
    const pago = evento.data_pagamento ?? data_ex;
    const valores = valoresDoProvento(tipo, quantidade, String(valor_por_acao), pago);
    const antes = porCliente.get(op.cliente);
    const mais = (a: number | undefined, b: string) => new Decimal(a ?? 0).plus(b).toNumber();
    porCliente.set(op.cliente, {
      ...{ cliente: op.cliente, evento: id, acao, acao_nome: carteira.mockAcaoTicker(acao)! },
      ...{ tipo, data_ex, valor_por_acao: valor_por_acao! },
      quantidade: (antes?.quantidade ?? 0) + quantidade,
      valor_bruto: mais(antes?.valor_bruto, valores.valor_bruto),
      valor_liquido: mais(antes?.valor_liquido, valores.valor_liquido),
    });
  }
  recebidos = [...recebidos.filter((p) => p.evento !== id), ...porCliente.values()];
}

function aplicar(evento: Stored) {
  if (evento.data_ex > todayIso()) return;
  const { acao, data_ex } = evento;
  evento.alcancadas = carteira
    .mockOperacoes()
    .filter(
      (o) =>
        o.acao === acao &&
        (o.data_compra ?? data_ex) < data_ex &&
        (o.data_venda ?? data_ex) >= data_ex &&
        (o.quantidade ?? 0) > 0,
    );
  evento.aplicado_em = new Date().toISOString();
  if (!isEventoDeAcoes(evento.tipo)) return pagar(evento);
  for (const op of evento.alcancadas) {
    if (!iniciais.has(op)) iniciais.set(op, posicao(op));
    const { tipo, fator } = evento as Stored & { tipo: 'desdobramento'; fator: number };
    const ajuste = { evento: evento.id, tipo, data_ex, fator, quantidade_antes: 0 };
    reaplicarEm(op, [...(op.ajustes ?? []), { ...ajuste, quantidade_depois: 0, fracao: 0 }]);
  }
}

function desfazer(evento: Stored) {
  for (const op of isEventoDeAcoes(evento.tipo) ? evento.alcancadas : []) {
    reaplicarEm(op, op.ajustes?.filter((a) => a.evento !== evento.id) ?? null);
  }
  recebidos = recebidos.filter((p) => p.evento !== evento.id);
  Object.assign(evento, { alcancadas: [], aplicado_em: null });
}

const toEvento = ({ alcancadas, ...ev }: Stored): Evento => ({
  ...ev,
  acao_nome: carteira.mockAcaoTicker(ev.acao) ?? '?',
  operacoes: alcancadas.length,
});

/** Adds an event as a POST would (a test's starting point), applied at once when its data_ex has come. */
export function adicionarEvento(input: EventoInputParsed, fonte: Evento['fonte'] = 'manual') {
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

/** A client's proventos, latest data_ex first. */
const proventosDe = (cliente: number): Provento[] =>
  recebidos
    .filter((p) => p.cliente === cliente)
    .map(({ cliente: _, ...p }) => p)
    .sort(
      (a, b) =>
        b.data_ex.localeCompare(a.data_ex) ||
        a.acao_nome.localeCompare(b.acao_nome) ||
        a.evento - b.evento,
    );

/** A new scene: no event yet (the portfolio mock as the test left it). */
export function eventosScene() {
  [eventos, recebidos, nextId, iniciais] = [[], [], 1, new Map()];
  const naoEncontrado = () => fail(404, CLIENTE_NAO_ENCONTRADO);
  return [
    handle(carteiraEndpoints.proventos, ({ input: { params } }) =>
      carteira.mockResumo(params.id)
        ? ok(carteiraEndpoints.proventos, proventosDe(params.id))
        : naoEncontrado(),
    ),
    // The portfolio mock's summary with what the client received (its only figure the proventos change).
    handle(carteiraEndpoints.resumo, ({ input: { params } }) => {
      const resumo = carteira.mockResumo(params.id);
      const soma = proventosDe(params.id).reduce((s, p) => s.plus(p.valor_liquido), new Decimal(0));
      const proventos_recebidos = soma.toNumber();
      return resumo
        ? ok(carteiraEndpoints.resumo, { ...resumo, proventos_recebidos })
        : naoEncontrado();
    }),
    handle(e.list, ({ input: { query } }) => {
      const lista = eventos.filter((ev) => query.acao === undefined || ev.acao === query.acao);
      lista.sort((a, b) => b.data_ex.localeCompare(a.data_ex) || b.id - a.id);
      return ok(e.list, lista.map(toEvento));
    }),
    handle(
      e.create,
      ({ input: { body } }) => recusa(body, null) ?? ok(e.create, adicionarEvento(body)),
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
}
