import { server } from '../../mocks/node';

export interface RecordedRequest {
  /** The JSON body, null when there is none. */
  body: unknown;
  key: string | null;
}

/**
 * Records what the screen sent to a path, in order: each request's body and Idempotency-Key (the listener ends with
 * the test: tests/support/components-setup.ts).
 */
export function recordRequests(method: string, path: RegExp): RecordedRequest[] {
  const calls: RecordedRequest[] = [];
  server.events.on('request:start', ({ request }) => {
    if (request.method === method && path.test(new URL(request.url).pathname)) {
      void request
        .clone()
        .text()
        .then((text) =>
          calls.push({
            body: text ? (JSON.parse(text) as unknown) : null,
            key: request.headers.get('idempotency-key'),
          }),
        );
    }
  });
  return calls;
}
