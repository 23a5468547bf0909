import type { Alerta } from '../../../contract';
import { isoFromBr } from '../../../shared/dates';
import { formatDateTimeMinutes } from '../../../shared/format';
import { ApiRequestError } from '../../lib/api';

/**
 * The Alertas page's rules, apart from React (tests/src/features/alertas/alertas-state.test.ts): the snooze's
 * instant from what was typed, its quick choices, and what a row says of an alert's handling.
 */

/** B3's clock: São Paulo, UTC−3 all year since 2019 (no daylight saving). */
const SAO_PAULO = '-03:00';
const OFFSET_MS = 3 * 3_600_000;
const HORA = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** An instant as São Paulo's wall clock: 'dd/mm/aaaa' and 'HH:MM'. */
export function relogioDeSaoPaulo(instante: Date): { data: string; hora: string } {
  const local = new Date(instante.getTime() - OFFSET_MS).toISOString();
  const [ano, mes, dia] = local.slice(0, 10).split('-');
  return { data: `${dia}/${mes}/${ano}`, hora: local.slice(11, 16) };
}

/**
 * The instant to snooze until, from a date (dd/mm/aaaa) and a time (HH:MM) of São Paulo, with its offset as the
 * server takes it; null when either is not a real date or time (the server judges the rest: ahead, within 30 days).
 */
export function instanteDoAdiamento(data: string, hora: string): string | null {
  const iso = isoFromBr(data);
  if (!iso || !horaValida(hora)) return null;
  return `${iso}T${hora.trim()}:00${SAO_PAULO}`;
}

export const horaValida = (hora: string) => HORA.test(hora.trim());

export const HORA_INVALIDA = 'Informe a hora como hh:mm (ex.: 14:30).';
export const DATA_INVALIDA = 'Informe a data como dd/mm/aaaa.';

/** The quick choices of the snooze: in an hour, in four, tomorrow at B3's opening (10:00 in São Paulo). */
export function sugestoesDeAdiamento(
  agora: Date,
): Array<{ rotulo: string; data: string; hora: string }> {
  const amanha = relogioDeSaoPaulo(new Date(agora.getTime() + 86_400_000));
  return [
    { rotulo: '1 hora', ...relogioDeSaoPaulo(new Date(agora.getTime() + 3_600_000)) },
    { rotulo: '4 horas', ...relogioDeSaoPaulo(new Date(agora.getTime() + 4 * 3_600_000)) },
    { rotulo: 'Amanhã às 10:00', data: amanha.data, hora: '10:00' },
  ];
}

/** What a row says of an alert's handling: acknowledged (by whom, when), snoozed (until when, if still ahead). */
export function tratamentoDoAlerta(alerta: Alerta, agora: Date): string[] {
  const partes: string[] = [];
  if (alerta.reconhecido) {
    const quem = alerta.reconhecido_por ? ` por ${alerta.reconhecido_por}` : '';
    const quando = alerta.reconhecido_em
      ? ` em ${formatDateTimeMinutes(alerta.reconhecido_em)}`
      : '';
    partes.push(`Reconhecido${quem}${quando}`);
  }
  if (alerta.adiado_ate && Date.parse(alerta.adiado_ate) > agora.getTime()) {
    partes.push(`Adiado até ${formatDateTimeMinutes(alerta.adiado_ate)}`);
  }
  return partes;
}

/** Acknowledge and snooze apply to an alert not over; acknowledge, once. */
export const podeReconhecer = (a: Alerta) => !a.reconhecido && a.estado !== 'resolvido';
export const podeAdiar = (a: Alerta) => a.estado !== 'resolvido';

/** A refusal as the server put it (a duplicate rule's 409, a resolved alert's), else the call's message. */
export const detalheDoErro = (error: Error) =>
  error instanceof ApiRequestError && error.detail ? error.detail : error.message;
