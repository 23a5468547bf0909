import { describe, expect, it } from 'vitest';
import { tituloDe } from '../../../../server/modules/alertas/motor-tipos';
import { observeOperacoes } from '../../../../server/modules/alertas/precos';

describe("an alert's title", () => {
  it('ends with one full stop when the client\'s name has its own ("S.A.")', () => {
    const [obs] = observeOperacoes(
      [
        {
          id: 1,
          cliente_id: 1,
          nome: 'Petrobras S.A.',
          ticker: 'PETR4',
          valor_alvo: '10.0000',
          valor_stop: null,
        },
      ],
      new Map([['PETR4', 10.1]]),
      1,
      'alvo',
      new Set(),
    );
    expect(tituloDe(obs!)).toBe(
      'PETR4 atingiu o alvo de R$ 10,00 (cotação R$ 10,10) — Petrobras S.A.',
    );
  });

  it('keeps the full stop of a name without one', () => {
    const [obs] = observeOperacoes(
      [
        {
          id: 1,
          cliente_id: 1,
          nome: 'Ana',
          ticker: 'PETR4',
          valor_alvo: null,
          valor_stop: '9.0000',
        },
      ],
      new Map([['PETR4', 8.5]]),
      1,
      'stop',
      new Set(),
    );
    expect(tituloDe(obs!)).toBe('PETR4 chegou ao stop de R$ 9,00 (cotação R$ 8,50) — Ana.');
  });
});
