import { describe, expect, it } from 'vitest';
import { SessionMemo } from '../../../../server/modules/auth/session-memo';

const ID = '0b7e4a52-8d1c-4f3e-9a61-2c5d8e9f1a23';
const NOW = Date.parse('2026-03-02T13:00:00Z');
const session = {
  username: 'ana',
  userId: 1,
  expiresAt: new Date(NOW + 60_000),
  papel: 'admin' as const,
  escopo: 'completo' as const,
};

describe('the memo of live sessions', () => {
  it('cannot tell a session it has not been told, then answers for its user only', () => {
    const memo = new SessionMemo();
    expect(memo.check('1', ID, 'ana', NOW)).toBeUndefined();
    memo.remember('1', ID, session);
    expect(memo.check('1', ID, 'ana', NOW)).toBe(session);
    expect(memo.check('1', ID, 'bia', NOW)).toBeNull();
  });

  it('says a remembered session has ended once its expiry has come, with no write', () => {
    const memo = new SessionMemo();
    memo.check('1', ID, 'ana', NOW);
    memo.remember('1', ID, session);
    expect(memo.check('1', ID, 'ana', NOW + 59_999)).toBe(session);
    expect(memo.check('1', ID, 'ana', NOW + 60_000)).toBeNull();
  });

  it('forgets every session when the version moves, and keeps nothing found under an older one', () => {
    const memo = new SessionMemo();
    memo.check('1', ID, 'ana', NOW);
    memo.remember('1', ID, session);
    expect(memo.check('2', ID, 'ana', NOW)).toBeUndefined();
    expect(memo.check('2', ID, 'ana', NOW)).toBeUndefined();
    // Found live before the write that moved the version: not kept.
    memo.remember('1', ID, session);
    expect(memo.check('2', ID, 'ana', NOW)).toBeUndefined();
  });
});
