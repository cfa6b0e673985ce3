"""svc-ai: python -m svc_ai"""

import asyncio
import logging

from .server import serve_ai

if __name__ == "__main__":
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    asyncio.run(serve_ai())
