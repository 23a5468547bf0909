"""JSON-lines logs: one object per line, no secrets (headers and bodies are never logged)."""

from __future__ import annotations

import json
import logging
import logging.handlers
import sys
from datetime import datetime, timezone
from typing import Any, Optional, TextIO

LOGGER_NAME = "carteira_rv_agent"


class JsonFormatter(logging.Formatter):
    def __init__(self, secret: Optional[str] = None) -> None:
        super().__init__()
        self._secret = secret

    def format(self, record: logging.LogRecord) -> str:
        entry = {
            "ts": datetime.fromtimestamp(record.created, timezone.utc).isoformat(timespec="milliseconds")[:-6] + "Z",
            "level": record.levelname.lower(),
            "event": record.getMessage(),
        }
        entry.update(getattr(record, "fields", {}))
        if record.exc_info:
            entry["error"] = self.formatException(record.exc_info)
        line = json.dumps(entry, ensure_ascii=False, default=str)
        # A last guard: whatever a field carried, the token itself never reaches the log.
        return line.replace(self._secret, "***") if self._secret else line


def setup(
    log_file: Optional[str] = None,
    secret: Optional[str] = None,
    stream: Optional[TextIO] = None,
    name: str = LOGGER_NAME,
) -> logging.Logger:
    logger = logging.getLogger(name)
    logger.handlers.clear()
    logger.propagate = False
    logger.setLevel(logging.INFO)
    handler: logging.Handler
    if log_file:
        handler = logging.handlers.RotatingFileHandler(log_file, maxBytes=10_000_000, backupCount=5, encoding="utf-8")
    else:
        handler = logging.StreamHandler(stream or sys.stderr)
    handler.setFormatter(JsonFormatter(secret))
    logger.addHandler(handler)
    return logger


def log(logger: logging.Logger, level: int, event: str, **fields: Any) -> None:
    logger.log(level, event, extra={"fields": fields})
