"""svc-ai: python -m svc_ai"""

import asyncio

from servicekit import logs

from .server import serve_ai

if __name__ == "__main__":
    logs.setup("svc-ai")
    asyncio.run(serve_ai())
