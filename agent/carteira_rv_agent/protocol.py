"""The wire side of docs/mt5-agent-protocol.md: the answers' shapes, request validation, retcode texts."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal, NoReturn, Optional, TypedDict, Union, cast

from .errors import InvalidJson, InvalidRequest

MAX_BODY = 64 * 1024

PLACED, DONE, DONE_PARTIAL = 10008, 10009, 10010
REJECT, TIMEOUT, INVALID, CLIENT_DISABLES_AT, CONNECTION = 10006, 10012, 10013, 10027, 10031
ACCEPTED = frozenset({PLACED, DONE, DONE_PARTIAL})
# The request may have left the terminal: the outcome is unknown and is never stored as an answer.
UNCERTAIN = frozenset({TIMEOUT, CONNECTION})

Side = Literal["buy", "sell"]
OrderType = Literal["market", "limit"]
OrderState = Literal["placed", "partial", "filled", "canceled", "rejected", "expired"]
TradeMode = Literal["disabled", "long_only", "short_only", "close_only", "full"]
# The `error` of a non-2xx answer: wire identifiers, in English like every field name.
ErrorCode = Literal[
    "invalid_json",
    "invalid_request",
    "unauthorized",
    "not_found",
    "symbol_not_found",
    "order_not_found",
    "client_order_id_conflict",
    "order_not_cancelable",
    "too_large",
    "internal",
    "terminal_unavailable",
    "em_duvida",
]
# Volumes are whole shares: 300.0 travels as 300.
Number = Union[int, float]

RETCODE_DESC: dict[int, str] = {
    10004: "Recotação",
    REJECT: "Solicitação rejeitada",
    10007: "Solicitação cancelada pelo operador",
    PLACED: "Ordem colocada",
    DONE: "Solicitação executada",
    DONE_PARTIAL: "Solicitação executada parcialmente",
    10011: "Erro ao processar a solicitação",
    TIMEOUT: "Tempo esgotado: resultado desconhecido",
    INVALID: "Solicitação inválida",
    10014: "Volume inválido",
    10015: "Preço inválido",
    10016: "Take profit inválido",
    10017: "Negociação desabilitada para o ativo",
    10018: "Mercado fechado",
    10019: "Margem livre insuficiente",
    10022: "Validade da ordem inválida",
    CLIENT_DISABLES_AT: "AutoTrading desabilitado no terminal",
    10030: "Tipo de preenchimento não suportado",
    CONNECTION: "Sem conexão com o servidor de negociação",
    10035: "Ordem inválida",
}


def describe(retcode: int) -> str:
    return RETCODE_DESC.get(retcode, f"Recusada (retcode {retcode})")


class HealthAccount(TypedDict):
    login: int
    currency: str
    margin_free: float


class HealthTerminal(TypedDict):
    name: str
    build: int


class HealthAnswer(TypedDict):
    connected: bool
    trade_allowed: bool
    account: HealthAccount
    terminal: HealthTerminal
    connected_since: Optional[str]


class SymbolAnswer(TypedDict):
    name: str
    trade_mode: TradeMode
    volume_min: Number
    volume_max: Number
    volume_step: Number
    tick_size: float
    bid: float
    ask: float
    last: float


class PositionAnswer(TypedDict):
    symbol: str
    # Negative for a short position.
    volume: Number
    price_open: float


class PlaceAnswer(TypedDict):
    """POST /orders and DELETE /orders/{ticket}: the terminal's answer to the request."""

    ticket: Optional[int]
    retcode: int
    retcode_desc: str
    comment: Optional[str]
    retcode_external: Optional[int]


class DealAnswer(TypedDict):
    """One deal of an order (history_deals_get): commission and fee as MT5 reports them, negative for a cost."""

    ticket: int
    volume: Number
    price: float
    commission: float
    fee: float


class OrderAnswer(TypedDict):
    """GET /orders/{ticket}. client_order_id, side and type are left out of the JSON when unknown (an order the
    agent did not send, an order type it does not map): see order_json."""

    ticket: int
    client_order_id: Optional[str]
    symbol: str
    side: Optional[Side]
    type: Optional[OrderType]
    state: OrderState
    volume_initial: Number
    volume_filled: Number
    price_avg: Optional[float]
    deals: list[DealAnswer]
    retcode: Optional[int]
    retcode_desc: str
    comment: Optional[str]
    retcode_external: Optional[int]


OMITTED_WHEN_UNKNOWN = ("client_order_id", "side", "type")


def dumps(value: object) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def order_json(answer: OrderAnswer) -> bytes:
    return dumps({k: v for k, v in answer.items() if v is not None or k not in OMITTED_WHEN_UNKNOWN})


def error_body(code: ErrorCode, message: str) -> bytes:
    return dumps({"error": code, "message": message})


def _refuse_constant(name: str) -> NoReturn:
    raise ValueError(name)


def parse_json(raw: bytes) -> object:
    """JSON as JavaScript reads it: NaN and Infinity are not JSON."""
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except (UnicodeDecodeError, ValueError):
        raise InvalidJson("O corpo não é um JSON válido") from None


@dataclass(frozen=True)
class OrderRequest:
    client_order_id: str
    symbol: str
    side: Side
    volume: int
    type: OrderType
    price: Optional[float]
    tp: Optional[float]
    comment: str

    def identity(self) -> str:
        """What makes two sends of one client_order_id the same order (the comment does not)."""
        return json.dumps([self.symbol, self.side, self.volume, self.type, self.price, self.tp], separators=(",", ":"))


def _invalid(field: str, reason: str) -> InvalidRequest:
    return InvalidRequest(f"{field}: {reason}")


def _number(value: object) -> Union[int, float, None]:
    """A JSON number (a boolean is not one), else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    return value


def _text(body: dict[str, Any], field: str, low: int, high: int) -> str:
    value = body.get(field)
    if not isinstance(value, str):
        raise _invalid(field, "texto obrigatório")
    if not low <= len(value) <= high:
        raise _invalid(field, f"de {low} a {high} caracteres")
    return value


def _optional_price(body: dict[str, Any], field: str) -> Optional[float]:
    value = body.get(field)
    if value is None:
        return None
    price = _number(value)
    if price is None or not price > 0:
        raise _invalid(field, "número positivo")
    return float(price)


def _side(value: object) -> Side:
    if value == "buy":
        return "buy"
    if value == "sell":
        return "sell"
    raise _invalid("side", "buy | sell")


def _order_type(value: object) -> OrderType:
    if value == "market":
        return "market"
    if value == "limit":
        return "limit"
    raise _invalid("type", "market | limit")


def parse_order(body: object) -> OrderRequest:
    """A POST /orders body, as the server's PlaceOrderRequestSchema defines it; unknown fields are ignored."""
    if not isinstance(body, dict):
        raise _invalid("body", "objeto JSON esperado")
    fields = cast("dict[str, Any]", body)  # a JSON object: its keys are strings
    client_order_id = _text(fields, "client_order_id", 1, 64)
    symbol = _text(fields, "symbol", 1, 32)
    side = _side(fields.get("side"))
    volume = _number(fields.get("volume"))
    if volume is None or not float(volume).is_integer() or not volume > 0:
        raise _invalid("volume", "inteiro positivo (ações)")
    kind = _order_type(fields.get("type"))
    price = _optional_price(fields, "price")
    tp = _optional_price(fields, "tp")
    comment = fields.get("comment", "")
    if comment is None:
        comment = ""
    if not isinstance(comment, str) or len(comment) > 64:
        raise _invalid("comment", "texto de até 64 caracteres")
    if kind == "limit" and price is None:
        raise _invalid("price", "obrigatório em ordem limit")
    return OrderRequest(client_order_id, symbol, side, int(volume), kind, price, tp, comment)
