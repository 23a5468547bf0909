import { buildApuracao, type Apuracao } from './apuracao';
import type { Fechamentos } from './fechamentos';
import * as fixo from './fixo';
import { measureCadeia } from './medidas';
import type { Referencias } from './referencias';
import type {
  AlocacaoClasse,
  AlocacaoSetor,
  Carteira,
  Classificacao,
  ContribuicaoTicker,
  Periodo,
  PeriodoRentabilidade,
  Rentabilidade,
} from './tipos';

// Bound once: the loaders (tsx, vitest) turn named imports into getters that V8 does not inline in the per-ticker
// loops below (a third of the book's time, measured).
const { checked, reaisToNumber } = fixo;

/**
 * The performance engine of issue 30 (docs/rentabilidade.md). Pure: the server reads the rows and calls it.
 *
 *   const fechamentos = indexFechamentos(linhas);                         // once per request
 *   const referencias = prepareReferencias(periodo, taxasCdi, ibov);      // once per request
 *   const apuracao = buildApuracao(carteira, periodo, fechamentos);       // per client
 *   measureRentabilidade(apuracao, referencias, classificacao);           // → serie, meses, periodo, …
 *   measurePeriodo(apuracao, referencias);                                // → periodo only (the panel)
 *   measureRentabilidade(sumApuracoes(apuracoes, periodo), referencias);  // the book as one portfolio
 *   const { clientes, livro } = buildLivro(carteiras, periodo, fechamentos); // the same two at once, cheaper
 */

export { buildApuracao, buildLivro, sumApuracoes, type Apuracao } from './apuracao';
export { indexFechamentos, type Fechamentos, type LinhaFechamento } from './fechamentos';
export type { Valor } from './fixo';
export { solveMwr, type FluxoMwr } from './mwr';
export {
  prepareReferencias,
  type FechamentoIndice,
  type Referencias,
  type TaxaCdi,
} from './referencias';
export { buildGrade, type LinhaGrade, type AnoGrade } from './grade';
export type * from './tipos';
export * from './cdi-selic';

/**
 * Each ticker's part of the period: in reais, V_end − V_start − B + S + D (they sum to the portfolio's); in
 * points, Σ_t its result of t × W_t−1 / (V_t−1 + B_t), which sum to the period's time-weighted return.
 */
function contribution(a: Apuracao, pesos: Float64Array): ContribuicaoTicker[] {
  const linhas: Array<ContribuicaoTicker & { exato: number }> = [];
  for (const [ticker, r] of a.tickers) {
    let total = 0;
    let pontos = 0;
    const porSessao = r.por_sessao;
    if (porSessao) {
      for (let j = 0; j < porSessao.length; j++) {
        const x = porSessao[j]!;
        if (x === 0) continue;
        total = checked(total + x);
        pontos += x * pesos[j]!;
      }
    }
    linhas.push({ ticker, exato: total, resultado: reaisToNumber(total, a.escala), pontos });
  }
  linhas.sort((x, y) => y.exato - x.exato || x.ticker.localeCompare(y.ticker));
  return linhas.map(({ ticker, resultado, pontos }) => ({ ticker, resultado, pontos }));
}

/** The value at the last close per sector and per class, with its weight in the portfolio (largest first). */
function allocation(a: Apuracao, classificacao: ReadonlyMap<string, Classificacao>) {
  const total = a.patrimonio[a.patrimonio.length - 1]!;
  const setores = new Map<string | null, number>();
  const classes = new Map<string | null, number>();
  for (const [ticker, r] of a.tickers) {
    if (r.valor_final === 0) continue;
    const c = classificacao.get(ticker);
    const setor = c?.setor ?? null;
    const classe = c?.classe ?? null;
    setores.set(setor, checked((setores.get(setor) ?? 0) + r.valor_final));
    classes.set(classe, checked((classes.get(classe) ?? 0) + r.valor_final));
  }
  const rows = (grupos: Map<string | null, number>) =>
    [...grupos]
      .sort(([ka, x], [kb, y]) => y - x || String(ka).localeCompare(String(kb)))
      .map(([chave, valor]) => ({
        chave,
        valor: reaisToNumber(valor, a.escala),
        peso: total === 0 ? 0 : valor / total,
      }));
  return {
    setores: rows(setores).map(({ chave, valor, peso }): AlocacaoSetor => ({
      setor: chave,
      valor,
      peso,
    })),
    classes: rows(classes).map(({ chave, valor, peso }): AlocacaoClasse => ({
      classe: chave,
      valor,
      peso,
    })),
  };
}

/** Everything the client's RENTABILIDADE tab and report show, from the period's money and benchmarks. */
export function measureRentabilidade(
  apuracao: Apuracao,
  referencias: Referencias,
  classificacao: ReadonlyMap<string, Classificacao> = new Map(),
): Rentabilidade {
  const cadeia = measureCadeia(apuracao, referencias);
  return {
    serie: cadeia.serie,
    meses: cadeia.meses,
    periodo: cadeia.periodo,
    contribuicao: contribution(apuracao, cadeia.pesos),
    alocacao: allocation(apuracao, classificacao),
  };
}

/** Only the period's figures (retorno, retorno_mwr, cdi, ibov, …): the control panel's row of each client. */
export function measurePeriodo(apuracao: Apuracao, referencias: Referencias): PeriodoRentabilidade {
  return measureCadeia(apuracao, referencias, false).periodo;
}

export interface EntradaRentabilidade {
  carteira: Carteira;
  periodo: Periodo;
  fechamentos: Fechamentos;
  referencias: Referencias;
  classificacao?: ReadonlyMap<string, Classificacao>;
}

/** One client's performance in one call (buildApuracao then measureRentabilidade). */
export function rentabilidade(entrada: EntradaRentabilidade): Rentabilidade {
  return measureRentabilidade(
    buildApuracao(entrada.carteira, entrada.periodo, entrada.fechamentos),
    entrada.referencias,
    entrada.classificacao,
  );
}
