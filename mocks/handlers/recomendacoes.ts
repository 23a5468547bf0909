import {
  CLIENTE_NAO_ENCONTRADO,
  recomendacoesEndpoints as e,
  type Recomendacao,
  type RecomendacoesRecalculo,
} from '../../contract';
import { fail, handle, ok } from '../contract';
import scene from '../scene/recomendacoes.json';

/** The latest set, in the server's order (probabilidade, then percentual_estimado, descending). */
export const MOCK_RECOMENDACOES: Recomendacao[] = scene.recomendacoes;
export const MOCK_RECALCULO: RecomendacoesRecalculo = scene.recalculo;

interface Data {
  recomendacoes: Recomendacao[];
  recalculo: RecomendacoesRecalculo;
  /** The stocks a client holds open (left out of its available ones), or null for an unknown client. */
  abertas: (cliente: number) => Array<string | undefined> | null;
  acaoId: (ticker: string, index: number) => number | undefined;
}
const SCENE: Data = {
  recomendacoes: MOCK_RECOMENDACOES,
  recalculo: MOCK_RECALCULO,
  abertas: (id) =>
    Number.isInteger(id) && id > 0 && id <= 3
      ? ((scene.abertas as Record<number, string[]>)[id] ?? [])
      : null,
  acaoId: (_, index) => index + 1,
};
let data = SCENE;

/** Replaces the set and where holdings come from (recorded fixtures and the portfolio's state for QA). */
export const seedRecomendacoesMock = (value: Data) => (data = value);
/** Back to the hand-picked set (mocks/handlers/index.ts). */
export const resetRecomendacoesMock = () => seedRecomendacoesMock(SCENE);
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
