"""The agent's process for real: flags, token, exit codes, a crash between order_send and the reply."""

from __future__ import annotations

import http.client
import json
import os
import shutil
import sqlite3
import subprocess
import sys
import tempfile
import unittest
from contextlib import closing

from .process import AgentProcess
from .support import AGENT_DIR, TOKEN

ORDER = {"client_order_id": "9b2f1a3c:1", "symbol": "PETR4", "side": "buy", "volume": 200, "type": "market"}


class ProcessTest(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.mkdtemp(prefix="crv-agent-process-")
        self.addCleanup(shutil.rmtree, self.dir, True)
        self.token_file = os.path.join(self.dir, "token.txt")
        with open(self.token_file, "w", encoding="utf-8") as out:
            out.write(TOKEN + "\n")
        self.journal = os.path.join(self.dir, "journal.sqlite3")
        self.state = os.path.join(self.dir, "terminal.json")

    def start(self, *extra: str, config: str = '{"fill_delay": 0.02}', **env: str) -> AgentProcess:
        agent = AgentProcess(
            [
                "--port",
                "0",
                "--token-file",
                self.token_file,
                "--journal",
                self.journal,
                "--mt5-module",
                "tests.mt5_emulation",
                *extra,
            ],
            {"MT5_EMULATION_STATE": self.state, "MT5_EMULATION_CONFIG": config, **env},
        )
        self.addCleanup(agent.stop)
        return agent

    def run_cli(self, *args: str, **env: str) -> subprocess.CompletedProcess[str]:
        environ = {k: v for k, v in os.environ.items() if k != "MT5_AGENT_TOKEN"}
        return subprocess.run(
            [sys.executable, "-m", "carteira_rv_agent", *args],
            cwd=AGENT_DIR,
            env={**environ, "PYTHONPATH": AGENT_DIR, "PYTHONDONTWRITEBYTECODE": "1", **env},
            capture_output=True,
            check=False,
            text=True,
            timeout=20,
        )

    def test_bad_flags_and_a_missing_token_exit_non_zero_with_a_message(self) -> None:
        journal = ["--journal", self.journal, "--mt5-module", "tests.mt5_emulation"]
        cases = [
            (["--bogus"], "opções desconhecidas: --bogus"),
            (["--port", "70000", *journal], "--port"),
            ([*journal], "falta o token"),
            (["--token-file", os.path.join(self.dir, "nada.txt"), *journal], "não foi possível ler --token-file"),
            (["--token-file", self.token_file, "--tls-cert", "c.pem", *journal], "--tls-cert e --tls-key vão juntos"),
            (
                ["--token-file", self.token_file, "--journal", self.journal, "--mt5-module", "NaoExiste5"],
                "não foi possível importar NaoExiste5",
            ),
        ]
        for args, message in cases:
            result = self.run_cli(*args)
            self.assertEqual(result.returncode, 2, args)
            self.assertIn(message, result.stderr, args)
        with open(self.token_file, "w", encoding="utf-8") as out:
            out.write("\n")
        self.assertIn("está vazio", self.run_cli("--token-file", self.token_file, *journal).stderr)

    def test_a_journal_or_log_that_cannot_be_written_exits_with_a_message(self) -> None:
        blocked = os.path.join(self.token_file, "sub")  # under a file: no directory can be made there
        for args in (
            ["--journal", os.path.join(blocked, "j.sqlite3")],
            ["--journal", self.journal, "--log-file", os.path.join(blocked, "agent.log")],
        ):
            result = self.run_cli(
                "--port", "0", "--token-file", self.token_file, "--mt5-module", "tests.mt5_emulation", *args
            )
            self.assertEqual(result.returncode, 1, args)
            self.assertIn("não foi possível abrir o diário ou o log", result.stderr)

    def test_reads_the_token_from_the_environment_and_stops_cleanly(self) -> None:
        agent = AgentProcess(
            ["--port", "0", "--journal", self.journal, "--mt5-module", "tests.mt5_emulation"],
            {"MT5_AGENT_TOKEN": TOKEN},
        )
        self.addCleanup(agent.stop)
        agent.wait_healthy()
        self.assertEqual(agent.stop(), 0)
        self.assertTrue(any(e.get("event") == "stopped" for e in agent.lines))
        self.assertNotIn(TOKEN, json.dumps(agent.lines))

    def test_a_second_agent_on_the_same_journal_refuses_to_start(self) -> None:
        first = self.start()
        first.wait_healthy()
        second = self.run_cli(
            "--port",
            "0",
            "--token-file",
            self.token_file,
            "--journal",
            self.journal,
            "--mt5-module",
            "tests.mt5_emulation",
        )
        self.assertEqual(second.returncode, 1)
        self.assertIn("em uso por outro agente", second.stderr)

    def test_the_process_dying_between_order_send_and_the_reply_leaves_one_order(self) -> None:
        agent = self.start(config='{"fill_delay": 0.02, "faults": ["crash_after_send"]}')
        agent.wait_healthy()
        with self.assertRaises((http.client.HTTPException, ConnectionError)):
            agent.request("POST", "/orders", ORDER)
        self.assertEqual(agent.proc.wait(timeout=10), 137)
        with closing(sqlite3.connect(self.journal)) as db:
            self.assertEqual(db.execute("select state from orders").fetchall(), [("pending",)])

        again = self.start()
        again.wait_healthy()
        status, body = again.request("POST", "/orders", ORDER)
        with open(self.state, encoding="utf-8") as src:
            orders = json.load(src)["orders"]
        self.assertEqual((status, body["ticket"]), (200, orders[0]["ticket"]))
        self.assertEqual(len(orders), 1)
        self.assertEqual(again.request("POST", "/orders", ORDER), (status, body))


if __name__ == "__main__":
    unittest.main()
