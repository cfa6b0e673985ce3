"""svc-cards: python -m svc_cards"""

from servicekit import eventloop, logs
from servicekit.family import serve_family

from .registry import REGISTRY

if __name__ == "__main__":
    logs.setup("svc-cards")
    eventloop.run(serve_family(REGISTRY))
