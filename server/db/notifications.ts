import pg from 'pg';

/** How long to wait before listening again after the connection was lost. */
const RECONNECT_MS = 1_000;

/**
 * Listens to a PostgreSQL notification channel on a connection of its own, calling `onNotify` for each notification
 * and once more after every reconnection (what was sent while the connection was down is not replayed, so the
 * listener reads the state again). Stops with `close`.
 */
export function listen(
  url: string,
  channel: string,
  onNotify: () => void,
  onError: (err: unknown) => void = () => undefined,
): { ready: Promise<void>; close(): Promise<void> } {
  let client: pg.Client | null = null;
  let closed = false;
  let timer: NodeJS.Timeout | undefined;
  let first = true;

  const connect = async (): Promise<void> => {
    const c = new pg.Client({ connectionString: url });
    c.on('notification', (msg) => {
      if (msg.channel === channel) onNotify();
    });
    c.on('error', (err) => {
      onError(err);
      again(c);
    });
    c.on('end', () => again(c));
    await c.connect();
    await c.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    if (closed) {
      await c.end();
      return;
    }
    client = c;
    if (!first) onNotify();
    first = false;
  };
  const again = (c: pg.Client) => {
    if (closed || client !== c) return;
    client = null;
    clearTimeout(timer);
    timer = setTimeout(() => void connect().catch(retry), RECONNECT_MS);
    timer.unref();
  };
  const retry = (err: unknown) => {
    onError(err);
    if (closed) return;
    timer = setTimeout(() => void connect().catch(retry), RECONNECT_MS);
    timer.unref();
  };
  const ready = connect().catch((err: unknown) => retry(err));
  return {
    ready,
    async close() {
      closed = true;
      clearTimeout(timer);
      const c = client;
      client = null;
      await c?.end().catch(() => undefined);
    },
  };
}
