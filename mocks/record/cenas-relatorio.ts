import type { Cliente } from '../../contract';
import { todayIso } from '../../shared/dates';
import { NENHUM } from './cenas-cadastro';
import type { Recorder } from './recorder';

/** The month before a day's: '2026-03-16' → '2026-02'. */
function mesAnterior(dia: string): string {
  const [ano, mes] = [Number(dia.slice(0, 4)), Number(dia.slice(5, 7))];
  return mes === 1 ? `${ano - 1}-12` : `${ano}-${String(mes - 1).padStart(2, '0')}`;
}

/**
 * The monthly report (issue 30): Ana's last closed month as the PDF the server makes (kept in base64), and an
 * unknown client's 404.
 */
export async function gravarRelatorio(r: Recorder, ana: Cliente) {
  const mes = mesAnterior(todayIso());
  await r.record('relatorio', { params: { id: ana.id, mes } });
  await r.record('relatorio-404', { params: { id: NENHUM, mes } });
}
