"""Every call to the MetaTrader5 package goes through here, under one lock with its last_error().

The package keeps one global connection and one global error state, and is not thread-safe: a call and the
last_error() that explains it must not interleave with another thread's calls.
"""

from __future__ import annotations

import threading
from collections.abc import Generator
from contextlib import contextmanager
from typing import Optional, TypeVar

from .errors import TerminalUnavailable
from .mt5_types import (
    AccountInfo,
    MetaTrader5,
    OrderSendResult,
    SymbolInfo,
    TerminalInfo,
    Tick,
    TradeDeal,
    TradeOrder,
    TradePosition,
    TradeRequest,
)

# last_error()'s codes, as documented, for a package that would not export them.
RES_S_OK = 1
RES_E_NOT_FOUND = -4

T = TypeVar("T")
Record = TypeVar("Record")


def _failed(value: object) -> bool:
    return value is None or value is False


class Session:
    """Calls made while holding the terminal lock; `error` is last_error() after the latest call that failed."""

    def __init__(self, mt5: MetaTrader5) -> None:
        self.mt5 = mt5
        self.error: tuple[int, str] = (RES_S_OK, "Success")

    def _track(self, value: T) -> T:
        """The value of the call just made; a failed call (None or False) keeps its last_error()."""
        self.error = self.mt5.last_error() if _failed(value) else (RES_S_OK, "Success")
        return value

    def _listing(self, value: Optional[tuple[Record, ...]]) -> Optional[tuple[Record, ...]]:
        """A tuple of records, () when there are none, None when the terminal could not answer.

        The package answers "nothing found" either with an empty tuple or with None and a last_error() of
        success or not-found; any other error means the question went unanswered.
        """
        self._track(value)
        if value is not None:
            return tuple(value)
        ok = getattr(self.mt5, "RES_S_OK", RES_S_OK), getattr(self.mt5, "RES_E_NOT_FOUND", RES_E_NOT_FOUND)
        return () if self.error[0] in ok else None

    def require(self, value: Optional[T], call: str) -> T:
        """The value of a call that must answer: None means the terminal is not there."""
        if value is None:
            raise TerminalUnavailable.because(f"{call}() falhou {self.error}")
        return value

    def initialize(self, path: Optional[str]) -> bool:
        return self._track(self.mt5.initialize(path=path) if path else self.mt5.initialize())

    def shutdown(self) -> None:
        self._track(self.mt5.shutdown())

    def terminal_info(self) -> Optional[TerminalInfo]:
        return self._track(self.mt5.terminal_info())

    def account_info(self) -> Optional[AccountInfo]:
        return self._track(self.mt5.account_info())

    def symbol_info(self, symbol: str) -> Optional[SymbolInfo]:
        return self._track(self.mt5.symbol_info(symbol))

    def symbol_info_tick(self, symbol: str) -> Optional[Tick]:
        return self._track(self.mt5.symbol_info_tick(symbol))

    def symbol_select(self, symbol: str) -> bool:
        return self._track(self.mt5.symbol_select(symbol, True))

    def order_send(self, request: TradeRequest) -> Optional[OrderSendResult]:
        return self._track(self.mt5.order_send(request))

    def orders(self) -> Optional[tuple[TradeOrder, ...]]:
        return self._listing(self.mt5.orders_get())

    def order(self, ticket: int) -> Optional[tuple[TradeOrder, ...]]:
        return self._listing(self.mt5.orders_get(ticket=ticket))

    def history_orders(self, date_from: int, date_to: int) -> Optional[tuple[TradeOrder, ...]]:
        return self._listing(self.mt5.history_orders_get(date_from, date_to))

    def history_order(self, ticket: int) -> Optional[tuple[TradeOrder, ...]]:
        return self._listing(self.mt5.history_orders_get(ticket=ticket))

    def deals_of_order(self, ticket: int) -> Optional[tuple[TradeDeal, ...]]:
        return self._listing(self.mt5.history_deals_get(ticket=ticket))

    def deals_of_position(self, position: int) -> Optional[tuple[TradeDeal, ...]]:
        return self._listing(self.mt5.history_deals_get(position=position))

    def positions(self) -> Optional[tuple[TradePosition, ...]]:
        return self._listing(self.mt5.positions_get())


class Gateway:
    def __init__(self, mt5: MetaTrader5, lock_timeout: float) -> None:
        self.mt5 = mt5
        self._lock = threading.Lock()
        self._lock_timeout = lock_timeout

    @contextmanager
    def session(self, timeout: Optional[float] = None) -> Generator[Session, None, None]:
        """Holds the terminal for a sequence of calls; unavailable when a hung call keeps it past the timeout."""
        if not self._lock.acquire(timeout=self._lock_timeout if timeout is None else timeout):
            raise TerminalUnavailable.because("o terminal não responde (outra chamada em andamento)")
        try:
            yield Session(self.mt5)
        finally:
            self._lock.release()
