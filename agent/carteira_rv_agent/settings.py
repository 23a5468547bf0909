"""The agent's settings and their defaults, written here only: cli.py's flags fall back to them, every part gets
its values from the Settings the agent was built with, and agent/README.md's table of options documents them."""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from typing import Optional

# The module with the MetaTrader5 API (--mt5-module): MetaQuotes' package on the VM; the tests give an emulation.
MT5_MODULE = "MetaTrader5"


def default_journal() -> str:
    """Outside the package's folder, so that an update (README, step 8) never touches it."""
    return os.path.join(os.path.expanduser("~"), "carteira-rv-agent", "journal.sqlite3")


@dataclass(frozen=True)
class Settings:
    token: str
    journal: str = field(default_factory=default_journal)
    # The VM's private IP in production; never 0.0.0.0 on a VM with a public address.
    host: str = "127.0.0.1"
    # The server's MT5_AGENT_PORT; 0 picks a free one (the tests).
    port: int = 8765
    # terminal64.exe, given to initialize(), which starts the terminal when it is closed.
    terminal_path: Optional[str] = None
    tls_cert: Optional[str] = None
    tls_key: Optional[str] = None
    # Carteira RV's orders carry this magic number.
    magic: int = 7_270_501
    # After a send of unknown outcome, how long before the order's absence may be trusted (a request in
    # transit has landed by then).
    settle_seconds: float = 30.0
    # How long the terminal must have been connected before its history is trusted (it downloads it at each
    # connection).
    sync_grace_seconds: float = 10.0
    # The health monitor reads the terminal this often; /health says unavailable when its last reading is older
    # than stale_after; a dead terminal's initialize() is retried after 1, 2, 4… seconds, up to backoff_max.
    health_period: float = 1.0
    stale_after: float = 5.0
    backoff_max: float = 30.0
    # The longest a request waits for the terminal held by another call (a hung terminal): then 503.
    lock_timeout: float = 10.0
    # The longest the journal waits for SQLite's lock when it opens (another agent holds it: refuse to start).
    journal_busy_timeout: float = 0.5
    # Threads serving HTTP requests, however many connections are open (idle ones wait without a thread);
    # 32 outnumber by far the server's concurrent calls to one VM.
    http_workers: int = 32
    # Seconds a connection may stay silent, between requests or in the middle of one, before it is closed.
    http_read_timeout: float = 10.0
    # Open connections, idle ones included; past it, the longest idle one is closed to make room. Windows'
    # select() watches at most 512 sockets.
    http_max_connections: int = 256
