/** How many sessions are remembered at most: far more than the staff's open sessions. */
const REMEMBERED = 1024;

/**
 * The sessions found live, each with its user's name and expiry, kept while the sessions table's version stays
 * the one they were found under (server/lib/cache.ts: any write to sessions changes it, committed by whoever).
 * Only the embedded database can tell that version without a query, so only it uses this.
 */
export class SessionMemo {
  private version: string | undefined;
  private readonly live = new Map<string, { username: string; expiresAt: number }>();

  /**
   * Whether session `sessionId` is live for `username` at `now` (ms), when the memo can tell under `version`;
   * undefined when the database must be asked. A new version forgets every session.
   */
  check(version: string, sessionId: string, username: string, now: number): boolean | undefined {
    if (version !== this.version) {
      this.live.clear();
      this.version = version;
      return undefined;
    }
    const session = this.live.get(sessionId);
    if (!session) return undefined;
    if (session.expiresAt <= now) {
      this.live.delete(sessionId);
      return false;
    }
    return session.username === username;
  }

  /** Remembers a session found live under `version` (nothing if the version has moved on since). */
  remember(
    version: string,
    sessionId: string,
    session: { username: string; expiresAt: Date },
  ): void {
    if (version !== this.version) return;
    if (this.live.size >= REMEMBERED) this.live.clear();
    this.live.set(sessionId, {
      username: session.username,
      expiresAt: session.expiresAt.getTime(),
    });
  }
}
