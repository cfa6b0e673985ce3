"""svc-words: python -m svc_words"""

from servicekit import eventloop, logs
from servicekit.family import serve_family

from .registry import REGISTRY

if __name__ == "__main__":
    logs.setup("svc-words")
    eventloop.run(serve_family(REGISTRY))
