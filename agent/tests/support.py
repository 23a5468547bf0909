"""Shared test fixtures: an agent in process over an emulated terminal, both on one fake clock."""

from __future__ import annotations

import io
import itertools
import json
import logging
import os
import shutil
import tempfile
import threading
import unittest
from typing import Any, Callable, Dict, Optional, Tuple

from carteira_rv_agent.app import Agent, Settings
from carteira_rv_agent.logs import setup
from carteira_rv_agent.protocol import ApiError

from .mt5_emulation import EmulatedMT5, Terminal

TOKEN = "token-de-teste-do-agente-0123456789"
AGENT_DIR = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
_names = itertools.count()


class FakeClock:
    def __init__(self, start: float = 1_750_000_000.0) -> None:
        self.now = start
        self._lock = threading.Lock()

    def __call__(self) -> float:
        with self._lock:
            return self.now

    def advance(self, seconds: float) -> None:
        with self._lock:
            self.now += seconds


class Harness:
    """One emulated terminal and the agent beside it; `restart()` brings up a new agent on the same journal
    and terminal, as after a crash of the agent's process."""

    def __init__(
        self,
        test: unittest.TestCase,
        settle: float = 30.0,
        sync_grace: float = 10.0,
        lock_timeout: float = 0.5,
        wrap: Optional[Callable[[Any], Any]] = None,
        terminal_path: Optional[str] = None,
        tls: Optional[Tuple[str, str]] = None,
        http: Optional[Dict[str, Any]] = None,
        **terminal_options: Any,
    ) -> None:
        self.clock = FakeClock()
        terminal_options.setdefault("fill_delay", 1.0)
        self.terminal = Terminal(clock=self.clock, **terminal_options)
        self.mt5 = EmulatedMT5(self.terminal) if wrap is None else wrap(EmulatedMT5(self.terminal))
        self.dir = tempfile.mkdtemp(prefix="crv-agent-test-")
        test.addCleanup(shutil.rmtree, self.dir, True)
        self.log = io.StringIO()
        self.logger = setup(stream=self.log, secret=TOKEN, name=f"carteira_rv_agent.test{next(_names)}")
        self.settings = Settings(
            token=TOKEN,
            journal=os.path.join(self.dir, "journal.sqlite3"),
            port=0,
            terminal_path=terminal_path,
            tls_cert=tls[0] if tls else None,
            tls_key=tls[1] if tls else None,
            settle_seconds=settle,
            sync_grace_seconds=sync_grace,
            lock_timeout=lock_timeout,
            **(http or {}),
        )
        self.agent = Agent(self.settings, self.mt5, self.logger, clock=self.clock)
        test.addCleanup(self.close)
        self.refresh()

    def refresh(self) -> None:
        self.agent.monitor.refresh()

    def restart(self) -> None:
        """The agent's process died (its journal file handle with it) and starts again."""
        self.agent.journal.close()
        self.agent = Agent(self.settings, self.mt5, self.logger, clock=self.clock)
        self.refresh()

    def close(self) -> None:
        try:
            self.agent.stop()
        except Exception:  # noqa: BLE001 - a test that already stopped it
            pass

    def call(self, method: str, path: str, body: Any = None) -> Tuple[int, Any]:
        raw = b"" if body is None else json.dumps(body).encode()
        try:
            status, answer = self.agent.routes(method, path, lambda: raw)
        except ApiError as err:
            return err.status, {"error": err.code, "message": err.message}
        return status, json.loads(answer)

    def place(self, **fields: Any) -> Tuple[int, Any]:
        body: Dict[str, Any] = {
            "client_order_id": "grupo-1:1",
            "symbol": "PETR4",
            "side": "buy",
            "volume": 300,
            "type": "market",
            "comment": "carteira-rv 1a2b3c4d",
        }
        body.update(fields)
        return self.call("POST", "/orders", body)

    def order(self, ticket: int) -> Dict[str, Any]:
        status, body = self.call("GET", f"/orders/{ticket}")
        assert status == 200, body
        return body

    def orders_received(self) -> int:
        """How many orders the terminal (and its broker) holds: what a duplicate send would raise."""
        return len(self.terminal.orders)

    def events(self, name: Optional[str] = None) -> list:
        lines = [json.loads(line) for line in self.log.getvalue().splitlines()]
        return [e for e in lines if name is None or e["event"] == name]


logging.getLogger("carteira_rv_agent").propagate = False
