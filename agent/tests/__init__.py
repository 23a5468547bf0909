"""Tests of the Carteira RV MT5 agent (unittest only), and the MetaTrader5 emulation they run against."""
