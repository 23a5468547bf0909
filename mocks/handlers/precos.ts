import { ACAO_NAO_ENCONTRADA, acoesEndpoints as e } from '../../contract';
import { fail, handle, ok } from '../contract';
import { recorded } from '../recorded';
import { mockAcao } from './carteira';
import { mockRecomendacao } from './recomendacoes';

/** The recorded price history (mocks/fixtures/acoes-historico.json), for any stock the mock knows. */
const GRAVADO = recorded('acoes-historico').response.body;

export const precosHandlers = [
  // Minimal (issue 29): answers the asset as the server would, without keeping it.
  handle(e.update, ({ input: { params, body } }) =>
    ok(e.update, { id: mockAcao(params.ticker)?.id ?? 10_000, ticker: params.ticker, ...body }),
  ),
  handle(e.historico, ({ input: { params, query } }) => {
    const acao = mockAcao(params.ticker);
    if (!acao && !mockRecomendacao(params.ticker)) return fail(404, ACAO_NAO_ENCONTRADA);
    const barras = GRAVADO.barras.filter(
      (b) => (!query.de || b.data >= query.de) && (!query.ate || b.data <= query.ate),
    );
    return ok(e.historico, { acao: acao?.id ?? GRAVADO.acao, ticker: params.ticker, barras });
  }),
];
