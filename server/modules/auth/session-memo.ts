import type { LiveSession } from './sessions';

/** How many sessions are remembered at most: far more than the staff's open sessions. */
const REMEMBERED = 1024;

/**
 * The sessions found live (who, until when, what they reach), kept while the sessions table's version stays the
 * one they were found under (server/lib/cache.ts: any write to sessions changes it, committed by whoever; a role
 * change or a deactivation ends sessions, so it moves the version too). Only the embedded database can tell that
 * version without a query, so only it uses this.
 */
export class SessionMemo {
  private version: string | undefined;
  private readonly live = new Map<string, LiveSession>();

  /**
   * Session `sessionId` if it is live for `username` at `now` (ms), null if it is not, when the memo can tell
   * under `version`; undefined when the database must be asked. A new version forgets every session.
   */
  check(
    version: string,
    sessionId: string,
    username: string,
    now: number,
  ): LiveSession | null | undefined {
    if (version !== this.version) {
      this.live.clear();
      this.version = version;
      return undefined;
    }
    const session = this.live.get(sessionId);
    if (!session) return undefined;
    if (session.expiresAt.getTime() <= now) {
      this.live.delete(sessionId);
      return null;
    }
    return session.username === username ? session : null;
  }

  /** Remembers a session found live under `version` (nothing if the version has moved on since). */
  remember(version: string, sessionId: string, session: LiveSession): void {
    if (version !== this.version) return;
    if (this.live.size >= REMEMBERED) this.live.clear();
    this.live.set(sessionId, session);
  }
}
