"""The order journal: client_order_id → request, answer, in one SQLite file on the VM.

Every write is its own transaction in WAL mode with synchronous=FULL, so a row is on disk before the agent
goes on: the "pending" row before order_send, the answer before the reply. The file is locked exclusively
while the agent runs, so that a second agent started by mistake cannot send the same orders.
"""

from __future__ import annotations

import sqlite3
import threading
from dataclasses import dataclass
from typing import Literal, Optional

from .protocol import OrderRequest

SCHEMA = """
create table if not exists orders (
  client_order_id text primary key,
  request text not null,
  marker text not null,
  state text not null check (state in ('pending', 'answered')),
  answer blob,
  ticket integer,
  comment text,
  retcode_external integer,
  created_at real not null,
  attempted_at real,
  attempts integer not null default 0,
  updated_at real not null
);
create index if not exists orders_ticket on orders (ticket);
"""


# pending: recorded before order_send, the outcome not known yet; answered: the answer given, kept for good.
EntryState = Literal["pending", "answered"]


class JournalLocked(Exception):
    """Another agent holds the journal."""


@dataclass(frozen=True)
class Entry:
    client_order_id: str
    request: str
    marker: str
    state: EntryState
    answer: Optional[bytes]
    ticket: Optional[int]
    comment: Optional[str]
    retcode_external: Optional[int]
    created_at: float
    attempted_at: Optional[float]
    attempts: int


class Journal:
    def __init__(self, path: str, busy_timeout: float) -> None:
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, timeout=busy_timeout, isolation_level=None, check_same_thread=False)
        try:
            self._db.execute("pragma locking_mode = exclusive")
            self._db.execute("pragma journal_mode = wal")
            self._db.execute("pragma synchronous = full")
            self._db.executescript(SCHEMA)
        except sqlite3.OperationalError as err:
            self._db.close()
            if "locked" in str(err):
                raise JournalLocked(f"o diário {path} está em uso por outro agente") from None
            raise

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def pragma(self, name: str) -> object:
        with self._lock:
            return self._db.execute(f"pragma {name}").fetchone()[0]

    def _one(self, where: str, value: object) -> Optional[Entry]:
        with self._lock:
            row = self._db.execute(
                "select client_order_id, request, marker, state, answer, ticket, comment, retcode_external, "
                f"created_at, attempted_at, attempts from orders where {where} = ? order by created_at limit 1",
                (value,),
            ).fetchone()
        return Entry(*row) if row else None

    def get(self, client_order_id: str) -> Optional[Entry]:
        return self._one("client_order_id", client_order_id)

    def by_ticket(self, ticket: int) -> Optional[Entry]:
        return self._one("ticket", ticket)

    def pending(self) -> list[str]:
        with self._lock:
            rows = self._db.execute("select client_order_id from orders where state = 'pending'").fetchall()
        return [r[0] for r in rows]

    def begin(self, request: OrderRequest, marker: str, now: float) -> None:
        """Recorded right before order_send: from here on, the order may exist in the terminal."""
        with self._lock:
            self._db.execute(
                "insert into orders (client_order_id, request, marker, state, created_at, attempted_at, attempts, "
                "updated_at) values (?, ?, ?, 'pending', ?, ?, 1, ?)",
                (request.client_order_id, request.identity(), marker, now, now, now),
            )

    def attempt(self, client_order_id: str, now: float) -> None:
        """Another order_send for a pending order proven absent from the terminal."""
        with self._lock:
            self._db.execute(
                "update orders set attempted_at = ?, attempts = attempts + 1, updated_at = ? "
                "where client_order_id = ? and state = 'pending'",
                (now, now, client_order_id),
            )

    def answer(
        self,
        request: OrderRequest,
        marker: str,
        body: bytes,
        ticket: Optional[int],
        comment: Optional[str],
        retcode_external: Optional[int],
        now: float,
    ) -> None:
        """The final answer for this client_order_id, written before it is sent to the caller."""
        with self._lock:
            self._db.execute(
                "insert into orders (client_order_id, request, marker, state, answer, ticket, comment, "
                "retcode_external, created_at, updated_at) values (?, ?, ?, 'answered', ?, ?, ?, ?, ?, ?) "
                "on conflict (client_order_id) do update set state = 'answered', answer = excluded.answer, "
                "ticket = excluded.ticket, comment = excluded.comment, "
                "retcode_external = excluded.retcode_external, updated_at = excluded.updated_at",
                (
                    request.client_order_id,
                    request.identity(),
                    marker,
                    body,
                    ticket,
                    comment,
                    retcode_external,
                    now,
                    now,
                ),
            )
