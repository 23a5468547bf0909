"""POST /orders, GET and DELETE /orders/{ticket}, symbols and positions against the emulated terminal."""

from __future__ import annotations

import unittest
from typing import Any

from carteira_rv_agent import mapping

from .mt5_emulation import records as R  # noqa: N812 - the package's names read R.ORDER_TYPE_BUY, as mt5.ORDER_TYPE_BUY
from .mt5_emulation.terminal import default_cents
from .support import Harness


class SymbolTest(unittest.TestCase):
    def test_round_lot_and_fractional_symbols_after_selecting_them(self) -> None:
        h = Harness(self)
        self.assertNotIn("VALE3F", h.terminal.selected)
        status, body = h.call("GET", "/symbols/vale3f")
        self.assertEqual(status, 200)
        last = default_cents("VALE3") / 100
        self.assertEqual(
            body,
            {
                "name": "VALE3F",
                "trade_mode": "full",
                "volume_min": 1,
                "volume_max": 99,
                "volume_step": 1,
                "tick_size": 0.01,
                "bid": round(last - 0.01, 2),
                "ask": round(last + 0.01, 2),
                "last": last,
            },
        )
        # Outside Market Watch the terminal has no fresh quote: the agent selected the symbol.
        self.assertIn("VALE3F", h.terminal.selected)
        self.assertEqual(h.call("GET", "/symbols/VALE3")[1]["volume_step"], 100)

    def test_unknown_symbol_is_404(self) -> None:
        h = Harness(self)
        self.assertEqual(
            h.call("GET", "/symbols/XPTO9"),
            (404, {"error": "symbol_not_found", "message": "Símbolo XPTO9 não existe"}),
        )

    def test_trade_mode_names(self) -> None:
        h = Harness(self)
        h.terminal.control_set_trade_mode("ITUB4", "close_only")
        self.assertEqual(h.call("GET", "/symbols/ITUB4F")[1]["trade_mode"], "close_only")


class OrderMappingTest(unittest.TestCase):
    def test_market_buy_becomes_a_deal_with_return_filling_magic_marker_and_tp(self) -> None:
        h = Harness(self)
        status, body = h.place(tp=99.5, comment="carteira-rv 9b2f1a3c e mais texto")
        self.assertEqual(status, 200)
        self.assertEqual(body["retcode"], 10008)
        order = h.terminal.orders[body["ticket"]]
        self.assertEqual(order.type, R.ORDER_TYPE_BUY)
        self.assertEqual(order.type_filling, R.ORDER_FILLING_RETURN)
        self.assertEqual(order.volume_initial, 300.0)
        self.assertEqual(order.magic, h.settings.magic)
        self.assertEqual(order.tp, 99.5)
        self.assertEqual(len(order.comment), 31)
        self.assertTrue(order.comment.startswith(mapping.marker("grupo-1:1") + " carteira-rv"))

    def test_limit_sell_is_pending_for_the_day_and_carries_no_tp(self) -> None:
        h = Harness(self)
        price = default_cents("BBAS3") / 100 + 1
        status, body = h.place(symbol="BBAS3F", side="sell", volume=10, type="limit", price=price, tp=1.0)
        self.assertEqual((status, body["retcode"]), (200, 10008))
        order = h.terminal.orders[body["ticket"]]
        self.assertEqual(order.type, R.ORDER_TYPE_SELL_LIMIT)
        self.assertEqual(order.type_time, R.ORDER_TIME_DAY)
        self.assertEqual(order.type_filling, R.ORDER_FILLING_RETURN)
        self.assertEqual(order.price_open, price)
        self.assertEqual(order.tp, 0.0)

    def test_a_market_execution_symbol_gets_ioc_instead_of_return(self) -> None:
        h = Harness(self, market_execution=True)
        _, body = h.place()
        self.assertEqual(body["retcode"], 10008)
        self.assertEqual(h.terminal.orders[body["ticket"]].type_filling, R.ORDER_FILLING_IOC)

    def test_marker_is_short_and_distinct_per_leg(self) -> None:
        markers = {mapping.marker(f"9b2f1a3c-0000-4000-8000-00000000000{i}:{leg}") for i in range(10) for leg in (1, 2)}
        self.assertEqual(len(markers), 20)
        self.assertTrue(all(len(m) == 16 for m in markers))


class OrderStateTest(unittest.TestCase):
    def test_a_market_order_fills_in_parts_and_reports_the_volume_weighted_price(self) -> None:
        h = Harness(self)
        h.terminal.control_set_price("WEGE3", 40.00)
        _, body = h.place(symbol="WEGE3", volume=500)
        ticket = body["ticket"]
        self.assertEqual(h.order(ticket)["state"], "placed")
        h.terminal.control_fill(ticket, 200, 40.01)
        self.assertEqual(
            {k: h.order(ticket)[k] for k in ("state", "volume_filled", "price_avg", "retcode")},
            {"state": "partial", "volume_filled": 200, "price_avg": 40.01, "retcode": 10010},
        )
        h.terminal.control_fill(ticket, 300, 40.04)
        self.assertEqual(
            h.order(ticket),
            {
                "ticket": ticket,
                "client_order_id": "grupo-1:1",
                "symbol": "WEGE3",
                "side": "buy",
                "type": "market",
                "state": "filled",
                "volume_initial": 500,
                "volume_filled": 500,
                "price_avg": 40.028,
                "deals": [
                    {"ticket": 70_000_001, "volume": 200, "price": 40.01, "commission": 0.0, "fee": 0.0},
                    {"ticket": 70_000_002, "volume": 300, "price": 40.04, "commission": 0.0, "fee": 0.0},
                ],
                "retcode": 10009,
                "retcode_desc": "Solicitação executada",
                "comment": "Request placed",
                "retcode_external": 0,
            },
        )
        self.assertEqual(h.call("GET", "/positions"), (200, [{"symbol": "WEGE3", "volume": 500, "price_open": 40.03}]))

    def test_each_deal_carries_the_commission_and_fee_the_terminal_charged_negative_as_mt5_reports_them(
        self,
    ) -> None:
        h = Harness(self, commission=2.5, fee_percent=0.01)
        h.terminal.control_set_price("WEGE3", 45.00)
        _, body = h.place(symbol="WEGE3", volume=500, type="limit", price=40.0)
        ticket = body["ticket"]
        self.assertEqual(h.order(ticket)["deals"], [])
        h.terminal.control_fill(ticket, 200, 40.01)
        h.terminal.control_fill(ticket, 300, 40.04)
        # 200 x 40.01 = 8,002.00 → fee 0.80; 300 x 40.04 = 12,012.00 → fee 1.20 (0.01 %); R$ 2.50 each.
        self.assertEqual(
            [(d["volume"], d["price"], d["commission"], d["fee"]) for d in h.order(ticket)["deals"]],
            [(200, 40.01, -2.5, -0.8), (300, 40.04, -2.5, -1.2)],
        )

    def test_fills_are_found_through_the_position_when_deals_by_order_ticket_come_back_empty(self) -> None:
        class NoDealsByTicket:
            def __init__(self, mt5: Any) -> None:
                self._mt5 = mt5

            def __getattr__(self, name: str) -> Any:
                return getattr(self._mt5, name)

            def history_deals_get(self, *args: Any, **kwargs: Any) -> Any:
                return () if "ticket" in kwargs else self._mt5.history_deals_get(*args, **kwargs)

        h = Harness(self, wrap=NoDealsByTicket, fill_delay=0, fee_percent=0.01)
        _, first = h.place(client_order_id="p:1", volume=100)
        _, second = h.place(client_order_id="p:2", volume=200)
        info = h.order(second["ticket"])
        self.assertEqual((info["state"], info["volume_filled"]), ("filled", 200))
        # Only its own deal of the position's two, with that deal's fee (0.01 % of its value, to the cent).
        fee = -round(200 * info["price_avg"] / 10_000, 2)
        self.assertEqual([(d["volume"], d["fee"]) for d in info["deals"]], [(200, fee)])
        self.assertEqual(h.order(first["ticket"])["volume_filled"], 100)

    def test_the_fill_delay_and_automatic_partial_fills_of_the_emulation(self) -> None:
        h = Harness(self, partial_fills=True)
        _, body = h.place(symbol="ABEV3", volume=300)
        h.clock.advance(1.0)
        self.assertEqual(h.order(body["ticket"])["volume_filled"], 100)
        h.clock.advance(1.0)
        self.assertEqual(h.order(body["ticket"])["state"], "filled")

    def test_a_sale_makes_the_position_short_with_a_negative_volume(self) -> None:
        h = Harness(self, fill_delay=0)
        _, body = h.place(side="sell", volume=100)
        self.assertEqual(body["retcode"], 10009)
        self.assertEqual(h.call("GET", "/positions")[1][0]["volume"], -100)

    def test_b3_rejecting_a_resting_order_reaches_the_operator_with_its_text(self) -> None:
        h = Harness(self)
        _, body = h.place(type="limit", price=1.0)
        h.terminal.control_reject(body["ticket"], "B3: preco fora do tunel")
        info = h.order(body["ticket"])
        self.assertEqual(
            (info["state"], info["retcode"], info["comment"]), ("rejected", 10006, "B3: preco fora do tunel")
        )

    def test_expired_and_unknown_orders(self) -> None:
        h = Harness(self)
        _, body = h.place(type="limit", price=1.0)
        h.terminal.control_expire(body["ticket"])
        self.assertEqual(h.order(body["ticket"])["state"], "expired")
        self.assertEqual(h.call("GET", "/orders/123")[0], 404)

    def test_deals_lagging_behind_the_order_state_are_reported_as_in_progress(self) -> None:
        order = R.filled(R.TradeOrder, state=R.ORDER_STATE_FILLED, volume_initial=300.0, volume_current=0.0)
        self.assertEqual(mapping.reported_state("filled", order, 0), "placed")
        self.assertEqual(mapping.reported_state("filled", order, 100), "partial")
        self.assertEqual(mapping.reported_state("filled", order, 300), "filled")
        rest_canceled = order._replace(state=R.ORDER_STATE_CANCELED, volume_current=100.0)
        self.assertEqual(mapping.reported_state("canceled", rest_canceled, 100), "partial")
        self.assertEqual(mapping.reported_state("canceled", rest_canceled, 200), "canceled")
        nothing_filled = order._replace(state=R.ORDER_STATE_CANCELED, volume_current=300.0)
        self.assertEqual(mapping.reported_state("canceled", nothing_filled, 0), "canceled")


class CancelTest(unittest.TestCase):
    def test_cancels_a_resting_limit_order_once(self) -> None:
        h = Harness(self)
        _, body = h.place(type="limit", price=1.0)
        ticket = body["ticket"]
        status, answer = h.call("DELETE", f"/orders/{ticket}")
        self.assertEqual((status, answer["ticket"], answer["retcode"]), (200, ticket, 10009))
        self.assertEqual(h.order(ticket)["state"], "canceled")
        again = h.call("DELETE", f"/orders/{ticket}")
        self.assertEqual((again[0], again[1]["retcode"], again[1]["retcode_desc"]), (200, 10009, "Ordem já cancelada"))
        self.assertEqual(h.terminal.calls["order_send"], 2)

    def test_the_rest_of_a_partly_filled_order_is_canceled_and_the_fill_kept(self) -> None:
        h = Harness(self)
        _, body = h.place(type="limit", price=1.0, volume=500)
        h.terminal.control_fill(body["ticket"], 200, 1.0)
        h.call("DELETE", f"/orders/{body['ticket']}")
        info = h.order(body["ticket"])
        self.assertEqual((info["state"], info["volume_filled"]), ("canceled", 200))

    def test_a_finished_order_cannot_be_canceled_and_an_unknown_one_is_404(self) -> None:
        h = Harness(self, fill_delay=0)
        _, body = h.place()
        status, answer = h.call("DELETE", f"/orders/{body['ticket']}")
        self.assertEqual((status, answer["error"]), (409, "order_not_cancelable"))
        self.assertEqual(h.call("DELETE", "/orders/999")[0], 404)

    def test_a_cancel_the_terminal_refuses_answers_its_retcode(self) -> None:
        h = Harness(self)
        _, body = h.place(type="limit", price=1.0)
        h.terminal.control_set_connected(False)
        status, answer = h.call("DELETE", f"/orders/{body['ticket']}")
        self.assertEqual((status, answer["retcode"]), (200, 10031))
        self.assertEqual(h.order(body["ticket"])["state"], "placed")


class IdempotencyTest(unittest.TestCase):
    def test_the_same_client_order_id_answers_the_first_answer_byte_for_byte(self) -> None:
        h = Harness(self)
        raw = b'{"client_order_id":"g:1","symbol":"PETR4","side":"buy","volume":300,"type":"market"}'
        first = h.agent.routes("POST", "/orders", lambda: raw)
        h.clock.advance(3600)
        h.restart()
        self.assertEqual(h.agent.routes("POST", "/orders", lambda: raw), first)
        self.assertEqual((h.orders_received(), h.terminal.calls["order_send"]), (1, 1))

    def test_a_client_order_id_reused_for_another_order_is_409(self) -> None:
        h = Harness(self)
        h.place()
        for change in ({"volume": 400}, {"side": "sell"}, {"symbol": "PETR4F", "volume": 3}, {"tp": 50.0}):
            status, body = h.place(**change)
            self.assertEqual((status, body["error"]), (409, "client_order_id_conflict"), change)
        self.assertEqual(h.place(comment="outro comentário")[0], 200)
        self.assertEqual(h.orders_received(), 1)

    def test_a_broker_refusal_is_answered_with_its_text_and_stored(self) -> None:
        h = Harness(self)
        h.terminal.control_refuse_next(10006, "Rejeitada pela B3: lote acima do limite", 2031)
        status, body = h.place()
        self.assertEqual(
            body,
            {
                "ticket": None,
                "retcode": 10006,
                "retcode_desc": "Solicitação rejeitada",
                "comment": "Rejeitada pela B3: lote acima do limite",
                "retcode_external": 2031,
            },
        )
        self.assertEqual(h.place(), (status, body))
        self.assertEqual((h.orders_received(), h.terminal.calls["order_send"]), (0, 1))

    def test_terminal_refusals_carry_mt5_retcodes(self) -> None:
        h = Harness(self)
        cases = [
            ({"volume": 150}, 10014),
            ({"symbol": "ITUB4F", "volume": 100}, 10014),
            ({"type": "limit", "price": 30.005}, 10015),
            ({"type": "limit", "price": 30.0, "tp": 29.0}, 10016),
            ({"symbol": "XPTO9"}, 10013),
            ({"volume": 10_000_000}, 10014),
            ({"volume": 900_000}, 10019),
        ]
        for i, (fields, retcode) in enumerate(cases):
            status, body = h.place(client_order_id=f"r{i}", **fields)
            self.assertEqual((status, body["ticket"], body["retcode"]), (200, None, retcode), fields)
        self.assertEqual(h.orders_received(), 0)

    def test_an_invalid_body_changes_nothing(self) -> None:
        h = Harness(self)
        fractional_volume = {"client_order_id": "x", "symbol": "PETR4", "side": "buy", "volume": 1.5, "type": "market"}
        bodies: list[object] = [{"symbol": "ITUB4"}, [], fractional_volume]
        for body in bodies:
            status, answer = h.call("POST", "/orders", body)
            self.assertEqual((status, answer["error"]), (400, "invalid_request"))
        status, answer = h.place(type="limit")
        self.assertEqual(
            (status, answer["error"], answer["message"]),
            (400, "invalid_request", "price: obrigatório em ordem limit"),
        )
        self.assertEqual(h.terminal.calls["order_send"], 0)


if __name__ == "__main__":
    unittest.main()
