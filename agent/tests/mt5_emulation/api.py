"""EmulatedMT5: an object shaped like the MetaTrader5 module (constants and functions) over one Terminal."""

from __future__ import annotations

from . import records
from .terminal import Terminal


class EmulatedMT5:
    """What `import MetaTrader5 as mt5` gives, bound to one emulated terminal (several can coexist in a test).
    Its constants are set from records.py, as the package's are: they have no static types here, and
    tests/test_emulation.py checks that every name the agent reads is present."""

    def __init__(self, terminal: Terminal) -> None:
        self.terminal = terminal
        for name in dir(records):
            if name.isupper():
                setattr(self, name, getattr(records, name))
        self.initialize = terminal.initialize
        self.shutdown = terminal.shutdown
        self.last_error = terminal.last_error
        self.version = terminal.version
        self.terminal_info = terminal.terminal_info
        self.account_info = terminal.account_info
        self.symbol_info = terminal.symbol_info
        self.symbol_info_tick = terminal.symbol_info_tick
        self.symbol_select = terminal.symbol_select
        self.order_send = terminal.order_send
        self.orders_get = terminal.orders_get
        self.history_orders_get = terminal.history_orders_get
        self.history_deals_get = terminal.history_deals_get
        self.positions_get = terminal.positions_get
