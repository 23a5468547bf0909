import type { z } from 'zod';
import { allEndpoints, type EndpointDef } from '../../../contract';
import { encodeAll, queryString, requestFor, type Base, type Req } from './sending';
import {
  fieldsOf,
  HEADER_VALUES,
  jsonSchemaOf,
  jsonText,
  MISSING,
  RAW_HEADER_VALUES,
  URL_VALUES,
  valuesFor,
  withValue,
} from './variants';

/** How to break a base request (a fresh base for examples that consume their records). */
export type Recipe = (base: Base) => Req;

/** One malformed request of an endpoint, and what is known of it before it is sent. */
export interface Probe {
  label: string;
  recipe: Recipe;
  /**
   * Refused before any handler runs, whatever the data: by the endpoint's own contract schema (parsed here, as the
   * server's validator does), by the auth guard, or by the HTTP and JSON parsers. It must be answered 4xx; it needs
   * no fresh base (it consumes nothing), and refusals are checked for changes in batches.
   */
  refused: boolean;
  /**
   * The validation that refuses it, the same wherever it happens (the input's schema node, the value and the issues
   * it gives; or the parser's refusal): sent in full once in the file.
   */
  key?: string;
  /** The input it breaks (`body.nome`, `params.id`, `corpo`): one refusal of each is sent for every endpoint. */
  group?: string; /**
   * A request whose fate is decided before the handler by what every endpoint of a kind shares (Node's HTTP parser,
   * the router, the auth guard, the JSON parser), the handler then getting the example's own input: sent once per
   * kind (method, body or none, public or not).
   */
  once?: string;
}

type Check = { refused: boolean; issues?: string };

/**
 * An issue as the check that raised it: its code and bounds, not where (path), on what (input) nor its words (the
 * message each field words its own way), except a refinement's, whose message is all that tells one from another.
 */
function checkOf(this: unknown, key: string, value: unknown): unknown {
  if (key === 'path' || key === 'input') return undefined;
  if (key === 'message' && (this as { code?: string }).code !== 'custom') return undefined;
  return value;
}

/** What the contract's schema says of an input: refused (and with which issues), accepted, or unknown (throws). */
function check(schema: z.ZodType, input: unknown): Check {
  try {
    const result = schema.safeParse(input);
    if (result.success) return { refused: false };
    return { refused: true, issues: JSON.stringify(result.error.issues, checkOf) };
  } catch {
    return { refused: false };
  }
}

/** decodeURIComponent, or undefined for bad escapes (a query's `+` is a space). */
function decoded(value: string, query = false): string | undefined {
  try {
    return decodeURIComponent(query ? value.replaceAll('+', ' ') : value);
  } catch {
    return undefined;
  }
}

/** A query string as Fastify's parser reads it: repeated names become arrays, bad escapes stay as they came. */
function parsedQuery(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const pair of text.split('&').filter(Boolean)) {
    const at = pair.indexOf('=');
    const [rawName, rawValue] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    const name = decoded(rawName, true) ?? rawName;
    const value = decoded(rawValue, true) ?? rawValue;
    const old = out[name];
    out[name] = old === undefined ? value : [old, value].flat();
  }
  return out;
}

/** The parts of a probe made from a contract check: refused ones get their key and group. */
function judged(label: string, recipe: Recipe, group: string, variant: string, c: Check): Probe {
  if (!c.refused) return { label, recipe, refused: false };
  return {
    label,
    recipe,
    refused: true,
    group,
    key: `${group.split('.')[0]}|${variant}|${c.issues}`,
  };
}

/** The probes of the path parameters and the query: raw values in the URL. */
export function* urlProbes(e: EndpointDef, sample: Base, token: string): Generator<Probe> {
  for (const name of Object.keys(e.params?.shape ?? {})) {
    for (const [label, value] of URL_VALUES) {
      const text = decoded(value as string);
      const full = `params.${name}: ${label}`;
      const recipe: Recipe = (b) =>
        requestFor(e, b, token, full, { params: { [name]: value as string } });
      if (text === undefined) {
        // A path that does not decode: the router's 400, before it knows the route.
        yield {
          label: full,
          recipe,
          refused: true,
          group: `params.${name}`,
          key: `router|${label}`,
        };
        continue;
      }
      const c = check(e.params!, { ...sample.params, [name]: text });
      yield judged(full, recipe, `params.${name}`, label, c);
    }
  }
  for (const name of Object.keys(e.query?.shape ?? {})) {
    const others = (b: Base) => Object.entries(encodeAll(b.query)).filter(([k]) => k !== name);
    const textOf = (b: Base, extra: string) =>
      [queryString(Object.fromEntries(others(b))), extra].filter(Boolean).join('&');
    const url: Array<[string, string]> = URL_VALUES.map(([l, v]) => [l, `${name}=${v as string}`]);
    url.push(
      ['ausente', ''],
      ['repetido', `${name}=1&${name}=2`],
      ['com []', `${name}[]=1`],
      ['objeto', `${name}[a]=1`],
    );
    for (const [label, extra] of url) {
      const c = check(e.query!, parsedQuery(textOf(sample, extra)));
      const full = `query.${name}: ${label}`;
      yield judged(
        full,
        (b) => requestFor(e, b, token, full, { query: textOf(b, extra) }),
        `query.${name}`,
        label,
        c,
      );
    }
  }
}

/** The probes of the headers the contract reads: through fetch, and control characters on a raw socket. */
export function* headerProbes(e: EndpointDef, token: string, raw: RawOf): Generator<Probe> {
  for (const name of Object.keys(e.headers?.shape ?? {})) {
    // fetch normalises a header's value (trims it, encodes non-ASCII): what the server reads is its own; sent.
    for (const [label, value] of HEADER_VALUES) {
      yield {
        label: `headers.${name}: ${label}`,
        refused: false,
        recipe: (b) =>
          requestFor(e, b, token, `headers.${name}: ${label}`, { headers: { [name]: value } }),
      };
    }
    // fetch refuses control characters in a header; Node's HTTP parser refuses them on the server too.
    for (const [label, value] of RAW_HEADER_VALUES) {
      yield {
        label: `headers.${name}: ${label}`,
        refused: false,
        recipe: (b) => {
          const req = requestFor(e, b, token, 'exemplo válido');
          const type = req.headers['content-type'];
          const body = typeof req.body === 'string' ? req.body : '';
          return raw(
            `headers.${name}: ${label}`,
            { [name]: value, ...(type ? { 'content-type': type } : {}) },
            body,
          )(b);
        },
      };
    }
  }
}

/** Whole bodies the JSON parser refuses before any schema: one parser for the whole API (server/app.ts). */
const PARSER_REFUSES = [
  ['corpo vazio com content-type JSON', ''],
  ['JSON inválido', '{"a":'],
  ['JSON com NaN', '{"a": NaN}'],
  ['__proto__', '{"__proto__": {"admin": true}}'],
  ['constructor.prototype', '{"constructor": {"prototype": {"admin": true}}}'],
  ['2 MB', JSON.stringify({ x: 'x'.repeat(2 * 1024 * 1024) })],
] as const;
/** Types no parser of the API takes: 415 before any schema. */
const TYPES_REFUSED = [
  ['application/xml', '<a/>', 'application/xml'],
  ['form-urlencoded', 'a=1', 'application/x-www-form-urlencoded'],
] as const;
/** Whole bodies the parser reads and the body's schema judges. */
const BODIES_PARSED = [
  ['array no lugar do objeto', '[]'],
  ['null no lugar do objeto', 'null'],
  ['texto no lugar do objeto', '"x"'],
  ['Infinity no lugar do objeto', '1e400'],
  ['aninhado 10.000 níveis', `${'['.repeat(10_000)}${']'.repeat(10_000)}`],
] as const;

/** The probes of a JSON body: each field with the values of its node, then whole bodies broken. */
export function* bodyProbes(e: EndpointDef, sample: Base, token: string): Generator<Probe> {
  const schema = e.body!;
  for (const [path, node] of fieldsOf(jsonSchemaOf(schema), sample.body)) {
    const group = `body.${path.join('.')}`;
    for (const [label, value] of valuesFor(node)) {
      const full = `${group}: ${label}`;
      const parsed: unknown = JSON.parse(jsonText(withValue(sample.body, path, value)));
      yield judged(
        full,
        (b) => requestFor(e, b, token, full, { body: withValue(b.body, path, value) }),
        group,
        label,
        check(schema, parsed),
      );
    }
  }
  const json =
    (label: string, body: string | null, contentType = 'application/json'): Recipe =>
    (b) => {
      const req = requestFor(e, b, token, 'exemplo válido');
      return {
        ...req,
        label,
        headers: { ...req.headers, 'content-type': contentType },
        body: body ?? req.body,
      };
    };
  yield judged(
    'sem corpo',
    (b) => requestFor(e, b, token, 'sem corpo', { body: MISSING }),
    'corpo',
    'sem corpo',
    check(schema, undefined),
  );
  for (const [label, text] of BODIES_PARSED) {
    yield judged(label, json(label, text), 'corpo', label, check(schema, JSON.parse(text)));
  }
  // Fastify reads text/plain as a string, which the body's schema judges.
  const textPlain = check(schema, jsonText(sample.body));
  yield judged(
    'text/plain',
    json('text/plain', null, 'text/plain'),
    'corpo',
    'text/plain',
    textPlain,
  );
  for (const [label, text] of PARSER_REFUSES) {
    yield {
      label,
      recipe: json(label, text),
      refused: true,
      group: 'corpo',
      key: `parser|${label}`,
    };
  }
  for (const [label, text, type] of TYPES_REFUSED) {
    yield {
      label,
      recipe: json(label, text, type),
      refused: true,
      group: 'corpo',
      key: `parser|${label}`,
    };
  }
  // What a JSON parser does with a charset it does not know is its own: sent for every endpoint.
  yield {
    label: 'charset desconhecido',
    recipe: json('charset desconhecido', null, 'application/json; charset=utf-7'),
    refused: false,
  };
}

export type RawOf = (
  label: string,
  headers: Record<string, string>,
  body?: string,
  absolute?: boolean,
) => Recipe;

/** Every other method on the endpoint's path that no endpoint has: the router's 404. */
export const otherMethod = (e: EndpointDef) =>
  (['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const).find(
    (m) => !allEndpoints.some((x) => x.path === e.path && x.method === m),
  );
