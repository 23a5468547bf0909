"""The domain's errors reach the caller as the protocol says (docs/mt5-agent-protocol.md, "Errors"), and only
http_api.py turns them into HTTP statuses."""

from __future__ import annotations

import ast
import os
import unittest

from carteira_rv_agent import errors
from carteira_rv_agent.http_api import ERROR_ANSWERS, error_answer

from .support import AGENT_DIR


def domain_errors() -> list[type[errors.AgentError]]:
    found: list[type[errors.AgentError]] = []
    pending = [errors.AgentError]
    while pending:
        for kind in pending.pop().__subclasses__():
            found.append(kind)
            pending.append(kind)
    return found


class ErrorAnswersTest(unittest.TestCase):
    def test_every_domain_error_has_a_status_and_a_protocol_code(self) -> None:
        kinds = domain_errors()
        self.assertGreaterEqual(len(kinds), 8)
        for kind in kinds:
            with self.subTest(error=kind.__name__):
                self.assertTrue(any(issubclass(kind, mapped) for mapped, _, _ in ERROR_ANSWERS))

    def test_the_answers_of_the_protocol(self) -> None:
        cases = [
            (errors.InvalidJson("x"), 400, "invalid_json"),
            (errors.SymbolNotFound("XPTO9"), 404, "symbol_not_found"),
            (errors.ClientOrderIdConflict("g:1"), 409, "client_order_id_conflict"),
            (errors.TerminalUnavailable.because("fechado"), 503, "terminal_unavailable"),
            (errors.OutcomeInDoubt(), 503, "em_duvida"),
        ]
        for error, status, code in cases:
            with self.subTest(error=type(error).__name__):
                answer = error_answer(error)
                self.assertEqual(answer[0], status)
                self.assertIn(f'"error":"{code}"'.encode(), answer[1])

    def test_only_http_api_gives_http_statuses(self) -> None:
        """The order service, the monitor and the rest raise domain errors, with no status of their own."""
        package = os.path.join(AGENT_DIR, "carteira_rv_agent")
        for name in sorted(os.listdir(package)):
            if not name.endswith(".py") or name.startswith("http_"):
                continue
            with open(os.path.join(package, name), encoding="utf-8") as source:
                tree = ast.parse(source.read())
            statuses = [
                arg.value
                for call in ast.walk(tree)
                if isinstance(call, ast.Call)
                for arg in call.args
                if isinstance(arg, ast.Constant) and isinstance(arg.value, int) and 400 <= arg.value < 600
            ]
            with self.subTest(module=name):
                self.assertEqual(statuses, [])


if __name__ == "__main__":
    unittest.main()
