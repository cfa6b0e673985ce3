"""QR codes of a room's join link, drawn as SVG by segno.

Only join links of this server are drawn: `http(s)://<this host>/r/<CODE>`, with an optional
`#invite=<token>`; anything else is refused, so the endpoint is no general QR service.
"""

from __future__ import annotations

import functools
import io
import re
from urllib.parse import urlsplit

import segno

from lobby.face import is_code
from rulekit import Refusal

MAX_TEXT = 300  # characters: a join link with an invitation is about 80
_INVITE = re.compile(r"invite=[A-Za-z0-9_.~%-]{1,128}")


def check_join_link(text: object, hosts: set[str]) -> str:
    """`text` if it is a join link to one of `hosts` (host[:port] as the browser wrote it),
    else Refusal("bad_request")."""
    if not isinstance(text, str) or not text:
        raise Refusal("bad_request", "text must be a join link")
    if len(text) > MAX_TEXT:
        raise Refusal("bad_request", "text too long")
    try:
        parts = urlsplit(text)
    except ValueError as error:
        raise Refusal("bad_request", "text is not a link") from error
    if parts.scheme not in ("http", "https") or parts.netloc.lower() not in hosts:
        raise Refusal("bad_request", "not a link to this server")
    code = parts.path.removeprefix("/r/")
    if not parts.path.startswith("/r/") or not is_code(code) or parts.query:
        raise Refusal("bad_request", "not a room's join link")
    if parts.fragment and not _INVITE.fullmatch(parts.fragment):
        raise Refusal("bad_request", "not a room's join link")
    return text


@functools.lru_cache(maxsize=512)
def qr_svg(text: str) -> bytes:
    """`text` as an SVG QR code (error correction M, a 4-module quiet zone, black on white),
    sized by its viewBox so that the page's stylesheet sets its width."""
    out = io.BytesIO()
    segno.make(text, error="m", micro=False, boost_error=False).save(
        out,
        kind="svg",
        xmldecl=False,
        svgns=True,
        svgclass="qr",
        lineclass=None,
        omitsize=True,
        border=4,
        dark="#000",
        light="#fff",
        nl=False,
    )
    return out.getvalue()
