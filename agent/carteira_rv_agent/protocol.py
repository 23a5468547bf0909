"""The wire side of docs/mt5-agent-protocol.md: request validation, error answers, retcode texts."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Dict, Optional

MAX_BODY = 64 * 1024

PLACED, DONE, DONE_PARTIAL = 10008, 10009, 10010
REJECT, TIMEOUT, INVALID, CLIENT_DISABLES_AT, CONNECTION = 10006, 10012, 10013, 10027, 10031
ACCEPTED = frozenset({PLACED, DONE, DONE_PARTIAL})
# The request may have left the terminal: the outcome is unknown and is never stored as an answer.
UNCERTAIN = frozenset({TIMEOUT, CONNECTION})

RETCODE_DESC: Dict[int, str] = {
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


class ApiError(Exception):
    """An answer other than 2xx: {error, message}."""

    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message


def unavailable(detail: str) -> ApiError:
    return ApiError(503, "terminal_unavailable", f"Terminal MT5 indisponível: {detail}")


def in_doubt() -> ApiError:
    return ApiError(
        503,
        "em_duvida",
        "O resultado da ordem ainda é desconhecido; pergunte de novo com o mesmo client_order_id "
        "(ela nunca é reenviada às cegas).",
    )


def dumps(value: Any) -> bytes:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def error_body(code: str, message: str) -> bytes:
    return dumps({"error": code, "message": message})


def _refuse_constant(name: str) -> Any:
    raise ValueError(name)


def parse_json(raw: bytes) -> Any:
    """JSON as JavaScript reads it: NaN and Infinity are not JSON."""
    try:
        return json.loads(raw.decode("utf-8"), parse_constant=_refuse_constant)
    except (UnicodeDecodeError, ValueError):
        raise ApiError(400, "invalid_json", "O corpo não é um JSON válido") from None


@dataclass(frozen=True)
class OrderRequest:
    client_order_id: str
    symbol: str
    side: str
    volume: int
    type: str
    price: Optional[float]
    tp: Optional[float]
    comment: str

    def identity(self) -> str:
        """What makes two sends of one client_order_id the same order (the comment does not)."""
        return json.dumps(
            [self.symbol, self.side, self.volume, self.type, self.price, self.tp], separators=(",", ":")
        )


def _invalid(field: str, reason: str) -> ApiError:
    return ApiError(400, "invalid_request", f"{field}: {reason}")


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _text(body: Dict[str, Any], field: str, low: int, high: int) -> str:
    value = body.get(field)
    if not isinstance(value, str):
        raise _invalid(field, "texto obrigatório")
    if not low <= len(value) <= high:
        raise _invalid(field, f"de {low} a {high} caracteres")
    return value


def _optional_price(body: Dict[str, Any], field: str) -> Optional[float]:
    value = body.get(field)
    if value is None:
        return None
    if not _is_number(value) or not value > 0:
        raise _invalid(field, "número positivo")
    return float(value)


def parse_order(body: Any) -> OrderRequest:
    """A POST /orders body, as the server's PlaceOrderRequestSchema defines it; unknown fields are ignored."""
    if not isinstance(body, dict):
        raise _invalid("body", "objeto JSON esperado")
    client_order_id = _text(body, "client_order_id", 1, 64)
    symbol = _text(body, "symbol", 1, 32)
    side = body.get("side")
    if side not in ("buy", "sell"):
        raise _invalid("side", "buy | sell")
    volume = body.get("volume")
    if not _is_number(volume) or not float(volume).is_integer() or not volume > 0:
        raise _invalid("volume", "inteiro positivo (ações)")
    kind = body.get("type")
    if kind not in ("market", "limit"):
        raise _invalid("type", "market | limit")
    price = _optional_price(body, "price")
    tp = _optional_price(body, "tp")
    comment = body.get("comment", "")
    if comment is None:
        comment = ""
    if not isinstance(comment, str) or len(comment) > 64:
        raise _invalid("comment", "texto de até 64 caracteres")
    if kind == "limit" and price is None:
        raise _invalid("price", "price is required for limit orders")
    return OrderRequest(client_order_id, symbol, side, int(volume), kind, price, tp, comment)
