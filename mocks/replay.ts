import type { ConciliacaoCliente } from '../contract';
import { seedCarteiraMock } from './handlers/carteira';
import { seedClientesMock } from './handlers/clientes';
import { seedConciliacaoMock } from './handlers/conciliacao';
import { seedImportacaoMock } from './handlers/importacao';
import { seedPainelMock } from './handlers/painel';
import { seedRecomendacoesMock } from './handlers/recomendacoes';
import { recorded } from './recorded';

/**
 * Seeds every handler from the recorded fixtures (`npm run dev:mock`, the QA end-to-end test): the same handlers as
 * the component tests, over the real server's answers instead of the tests' hand-picked scene. The order and lote
 * flows replay the recorded sequences in either case (mocks/handlers/ordens.ts, lotes.ts).
 */
export function seedFromRecordedFixtures(): void {
  const clientes = recorded('clientes-list').response.body;
  const statuses = recorded('clientes-status').response.body;
  seedClientesMock(clientes, Object.fromEntries(statuses.map(({ id, ...s }) => [id, s])));

  const posicionadas = recorded('dashboard-rv').response.body.posicionadas;
  const patrimonio = recorded('patrimonio-disponivel').response.body;
  const recomendacoes = recorded('recomendacoes').response.body;
  seedPainelMock({ posicionadas, patrimonio });

  // The freshest price known for each stock: today's quote, else the recommendation's close.
  const cotacoes: Record<string, number> = {};
  for (const r of recomendacoes) cotacoes[`${r.ticker}.SA`] = r.preco_compra;
  for (const p of posicionadas)
    if (p.preco_atual !== null) cotacoes[`${p.acao}.SA`] = p.preco_atual;
  const atuais = Object.entries(recorded('cotacoes-atuais').response.body);
  for (const [ticker, { preco_atual }] of atuais) cotacoes[ticker] = preco_atual;
  const cotado_em = atuais[0]![1].cotado_em ?? '';
  const porCliente: Record<number, number> = {};
  for (const row of patrimonio) {
    const cliente = clientes.find((c) => c.codigo_xp !== null && c.codigo_xp === row.codigo);
    if (cliente && row.patrimonio !== null) porCliente[cliente.id] = row.patrimonio;
  }
  const [acoes, operacoes] = [
    recorded('acoes').response.body,
    recorded('operacoes-list').response.body,
  ];
  seedCarteiraMock({ acoes, cotacoes, cotado_em, operacoes, patrimonio: porCliente });

  seedRecomendacoesMock({
    recomendacoes,
    recalculo: recorded('recomendacoes-recalcular').response.body,
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
  const contadas = { patrimonio: linhas('patrimonio'), custodia: linhas('custodia') };
  seedImportacaoMock({ linhas: contadas, importadas: [], lembrar: true });
}
