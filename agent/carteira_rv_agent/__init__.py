"""Carteira RV's MT5 agent: speaks docs/mt5-agent-protocol.md beside a MetaTrader 5 terminal."""

__version__ = "1.0.0"
