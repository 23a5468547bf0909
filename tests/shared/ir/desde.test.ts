import { describe, expect, it } from 'vitest';
import { ErroEntradaIr, apurarIr, mesIr } from '../../../shared/ir';
import { clienteSintetico } from './timing';

/**
 * `apurarIr(entrada, ate, desde)` keeps the detail of the months from `desde` on and closes the earlier ones for
 * their carries alone (what the reports ask: one month, one year): the months it keeps are exactly those of the
 * whole computation.
 */
describe('apurarIr with desde', () => {
  const clientes = [1, 2, 3, 4].map((seed) => clienteSintetico(seed, 1_500));

  it.each([0, 1, 2, 3])(
    'synthetic client %i: 2026 kept in detail is 2026 of the whole ledger',
    (i) => {
      const entrada = clientes[i]!;
      const inteira = apurarIr(entrada, '2026-12');
      const ano = apurarIr(entrada, '2026-12', '2026-01');
      expect([...ano.meses.keys()]).toEqual(
        [...inteira.meses.keys()].filter((m) => m >= '2026-01'),
      );
      for (const [mes, detalhe] of ano.meses) {
        // Positions, lines, carries before and after, avisos (December's too): all the same.
        expect(detalhe).toEqual(inteira.meses.get(mes));
      }
    },
  );

  it('one month kept: the month asked, as in the whole computation, with its positions', () => {
    const entrada = clientes[0]!;
    const so = apurarIr(entrada, '2025-07', '2025-07');
    expect([...so.meses.keys()]).toEqual(['2025-07']);
    const m = mesIr(so, '2025-07');
    expect(m).toEqual(mesIr(apurarIr(entrada, '2025-07'), '2025-07'));
    expect(m.posicoes.length).toBeGreaterThan(0);
    expect(() => mesIr(so, '2025-06')).toThrow('O mês 2025-06 não foi apurado');
  });

  it('refuses a desde that is not a month', () => {
    expect(() => apurarIr(clientes[0]!, '2026-03', '2026-3')).toThrow(ErroEntradaIr);
  });
});
