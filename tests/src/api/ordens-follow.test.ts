import { describe, expect, it, vi } from 'vitest';
import { server } from '../../../mocks/node';
import { followOrdem, ORDEM_POLL_MS, ordensQueries } from '../../../src/api/ordens';
import { createQueryClient } from '../../../src/app/query-client';

const GROUP = '00000000-0000-4000-8000-00000000f011';

/** Counts the status polls of GROUP. */
function countPolls() {
  const polls = { n: 0 };
  server.events.on('request:start', ({ request }) => {
    if (request.url.includes(`/compra-status/${GROUP}/`)) polls.n++;
  });
  return polls;
}

describe('followOrdem', () => {
  it('stops polling when the session ends (the cache is cleared), and follows a group once', async () => {
    const polls = countPolls();
    // An unknown group answers 404: a failed poll is logged and polling goes on (specification section 8).
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const queryClient = createQueryClient();
    followOrdem(queryClient, 1, 'compra', GROUP);
    followOrdem(queryClient, 1, 'compra', GROUP);
    await expect.poll(() => polls.n).toBe(1);
    expect(
      queryClient.getQueryCache().findAll({ queryKey: ordensQueries.statuses() }),
    ).toHaveLength(1);
    queryClient.clear();
    await new Promise((r) => setTimeout(r, ORDEM_POLL_MS + 500));
    expect(polls.n).toBe(1);
    server.events.removeAllListeners();
  }, 10_000);
});
