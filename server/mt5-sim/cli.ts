import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BEHAVIOURS, BehaviourSchema, Mt5Simulator } from './server';

const USAGE = `Usage: npm run mt5:sim -- [--host 127.0.0.2] [--port 8765] [--token T] [--behaviour online]
                       [--quote PETR4=38.12 ...] [--slow-ms 60000] [--fill-delay-ms 300] [--partial-fills]
                       [--trading-hours] [--reject-retcode 10006] [--commission 0] [--fee-percent 0.005]
--quote sets a symbol's last price (repeatable; its fractional twin follows); other symbols get a
deterministic price. --trading-hours refuses orders outside B3's session (10:00–16:55 São Paulo).
Each deal reports --commission (R$ per deal, default 0) and a fee of --fee-percent of its value (default 0.005).
Behaviours: ${BEHAVIOURS.join(', ')}.
Defaults for port and token: MT5_AGENT_PORT and MT5_AGENT_TOKEN, as the server reads them.
Switch the behaviour while it runs: PUT /_sim/behaviour {"behaviour": "..."} with the bearer token.`;

function wholeNumber(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${name} must be a whole number (got ${value})`);
  return n;
}

function amount(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+(?:\.\d+)?$/.test(value) || !Number.isFinite(n)) {
    throw new Error(`--${name} must be a number of 0 or more, with a decimal point (got ${value})`);
  }
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      host: { type: 'string', default: '127.0.0.1' },
      port: { type: 'string' },
      token: { type: 'string' },
      behaviour: { type: 'string', default: 'online' },
      'slow-ms': { type: 'string' },
      'fill-delay-ms': { type: 'string' },
      'partial-fills': { type: 'boolean', default: false },
      quote: { type: 'string', multiple: true, default: [] },
      'trading-hours': { type: 'boolean', default: false },
      'reject-retcode': { type: 'string' },
      commission: { type: 'string' },
      'fee-percent': { type: 'string' },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const behaviour = BehaviourSchema.safeParse(values.behaviour);
  if (!behaviour.success) throw new Error(`--behaviour must be one of: ${BEHAVIOURS.join(', ')}`);
  const { mt5 } = loadConfig();
  const sim = new Mt5Simulator({
    host: values.host,
    port: wholeNumber('port', values.port) ?? mt5.agentPort,
    token: values.token ?? mt5.agentToken,
    behaviour: behaviour.data,
    slowMs: wholeNumber('slow-ms', values['slow-ms']),
    fillDelayMs: wholeNumber('fill-delay-ms', values['fill-delay-ms']),
    partialFills: values['partial-fills'],
    tradingHours: values['trading-hours'],
    rejectRetcode: wholeNumber('reject-retcode', values['reject-retcode']),
    commission: amount('commission', values.commission),
    feePercent: amount('fee-percent', values['fee-percent']),
  });
  for (const quote of values.quote) {
    const match = /^([A-Za-z0-9]+)=(\d+(?:\.\d+)?)$/.exec(quote);
    if (!match || !(Number(match[2]) > 0))
      throw new Error(`--quote must be SYMBOL=PRICE (got ${quote})`);
    sim.terminal.setPrice(match[1]!.toUpperCase(), Number(match[2]));
  }
  const address = await sim.listen();
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  console.log(`MT5 agent simulator (${sim.behaviour}) on http://${host}:${address.port}/`);
  const stop = () => {
    void sim.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err: unknown) => {
  console.error((err as Error).message);
  console.error(USAGE);
  process.exit(1);
});
