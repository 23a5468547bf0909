"""GET /health: answered from the background reading, with backoff when the terminal is gone."""

from __future__ import annotations

import unittest

from carteira_rv_agent.errors import TerminalUnavailable
from carteira_rv_agent.http_api import error_answer
from carteira_rv_agent.monitor import HealthMonitor, iso

from .support import Harness


class HealthTest(unittest.TestCase):
    def test_reports_the_terminal_and_since_when_it_is_connected(self) -> None:
        h = Harness(self)
        connected_at = h.clock()
        h.clock.advance(5)
        h.refresh()
        self.assertEqual(
            h.call("GET", "/health"),
            (
                200,
                {
                    "connected": True,
                    "trade_allowed": True,
                    "account": {"login": 1000001, "currency": "BRL", "margin_free": 1_000_000.0},
                    "terminal": {"name": "MetaTrader 5", "build": 4755},
                    "connected_since": iso(connected_at),
                },
            ),
        )
        self.assertRegex(iso(connected_at), r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$")

    def test_a_reconnection_starts_a_new_connected_since(self) -> None:
        h = Harness(self)
        h.terminal.control_set_connected(False)
        h.clock.advance(1)
        h.refresh()
        self.assertEqual(h.call("GET", "/health")[1]["connected_since"], None)
        h.terminal.control_set_connected(True)
        h.clock.advance(1)
        h.refresh()
        self.assertEqual(h.call("GET", "/health")[1]["connected_since"], iso(h.clock()))

    def test_autotrading_off_in_the_account_is_trade_allowed_false(self) -> None:
        h = Harness(self)
        h.terminal.control_set_account_trade_allowed(False)
        h.refresh()
        self.assertEqual(h.call("GET", "/health")[1]["trade_allowed"], False)

    def test_unavailable_before_the_first_reading(self) -> None:
        h = Harness(self)
        fresh = HealthMonitor(h.agent.gateway, h.logger, h.settings, clock=h.clock)
        with self.assertRaises(TerminalUnavailable) as raised:
            fresh.health()
        self.assertEqual(error_answer(raised.exception)[0], 503)

    def test_a_dead_terminal_is_initialized_again_with_backoff(self) -> None:
        h = Harness(self)
        h.terminal.control_kill()
        h.terminal.control_set_can_start(False)
        attempts: list[int] = []
        for second in range(61):
            before = h.terminal.calls["initialize"]
            h.refresh()
            if h.terminal.calls["initialize"] > before:
                attempts.append(second)
            h.clock.advance(1)
        self.assertEqual(attempts, [1, 2, 4, 8, 16, 32])
        status, body = h.call("GET", "/health")
        self.assertEqual((status, body["error"]), (503, "terminal_unavailable"))
        self.assertIn("initialize() falhou", body["message"])
        h.terminal.control_set_can_start(True)
        h.clock.advance(1)
        h.refresh()
        self.assertEqual(h.call("GET", "/health")[1]["connected_since"], iso(h.clock()))

    def test_the_terminal_path_is_given_to_initialize(self) -> None:
        h = Harness(self, terminal_path="C:\\MT5\\terminal64.exe")
        self.assertEqual(h.terminal.init_paths, ["C:\\MT5\\terminal64.exe"])


if __name__ == "__main__":
    unittest.main()
