"""Every fault the agent must survive without sending an order twice or losing one.

Each test ends by counting the orders the emulated terminal (and its broker) received: one per
client_order_id that was meant to go out, never two.
"""

from __future__ import annotations

import threading
import time
import unittest
from typing import Any

from .mt5_emulation import SimulatedCrash
from .support import Harness

IN_DOUBT = "em_duvida"


class OutcomeUnknownTest(unittest.TestCase):
    def test_order_send_returning_none_after_placing_answers_the_placed_ticket(self) -> None:
        h = Harness(self)
        h.terminal.control_add_fault("none_after_place")
        status, body = h.place()
        self.assertEqual(status, 200)
        (ticket,) = h.terminal.orders
        self.assertEqual((body["ticket"], body["retcode"]), (ticket, 10008))
        self.assertEqual(h.place(), (status, body))
        self.assertEqual(h.order(ticket)["client_order_id"], "grupo-1:1")
        self.assertEqual(h.orders_received(), 1)

    def test_a_timeout_after_placing_answers_the_placed_ticket(self) -> None:
        h = Harness(self)
        h.terminal.control_add_fault("timeout_after_place")
        status, body = h.place()
        self.assertEqual((status, body["ticket"]), (200, next(iter(h.terminal.orders))))
        self.assertEqual(h.orders_received(), 1)

    def test_a_connection_lost_after_the_order_left_is_in_doubt_until_the_history_shows_it(self) -> None:
        h = Harness(self, sync_delay=5.0)
        h.terminal.control_add_fault("lost_after_send")
        self.assertEqual(h.place()[1]["error"], IN_DOUBT)
        h.refresh()
        h.clock.advance(60)
        self.assertEqual(h.place()[1]["error"], IN_DOUBT, "disconnected: nothing can be proven")
        h.terminal.control_set_connected(True)
        h.refresh()
        # Connected again, but the terminal is still downloading what the broker holds.
        self.assertEqual(h.place()[1]["error"], IN_DOUBT)
        h.clock.advance(6)
        status, body = h.place()
        self.assertEqual((status, body["ticket"]), (200, next(iter(h.terminal.orders))))
        self.assertEqual((h.orders_received(), h.terminal.calls["order_send"]), (1, 1))

    def test_nothing_placed_is_sent_again_only_once_absence_is_proven(self) -> None:
        h = Harness(self)
        h.clock.advance(60)
        h.terminal.control_add_fault("none_before_place")
        self.assertEqual(h.place()[1]["error"], IN_DOUBT)
        h.clock.advance(20)
        self.assertEqual(h.place()[1]["error"], IN_DOUBT, "a request may still be in transit")
        self.assertEqual(h.terminal.calls["order_send"], 1)
        h.clock.advance(11)
        status, body = h.place()
        self.assertEqual((status, body["ticket"]), (200, next(iter(h.terminal.orders))))
        self.assertEqual(h.place(), (status, body))
        self.assertEqual((h.orders_received(), h.terminal.calls["order_send"]), (1, 2))

    def test_a_terminal_that_answers_none_for_empty_lists_still_proves_absence(self) -> None:
        h = Harness(self, none_when_empty=True, settle=0, sync_grace=0)
        h.terminal.control_add_fault("none_before_place")
        self.assertEqual(h.place()[1]["error"], IN_DOUBT, "never re-sent within the same call")
        self.assertEqual(h.place()[0], 200)
        self.assertEqual(h.orders_received(), 1)

    def test_an_order_whose_comment_the_broker_rewrote_keeps_the_outcome_in_doubt(self) -> None:
        h = Harness(self, sync_delay=1.0)
        h.terminal.control_add_fault("lost_after_send")
        self.assertEqual(h.place()[1]["error"], IN_DOUBT)
        (ticket,) = h.terminal.orders
        h.terminal.control_reject(ticket, "Rejeitada: fora do horario")
        h.terminal.control_set_connected(True)
        h.refresh()
        h.clock.advance(120)
        self.assertEqual(h.place()[1]["error"], IN_DOUBT)
        self.assertEqual((h.orders_received(), h.terminal.calls["order_send"]), (1, 1))

    def test_a_refusal_inside_the_package_is_final(self) -> None:
        h = Harness(self)
        h.terminal.control_add_fault("autotrading_error")
        status, body = h.place()
        self.assertEqual((status, body["ticket"], body["retcode"]), (200, None, 10027))
        self.assertEqual(h.place(), (status, body))
        self.assertEqual(h.orders_received(), 0)


class CrashTest(unittest.TestCase):
    def test_the_agent_dying_between_order_send_and_the_reply_recovers_the_ticket(self) -> None:
        h = Harness(self)
        h.terminal.control_add_fault("crash_after_send")
        with self.assertRaises(SimulatedCrash):
            h.place()
        h.restart()
        self.assertEqual([e["client_order_ids"] for e in h.events("orders_in_doubt_at_start")], [["grupo-1:1"]])
        status, body = h.place()
        self.assertEqual((status, body["ticket"]), (200, next(iter(h.terminal.orders))))
        self.assertEqual((h.orders_received(), h.terminal.calls["order_send"]), (1, 1))

    def test_the_agent_dying_before_the_order_left_sends_it_once_absence_is_proven(self) -> None:
        h = Harness(self)
        h.clock.advance(60)
        h.terminal.control_add_fault("crash_before_send")
        with self.assertRaises(SimulatedCrash):
            h.place()
        h.restart()
        self.assertEqual(h.place()[1]["error"], IN_DOUBT)
        h.clock.advance(11)
        h.refresh()
        self.assertEqual(h.place()[1]["error"], IN_DOUBT, "the journal's pending row is younger than settle")
        h.clock.advance(20)
        self.assertEqual(h.place()[0], 200)
        self.assertEqual(h.orders_received(), 1)

    def test_two_simultaneous_sends_of_one_client_order_id_make_one_order(self) -> None:
        class SlowSend:
            def __init__(self, mt5: Any) -> None:
                self._mt5 = mt5

            def __getattr__(self, name: str) -> Any:
                return getattr(self._mt5, name)

            def order_send(self, request: Any) -> Any:
                time.sleep(0.05)
                return self._mt5.order_send(request)

        h = Harness(self, wrap=SlowSend)
        answers: list[Any] = []
        start = threading.Barrier(4)

        def send() -> None:
            start.wait()
            answers.append(h.place())

        threads = [threading.Thread(target=send) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertEqual(len(answers), 4, "every caller got an answer")
        self.assertEqual(len({repr(a) for a in answers}), 1)
        self.assertEqual(answers[0][0], 200)
        self.assertEqual(h.orders_received(), 1)


class TerminalFaultTest(unittest.TestCase):
    def test_a_disconnected_terminal_sends_nothing_and_asking_again_later_sends_once(self) -> None:
        h = Harness(self)
        h.terminal.control_set_connected(False)
        h.refresh()
        self.assertEqual(h.call("GET", "/health")[1]["connected"], False)
        for _ in range(2):
            status, body = h.place()
            self.assertEqual((status, body["ticket"], body["retcode"]), (200, None, 10031))
        self.assertEqual(h.terminal.calls["order_send"], 0)
        h.terminal.control_set_connected(True)
        h.refresh()
        status, body = h.place()
        self.assertEqual((status, body["retcode"]), (200, 10008))
        self.assertEqual(h.place(), (status, body))
        self.assertEqual(h.orders_received(), 1)

    def test_autotrading_off_is_a_final_refusal(self) -> None:
        h = Harness(self)
        h.terminal.control_set_trade_allowed(False)
        h.refresh()
        self.assertEqual(h.call("GET", "/health")[1]["trade_allowed"], False)
        status, body = h.place()
        self.assertEqual((body["ticket"], body["retcode"]), (None, 10027))
        h.terminal.control_set_trade_allowed(True)
        self.assertEqual(h.place(), (status, body))
        self.assertEqual(h.orders_received(), 0)

    def test_the_terminal_restarting_is_unavailable_then_trades_again(self) -> None:
        h = Harness(self)
        first = h.place()[1]["ticket"]
        h.terminal.control_kill()
        h.refresh()
        self.assertEqual(h.call("GET", "/health")[1]["error"], "terminal_unavailable")
        status, body = h.place(client_order_id="grupo-1:2")
        self.assertEqual((status, body["error"]), (503, "terminal_unavailable"))
        self.assertEqual(h.call("GET", f"/orders/{first}")[0], 503)
        h.clock.advance(1)
        h.refresh()
        self.assertEqual(h.call("GET", "/health")[0], 200)
        self.assertEqual(h.order(first)["state"], "filled")
        self.assertEqual(h.place(client_order_id="grupo-1:2")[0], 200)
        self.assertEqual(h.orders_received(), 2)

    def test_a_hung_terminal_leaves_health_answering_from_its_cache(self) -> None:
        h = Harness(self)
        h.terminal.control_hang()
        self.addCleanup(h.terminal.control_release)
        reading = threading.Thread(target=h.refresh)
        reading.start()
        started = time.monotonic()
        status, body = h.call("GET", "/health")
        took = time.monotonic() - started
        self.assertTrue(reading.is_alive(), "the reading is stuck in the terminal")
        self.assertEqual((status, body["connected"]), (200, True))
        self.assertLess(took, 0.25)
        h.clock.advance(6)
        status, body = h.call("GET", "/health")
        self.assertEqual((status, body["error"]), (503, "terminal_unavailable"))
        self.assertEqual(h.place()[1]["error"], "terminal_unavailable")
        h.terminal.control_release()
        reading.join()
        h.refresh()
        self.assertEqual(h.call("GET", "/health")[0], 200)
        self.assertEqual(h.place()[0], 200)
        self.assertEqual(h.orders_received(), 1)


class OneLockTest(unittest.TestCase):
    def test_no_two_calls_to_the_package_overlap_and_last_error_follows_its_call(self) -> None:
        class Watched:
            def __init__(self, mt5: Any) -> None:
                self._mt5 = mt5
                self._guard = threading.Lock()
                self.active = 0
                self.most = 0
                self.calls = 0

            def __getattr__(self, name: str) -> Any:
                value = getattr(self._mt5, name)
                if not callable(value):
                    return value

                def watched(*args: Any, **kwargs: Any) -> Any:
                    with self._guard:
                        self.active += 1
                        self.most = max(self.most, self.active)
                        self.calls += 1
                    time.sleep(0.0005)
                    try:
                        return value(*args, **kwargs)
                    finally:
                        with self._guard:
                            self.active -= 1

                return watched

        h = Harness(self, wrap=Watched)
        watched: Any = h.mt5
        stop = time.monotonic() + 0.3

        def health() -> None:
            while time.monotonic() < stop:
                h.refresh()

        def orders(n: int) -> None:
            i = 0
            while time.monotonic() < stop:
                i += 1
                ticket = h.place(client_order_id=f"t{n}:{i}")[1]["ticket"]
                h.call("GET", f"/orders/{ticket}")
                h.call("GET", "/symbols/XPTO9")

        threads = [threading.Thread(target=health)] + [threading.Thread(target=orders, args=(n,)) for n in range(3)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        self.assertGreater(watched.calls, 50)
        self.assertEqual(watched.most, 1)


if __name__ == "__main__":
    unittest.main()
