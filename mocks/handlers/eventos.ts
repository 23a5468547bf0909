import {
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
import {
  mockAcaoTicker,
  mockOperacoesAlcancadas,
  setMockProventos,
  type StoredOperacao,
} from './carteira';

/**
 * Corporate events over the portfolio mock: an event whose data_ex has come adjusts the mock's operations or pays
 * them (the arithmetic is the server's, shared/eventos.ts), and is undone when deleted or edited.
 */

interface Aplicacao {
  operacao: StoredOperacao;
  antes: Posicao;
}

interface Stored extends Omit<Evento, 'operacoes' | 'acao_nome'> {
  aplicacoes: Aplicacao[];
  pagas: number;
}

let eventos: Stored[] = [];
let nextId = 1;

export function resetEventosMock() {
  eventos = [];
  nextId = 1;
}

const numero = (v: string | null) => (v === null ? null : Number(v));
const texto = (v: number | null) => (v === null ? null : String(v));

function aplicar(evento: Stored) {
  if (evento.data_ex > todayIso()) return;
  const alcancadas = mockOperacoesAlcancadas(evento.acao, evento.data_ex);
  if (isEventoDeAcoes(evento.tipo)) {
    for (const op of alcancadas) {
      const antes: Posicao = {
        quantidade: op.quantidade!,
        preco_unitario: texto(op.preco_unitario),
        valor_alvo: texto(op.valor_alvo),
      };
      const { depois, fracao } = ajustarPosicao(antes, String(evento.fator));
      op.quantidade = depois.quantidade;
      op.preco_unitario = numero(depois.preco_unitario);
      op.valor_alvo = numero(depois.valor_alvo);
      op.ajustes = [
        ...(op.ajustes ?? []),
        {
          evento: evento.id,
          tipo: evento.tipo as 'desdobramento',
          data_ex: evento.data_ex,
          fator: evento.fator!,
          quantidade_antes: antes.quantidade,
          quantidade_depois: depois.quantidade,
          fracao: Number(fracao),
        },
      ];
      evento.aplicacoes.push({ operacao: op, antes });
    }
  } else {
    const tipo = evento.tipo as TipoEventoEmDinheiro;
    setMockProventos(
      evento.id,
      alcancadas.map((op) => {
        const quantidade = quantidadeNaVespera(
          op.quantidade!,
          (op.ajustes ?? []).map((a) => ({ ...a, fator: String(a.fator) })),
          evento.data_ex,
        );
        return {
          evento: evento.id,
          operacao: op.id,
          acao: evento.acao,
          acao_nome: mockAcaoTicker(evento.acao)!,
          tipo,
          data_ex: evento.data_ex,
          valor_por_acao: evento.valor_por_acao!,
          quantidade,
          ...valoresDoProvento(tipo, quantidade, String(evento.valor_por_acao)),
        };
      }),
    );
    evento.pagas = alcancadas.length;
  }
  evento.aplicado_em = new Date().toISOString();
}

function desfazer(evento: Stored) {
  for (const { operacao, antes } of evento.aplicacoes) {
    operacao.quantidade = antes.quantidade;
    operacao.preco_unitario = numero(antes.preco_unitario);
    operacao.valor_alvo = numero(antes.valor_alvo);
    const restantes = (operacao.ajustes ?? []).filter((a) => a.evento !== evento.id);
    operacao.ajustes = restantes.length ? restantes : null;
  }
  setMockProventos(evento.id, []);
  evento.aplicacoes = [];
  evento.pagas = 0;
  evento.aplicado_em = null;
}

const toEvento = ({ aplicacoes, pagas, ...ev }: Stored): Evento => ({
  ...ev,
  acao_nome: mockAcaoTicker(ev.acao) ?? '?',
  operacoes: aplicacoes.length + pagas,
});

const duplicado = (input: EventoInputParsed, id: number | null) =>
  eventos.some(
    (ev) =>
      ev.id !== id &&
      ev.acao === input.acao &&
      ev.tipo === input.tipo &&
      ev.data_ex === input.data_ex,
  );

/** Adds an event as a POST would (component tests set their scene with it). */
export function addMockEvento(input: EventoInputParsed, fonte: Evento['fonte'] = 'manual'): Evento {
  const evento: Stored = {
    id: nextId++,
    ...input,
    fonte,
    aplicado_em: null,
    aplicacoes: [],
    pagas: 0,
  };
  eventos.push(evento);
  aplicar(evento);
  return toEvento(evento);
}

const ACAO_NAO_ENCONTRADA = [{ path: ['acao'], message: 'Ação não encontrada.' }];

export const eventosHandlers = [
  handle(e.list, ({ input: { query } }) =>
    ok(
      e.list,
      eventos
        .filter((ev) => query.acao === undefined || ev.acao === query.acao)
        .sort((a, b) => b.data_ex.localeCompare(a.data_ex) || b.id - a.id)
        .map(toEvento),
    ),
  ),

  handle(e.create, ({ input: { body } }) => {
    if (!mockAcaoTicker(body.acao)) return invalid(ACAO_NAO_ENCONTRADA);
    if (duplicado(body, null)) return fail(409, EVENTO_DUPLICADO);
    return ok(e.create, addMockEvento(body));
  }),

  handle(e.update, ({ input: { params, body } }) => {
    const evento = eventos.find((ev) => ev.id === params.id);
    if (!evento) return fail(404, EVENTO_NAO_ENCONTRADO);
    if (!mockAcaoTicker(body.acao)) return invalid(ACAO_NAO_ENCONTRADA);
    if (duplicado(body, evento.id)) return fail(409, EVENTO_DUPLICADO);
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
