import { todayIso } from '../../shared/dates';
import type { Cliente } from '../../contract';
import { NENHUM } from './cenas-cadastro';
import type { Recorder } from './recorder';

/** A year back from a day (aaaa-mm-dd), the same day of the month. */
const umAnoAntes = (dia: string) => `${Number(dia.slice(0, 4)) - 1}${dia.slice(4)}`;

/**
 * The returns (issue 30): Ana's portfolio over the demo's last year against its CDI (estimated from the Selic
 * targets, as the answer says) and no Ibovespa (the demo has none), and the book over the same year; an unknown
 * client and an inverted period refused.
 */
export async function gravarRentabilidade(r: Recorder, ana: Cliente) {
  const ate = todayIso();
  const de = umAnoAntes(ate);
  await r.record('rentabilidade', { params: { id: ana.id }, query: { de, ate } });
  await r.record('rentabilidade-404', { params: { id: NENHUM }, query: { de, ate } });
  await r.record('rentabilidade-400', { params: { id: ana.id }, query: { de: ate, ate: de } });
  await r.record('rentabilidade-livro', { query: { de, ate } });
  await r.record('rentabilidade-livro-400', { query: { de: '2025-02-30' } });
}
