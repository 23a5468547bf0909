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

from . import records
from .api import FUNCTIONS, EmulatedMT5
from .records import *  # noqa: F401,F403 - the package's constants, as `MetaTrader5.*`
from .terminal import FAULTS, SimulatedCrash, Terminal

__all__ = [name for name in dir(records) if name.isupper()] + [
    "EmulatedMT5",
    "FAULTS",
    "SimulatedCrash",
    "Terminal",
    *FUNCTIONS,
]

terminal = Terminal.from_env()
_module = EmulatedMT5(terminal)
initialize = _module.initialize
shutdown = _module.shutdown
last_error = _module.last_error
version = _module.version
terminal_info = _module.terminal_info
account_info = _module.account_info
symbol_info = _module.symbol_info
symbol_info_tick = _module.symbol_info_tick
symbol_select = _module.symbol_select
order_send = _module.order_send
orders_get = _module.orders_get
history_orders_get = _module.history_orders_get
history_deals_get = _module.history_deals_get
positions_get = _module.positions_get

if os.environ.get("MT5_EMULATION_CONTROL_PORT") is not None:
    from .control import serve

    _server, _port = serve(terminal, int(os.environ["MT5_EMULATION_CONTROL_PORT"]))
    sys.stderr.write(json.dumps({"event": "emulation_control", "port": _port}) + "\n")
    sys.stderr.flush()
