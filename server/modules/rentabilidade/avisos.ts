import type { Fontes } from '../../../contract';
import { formatDate, formatDateTimeMinutes } from '../../../shared/format';
import { cdiEstimado } from '../../../shared/rentabilidade';
import type { AtualizacaoLida, TaxaLida } from './repository';

/**
 * What the answers say about their benchmarks and their data, in Portuguese for the screens (`avisos`), besides
 * the engine's own (a rate not yet published, an Ibovespa without closes): where the CDI came from, a refresh that
 * failed, operations left out.
 */

/** The demo's CDI, estimated from the Selic targets: the screen must say so. */
export const CDI_ESTIMADO = cdiEstimado([]).aviso;

export const IBOV_YAHOO = '^BVSP';

const NOMES = { cdi: 'do CDI pelo Banco Central', ibov: 'do Ibovespa (Yahoo Finance)' } as const;
const GUARDADOS = { cdi: 'as taxas guardadas', ibov: 'os fechamentos guardados' } as const;

/** A benchmark's last refresh failed: the stored series still serves, and the screen says until when. */
export function refreshFailed(a: AtualizacaoLida): string {
  const ate = a.ultimo_dia ? ` até ${formatDate(a.ultimo_dia)}` : '';
  return (
    `A atualização ${NOMES[a.referencia]} falhou em ${formatDateTimeMinutes(new Date(a.tentativa_em).toISOString())}` +
    ` (${a.erro}); valem ${GUARDADOS[a.referencia]}${ate}.`
  );
}

export const substitutoAusente = (ticker: string) =>
  `O substituto do Ibovespa escolhido (IBOV_TICKER=${ticker}) não está no universo de ações: importe o seu ` +
  'histórico (COTAHIST) para compará-lo.';

export const foraDoCalculo = (n: number) =>
  n === 1
    ? '1 operação sem quantidade, preço ou preço de venda ficou fora do cálculo.'
    : `${n} operações sem quantidade, preço ou preço de venda ficaram fora do cálculo.`;

/**
 * Where the period's CDI came from: the rates of its days (without any, the last rate before it, which its
 * sessions then take); null: no rate at all.
 */
export function cdiSource(taxas: readonly TaxaLida[], de: string, ate: string): Fontes['cdi'] {
  const doPeriodo = taxas.filter((t) => t.data >= de && t.data <= ate);
  const usadas = doPeriodo.length > 0 ? doPeriodo : taxas;
  const bcb = usadas.some((t) => t.fonte === 'bcb');
  const selic = usadas.some((t) => t.fonte === 'selic');
  return bcb && selic ? 'misto' : bcb ? 'bcb' : selic ? 'selic' : null;
}
