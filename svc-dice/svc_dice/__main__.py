"""svc-dice: python -m svc_dice"""

from servicekit import eventloop, logs
from servicekit.family import serve_family

from .registry import REGISTRY

if __name__ == "__main__":
    logs.setup("svc-dice")
    eventloop.run(serve_family(REGISTRY))
