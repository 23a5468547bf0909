import { z } from 'zod';

/**
 * The malformed values the fuzz puts in each input, and the walk of a JSON schema that finds the inputs: each field
 * of a body (descending into objects and into the first item of arrays) gets the values its node's types call for.
 */

export const MISSING = Symbol('missing');
/** JSON has no Infinity: these strings become 1e400 and -1e400 in the body's text (JSON.parse reads ±Infinity). */
export const INF = '\u0002fuzz-inf\u0002';
export const NEG_INF = '\u0002fuzz-neg-inf\u0002';

export type Variant = readonly [label: string, value: unknown];

const SHAPES: Variant[] = [
  ['null', null],
  ['ausente', MISSING],
  ['objeto', { $ne: null }],
  ['array', [1, 2]],
  ['booleano', true],
];
const STRINGS: Variant[] = [
  ['NUL', 'a\u0000b'],
  ['só NUL', '\u0000'],
  ['controle C0', 'a\u0001b'],
  ['DEL', 'a\u007fb'],
  ['quebra de linha', 'a\nb'],
  ['10.000 caracteres', 'x'.repeat(10_000)],
  ['surrogate solto', 'a\ud800b'],
  ['brancos', '   '],
  ['vazio', ''],
  ['1e300', '1e300'],
  ['Infinity', 'Infinity'],
  ['NaN', 'NaN'],
  ['2^31', '2147483648'],
];
const NUMBERS: Variant[] = [
  ['1e14', 1e14],
  ['1e300', 1e300],
  ['Infinity', INF],
  ['-Infinity', NEG_INF],
  ['negativo', -1],
  ['zero', 0],
  ['fração', 0.5],
  ['1e-300', 1e-300],
  ['2^31', 2 ** 31],
  ['2^53 + 2', 2 ** 53 + 2],
  ['-2^31 - 1', -(2 ** 31) - 1],
  ['muitas casas', 12.3456789],
];
/** Path parameters and query values, raw in the URL (percent-escapes included as they are). */
export const URL_VALUES: Variant[] = [
  ['2^31', '2147483648'],
  ['2^53 + 1', '9007199254740993'],
  ['20 dígitos', '99999999999999999999'],
  ['zero', '0'],
  ['negativo', '-1'],
  ['fração', '1.5'],
  ['expoente', '1e3'],
  ['hexadecimal', '0x10'],
  ['texto', 'abc'],
  ['NUL', 'a%00b'],
  ['controle C0', '%01'],
  ['espaço', '%20'],
  ['emoji', '%F0%9F%98%80'],
  ['UTF-8 inválido', '%E0%A4%A'],
  ['surrogate em UTF-8', '%ED%A0%80'],
  ['150 caracteres', '7'.repeat(150)],
];
/** A header's values fetch can send; the control characters go on a raw socket (fetch refuses them). */
export const HEADER_VALUES: Array<[string, string | typeof MISSING]> = [
  ['ausente', MISSING],
  ['vazio', ''],
  ['brancos', '   '],
  ['10.000 caracteres', 'x'.repeat(10_000)],
  ['latin-1', 'ação'],
];
export const RAW_HEADER_VALUES = [
  ['NUL', 'a\u0000b'],
  ['controle C0', 'a\u0001b'],
] as const;

export type JsonSchema = {
  type?: string | string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  maxLength?: number;
  pattern?: string;
  maximum?: number;
  maxItems?: number;
  format?: string;
};

export const jsonSchemaOf = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;

/** The JSON types a node accepts (through unions). */
function typesOf(node: JsonSchema): Set<string> {
  const types = new Set<string>();
  const add = (t: string | string[] | undefined) => [t ?? []].flat().forEach((x) => types.add(x));
  add(node.type);
  for (const branch of [...(node.anyOf ?? []), ...(node.oneOf ?? [])]) {
    typesOf(branch).forEach((t) => types.add(t));
  }
  return types;
}

function objectNode(node: JsonSchema): JsonSchema | undefined {
  if (node.properties) return node;
  return [...(node.anyOf ?? []), ...(node.oneOf ?? [])].find((b) => b.properties);
}
function arrayNode(node: JsonSchema): JsonSchema | undefined {
  if (node.items) return node;
  return [...(node.anyOf ?? []), ...(node.oneOf ?? [])].find((b) => b.items);
}

/** The values a field of this node is fuzzed with. */
export function valuesFor(node: JsonSchema): Variant[] {
  const types = typesOf(node);
  const takesString = types.has('string');
  const takesNumber = types.has('number') || types.has('integer');
  const values: Variant[] = [...SHAPES];
  values.push(...(takesString ? STRINGS : [['texto', 'abc'] as const]));
  values.push(...(takesNumber ? NUMBERS : [['número', 12345] as const]));
  if (node.enum) values.push(['fora da lista', 'nao-existe']);
  const arr = arrayNode(node);
  if (arr) {
    values.push(['array vazio', []], ['array de null', [null]], ['array aninhado', [[[]]]]);
    values.push(['10.000 itens', Array.from({ length: 10_000 }, () => 'x')]);
  }
  return values;
}

export type Path = ReadonlyArray<string | number>;

/** Each field (with its path) of a JSON schema, descending into objects and into the first item of arrays. */
export function fieldsOf(
  node: JsonSchema,
  base: unknown,
  path: Path = [],
): Array<[Path, JsonSchema]> {
  const fields: Array<[Path, JsonSchema]> = [];
  const obj = objectNode(node);
  if (obj?.properties) {
    for (const [name, child] of Object.entries(obj.properties)) {
      fields.push([[...path, name], child]);
      const value = (base as Record<string, unknown> | undefined)?.[name];
      if (value !== undefined && value !== null) {
        fields.push(...fieldsOf(child, value, [...path, name]));
      }
    }
  }
  const arr = arrayNode(node);
  if (arr?.items && Array.isArray(base) && base.length > 0) {
    fields.push([[...path, 0], arr.items]);
    fields.push(...fieldsOf(arr.items, base[0], [...path, 0]));
  }
  return fields;
}

/** `base` with the value at `path` replaced (or removed). */
export function withValue(base: unknown, path: Path, value: unknown): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === MISSING) {
    if (Array.isArray(node)) node.splice(Number(last), 1);
    else delete node[last];
  } else node[last] = value;
  return copy;
}

export const jsonText = (value: unknown) =>
  JSON.stringify(value)
    .replaceAll(JSON.stringify(INF), '1e400')
    .replaceAll(JSON.stringify(NEG_INF), '-1e400');
