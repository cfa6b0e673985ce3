"""svc-boards: python -m svc_boards"""

import asyncio

from servicekit import logs
from servicekit.family import serve_family

from .registry import REGISTRY

if __name__ == "__main__":
    logs.setup("svc-boards")
    asyncio.run(serve_family(REGISTRY))
