"""Orders: send each client_order_id at most once, across retries, crashes and lost answers.

The rule (docs/mt5-agent-protocol.md, agent/README.md): the journal records the order as pending before
order_send, and its answer before the reply. When order_send's outcome is unknown (None, 10012, 10031, or a
pending row left by a crash), the agent looks for the order's marker among the terminal's open and historical
orders: found, it answers that ticket; provably absent, it may send; otherwise it answers em_duvida and sends
nothing. "Provably absent" needs all of: the terminal connected now and for at least `sync_grace` seconds
(the history it downloads at each connection has arrived), at least `settle` seconds since the last send (a
request still in transit has landed), and both orders_get() and history_orders_get() answering.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import Callable, Literal, Optional

from . import mapping
from .errors import (
    ClientOrderIdConflict,
    OrderNotCancelable,
    OrderNotFound,
    OutcomeInDoubt,
    SymbolNotFound,
    TerminalUnavailable,
)
from .gateway import Gateway, Session
from .journal import Entry, Journal
from .logs import log
from .monitor import HealthMonitor
from .mt5_types import OrderSendResult, SymbolInfo, Tick, TradeOrder
from .protocol import (
    ACCEPTED,
    CLIENT_DISABLES_AT,
    CONNECTION,
    DONE,
    INVALID,
    PLACED,
    UNCERTAIN,
    OrderAnswer,
    OrderRequest,
    PlaceAnswer,
    PositionAnswer,
    SymbolAnswer,
    describe,
    dumps,
)
from .settings import Settings

# Trade servers keep history in their own time zone: the marker search looks a day either side.
SEARCH_MARGIN = 86_400.0
# Whether an order whose send had an unknown outcome is in the terminal: found there, provably absent, or unknown.
Verdict = Literal["found", "absent", "unknown"]
# last_error()'s codes for a request the package refused before it left, as documented, for a package that would
# not export them.
RES_E_INVALID_PARAMS = -2
RES_E_AUTO_TRADING_DISABLED = -8


def place_answer(
    ticket: Optional[int], retcode: int, comment: Optional[str] = None, retcode_external: Optional[int] = None
) -> PlaceAnswer:
    return {
        "ticket": ticket,
        "retcode": retcode,
        "retcode_desc": describe(retcode),
        "comment": comment,
        "retcode_external": retcode_external,
    }


class OrderService:
    def __init__(
        self,
        gateway: Gateway,
        monitor: HealthMonitor,
        journal: Journal,
        logger: logging.Logger,
        settings: Settings,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self._gateway = gateway
        self._mt5 = gateway.mt5
        self._monitor = monitor
        self._journal = journal
        self._logger = logger
        self._magic = settings.magic
        self._clock = clock
        self._settle = settings.settle_seconds
        self._sync_grace = settings.sync_grace_seconds
        self._lock_timeout = settings.lock_timeout
        # One order decision at a time: two sends of one client_order_id never race each other.
        self._orders_lock = threading.Lock()

    # ---------------------------------------------------------------- symbols and positions

    def symbol(self, name: str) -> SymbolAnswer:
        with self._gateway.session() as s:
            info, tick = self._prepare_symbol(s, name)
        if info is None:
            raise SymbolNotFound(name)
        return mapping.symbol_answer(self._mt5, info, tick)

    def _prepare_symbol(self, s: Session, name: str) -> tuple[Optional[SymbolInfo], Optional[Tick]]:
        """symbol_info(), with the symbol added to Market Watch when it is not there (its quote is stale)."""
        info = s.symbol_info(name)
        if info is None:
            s.require(s.terminal_info(), "terminal_info")
            return None, None
        if not info.visible:
            if s.symbol_select(name):
                info = s.symbol_info(name) or info
            else:
                log(self._logger, logging.WARNING, "symbol_select_failed", symbol=name, error=s.error)
        return info, s.symbol_info_tick(name)

    def positions(self) -> list[PositionAnswer]:
        with self._gateway.session() as s:
            positions = s.require(s.positions(), "positions_get")
        buy = self._mt5.POSITION_TYPE_BUY
        return [
            {
                "symbol": p.symbol,
                "volume": mapping.number(p.volume if p.type == buy else -p.volume),
                "price_open": p.price_open,
            }
            for p in positions
        ]

    # ---------------------------------------------------------------- POST /orders

    def place(self, req: OrderRequest) -> bytes:
        if not self._orders_lock.acquire(timeout=self._lock_timeout):
            raise TerminalUnavailable.because("outra ordem está em andamento no terminal")
        try:
            entry = self._journal.get(req.client_order_id)
            if entry is None:
                return self._send(req, None, may_resend=False)
            if entry.request != req.identity():
                raise ClientOrderIdConflict(req.client_order_id)
            if entry.answer is not None:
                return bytes(entry.answer)
            return self._resolve(req, entry, may_send=True)
        finally:
            self._orders_lock.release()

    def _send(self, req: OrderRequest, entry: Optional[Entry], may_resend: bool) -> bytes:
        mark = mapping.marker(req.client_order_id)
        with self._gateway.session() as s:
            terminal = s.require(s.terminal_info(), "terminal_info")
            if not terminal.connected:
                # Nothing leaves a disconnected terminal; this answer is not stored, so asking again sends it.
                return dumps(place_answer(None, CONNECTION))
            info, tick = self._prepare_symbol(s, req.symbol)
            if info is None:
                return self._store(req, place_answer(None, INVALID, comment=f"Símbolo {req.symbol} não existe"))
            request = mapping.build_request(self._mt5, req, info, tick, self._magic, mark)
            now = self._clock()
            if entry is None:
                self._journal.begin(req, mark, now)
            else:
                self._journal.attempt(req.client_order_id, now)
            result = s.order_send(request)
            error = s.error
        log(
            self._logger,
            logging.INFO,
            "order_send",
            client_order_id=req.client_order_id,
            symbol=req.symbol,
            side=req.side,
            volume=req.volume,
            type=req.type,
            price=req.price,
            retcode=None if result is None else result.retcode,
            ticket=None if result is None else result.order,
            error=None if result is not None else error,
        )
        return self._conclude(req, result, error, may_resend)

    def _conclude(
        self, req: OrderRequest, result: Optional[OrderSendResult], error: tuple[int, str], may_resend: bool
    ) -> bytes:
        if result is None:
            # Refused by the package before anything left the terminal: a definite answer.
            if error[0] == getattr(self._mt5, "RES_E_AUTO_TRADING_DISABLED", RES_E_AUTO_TRADING_DISABLED):
                return self._store(req, place_answer(None, CLIENT_DISABLES_AT, comment=error[1]))
            if error[0] == getattr(self._mt5, "RES_E_INVALID_PARAMS", RES_E_INVALID_PARAMS):
                return self._store(req, place_answer(None, INVALID, comment=error[1]))
            return self._resolve(req, self._journal.get(req.client_order_id), may_send=may_resend)
        if result.retcode in UNCERTAIN or (result.retcode in ACCEPTED and not result.order):
            return self._resolve(req, self._journal.get(req.client_order_id), may_send=may_resend)
        ticket = result.order if result.retcode in ACCEPTED else None
        return self._store(req, place_answer(ticket, result.retcode, result.comment, result.retcode_external))

    def _store(self, req: OrderRequest, answer: PlaceAnswer) -> bytes:
        body = dumps(answer)
        self._journal.answer(
            req,
            mapping.marker(req.client_order_id),
            body,
            answer["ticket"],
            answer["comment"],
            answer["retcode_external"],
            self._clock(),
        )
        return body

    def _resolve(self, req: OrderRequest, entry: Optional[Entry], may_send: bool) -> bytes:
        if entry is None:
            raise OutcomeInDoubt()
        verdict, ticket = self._find(req, entry)
        log(
            self._logger, logging.WARNING, "order_outcome_checked", client_order_id=req.client_order_id, verdict=verdict
        )
        if verdict == "found":
            return self._store(req, place_answer(ticket, PLACED))
        if verdict == "absent" and may_send:
            return self._send(req, entry, may_resend=False)
        raise OutcomeInDoubt()

    def _find(self, req: OrderRequest, entry: Entry) -> tuple[Verdict, Optional[int]]:
        mt5 = self._mt5
        with self._gateway.session() as s:
            terminal = s.terminal_info()
            if terminal is None:
                return "unknown", None
            open_orders = s.orders()
            history = s.history_orders(int(entry.created_at - SEARCH_MARGIN), int(self._clock() + SEARCH_MARGIN))
            mine = [o for o in (open_orders or ()) + (history or ()) if o.magic == self._magic]
            found = sorted(o.ticket for o in mine if o.comment.startswith(entry.marker))
            if found:
                return "found", found[0]
            # The broker may rewrite an order's comment: one of ours without a marker, of this very shape,
            # could be this order.
            lookalikes = [
                o
                for o in mine
                if not o.comment.startswith(mapping.MARKER_PREFIX)
                and o.symbol == req.symbol
                and mapping.side_of(mt5, o.type) == req.side
                and o.volume_initial == req.volume
            ]
            if lookalikes or open_orders is None or history is None or not terminal.connected:
                return "unknown", None
            now = self._clock()
            since = self._monitor.connected_since()
            if since is None or now - since < self._sync_grace:
                return "unknown", None
            if entry.attempted_at is not None and now - entry.attempted_at < self._settle:
                return "unknown", None
            again = s.terminal_info()
            if again is None or not again.connected:
                return "unknown", None
        return "absent", None

    # ---------------------------------------------------------------- GET and DELETE /orders/{ticket}

    def _locate(self, s: Session, ticket: int) -> tuple[TradeOrder, bool]:
        """The order and whether it is in the history (finished); not found when the terminal does not know it."""
        open_orders = s.require(s.order(ticket), "orders_get")
        if open_orders:
            return open_orders[0], False
        history = s.require(s.history_order(ticket), "history_orders_get")
        if history:
            return history[0], True
        s.require(s.terminal_info(), "terminal_info")
        raise OrderNotFound(ticket)

    def order(self, ticket: int) -> OrderAnswer:
        mt5 = self._mt5
        with self._gateway.session() as s:
            order, in_history = self._locate(s, ticket)
            deals = s.deals_of_order(ticket)
            if not deals and order.volume_current < order.volume_initial and order.position_id:
                # The order says it filled but no deal came by its ticket: read its position's deals instead.
                deals = s.deals_of_position(order.position_id)
        mine = mapping.executions(mt5, ticket, deals or ())
        volume, price = mapping.fills(mine)
        state = mapping.reported_state(mapping.terminal_state(mt5, order, in_history), order, volume)
        retcode, retcode_desc = mapping.STATE_TEXT[state]
        entry = self._journal.by_ticket(ticket)
        rewritten = bool(order.comment) and not order.comment.startswith(mapping.MARKER_PREFIX)
        return {
            "ticket": ticket,
            "client_order_id": entry.client_order_id if entry else None,
            "symbol": order.symbol,
            "side": mapping.side_of(mt5, order.type),
            "type": mapping.type_of(mt5, order.type),
            "state": state,
            "volume_initial": mapping.number(order.volume_initial),
            "volume_filled": mapping.number(volume),
            "price_avg": price,
            "deals": mapping.deal_answers(mine),
            "retcode": retcode,
            "retcode_desc": retcode_desc,
            # The broker's last word: a comment it wrote over ours (e.g. B3's reason for a rejection), else what
            # it said when the order was sent.
            "comment": order.comment if rewritten else (entry.comment if entry else None),
            "retcode_external": entry.retcode_external if entry else None,
        }

    def cancel(self, ticket: int) -> PlaceAnswer:
        mt5 = self._mt5
        with self._gateway.session() as s:
            order, in_history = self._locate(s, ticket)
            if in_history:
                state = mapping.terminal_state(mt5, order, True)
                if state != "canceled":
                    raise OrderNotCancelable(ticket, state)
                return {**place_answer(ticket, DONE), "retcode_desc": "Ordem já cancelada"}
            result = s.order_send({"action": mt5.TRADE_ACTION_REMOVE, "order": ticket})
            error = s.error
        log(
            self._logger,
            logging.INFO,
            "order_cancel",
            ticket=ticket,
            retcode=None if result is None else result.retcode,
            error=None if result is not None else error,
        )
        if result is None:
            raise OutcomeInDoubt()
        return place_answer(ticket, result.retcode, result.comment, result.retcode_external)
