"""Every call to the MetaTrader5 package goes through here, under one lock with its last_error().

The package keeps one global connection and one global error state, and is not thread-safe: a call and the
last_error() that explains it must not interleave with another thread's calls.
"""

from __future__ import annotations

import threading
from contextlib import contextmanager
from typing import Any, Iterator, Optional, Tuple

from .protocol import unavailable

RES_S_OK = 1
RES_E_NOT_FOUND = -4


class Session:
    """Calls made while holding the terminal lock; `error` is last_error() after the latest call that failed."""

    def __init__(self, mt5: Any) -> None:
        self.mt5 = mt5
        self.error: Tuple[int, str] = (RES_S_OK, "Success")

    def call(self, name: str, *args: Any, **kwargs: Any) -> Any:
        value = getattr(self.mt5, name)(*args, **kwargs)
        self.error = tuple(self.mt5.last_error()) if value is None or value is False else (RES_S_OK, "Success")
        return value

    def listing(self, name: str, *args: Any, **kwargs: Any) -> Optional[Tuple[Any, ...]]:
        """A tuple of records, () when there are none, None when the terminal could not answer.

        The package answers "nothing found" either with an empty tuple or with None and a last_error() of
        success or not-found; any other error means the question went unanswered.
        """
        value = self.call(name, *args, **kwargs)
        if value is not None:
            return tuple(value)
        ok = getattr(self.mt5, "RES_S_OK", RES_S_OK), getattr(self.mt5, "RES_E_NOT_FOUND", RES_E_NOT_FOUND)
        return () if self.error[0] in ok else None

    def require(self, name: str, *args: Any, **kwargs: Any) -> Any:
        """A call that must answer: None means the terminal is not there (503)."""
        value = self.call(name, *args, **kwargs)
        if value is None:
            raise unavailable(f"{name}() falhou {self.error}")
        return value

    def require_listing(self, name: str, *args: Any, **kwargs: Any) -> Tuple[Any, ...]:
        value = self.listing(name, *args, **kwargs)
        if value is None:
            raise unavailable(f"{name}() falhou {self.error}")
        return value


class Gateway:
    def __init__(self, mt5: Any, lock_timeout: float = 10.0) -> None:
        self.mt5 = mt5
        self._lock = threading.Lock()
        self._lock_timeout = lock_timeout

    @contextmanager
    def session(self, timeout: Optional[float] = None) -> Iterator[Session]:
        """Holds the terminal for a sequence of calls; 503 when a hung call keeps it longer than the timeout."""
        if not self._lock.acquire(timeout=self._lock_timeout if timeout is None else timeout):
            raise unavailable("o terminal não responde (outra chamada em andamento)")
        try:
            yield Session(self.mt5)
        finally:
            self._lock.release()
