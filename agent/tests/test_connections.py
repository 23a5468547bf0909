"""The agent's connections: chunked bodies parsed strictly, a bounded number of threads however many clients
hold a connection open, idle connections closed, and a request still answered while many sit idle."""

from __future__ import annotations

import http.client
import json
import socket
import ssl
import threading
import unittest
from typing import Any, BinaryIO, Optional

from .support import TOKEN, Harness
from .test_http import CERT, KEY

ORDER = json.dumps(
    {"client_order_id": "chunk:1", "symbol": "PETR4", "side": "buy", "volume": 100, "type": "market"}
).encode()
HEAD = (
    "POST /orders HTTP/1.1\r\nHost: agent\r\nContent-Type: application/json\r\n"
    f"Authorization: Bearer {TOKEN}\r\nTransfer-Encoding: chunked\r\n\r\n"
).encode()
Answer = tuple[int, dict[str, str], Any]


def chunked(*chunks: tuple[str, bytes]) -> bytes:
    """A chunked POST /orders with these (size line, data) chunks and the last chunk."""
    return HEAD + b"".join(size.encode() + b"\r\n" + data + b"\r\n" for size, data in chunks) + b"0\r\n\r\n"


def read_answer(stream: BinaryIO) -> Answer:
    """One HTTP answer from a stream that may carry more after it (http.client would read past it)."""
    status = int(stream.readline().split()[1])
    headers: dict[str, str] = {}
    for line in iter(stream.readline, b"\r\n"):
        name, _, value = line.decode().partition(":")
        headers[name.strip()] = value.strip()
    raw = stream.read(int(headers["Content-Length"]))
    return status, headers, json.loads(raw)


def closed_by_agent(sock: socket.socket) -> bool:
    """True when the agent closes this connection (within 5 s: far longer than any timeout the tests set)."""
    sock.settimeout(5)
    try:
        return sock.recv(1) == b""
    except ConnectionResetError:
        return True
    except socket.timeout:
        return False


class AgentOverSockets(unittest.TestCase):
    def start(self, tls: Optional[tuple[str, str]] = None, **http: Any) -> None:
        self.h = Harness(self, tls=tls, http=http)
        self.host, self.port = self.h.agent.start(run_monitor=False)

    def connect(self) -> socket.socket:
        sock = socket.create_connection((self.host, self.port), timeout=5)
        self.addCleanup(sock.close)
        return sock

    def send(self, payload: bytes) -> Answer:
        sock = self.connect()
        sock.sendall(payload)
        with sock.makefile("rb") as stream:
            return read_answer(stream)

    def health(self) -> int:
        conn = http.client.HTTPConnection(self.host, self.port, timeout=5)
        self.addCleanup(conn.close)
        conn.request("GET", "/health", headers={"Authorization": f"Bearer {TOKEN}"})
        res = conn.getresponse()
        res.read()
        return res.status


class ChunkedBodyTest(AgentOverSockets):
    def setUp(self) -> None:
        self.start()

    def test_a_chunk_size_that_is_not_plain_hex_is_400_and_sends_nothing(self) -> None:
        size = f"{len(ORDER):x}"
        self.assertEqual(self.send(chunked((size, ORDER)))[0], 200)
        self.h.terminal.calls["order_send"] = 0
        other = ORDER.replace(b"chunk:1", b"chunk:2")
        for line in (f"+{size}", f"0x{size}", f" {size}", f"{size[0]}_{size[1:]}", f"{size} ", f"{size}\x00"):
            with self.subTest(size_line=line):
                status, headers, body = self.send(chunked((line, other)))
                answer = (status, body.get("error"), headers.get("Connection"))
                self.assertEqual(answer, (400, "invalid_request", "close"))
                self.assertIn("chunked", body["message"])
        status, _, body = self.send(HEAD + size.encode() + b"\r\n" + other + b"XX\r\n0\r\n\r\n")
        self.assertEqual((status, body.get("error")), (400, "invalid_request"))
        self.assertEqual(self.h.terminal.calls["order_send"], 0)

    def test_a_negative_chunk_size_is_400_at_once_whatever_follows(self) -> None:
        sock = self.connect()
        # A first chunk at the limit, then "-1": once, the agent read on to the end of the stream, past 64 KiB.
        sock.sendall(HEAD + b"10000\r\n" + b" " * 0x10000 + b"\r\n-1\r\n" + b"x" * 16)
        with sock.makefile("rb") as stream:
            status, headers, body = read_answer(stream)
        self.assertEqual((status, body.get("error"), headers.get("Connection")), (400, "invalid_request", "close"))
        self.assertTrue(closed_by_agent(sock))
        self.assertEqual(self.h.terminal.calls["order_send"], 0)

    def test_the_64_kib_limit_holds_for_a_body_in_many_small_chunks(self) -> None:
        padded = json.dumps({**json.loads(ORDER), "padding": "x" * (64 * 1024)}).encode()
        pieces = [padded[i : i + 4096] for i in range(0, len(padded), 4096)]
        status, headers, body = self.send(chunked(*[(f"{len(p):x}", p) for p in pieces]))
        self.assertEqual((status, body.get("error"), headers.get("Connection")), (413, "too_large", "close"))
        self.assertEqual(self.send(HEAD + b"ffffffffffffffff\r\n")[0], 413)
        self.assertEqual(self.h.terminal.calls["order_send"], 0)


class ConnectionLimitTest(AgentOverSockets):
    def test_idle_connections_take_no_thread_each_and_a_request_is_still_answered(self) -> None:
        self.start(http_workers=4, http_read_timeout=30.0)
        threads = threading.active_count()
        idle: list[socket.socket] = []
        for _ in range(4):
            idle += [self.connect() for _ in range(50)]
            # Connections are accepted in order: this answer means the agent has taken in all the idle ones.
            self.assertEqual(self.health(), 200)
            self.assertLessEqual(threading.active_count(), threads + 4)
        idle[0].sendall(f"GET /health HTTP/1.1\r\nAuthorization: Bearer {TOKEN}\r\n\r\n".encode())
        with idle[0].makefile("rb") as stream:
            self.assertEqual(read_answer(stream)[0], 200)
        self.assertLessEqual(threading.active_count(), threads + 4)

    def test_an_idle_connection_is_closed_after_the_read_timeout(self) -> None:
        self.start(http_read_timeout=0.2)
        silent = self.connect()
        conn = http.client.HTTPConnection(self.host, self.port, timeout=5)
        self.addCleanup(conn.close)
        conn.request("GET", "/health", headers={"Authorization": f"Bearer {TOKEN}"})
        res = conn.getresponse()
        res.read()
        self.assertEqual((res.status, res.getheader("Connection")), (200, None))
        assert conn.sock is not None
        self.assertTrue(closed_by_agent(conn.sock))
        self.assertTrue(closed_by_agent(silent))
        half = self.connect()
        half.sendall(b"GET /health HTTP/1.1\r\n")
        self.assertTrue(closed_by_agent(half))
        short = self.connect()
        short.sendall(HEAD.replace(b"Transfer-Encoding: chunked", b"Content-Length: 200") + ORDER[:20])
        with short.makefile("rb") as stream:
            status, headers, body = read_answer(stream)
        self.assertEqual((status, body.get("error"), headers.get("Connection")), (408, "invalid_request", "close"))
        self.assertTrue(closed_by_agent(short))
        self.assertEqual(self.h.terminal.calls["order_send"], 0)

    def test_past_the_connection_limit_the_longest_idle_connections_make_room(self) -> None:
        self.start(http_max_connections=20, http_read_timeout=30.0)
        idle = [self.connect() for _ in range(30)]
        self.assertEqual(self.health(), 200)
        # 31 connections for 20 places: the 11 idle the longest were closed, oldest first.
        for n, sock in enumerate(idle[:11]):
            self.assertTrue(closed_by_agent(sock), n)

    def test_when_every_place_is_taken_by_a_request_a_new_connection_is_closed(self) -> None:
        self.start(http_max_connections=2, http_read_timeout=30.0)
        get = f"GET /health HTTP/1.1\r\nAuthorization: Bearer {TOKEN}\r\n\r\n".encode()
        busy = [self.connect() for _ in range(2)]
        for sock in busy:
            # A request, then one whose body is late: once the first is answered, a worker waits for the body.
            sock.sendall(get + HEAD.replace(b"Transfer-Encoding: chunked", b"Content-Length: 200"))
            with sock.makefile("rb") as stream:
                self.assertEqual(read_answer(stream)[0], 200)
        self.assertTrue(closed_by_agent(self.connect()))
        self.assertEqual(len(self.h.events("connections_full")), 1)

    def test_pipelined_requests_are_all_answered(self) -> None:
        self.start(http_read_timeout=30.0)
        sock = self.connect()
        get = f"GET /health HTTP/1.1\r\nAuthorization: Bearer {TOKEN}\r\n\r\n".encode()
        sock.sendall(get + get + chunked((f"{len(ORDER):x}", ORDER)) + get)
        with sock.makefile("rb") as stream:
            answers: list[int] = [read_answer(stream)[0] for _ in range(4)]
        self.assertEqual(answers, [200, 200, 200, 200])
        self.assertEqual(self.h.terminal.calls["order_send"], 1)

    def test_keep_alive_over_tls(self) -> None:
        self.start(tls=(CERT, KEY), http_read_timeout=30.0)
        conn = http.client.HTTPSConnection(
            self.host, self.port, context=ssl.create_default_context(cafile=CERT), timeout=5
        )
        self.addCleanup(conn.close)
        for _ in range(3):
            conn.request("GET", "/health", headers={"Authorization": f"Bearer {TOKEN}"})
            res = conn.getresponse()
            res.read()
            self.assertEqual(res.status, 200)
        self.assertEqual(len(self.h.events("request")), 3)

    def test_stopping_closes_a_connection_in_the_middle_of_a_request(self) -> None:
        self.start(http_read_timeout=30.0)
        sock = self.connect()
        sock.sendall(f"GET /health HTTP/1.1\r\nAuthorization: Bearer {TOKEN}\r\n\r\n".encode())
        with sock.makefile("rb") as stream:
            self.assertEqual(read_answer(stream)[0], 200)
        sock.sendall(b"GET /health HTTP/1.1\r\n")
        self.h.agent.stop()
        self.assertTrue(closed_by_agent(sock))


if __name__ == "__main__":
    unittest.main()
