"""svc-ai: python -m svc_ai"""

from servicekit import eventloop, logs

from .server import serve_ai

if __name__ == "__main__":
    logs.setup("svc-ai")
    eventloop.run(serve_ai())
