import { ACAO_NAO_ENCONTRADA, acoesEndpoints as e, type Barra } from '../../contract';
import { fail, handle, ok } from '../contract';
import { mockAcao, mockQuote } from './carteira';
import { mockRecomendacao } from './recomendacoes';

/** The mock's history ends where the scene's quotes were made. */
export const MOCK_ULTIMO_PREGAO = '2025-10-29';
const PRIMEIRO_PREGAO = Date.parse('2023-11-01T12:00:00Z');
const DIA = 86_400_000;

/**
 * A plausible daily series for a stock (weekdays from 2023-11-01 to 2025-10-29, ending at its quote or its
 * recommendation's price): a random walk of up to 2 % a day walked back from the last close, from a small
 * generator (a 32-bit LCG) seeded by the ticker, so the same series on every run.
 */
export function mockHistoricoPrecos(ticker: string): Barra[] {
  let estado = [...ticker].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
  const rand = () => (estado = (Math.imul(estado, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const duas = (n: number) => Math.round(n * 100) / 100;
  let fechamento = mockQuote(ticker) ?? mockRecomendacao(ticker)?.preco_compra ?? 20;
  const barras: Barra[] = [];
  for (let t = Date.parse(`${MOCK_ULTIMO_PREGAO}T12:00:00Z`); t >= PRIMEIRO_PREGAO; t -= DIA) {
    if ([0, 6].includes(new Date(t).getUTCDay())) continue;
    const abertura = fechamento * (1 + (rand() - 0.5) * 0.02);
    const maxima = Math.max(abertura, fechamento) * (1 + rand() * 0.01);
    const minima = Math.min(abertura, fechamento) * (1 - rand() * 0.01);
    const [data, volume] = [new Date(t).toISOString().slice(0, 10), Math.round(1e6 + rand() * 9e6)];
    barras.push({
      data,
      abertura: duas(abertura),
      maxima: duas(maxima),
      minima: duas(minima),
      fechamento: duas(fechamento),
      volume,
    });
    fechamento = abertura * (1 + (rand() - 0.5) * 0.04);
  }
  return barras.reverse();
}

export const precosHandlers = [
  // Minimal (issue 29): answers the asset as the server would, without keeping it (the universe's list is the
  // scene's). No screen writes it yet.
  handle(e.update, ({ input: { params, body } }) =>
    ok(e.update, { id: mockAcao(params.ticker)?.id ?? 10_000, ticker: params.ticker, ...body }),
  ),
  handle(e.historico, ({ input: { params, query } }) => {
    const acao = mockAcao(params.ticker);
    if (!acao && !mockRecomendacao(params.ticker)) return fail(404, ACAO_NAO_ENCONTRADA);
    const barras = mockHistoricoPrecos(params.ticker).filter(
      (b) => (!query.de || b.data >= query.de) && (!query.ate || b.data <= query.ate),
    );
    return ok(e.historico, { acao: acao?.id ?? 999, ticker: params.ticker, barras });
  }),
];
