"""svc-words: python -m svc_words"""

import asyncio
import logging

from servicekit.family import serve_family

from .registry import REGISTRY

if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    asyncio.run(serve_family(REGISTRY))
