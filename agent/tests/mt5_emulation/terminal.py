"""A stateful emulation of one MetaTrader 5 terminal logged in to a B3 (netting) account.

It answers the MetaTrader5 package's calls with the package's named tuples and error conventions, and lets a
test shape the market and inject the faults the agent must survive: the broker connection dropping, AutoTrading
off, order_send answering None or a timeout after the order was placed, the agent's process dying around
order_send, the terminal process dying and restarting, a terminal that hangs, history that is not yet synced.

Prices follow the simulator's rule (server/mt5-sim/market.ts): every well-formed B3 symbol exists, with a
stable price derived from its ticker, so that the simulator and the agent over this emulation quote alike.
"""

from __future__ import annotations

import fnmatch
import json
import math
import os
import re
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass
from datetime import datetime, timezone
from typing import Any, Callable, Optional, cast

from . import records as R  # noqa: N812 - the package's names read R.ORDER_TYPE_BUY, as mt5.ORDER_TYPE_BUY

B3_SYMBOL = re.compile(r"^([A-Z]{4}(?:3|4|5|6|11))(F?)$")
ROUND_LOT = 100
ROUND_LOT_MAX = 1_000_000
OPEN_STATES = (R.ORDER_STATE_STARTED, R.ORDER_STATE_PLACED, R.ORDER_STATE_PARTIAL)
BUY_TYPES = (R.ORDER_TYPE_BUY, R.ORDER_TYPE_BUY_LIMIT)
# The longest a hung terminal holds a call, so that a test that forgets release() still ends.
HANG_LIMIT_SECONDS = 20.0

FAULTS = (
    "none_after_place",  # order_send places the order, then answers None (IPC timeout)
    "timeout_after_place",  # places it, then answers retcode 10012 without a ticket
    "lost_after_send",  # the broker gets it, the connection drops: 10031, the terminal does not see it yet
    "none_before_place",  # answers None and nothing is placed
    "crash_after_send",  # places it, then the agent's process dies
    "crash_before_send",  # the agent's process dies inside order_send, before anything leaves
    "autotrading_error",  # answers None with last_error RES_E_AUTO_TRADING_DISABLED; nothing placed
)

BROKER_COMMENT = {
    R.TRADE_RETCODE_PLACED: "Request placed",
    R.TRADE_RETCODE_DONE: "Request executed",
    R.TRADE_RETCODE_REJECT: "Request rejected",
    R.TRADE_RETCODE_TIMEOUT: "Request timeout",
    R.TRADE_RETCODE_INVALID: "Invalid request",
    R.TRADE_RETCODE_INVALID_VOLUME: "Invalid volume",
    R.TRADE_RETCODE_INVALID_PRICE: "Invalid price",
    R.TRADE_RETCODE_INVALID_STOPS: "Invalid stops",
    R.TRADE_RETCODE_TRADE_DISABLED: "Trade disabled",
    R.TRADE_RETCODE_MARKET_CLOSED: "Market closed",
    R.TRADE_RETCODE_NO_MONEY: "No money",
    R.TRADE_RETCODE_INVALID_EXPIRATION: "Invalid expiration",
    R.TRADE_RETCODE_CLIENT_DISABLES_AT: "AutoTrading disabled by client",
    R.TRADE_RETCODE_INVALID_FILL: "Unsupported filling mode",
    R.TRADE_RETCODE_CONNECTION: "No connection",
}
TRADE_MODES = {
    "disabled": R.SYMBOL_TRADE_MODE_DISABLED,
    "long_only": R.SYMBOL_TRADE_MODE_LONGONLY,
    "short_only": R.SYMBOL_TRADE_MODE_SHORTONLY,
    "close_only": R.SYMBOL_TRADE_MODE_CLOSEONLY,
    "full": R.SYMBOL_TRADE_MODE_FULL,
}


class SimulatedCrash(BaseException):
    """The agent's process dies here (in-process tests): nothing after this point of the call runs."""


def default_cents(base: str) -> int:
    """R$ 5.00 to R$ 84.99 from the ticker's letters, as the simulator computes it (FNV-1a)."""
    value = 2166136261
    for ch in base:
        value = ((value ^ ord(ch)) * 16777619) & 0xFFFFFFFF
    return 500 + value % 8000


def seconds(value: Any) -> float:
    """A history bound as the package takes it: a datetime (naive is UTC here) or seconds since 1970."""
    if isinstance(value, datetime):
        aware = value if value.tzinfo else value.replace(tzinfo=timezone.utc)
        return aware.timestamp()
    return float(value)


def in_group(symbol: str, group: Optional[str]) -> bool:
    """MT5's group filter: comma-separated masks with '*', a leading '!' excludes."""
    if not group:
        return True
    selected = False
    for mask in (m.strip() for m in group.split(",")):
        if mask.startswith("!"):
            if fnmatch.fnmatchcase(symbol, mask[1:]):
                return False
        elif fnmatch.fnmatchcase(symbol, mask):
            selected = True
    return selected


@dataclass
class Order:
    ticket: int
    symbol: str
    type: int
    type_filling: int
    type_time: int
    state: int
    magic: int
    volume_initial: float
    volume_current: float
    price_open: float
    tp: float
    comment: str
    time_setup: float
    time_done: float = 0.0
    # When the terminal learns about the order; None while only the broker has it (connection lost).
    visible_from: Optional[float] = 0.0
    position_id: int = 0


@dataclass
class Deal:
    ticket: int
    order: int
    time: float
    type: int
    entry: int
    magic: int
    position_id: int
    volume: float
    price: float
    symbol: str
    comment: str
    # DEAL_COMMISSION and DEAL_FEE: negative for a charge, as the package reports them.
    commission: float = 0.0
    fee: float = 0.0


@dataclass
class Position:
    ticket: int
    symbol: str
    volume: float  # signed: negative for a short position
    open_cents: int
    magic: int
    time: float


@dataclass
class Fill:
    due: float
    ticket: int
    volume: float


class Terminal:
    """One emulated terminal; its public methods without a control_ prefix are the package's functions."""

    def __init__(
        self,
        clock: Callable[[], float] = time.time,
        fill_delay: float = 0.3,
        partial_fills: bool = False,
        sync_delay: float = 0.0,
        login: int = 1000001,
        margin_free: float = 1_000_000.0,
        market_execution: bool = False,
        none_when_empty: bool = False,
        state_path: Optional[str] = None,
        crash_exits: bool = False,
        commission: float = 0.0,
        fee_percent: float = 0.0,
    ) -> None:
        self.clock = clock
        self.fill_delay = fill_delay
        self.partial_fills = partial_fills
        self.sync_delay = sync_delay
        self.login = login
        # What the broker charges each deal: R$ of brokerage, and a fee in percent of its value (as the simulator).
        self.commission = commission
        self.fee_percent = fee_percent
        # Symbols with market execution refuse ORDER_FILLING_RETURN (a broker's demo server, not B3).
        self.market_execution = market_execution
        # Answer None (with last_error success) instead of an empty tuple: the package does both.
        self.none_when_empty = none_when_empty
        self.state_path = state_path
        # In a child process a crash is a real one: the process exits on the spot.
        self.crash_exits = crash_exits
        self.calls: Counter[str] = Counter()
        self.init_paths: list[Optional[str]] = []
        self._lock = threading.RLock()
        self._running_calls = threading.Event()
        self._running_calls.set()
        self._error: tuple[int, str] = (R.RES_S_OK, "Success")
        self.initialized = False
        self.running = True
        self.can_start = True
        self.connected = True
        self.trade_allowed = True
        self.account_trade_allowed = True
        self.market_closed = False
        self.margin_free_cents = round(margin_free * 100)
        self.prices: dict[str, int] = {}
        self.modes: dict[str, int] = {}
        self.removed: list[str] = []
        self.selected: list[str] = []
        self.orders: dict[int, Order] = {}
        self.deals: list[Deal] = []
        self.positions: dict[str, Position] = {}
        self.fills: list[Fill] = []
        self.faults: list[str] = []
        self.refusals: list[dict[str, Any]] = []
        self.next_ticket = 60_000_001
        self.next_deal = 70_000_001
        if state_path and os.path.exists(state_path):
            self._load(state_path)

    @classmethod
    def from_env(cls) -> Terminal:
        """The terminal of a child agent process: options from MT5_EMULATION_CONFIG (JSON), state kept in
        MT5_EMULATION_STATE so that it outlives the agent's process."""
        options = json.loads(os.environ.get("MT5_EMULATION_CONFIG") or "{}")
        state_path = os.environ.get("MT5_EMULATION_STATE") or None
        faults = options.pop("faults", [])
        terminal = cls(state_path=state_path, crash_exits=True, **options)
        if faults and not (state_path and os.path.exists(state_path)):
            terminal.faults.extend(faults)
        return terminal

    # ---------------------------------------------------------------- the package's functions

    def initialize(self, path: Optional[str] = None, **_: Any) -> bool:
        with self._call("initialize", ipc=False):
            self.init_paths.append(path)
            if not self.running:
                if not self.can_start:
                    self._error = (R.RES_E_INTERNAL_FAIL_INIT, "IPC initialize failed, MetaTrader 5 x64 not found")
                    return False
                self.running = True
                self.connected = True
                self._reveal()
            self.initialized = True
            return True

    def shutdown(self) -> None:
        with self._call("shutdown", ipc=False):
            self.initialized = False

    def last_error(self) -> tuple[int, str]:
        return self._error

    def version(self) -> Optional[tuple[int, int, str]]:
        with self._call("version") as ok:
            return (500, 4755, "20 Feb 2025") if ok else None

    def terminal_info(self) -> Any:
        with self._call("terminal_info") as ok:
            if not ok:
                return None
            return R.filled(
                R.TerminalInfo,
                connected=self.connected,
                trade_allowed=self.trade_allowed,
                dlls_allowed=False,
                build=4755,
                maxbars=100000,
                codepage=1252,
                ping_last=12000,
                company="Corretora Emulada",
                name="MetaTrader 5",
                language="Portuguese",
                path="C:\\Program Files\\MetaTrader 5",
            )

    def account_info(self) -> Any:
        with self._call("account_info") as ok:
            if not ok:
                return None
            cash = self.margin_free_cents / 100
            return R.filled(
                R.AccountInfo,
                login=self.login,
                trade_mode=2,
                leverage=1,
                trade_allowed=self.account_trade_allowed,
                trade_expert=True,
                currency_digits=2,
                balance=cash,
                equity=cash,
                margin_free=cash,
                name="Cliente Emulado",
                server="CorretoraEmulada-PRD",
                currency="BRL",
                company="Corretora Emulada",
            )

    def symbol_info(self, symbol: str) -> Any:
        with self._call("symbol_info") as ok:
            if not ok:
                return None
            if not self._exists(symbol):
                self._error = (R.RES_E_NOT_FOUND, "Terminal: Not found")
                return None
            visible = symbol in self.selected
            fractional = symbol.endswith("F")
            # A symbol outside Market Watch has no fresh quote: the caller must select it first.
            last = self._last(symbol) if visible else 0
            return R.filled(
                R.SymbolInfo,
                name=symbol,
                select=visible,
                visible=visible,
                digits=2,
                time=int(self.clock()),
                trade_calc_mode=32,
                trade_mode=self.modes.get(self._base(symbol), R.SYMBOL_TRADE_MODE_FULL),
                trade_exemode=(
                    R.SYMBOL_TRADE_EXECUTION_MARKET if self.market_execution else R.SYMBOL_TRADE_EXECUTION_EXCHANGE
                ),
                expiration_mode=15,
                filling_mode=R.SYMBOL_FILLING_FOK | R.SYMBOL_FILLING_IOC,
                order_mode=127,
                bid=max(1, last - 1) / 100 if visible else 0.0,
                ask=(last + 1) / 100 if visible else 0.0,
                last=last / 100,
                point=0.01,
                trade_tick_value=0.01,
                trade_tick_size=0.01,
                trade_contract_size=1.0,
                volume_min=1.0 if fractional else float(ROUND_LOT),
                volume_max=float(ROUND_LOT - 1) if fractional else float(ROUND_LOT_MAX),
                volume_step=1.0 if fractional else float(ROUND_LOT),
                currency_base="BRL",
                currency_profit="BRL",
                currency_margin="BRL",
                description=f"{self._base(symbol)} emulado",
                exchange="BOVESPA",
                path=f"BOVESPA\\A VISTA\\{symbol}",
            )

    def symbol_info_tick(self, symbol: str) -> Any:
        with self._call("symbol_info_tick") as ok:
            if not ok:
                return None
            if not self._exists(symbol) or symbol not in self.selected:
                self._error = (R.RES_E_FAIL, "Terminal: Call failed")
                return None
            now = self.clock()
            bid, ask, last = self._bid(symbol) / 100, self._ask(symbol) / 100, self._last(symbol) / 100
            return R.Tick(int(now), bid, ask, last, 0, int(now * 1000), 6, 0.0)

    def symbol_select(self, symbol: str, enable: bool = True) -> bool:
        with self._call("symbol_select") as ok:
            if not ok:
                return False
            if not self._exists(symbol):
                self._error = (R.RES_E_NOT_FOUND, "Terminal: Not found")
                return False
            if enable and symbol not in self.selected:
                self.selected.append(symbol)
            if not enable and symbol in self.selected:
                self.selected.remove(symbol)
            self._save()
            return True

    def order_send(self, request: Any) -> Any:
        with self._call("order_send") as ok:
            if not ok:
                return None
            fault = self.faults.pop(0) if self.faults else None
            self._save()
            if fault == "none_before_place":
                self._error = (R.RES_E_INTERNAL_FAIL_TIMEOUT, "IPC timeout")
                return None
            if fault == "crash_before_send":
                self._crash()
            if fault == "autotrading_error":
                self._error = (R.RES_E_AUTO_TRADING_DISABLED, "AutoTrading disabled")
                return None
            shape_error = self._shape_error(request)
            if shape_error:
                self._error = (R.RES_E_INVALID_PARAMS, shape_error)
                return None
            if request["action"] == R.TRADE_ACTION_REMOVE:
                return self._remove(request)
            refusal = self._refusal(request)
            if refusal:
                return self._result(request, refusal[0], comment=refusal[1], retcode_external=refusal[2])
            order = self._place(request, hidden=fault == "lost_after_send")
            if fault == "none_after_place":
                self._save()
                self._error = (R.RES_E_INTERNAL_FAIL_TIMEOUT, "IPC timeout")
                return None
            if fault == "timeout_after_place":
                self._save()
                return self._result(request, R.TRADE_RETCODE_TIMEOUT)
            if fault == "lost_after_send":
                self.connected = False
                self._save()
                return self._result(request, R.TRADE_RETCODE_CONNECTION)
            if fault == "crash_after_send":
                self._crash()
            done = order.state == R.ORDER_STATE_FILLED
            deal = next((d for d in self.deals if d.order == order.ticket), None)
            self._save()
            return self._result(
                request,
                R.TRADE_RETCODE_DONE if done else R.TRADE_RETCODE_PLACED,
                order=order.ticket,
                deal=deal.ticket if deal else 0,
                volume=order.volume_initial,
                price=deal.price if deal else order.price_open,
            )

    def orders_get(
        self, symbol: Optional[str] = None, group: Optional[str] = None, ticket: Optional[int] = None
    ) -> Any:
        with self._call("orders_get") as ok:
            if not ok:
                return None
            found = [
                o
                for o in self.orders.values()
                if o.state in OPEN_STATES
                and self._visible(o)
                and (ticket is None or o.ticket == ticket)
                and (symbol is None or o.symbol == symbol)
                and in_group(o.symbol, group)
            ]
            return self._tuple(self._trade_order(o) for o in found)

    def history_orders_get(
        self,
        date_from: Any = None,
        date_to: Any = None,
        group: Optional[str] = None,
        ticket: Optional[int] = None,
        position: Optional[int] = None,
    ) -> Any:
        with self._call("history_orders_get") as ok:
            if not ok:
                return None
            if ticket is None and position is None and (date_from is None or date_to is None):
                self._error = (R.RES_E_INVALID_PARAMS, "Invalid arguments")
                return None
            found = [
                o
                for o in self.orders.values()
                if o.state not in OPEN_STATES
                and self._visible(o)
                and (ticket is None or o.ticket == ticket)
                and (position is None or o.position_id == position)
                and (date_from is None or seconds(date_from) <= o.time_setup <= seconds(date_to))
                and in_group(o.symbol, group)
            ]
            return self._tuple(self._trade_order(o) for o in found)

    def history_deals_get(
        self,
        date_from: Any = None,
        date_to: Any = None,
        group: Optional[str] = None,
        ticket: Optional[int] = None,
        position: Optional[int] = None,
    ) -> Any:
        with self._call("history_deals_get") as ok:
            if not ok:
                return None
            if ticket is None and position is None and (date_from is None or date_to is None):
                self._error = (R.RES_E_INVALID_PARAMS, "Invalid arguments")
                return None
            found = [
                d
                for d in self.deals
                if self._visible(self.orders[d.order])
                and (ticket is None or d.order == ticket)
                and (position is None or d.position_id == position)
                and (date_from is None or seconds(date_from) <= d.time <= seconds(date_to))
                and in_group(d.symbol, group)
            ]
            return self._tuple(self._trade_deal(d) for d in found)

    def positions_get(
        self, symbol: Optional[str] = None, group: Optional[str] = None, ticket: Optional[int] = None
    ) -> Any:
        with self._call("positions_get") as ok:
            if not ok:
                return None
            found = [
                p
                for p in self.positions.values()
                if p.volume != 0
                and (symbol is None or p.symbol == symbol)
                and (ticket is None or p.ticket == ticket)
                and in_group(p.symbol, group)
            ]
            return self._tuple(self._trade_position(p) for p in found)

    # ---------------------------------------------------------------- controls (tests and the control port)

    def control_set_connected(self, value: bool) -> None:
        with self._lock:
            if value and not self.connected:
                self._reveal()
            self.connected = value
            self._save()

    def control_set_trade_allowed(self, value: bool) -> None:
        with self._lock:
            self.trade_allowed = value
            self._save()

    def control_set_account_trade_allowed(self, value: bool) -> None:
        with self._lock:
            self.account_trade_allowed = value
            self._save()

    def control_set_market_closed(self, value: bool) -> None:
        with self._lock:
            self.market_closed = value
            self._save()

    def control_set_price(self, symbol: str, last: float) -> None:
        """Moves a base symbol and its fractional twin; resting limit orders that it crosses fill."""
        with self._lock:
            self._advance()
            self.prices[self._base(symbol)] = max(1, round(last * 100))
            for order in list(self.orders.values()):
                if order.type in (R.ORDER_TYPE_BUY_LIMIT, R.ORDER_TYPE_SELL_LIMIT):
                    self._try_fill_limit(order)
            self._save()

    def control_set_trade_mode(self, symbol: str, mode: str) -> None:
        with self._lock:
            self.modes[self._base(symbol)] = TRADE_MODES[mode]
            self._save()

    def control_remove_symbol(self, symbol: str) -> None:
        with self._lock:
            self.removed.append(symbol)
            self._save()

    def control_fill(self, ticket: int, volume: Optional[float] = None, price: Optional[float] = None) -> None:
        """The exchange fills part (or the rest) of an open order."""
        with self._lock:
            order = self.orders[ticket]
            cents = self._market_cents(order) if price is None else round(price * 100)
            self._fill(order, order.volume_current if volume is None else float(volume), cents)
            self._save()

    def control_reject(self, ticket: int, comment: str = "") -> None:
        """B3 rejects an order the terminal had accepted; the broker writes its reason in the comment."""
        with self._lock:
            self._finish(self.orders[ticket], R.ORDER_STATE_REJECTED)
            if comment:
                self.orders[ticket].comment = comment[:31]
            self._save()

    def control_expire(self, ticket: int) -> None:
        with self._lock:
            self._finish(self.orders[ticket], R.ORDER_STATE_EXPIRED)
            self._save()

    def control_add_fault(self, name: str) -> None:
        """The next order_send calls meet these faults, one per call, in order."""
        if name not in FAULTS:
            raise ValueError(f"unknown fault {name}")
        with self._lock:
            self.faults.append(name)
            self._save()

    def control_refuse_next(self, retcode: int, comment: str = "", retcode_external: int = 0) -> None:
        """The broker refuses the next order with this retcode and comment (e.g. B3's rejection text)."""
        with self._lock:
            self.refusals.append({"retcode": retcode, "comment": comment, "retcode_external": retcode_external})
            self._save()

    def control_kill(self) -> None:
        """The terminal's process dies: every call fails until initialize() starts it again."""
        with self._lock:
            self.running = False
            self.initialized = False
            self.connected = False
            self._save()

    def control_set_can_start(self, value: bool) -> None:
        with self._lock:
            self.can_start = value

    def control_hang(self) -> None:
        """Every call blocks until control_release() (or HANG_LIMIT_SECONDS)."""
        self._running_calls.clear()

    def control_release(self) -> None:
        self._running_calls.set()

    def control_configure(self, **options: Any) -> None:
        with self._lock:
            for key in (
                "fill_delay",
                "partial_fills",
                "sync_delay",
                "none_when_empty",
                "market_execution",
                "commission",
                "fee_percent",
            ):
                if key in options:
                    setattr(self, key, options[key])
            self._save()

    def control_state(self) -> dict[str, Any]:
        """What the terminal and the broker hold: every order placed (hidden ones too), deals, positions."""
        with self._lock:
            self._advance()
            return {
                "connected": self.connected,
                "running": self.running,
                "order_send_calls": self.calls["order_send"],
                "orders": [
                    {
                        "ticket": o.ticket,
                        "symbol": o.symbol,
                        "type": o.type,
                        "state": o.state,
                        "magic": o.magic,
                        "comment": o.comment,
                        "volume_initial": o.volume_initial,
                        "volume_current": o.volume_current,
                        "price_open": o.price_open,
                        "tp": o.tp,
                        "type_filling": o.type_filling,
                        "type_time": o.type_time,
                    }
                    for o in self.orders.values()
                ],
                "deals": len(self.deals),
                "positions": [{"symbol": p.symbol, "volume": p.volume} for p in self.positions.values() if p.volume],
            }

    # ---------------------------------------------------------------- internals

    class _Call:
        def __init__(self, terminal: Terminal, name: str, ipc: bool) -> None:
            self.terminal = terminal
            self.name = name
            self.ipc = ipc

        def __enter__(self) -> bool:
            t = self.terminal
            t._running_calls.wait(HANG_LIMIT_SECONDS)
            t._lock.acquire()
            t.calls[self.name] += 1
            t._error = (R.RES_S_OK, "Success")
            t._advance()
            if self.ipc and not (t.running and t.initialized):
                t._error = (R.RES_E_INTERNAL_FAIL_CONNECT, "No IPC connection")
                return False
            return True

        def __exit__(self, *_: Any) -> None:
            self.terminal._lock.release()

    def _call(self, name: str, ipc: bool = True) -> Terminal._Call:
        return Terminal._Call(self, name, ipc)

    def _crash(self) -> None:
        self._save()
        if self.crash_exits:
            os._exit(137)
        raise SimulatedCrash()

    def _tuple(self, items: Any) -> Any:
        result = tuple(items)
        return None if (not result and self.none_when_empty) else result

    def _visible(self, order: Order) -> bool:
        return order.visible_from is not None and self.clock() >= order.visible_from

    def _reveal(self) -> None:
        """After a (re)connection the terminal downloads what the broker holds, which takes sync_delay."""
        for order in self.orders.values():
            if order.visible_from is None:
                order.visible_from = self.clock() + self.sync_delay

    def _base(self, symbol: str) -> str:
        match = B3_SYMBOL.match(symbol)
        return match.group(1) if match else symbol

    def _exists(self, symbol: Any) -> bool:
        return isinstance(symbol, str) and bool(B3_SYMBOL.match(symbol)) and symbol not in self.removed

    def _last(self, symbol: str) -> int:
        base = self._base(symbol)
        return self.prices.get(base, default_cents(base))

    def _bid(self, symbol: str) -> int:
        return max(1, self._last(symbol) - 1)

    def _ask(self, symbol: str) -> int:
        return self._last(symbol) + 1

    def _market_cents(self, order: Order) -> int:
        if order.type in (R.ORDER_TYPE_BUY_LIMIT, R.ORDER_TYPE_SELL_LIMIT):
            return round(order.price_open * 100)
        return self._ask(order.symbol) if order.type in BUY_TYPES else self._bid(order.symbol)

    def _shape_error(self, value: object) -> Optional[str]:
        """The package checks argument types before anything leaves the terminal."""
        if not isinstance(value, dict):
            return 'Invalid "action" argument'
        request = cast("dict[str, Any]", value)
        if not isinstance(request.get("action"), int):
            return 'Invalid "action" argument'
        if request["action"] == R.TRADE_ACTION_REMOVE:
            return None if isinstance(request.get("order"), int) else 'Invalid "order" argument'
        if not isinstance(request.get("symbol"), str):
            return 'Invalid "symbol" argument'
        if not isinstance(request.get("volume"), float):
            return 'Invalid "volume" argument'
        for key in ("price", "tp", "sl"):
            if key in request and not isinstance(request[key], float):
                return f'Invalid "{key}" argument'
        for key in ("type", "type_filling", "type_time", "magic", "deviation"):
            if key in request and not isinstance(request[key], int):
                return f'Invalid "{key}" argument'
        if len(request.get("comment", "")) > 31:
            return 'Invalid "comment" argument'
        return None

    def _refusal(self, request: dict[str, Any]) -> Optional[tuple[int, str, int]]:
        def plain(code: int) -> tuple[int, str, int]:
            return code, BROKER_COMMENT.get(code, ""), 0

        if not self.connected:
            return plain(R.TRADE_RETCODE_CONNECTION)
        if not self.trade_allowed:
            return plain(R.TRADE_RETCODE_CLIENT_DISABLES_AT)
        if self.refusals:
            r = self.refusals.pop(0)
            return r["retcode"], r["comment"], r["retcode_external"]
        if self.market_closed:
            return plain(R.TRADE_RETCODE_MARKET_CLOSED)
        symbol = request["symbol"]
        action, kind = request["action"], request.get("type")
        pending = action == R.TRADE_ACTION_PENDING
        if not self._exists(symbol) or action not in (R.TRADE_ACTION_DEAL, R.TRADE_ACTION_PENDING):
            return plain(R.TRADE_RETCODE_INVALID)
        limits = (R.ORDER_TYPE_BUY_LIMIT, R.ORDER_TYPE_SELL_LIMIT)
        allowed = limits if pending else (R.ORDER_TYPE_BUY, R.ORDER_TYPE_SELL)
        if kind not in allowed:
            return plain(R.TRADE_RETCODE_INVALID)
        buy = kind in BUY_TYPES
        mode = self.modes.get(self._base(symbol), R.SYMBOL_TRADE_MODE_FULL)
        if mode == R.SYMBOL_TRADE_MODE_DISABLED or (
            buy and mode in (R.SYMBOL_TRADE_MODE_CLOSEONLY, R.SYMBOL_TRADE_MODE_SHORTONLY)
        ):
            return plain(R.TRADE_RETCODE_TRADE_DISABLED)
        filling = request.get("type_filling", R.ORDER_FILLING_FOK)
        fillings = {R.ORDER_FILLING_FOK, R.ORDER_FILLING_IOC}
        if not self.market_execution:
            fillings.add(R.ORDER_FILLING_RETURN)
        if filling not in fillings:
            return plain(R.TRADE_RETCODE_INVALID_FILL)
        if pending and request.get("type_time", R.ORDER_TIME_GTC) not in (R.ORDER_TIME_GTC, R.ORDER_TIME_DAY):
            return plain(R.TRADE_RETCODE_INVALID_EXPIRATION)
        volume = request["volume"]
        fractional = symbol.endswith("F")
        lot_ok = (
            volume.is_integer() and 1 <= volume < ROUND_LOT
            if fractional
            else volume.is_integer() and volume > 0 and volume % ROUND_LOT == 0 and volume <= ROUND_LOT_MAX
        )
        if not lot_ok:
            return plain(R.TRADE_RETCODE_INVALID_VOLUME)
        price = request.get("price", 0.0)
        on_tick = abs(price * 100 - round(price * 100)) < 1e-6
        if pending and (price <= 0 or not on_tick):
            return plain(R.TRADE_RETCODE_INVALID_PRICE)
        reference = round(price * 100) if pending else (self._ask(symbol) if buy else self._bid(symbol))
        tp = request.get("tp", 0.0)
        if tp:
            tp_cents = tp * 100
            if abs(tp_cents - round(tp_cents)) > 1e-6 or (tp_cents <= reference if buy else tp_cents >= reference):
                return plain(R.TRADE_RETCODE_INVALID_STOPS)
        if buy and reference * volume > self.margin_free_cents:
            return plain(R.TRADE_RETCODE_NO_MONEY)
        return None

    def _result(
        self,
        request: dict[str, Any],
        retcode: int,
        comment: Optional[str] = None,
        retcode_external: int = 0,
        order: int = 0,
        deal: int = 0,
        volume: float = 0.0,
        price: float = 0.0,
    ) -> Any:
        symbol = request.get("symbol", "")
        quoted = self._exists(symbol)
        fields = set(R.TradeRequest._fields)
        return R.OrderSendResult(
            retcode=retcode,
            deal=deal,
            order=order,
            volume=volume,
            price=price,
            bid=self._bid(symbol) / 100 if quoted else 0.0,
            ask=self._ask(symbol) / 100 if quoted else 0.0,
            comment=BROKER_COMMENT.get(retcode, "") if comment is None else comment,
            request_id=self.calls["order_send"],
            retcode_external=retcode_external,
            request=R.filled(R.TradeRequest, **{k: v for k, v in request.items() if k in fields}),
        )

    def _place(self, request: dict[str, Any], hidden: bool) -> Order:
        now = self.clock()
        kind = request["type"]
        limit = kind in (R.ORDER_TYPE_BUY_LIMIT, R.ORDER_TYPE_SELL_LIMIT)
        symbol = request["symbol"]
        buy = kind in BUY_TYPES
        market_cents = self._ask(symbol) if buy else self._bid(symbol)
        order = Order(
            ticket=self.next_ticket,
            symbol=symbol,
            type=kind,
            type_filling=request.get("type_filling", R.ORDER_FILLING_FOK),
            type_time=request.get("type_time", R.ORDER_TIME_GTC),
            state=R.ORDER_STATE_PLACED,
            magic=request.get("magic", 0),
            volume_initial=request["volume"],
            volume_current=request["volume"],
            price_open=request["price"] if limit else market_cents / 100,
            tp=request.get("tp", 0.0),
            comment=request.get("comment", ""),
            time_setup=now,
            visible_from=None if hidden else now,
        )
        self.next_ticket += 1
        self.orders[order.ticket] = order
        if limit:
            self._try_fill_limit(order)
        elif self.fill_delay <= 0:
            self._fill(order, order.volume_initial, market_cents)
        else:
            volume = order.volume_initial
            split = self.partial_fills and not symbol.endswith("F") and volume >= 2 * ROUND_LOT
            first = (volume // 2 // ROUND_LOT) * ROUND_LOT if split else volume
            self.fills.append(Fill(now + self.fill_delay, order.ticket, first))
            if split:
                self.fills.append(Fill(now + 2 * self.fill_delay, order.ticket, volume - first))
        return order

    def _remove(self, request: dict[str, Any]) -> Any:
        order = self.orders.get(request["order"])
        if not self.connected:
            return self._result(request, R.TRADE_RETCODE_CONNECTION)
        if order is None or order.state not in OPEN_STATES or not self._visible(order):
            return self._result(request, R.TRADE_RETCODE_INVALID_ORDER, comment="Invalid order")
        self._finish(order, R.ORDER_STATE_CANCELED)
        self._save()
        return self._result(request, R.TRADE_RETCODE_DONE, order=order.ticket)

    def _finish(self, order: Order, state: int) -> None:
        if order.state not in OPEN_STATES:
            return
        order.state = state
        order.time_done = self.clock()
        self.fills = [f for f in self.fills if f.ticket != order.ticket]

    def _advance(self) -> None:
        """Applies the fills whose time has come (there is no clock thread: every call catches up)."""
        now = self.clock()
        due = [f for f in self.fills if f.due <= now]
        if not due:
            return
        self.fills = [f for f in self.fills if f.due > now]
        for fill in sorted(due, key=lambda f: f.due):
            order = self.orders[fill.ticket]
            self._fill(order, fill.volume, self._market_cents(order))
        self._save()

    def _try_fill_limit(self, order: Order) -> None:
        if order.state not in OPEN_STATES:
            return
        limit = round(order.price_open * 100)
        ask, bid = self._ask(order.symbol), self._bid(order.symbol)
        if order.type == R.ORDER_TYPE_BUY_LIMIT and ask <= limit:
            self._fill(order, order.volume_current, ask)
        if order.type == R.ORDER_TYPE_SELL_LIMIT and bid >= limit:
            self._fill(order, order.volume_current, bid)

    def _fill(self, order: Order, volume: float, cents: int) -> None:
        if order.state not in OPEN_STATES or volume <= 0:
            return
        volume = min(volume, order.volume_current)
        now = self.clock()
        buy = order.type in BUY_TYPES
        signed = volume if buy else -volume
        position = self.positions.get(order.symbol)
        if position is None:
            position = Position(order.ticket, order.symbol, 0.0, cents, order.magic, now)
            self.positions[order.symbol] = position
        entry = R.DEAL_ENTRY_IN if position.volume == 0 or (position.volume > 0) == buy else R.DEAL_ENTRY_OUT
        self.deals.append(
            Deal(
                ticket=self.next_deal,
                order=order.ticket,
                time=now,
                type=R.DEAL_TYPE_BUY if buy else R.DEAL_TYPE_SELL,
                entry=entry,
                magic=order.magic,
                position_id=position.ticket,
                volume=volume,
                price=cents / 100,
                symbol=order.symbol,
                comment=order.comment,
                commission=-round(self.commission * 100) / 100 if self.commission else 0.0,
                # To the cent, half up as the simulator's Math.round.
                fee=-math.floor(volume * cents * self.fee_percent / 100 + 0.5) / 100 if self.fee_percent else 0.0,
            )
        )
        self.next_deal += 1
        order.position_id = position.ticket
        order.volume_current -= volume
        if order.volume_current <= 0:
            order.state = R.ORDER_STATE_FILLED
            order.time_done = now
        else:
            order.state = R.ORDER_STATE_PARTIAL
        self.margin_free_cents -= round(signed * cents)
        after = position.volume + signed
        # Netting: adding to a position averages its price; reducing keeps it; flipping starts anew.
        if position.volume == 0 or (after != 0 and (after > 0) != (position.volume > 0)):
            position.open_cents = cents
            position.ticket = order.ticket if position.volume == 0 else position.ticket
        elif abs(after) > abs(position.volume):
            position.open_cents = round((position.open_cents * abs(position.volume) + cents * volume) / abs(after))
        position.volume = after
        position.time = now

    def _trade_order(self, o: Order) -> Any:
        return R.filled(
            R.TradeOrder,
            ticket=o.ticket,
            time_setup=int(o.time_setup),
            time_setup_msc=int(o.time_setup * 1000),
            time_done=int(o.time_done),
            time_done_msc=int(o.time_done * 1000),
            type=o.type,
            type_time=o.type_time,
            type_filling=o.type_filling,
            state=o.state,
            magic=o.magic,
            position_id=o.position_id,
            reason=3,
            volume_initial=o.volume_initial,
            volume_current=o.volume_current,
            price_open=o.price_open,
            tp=o.tp,
            price_current=self._last(o.symbol) / 100,
            symbol=o.symbol,
            comment=o.comment,
        )

    def _trade_deal(self, d: Deal) -> Any:
        return R.filled(
            R.TradeDeal,
            ticket=d.ticket,
            order=d.order,
            time=int(d.time),
            time_msc=int(d.time * 1000),
            type=d.type,
            entry=d.entry,
            magic=d.magic,
            position_id=d.position_id,
            reason=3,
            volume=d.volume,
            price=d.price,
            commission=d.commission,
            fee=d.fee,
            symbol=d.symbol,
            comment=d.comment,
        )

    def _trade_position(self, p: Position) -> Any:
        return R.filled(
            R.TradePosition,
            ticket=p.ticket,
            time=int(p.time),
            time_msc=int(p.time * 1000),
            type=R.POSITION_TYPE_BUY if p.volume > 0 else R.POSITION_TYPE_SELL,
            magic=p.magic,
            identifier=p.ticket,
            reason=3,
            volume=abs(p.volume),
            price_open=p.open_cents / 100,
            price_current=self._last(p.symbol) / 100,
            symbol=p.symbol,
        )

    # ---------------------------------------------------------------- persistence (child processes)

    _PERSISTED = (
        "running",
        "can_start",
        "connected",
        "trade_allowed",
        "account_trade_allowed",
        "market_closed",
        "margin_free_cents",
        "prices",
        "modes",
        "removed",
        "selected",
        "faults",
        "refusals",
        "next_ticket",
        "next_deal",
        "fill_delay",
        "partial_fills",
        "sync_delay",
        "none_when_empty",
        "market_execution",
        "commission",
        "fee_percent",
    )

    def _save(self) -> None:
        if not self.state_path:
            return
        state = {key: getattr(self, key) for key in self._PERSISTED}
        state["order_send_calls"] = self.calls["order_send"]
        state["orders"] = [asdict(o) for o in self.orders.values()]
        state["deals"] = [asdict(d) for d in self.deals]
        state["positions"] = [asdict(p) for p in self.positions.values()]
        state["fills"] = [asdict(f) for f in self.fills]
        temporary = f"{self.state_path}.{os.getpid()}.tmp"
        with open(temporary, "w", encoding="utf-8") as out:
            json.dump(state, out)
        os.replace(temporary, self.state_path)

    def _load(self, path: str) -> None:
        with open(path, encoding="utf-8") as src:
            state = json.load(src)
        for key in self._PERSISTED:
            setattr(self, key, state[key])
        self.calls["order_send"] = state["order_send_calls"]
        self.orders = {o["ticket"]: Order(**o) for o in state["orders"]}
        self.deals = [Deal(**d) for d in state["deals"]]
        self.positions = {p["symbol"]: Position(**p) for p in state["positions"]}
        self.fills = [Fill(**f) for f in state["fills"]]
