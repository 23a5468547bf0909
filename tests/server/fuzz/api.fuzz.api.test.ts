import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints, type EndpointDef } from '../../../contract';
import { Mt5Simulator } from '../../../server/mt5-sim';
import { startTestServer, type TestServer } from '../../support/test-server';
import { EXAMPLES } from './examples-ordens';
import { fingerprintOf, type Fingerprint } from './fingerprint';
import { planOf, probesOf } from './plan';
import type { Probe } from './probes';
import { hasDetail, requestFor, send, type Answer, type Base, type Req } from './sending';
import { seedDatabase, SIM_HOST, type Seed } from './seeds';
import { jsonSchemaOf, type JsonSchema } from './variants';

/**
 * Every endpoint of the contract gets malformed requests derived from its own schemas: each field of its params,
 * query, headers and body replaced by a wrong type, null, nothing, control characters, huge text, huge, negative or
 * fractional numbers, ids past PostgreSQL's integer; and whole requests broken (no body, bad JSON, another content
 * type, a body on a GET, broken HTTP). Whatever is sent, the server answers below 500, every error is `{detail}`, a
 * request the contract refuses is refused, and a refused request changes nothing in the database. Which variants
 * each endpoint gets is plan.ts's: what each input can change.
 */

const SIM_TOKEN = 'fuzz-agent-token';

/**
 * 5xx known and owned elsewhere: listed so that the rest stays checked; a listed variant that stops failing fails
 * this test, to be taken off the list.
 */
const KNOWN_5XX: Record<string, readonly string[]> = {};

/** A password is hashed, never stored as text: the only text input that takes any character (contract/auth.ts). */
const UNFILTERED_TEXT = [
  'POST /token/ body.password',
  'POST /eu/senha/ body.atual',
  'POST /eu/senha/ body.nova',
];

/** The variants that carry no valid token: every endpoint but the login answers them 401. */
const WITHOUT_TOKEN = ['sem token', 'token inválido'];

/** Refusals sent side by side, their changes checked together (and one by one only when the data moved). */
const BATCH = 8;

const keyOf = (e: EndpointDef) => `${e.method} ${e.path}`;

/** What a JSON schema leaves unbounded: text without a length, a list or a format; numbers without a maximum. */
function unbounded(node: JsonSchema, path: string): string[] {
  const out: string[] = [];
  const types = [node.type ?? []].flat();
  const filtered = node.enum || node.format || node.pattern || node.allOf?.some((b) => b.pattern);
  if (types.includes('string')) {
    if (node.maxLength === undefined && !node.enum && !node.format)
      out.push(`${path}: texto sem máximo`);
    if (!filtered && !UNFILTERED_TEXT.includes(path))
      out.push(`${path}: texto sem filtro de caracteres`);
  }
  if ((types.includes('number') || types.includes('integer')) && node.maximum === undefined) {
    out.push(`${path}: número sem máximo`);
  }
  if (types.includes('array') && node.maxItems === undefined) out.push(`${path}: lista sem máximo`);
  for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? [])])
    out.push(...unbounded(branch, path));
  for (const [name, child] of Object.entries(node.properties ?? {})) {
    out.push(...unbounded(child, `${path}.${name}`));
  }
  if (node.items) out.push(...unbounded(node.items, `${path}.*`));
  return out;
}

describe('API contract: every input is bounded', () => {
  it('every text has a maximum and refuses control characters; every number and list has a maximum', () => {
    const found = allEndpoints.flatMap((e) =>
      (['params', 'query', 'headers', 'body', 'multipart'] as const).flatMap((part) => {
        const schema = e[part];
        return schema ? unbounded(jsonSchemaOf(schema), `${keyOf(e)} ${part}`) : [];
      }),
    );
    expect(found).toEqual([]);
  });
});

const chunks = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, i * size + size),
  );

describe.sequential('API fuzz: malformed requests to every endpoint of the contract', () => {
  let server: TestServer;
  let sim: Mt5Simulator;
  let token: string;
  let seed: Seed;
  let fingerprint: Fingerprint;
  /** The refusals sent in full so far (plan.ts): the endpoints after share them. */
  const seen = new Set<string>();
  const figures = {
    requests: 0,
    covered: 0,
    serverErrors: 0,
    knownServerErrors: 0,
    withoutDetail: 0,
    changedData: 0,
  };
  const statuses = new Map<number, number>();

  beforeAll(async () => {
    sim = new Mt5Simulator({ host: SIM_HOST, token: SIM_TOKEN, fillDelayMs: 0, marginFree: 1e9 });
    const { port } = await sim.listen(0);
    server = await startTestServer({
      MT5_AGENT_PORT: String(port),
      MT5_AGENT_TOKEN: SIM_TOKEN,
      MT5_TIMEOUT_MS: '2000',
      MT5_RECONCILE_SECONDS: '0',
      // The login's validation and handler are fuzzed, not its throttle (which would answer 429 to the rest).
      LOGIN_MAX_FAILURES_PER_IP: '1000000',
      LOGIN_MAX_FAILURES_PER_ACCOUNT: '1000000',
    });
    token = await server.login();
    sim.terminal.setPrice('PETR4', 38);
    seed = await seedDatabase(server, token);
    fingerprint = await fingerprintOf(server);
  });

  afterAll(async () => {
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.log(
      `API fuzz (${server?.database.kind}): ${figures.requests} requests, ${figures.covered} refusals ` +
        `covered by the same validation sent before; ${figures.serverErrors} 5xx ` +
        `(${figures.knownServerErrors} known, see KNOWN_5XX), ${figures.withoutDetail} errors without detail, ` +
        `${figures.changedData} rejected requests that changed data; answers ${byStatus.join(', ')}; ` +
        `${fingerprint?.counts.read} fingerprints hashed, ${fingerprint?.counts.reused} reused (same snapshot)`,
    );
    await server?.close();
    await sim?.close();
  });

  it('has an example for every endpoint of the contract, and none for an endpoint that is gone', () => {
    const keys = allEndpoints.map(keyOf);
    expect(
      keys.filter((k) => !EXAMPLES[k]),
      'endpoints without an example in EXAMPLES',
    ).toEqual([]);
    expect(
      Object.keys(EXAMPLES).filter((k) => !keys.includes(k)),
      'examples of no endpoint',
    ).toEqual([]);
  });

  for (const e of allEndpoints) {
    it(`${e.method} ${e.path}`, async () => {
      const example = EXAMPLES[keyOf(e)];
      expect(example, `no example for ${keyOf(e)}: add one to EXAMPLES`).toBeDefined();
      const known = KNOWN_5XX[keyOf(e)] ?? [];
      const knownSeen = new Set<string>();
      const problems: string[] = [];

      /** The answer's own faults; `refused`: what the contract, the guard or the parsers refuse must be a 4xx. */
      const judge = (req: Req, answer: Answer, refused: boolean) => {
        figures.requests++;
        statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
        const what = `${req.label} → ${answer.status} ${answer.text.slice(0, 160)}`;
        if (WITHOUT_TOKEN.includes(req.label) && !e.public && answer.status !== 401) {
          problems.push(`sem 401: ${what}`);
        }
        if (answer.status >= 500 || answer.status === 0) {
          figures.serverErrors++;
          if (known.includes(req.label)) {
            figures.knownServerErrors++;
            knownSeen.add(req.label);
          } else problems.push(`5xx: ${what}`);
        } else if (refused && answer.status < 400) {
          problems.push(`aceitou o que o contrato recusa: ${what}`);
        }
        const error = answer.status < 200 || answer.status >= 300;
        if (error && !hasDetail(answer.text)) {
          figures.withoutDetail++;
          problems.push(`sem detail: ${what}`);
        }
        return { error, what };
      };
      const changed = (what: string) => {
        figures.changedData++;
        problems.push(`mudou dados: ${what}`);
      };
      /** One request, its answer judged and, when it is an error, the data compared with before it. */
      const one = async (req: Req, refused: boolean) => {
        const before = await fingerprint.take();
        const answer = await send(server, req);
        const { error, what } = judge(req, answer, refused);
        if (error && (await fingerprint.take()) !== before) changed(what);
        return answer;
      };
      /** Refusals side by side; when the data moved, each again alone to name the one that moved it. */
      const batch = async (probes: Probe[], base: Base) => {
        const before = await fingerprint.take();
        const reqs = probes.map((p) => p.recipe(base));
        const answers = await Promise.all(reqs.map((req) => send(server, req)));
        const judged = reqs.map((req, i) => judge(req, answers[i]!, true));
        if ((await fingerprint.take()) === before) return;
        const named = problems.length;
        for (const p of probes) await one(p.recipe(base), true);
        if (problems.length === named) changed(`um de ${judged.map((j) => j.what).join(' | ')}`);
      };

      // The example itself must be accepted: otherwise every variant would test nothing but the example's fault.
      const first = await one(
        requestFor(e, await example!.build(seed), token, 'exemplo válido'),
        false,
      );
      expect(first.status, `example of ${keyOf(e)}: ${first.text}`).toBeLessThan(300);

      const sample = await example!.build(seed);
      const plan = planOf(probesOf(e, sample, token), seen);
      figures.covered += plan.covered;
      // Refusals consume nothing: all of them on the one sample, first, while its records are as seeded.
      for (const group of chunks(
        plan.probes.filter((p) => p.refused),
        BATCH,
      )) {
        await batch(group, sample);
      }
      for (const p of plan.probes.filter((x) => !x.refused)) {
        await one(p.recipe(example!.fresh ? await example!.build(seed) : sample), false);
      }
      for (const label of known.filter((l) => !knownSeen.has(l))) {
        problems.push(`${label}: não dá mais 5xx, tire de KNOWN_5XX`);
      }
      expect(problems).toEqual([]);
    });
  }
});
