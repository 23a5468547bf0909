/** The middle sample (the upper one of an even count): what one slow run cannot move. */
export function median(samples: number[]): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Median of each, sampled alternately so that a busy machine slows both sides alike. */
export async function compare(
  runs: number,
  first: () => Promise<unknown>,
  second: () => Promise<unknown>,
): Promise<[number, number]> {
  for (let i = 0; i < Math.min(5, runs); i++) {
    await first();
    await second();
  }
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < runs; i++) {
    let t = performance.now();
    await first();
    a.push(performance.now() - t);
    t = performance.now();
    await second();
    b.push(performance.now() - t);
  }
  return [median(a), median(b)];
}
