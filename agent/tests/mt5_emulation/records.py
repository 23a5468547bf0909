"""The MetaTrader5 package's constants and named-tuple results, as its documentation shows them.

Only what the agent and the emulation use is here, with the package's names and values, so that code
written against the emulation runs unchanged against the real package.
"""

# The package's records are untyped named tuples; the agent reads them through carteira_rv_agent/mt5_types.py.
# pyright: reportUntypedNamedTuple=false

from __future__ import annotations

from collections import namedtuple
from typing import Any

# last_error() codes
RES_S_OK = 1
RES_E_FAIL = -1
RES_E_INVALID_PARAMS = -2
RES_E_NO_MEMORY = -3
RES_E_NOT_FOUND = -4
RES_E_INVALID_VERSION = -5
RES_E_AUTH_FAILED = -6
RES_E_UNSUPPORTED = -7
RES_E_AUTO_TRADING_DISABLED = -8
RES_E_INTERNAL_FAIL = -10000
RES_E_INTERNAL_FAIL_SEND = -10001
RES_E_INTERNAL_FAIL_RECEIVE = -10002
RES_E_INTERNAL_FAIL_INIT = -10003
RES_E_INTERNAL_FAIL_CONNECT = -10004
RES_E_INTERNAL_FAIL_TIMEOUT = -10005

# ENUM_TRADE_REQUEST_ACTIONS
TRADE_ACTION_DEAL = 1
TRADE_ACTION_PENDING = 5
TRADE_ACTION_SLTP = 6
TRADE_ACTION_MODIFY = 7
TRADE_ACTION_REMOVE = 8
TRADE_ACTION_CLOSE_BY = 10

# ENUM_ORDER_TYPE
ORDER_TYPE_BUY = 0
ORDER_TYPE_SELL = 1
ORDER_TYPE_BUY_LIMIT = 2
ORDER_TYPE_SELL_LIMIT = 3
ORDER_TYPE_BUY_STOP = 4
ORDER_TYPE_SELL_STOP = 5
ORDER_TYPE_BUY_STOP_LIMIT = 6
ORDER_TYPE_SELL_STOP_LIMIT = 7
ORDER_TYPE_CLOSE_BY = 8

# ENUM_ORDER_TYPE_FILLING
ORDER_FILLING_FOK = 0
ORDER_FILLING_IOC = 1
ORDER_FILLING_RETURN = 2
ORDER_FILLING_BOC = 3

# ENUM_ORDER_TYPE_TIME
ORDER_TIME_GTC = 0
ORDER_TIME_DAY = 1
ORDER_TIME_SPECIFIED = 2
ORDER_TIME_SPECIFIED_DAY = 3

# ENUM_ORDER_STATE
ORDER_STATE_STARTED = 0
ORDER_STATE_PLACED = 1
ORDER_STATE_CANCELED = 2
ORDER_STATE_PARTIAL = 3
ORDER_STATE_FILLED = 4
ORDER_STATE_REJECTED = 5
ORDER_STATE_EXPIRED = 6
ORDER_STATE_REQUEST_ADD = 7
ORDER_STATE_REQUEST_MODIFY = 8
ORDER_STATE_REQUEST_CANCEL = 9

# ENUM_DEAL_TYPE, ENUM_DEAL_ENTRY
DEAL_TYPE_BUY = 0
DEAL_TYPE_SELL = 1
DEAL_ENTRY_IN = 0
DEAL_ENTRY_OUT = 1
DEAL_ENTRY_INOUT = 2

# ENUM_POSITION_TYPE
POSITION_TYPE_BUY = 0
POSITION_TYPE_SELL = 1

# ENUM_SYMBOL_TRADE_MODE
SYMBOL_TRADE_MODE_DISABLED = 0
SYMBOL_TRADE_MODE_LONGONLY = 1
SYMBOL_TRADE_MODE_SHORTONLY = 2
SYMBOL_TRADE_MODE_CLOSEONLY = 3
SYMBOL_TRADE_MODE_FULL = 4

# ENUM_SYMBOL_TRADE_EXECUTION
SYMBOL_TRADE_EXECUTION_REQUEST = 0
SYMBOL_TRADE_EXECUTION_INSTANT = 1
SYMBOL_TRADE_EXECUTION_MARKET = 2
SYMBOL_TRADE_EXECUTION_EXCHANGE = 3

# symbol_info().filling_mode and .expiration_mode flags
SYMBOL_FILLING_FOK = 1
SYMBOL_FILLING_IOC = 2
SYMBOL_EXPIRATION_GTC = 1
SYMBOL_EXPIRATION_DAY = 2
SYMBOL_EXPIRATION_SPECIFIED = 4
SYMBOL_EXPIRATION_SPECIFIED_DAY = 8

# MqlTradeResult.retcode
TRADE_RETCODE_REQUOTE = 10004
TRADE_RETCODE_REJECT = 10006
TRADE_RETCODE_CANCEL = 10007
TRADE_RETCODE_PLACED = 10008
TRADE_RETCODE_DONE = 10009
TRADE_RETCODE_DONE_PARTIAL = 10010
TRADE_RETCODE_ERROR = 10011
TRADE_RETCODE_TIMEOUT = 10012
TRADE_RETCODE_INVALID = 10013
TRADE_RETCODE_INVALID_VOLUME = 10014
TRADE_RETCODE_INVALID_PRICE = 10015
TRADE_RETCODE_INVALID_STOPS = 10016
TRADE_RETCODE_TRADE_DISABLED = 10017
TRADE_RETCODE_MARKET_CLOSED = 10018
TRADE_RETCODE_NO_MONEY = 10019
TRADE_RETCODE_INVALID_EXPIRATION = 10022
TRADE_RETCODE_CLIENT_DISABLES_AT = 10027
TRADE_RETCODE_INVALID_FILL = 10030
TRADE_RETCODE_CONNECTION = 10031
TRADE_RETCODE_INVALID_ORDER = 10035

TerminalInfo = namedtuple(
    "TerminalInfo",
    "community_account community_connection connected dlls_allowed trade_allowed tradeapi_disabled "
    "email_enabled ftp_enabled notifications_enabled mqid build maxbars codepage ping_last "
    "community_balance retransmission company name language path data_path commondata_path",
)
AccountInfo = namedtuple(
    "AccountInfo",
    "login trade_mode leverage limit_orders margin_so_mode trade_allowed trade_expert margin_mode "
    "currency_digits fifo_close balance credit profit equity margin margin_free margin_level "
    "margin_so_call margin_so_so margin_initial margin_maintenance assets liabilities "
    "commission_blocked name server currency company",
)
SymbolInfo = namedtuple(
    "SymbolInfo",
    "custom chart_mode select visible session_deals session_buy_orders session_sell_orders volume "
    "volumehigh volumelow time digits spread spread_float ticks_bookdepth trade_calc_mode trade_mode "
    "start_time expiration_time trade_stops_level trade_freeze_level trade_exemode swap_mode "
    "swap_rollover3days margin_hedged_use_leg expiration_mode filling_mode order_mode order_gtc_mode "
    "option_mode option_right bid bidhigh bidlow ask askhigh asklow last lasthigh lastlow volume_real "
    "volumehigh_real volumelow_real option_strike point trade_tick_value trade_tick_value_profit "
    "trade_tick_value_loss trade_tick_size trade_contract_size trade_accrued_interest trade_face_value "
    "trade_liquidity_rate volume_min volume_max volume_step volume_limit swap_long swap_short "
    "margin_initial margin_maintenance session_volume session_turnover session_interest "
    "session_buy_orders_volume session_sell_orders_volume session_open session_close session_aw "
    "session_price_settlement session_price_limit_min session_price_limit_max margin_hedged "
    "price_change price_volatility price_theoretical price_greeks_delta price_greeks_theta "
    "price_greeks_gamma price_greeks_vega price_greeks_rho price_greeks_omega price_sensitivity basis "
    "category currency_base currency_profit currency_margin bank description exchange formula isin "
    "name page path",
)
Tick = namedtuple("Tick", "time bid ask last volume time_msc flags volume_real")
TradeOrder = namedtuple(
    "TradeOrder",
    "ticket time_setup time_setup_msc time_done time_done_msc time_expiration type type_time "
    "type_filling state magic position_id position_by_id reason volume_initial volume_current "
    "price_open sl tp price_current price_stoplimit symbol comment external_id",
)
TradePosition = namedtuple(
    "TradePosition",
    "ticket time time_msc time_update time_update_msc type magic identifier reason volume price_open "
    "sl tp price_current swap profit symbol comment external_id",
)
TradeDeal = namedtuple(
    "TradeDeal",
    "ticket order time time_msc type entry magic position_id reason volume price commission swap "
    "profit fee symbol comment external_id",
)
TradeRequest = namedtuple(
    "TradeRequest",
    "action magic order symbol volume price stoplimit sl tp deviation type type_filling type_time "
    "expiration comment position position_by",
)
OrderSendResult = namedtuple(
    "OrderSendResult",
    "retcode deal order volume price bid ask comment request_id retcode_external request",
)


def filled(cls: Any, **values: Any) -> Any:
    """A named tuple with every field the caller leaves out set to the package's empty value (0 or '')."""
    text_fields = {
        "company",
        "name",
        "language",
        "path",
        "data_path",
        "commondata_path",
        "server",
        "currency",
        "category",
        "currency_base",
        "currency_profit",
        "currency_margin",
        "bank",
        "description",
        "exchange",
        "formula",
        "isin",
        "page",
        "symbol",
        "comment",
        "external_id",
    }
    defaults: dict[str, Any] = {f: ("" if f in text_fields else 0) for f in cls._fields}
    defaults.update(values)
    return cls(**defaults)
