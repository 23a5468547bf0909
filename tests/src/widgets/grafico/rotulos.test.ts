import { describe, expect, it } from 'vitest';
import { posicionarRotulos } from '../../../../src/widgets/grafico/rotulos';

const ALTURA = 18;
const FOLGA = 2;
const PLOT = 300;
const posicionar = (ys: number[], alturaDoPlot = PLOT) =>
  posicionarRotulos(
    ys.map((y) => ({ y })),
    { altura: ALTURA, folga: FOLGA, alturaDoPlot },
  );

/** No two labels share a pixel row, and every one is wholly inside the plot. */
function semSobreposicao(topos: number[], alturaDoPlot = PLOT) {
  const ordenados = [...topos].sort((a, b) => a - b);
  for (let k = 1; k < ordenados.length; k++) {
    expect(ordenados[k]! - ordenados[k - 1]!).toBeGreaterThanOrEqual(ALTURA);
  }
  for (const t of topos) {
    expect(t).toBeGreaterThanOrEqual(0);
    expect(t + ALTURA).toBeLessThanOrEqual(alturaDoPlot);
  }
}

describe('posicionarRotulos: the lines’ labels on the chart', () => {
  it('centres each label on its line when none is in the way', () => {
    expect(posicionar([50, 150, 250])).toEqual([41, 141, 241]);
  });

  it('moves apart labels of lines at close prices (a buy at 63,34, the quote at 63,33), in the lines’ order', () => {
    const topos = posicionar([120, 121, 119]);
    semSobreposicao(topos);
    // The line highest on the plot keeps the highest label.
    expect(topos[2]!).toBeLessThan(topos[0]!);
    expect(topos[0]!).toBeLessThan(topos[1]!);
  });

  it('keeps labels inside the plot: a line at its top or bottom edge, or off it, has its label at that edge', () => {
    const topos = posicionar([0, 1, 299, 300, -40, 500]);
    semSobreposicao(topos);
    expect(Math.min(...topos)).toBe(0);
    expect(Math.max(...topos)).toBe(PLOT - ALTURA);
  });

  it('pushes a crowd at the bottom upwards rather than past the edge', () => {
    const topos = posicionar([295, 296, 297, 298]);
    semSobreposicao(topos);
    expect(Math.max(...topos)).toBe(PLOT - ALTURA);
  });

  it('spreads evenly from the top when they cannot all fit, none past the edges', () => {
    const topos = posicionar([10, 10, 10, 10], 50);
    expect(topos).toEqual([0, 32 / 3, (2 * 32) / 3, 32]);
  });

  it('places nothing when there is nothing to place', () => {
    expect(posicionar([])).toEqual([]);
  });
});
