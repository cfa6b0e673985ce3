"""JSON on the move path: orjson where it gives the same values, the standard library otherwise.

Each seat's view is read and the server frame written on the gateway's event loop, where every
microsecond is a microsecond of the move's latency; orjson reads and writes them several times
faster than the standard library's json.

What orjson refuses, the standard library does as it always did: reading NaN, Infinity and lone
surrogates, writing integers past 64 bits and nesting past orjson's 255 levels. The differences
that remain are of form: written text has non-ASCII characters as UTF-8 rather than \\u escapes,
and a NaN or an infinity (which json writes as text no JSON parser reads) as null; an integer past
64 bits is read as the nearest float, the number every JavaScript client reads from it anyway.
So this is for the JSON our engines wrote and our clients read, not for text from outside
(gateway.frames reads that with the standard library).
"""

from __future__ import annotations

import json
from typing import Any

import orjson

_DUMPS_OPTIONS = orjson.OPT_NON_STR_KEYS


def loads(text: str) -> Any:
    """json.loads(text), for JSON our engines wrote."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(text)  # maybe what only the standard library reads (NaN, a lone surrogate)


def dumps(value: Any) -> str:
    """json.dumps(value, separators=(",", ":")): compact, keys in their order."""
    try:
        return orjson.dumps(value, option=_DUMPS_OPTIONS).decode()
    except TypeError:  # orjson.JSONEncodeError: an integer past 64 bits, deep nesting
        return json.dumps(value, separators=(",", ":"))


def digest(value: Any) -> int:
    """A number that tells this process's equal JSON values from unequal ones (keys in any
    order), but for a one in 2**64 chance. Python's own hash of the text: a different one in
    each process, so it is never stored or sent."""
    try:
        text = orjson.dumps(value, option=_DUMPS_OPTIONS | orjson.OPT_SORT_KEYS)
    except TypeError:
        text = json.dumps(value, separators=(",", ":"), sort_keys=True).encode()
    return hash(text)
