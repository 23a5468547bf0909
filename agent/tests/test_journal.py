"""The order journal: durable before order_send and before the reply, one agent at a time."""

from __future__ import annotations

import dataclasses
import os
import shutil
import tempfile
import unittest

from carteira_rv_agent.journal import Journal, JournalLocked
from carteira_rv_agent.protocol import OrderRequest

REQUEST = OrderRequest("g:1", "PETR4", "buy", 300, "market", None, None, "carteira-rv")


class JournalTest(unittest.TestCase):
    def setUp(self) -> None:
        self.dir = tempfile.mkdtemp(prefix="crv-journal-")
        self.addCleanup(shutil.rmtree, self.dir, True)
        self.path = os.path.join(self.dir, "journal.sqlite3")

    def open(self) -> Journal:
        journal = Journal(self.path, busy_timeout=0.05)
        self.addCleanup(journal.close)
        return journal

    def test_writes_in_wal_mode_with_a_full_sync_on_every_commit(self) -> None:
        journal = self.open()
        self.assertEqual(journal.pragma("journal_mode"), "wal")
        self.assertEqual(journal.pragma("synchronous"), 2)

    def test_a_pending_order_and_an_answer_survive_a_reopen(self) -> None:
        journal = self.open()
        journal.begin(REQUEST, "crv:ABC", 100.0)
        other = dataclasses.replace(REQUEST, client_order_id="g:2")
        journal.answer(other, "crv:DEF", b'{"ticket":7}', 7, "Request placed", 0, 101.0)
        journal.close()
        reopened = self.open()
        self.assertEqual(reopened.pending(), ["g:1"])
        pending = reopened.get("g:1")
        assert pending is not None
        self.assertEqual((pending.state, pending.attempts, pending.attempted_at), ("pending", 1, 100.0))
        answered = reopened.by_ticket(7)
        assert answered is not None
        self.assertEqual((answered.client_order_id, bytes(answered.answer or b"")), ("g:2", b'{"ticket":7}'))
        reopened.attempt("g:1", 130.0)
        reopened.answer(REQUEST, "crv:ABC", b'{"ticket":8}', 8, None, None, 131.0)
        final = reopened.get("g:1")
        assert final is not None
        self.assertEqual((final.state, final.attempts, final.ticket), ("answered", 2, 8))
        self.assertEqual(reopened.pending(), [])

    def test_a_second_agent_cannot_open_the_journal(self) -> None:
        self.open()
        with self.assertRaises(JournalLocked):
            Journal(self.path, busy_timeout=0.05)


if __name__ == "__main__":
    unittest.main()
