"""The HTTP side: routes of docs/mt5-agent-protocol.md, bearer check, body limit, TLS (the connections and
their threads: http_server.py), and the one place where the domain's errors become HTTP statuses."""

from __future__ import annotations

import logging
import os
import re
import socket
import ssl
import sys
import time
from typing import Any, Callable, NoReturn, Optional
from urllib.parse import unquote, urlsplit

from .auth import BearerAuth
from .errors import (
    AgentError,
    ClientOrderIdConflict,
    InvalidJson,
    InvalidRequest,
    OrderNotCancelable,
    OrderNotFound,
    OutcomeInDoubt,
    SymbolNotFound,
    TerminalUnavailable,
)
from .http_server import PooledHandler, PooledHTTPServer
from .logs import log
from .monitor import HealthMonitor
from .orders import OrderService
from .protocol import MAX_BODY, ErrorCode, dumps, error_body, order_json, parse_json, parse_order

SYMBOL_PATH = re.compile(r"/symbols/([^/]+)")
ORDER_PATH = re.compile(r"/orders/(\d+)")
# A refused body up to this size is still read (and dropped) so that the client gets its 413.
DRAIN_MAX = 1024 * 1024
# A chunk's size line: hexadecimal digits only (int(..., 16) would also take "-1", "+5", "0x10", " 1_0"), then
# optional extensions, which the agent ignores.
CHUNK_SIZE = re.compile(rb"([0-9A-Fa-f]+)(?:[ \t]*;[^\r\n]*)?\r?\n")
# Trailer lines after the last chunk, read and dropped.
MAX_TRAILERS = 32
# A connection refused for lack of places is logged at most this often (seconds), with the count since.
REFUSED_LOG_PERIOD = 60.0
# What http.server refuses by itself (its messages are in English).
HTTP_REFUSALS = {
    414: "Linha de requisição longa demais",
    431: "Cabeçalhos grandes demais",
    501: "Método HTTP não suportado",
    505: "Versão de HTTP não suportada",
}
# The domain's errors as the protocol answers them (docs/mt5-agent-protocol.md, "Errors").
ERROR_ANSWERS: tuple[tuple[type[AgentError], int, ErrorCode], ...] = (
    (InvalidJson, 400, "invalid_json"),
    (InvalidRequest, 400, "invalid_request"),
    (SymbolNotFound, 404, "symbol_not_found"),
    (OrderNotFound, 404, "order_not_found"),
    (ClientOrderIdConflict, 409, "client_order_id_conflict"),
    (OrderNotCancelable, 409, "order_not_cancelable"),
    (TerminalUnavailable, 503, "terminal_unavailable"),
    (OutcomeInDoubt, 503, "em_duvida"),
)


class HttpError(Exception):
    """A refusal of the HTTP layer itself (token, body framing), in the protocol's terms."""

    def __init__(self, status: int, code: ErrorCode, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code: ErrorCode = code
        self.message = message


def error_answer(error: AgentError) -> tuple[int, bytes]:
    for kind, status, code in ERROR_ANSWERS:
        if isinstance(error, kind):
            return status, error_body(code, error.message)
    raise error  # not mapped: answered as any other bug (500)


class Routes:
    """Method and path → (status, JSON body), the domain's errors included."""

    def __init__(self, monitor: HealthMonitor, orders: OrderService) -> None:
        self._monitor = monitor
        self._orders = orders

    def __call__(self, method: str, path: str, read_body: Callable[[], bytes]) -> tuple[int, bytes]:
        try:
            return self._route(method, path, read_body)
        except AgentError as error:
            return error_answer(error)

    def _route(self, method: str, path: str, read_body: Callable[[], bytes]) -> tuple[int, bytes]:
        if path == "/health" and method == "GET":
            return 200, dumps(self._monitor.health())
        if path == "/positions" and method == "GET":
            return 200, dumps(self._orders.positions())
        if path == "/orders" and method == "POST":
            raw = read_body()
            request = parse_order(parse_json(raw) if raw else None)
            return 200, self._orders.place(request)
        symbol = SYMBOL_PATH.fullmatch(path)
        if symbol and method == "GET":
            return 200, dumps(self._orders.symbol(unquote(symbol.group(1)).upper()))
        ticket = ORDER_PATH.fullmatch(path)
        if ticket and method == "GET":
            return 200, order_json(self._orders.order(int(ticket.group(1))))
        if ticket and method == "DELETE":
            return 200, dumps(self._orders.cancel(int(ticket.group(1))))
        return 404, error_body("not_found", f"{method} {path} não existe")


class AgentServer(PooledHTTPServer):
    # On Windows SO_REUSEADDR lets a second process take the same port: use SO_EXCLUSIVEADDRUSE there.
    allow_reuse_address = os.name != "nt"

    def __init__(
        self,
        address: tuple[str, int],
        routes: Routes,
        auth: BearerAuth,
        logger: logging.Logger,
        tls: Optional[ssl.SSLContext],
        workers: int,
        read_timeout: float,
        max_connections: int,
    ) -> None:
        self.address_family = socket.AF_INET6 if ":" in address[0] else socket.AF_INET
        self.routes = routes
        self.auth = auth
        self.logger = logger
        self._refused = 0
        self._refused_logged = float("-inf")
        super().__init__(address, AgentHandler, workers, read_timeout, max_connections)
        if tls is not None:
            # The handshake happens in a worker (PooledHandler.setup), not in the accept loop.
            self.socket = tls.wrap_socket(self.socket, server_side=True, do_handshake_on_connect=False)

    def server_bind(self) -> None:
        exclusive = getattr(socket, "SO_EXCLUSIVEADDRUSE", None)
        if exclusive is not None:
            self.socket.setsockopt(socket.SOL_SOCKET, exclusive, 1)
        super().server_bind()

    def handle_error(self, request: Any, client_address: Any) -> None:
        log(self.logger, logging.WARNING, "connection_error", remote=client_address[0], error=repr(sys.exc_info()[1]))

    def refused(self, address: Any) -> None:
        self._refused += 1
        now = time.monotonic()
        if now - self._refused_logged >= REFUSED_LOG_PERIOD:
            log(
                self.logger,
                logging.WARNING,
                "connections_full",
                remote=address[0],
                refused=self._refused,
                max_connections=self.max_connections,
            )
            self._refused, self._refused_logged = 0, now


def tls_context(cert: str, key: str) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.minimum_version = ssl.TLSVersion.TLSv1_2
    context.load_cert_chain(cert, key)
    return context


class BodyTooLarge(Exception):
    pass


class AgentHandler(PooledHandler):
    server_version = "carteira-rv-agent"
    sys_version = ""
    server: AgentServer  # pyright: ignore[reportIncompatibleVariableOverride] - the server that made it

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's signature
        pass  # every request is logged once, as JSON, by _handle

    def send_error(self, code: int, message: Optional[str] = None, explain: Optional[str] = None) -> None:
        """http.server's own refusals (bad request line, headers too long) as protocol errors, in Portuguese
        rather than in http.server's words."""
        self.close_connection = True
        self._send(code, error_body("invalid_request", HTTP_REFUSALS.get(code, "Requisição HTTP inválida")))

    def do_GET(self) -> None:
        self._handle()

    def do_POST(self) -> None:
        self._handle()

    def do_DELETE(self) -> None:
        self._handle()

    def do_PUT(self) -> None:
        self._handle()

    def do_PATCH(self) -> None:
        self._handle()

    def _handle(self) -> None:
        started = time.monotonic()
        path = urlsplit(self.path).path if self.path.startswith("/") else self.path
        body_read = False

        def read_body() -> bytes:
            nonlocal body_read
            body_read = True
            return self._read_body()

        try:
            if not self.server.auth.allows(self.headers.get("Authorization")):
                raise HttpError(401, "unauthorized", "Token ausente ou inválido")
            status, body = self.server.routes(self.command, path, read_body)
        except BodyTooLarge:
            status, body = 413, error_body("too_large", "Corpo grande demais")
        except socket.timeout:
            self.close_connection = True
            status, body = 408, error_body("invalid_request", "Corpo da requisição incompleto: tempo esgotado")
        except HttpError as err:
            status, body = err.status, error_body(err.code, err.message)
        except Exception:  # any bug answers 500, and the agent goes on
            self.server.logger.exception("internal_error", extra={"fields": {"method": self.command, "path": path}})
            status, body = 500, error_body("internal", "Erro interno do agente")
        if not body_read and not self._discard_body():
            self.close_connection = True
        self._send(status, body)
        log(
            self.server.logger,
            logging.INFO,
            "request",
            method=self.command,
            path=path,
            status=status,
            ms=round((time.monotonic() - started) * 1000, 1),
            remote=self.client_address[0],
        )

    def _send(self, status: int, body: bytes) -> None:
        self.send_response_only(status)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(body)))
        if self.close_connection:
            self.send_header("Connection", "close")
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _read_body(self) -> bytes:
        if "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            return self._read_chunked()
        length = self._content_length()
        if length > MAX_BODY:
            self.close_connection = True
            if length <= DRAIN_MAX:
                self._skip(length)
            raise BodyTooLarge()
        return self.rfile.read(length) if length else b""

    def _skip(self, length: int) -> None:
        """Reads and drops a refused body, so that the client sees the 413 rather than a reset connection."""
        while length > 0:
            chunk = self.rfile.read(min(length, 65536))
            if not chunk:
                return
            length -= len(chunk)

    def _content_length(self) -> int:
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            self.close_connection = True
            raise HttpError(400, "invalid_request", "Content-Length inválido") from None
        if length < 0:
            self.close_connection = True
            raise HttpError(400, "invalid_request", "Content-Length inválido")
        return length

    def _read_chunked(self) -> bytes:
        data: list[bytes] = []
        total = 0
        while True:
            size = self._chunk_size()
            if size == 0:
                self._skip_trailers()
                if total > MAX_BODY:
                    self.close_connection = True
                    raise BodyTooLarge()
                return b"".join(data)
            total += size
            if total > DRAIN_MAX:
                self.close_connection = True
                raise BodyTooLarge()
            if total > MAX_BODY:
                self._skip(size)
            else:
                chunk = self.rfile.read(size)
                if len(chunk) < size:
                    self._bad_chunked("o corpo terminou antes do fim do bloco")
                data.append(chunk)
            if self.rfile.readline(1024) not in (b"\r\n", b"\n"):
                self._bad_chunked("falta a quebra de linha depois de um bloco")

    def _chunk_size(self) -> int:
        match = CHUNK_SIZE.fullmatch(self.rfile.readline(1024))
        if match is None:
            self._bad_chunked("o tamanho de cada bloco deve ser hexadecimal, sem sinal, prefixo nem espaços")
        return int(match.group(1), 16)

    def _skip_trailers(self) -> None:
        for _ in range(MAX_TRAILERS):
            if self.rfile.readline(1024) in (b"\r\n", b"\n", b""):
                return
        self._bad_chunked("trailers demais depois do último bloco")

    def _bad_chunked(self, why: str) -> NoReturn:
        self.close_connection = True
        raise HttpError(400, "invalid_request", f"Transfer-Encoding chunked inválido: {why}")

    def _discard_body(self) -> bool:
        """Reads a body nobody asked for, so that the connection can serve the next request; False when it
        must be closed instead (too large, chunked, or unreadable)."""
        if self.close_connection or "chunked" in (self.headers.get("Transfer-Encoding") or "").lower():
            return False
        try:
            length = int(self.headers.get("Content-Length") or 0)
        except ValueError:
            return False
        if length > MAX_BODY or length < 0:
            return False
        if length:
            self.rfile.read(length)
        return True
