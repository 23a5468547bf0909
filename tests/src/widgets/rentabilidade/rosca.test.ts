import { describe, expect, it } from 'vitest';
import {
  CORES_DA_ROSCA,
  MAX_FATIAS,
  groupFatias,
  fatiasDaRosca,
} from '../../../../src/widgets/rentabilidade/rosca';

/** The numbers of a path's commands, in order. */
const numeros = (d: string) => d.match(/-?\d+(\.\d+)?/g)!.map(Number);

describe('the allocation’s donut (src/widgets/rentabilidade/rosca.ts)', () => {
  it('draws a slice per item, clockwise from the top, each spanning its weight', () => {
    const [a, b] = fatiasDaRosca([
      { nome: 'Energia', valor: 250, peso: 0.25 },
      { nome: 'Bancos', valor: 750, peso: 0.75 },
    ]);
    // Largest first: Bancos from the top (0, −1) round three quarters to the left (−1, 0).
    expect(a!.nome).toBe('Bancos');
    const pa = numeros(a!.d);
    expect(pa.slice(0, 2)).toEqual([0, -1]);
    expect(a!.d).toMatch(/^M 0 -1 A 1 1 0 1 1 -1 0 L -0.6 0 A 0.6 0.6 0 1 0 0 -0.6 Z$/);
    // Energia: the last quarter, a small arc back to the top.
    expect(b!.d).toMatch(/^M -1 0 A 1 1 0 0 1 0 -1 L 0 -0.6 A 0.6 0.6 0 0 0 -0.6 0 Z$/);
    expect([a!.cor, b!.cor]).toEqual([CORES_DA_ROSCA[0], CORES_DA_ROSCA[1]]);
  });

  it('draws one item as a whole ring (one arc cannot close a circle)', () => {
    const [anel] = fatiasDaRosca([{ nome: 'Ação', valor: 100, peso: 1 }]);
    expect(anel!.d.match(/A /g)).toHaveLength(4);
    expect(anel!.d).toContain('M 0 -1');
    expect(anel!.d).toContain('M 0 -0.6');
  });

  it('sums the smallest items as Outros past the slices it has colours for, and leaves empty ones out', () => {
    const itens = Array.from({ length: 10 }, (_, i) => ({
      nome: `S${i}`,
      valor: 10 - i,
      peso: (10 - i) / 55,
    }));
    const grupos = groupFatias([...itens, { nome: 'Vazio', valor: 0, peso: 0 }]);
    expect(grupos).toHaveLength(MAX_FATIAS);
    expect(grupos.at(-1)!.nome).toBe('Outros');
    expect(grupos.at(-1)!.valor).toBe(3 + 2 + 1);
    const fatias = fatiasDaRosca(itens);
    expect(fatias.at(-1)!.cor).toBe('#718096');
    expect(new Set(fatias.map((f) => f.cor)).size).toBe(MAX_FATIAS);
    expect(fatiasDaRosca([])).toEqual([]);
  });
});
