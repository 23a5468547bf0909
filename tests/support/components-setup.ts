import '@testing-library/jest-dom/vitest';
import { defaultSystem } from '@chakra-ui/react';
import { cleanup, configure } from '@testing-library/react';
import { setInteractionModality } from '@zag-js/focus-visible';
import { afterAll, afterEach, beforeAll, expect, vi } from 'vitest';
import { takeContractViolations } from '../../mocks/contract';
import { server } from '../../mocks/node';
import { seedScene } from '../src/scene';
import { clearQueryClients } from './render';
import { system } from '../../src/app/theme';
import { conexao } from '../../src/lib/conexao';

// findBy and waitFor wait for what a user would see; a second is too short on a busy 2-core machine (a screen's
// first render there once took longer), and a longer wait costs nothing when the thing appears.
configure({ asyncUtilTimeout: 5_000 });

// The app's Chakra system registers only the recipes it uses (src/app/theme.ts); a component asking for one of
// Chakra's recipes that is not registered renders unstyled without a word. Recorded here, failed after the test.
const unregistered = new Set<string>();
for (const [method, isKnown, isOurs] of [
  ['getRecipeFn', defaultSystem.isRecipe, system.isRecipe],
  ['getSlotRecipeFn', defaultSystem.isSlotRecipe, system.isSlotRecipe],
] as const) {
  const original = system[method];
  system[method] = (key: string, fallback?: unknown) => {
    if (isKnown(key) && !isOurs(key)) unregistered.add(key);
    return original(key, fallback);
  };
}

// jsdom lacks the layout APIs Chakra's positioning and virtualisation ask for.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
window.matchMedia ??= ((query: string) => ({
  matches: false,
  media: query,
  onchange: null,
  addEventListener: () => {},
  removeEventListener: () => {},
  addListener: () => {},
  removeListener: () => {},
  dispatchEvent: () => false,
})) as typeof window.matchMedia;
Element.prototype.scrollTo ??= () => {};
// jsdom lays nothing out (every size is 0); virtualised lists need a viewport to fill.
Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
  configurable: true,
  get: () => 800,
});
Object.defineProperty(HTMLElement.prototype, 'clientWidth', {
  configurable: true,
  get: () => 1200,
});
window.scrollTo = () => {};

/**
 * Gives a file the pointer and focus state of a fresh document, as far as Ark's menus see it. They highlight and
 * select through the interaction tracker of @zag-js/focus-visible, whose state (the last pointer position, the
 * last modality, whether an event came before a focus) is its module's and lasts as long as the worker: a file's
 * menus would otherwise open in the state the file before it left. jsdom puts every pointer event at (0, 0), and
 * the tracker ignores a move to where the pointer already is: a move elsewhere, a focus that follows an event, and
 * no modality. (It does not undo the tracker's listening: a click on a menu item that is not a link still relies on
 * the first menu of a document, see tests/src/features/auth/login.test.tsx, which keeps a document of its own.)
 */
function resetInteractionState() {
  document.dispatchEvent(
    new PointerEvent('pointermove', {
      bubbles: true,
      clientX: -1,
      clientY: -1,
      pointerType: 'mouse',
    }),
  );
  const probe = document.createElement('button');
  document.body.append(probe);
  probe.focus();
  probe.blur();
  probe.remove();
  // No modality yet: the type leaves out the null a fresh document starts with.
  setInteractionModality(null as never);
}

beforeAll(async () => {
  // A worker runs its files one after the other on the same modules and document (the project is not isolated):
  // each file starts from the mocks' hand-picked scene, whatever the file before it seeded or changed.
  seedScene();
  resetInteractionState();
  server.listen({ onUnhandledRequest: 'error' });
  // What the app loads on demand (the router and the login's calls once the login screen shows, each screen on
  // hover or when opened): a browser has fetched it by the time it shows; here its first use would transform it
  // inside a test's one-second wait (seconds on a busy machine, whoever gets there first).
  await Promise.all([
    import('../../src/app/router'),
    import('../../src/api/auth-calls'),
    import('../../src/features/auth/login-validation'),
    ...Object.values(import.meta.glob('../../src/features/*/*Page.tsx')).map((load) => load()),
  ]);
});
afterEach(() => {
  const violations = takeContractViolations();
  const missing = [...unregistered];
  unregistered.clear();
  cleanup();
  clearQueryClients();
  server.resetHandlers();
  // A test's request spies end with it, so that none counts the next test's requests.
  server.events.removeAllListeners();
  localStorage.clear();
  vi.restoreAllMocks();
  // A network failure one test made must not leave the next one (in the same document) under the offline banner.
  conexao.respondeu();
  // After the cleanup, so that one failing test leaves nothing behind for the next.
  // A mock answer that breaks the contract fails the test that caused it.
  expect(violations).toEqual([]);
  expect(missing, 'Chakra recipes missing from src/app/theme.ts').toEqual([]);
});
afterAll(() => server.close());
