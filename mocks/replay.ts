import { seedCarteiraMock, openMockTickers, mockAcao } from './handlers/carteira';
import { findMockCliente, resetClientesMock } from './handlers/clientes';
import { seedImportacaoMock } from './handlers/importacao';
import { seedOrdensMock } from './handlers/ordens';
import { seedPainelMock } from './handlers/painel';
import { seedRecomendacoesMock } from './handlers/recomendacoes';
import { recorded } from './recorded';

/**
 * Seeds every handler from the recorded fixtures (`npm run dev:mock`, the QA end-to-end test): the same
 * handlers as the component tests, over the real server's answers instead of the tests' hand-picked rows.
 */
export function seedFromRecordedFixtures(): void {
  const clientes = recorded('clientes-list').response.body;
  const statuses = recorded('clientes-status').response.body;
  resetClientesMock(
    clientes,
    Object.fromEntries(statuses.map(({ id, ...status }) => [id, status])),
  );

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
  const patrimonioPorCliente: Record<number, number> = {};
  for (const row of patrimonio) {
    const cliente = clientes.find((c) => c.codigo_xp !== null && c.codigo_xp === row.codigo);
    if (cliente && row.patrimonio !== null) patrimonioPorCliente[cliente.id] = row.patrimonio;
  }
  seedCarteiraMock({
    acoes: recorded('acoes').response.body,
    cotacoes,
    operacoes: recorded('operacoes-list').response.body,
    patrimonio: patrimonioPorCliente,
  });

  seedRecomendacoesMock({
    recomendacoes,
    recalculo: recorded('recomendacoes-recalcular').response.body,
    abertas: (id) => (findMockCliente(id) ? openMockTickers(id) : null),
    acaoId: (ticker) => mockAcao(ticker)?.id,
  });

  // The recorded messages, with the recorded stock and reason swapped for the ones at hand.
  const rejeitada = recorded('compra-status-rejeitada');
  const tickerRejeitado = rejeitada.response.body.summary[0]?.symbol ?? '';
  const erro = rejeitada.response.body.erro ?? '';
  const offline = recorded('compra-validar-offline').response.body.detail;
  const motivoOffline = statuses.find((s) => s.status === 'offline')?.detail ?? '';
  seedOrdensMock({
    rejection: (ticker) => erro.replace(tickerRejeitado, ticker),
    unreachable: (detail) => offline.replace(motivoOffline, detail ?? motivoOffline),
  });

  const upload = recorded('importacao-upload').response.body;
  const conflito = recorded('importacao-upload-409').response.body.detail;
  const dataConflito = conflito.match(/\d{2}\/\d{2}\/\d{4}/)?.[0] ?? '';
  const rows =
    'resumo' in upload
      ? {
          patrimonio: upload.resumo.patrimonio?.linhas ?? 0,
          custodia: upload.resumo.custodia?.linhas ?? 0,
        }
      : { patrimonio: upload.linhas, custodia: upload.linhas };
  seedImportacaoMock({
    rows,
    importedDates: dataConflito ? [dataConflito.split('/').reverse().join('-')] : [],
    conflictDetail: (date) => conflito.replace(dataConflito, date.split('-').reverse().join('/')),
  });
}
