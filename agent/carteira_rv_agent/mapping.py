"""Pure translations between the protocol and the MetaTrader5 package's requests and records."""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Iterable
from typing import Optional, Union

from .mt5_types import MetaTrader5, SymbolInfo, Tick, TradeDeal, TradeOrder, TradeRequest
from .protocol import (
    DONE,
    DONE_PARTIAL,
    PLACED,
    REJECT,
    DealAnswer,
    Number,
    OrderRequest,
    OrderState,
    OrderType,
    Side,
    SymbolAnswer,
    TradeMode,
)

# Every order the agent sends starts its comment with a marker derived from its client_order_id; MT5 keeps 31
# characters of a comment, and the marker (16) comes first so that it always survives.
MARKER_PREFIX = "crv:"
COMMENT_MAX = 31

STATE_TEXT: dict[OrderState, tuple[Optional[int], str]] = {
    "placed": (PLACED, "Ordem colocada"),
    "partial": (DONE_PARTIAL, "Solicitação executada parcialmente"),
    "filled": (DONE, "Solicitação executada"),
    "canceled": (None, "Ordem cancelada"),
    "rejected": (REJECT, "Solicitação rejeitada"),
    "expired": (None, "Ordem expirada"),
}


def marker(client_order_id: str) -> str:
    """'crv:' and 12 base32 characters of the id's SHA-256: 60 bits, unique among any account's orders."""
    digest = hashlib.sha256(client_order_id.encode("utf-8")).digest()
    return MARKER_PREFIX + base64.b32encode(digest).decode("ascii")[:12]


def order_comment(mark: str, comment: str) -> str:
    return f"{mark} {comment}".strip()[:COMMENT_MAX]


def number(value: float) -> Number:
    """Volumes are whole shares: 300.0 travels as 300."""
    return int(value) if float(value).is_integer() else value


def filling_for(mt5: MetaTrader5, info: SymbolInfo) -> int:
    """B3 (exchange execution) takes ORDER_FILLING_RETURN: what does not fill at once stays on the book. Other
    execution modes refuse RETURN; there IOC (partial fills allowed) is preferred to FOK."""
    if info.trade_exemode == mt5.SYMBOL_TRADE_EXECUTION_EXCHANGE:
        return mt5.ORDER_FILLING_RETURN
    if info.filling_mode & mt5.SYMBOL_FILLING_IOC:
        return mt5.ORDER_FILLING_IOC
    if info.filling_mode & mt5.SYMBOL_FILLING_FOK:
        return mt5.ORDER_FILLING_FOK
    return mt5.ORDER_FILLING_RETURN


def time_for(mt5: MetaTrader5, info: SymbolInfo) -> int:
    """A limit order lives for the session (B3's default) when the symbol allows it, else until canceled."""
    if info.expiration_mode & mt5.SYMBOL_EXPIRATION_DAY:
        return mt5.ORDER_TIME_DAY
    return mt5.ORDER_TIME_GTC


def build_request(
    mt5: MetaTrader5, req: OrderRequest, info: SymbolInfo, tick: Optional[Tick], magic: int, mark: str
) -> TradeRequest:
    buy = req.side == "buy"
    request: TradeRequest = {
        "symbol": req.symbol,
        "volume": float(req.volume),
        "magic": magic,
        "comment": order_comment(mark, req.comment),
        "type_filling": filling_for(mt5, info),
    }
    if req.type == "market":
        quote: Union[Tick, SymbolInfo] = tick if tick is not None else info
        request["action"] = mt5.TRADE_ACTION_DEAL
        request["type"] = mt5.ORDER_TYPE_BUY if buy else mt5.ORDER_TYPE_SELL
        request["price"] = float(quote.ask if buy else quote.bid)
    else:
        request["action"] = mt5.TRADE_ACTION_PENDING
        request["type"] = mt5.ORDER_TYPE_BUY_LIMIT if buy else mt5.ORDER_TYPE_SELL_LIMIT
        request["price"] = float(req.price or 0.0)
        request["type_time"] = time_for(mt5, info)
    # The product sets a target only on buys; a sell closes (part of) a position and carries none.
    if buy and req.tp is not None:
        request["tp"] = float(req.tp)
    return request


def trade_mode(mt5: MetaTrader5, mode: int) -> TradeMode:
    names: tuple[tuple[int, TradeMode], ...] = (
        (mt5.SYMBOL_TRADE_MODE_DISABLED, "disabled"),
        (mt5.SYMBOL_TRADE_MODE_LONGONLY, "long_only"),
        (mt5.SYMBOL_TRADE_MODE_SHORTONLY, "short_only"),
        (mt5.SYMBOL_TRADE_MODE_CLOSEONLY, "close_only"),
        (mt5.SYMBOL_TRADE_MODE_FULL, "full"),
    )
    for constant, name in names:
        if constant == mode:
            return name
    return "disabled"


def symbol_answer(mt5: MetaTrader5, info: SymbolInfo, tick: Optional[Tick]) -> SymbolAnswer:
    quote: Union[Tick, SymbolInfo] = tick if tick is not None else info
    return {
        "name": info.name,
        "trade_mode": trade_mode(mt5, info.trade_mode),
        "volume_min": number(info.volume_min),
        "volume_max": number(info.volume_max),
        "volume_step": number(info.volume_step),
        "tick_size": info.trade_tick_size,
        "bid": quote.bid,
        "ask": quote.ask,
        "last": quote.last,
    }


def side_of(mt5: MetaTrader5, order_type: int) -> Optional[Side]:
    if order_type in (mt5.ORDER_TYPE_BUY, mt5.ORDER_TYPE_BUY_LIMIT):
        return "buy"
    if order_type in (mt5.ORDER_TYPE_SELL, mt5.ORDER_TYPE_SELL_LIMIT):
        return "sell"
    return None


def type_of(mt5: MetaTrader5, order_type: int) -> Optional[OrderType]:
    if order_type in (mt5.ORDER_TYPE_BUY, mt5.ORDER_TYPE_SELL):
        return "market"
    if order_type in (mt5.ORDER_TYPE_BUY_LIMIT, mt5.ORDER_TYPE_SELL_LIMIT):
        return "limit"
    return None


def terminal_state(mt5: MetaTrader5, order: TradeOrder, in_history: bool) -> OrderState:
    """ORDER_STATE_* as the protocol names it. An order in the history is finished: PARTIAL there means the
    rest was canceled; a request still being processed counts as placed (or partial)."""
    state = order.state
    if state == mt5.ORDER_STATE_FILLED:
        return "filled"
    if state == mt5.ORDER_STATE_CANCELED:
        return "canceled"
    if state == mt5.ORDER_STATE_REJECTED:
        return "rejected"
    if state == mt5.ORDER_STATE_EXPIRED:
        return "expired"
    if in_history:
        return "canceled"
    return "partial" if order.volume_current < order.volume_initial else "placed"


def executions(mt5: MetaTrader5, ticket: int, deals: Iterable[TradeDeal]) -> list[TradeDeal]:
    """The order's own buy and sell deals (a position's list holds other orders' deals too)."""
    return [d for d in deals if d.order == ticket and d.type in (mt5.DEAL_TYPE_BUY, mt5.DEAL_TYPE_SELL)]


def fills(mine: list[TradeDeal]) -> tuple[float, Optional[float]]:
    """Filled volume and volume-weighted price (4 decimals) of the order's deals."""
    volume = sum(d.volume for d in mine)
    if not volume:
        return 0.0, None
    return volume, round(sum(d.volume * d.price for d in mine) / volume, 4)


def deal_answers(mine: list[TradeDeal]) -> list[DealAnswer]:
    """Each deal with its costs as MT5 reports them (DEAL_COMMISSION, DEAL_FEE: negative for a charge); the
    server records them as the operation's costs."""
    return [
        {
            "ticket": d.ticket,
            "volume": number(d.volume),
            "price": d.price,
            "commission": d.commission,
            "fee": d.fee,
        }
        for d in mine
    ]


def reported_state(state: OrderState, order: TradeOrder, deal_volume: float) -> OrderState:
    """The state the caller may act on. The terminal updates an order before its deals arrive; a final state
    whose fills the deals do not yet account for is reported as still in progress, so that the caller asks
    again instead of recording a fill it cannot price."""
    claimed = order.volume_initial - order.volume_current
    lagging = deal_volume < claimed and (state in ("filled", "partial") or 0 < claimed < order.volume_initial)
    if state == "filled" and deal_volume < order.volume_initial:
        lagging = True
    if not lagging:
        return state
    return "partial" if deal_volume > 0 else "placed"
