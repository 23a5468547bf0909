"""The emulation stands in for the MetaTrader5 package: it must offer everything the agent reads of it
(carteira_rv_agent/mt5_types.py), or the tests would pass against a shape the package does not have."""

from __future__ import annotations

import unittest

from carteira_rv_agent import mt5_types as types

from . import mt5_emulation
from .mt5_emulation import EmulatedMT5, Terminal
from .mt5_emulation import records as R  # noqa: N812 - the package's names read R.X, as mt5.X

RECORDS = {
    types.TerminalInfo: R.TerminalInfo,
    types.AccountInfo: R.AccountInfo,
    types.SymbolInfo: R.SymbolInfo,
    types.Tick: R.Tick,
    types.TradeOrder: R.TradeOrder,
    types.TradeDeal: R.TradeDeal,
    types.TradePosition: R.TradePosition,
    types.OrderSendResult: R.OrderSendResult,
}


def fields_read(protocol: type) -> set[str]:
    """The record fields a protocol of mt5_types.py declares (its read-only properties, its bases' too)."""
    return {name for cls in protocol.__mro__ for name, value in vars(cls).items() if isinstance(value, property)}


def names_read(protocol: type) -> set[str]:
    """The constants (properties) and functions the MetaTrader5 protocol declares."""
    members = vars(protocol).items()
    return {
        name for name, value in members if not name.startswith("_") and (callable(value) or isinstance(value, property))
    }


class EmulationTest(unittest.TestCase):
    def test_the_module_and_emulated_mt5_offer_every_name_the_agent_reads(self) -> None:
        # Checked statically too: pyright matches the module against the protocol, signature by signature.
        package: types.MetaTrader5 = mt5_emulation
        names = names_read(types.MetaTrader5)
        self.assertIn("order_send", names)
        self.assertIn("ORDER_TYPE_BUY", names)
        for emulated in (package, EmulatedMT5(Terminal())):
            with self.subTest(emulated=type(emulated).__name__):
                self.assertEqual({n for n in names if not hasattr(emulated, n)}, set())
                self.assertIsInstance(emulated, types.MetaTrader5)

    def test_the_emulated_records_carry_every_field_the_agent_reads(self) -> None:
        for protocol, record in RECORDS.items():
            with self.subTest(record=record.__name__):
                read = fields_read(protocol)
                self.assertTrue(read)
                self.assertEqual(read - set(record._fields), set())


if __name__ == "__main__":
    unittest.main()
