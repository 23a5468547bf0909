const SESSION_FORMAT = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'America/Sao_Paulo',
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** Whether B3's regular equities session is open at `now` (holidays are not modelled). */
export function inB3Session(now: Date): boolean {
  const parts = Object.fromEntries(SESSION_FORMAT.formatToParts(now).map((p) => [p.type, p.value]));
  if (parts.weekday === 'Sat' || parts.weekday === 'Sun') return false;
  const minutes = Number(parts.hour) * 60 + Number(parts.minute);
  return minutes >= 10 * 60 && minutes < 16 * 60 + 55;
}
