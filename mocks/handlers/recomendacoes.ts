import {
  CLIENTE_NAO_ENCONTRADO,
  recomendacoesEndpoints as e,
  type Recomendacao,
  type RecomendacoesRecalculo,
} from '../../contract';
import { fail, handle, ok } from '../contract';
import { mockAcao, openMockTickers } from './carteira';
import { findMockCliente } from './clientes';

/** The latest recommendations (recorded, or a test's scene); a client's available ones leave out what it holds. */
let data = { recomendacoes: [] as Recomendacao[], recalculo: { message: '' } };
export const seedRecomendacoesMock = (value: typeof data & { recalculo: RecomendacoesRecalculo }) =>
  (data = value);
/** The latest recommendation of a stock, if any. */
export const mockRecomendacao = (ticker: string) =>
  data.recomendacoes.find((r) => r.ticker === ticker);

export const recomendacoesHandlers = [
  handle(e.list, () => ok(e.list, data.recomendacoes)),
  handle(e.refresh, () => ok(e.refresh, data.recalculo)),
  handle(e.disponiveis, ({ input: { params } }) => {
    if (!findMockCliente(params.id)) return fail(404, CLIENTE_NAO_ENCONTRADO);
    const abertas = openMockTickers(params.id);
    const disponiveis = data.recomendacoes.flatMap((r) => {
      const { ticker, empresa, preco_compra, alvo_sugerido, probabilidade, MIN, MAX } = r;
      const acao_id = mockAcao(ticker)?.id;
      if (acao_id === undefined || abertas.includes(ticker)) return [];
      return [{ acao_id, ticker, empresa, preco_compra, alvo_sugerido, probabilidade, MIN, MAX }];
    });
    return ok(e.disponiveis, disponiveis);
  }),
];
