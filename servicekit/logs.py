"""Structured logs for every process: one JSON object per line on stderr, through the standard
`logging` calls the code already makes (structlog formats them).

Each line has `ts` (UTC, ISO 8601), `level`, `logger`, `event` (the message), `service`, and
whatever the context holds: the gateway binds `request_id` and `room` per request or
connection (`structlog.contextvars.bind_contextvars`). A traceback is one `exception` field.
Fields whose names say they hold a secret (tokens, authorization) are written as "[redacted]".

For a person at a terminal (`make run`, GAMEROOM_LOG_CONSOLE=1) stderr carries only warnings,
errors and one line per room event (logger `lobby.rooms`), as short plain lines. The HTTP access
log goes to the file GAMEROOM_ACCESS_LOG when that is set (JSON lines), never to the terminal.
"""

from __future__ import annotations

import logging
import os
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


ROOM_EVENTS = "lobby.rooms"
ACCESS = "aiohttp.access"


def _for_a_person(record: logging.LogRecord) -> bool:
    return record.levelno >= logging.WARNING or record.name == ROOM_EVENTS


def _console_line(service: str):  # type: ignore[no-untyped-def]
    def render(_: Any, __: str, event: dict[str, Any]) -> str:
        level = event.get("level", "info")
        line = f"{str(event.get('ts', ''))[11:19]} {service}: {'' if level == 'info' else level + ': '}{event.get('event')}"
        return f"{line}\n{event['exception']}" if event.get("exception") else line

    return render


def setup(service: str, level: int = logging.INFO) -> None:
    """Send every log record of this process to stderr as one JSON line (or, for a person at
    a terminal, the few that matter as plain lines; see the module's docstring)."""
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
    if os.environ.get("GAMEROOM_LOG_CONSOLE") == "1":
        handler.setFormatter(
            structlog.stdlib.ProcessorFormatter(
                foreign_pre_chain=shared,
                processors=[
                    structlog.stdlib.ProcessorFormatter.remove_processors_meta,
                    _redact,
                    structlog.processors.format_exc_info,
                    _console_line(service),
                ],
            )
        )
        handler.addFilter(_for_a_person)
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(level)
    access_file = os.environ.get("GAMEROOM_ACCESS_LOG")
    if access_file:
        os.makedirs(os.path.dirname(os.path.abspath(access_file)), exist_ok=True)
        to_file = logging.FileHandler(access_file, encoding="utf-8")
        to_file.setFormatter(formatter)
        access = logging.getLogger(ACCESS)
        access.handlers[:] = [to_file]
        access.propagate = False
    structlog.configure(
        processors=[*shared, structlog.stdlib.ProcessorFormatter.wrap_for_formatter],
        logger_factory=structlog.stdlib.LoggerFactory(),
        wrapper_class=structlog.stdlib.BoundLogger,
        cache_logger_on_first_use=True,
    )
