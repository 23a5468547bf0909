import type { Recorder } from './recorder';

/**
 * The home screen (issue 34): recorded last, so that it shows what the other scenes left — the demo's positions
 * at their targets and stops, the orders and lotes still in flight, the offline terminal, the alerts' unread
 * notifications.
 */
export async function gravarInicio(r: Recorder) {
  await r.record('inicio', {});
}
