"""svc-words: python -m svc_words"""

import asyncio

from servicekit import logs
from servicekit.family import serve_family

from .registry import REGISTRY

if __name__ == "__main__":
    logs.setup("svc-words")
    asyncio.run(serve_family(REGISTRY))
