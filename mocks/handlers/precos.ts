import { ACAO_NAO_ENCONTRADA, acoesEndpoints as e, type Barra } from '../../contract';
import { fail, handle, ok } from '../contract';
import { mockAcao, mockQuote } from './carteira';
import { mockRecomendacao } from './recomendacoes';

/** The mock's history ends where the recorded data set does. */
export const MOCK_ULTIMO_PREGAO = '2025-10-29';
const PRIMEIRO_PREGAO = '2023-11-01';

/** A small deterministic generator (a 32-bit LCG), seeded by the ticker: the same series on every run. */
function aleatorio(ticker: string) {
  let estado = [...ticker].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 7);
  return () => {
    estado = (Math.imul(estado, 1664525) + 1013904223) >>> 0;
    return estado / 2 ** 32;
  };
}

const duas = (n: number) => Math.round(n * 100) / 100;

/**
 * A plausible daily series for a stock (weekdays from 2023-11-01 to 2025-10-29, ending at its quote or its
 * recommendation's price): a random walk of up to 2 % a day, walked back from the last close.
 */
export function mockHistoricoPrecos(ticker: string): Barra[] {
  const datas: string[] = [];
  for (
    let t = Date.parse(`${PRIMEIRO_PREGAO}T12:00:00Z`);
    t <= Date.parse(`${MOCK_ULTIMO_PREGAO}T12:00:00Z`);
    t += 86_400_000
  ) {
    const dia = new Date(t).getUTCDay();
    if (dia !== 0 && dia !== 6) datas.push(new Date(t).toISOString().slice(0, 10));
  }
  const rand = aleatorio(ticker);
  let fechamento = mockQuote(ticker) ?? mockRecomendacao(ticker)?.preco_compra ?? 20;
  const barras: Barra[] = [];
  for (let i = datas.length - 1; i >= 0; i--) {
    const abertura = fechamento * (1 + (rand() - 0.5) * 0.02);
    const maxima = Math.max(abertura, fechamento) * (1 + rand() * 0.01);
    const minima = Math.min(abertura, fechamento) * (1 - rand() * 0.01);
    barras.push({
      data: datas[i]!,
      abertura: duas(abertura),
      maxima: duas(maxima),
      minima: duas(minima),
      fechamento: duas(fechamento),
      volume: Math.round(1_000_000 + rand() * 9_000_000),
    });
    fechamento = abertura * (1 + (rand() - 0.5) * 0.04);
  }
  return barras.reverse();
}

export const precosHandlers = [
  handle(e.historico, ({ input: { params, query } }) => {
    const acao = mockAcao(params.ticker);
    if (!acao && !mockRecomendacao(params.ticker)) return fail(404, ACAO_NAO_ENCONTRADA);
    return ok(e.historico, {
      acao: acao?.id ?? 999,
      ticker: params.ticker,
      barras: mockHistoricoPrecos(params.ticker).filter(
        (b) => (!query.de || b.data >= query.de) && (!query.ate || b.data <= query.ate),
      ),
    });
  }),
];
