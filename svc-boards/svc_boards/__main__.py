"""svc-boards: python -m svc_boards"""

from servicekit import eventloop, logs
from servicekit.family import serve_family

from .registry import REGISTRY

if __name__ == "__main__":
    logs.setup("svc-boards")
    eventloop.run(serve_family(REGISTRY))
