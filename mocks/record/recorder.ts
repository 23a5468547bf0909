import fs from 'node:fs';
import path from 'node:path';
import {
  API_BASE,
  PDF_CONTENT_TYPE,
  fillPath,
  successStatus,
  type EndpointDef,
  type EndpointInput,
  type Success,
} from '../../contract';
import {
  FIXTURES,
  type Fixture,
  type FixtureBody,
  type FixtureEndpoint,
  type FixtureName,
  type SequenceName,
} from '../fixture-catalogue';

/** Long lists are cut: the handlers need representative rows, not the whole demo. */
const MAX_ROWS = 40;
/** Lists recorded whole: other fixtures refer to any of their rows. */
const WHOLE: ReadonlySet<string> = new Set(['acoes']);

const cap = (body: unknown): unknown => {
  if (Array.isArray(body)) return body.slice(0, MAX_ROWS);
  const posicionadas = (body as { posicionadas?: unknown } | null)?.posicionadas;
  if (Array.isArray(posicionadas)) {
    return { ...(body as object), posicionadas: posicionadas.slice(0, MAX_ROWS) };
  }
  return body;
};

type Input = {
  params?: Record<string, unknown>;
  query?: Record<string, unknown>;
  headers?: Record<string, string | undefined>;
  body?: unknown;
};

/**
 * Drives the real server through the endpoint table and writes what it answered: one call per file
 * (mocks/fixtures/<name>.json), or an ordered sequence of calls (validate → send → status …) in one file.
 */
export class Recorder {
  token: string | null = null;

  constructor(
    private readonly base: string,
    private readonly outDir: string,
  ) {}

  /** One call; its answer must have the expected status. */
  async call(endpoint: EndpointDef, input: Input, expected: number): Promise<Fixture> {
    const query = input.query
      ? `?${new URLSearchParams(Object.entries(input.query).map(([k, v]) => [k, String(v)]))}`
      : '';
    const apiPath = `${API_BASE}${fillPath(endpoint.path, input.params)}${query}`;
    const form = input.body instanceof FormData ? input.body : undefined;
    const json = form ? undefined : input.body;
    const headers = new Headers();
    if (this.token) headers.set('authorization', `Bearer ${this.token}`);
    if (json !== undefined) headers.set('content-type', 'application/json');
    for (const [k, v] of Object.entries(input.headers ?? {})) if (v) headers.set(k, v);
    const res = await fetch(this.base + apiPath, {
      method: endpoint.method,
      headers,
      body: form ?? (json !== undefined ? JSON.stringify(json) : undefined),
    });
    const bytes = Buffer.from(await res.arrayBuffer());
    // A PDF (the monthly report) is kept in base64: the fixture is JSON (mocks/fixture-catalogue.ts decodes it).
    const pdf = res.headers.get('content-type') === PDF_CONTENT_TYPE;
    const text = pdf ? bytes.toString('base64') : bytes.toString('utf8');
    if (res.status !== expected) {
      throw new Error(
        `${endpoint.method} ${apiPath}: expected ${expected}, got ${res.status} ${text}`,
      );
    }
    return {
      request: {
        method: endpoint.method,
        path: apiPath,
        ...(json !== undefined ? { body: json } : {}),
      },
      response: {
        status: res.status,
        body: pdf ? text : text ? (JSON.parse(text) as unknown) : null,
      },
    };
  }

  private write(name: string, content: unknown) {
    fs.writeFileSync(
      path.join(this.outDir, `${name}.json`),
      `${JSON.stringify(content, null, 2)}\n`,
    );
  }

  /** Records one call of the catalogue: its endpoint and expected status come from it. */
  async record<N extends FixtureName>(
    name: N,
    input: EndpointInput<FixtureEndpoint<N>>,
  ): Promise<FixtureBody<N>> {
    const { endpoint, status } = FIXTURES[name];
    const fixture = await this.call(endpoint, input as Input, status);
    const body = fixture.response.body;
    this.write(name, {
      ...fixture,
      response: { ...fixture.response, body: WHOLE.has(name) ? body : cap(body) },
    });
    return body as FixtureBody<N>;
  }

  /** A step of a sequence kept also as a call of its own (the handlers read these). */
  save(name: FixtureName, fixture: Fixture) {
    if (fixture.response.status !== FIXTURES[name].status) {
      throw new Error(`${name}: expected ${FIXTURES[name].status}, got ${fixture.response.status}`);
    }
    this.write(name, fixture);
  }

  /** A call whose answer is only needed to go on; it must succeed. */
  async send<E extends EndpointDef>(endpoint: E, input: EndpointInput<E>): Promise<Success<E>> {
    const fixture = await this.call(endpoint, input as Input, successStatus(endpoint));
    return fixture.response.body as Success<E>;
  }

  /** An ordered sequence of calls, written as one file when saved. */
  sequence(name: SequenceName): Sequence {
    return new Sequence(this, (steps) => this.write(name, { sequence: steps }));
  }
}

export class Sequence {
  private readonly steps: Fixture[] = [];

  constructor(
    private readonly recorder: Recorder,
    private readonly save: (steps: Fixture[]) => void,
  ) {}

  /** One step; `expected` defaults to the endpoint's success. */
  async step<E extends EndpointDef>(
    endpoint: E,
    input: EndpointInput<E>,
    expected: number = successStatus(endpoint),
  ): Promise<Success<E>> {
    const fixture = await this.recorder.call(endpoint, input as Input, expected);
    this.steps.push(fixture);
    return fixture.response.body as Success<E>;
  }

  /** Polls a status until it says finished (each answer a step); the last answer. */
  async until<E extends EndpointDef>(
    endpoint: E,
    input: EndpointInput<E>,
    done: (body: Success<E>) => boolean,
  ): Promise<Success<E>> {
    for (let i = 0; i < 300; i++) {
      const body = await this.step(endpoint, input);
      // The same answer twice in a row is kept once: the replay shows each change, not the wait.
      const [before, last] = this.steps.slice(-2);
      if (before && JSON.stringify(before) === JSON.stringify(last)) this.steps.pop();
      if (done(body)) return body;
      await new Promise((r) => setTimeout(r, 150));
    }
    throw new Error(`never finished: ${endpoint.path} ${JSON.stringify(input)}`);
  }

  done(): Fixture[] {
    this.save(this.steps);
    return this.steps;
  }
}
