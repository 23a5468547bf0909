/**
 * Monthly income tax on a client's B3 trades (issue 29; rules and sources in docs/imposto-de-renda.md, policy
 * choices in docs/decisions/0013-imposto-de-renda.md). Pure: no I/O, no clock; the server and the mocks load the
 * data and call it.
 *
 * Input (`EntradaIr`, money as decimal text):
 * - `operacoes`: every trade of the client, as traded — `{id, data, ticker, classe, lado, quantidade, preco,
 *   custos}`. Quantities and prices of their own day: the engine applies the share events itself. A book
 *   operation is held in the terms of every share event after its purchase (decision 0007: adjusted, or typed
 *   afterwards): its buy as made is `quantidade_antes`/`preco_antes` of its earliest eventos_aplicacoes row when
 *   those events adjusted it and it is unchanged since, else its values undone by their factors
 *   (server/modules/ir/compra.ts); its sale, made on or after those data_ex, is in the quantity it holds now.
 *   'PETR4F' is 'PETR4'. Any order; one client.
 * - `eventos`: share events (desdobramento, grupamento, bonificacao) with `fator` as the product stores it (new
 *   shares per old share) and, for a bonus, `custo_atribuido` per new share.
 * - `saldosIniciais`: per year, the carries that year starts with (they replace what the engine carried).
 * - `vendasExternas`: 'AAAA-MM' → stock sales made elsewhere (count toward the R$ 20,000.00).
 * - `proventos`: dividends and JCP received, for the month's R$ 50,000.00 dividend notice.
 *
 * Use:
 *   const a = apurarIr(entrada, '2026-12');   // the ledger once, every month through December 2026
 *   apurarIr(entrada, '2026-12', '2026-01')   // the same, keeping the detail of 2026's months only (faster)
 *   anoIr(a, 2026)                            // {ano, meses: MesIr[]}: GET /api/clientes/{id}/ir/?ano=
 *   mesIr(a, '2026-03')                       // MesIrDetalhado: linhas, posicoes, apuracao, saldos: …/ir/{mes}/
 *   darfIr(a, '2026-03')                      // {darf} | {motivo}: …/ir/{mes}/darf/ (404 with motivo)
 * For the book's month (GET /api/ir/?mes=), one `apurarIr(entrada, mes, mes)` per client, then `mesIr`/`darfIr`.
 * Errors: `ErroEntradaIr` for input the contract should have refused (a defect: 500).
 *
 * Output money is text to the cent ('150.00'), the average cost text with 6 places; `resumoDoMes` turns a detailed
 * month into the year's row. The API turns text into numbers with `money()` (shared/decimal.ts) at its edge.
 */
export { apurarIr } from './apuracao';
export type { ApuracaoIr } from './apuracao';
export {
  AVISO_SOMENTE_CARTEIRA,
  anoIr,
  darfIr,
  darfMesIr,
  detalheMesIr,
  mesIr,
  relatorioAnualIr,
  resumoDoMes,
} from './consultas';
export {
  addDays,
  feriados,
  isDiaUtil,
  mesesEntre,
  pascoa,
  proximoMes,
  ultimoDiaDoMes,
  ultimoDiaUtil,
  vencimentoDarf,
} from './calendario';
export { splitCustos } from './custos';
export {
  ALIQUOTAS,
  ALIQUOTA_IRRF_COMUM,
  DARF_MINIMO,
  IRRF_MINIMO,
  LIMITE_ISENCAO,
} from './fechamento';
export { tickerBase } from './posicoes';
export {
  ALIQUOTA_DIVIDENDOS_ACIMA_DO_LIMITE,
  LIMITE_DIVIDENDOS_MES,
  dividendosAcimaDoLimite,
  jcpAliquota,
  retencaoDividendos,
} from './proventos';
export type { DividendosAcimaDoLimite } from './proventos';
export { ErroEntradaIr } from './validacao';
export * from './tipos';
