"""A stateful emulation of the MetaTrader5 package, importable in its place: `--mt5-module tests.mt5_emulation`.

As a module it drives one terminal built from the environment (Terminal.from_env): MT5_EMULATION_CONFIG (JSON
options, e.g. {"fill_delay": 0.02, "faults": ["crash_after_send"]}), MT5_EMULATION_STATE (a file that keeps the
terminal across agent restarts) and MT5_EMULATION_CONTROL_PORT (a loopback port for test controls; 0 picks
one, announced on stderr as {"event": "emulation_control", "port": N}). In-process tests build their own
Terminal and wrap it in EmulatedMT5.
"""

from __future__ import annotations

import json
import os
import sys

from .api import EmulatedMT5
from .records import *  # noqa: F403 - the package's constants, as `MetaTrader5.*`
from .terminal import FAULTS, SimulatedCrash, Terminal

__all__ = ["FAULTS", "EmulatedMT5", "SimulatedCrash", "Terminal"]

terminal = Terminal.from_env()
initialize = terminal.initialize
shutdown = terminal.shutdown
last_error = terminal.last_error
version = terminal.version
terminal_info = terminal.terminal_info
account_info = terminal.account_info
symbol_info = terminal.symbol_info
symbol_info_tick = terminal.symbol_info_tick
symbol_select = terminal.symbol_select
order_send = terminal.order_send
orders_get = terminal.orders_get
history_orders_get = terminal.history_orders_get
history_deals_get = terminal.history_deals_get
positions_get = terminal.positions_get

if os.environ.get("MT5_EMULATION_CONTROL_PORT") is not None:
    from .control import serve

    _server, _port = serve(terminal, int(os.environ["MT5_EMULATION_CONTROL_PORT"]))
    sys.stderr.write(json.dumps({"event": "emulation_control", "port": _port}) + "\n")
    sys.stderr.flush()
