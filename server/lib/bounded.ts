/**
 * Runs `task` over `items`, at most `limit` at a time. With a `deadline` (a `Date.now()` value) no item starts
 * after it, and the promise resolves at the deadline even while some are still running: those finish on their own
 * (their own timeouts bound them). `task` must not throw: each item's failure is its own to handle.
 */
export async function forEachBounded<T>(
  items: readonly T[],
  limit: number,
  task: (item: T) => Promise<void>,
  deadline?: number,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      if (deadline !== undefined && Date.now() >= deadline) return;
      await task(items[next++]!);
    }
  };
  const all = Promise.all(
    Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker),
  );
  if (deadline === undefined) {
    await all;
    return;
  }
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    all,
    new Promise<void>(
      (resolve) => (timer = setTimeout(resolve, Math.max(0, deadline - Date.now()))),
    ),
  ]);
  clearTimeout(timer);
}
