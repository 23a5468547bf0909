"""Shared test fixtures: an agent in process over an emulated terminal, both on one fake clock."""

from __future__ import annotations

import contextlib
import io
import itertools
import json
import logging
import os
import shutil
import tempfile
import threading
import unittest
from typing import Any, Callable, Optional, cast

from carteira_rv_agent.app import Agent
from carteira_rv_agent.logs import setup
from carteira_rv_agent.mt5_types import MetaTrader5
from carteira_rv_agent.settings import Settings

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
        settle: Optional[float] = None,
        sync_grace: Optional[float] = None,
        wrap: Optional[Callable[[EmulatedMT5], object]] = None,
        terminal_path: Optional[str] = None,
        tls: Optional[tuple[str, str]] = None,
        http: Optional[dict[str, Any]] = None,
        **terminal_options: Any,
    ) -> None:
        """settle, sync_grace, terminal_path, tls and http (http_* fields) are the agent's Settings, their
        defaults when not given; wrap, an object standing in front of the emulated package (faults, spies);
        terminal_options, the emulated Terminal's."""
        self.clock = FakeClock()
        terminal_options.setdefault("fill_delay", 1.0)
        self.terminal = Terminal(clock=self.clock, **terminal_options)
        emulated = EmulatedMT5(self.terminal)
        # A wrapper forwards what it does not change (__getattr__): the package's shape, as the emulation's.
        self.mt5 = cast(MetaTrader5, emulated if wrap is None else wrap(emulated))
        given: dict[str, Any] = {"settle_seconds": settle, "sync_grace_seconds": sync_grace, **(http or {})}
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
            # A hung terminal holds a request this long: short, so that such a test ends quickly.
            lock_timeout=0.5,
            **{name: value for name, value in given.items() if value is not None},
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
        with contextlib.suppress(Exception):  # a test that already stopped it
            self.agent.stop()

    def call(self, method: str, path: str, body: Any = None) -> tuple[int, Any]:
        """The answer the agent's routes give, errors included, as the HTTP client would read it."""
        raw = b"" if body is None else json.dumps(body).encode()
        status, answer = self.agent.routes(method, path, lambda: raw)
        return status, json.loads(answer)

    def place(self, **fields: Any) -> tuple[int, Any]:
        body: dict[str, Any] = {
            "client_order_id": "grupo-1:1",
            "symbol": "PETR4",
            "side": "buy",
            "volume": 300,
            "type": "market",
            "comment": "carteira-rv 1a2b3c4d",
        }
        body.update(fields)
        return self.call("POST", "/orders", body)

    def order(self, ticket: int) -> dict[str, Any]:
        status, body = self.call("GET", f"/orders/{ticket}")
        assert status == 200, body
        return body

    def orders_received(self) -> int:
        """How many orders the terminal (and its broker) holds: what a duplicate send would raise."""
        return len(self.terminal.orders)

    def events(self, name: Optional[str] = None) -> list[dict[str, Any]]:
        lines = [json.loads(line) for line in self.log.getvalue().splitlines()]
        return [e for e in lines if name is None or e["event"] == name]


logging.getLogger("carteira_rv_agent").propagate = False
