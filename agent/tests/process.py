"""The agent as a child process over the emulation, as on a VM (and as the TypeScript suites run it)."""

from __future__ import annotations

import http.client
import json
import os
import subprocess
import sys
import threading
import time
from typing import Any, Optional

from .support import AGENT_DIR, TOKEN


class AgentProcess:
    def __init__(self, args: list[str], env: dict[str, str]) -> None:
        self.lines: list[dict[str, Any]] = []
        self._seen = threading.Condition()
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "carteira_rv_agent", *args],
            cwd=AGENT_DIR,
            env={**os.environ, "PYTHONPATH": AGENT_DIR, "PYTHONDONTWRITEBYTECODE": "1", **env},
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stderr is not None
        for line in self.proc.stderr:
            try:
                entry = json.loads(line)
            except ValueError:
                entry = {"event": "text", "text": line}
            with self._seen:
                self.lines.append(entry)
                self._seen.notify_all()

    def wait_event(self, name: str, timeout: float = 10.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        with self._seen:
            while True:
                for entry in self.lines:
                    if entry.get("event") == name:
                        return entry
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no {name} event in {timeout} s; logs: {self.lines}")
                if not self._seen.wait(min(left, 0.2)) and self.proc.poll() is not None:
                    raise AssertionError(f"the agent exited without {name}; logs: {self.lines}")

    def request(self, method: str, path: str, body: Optional[Any] = None) -> tuple[int, Any]:
        port = self.wait_event("listening")["port"]
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
        try:
            data = None if body is None else json.dumps(body).encode()
            conn.request(method, path, body=data, headers={"Authorization": f"Bearer {TOKEN}"})
            res = conn.getresponse()
            return res.status, json.loads(res.read())
        finally:
            conn.close()

    def wait_healthy(self, timeout: float = 10.0) -> None:
        deadline = time.monotonic() + timeout
        while self.request("GET", "/health")[0] != 200:
            if time.monotonic() > deadline:
                raise AssertionError("the agent never became healthy")
            time.sleep(0.02)

    def stop(self) -> int:
        if self.proc.poll() is None:
            self.proc.terminate()
        code = self.proc.wait(timeout=10)
        # The reader ends at the pipe's end once the process has gone; then the pipe is closed, not left to the GC.
        self._reader.join(timeout=10)
        assert self.proc.stderr is not None
        self.proc.stderr.close()
        return code
