"""svc-cards: python -m svc_cards"""

import asyncio

from servicekit import logs
from servicekit.family import serve_family

from .registry import REGISTRY

if __name__ == "__main__":
    logs.setup("svc-cards")
    asyncio.run(serve_family(REGISTRY))
