"""One check for every piece of text a person types: nicknames, chat, names of saved house
rules, word-game answers. Whatever passes is valid Unicode (it encodes to UTF-8, so protobuf,
JSON and the stores all take it), in NFC, with no control characters and no bidi overrides
(which would turn the text around them in other players' screens), and within its length cap.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from rulekit import Refusal

# Code points, after NFC and after runs of white space became one space.
MAX_LENGTH = {"nickname": 24, "chat": 500, "rule_name": 40, "answer": 64}

# Explicit embeddings, overrides and isolates: they reorder what follows them on the screen.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")


def clean_text(value: Any, kind: str) -> str:
    """`value` as the platform keeps it (NFC, white space runs as one space, trimmed), or
    Refusal("bad_text") naming what is wrong. Empty text is returned as "": whether it is
    allowed is the caller's business (a nickname falls back to a default, chat is refused)."""
    if value is None:
        return ""
    if not isinstance(value, str):
        raise Refusal("bad_text", f"{kind} is not text")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise Refusal("bad_text", f"{kind} is not valid Unicode (an unpaired surrogate)") from None
    text = " ".join(unicodedata.normalize("NFC", value).split())
    for char in text:
        if char in BIDI_CONTROLS:
            raise Refusal("bad_text", f"{kind} holds a bidi control character U+{ord(char):04X}")
        if unicodedata.category(char) == "Cc":
            raise Refusal("bad_text", f"{kind} holds a control character U+{ord(char):04X}")
    if len(text) > MAX_LENGTH[kind]:
        raise Refusal("bad_text", f"{kind} is at most {MAX_LENGTH[kind]} characters")
    return text


def clean_move(move: Any) -> Any:
    """A move with every piece of typed text in it (a word, an answer, a clue: any string
    but its `type`) through `clean_text` as an answer, so a word game never sees raw text."""
    if not isinstance(move, dict):
        return move
    return {
        key: clean_text(value, "answer") if key != "type" and isinstance(value, str) else value
        for key, value in move.items()
    }
