"""Structured logs for every process: one JSON object per line on stderr, through the standard
`logging` calls the code already makes (structlog formats them).

Each line has `ts` (UTC, ISO 8601), `level`, `logger`, `event` (the message), `service`, and
whatever the context holds: the gateway binds `request_id` and `room` per request or
connection (`structlog.contextvars.bind_contextvars`). A traceback is one `exception` field.
Fields whose names say they hold a secret (tokens, authorization) are written as "[redacted]".
"""

from __future__ import annotations

import logging
import re
import sys
from typing import Any

import structlog

_SECRET = re.compile(r"token|authorization|password|secret", re.IGNORECASE)


def _redact(logger: Any, method: str, event: dict[str, Any]) -> dict[str, Any]:
    for key in event:
        if _SECRET.search(key):
            event[key] = "[redacted]"
    return event


def setup(service: str, level: int = logging.INFO) -> None:
    """Send every log record of this process to stderr as one JSON line."""
    shared = [
        structlog.contextvars.merge_contextvars,
        structlog.stdlib.add_log_level,
        structlog.stdlib.add_logger_name,
        structlog.processors.TimeStamper(fmt="iso", utc=True, key="ts"),
        structlog.stdlib.ExtraAdder(),
    ]
    formatter = structlog.stdlib.ProcessorFormatter(
        foreign_pre_chain=shared,
        processors=[
            structlog.stdlib.ProcessorFormatter.remove_processors_meta,
            lambda _, __, event: {"service": service, **event},
            _redact,
            structlog.processors.format_exc_info,
            structlog.processors.JSONRenderer(ensure_ascii=False),
        ],
    )
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(formatter)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    structlog.configure(
        processors=[*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
