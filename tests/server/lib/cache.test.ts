import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createAnswerCache, freshShared } from '../../../server/lib/cache';

/** A promise settled from outside. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (err: Error) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('freshShared', () => {
  it('gives a caller who comes during a run the next run, shared with everyone who came meanwhile', async () => {
    const runs: Array<ReturnType<typeof deferred<number>>> = [];
    const read = freshShared(() => {
      runs.push(deferred<number>());
      return runs.at(-1)!.promise;
    });
    const first = read();
    const second = read();
    const third = read();
    expect(runs).toHaveLength(1);
    runs[0]!.resolve(1);
    expect(await first).toBe(1);
    await tick();
    expect(runs).toHaveLength(2);
    runs[1]!.resolve(2);
    expect(await second).toBe(2);
    expect(await third).toBe(2);
    const fourth = read();
    expect(runs).toHaveLength(3);
    runs[2]!.resolve(3);
    expect(await fourth).toBe(3);
  });

  it('runs again after a failed run', async () => {
    let n = 0;
    const read = freshShared(async () => {
      if (++n === 1) throw new Error('down');
      return n;
    });
    await expect(read()).rejects.toThrow('down');
    expect(await read()).toBe(2);
  });
});

describe('createAnswerCache', () => {
  function source() {
    const state = {
      key: 'a',
      builds: [] as Array<{ key: string; done: ReturnType<typeof deferred<string>> }>,
    };
    const cache = createAnswerCache<string>({
      snapshot: async () => ({ key: state.key, context: state.key }),
      build: (key) => {
        const done = deferred<string>();
        state.builds.push({ key, done });
        return done.promise;
      },
    });
    return { state, cache };
  }

  it('builds once for concurrent requests of one snapshot, then answers from memory', async () => {
    const { state, cache } = source();
    const answers = Promise.all([cache.get(), cache.get(), cache.get()]);
    await tick();
    expect(state.builds.map((b) => b.key)).toEqual(['a']);
    state.builds[0]!.done.resolve('{"a":1}');
    expect((await answers).map((a) => a.text)).toEqual(['{"a":1}', '{"a":1}', '{"a":1}']);
    expect((await cache.get()).text).toBe('{"a":1}');
    expect(cache.stats).toEqual({ builds: 1, hits: 1 });
  });

  it('builds one at a time: requests of newer snapshots wait, and get the newest', async () => {
    const { state, cache } = source();
    const a = cache.get();
    await tick();
    state.key = 'b';
    const b = cache.get();
    await tick();
    state.key = 'c';
    const c = cache.get();
    await tick();
    expect(state.builds.map((x) => x.key)).toEqual(['a']);
    state.builds[0]!.done.resolve('A');
    expect((await a).text).toBe('A');
    await tick();
    // b's build had not started: it is built for c, which is fresher, and both get it.
    expect(state.builds.map((x) => x.key)).toEqual(['a', 'c']);
    state.builds[1]!.done.resolve('C');
    expect([(await b).text, (await c).text]).toEqual(['C', 'C']);
    expect(cache.stats.builds).toBe(2);
  });

  it('answers a request with a fresher answer built meanwhile rather than an older one', async () => {
    const slow = deferred<void>();
    let n = 0;
    const built: string[] = [];
    const cache = createAnswerCache<string>({
      snapshot: async () => {
        const key = ++n === 1 ? 'old' : 'new';
        if (key === 'old') await slow.promise;
        return { key, context: key };
      },
      build: async (key) => {
        built.push(key);
        return key;
      },
    });
    const first = cache.get();
    expect((await cache.get()).text).toBe('new');
    slow.resolve();
    expect((await first).text).toBe('new');
    expect(built).toEqual(['new']);
  });

  it('keeps no failure: the next request builds again', async () => {
    const { state, cache } = source();
    const failed = cache.get();
    await tick();
    state.builds[0]!.done.reject(new Error('lost connection'));
    await expect(failed).rejects.toThrow('lost connection');
    const again = cache.get();
    await tick();
    state.builds[1]!.done.resolve('A');
    expect((await again).text).toBe('A');
  });

  it('keeps the compressed forms of an answer, each made once', async () => {
    const { state, cache } = source();
    const answer = cache.get();
    await tick();
    const text = JSON.stringify({ rows: Array.from({ length: 500 }, (_, i) => ({ i })) });
    state.builds[0]!.done.resolve(text);
    const kept = await answer;
    const br = await kept.encoded('br');
    expect(await kept.encoded('br')).toBe(br);
    expect(zlib.brotliDecompressSync(br).toString()).toBe(text);
    expect(zlib.gunzipSync(await kept.encoded('gzip')).toString()).toBe(text);
  });
});
