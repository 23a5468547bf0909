"""What can go wrong, in the domain's words. Each carries a message for people (in Portuguese); http_api.py alone
turns them into HTTP statuses and the protocol's error codes (docs/mt5-agent-protocol.md)."""

from __future__ import annotations


class AgentError(Exception):
    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class InvalidJson(AgentError):
    """The body is not JSON (NaN and Infinity included)."""


class InvalidRequest(AgentError):
    """A field is missing or has the wrong type or size."""


class SymbolNotFound(AgentError):
    def __init__(self, symbol: str) -> None:
        super().__init__(f"Símbolo {symbol} não existe")


class OrderNotFound(AgentError):
    def __init__(self, ticket: int) -> None:
        super().__init__(f"Ordem {ticket} não existe")


class ClientOrderIdConflict(AgentError):
    """The client_order_id was used before for an order with another symbol, side, volume, type, price or tp."""

    def __init__(self, client_order_id: str) -> None:
        super().__init__(f"O client_order_id {client_order_id} já foi usado para outra ordem")


class OrderNotCancelable(AgentError):
    def __init__(self, ticket: int, state: str) -> None:
        super().__init__(f"Ordem {ticket} já terminou ({state})")


class TerminalUnavailable(AgentError):
    """The terminal is closed, not logged in, or not answering: nothing was sent."""

    @classmethod
    def because(cls, detail: str) -> TerminalUnavailable:
        return cls(f"Terminal MT5 indisponível: {detail}")


class OutcomeInDoubt(AgentError):
    """An order may have left the terminal and cannot be found yet: it is never sent again blindly."""

    def __init__(self) -> None:
        super().__init__(
            "O resultado da ordem ainda é desconhecido; pergunte de novo com o mesmo client_order_id "
            "(ela nunca é reenviada às cegas)."
        )
