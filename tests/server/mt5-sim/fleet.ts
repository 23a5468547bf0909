import crypto from 'node:crypto';
import diagnostics from 'node:diagnostics_channel';
import type http from 'node:http';
import { Mt5Simulator, type Behaviour, type SimulatorOptions } from '../../../server/mt5-sim';

export interface SimFleet {
  /** The port every simulator of the fleet listens on (as MT5_AGENT_PORT). */
  port: number;
  token: string;
  sims: Mt5Simulator[];
  /** hosts[i] is where sims[i] listens. */
  hosts: string[];
  /** An address of the fleet's subnet where nothing listens (a VM that is off). */
  deadHost: string;
  close(): Promise<void>;
}

/**
 * Simulators on distinct loopback addresses sharing one port, as real VMs share MT5_AGENT_PORT. The subnet
 * and the port are random, so parallel test files (and the two database projects) never collide.
 */
export async function startFleet(
  behaviours: Behaviour[],
  opts: Partial<SimulatorOptions> = {},
): Promise<SimFleet> {
  const token = opts.token ?? 'token-de-teste-do-agente';
  for (let attempt = 0; ; attempt++) {
    const subnet = `127.${64 + crypto.randomInt(180)}.${crypto.randomInt(256)}`;
    const hosts = behaviours.map((_, i) => `${subnet}.${i + 1}`);
    const sims = behaviours.map(
      (behaviour, i) => new Mt5Simulator({ ...opts, token, behaviour, host: hosts[i] }),
    );
    try {
      const first = await sims[0]!.listen();
      for (const [i, sim] of sims.entries()) {
        if (i === 0) continue;
        await sim.listen(first.port);
      }
      return {
        port: first.port,
        token,
        sims,
        hosts,
        deadHost: `${subnet}.250`,
        close: async () => {
          await Promise.all(sims.map((s) => s.close()));
        },
      };
    } catch (err) {
      await Promise.all(sims.map((s) => s.close()));
      if (attempt >= 5) throw err;
    }
  }
}

/**
 * Counts the calls to agents on `port` that are open at the same time, on the calling side (the simulator
 * sees an aborted call end a moment later, so its own count runs slightly high). Node's HTTP client announces
 * each request it starts (diagnostics_channel); a request closes once its answer has been read or it failed.
 */
export function trackAgentCalls(port: number) {
  const counter = { inFlight: 0, max: 0, total: 0 };
  const onStart = (message: unknown) => {
    const { request } = message as { request: http.ClientRequest };
    if (!String(request.getHeader('host')).endsWith(`:${port}`)) return;
    counter.total++;
    counter.max = Math.max(counter.max, ++counter.inFlight);
    request.once('close', () => counter.inFlight--);
  };
  diagnostics.subscribe('http.client.request.start', onStart);
  return {
    counter,
    restore: () => diagnostics.unsubscribe('http.client.request.start', onStart),
  };
}
