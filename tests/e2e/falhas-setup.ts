import { afterEach } from 'vitest';
import { keepFailure } from '../support/browser';

// A failed journey leaves what its pages showed (tests/support/browser.ts's keepFailure), before the file closes them.
afterEach(async ({ task }) => {
  if (task.result?.state === 'fail') await keepFailure(task.name);
});
