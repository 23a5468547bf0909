/**
 * Where the lines' labels go on the chart. The library's own labels sit on the price scale, over its figures
 * (a target of R$ 999,00 hid the scale's R$ 1.000,00), and two lines at close prices wrote their titles over each
 * other: the chart draws its lines bare and puts each label here, inside the plot, against the scale's left edge,
 * at its line's height when it can and moved just enough not to touch another label.
 */

/** A label to place: the height of its line on the plot, in pixels from the top. */
export interface RotuloAPosicionar {
  y: number;
}

/**
 * The top of each label (in the order given), each `altura` pixels tall with `folga` between two, centred on its
 * line when nothing is in the way, within the plot's `[0, alturaDoPlot]`. Labels that cannot all fit are spread
 * evenly from the top (they may then touch, never cross the plot's edges). A line off the plot keeps its label at
 * the nearest edge.
 */
export function posicionarRotulos(
  rotulos: readonly RotuloAPosicionar[],
  { altura, folga = 2, alturaDoPlot }: { altura: number; folga?: number; alturaDoPlot: number },
): number[] {
  const n = rotulos.length;
  if (n === 0) return [];
  const passo = altura + folga;
  const maximo = Math.max(0, alturaDoPlot - altura);
  const ordem = rotulos.map((r, i) => ({ i, y: r.y })).sort((a, b) => a.y - b.y || a.i - b.i);
  const topos = new Array<number>(n);
  if (n * altura + (n - 1) * folga > alturaDoPlot) {
    const cabe = n > 1 ? maximo / (n - 1) : 0;
    ordem.forEach((r, k) => (topos[r.i] = Math.min(k * cabe, maximo)));
    return topos;
  }
  // Down from the top: each at its line, or just under the one above. Then up from the bottom: none past the
  // plot's end, each just above the one below when pushed.
  const desejado = ordem.map((r) => Math.min(Math.max(r.y - altura / 2, 0), maximo));
  const t = [...desejado];
  for (let k = 1; k < n; k++) t[k] = Math.max(t[k]!, t[k - 1]! + passo);
  t[n - 1] = Math.min(t[n - 1]!, maximo);
  for (let k = n - 2; k >= 0; k--) t[k] = Math.min(t[k]!, t[k + 1]! - passo);
  ordem.forEach((r, k) => (topos[r.i] = t[k]!));
  return topos;
}
