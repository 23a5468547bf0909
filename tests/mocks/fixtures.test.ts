import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURE_SCHEMAS, type Fixture, type FixtureName } from '../../mocks/recorded';

const DIR = path.resolve(import.meta.dirname, '../../mocks/fixtures');
const files = fs.readdirSync(DIR).filter((f) => f.endsWith('.json'));
const names = Object.keys(FIXTURE_SCHEMAS) as FixtureName[];

describe('recorded fixtures (npm run fixtures:record)', () => {
  it('has exactly one file per call of the catalogue', () => {
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual([...names].sort());
  });

  it.each(names)('%s still satisfies the contract', (name) => {
    const fixture = JSON.parse(fs.readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as Fixture;
    expect(fixture.request.path).toMatch(/^\/api\//);
    const parsed = FIXTURE_SCHEMAS[name].safeParse(fixture.response.body);
    expect(parsed.error?.issues ?? []).toEqual([]);
  });

  it('records the error paths QA replays with their real statuses', () => {
    const status = (name: FixtureName) =>
      (JSON.parse(fs.readFileSync(path.join(DIR, `${name}.json`), 'utf8')) as Fixture).response
        .status;
    expect(status('token-401')).toBe(401);
    expect(status('importacao-upload-409')).toBe(409);
    expect(status('compra-validar-offline')).toBe(502);
    const rejected = JSON.parse(
      fs.readFileSync(path.join(DIR, 'compra-status-rejeitada.json'), 'utf8'),
    ) as Fixture<{ finished: boolean; executed_all: boolean; erro: string | null }>;
    expect(rejected.response.body).toMatchObject({ finished: true, executed_all: false });
    expect(rejected.response.body.erro).toBeTruthy();
  });
});
