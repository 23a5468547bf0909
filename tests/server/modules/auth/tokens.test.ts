import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../../../server/modules/auth/tokens';

const SECRET = 'a-test-secret-that-is-long-enough-for-hs256';
const claims = { username: 'ana', sessionId: '0b7e4a52-8d1c-4f3e-9a61-2c5d8e9f1a23' };

describe('the token service', () => {
  afterEach(() => vi.useRealTimers());

  it('stops accepting a token at its expiry, though it accepted it a moment before', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-03-02T13:00:00Z'));
    const tokens = createTokenService(SECRET);
    const token = await tokens.issue(claims, new Date('2026-03-02T13:01:00Z'));
    expect(tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-03-02T13:00:59Z'));
    expect(tokens.verify(token)).toEqual(claims);
    vi.setSystemTime(new Date('2026-03-02T13:01:00Z'));
    expect(tokens.verify(token)).toBeNull();
    expect(tokens.verify(token)).toBeNull();
  });

  it('refuses a token one character away from one it accepted', async () => {
    const tokens = createTokenService(SECRET);
    const token = await tokens.issue(claims, new Date(Date.now() + 3600_000));
    expect(tokens.verify(token)).toEqual(claims);
    // The signature's first character: all six of its bits count (the last one's lowest two are padding).
    const at = token.lastIndexOf('.') + 1;
    const other = token[at] === 'A' ? 'B' : 'A';
    expect(tokens.verify(token.slice(0, at) + other + token.slice(at + 1))).toBeNull();
    expect(tokens.verify(`${token}.`)).toBeNull();
    expect(createTokenService(`${SECRET}-other`).verify(token)).toBeNull();
  });

  it('after a rotation, signs with the new secret and accepts the old one’s tokens only while it is kept', async () => {
    let keys: { current: string; previous: string | null } = { current: SECRET, previous: null };
    const tokens = createTokenService(() => keys);
    const expiry = new Date(Date.now() + 3600_000);
    const old = await tokens.issue(claims, expiry);
    expect(tokens.verify(old)).toEqual(claims);
    keys = { current: `${SECRET}-rotated`, previous: SECRET };
    const fresh = await tokens.issue(claims, expiry);
    expect(createTokenService(`${SECRET}-rotated`).verify(fresh)).toEqual(claims);
    expect(createTokenService(SECRET).verify(fresh)).toBeNull();
    expect(tokens.verify(old)).toEqual(claims);
    // The old secret's time is over: its tokens are refused, though one was accepted (and remembered) before.
    keys = { current: `${SECRET}-rotated`, previous: null };
    expect(tokens.verify(old)).toBeNull();
    expect(tokens.verify(fresh)).toEqual(claims);
  });

  it('still accepts a token after verifying many others since', async () => {
    const tokens = createTokenService(SECRET);
    const expiry = new Date(Date.now() + 3600_000);
    const first = await tokens.issue(claims, expiry);
    expect(tokens.verify(first)).toEqual(claims);
    for (let i = 0; i < 1100; i++) {
      const other = { username: `u${i}`, sessionId: crypto.randomUUID() };
      expect(tokens.verify(await tokens.issue(other, expiry))).toEqual(other);
    }
    expect(tokens.verify(first)).toEqual(claims);
  });
});
