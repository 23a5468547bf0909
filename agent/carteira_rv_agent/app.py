"""The agent assembled: terminal gateway, health monitor, journal, orders, HTTP server."""

from __future__ import annotations

import logging
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Optional, Tuple

from .auth import BearerAuth
from .gateway import Gateway
from .http_api import AgentServer, Routes, tls_context
from .http_server import DEFAULT_MAX_CONNECTIONS, DEFAULT_READ_TIMEOUT, DEFAULT_WORKERS
from .journal import Journal
from .logs import log
from .monitor import HealthMonitor
from .orders import OrderService

# Carteira RV's orders carry this magic number unless --magic says otherwise.
DEFAULT_MAGIC = 7_270_501


@dataclass(frozen=True)
class Settings:
    token: str
    journal: str
    host: str = "127.0.0.1"
    port: int = 8765
    terminal_path: Optional[str] = None
    tls_cert: Optional[str] = None
    tls_key: Optional[str] = None
    magic: int = DEFAULT_MAGIC
    settle_seconds: float = 30.0
    sync_grace_seconds: float = 10.0
    health_period: float = 1.0
    stale_after: float = 5.0
    lock_timeout: float = 10.0
    # Threads serving HTTP requests, however many connections are open (idle ones wait without a thread).
    http_workers: int = DEFAULT_WORKERS
    # Seconds a connection may stay silent, between requests or in the middle of one, before it is closed.
    http_read_timeout: float = DEFAULT_READ_TIMEOUT
    # Open connections; past it, the longest idle one is closed to make room.
    http_max_connections: int = DEFAULT_MAX_CONNECTIONS


class Agent:
    def __init__(
        self, settings: Settings, mt5: Any, logger: logging.Logger, clock: Callable[[], float] = time.time
    ) -> None:
        self.settings = settings
        self.logger = logger
        self.gateway = Gateway(mt5, settings.lock_timeout)
        self.monitor = HealthMonitor(
            self.gateway,
            logger,
            clock=clock,
            terminal_path=settings.terminal_path,
            period=settings.health_period,
            stale_after=settings.stale_after,
        )
        self.journal = Journal(settings.journal)
        self.orders = OrderService(
            self.gateway,
            self.monitor,
            self.journal,
            logger,
            magic=settings.magic,
            clock=clock,
            settle=settings.settle_seconds,
            sync_grace=settings.sync_grace_seconds,
            lock_timeout=settings.lock_timeout,
        )
        self.routes = Routes(self.monitor, self.orders)
        self._stop = threading.Event()
        self._threads: list = []
        self._server: Optional[AgentServer] = None
        pending = self.journal.pending()
        if pending:
            log(logger, logging.WARNING, "orders_in_doubt_at_start", client_order_ids=pending)

    def start(self, run_monitor: bool = True) -> Tuple[str, int]:
        """Binds and serves in background threads; answers the address actually bound (port 0 picks one)."""
        s = self.settings
        tls = tls_context(s.tls_cert, s.tls_key) if s.tls_cert and s.tls_key else None
        self._server = AgentServer(
            (s.host, s.port),
            self.routes,
            BearerAuth(s.token),
            self.logger,
            tls,
            workers=s.http_workers,
            read_timeout=s.http_read_timeout,
            max_connections=s.http_max_connections,
        )
        if run_monitor:
            self._spawn("health-monitor", lambda: self.monitor.run(self._stop))
        server = self._server
        self._spawn("http", lambda: server.serve_forever(poll_interval=0.05))
        host, port = self._server.server_address[:2]
        log(self.logger, logging.INFO, "listening", host=host, port=port, tls=tls is not None)
        return host, port

    def _spawn(self, name: str, target: Callable[[], None]) -> None:
        thread = threading.Thread(target=target, name=name, daemon=True)
        thread.start()
        self._threads.append(thread)

    def stop(self) -> None:
        self._stop.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
        for thread in self._threads:
            thread.join(timeout=2)
        self.journal.close()
        try:
            with self.gateway.session(timeout=1) as s:
                s.call("shutdown")
        except Exception:  # noqa: BLE001 - a hung terminal must not keep the agent from stopping
            pass
        log(self.logger, logging.INFO, "stopped")
