"""The emulation's control port, for tests that run the agent as a child process (the TypeScript suites).

POST /<operation> with a JSON object of arguments calls Terminal.control_<operation>; GET /state answers
control_state(). Loopback only, no token: it exists only in the test emulation, never in the agent.
"""

from __future__ import annotations

import json
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from .terminal import Terminal


def serve(terminal: Terminal, port: int = 0) -> tuple[ThreadingHTTPServer, int]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's signature
            pass

        def _answer(self, status: int, body: Any) -> None:
            data = json.dumps(body).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            if self.path == "/state":
                self._answer(200, terminal.control_state())
            else:
                self._answer(404, {"error": "not_found"})

        def do_POST(self) -> None:
            length = int(self.headers.get("Content-Length") or 0)
            args = json.loads(self.rfile.read(length) or b"{}")
            operation = getattr(terminal, "control_" + self.path.strip("/"), None)
            if operation is None:
                self._answer(404, {"error": "not_found"})
                return
            try:
                result = operation(**args)
            except (TypeError, ValueError, KeyError) as err:
                self._answer(400, {"error": str(err)})
                return
            self._answer(200, {"ok": True, "result": result})

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    server.daemon_threads = True
    threading.Thread(target=server.serve_forever, name="mt5-emulation-control", daemon=True).start()
    return server, server.server_address[1]
