import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from '../../src/app/App';
import { createQueryClient } from '../../src/app/query-client';
import { session } from '../../src/lib/session';

/** Renders the whole SPA at a path, logged in unless told otherwise. */
export function renderApp(path = '/', { loggedIn = true, username = 'operador' } = {}) {
  if (loggedIn) session.login({ access: 'mock.token', username });
  else session.logout();
  window.history.replaceState({}, '', path);
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const user = userEvent.setup();
  return { user, queryClient, ...render(<App queryClient={queryClient} />) };
}
