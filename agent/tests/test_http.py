"""The agent over real HTTP: bearer token, body limit, error bodies, keep-alive, TLS, logs without secrets."""

from __future__ import annotations

import http.client
import json
import os
import socket
import ssl
import unittest
from typing import Any, Optional

from .support import TOKEN, Harness

FIXTURES = os.path.join(os.path.dirname(__file__), "fixtures")
CERT = os.path.join(FIXTURES, "test-only-cert.pem")
KEY = os.path.join(FIXTURES, "test-only-key.pem")


class HttpTest(unittest.TestCase):
    def setUp(self) -> None:
        self.h = Harness(self)
        self.host, self.port = self.h.agent.start(run_monitor=False)
        self.conn = http.client.HTTPConnection(self.host, self.port, timeout=5)
        self.addCleanup(self.conn.close)

    def request(
        self, method: str, path: str, body: Optional[bytes] = None, token: Optional[str] = TOKEN, **headers: str
    ) -> tuple[int, dict[str, str], Any]:
        if token is not None:
            headers.setdefault("Authorization", f"Bearer {token}")
        self.conn.request(method, path, body=body, headers=headers)
        res = self.conn.getresponse()
        raw = res.read()
        return res.status, dict(res.getheaders()), json.loads(raw) if raw else None

    def test_every_route_refuses_a_missing_or_wrong_token_and_touches_nothing(self) -> None:
        order = json.dumps({"client_order_id": "a:1", "symbol": "PETR4", "side": "buy", "volume": 1, "type": "market"})
        routes = [
            ("GET", "/health"),
            ("GET", "/symbols/PETR4"),
            ("GET", "/positions"),
            ("GET", "/orders/1"),
            ("DELETE", "/orders/1"),
            ("POST", "/orders"),
            ("GET", "/nada"),
        ]
        calls_before = sum(self.h.terminal.calls.values())
        for method, path in routes:
            for headers in (
                {},
                {"Authorization": "Bearer segredo-errado"},
                {"Authorization": f"Basic {TOKEN}"},
                {"Authorization": "Bearer"},
            ):
                self.conn.close()
                status, _, body = self.request(
                    method, path, order.encode() if method == "POST" else None, token=None, **headers
                )
                self.assertEqual((status, body["error"]), (401, "unauthorized"), (method, path, headers))
        self.assertEqual(sum(self.h.terminal.calls.values()), calls_before)
        self.assertNotIn(TOKEN, self.h.log.getvalue())
        self.assertNotIn("segredo-errado", self.h.log.getvalue())

    def test_answers_json_and_keeps_the_connection_alive(self) -> None:
        status, headers, body = self.request("GET", "/health")
        self.assertEqual((status, headers["Content-Type"]), (200, "application/json; charset=utf-8"))
        order = {"client_order_id": "a:1", "symbol": "PETR4", "side": "buy", "volume": 100, "type": "market"}
        headers = {"Content-Type": "application/json"}
        status, _, body = self.request("POST", "/orders", json.dumps(order).encode(), **headers)
        self.assertEqual((status, body["retcode"]), (200, 10008))
        self.assertEqual(self.request("GET", f"/orders/{body['ticket']}")[0], 200)
        requests = self.h.events("request")
        self.assertEqual({e["remote"] for e in requests}, {"127.0.0.1"})
        self.assertEqual(len(requests), 3)

    def test_a_body_over_64_kib_is_413_and_one_just_under_is_read(self) -> None:
        base = {"client_order_id": "big:1", "symbol": "PETR4", "side": "buy", "volume": 100, "type": "market"}
        under = json.dumps({**base, "padding": "x" * (64 * 1024 - 200)}).encode()
        self.assertLessEqual(len(under), 64 * 1024)
        self.assertEqual(self.request("POST", "/orders", under)[0], 200)
        over = json.dumps({**base, "client_order_id": "big:2", "padding": "x" * (64 * 1024)}).encode()
        status, headers, body = self.request("POST", "/orders", over)
        self.assertEqual((status, body["error"], headers.get("Connection")), (413, "too_large", "close"))
        self.conn.close()
        chunked = http.client.HTTPConnection(self.host, self.port, timeout=5)
        self.addCleanup(chunked.close)
        chunked.request(
            "POST",
            "/orders",
            body=iter([over[:40000], over[40000:]]),
            headers={"Authorization": f"Bearer {TOKEN}"},
            encode_chunked=True,
        )
        self.assertEqual(chunked.getresponse().status, 413)
        self.assertEqual(self.h.terminal.calls["order_send"], 1)

    def test_bad_bodies_and_unknown_paths(self) -> None:
        self.assertEqual(self.request("POST", "/orders", b"{nope")[2]["error"], "invalid_json")
        self.assertEqual(self.request("POST", "/orders", b'{"volume": NaN}')[2]["error"], "invalid_json")
        self.assertEqual(self.request("POST", "/orders", b"")[2]["error"], "invalid_request")
        self.assertEqual(self.request("POST", "/orders", b"[1]")[0], 400)
        status, _, body = self.request("GET", "/nada")
        self.assertEqual((status, body["error"]), (404, "not_found"))
        self.assertEqual(self.request("PUT", "/health")[0], 404)
        self.assertEqual(self.request("GET", "/orders/abc")[0], 404)
        self.assertEqual(self.request("GET", "/symbols/")[0], 404)
        self.assertEqual(self.h.terminal.calls["order_send"], 0)

    def test_what_http_server_refuses_by_itself_is_answered_in_portuguese(self) -> None:
        status, _, body = self.request("OPTIONS", "/health")
        self.assertEqual((status, body), (501, {"error": "invalid_request", "message": "Método HTTP não suportado"}))
        self.conn.close()
        sock = socket.create_connection((self.host, self.port), timeout=5)
        self.addCleanup(sock.close)
        sock.sendall(b"GET /health HTTP/2.0\r\n\r\n")
        with sock.makefile("rb") as stream:
            # http.server answers an unknown version as HTTP/0.9 would: the body alone.
            self.assertEqual(json.loads(stream.read())["message"], "Versão de HTTP não suportada")


class TlsTest(unittest.TestCase):
    def test_serves_https_with_the_given_certificate(self) -> None:
        h = Harness(self, tls=(CERT, KEY))
        host, port = h.agent.start(run_monitor=False)
        context = ssl.create_default_context(cafile=CERT)
        conn = http.client.HTTPSConnection(host, port, context=context, timeout=5)
        self.addCleanup(conn.close)
        conn.request("GET", "/health", headers={"Authorization": f"Bearer {TOKEN}"})
        self.assertEqual(conn.getresponse().status, 200)
        plain = http.client.HTTPConnection(host, port, timeout=5)
        self.addCleanup(plain.close)
        with self.assertRaises((http.client.HTTPException, ConnectionError)):
            plain.request("GET", "/health", headers={"Authorization": f"Bearer {TOKEN}"})
            plain.getresponse()


if __name__ == "__main__":
    unittest.main()
