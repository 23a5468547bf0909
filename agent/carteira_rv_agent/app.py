"""The agent assembled: terminal gateway, health monitor, journal, orders, HTTP server."""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable, Optional, cast

from .auth import BearerAuth
from .gateway import Gateway
from .http_api import AgentServer, Routes, tls_context
from .journal import Journal
from .logs import log
from .monitor import HealthMonitor
from .mt5_types import MetaTrader5
from .orders import OrderService
from .settings import Settings


class Agent:
    def __init__(
        self, settings: Settings, mt5: MetaTrader5, logger: logging.Logger, clock: Callable[[], float] = time.time
    ) -> None:
        self.settings = settings
        self.logger = logger
        self.gateway = Gateway(mt5, settings.lock_timeout)
        self.monitor = HealthMonitor(self.gateway, logger, settings, clock=clock)
        self.journal = Journal(settings.journal, settings.journal_busy_timeout)
        self.orders = OrderService(self.gateway, self.monitor, self.journal, logger, settings, clock=clock)
        self.routes = Routes(self.monitor, self.orders)
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []
        self._server: Optional[AgentServer] = None
        pending = self.journal.pending()
        if pending:
            log(logger, logging.WARNING, "orders_in_doubt_at_start", client_order_ids=pending)

    def start(self, run_monitor: bool = True) -> tuple[str, int]:
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
        # An AF_INET or AF_INET6 address: the host is a str.
        host, port = cast("tuple[str, int]", self._server.server_address[:2])
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
                s.shutdown()
        except Exception:  # noqa: BLE001 - a hung terminal must not keep the agent from stopping
            pass
        log(self.logger, logging.INFO, "stopped")
