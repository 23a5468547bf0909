"""The terminal's health, read in the background about once a second and answered from that cache.

/health must answer within 250 ms even when the terminal hangs, so it never calls the terminal: it reads the
last snapshot, and says the terminal is unavailable when that snapshot is older than `stale_after`. When the
terminal is gone (its calls answer None), the monitor calls initialize() again, backing off to `backoff_max`.
"""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Callable, Optional

from .errors import TerminalUnavailable
from .gateway import Gateway
from .logs import log
from .mt5_types import AccountInfo, TerminalInfo
from .protocol import HealthAnswer
from .settings import Settings


@dataclass(frozen=True)
class Snapshot:
    at: float
    body: HealthAnswer
    connected: bool


def iso(moment: float) -> str:
    return datetime.fromtimestamp(moment, timezone.utc).isoformat(timespec="milliseconds").replace("+00:00", "Z")


class HealthMonitor:
    def __init__(
        self,
        gateway: Gateway,
        logger: logging.Logger,
        settings: Settings,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._gateway = gateway
        self._logger = logger
        self._clock = clock
        self._terminal_path = settings.terminal_path
        self._period = settings.health_period
        self._stale_after = settings.stale_after
        self._backoff_max = settings.backoff_max
        self._initialized = False
        self._next_init = 0.0
        self._backoff = 0.0
        self._connected_since: Optional[float] = None
        # One tuple, replaced whole, so that a reader never sees a snapshot with another refresh's problem.
        self._view: tuple[Optional[Snapshot], Optional[str]] = (None, "aguardando o terminal MT5")

    def connected_since(self) -> Optional[float]:
        """Since when the terminal has been seen connected to the broker without a break; None if it is not."""
        return self._connected_since

    def health(self) -> HealthAnswer:
        snapshot, problem = self._view
        if problem is not None or snapshot is None:
            raise TerminalUnavailable.because(str(problem))
        age = self._clock() - snapshot.at
        if age > self._stale_after:
            raise TerminalUnavailable(f"O terminal MT5 não responde há {int(age)} s")
        return snapshot.body

    def run(self, stop: threading.Event) -> None:
        while not stop.is_set():
            started = time.monotonic()
            try:
                self.refresh()
            except Exception:  # the loop must outlive any surprise from the package
                self._logger.exception("health_refresh_failed")
            stop.wait(max(0.0, self._period - (time.monotonic() - started)))

    def refresh(self) -> None:
        """One reading of the terminal (and one initialize() when it is due)."""
        now = self._clock()
        try:
            reading = self._read(now)
        except TerminalUnavailable:
            return  # an order call holds the terminal: this reading waits and the snapshot ages
        if reading is None:
            return
        terminal, account, error = reading
        if terminal is None:
            self._unavailable(f"terminal_info() falhou {error}")
            return
        if account is None:
            self._unavailable(f"nenhuma conta conectada no terminal {error}")
            return
        connected = bool(terminal.connected)
        if not connected:
            self._connected_since = None
        elif self._connected_since is None:
            self._connected_since = now
        body: HealthAnswer = {
            "connected": connected,
            "trade_allowed": bool(terminal.trade_allowed and account.trade_allowed),
            "account": {"login": int(account.login), "currency": account.currency, "margin_free": account.margin_free},
            "terminal": {"name": terminal.name, "build": int(terminal.build)},
            "connected_since": iso(self._connected_since) if self._connected_since is not None else None,
        }
        previous, problem = self._view
        if (
            problem is not None
            or previous is None
            or previous.body["trade_allowed"] != body["trade_allowed"]
            or (previous.connected != connected)
        ):
            log(self._logger, logging.INFO, "terminal_state", connected=connected, trade_allowed=body["trade_allowed"])
        self._view = (Snapshot(now, body, connected), None)

    def _read(self, now: float) -> Optional[tuple[Optional[TerminalInfo], Optional[AccountInfo], tuple[int, str]]]:
        """terminal_info() and account_info() under the lock; None when initialize() is not due yet or failed."""
        with self._gateway.session(timeout=self._period) as s:
            if not self._initialized:
                if now < self._next_init:
                    return None
                if not s.initialize(self._terminal_path):
                    self._backoff = min(max(1.0, self._backoff * 2), self._backoff_max)
                    self._next_init = now + self._backoff
                    self._unavailable(f"initialize() falhou {s.error}; nova tentativa em {self._backoff:.0f} s")
                    return None
                self._initialized = True
                self._backoff = 0.0
                log(self._logger, logging.INFO, "terminal_initialized")
            terminal = s.terminal_info()
            account = s.account_info() if terminal is not None else None
            error = s.error
            if terminal is None:
                # The terminal is gone (closed, crashed, restarting): start over with initialize().
                s.shutdown()
                self._initialized = False
                self._next_init = now
            return terminal, account, error

    def _unavailable(self, problem: str) -> None:
        self._connected_since = None
        if self._view[1] != problem:
            log(self._logger, logging.WARNING, "terminal_unavailable", detail=problem)
        self._view = (self._view[0], problem)
