import net from 'node:net';
import type { EndpointDef } from '../../../contract';
import type { TestServer } from '../../support/test-server';
import { jsonText, MISSING } from './variants';

/** A valid request to one endpoint; every variant is this with one thing broken. */
export interface Base {
  params?: Record<string, string | number>;
  query?: Record<string, string | number>;
  headers?: Record<string, string>;
  body?: unknown;
  /** multipart/form-data: text fields and the workbook. */
  form?: Record<string, string>;
  file?: { field: string; name: string; data: Uint8Array<ArrayBuffer> };
}

/** One request as it goes on the wire. */
export interface Req {
  label: string;
  method: string;
  /** Path and query, already encoded (variants put raw bytes here on purpose). */
  target: string;
  headers: Record<string, string>;
  body?: string | FormData;
  /** Written on a socket as it is: what fetch refuses to send (a body on GET, control characters in headers). */
  raw?: string;
}

export interface Override {
  params?: Record<string, string>;
  query?: string;
  headers?: Record<string, string | typeof MISSING>;
  body?: unknown;
  form?: Record<string, string>;
  file?: Base['file'] | null;
}

const pathOf = (e: EndpointDef, params: Record<string, string>) =>
  `/api${e.path.replace(/\{(\w+)\}/g, (_, name: string) => params[name]!)}`;

export const encodeAll = (record: Record<string, string | number> = {}) =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, encodeURIComponent(String(v))]));

export const queryString = (query: Record<string, string>) =>
  Object.entries(query)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v}`)
    .join('&');

function formOf(fields: Record<string, string>, file: Base['file'] | null): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append(file.field, new Blob([file.data]), file.name);
  return form;
}

/** The request for `base` with some parts replaced; JSON bodies as text, forms as FormData. */
export function requestFor(
  e: EndpointDef,
  base: Base,
  token: string | null,
  label: string,
  over: Override = {},
): Req {
  const params = { ...encodeAll(base.params), ...over.params };
  const query = over.query ?? (base.query ? queryString(encodeAll(base.query)) : '');
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries({ ...base.headers, ...over.headers })) {
    if (v !== MISSING) headers[k] = v;
  }
  // An example may bring a session of its own (the logout); the variants without a valid token replace it.
  if (token === null || label === 'token inválido') delete headers.authorization;
  if (token && !headers.authorization) headers.authorization = `Bearer ${token}`;
  const req: Req = {
    label,
    method: e.method,
    target: pathOf(e, params) + (query ? `?${query}` : ''),
    headers,
  };
  if (e.multipart) {
    req.body = formOf(
      over.form ?? base.form ?? {},
      over.file === undefined ? base.file : over.file,
    );
  } else if (e.body) {
    const body = 'body' in over ? over.body : base.body;
    if (body !== MISSING) {
      req.headers['content-type'] = 'application/json';
      req.body = jsonText(body);
    }
  }
  return req;
}

/** A request written by hand on the socket. */
export function rawRequest(
  label: string,
  head: string,
  headers: Record<string, string>,
  body = '',
): Req {
  const lines = Object.entries({
    host: '127.0.0.1',
    connection: 'close',
    ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}),
    ...headers,
  }).map(([k, v]) => `${k}: ${v}`);
  return {
    label,
    method: '',
    target: head,
    headers: {},
    raw: `${head}\r\n${lines.join('\r\n')}\r\n\r\n${body}`,
  };
}

export interface Answer {
  status: number;
  text: string;
}

function dechunk(body: string): string {
  let out = '';
  for (let i = 0; ;) {
    const eol = body.indexOf('\r\n', i);
    const size = parseInt(body.slice(i, eol), 16);
    if (!size) return out;
    out += body.slice(eol + 2, eol + 2 + size);
    i = eol + 2 + size + 2;
  }
}

async function sendRaw(url: string, text: string): Promise<Answer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    // Written, not ended: the server answers and closes (`connection: close`); a half-closed socket may not wait.
    const socket = net.connect(Number(port), hostname, () =>
      socket.write(Buffer.from(text, 'latin1')),
    );
    socket.setTimeout(10_000, () => socket.destroy(new Error('raw request timed out')));
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const all = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = all.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      const body = rest.join('\r\n\r\n');
      resolve({
        status,
        text: /^transfer-encoding:\s*chunked/im.test(head) ? dechunk(body) : body,
      });
    });
  });
}

export async function send(server: TestServer, req: Req): Promise<Answer> {
  if (req.raw) return sendRaw(server.url, req.raw);
  const res = await fetch(server.url + req.target, {
    method: req.method,
    headers: req.headers,
    body: req.body,
    redirect: 'manual',
  });
  return { status: res.status, text: await res.text() };
}

export function hasDetail(text: string): boolean {
  try {
    const body = JSON.parse(text) as { detail?: unknown };
    return typeof body.detail === 'string' && body.detail.length > 0;
  } catch {
    return false;
  }
}
