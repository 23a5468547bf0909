import {
  fixtureSchema,
  type Fixture,
  type FixtureBody,
  type FixtureName,
  type SequenceFile,
  type SequenceName,
} from './fixture-catalogue';

// Vite reads the files at build time; the recorder (run by tsx, without Vite) imports the catalogue only.
const FILES = import.meta.glob<unknown>('./fixtures/*.json', { eager: true, import: 'default' });
const file = (name: string) => {
  const found = FILES[`./fixtures/${name}.json`];
  if (!found) throw new Error(`Fixture ${name} is missing: run npm run fixtures:record.`);
  return found;
};

/** A recorded fixture, its answer parsed with the contract (a stale fixture fails loudly here). */
export function recorded<N extends FixtureName>(name: N): Fixture<FixtureBody<N>> {
  const fixture = file(name) as Fixture;
  const body = fixtureSchema(name).parse(fixture.response.body) as FixtureBody<N>;
  return { request: fixture.request, response: { status: fixture.response.status, body } };
}

/** A recorded sequence's calls, in the order the server answered them (tests/mocks check them against the contract). */
export const recordedSequence = (name: SequenceName): Fixture[] =>
  (file(name) as SequenceFile).sequence;
