import { handle } from './contract';
import {
  FIXTURES,
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

/** The stock a recorded sequence traded (its first request names it, else its last answer). */
function tickerOf(steps: Fixture[]): string {
  const body = steps[0]!.request.body as { ticker?: string; ticker_base?: string } | undefined;
  const last = steps.at(-1)!.response.body as {
    ticker_base?: string;
    summary?: Array<{ symbol: string }>;
  };
  return body?.ticker ?? body?.ticker_base ?? last.ticker_base ?? last.summary?.[0]?.symbol ?? '';
}

/** A recorded sequence's answers, in order, with the stock at hand in place of the recorded one. */
export function recordedAnswers<T>(name: SequenceName, ticker: string): T[] {
  const steps = recordedSequence(name);
  const from = tickerOf(steps);
  return steps.map(
    (s) => JSON.parse(JSON.stringify(s.response.body).replaceAll(from, ticker)) as T,
  );
}

/** A handler answering its endpoint with a recorded fixture as it is: for what nothing in the mock changes. */
export const gravado = (name: FixtureName) =>
  handle(FIXTURES[name].endpoint, () => recorded(name).response as never);
