import { describe, expect, it } from 'vitest';
import { feriados, isDiaUtil, pascoa, ultimoDiaDoMes, vencimentoDarf } from '../../../shared/ir';

describe('Easter (Meeus/Butcher)', () => {
  it.each([
    [1961, '1961-04-02'],
    [2000, '2000-04-23'],
    [2008, '2008-03-23'], // the earliest of the century's first half
    [2011, '2011-04-24'],
    [2019, '2019-04-21'],
    [2024, '2024-03-31'],
    [2025, '2025-04-20'],
    [2026, '2026-04-05'],
    [2027, '2027-03-28'],
    [2028, '2028-04-16'],
    [2029, '2029-04-01'],
    [2030, '2030-04-21'],
    [2038, '2038-04-25'], // the latest possible date
  ])('%i: %s', (ano, data) => {
    expect(pascoa(ano)).toBe(data);
  });
});

describe('business days', () => {
  it('national holidays, Carnival and Good Friday are not business days; Ash Wednesday is', () => {
    const f2026 = feriados(2026);
    for (const d of [
      '2026-01-01',
      '2026-02-16',
      '2026-02-17',
      '2026-04-03',
      '2026-04-21',
      '2026-05-01',
    ]) {
      expect(f2026.has(d)).toBe(true);
    }
    for (const d of [
      '2026-09-07',
      '2026-10-12',
      '2026-11-02',
      '2026-11-20',
      '2026-12-25',
      '2026-06-04',
    ]) {
      expect(isDiaUtil(d)).toBe(false);
    }
    expect(isDiaUtil('2026-02-18')).toBe(true); // Ash Wednesday: banks open at noon
    expect(isDiaUtil('2026-03-31')).toBe(true);
    expect(isDiaUtil('2026-03-28')).toBe(false); // Saturday
  });

  it('20/11 is a national holiday from 2024 (Lei 14.759/2023) only', () => {
    expect(isDiaUtil('2023-11-20')).toBe(true); // a Monday
    expect(isDiaUtil('2024-11-20')).toBe(false); // a Wednesday
  });

  it('the last day of a month, leap years included', () => {
    expect(['2026-02', '2028-02', '2026-04', '2026-12'].map(ultimoDiaDoMes)).toEqual([
      '2026-02-28',
      '2028-02-29',
      '2026-04-30',
      '2026-12-31',
    ]);
  });
});

/** The DARF's due date, one case a year where a weekend or a holiday moves it. */
describe('DARF due dates, 2024–2030', () => {
  it.each([
    ['2024-02', '2024-03-28', '31/03 a Sunday, 30 a Saturday, 29 Good Friday'],
    ['2024-11', '2024-12-30', '31/12 has no bank counters'],
    ['2025-01', '2025-02-28', 'Carnival is on 3–4 March: no effect'],
    ['2025-11', '2025-12-30', '31/12 has no bank counters'],
    ['2026-01', '2026-02-27', '28/02 a Saturday'],
    ['2026-02', '2026-03-31', 'worked example e'],
    ['2027-01', '2027-02-26', '27–28/02 a weekend'],
    ['2027-11', '2027-12-30', '31/12 a Friday with no bank counters'],
    ['2028-01', '2028-02-25', 'Carnival on Monday 28 and Tuesday 29 February'],
    ['2029-02', '2029-03-29', '30/03 Good Friday, 31 a Saturday'],
    ['2030-05', '2030-06-28', '29–30/06 a weekend'],
    ['2030-11', '2030-12-30', '31/12 has no bank counters'],
  ])('%s → %s (%s)', (mes, vencimento) => {
    expect(vencimentoDarf(mes)).toBe(vencimento);
  });
});
