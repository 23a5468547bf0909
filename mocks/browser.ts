import { setupWorker } from 'msw/browser';
import { handlers } from './handlers/index';
import { seedFromRecordedFixtures } from './replay';

/** `npm run dev:mock`: the SPA alone, every call answered in the browser from the recorded fixtures. */
export async function startMockWorker(): Promise<void> {
  seedFromRecordedFixtures();
  await setupWorker(...handlers).start({ onUnhandledRequest: 'bypass', quiet: true });
}
