import type { z } from 'zod';
import { ApiErrorSchema } from './errors';
import type { EscopoRestrito, Permissao } from './papeis';

/**
 * One endpoint of the API: the only place its method, path, inputs and answers are written. The server registers
 * routes from these records, the SPA calls them, the mocks answer them and the OpenAPI document describes them.
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every status an endpoint answers with its schema: one success (2xx), and the errors it can give. */
export type Answers = Readonly<Record<number, z.ZodType>>;

export interface EndpointDef {
  readonly method: Method;
  /** Under the API base path, with the specification's trailing slash and `{name}` for each parameter. */
  readonly path: `/${string}/`;
  readonly summary: string;
  readonly description?: string;
  /** The domain it belongs to (the OpenAPI tag). */
  readonly tag: string;
  /** Answers without a bearer token (the login only). */
  readonly public?: boolean;
  /**
   * The roles that may call it and what the others cannot do (contract/papeis.ts `PERMISSOES`): required, so that
   * no endpoint is added without deciding who may call it.
   */
  readonly permissao: Permissao;
  /** The restricted sessions (temporary password, 2FA not yet enrolled) it also answers; none by default. */
  readonly escopos?: readonly EscopoRestrito[];
  readonly params?: z.ZodObject;
  readonly query?: z.ZodObject;
  readonly headers?: z.ZodObject;
  /** A JSON body. */
  readonly body?: z.ZodType;
  /** A multipart/form-data body: the schema of its text fields (files are read by the handler). */
  readonly multipart?: z.ZodObject;
  readonly answers: Answers;
}

/** The names of a path's `{name}` placeholders. */
export type PathParamNames<P extends string> = P extends `${string}{${infer K}}${infer Rest}`
  ? K | PathParamNames<Rest>
  : never;

type ParamsCheck<E extends EndpointDef> = [PathParamNames<E['path']>] extends [never]
  ? { params?: never }
  : { params: z.ZodObject<{ [K in PathParamNames<E['path']>]: z.ZodType }> };

/** Declares an endpoint; a path's placeholders and its params schema must name the same parameters. */
export function endpoint<const E extends EndpointDef>(def: E & ParamsCheck<E>): E {
  return def;
}

type SuccessCode = 200 | 201 | 202 | 204;
export type SuccessStatus<E extends EndpointDef> = Extract<keyof E['answers'], SuccessCode>;
export type SuccessSchema<E extends EndpointDef> = E['answers'][SuccessStatus<E>];
/** The body of an endpoint's success answer, as the caller reads it. */
export type Success<E extends EndpointDef> = z.output<SuccessSchema<E>>;

type Part<E, K extends 'params' | 'query' | 'headers' | 'body', Mode extends 'in' | 'out'> =
  E extends Record<K, infer S extends z.ZodType>
    ? { [P in K]: Mode extends 'in' ? z.input<S> : z.output<S> }
    : { [P in K]?: undefined };

/** What a caller sends: each declared part in its input shape (a multipart body is a FormData). */
export type EndpointInput<E extends EndpointDef> = Part<E, 'params', 'in'> &
  Part<E, 'query', 'in'> &
  Part<E, 'headers', 'in'> &
  (E extends { multipart: z.ZodObject } ? { body: FormData } : Part<E, 'body', 'in'>);

/** What a handler receives: each declared part parsed by its schema. */
export type ParsedInput<E extends EndpointDef> = Part<E, 'params', 'out'> &
  Part<E, 'query', 'out'> &
  Part<E, 'headers', 'out'> &
  Part<E, 'body', 'out'>;

/** An answer a handler (or a mock) gives: one of the declared statuses with its body. */
export type Answer<E extends EndpointDef> = {
  [S in keyof E['answers'] & number]: { status: S; body: z.input<E['answers'][S]> };
}[keyof E['answers'] & number];

export const API_BASE = '/api';

export function successStatus(e: EndpointDef): SuccessCode {
  const codes = Object.keys(e.answers)
    .map(Number)
    .filter((s) => s >= 200 && s < 300);
  if (codes.length !== 1) throw new Error(`${e.method} ${e.path}: exactly one success answer`);
  return codes[0] as SuccessCode;
}

const SUCCESS_DESCRIPTION: Record<number, string> = {
  200: 'Sucesso.',
  201: 'Criado: o registro como ficou gravado.',
  202: 'Aceito.',
  204: 'Feito; sem corpo.',
};

const CommonAnswers = {
  400: ApiErrorSchema.describe('Entrada inválida: `detail` diz o quê, `campos` traz cada campo.'),
  401: ApiErrorSchema.describe('Sem token de acesso válido.'),
  403: ApiErrorSchema.describe(
    'O papel do usuário não pode fazer isto, ou a sessão ainda deve trocar a senha temporária ou ativar o ' +
      'segundo fator: `detail` diz o quê.',
  ),
  413: ApiErrorSchema.describe('Corpo da requisição grande demais.'),
} as const;

/**
 * Every answer an endpoint can give: the declared ones plus those every route shares (400 for bad input, 401
 * without a token, 403 for a role or a restricted session it does not serve, 413 for a body over the limit), so that the OpenAPI document, the mocks' checks and the
 * server agree on the whole set.
 */
export function answersOf(e: EndpointDef): Answers {
  const all: Record<number, z.ZodType> = {};
  if (e.params || e.query || e.headers || e.body || e.multipart) all[400] = CommonAnswers[400];
  if (!e.public) {
    all[401] = CommonAnswers[401];
    all[403] = CommonAnswers[403];
  }
  if (e.body || e.multipart) all[413] = CommonAnswers[413];
  for (const [status, schema] of Object.entries(e.answers)) {
    const described = schema.description ?? SUCCESS_DESCRIPTION[Number(status)];
    all[Number(status)] = described && !schema.description ? schema.describe(described) : schema;
  }
  return all;
}

/** `/clientes/{id}/` → `/clientes/:id/` (the router's and MSW's notation). */
export function colonPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** `/clientes/{id}/` with `{id: 7}` → `/clientes/7/`; each value is URL-encoded. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`${path}: parameter ${name} is missing`);
    }
    return encodeURIComponent(String(value));
  });
}

export type EndpointTable = Readonly<Record<string, EndpointDef>>;
