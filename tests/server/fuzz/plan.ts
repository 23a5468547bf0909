import type { EndpointDef } from '../../../contract';
import {
  bodyProbes,
  headerProbes,
  otherMethod,
  urlProbes,
  type Probe,
  type RawOf,
  type Recipe,
} from './probes';
import { rawRequest, requestFor, type Base } from './sending';
import { fieldsOf, jsonSchemaOf, MISSING, valuesFor } from './variants';

/** The probes of a multipart body: its text fields, the file, and broken forms; read by the handler, all sent. */
function* multipartProbes(
  e: EndpointDef,
  sample: Base,
  token: string,
  raw: RawOf,
): Generator<Probe> {
  for (const [path, node] of fieldsOf(jsonSchemaOf(e.multipart!), sample.form)) {
    const name = String(path[0]);
    for (const [label, value] of valuesFor(node)) {
      const recipe: Recipe = (b) => {
        const form = { ...b.form };
        if (value === MISSING) delete form[name];
        else form[name] = typeof value === 'string' ? value : JSON.stringify(value);
        return requestFor(e, b, token, `form.${name}: ${label}`, { form });
      };
      yield { label: `form.${name}: ${label}`, recipe, refused: false };
    }
  }
  const withFile = (
    label: string,
    file: (f: NonNullable<Base['file']>) => Base['file'] | null,
  ): Probe => ({
    label,
    refused: false,
    recipe: (b) => requestFor(e, b, token, label, { file: file(b.file!) }),
  });
  yield withFile('sem arquivo', () => null);
  yield withFile('arquivo em outro campo', (f) => ({ ...f, field: 'outro' }));
  yield withFile('arquivo vazio', (f) => ({ ...f, data: new Uint8Array() }));
  yield withFile('extensão .txt', (f) => ({ ...f, name: 'carteira.txt' }));
  yield withFile('nome com NUL', (f) => ({ ...f, name: 'a\u0000.xlsx' }));
  yield withFile('não é planilha', (f) => ({
    ...f,
    data: new TextEncoder().encode('isto não é uma planilha'),
  }));
  const form = (label: string, headers: Record<string, string>, body: string): Probe => ({
    label,
    refused: false,
    recipe: raw(label, headers, body),
  });
  yield form('JSON no lugar do formulário', { 'content-type': 'application/json' }, '{}');
  yield form(
    'multipart corrompido',
    { 'content-type': 'multipart/form-data; boundary=xyz' },
    '--xyz\r\nContent-Disposition: form-data; name="tipo"\r\n\r\nauto\r\n--xy',
  );
  yield form('multipart sem boundary', { 'content-type': 'multipart/form-data' }, 'abc');
}

/** Every probe of one endpoint; `sample` (a base) gives the shape of its body and form. */
export function* probesOf(e: EndpointDef, sample: Base, token: string): Generator<Probe> {
  const raw: RawOf =
    (label, headers, body = '', absolute = false) =>
    (b) =>
      rawRequest(
        label,
        `${e.method} ${absolute ? 'http://127.0.0.1' : ''}${requestFor(e, b, token, label).target} HTTP/1.1`,
        // The base's own session when it brings one (the logout), else the fuzz's.
        { authorization: b.headers?.authorization ?? `Bearer ${token}`, ...headers },
        body,
      );
  const kind = `${e.method}|${e.body ? 'json' : e.multipart ? 'multipart' : 'sem corpo'}|${e.public ? 'público' : ''}`;
  const sent = (label: string, recipe: Recipe): Probe => ({
    label,
    recipe,
    refused: false,
    once: `${label}|${kind}`,
  });

  // Without a token, or with one that is not: the guard's 401 on every endpoint but the login.
  const guarded = !e.public;
  yield {
    label: 'sem token',
    refused: guarded,
    recipe: (b) => requestFor(e, b, null, 'sem token'),
  };
  yield {
    label: 'token inválido',
    refused: guarded,
    recipe: (b) => requestFor(e, b, 'abc.def.ghi', 'token inválido'),
  };
  yield* urlProbes(e, sample, token);
  yield* headerProbes(e, token, raw);
  if (e.body) yield* bodyProbes(e, sample, token);
  else if (!e.multipart) {
    // A body where none is expected: ignored or refused, never a 500.
    yield sent(
      'corpo JSON inesperado',
      raw('corpo JSON inesperado', { 'content-type': 'application/json' }, '{"a": 1}'),
    );
    yield sent(
      'JSON inválido inesperado',
      raw('JSON inválido inesperado', { 'content-type': 'application/json' }, '{"a":'),
    );
    yield sent(
      'content-type desconhecido',
      raw('content-type desconhecido', { 'content-type': 'application/xml' }, '<a/>'),
    );
  }
  if (e.multipart) yield* multipartProbes(e, sample, token, raw);

  // Broken HTTP. An absolute target and a broken chunked body reach the route; headers past Node's limit are
  // refused by its parser before there is a request (431), whatever the path.
  yield sent('alvo em forma absoluta', raw('alvo em forma absoluta', {}, '', true));
  yield sent(
    'chunked malformado',
    raw('chunked malformado', { 'transfer-encoding': 'chunked' }, 'zz\r\nabc\r\n'),
  );
  yield {
    label: 'cabeçalhos de 20 KB',
    recipe: raw('cabeçalhos de 20 KB', { 'x-grande': 'x'.repeat(20_000) }),
    refused: true,
    key: 'http|cabeçalhos de 20 KB',
  };
  const other = otherMethod(e);
  if (other) {
    yield {
      label: `método ${other}`,
      // No endpoint has it on this path: the router's 404.
      refused: true,
      recipe: (b) => {
        const req = requestFor(e, b, token, `método ${other}`);
        return { ...req, method: other, ...(other === 'GET' ? { body: undefined } : {}) };
      },
    };
  }
}

/** The variants sent to an endpoint: every one that may reach its handler, and the refusals not yet seen. */
export interface Plan {
  probes: Probe[];
  /**
   * Left out: refusals whose validation was sent in full before (this input of the endpoint proven by another), and
   * requests decided before the handler already sent to an endpoint of the same kind.
   */
  covered: number;
}

/**
 * What an input can change decides how often it is sent. A variant that may reach the handler is sent to its
 * endpoint (each handler is its own). A refusal by a schema node is the same validation wherever that node is:
 * each (node, value, issues) is sent once in full; then each endpoint gets, per input, the first (cheapest) of its
 * refusals, which proves that the endpoint validates that input and changes nothing when it refuses.
 * `FUZZ_FULL=1` sends every variant to every endpoint.
 */
export function planOf(probes: Iterable<Probe>, seen: Set<string>): Plan {
  const full = process.env.FUZZ_FULL === '1';
  const proven = new Set<string>();
  const out: Probe[] = [];
  let covered = 0;
  for (const p of probes) {
    const fresh = p.key !== undefined && !seen.has(p.key);
    const unproven = p.group !== undefined && !proven.has(p.group);
    if (p.once !== undefined && !full) {
      if (seen.has(p.once)) covered++;
      else out.push(p);
      seen.add(p.once);
    } else if (full || !p.refused || p.key === undefined || fresh || unproven) {
      out.push(p);
      if (p.key) seen.add(p.key);
      if (p.refused && p.group) proven.add(p.group);
    } else covered++;
  }
  return { probes: out, covered };
}
