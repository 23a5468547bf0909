import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';

/**
 * The screens' 3-second polls on a fake clock that also runs on its own (so that every short wait of the screen and
 * of Testing Library still passes): a test moves it a whole poll interval at once instead of waiting for it. Only
 * the timers are fake; Date, performance and animation frames stay real. Undo with `vi.useRealTimers()`.
 */
export function fakePollClock() {
  vi.useFakeTimers({
    shouldAdvanceTime: true,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'],
  });
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}
