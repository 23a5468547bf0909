/**
 * Runs `task` once the browser has nothing more urgent to do (at the latest after `timeout` ms); the answer cancels
 * it. Where requestIdleCallback is missing (Safari, jsdom), shortly after.
 */
export function whenIdle(task: () => void, timeout = 2_000): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}
