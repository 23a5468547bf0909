import type {
  BuyValidationResult,
  ConciliacaoCliente,
  LoteStatus,
  LoteValidacao,
  OrderStatus,
} from '../contract';
import { openMockTickers, mockAcao, seedCarteiraMock } from './handlers/carteira';
import { findMockCliente, resetClientesMock } from './handlers/clientes';
import { seedConciliacaoMock } from './handlers/conciliacao';
import { seedImportacaoMock } from './handlers/importacao';
import { seedLotesMock } from './handlers/lotes';
import { seedOrdensMock } from './handlers/ordens';
import { seedPainelMock } from './handlers/painel';
import { seedRecomendacoesMock } from './handlers/recomendacoes';
import type { SequenceName } from './fixture-catalogue';
import { recorded, recordedSequence } from './recorded';

/**
 * Seeds every handler from the recorded fixtures (`npm run dev:mock`, the QA end-to-end test): the same handlers as
 * the component tests, over the real server's answers instead of the tests' hand-picked scene; and the order and
 * lote flows replay the recorded sequences (validate → send → status …), one recorded answer per call, with the
 * stock at hand in place of the recorded one.
 */
export function seedFromRecordedFixtures(): void {
  const clientes = recorded('clientes-list').response.body;
  const statuses = recorded('clientes-status').response.body;
  resetClientesMock(clientes, Object.fromEntries(statuses.map(({ id, ...s }) => [id, s])));

  const posicionadas = recorded('dashboard-rv').response.body.posicionadas;
  const patrimonio = recorded('patrimonio-disponivel').response.body;
  const recomendacoes = recorded('recomendacoes').response.body;
  seedPainelMock({ posicionadas, patrimonio });

  // The freshest price known for each stock: today's quote, else the recommendation's close.
  const cotacoes: Record<string, number> = {};
  for (const r of recomendacoes) cotacoes[`${r.ticker}.SA`] = r.preco_compra;
  for (const p of posicionadas)
    if (p.preco_atual !== null) cotacoes[`${p.acao}.SA`] = p.preco_atual;
  for (const [ticker, { preco_atual }] of Object.entries(recorded('cotacoes-atuais').response.body))
    cotacoes[ticker] = preco_atual;
  const porCliente: Record<number, number> = {};
  for (const row of patrimonio) {
    const cliente = clientes.find((c) => c.codigo_xp !== null && c.codigo_xp === row.codigo);
    if (cliente && row.patrimonio !== null) porCliente[cliente.id] = row.patrimonio;
  }
  const [acoes, operacoes] = [
    recorded('acoes').response.body,
    recorded('operacoes-list').response.body,
  ];
  seedCarteiraMock({ acoes, cotacoes, operacoes, patrimonio: porCliente });

  seedRecomendacoesMock({
    recomendacoes,
    recalculo: recorded('recomendacoes-recalcular').response.body,
    abertas: (id) => (findMockCliente(id) ? openMockTickers(id) : null),
    acaoId: (ticker) => mockAcao(ticker)?.id,
  });

  // The recorded reconciliation: the list, and the one client whose detail was recorded in full.
  const detalhe = recorded('conciliacao-cliente').response.body;
  const lista = recorded('conciliacao').response.body;
  seedConciliacaoMock(
    lista.map((c): ConciliacaoCliente =>
      c.cliente === detalhe.cliente ? detalhe : { ...c, linhas: [] },
    ),
  );

  const upload = recorded('importacao-upload').response.body;
  const linhas = (tipo: 'patrimonio' | 'custodia') =>
    'resumo' in upload ? (upload.resumo[tipo]?.linhas ?? 0) : upload.linhas;
  seedImportacaoMock({ patrimonio: linhas('patrimonio'), custodia: linhas('custodia') });

  seedOrdensMock({
    validate: (ticker) => trocado<BuyValidationResult>('fluxo-compra', ticker)[0]!,
    roteiro: (lado, ticker, rejeitada) =>
      trocado<OrderStatus>(
        lado === 'venda' ? 'fluxo-venda' : rejeitada ? 'fluxo-compra-rejeitada' : 'fluxo-compra',
        ticker,
      ).filter((s) => 'summary' in s && 'executed_all' in s),
    historico: [
      ...recorded('ordens').response.body.results,
      ...recorded('ordens-pagina-2').response.body.results,
    ],
    detalhe: recorded('ordem').response.body,
  });
  seedLotesMock({
    validate: (req) => {
      const fluxo = req.execucao === 'limite' ? 'fluxo-lote-cancelar' : 'fluxo-lote-compra';
      const { itens } = trocado<LoteValidacao>(fluxo, req.ticker)[0]!;
      const pedidos = req.clientes && new Set(req.clientes);
      return { itens: itens.filter((i) => !pedidos || pedidos.has(i.cliente)) };
    },
    roteiro: (lado, cliente, ticker) => {
      const fluxo = lado === 'venda' ? 'fluxo-lote-venda' : 'fluxo-lote-compra';
      const passos = trocado<LoteStatus>(fluxo, ticker).filter(
        (s) => 'lote_id' in s && 'itens' in s,
      );
      const item = (s: LoteStatus) => s.itens.find((i) => i.cliente === cliente);
      return passos.every(item) ? passos.map((s) => item(s)!) : undefined;
    },
  });
}

/** The stock a recorded sequence traded (its first request names it). */
function tickerOf(steps: ReturnType<typeof recordedSequence>): string {
  const body = steps[0]!.request.body as { ticker?: string; ticker_base?: string } | undefined;
  const status = steps.at(-1)!.response.body as {
    ticker_base?: string;
    summary?: Array<{ symbol: string }>;
  };
  return (
    body?.ticker ?? body?.ticker_base ?? status.ticker_base ?? status.summary?.[0]?.symbol ?? ''
  );
}

/** A recorded sequence's answers, in order, with the stock at hand in place of the recorded one. */
function trocado<T>(name: SequenceName, ticker: string): T[] {
  const steps = recordedSequence(name);
  const recordedTicker = tickerOf(steps);
  return steps.map(
    (s) => JSON.parse(JSON.stringify(s.response.body).replaceAll(recordedTicker, ticker)) as T,
  );
}
