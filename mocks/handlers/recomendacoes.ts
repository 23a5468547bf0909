import {
  CLIENTE_NAO_ENCONTRADO,
  recomendacoesEndpoints as e,
  type Recomendacao,
  type RecomendacoesRecalculo,
} from '../../contract';
import { fail, handle, ok } from '../contract';

/** The latest recommendations (recorded, or a test's scene), and where a client's holdings come from. */
export interface RecomendacoesSeed {
  recomendacoes: Recomendacao[];
  recalculo: RecomendacoesRecalculo;
  /** The stocks a client holds open (left out of its available ones), or null for an unknown client. */
  abertas: (cliente: number) => Array<string | undefined> | null;
  acaoId: (ticker: string, index: number) => number | undefined;
}
let data: RecomendacoesSeed = {
  recomendacoes: [],
  recalculo: { message: '' },
  abertas: () => null,
  acaoId: () => undefined,
};

export const seedRecomendacoesMock = (value: RecomendacoesSeed) => (data = value);
/** The latest recommendation of a stock, if any. */
export const mockRecomendacao = (ticker: string) =>
  data.recomendacoes.find((r) => r.ticker === ticker);

export const recomendacoesHandlers = [
  handle(e.list, () => ok(e.list, data.recomendacoes)),
  handle(e.refresh, () => ok(e.refresh, data.recalculo)),
  handle(e.disponiveis, ({ input: { params } }) => {
    const held = data.abertas(params.id);
    if (!held) return fail(404, CLIENTE_NAO_ENCONTRADO);
    const disponiveis = data.recomendacoes
      .filter((r) => !held.includes(r.ticker))
      .flatMap(({ ticker, empresa, preco_compra, alvo_sugerido, probabilidade, MIN, MAX }, i) => {
        const acao_id = data.acaoId(ticker, i);
        const r = { ticker, empresa, preco_compra, alvo_sugerido, probabilidade, MIN, MAX };
        return acao_id === undefined ? [] : [{ acao_id, ...r }];
      });
    return ok(e.disponiveis, disponiveis);
  }),
];
