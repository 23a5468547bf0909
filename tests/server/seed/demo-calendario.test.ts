import { describe, expect, it } from 'vitest';
import {
  DEMO_AJUSTADO_ATE,
  demoCalendario,
  readDemoPrecos,
} from '../../../server/seed/demo-precos';

describe('the demo calendar', () => {
  const sessoes = [...new Set(readDemoPrecos().map((p) => p.data))].sort();

  it('lays the bundled sessions, in order, on the weekdays up to the one before the database’s day', () => {
    // A Monday: the demo ends with the Friday before.
    const dia = demoCalendario('2026-11-23');
    const dias = sessoes.map(dia);
    expect(dia(DEMO_AJUSTADO_ATE)).toBe('2026-11-20');
    expect(dias.at(-1)).toBe('2026-11-20');
    expect(new Set(dias).size).toBe(sessoes.length);
    expect([...dias].sort()).toEqual(dias);
    for (const d of dias) expect([0, 6]).not.toContain(new Date(`${d}T12:00:00Z`).getUTCDay());
    // A Wednesday: the Tuesday before; the same day gives the same calendar.
    expect(demoCalendario('2026-11-25')(DEMO_AJUSTADO_ATE)).toBe('2026-11-24');
    expect(sessoes.map(demoCalendario('2026-11-23'))).toEqual(dias);
  });

  it('moves the bundled prices with it, and refuses a date that is no session', () => {
    const dia = demoCalendario('2026-11-23');
    const [raw] = readDemoPrecos({ tickers: ['WEGE3'] });
    const [first] = readDemoPrecos({ tickers: ['WEGE3'], calendario: dia });
    expect(first).toEqual({ ...raw, data: dia(raw!.data) });
    expect(() => dia('2025-10-30')).toThrow(/not a session/);
  });
});
