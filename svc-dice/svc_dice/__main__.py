"""svc-dice: python -m svc_dice"""

import asyncio

from servicekit import logs
from servicekit.family import serve_family

from .registry import REGISTRY

if __name__ == "__main__":
    logs.setup("svc-dice")
    asyncio.run(serve_family(REGISTRY))
