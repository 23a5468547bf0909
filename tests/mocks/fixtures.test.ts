import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_BASE } from '../../contract';
import {
  FIXTURES,
  fixtureSchema,
  type Fixture,
  type FixtureName,
} from '../../mocks/fixture-catalogue';

const DIR = path.resolve(import.meta.dirname, '../../mocks/fixtures');
const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.json'));
const names = Object.keys(FIXTURES) as FixtureName[];
const read = (name: FixtureName) =>
  JSON.parse(fs.readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as Fixture;

/** `/clientes/{id}/` → a pattern for `/api/clientes/7/` (with any query string). */
const pathPattern = (endpointPath: string) =>
  new RegExp(`^${API_BASE}${endpointPath.replace(/\{\w+\}/g, '[^/?]+')}(\\?.*)?$`);

describe('recorded fixtures (npm run fixtures:record)', () => {
  it('has exactly one file per call of the catalogue', () => {
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...names].sort());
  });

  it.each(names)('%s still satisfies the contract', (name) => {
    const fixture = read(name);
    const { endpoint, status } = FIXTURES[name];
    expect(fixture.request.method).toBe(endpoint.method);
    expect(fixture.request.path).toMatch(pathPattern(endpoint.path));
    expect(fixture.response.status).toBe(status);
    const parsed = fixtureSchema(name).safeParse(fixture.response.body);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('records the error paths QA replays with their real statuses', () => {
    const status = (name: FixtureName) => read(name).response.status;
    expect(status('token-401')).toBe(401);
    expect(status('importacao-upload-409')).toBe(409);
    expect(status('compra-validar-offline')).toBe(502);
    const rejected = read('compra-status-rejeitada') as Fixture<{
      finished: boolean;
      executed_all: boolean;
      erro: string | null;
    }>;
    expect(rejected.response.body).toMatchObject({ finished: true, executed_all: false });
    expect(rejected.response.body.erro).toBeTruthy();
  });
});
