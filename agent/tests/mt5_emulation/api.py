"""EmulatedMT5: an object shaped like the MetaTrader5 module (constants and functions) over one Terminal."""

from __future__ import annotations

from . import records
from .terminal import Terminal

FUNCTIONS = (
    "initialize",
    "shutdown",
    "last_error",
    "version",
    "terminal_info",
    "account_info",
    "symbol_info",
    "symbol_info_tick",
    "symbol_select",
    "order_send",
    "orders_get",
    "history_orders_get",
    "history_deals_get",
    "positions_get",
)


class EmulatedMT5:
    """What `import MetaTrader5 as mt5` gives, bound to one emulated terminal (several can coexist in a test)."""

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal
        for name in dir(records):
            if name.isupper():
                setattr(self, name, getattr(records, name))
        for name in FUNCTIONS:
            setattr(self, name, getattr(terminal, name))
