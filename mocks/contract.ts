import { http, HttpResponse, type HttpHandler } from 'msw';
import type { z } from 'zod';
import {
  API_BASE,
  PDF_CONTENT_TYPE,
  answersOf,
  isBytes,
  colonPath,
  issuesToApiError,
  successStatus,
  type Answer,
  type EndpointDef,
  type FieldIssue,
  type ParsedInput,
  type SuccessSchema,
} from '../contract';

/**
 * Mock handlers are made from the contract's endpoint table, so a handler cannot answer a path that does not
 * exist; each request is parsed with the endpoint's schemas (a bad one answers the server's 400) and each answer
 * is checked against the schema of its status. An answer that breaks the contract is recorded here, and the
 * component tests fail on it (tests/support/components-setup.ts).
 */

const violations: string[] = [];

/** The contract violations since the last call, emptied. */
export function takeContractViolations(): string[] {
  return violations.splice(0);
}

/** Each declared part parsed; a multipart body's text fields, parsed by its schema, are the `body`. */
export type MockInput<E extends EndpointDef> = Omit<ParsedInput<E>, 'body'> &
  (E extends { multipart: infer S extends z.ZodObject }
    ? { body: z.output<S> }
    : Pick<ParsedInput<E>, 'body'>);

export interface MockRequest<E extends EndpointDef> {
  input: MockInput<E>;
  request: Request;
  /** The multipart form, for endpoints that take one (its text fields are in `input.body`). */
  form: FormData | null;
}

export type Resolver<E extends EndpointDef> = (
  req: MockRequest<E>,
) => Answer<E> | Promise<Answer<E>>;

/** The endpoint's success answer. */
export function ok<E extends EndpointDef>(endpoint: E, body: z.input<SuccessSchema<E>>) {
  return { status: successStatus(endpoint), body } as Answer<E>;
}

/** An error answer (`{detail}`) with a status the endpoint declares. */
export const fail = (status: number, detail: string) => ({ status, body: { detail } }) as never;

/** A 400 for checks a schema cannot make alone (across fields, against the mock's state), as the server builds it. */
export const invalid = (issues: readonly FieldIssue[]) =>
  ({ status: 400, body: issuesToApiError(issues) }) as never;

const badRequest = (issues: readonly FieldIssue[]) =>
  HttpResponse.json(issuesToApiError(issues), { status: 400 });

const NOT_MULTIPART = 'Envie o formulário como multipart/form-data.';

async function readBody(endpoint: EndpointDef, request: Request) {
  if (endpoint.multipart) {
    const form = await request.formData().catch(() => null);
    if (!form) return null;
    const fields = Object.fromEntries(
      [...form.entries()].filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
    return { form, raw: fields, schema: endpoint.multipart };
  }
  if (!endpoint.body) return { form: null, raw: undefined, schema: undefined };
  const raw: unknown = await request.json().catch(() => undefined);
  return { form: null, raw, schema: endpoint.body };
}

const contractHandlers = new WeakSet<HttpHandler>();

/** Whether a handler was made by `handle()` (the mock tests check every registered one was). */
export const isContractHandler = (handler: HttpHandler) => contractHandlers.has(handler);

export function handle<E extends EndpointDef>(endpoint: E, resolver: Resolver<E>): HttpHandler {
  const method = endpoint.method.toLowerCase() as Lowercase<E['method']>;
  const answers = answersOf(endpoint);
  const handler = http[method](
    `${API_BASE}${colonPath(endpoint.path)}`,
    async ({ request, params }) => {
      const url = new URL(request.url);
      const parts: Record<string, unknown> = {};
      const checks: Array<[string, z.ZodType | undefined, unknown]> = [
        ['params', endpoint.params, params],
        ['query', endpoint.query, Object.fromEntries(url.searchParams)],
        ['headers', endpoint.headers, Object.fromEntries(request.headers)],
      ];
      const body = await readBody(endpoint, request);
      if (!body) return badRequest([{ path: [], message: NOT_MULTIPART }]);
      checks.push(['body', body.schema, body.raw]);
      for (const [part, schema, value] of checks) {
        if (!schema) continue;
        const parsed = schema.safeParse(value);
        if (!parsed.success) return badRequest(parsed.error.issues);
        parts[part] = parsed.data;
      }

      const answer = await resolver({ input: parts as MockInput<E>, request, form: body.form });
      const schema = answers[answer.status];
      const where = `${endpoint.method} ${endpoint.path} → ${answer.status}`;
      if (!schema) {
        violations.push(`${where}: status not in the contract`);
      } else {
        const checked = schema.safeParse(answer.body);
        if (!checked.success) {
          violations.push(`${where}: ${JSON.stringify(checked.error.issues.slice(0, 3))}`);
        }
      }
      if (answer.status === 204) return new HttpResponse(null, { status: 204 });
      // The one answer that is not JSON: a PDF's bytes (contract/relatorio.ts).
      if (isBytes(answer.body)) {
        const headers = { 'content-type': PDF_CONTENT_TYPE };
        return new HttpResponse(answer.body as Uint8Array<ArrayBuffer>, {
          status: answer.status,
          headers,
        });
      }
      return HttpResponse.json(answer.body as never, { status: answer.status });
    },
  );
  contractHandlers.add(handler);
  return handler;
}
