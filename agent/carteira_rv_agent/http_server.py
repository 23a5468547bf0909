"""An HTTP/1.1 server with a bounded number of threads: a fixed pool of workers serves the connections that have
sent something, and connections waiting for their next request wait in one selector rather than in a thread each.
A connection idle for the read timeout is closed; past the connection limit, the longest idle one makes room."""

from __future__ import annotations

import contextlib
import io
import queue
import selectors
import socket
import socketserver
import ssl
import threading
import time
from collections import OrderedDict
from concurrent.futures import ThreadPoolExecutor
from http.server import BaseHTTPRequestHandler
from typing import Any, Optional, cast

# Connections taken from the listening socket's queue at each turn of the loop.
ACCEPT_BATCH = 64


class PooledHandler(BaseHTTPRequestHandler):
    """One connection, kept from one request to the next; a worker runs `serve` when the client has sent
    something, never while it is silent."""

    protocol_version = "HTTP/1.1"

    def __init__(self, request: Any, client_address: Any, server: PooledHTTPServer) -> None:
        # Unlike BaseRequestHandler, serves nothing yet: the selector tells when there is something to read.
        self.request = request
        self.client_address = client_address
        self.server: PooledHTTPServer = server  # pyright: ignore[reportIncompatibleVariableOverride] - its maker
        self.close_connection = False
        self._set_up = False
        self._closed = False

    def setup(self) -> None:
        # StreamRequestHandler reads a class attribute: this connection's own value stands in front of it.
        self.timeout = self.server.read_timeout  # pyright: ignore[reportAttributeAccessIssue]
        super().setup()
        self._set_up = True  # rfile and wfile exist: close() flushes and closes them
        if isinstance(self.connection, ssl.SSLSocket):
            self.connection.do_handshake()

    def serve(self) -> bool:
        """Answers the requests that have arrived; True when the connection stays open for the next one."""
        if not self._set_up:
            self.setup()
            # Over TLS what arrived was the handshake; the request itself may not have been sent yet.
            if isinstance(self.connection, ssl.SSLSocket) and not self._buffered():
                return True
        while True:
            self.handle_one_request()
            if self.close_connection:
                return False
            if not self._buffered():
                return True

    def _buffered(self) -> bool:
        """True when the next request has already been read into a buffer (a pipelining client, or TLS
        records), where the selector cannot see it. Reads without waiting."""
        self.connection.settimeout(0)
        try:
            # StreamRequestHandler's rfile is buffered (rbufsize -1): a BufferedReader, which can peek.
            return bool(cast(io.BufferedReader, self.rfile).peek(1))
        except (BlockingIOError, ssl.SSLWantReadError):
            return False
        finally:
            self.connection.settimeout(self.timeout)

    def close(self) -> None:
        if self._closed:
            return
        self._closed = True
        if self._set_up:
            with contextlib.suppress(OSError):
                self.finish()
        self.server.shutdown_request(self.request)


class PooledHTTPServer(socketserver.TCPServer):
    request_queue_size = 64

    def __init__(
        self,
        address: tuple[str, int],
        handler: type[PooledHandler],
        workers: int,
        read_timeout: float,
        max_connections: int,
    ) -> None:
        """workers: threads serving requests; read_timeout: seconds a connection may stay silent, between
        requests or in the middle of one; max_connections: open ones, idle ones included (Settings, settings.py)."""
        # Set before binding: a failed bind calls server_close.
        self.read_timeout = read_timeout
        self.max_connections = max_connections
        self._pool = ThreadPoolExecutor(max_workers=workers, thread_name_prefix="http-worker")
        self._open: set[PooledHandler] = set()
        self._lock = threading.Lock()  # guards _open and the stop flag as workers hand connections back
        self._returned: queue.SimpleQueue[PooledHandler] = queue.SimpleQueue()  # served ones, back to the loop
        # The loop's: handler → when it started waiting, oldest first.
        self._idle: OrderedDict[PooledHandler, float] = OrderedDict()
        self._wake_r, self._wake_w = socket.socketpair()
        self._wake_r.setblocking(False)
        self._wake_w.setblocking(False)
        self._stop = threading.Event()
        self._stopped = threading.Event()
        self._stopped.set()
        self._handler_class = handler
        super().__init__(address, handler)

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        """The one loop that accepts connections, watches idle ones and hands readable ones to the pool."""
        if self._stop.is_set():  # stopped before it started
            return
        self._stopped.clear()
        self.socket.setblocking(False)
        try:
            with selectors.DefaultSelector() as selector:
                selector.register(self.socket, selectors.EVENT_READ, None)
                selector.register(self._wake_r, selectors.EVENT_READ, self._wake_r)
                while not self._stop.is_set():
                    for key, _ in selector.select(self._wait(poll_interval)):
                        if key.data is None:
                            self._accept(selector)
                        elif key.data is self._wake_r:
                            self._drain_wake()
                        else:
                            self._dispatch(selector, key.data)
                    self._take_returned(selector)
                    self._close_idle(selector)
        finally:
            for handler in list(self._idle):
                self._close(handler)
            self._idle.clear()
            self._stopped.set()

    def shutdown(self) -> None:
        self._stop.set()
        self._wake()
        self._stopped.wait()

    def server_close(self) -> None:
        with self._lock:
            self._stop.set()
            serving = list(self._open)
        super().server_close()
        # Wakes the workers still reading from a client: they close their connection at once.
        for handler in serving:
            # socket.socket's own: SSLSocket.shutdown would drop the TLS state under the worker's feet.
            with contextlib.suppress(OSError):
                socket.socket.shutdown(handler.request, socket.SHUT_RDWR)
        self._take_returned(None)
        self._pool.shutdown(wait=False)
        self._wake_r.close()
        self._wake_w.close()

    def _wait(self, poll_interval: float) -> float:
        if not self._idle:
            return poll_interval
        oldest = next(iter(self._idle.values()))
        return max(0.0, min(poll_interval, oldest + self.read_timeout - time.monotonic()))

    def _accept(self, selector: selectors.BaseSelector) -> None:
        for _ in range(ACCEPT_BATCH):
            try:
                request, address = self.socket.accept()
            except OSError:  # nothing more to accept, or accept() failed (the next turn tries again)
                return
            request.settimeout(self.read_timeout)
            with self._lock:
                full = len(self._open) >= self.max_connections
            if full and not self._idle:
                self.refused(address)
                self.shutdown_request(request)
                continue
            if full:
                oldest, _ = self._idle.popitem(last=False)
                selector.unregister(oldest.request)
                self._close(oldest)
            handler = self._handler_class(request, address, self)
            with self._lock:
                self._open.add(handler)
            self._watch(selector, handler)

    def refused(self, address: Any) -> None:
        """A connection closed on arrival: every place is taken by a connection being served."""

    def _watch(self, selector: selectors.BaseSelector, handler: PooledHandler) -> None:
        try:
            selector.register(handler.request, selectors.EVENT_READ, handler)
        except (OSError, ValueError):  # a socket the system will not watch: that client only, not the loop
            self._close(handler)
            return
        self._idle[handler] = time.monotonic()

    def _dispatch(self, selector: selectors.BaseSelector, handler: PooledHandler) -> None:
        if handler not in self._idle:  # closed earlier in this turn to make room
            return
        selector.unregister(handler.request)
        del self._idle[handler]
        self._pool.submit(self._serve, handler)

    def _serve(self, handler: PooledHandler) -> None:
        """In a worker: serves what the client sent, then hands the connection back to the loop or closes it."""
        if self._stop.is_set():
            self._close(handler)
            return
        try:
            keep = handler.serve()
        except Exception:  # noqa: BLE001 - a broken connection is logged and closed, the worker goes on
            self.handle_error(handler.request, handler.client_address)
            keep = False
        with self._lock:
            if keep and not self._stop.is_set():
                self._returned.put(handler)
                self._wake()
                return
        self._close(handler)

    def _take_returned(self, selector: Optional[selectors.BaseSelector]) -> None:
        """Watches again the connections the workers handed back (closes them when stopping: selector None)."""
        while True:
            try:
                handler = self._returned.get_nowait()
            except queue.Empty:
                return
            if selector is None:
                self._close(handler)
            else:
                self._watch(selector, handler)

    def _close_idle(self, selector: selectors.BaseSelector) -> None:
        now = time.monotonic()
        while self._idle:
            handler, since = next(iter(self._idle.items()))
            if now - since < self.read_timeout:
                return
            self._idle.popitem(last=False)
            selector.unregister(handler.request)
            self._close(handler)

    def _close(self, handler: PooledHandler) -> None:
        handler.close()
        with self._lock:
            self._open.discard(handler)

    def _wake(self) -> None:
        with contextlib.suppress(OSError):  # full (the loop will wake anyway) or closed (stopped)
            self._wake_w.send(b"\0")

    def _drain_wake(self) -> None:
        try:
            while self._wake_r.recv(4096):
                pass
        except OSError:
            pass
