import { Mt5AgentClient, agentHost, type AgentAddress, type Mt5AgentSettings } from './client';

export interface FleetSettings extends Mt5AgentSettings {
  /** How many agents are asked at the same time. */
  statusConcurrency: number;
}

// The shortest wait one call is given, however many clients there are: a healthy agent on the VMs' network
// answers /health and /positions well within it.
const MIN_CALL_MS = 250;

/**
 * How long each of `count` calls may take when at most statusConcurrency run at once and all of them together should
 * take about one timeout: timeoutMs × slots / count, at least MIN_CALL_MS, at most timeoutMs.
 */
export function sharedTimeoutMs(
  settings: { timeoutMs: number; statusConcurrency: number },
  count: number,
): { slots: number; timeoutMs: number } {
  const slots = Math.max(1, Math.min(settings.statusConcurrency, count));
  return {
    slots,
    timeoutMs: Math.min(
      settings.timeoutMs,
      Math.max(MIN_CALL_MS, Math.floor((settings.timeoutMs * slots) / Math.max(1, count))),
    ),
  };
}

/**
 * Asks every target's agent, at most `statusConcurrency` calls at a time, and answers in the targets' order. The
 * timeout budget is shared: with more targets than slots, each call waits timeoutMs × statusConcurrency / targets
 * (at least MIN_CALL_MS), so that even when every VM hangs the whole round takes about one timeout (200 dead VMs
 * with 40 slots and 3 s: 5 rounds of 600 ms), and every target still gets a real call of its own. A target
 * without an address gets `missing(target)` and no call; one whose agent may not be called (an address outside
 * the agents' networks, a client token that cannot be opened) or whose `ask` throws gets `failed(target, err)`.
 */
export async function askFleet<T extends AgentAddress, R>(
  targets: readonly T[],
  settings: FleetSettings,
  ask: (client: Mt5AgentClient, target: T) => Promise<R>,
  missing: (target: T) => R,
  failed: (target: T, err: unknown) => R,
): Promise<R[]> {
  const results = new Array<R>(targets.length);
  const pending: number[] = [];
  targets.forEach((target, index) => {
    if (agentHost(target)) pending.push(index);
    else results[index] = missing(target);
  });
  const { slots, timeoutMs } = sharedTimeoutMs(settings, pending.length);
  const callSettings = { ...settings, timeoutMs };

  let next = 0;
  const worker = async () => {
    while (next < pending.length) {
      const index = pending[next++]!;
      const target = targets[index]!;
      try {
        results[index] = await ask(Mt5AgentClient.forAddress(target, callSettings)!, target);
      } catch (err) {
        results[index] = failed(target, err);
      }
    }
  };
  await Promise.all(Array.from({ length: slots }, worker));
  return results;
}
