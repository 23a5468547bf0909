import {
  ACAO_NAO_ENCONTRADA,
  EVENTO_DUPLICADO,
  EVENTO_NAO_ENCONTRADO,
  eventosEndpoints as e,
  type Evento,
  type EventoInputParsed,
} from '../../contract';
import { fail, handle, invalid, ok } from '../contract';
import { mockAcaoTicker } from './carteira';

/**
 * Corporate events kept as written, with the server's refusals (an unknown stock, a duplicate, an unknown id) in its
 * words. What an event does to the portfolio is the server's work, not redone here: the screens that show it set
 * the events' server as a scene (tests/src/msw-scenes-eventos.ts, the rules of shared/eventos).
 */
let eventos: Evento[] = [];
export const resetEventosMock = () => (eventos = []);

/** Why an event cannot be written as it is (an unknown stock, or one already there), or null. */
function recusa({ acao, tipo, data_ex }: EventoInputParsed, id: number | null) {
  if (!mockAcaoTicker(acao)) return invalid([{ path: ['acao'], message: ACAO_NAO_ENCONTRADA }]);
  const igual = (ev: Evento) =>
    ev.id !== id && ev.acao === acao && ev.tipo === tipo && ev.data_ex === data_ex;
  return eventos.some(igual) ? fail(409, EVENTO_DUPLICADO) : null;
}
const escrito = (input: EventoInputParsed) => ({
  ...input,
  acao_nome: mockAcaoTicker(input.acao)!,
  fonte: 'manual' as const,
});
const naoEncontrado = () => fail(404, EVENTO_NAO_ENCONTRADO);

export const eventosHandlers = [
  handle(e.list, ({ input: { query } }) => {
    const lista = eventos.filter((ev) => query.acao === undefined || ev.acao === query.acao);
    return ok(
      e.list,
      lista.sort((a, b) => b.data_ex.localeCompare(a.data_ex) || b.id - a.id),
    );
  }),
  handle(e.create, ({ input: { body } }) => {
    const id = Math.max(0, ...eventos.map((ev) => ev.id)) + 1;
    const evento = { id, ...escrito(body), aplicado_em: null, operacoes: 0 };
    return recusa(body, null) ?? ok(e.create, eventos[eventos.push(evento) - 1]!);
  }),
  handle(e.update, ({ input: { params, body } }) => {
    const evento = eventos.find((ev) => ev.id === params.id);
    if (!evento) return naoEncontrado();
    return recusa(body, evento.id) ?? ok(e.update, Object.assign(evento, escrito(body)));
  }),
  handle(e.delete, ({ input: { params } }) => {
    if (!eventos.some((ev) => ev.id === params.id)) return naoEncontrado();
    eventos = eventos.filter((ev) => ev.id !== params.id);
    return ok(e.delete, null);
  }),
];
