import { ACAO_NAO_ENCONTRADA, acoesEndpoints as e, type Barra } from '../../../contract';
import { fail, handle, ok } from '../../../mocks/contract';
import { recorded } from '../../../mocks/recorded';
import { MOCK_ACOES, MOCK_COTACOES, MOCK_RECOMENDACOES } from '.';

/** The scene's history ends where its quotes were made. */
export const MOCK_ULTIMO_PREGAO = '2025-10-29';
const PRIMEIRO_PREGAO = Date.parse('2023-11-01T12:00:00Z');
const DIA = 86_400_000;

/**
 * A plausible daily series for a stock of the scene (weekdays from 2023-11-01 to 2025-10-29, ending at its quote or
 * its recommendation's price): a random walk of up to 2 % a day walked back from the last close, from a small
 * generator (a 32-bit LCG) seeded by the ticker, so the same series on every run.
 */
export function mockHistoricoPrecos(ticker: string): Barra[] {
  let estado = [...ticker].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
  const rand = () => (estado = (Math.imul(estado, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  const duas = (n: number) => Math.round(n * 100) / 100;
  let fechamento =
    MOCK_COTACOES[`${ticker}.SA`] ??
    MOCK_RECOMENDACOES.find((r) => r.ticker === ticker)?.preco_compra ??
    20;
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

/**
 * The scene's price history (server.use): two years of each stock it knows, the period asked for, in the recorded
 * answer's shape; 404 with the server's words for a stock it does not know.
 */
export const precosScene = () =>
  handle(e.historico, ({ input: { params, query } }) => {
    const { ticker } = params;
    const acao = MOCK_ACOES.find((a) => a.ticker === ticker)?.id;
    if (!acao && !MOCK_RECOMENDACOES.some((r) => r.ticker === ticker))
      return fail(404, ACAO_NAO_ENCONTRADA);
    const barras = mockHistoricoPrecos(ticker).filter(
      (b) => (!query.de || b.data >= query.de) && (!query.ate || b.data <= query.ate),
    );
    const gravado = recorded('acoes-historico').response.body;
    return ok(e.historico, { ...gravado, acao: acao ?? 999, ticker, barras });
  });
