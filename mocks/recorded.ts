import {
  fixtureSchema,
  type Fixture,
  type FixtureBody,
  type FixtureName,
} from './fixture-catalogue';

// Vite reads the files at build time; the recorder (run by tsx, without Vite) imports the catalogue only.
const FILES = import.meta.glob<Fixture>('./fixtures/*.json', { eager: true, import: 'default' });

/** A recorded fixture, its answer parsed with the contract (a stale fixture fails loudly here). */
export function recorded<N extends FixtureName>(name: N): Fixture<FixtureBody<N>> {
  const fixture = FILES[`./fixtures/${name}.json`];
  if (!fixture) throw new Error(`Fixture ${name} is missing: run npm run fixtures:record.`);
  const body = fixtureSchema(name).parse(fixture.response.body) as FixtureBody<N>;
  return { request: fixture.request, response: { status: fixture.response.status, body } };
}
