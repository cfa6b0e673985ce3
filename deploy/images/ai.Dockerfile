# syntax=docker/dockerfile:1
# svc-ai: chooses moves for CPU seats; Debian's Stockfish plays chess. Scaled on its own (HPA).
# It searches through the family engines, so it carries every family's rule code.
# Build from the repository root:  docker build -f deploy/images/ai.Dockerfile -t gameroom/svc-ai .

# The base: python:3.11-slim from a registry, or a local Debian bookworm base with python3
# (scripts/images.sh builds one with --build-arg BASE=...).
ARG BASE=python:3.11-slim
FROM ${BASE} AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
# The venv's own pip installs (Debian's pip ignores --python) and is removed afterwards:
# the runtime image gets the libraries and nothing to install more with.
RUN python -m venv /opt/venv
COPY deploy/images/requirements-ai.txt /tmp/requirements.txt
# python-chess 1.11 is published as a source distribution only (pure Python).
RUN /opt/venv/bin/pip install --only-binary=:all: --no-binary=chess -r /tmp/requirements.txt \
 && /opt/venv/bin/pip uninstall -q -y pip
COPY rulekit /app/rulekit
COPY servicekit /app/servicekit
COPY proto/gameroom /app/proto/gameroom
COPY svc-cards/svc_cards /app/svc-cards/svc_cards
COPY svc-boards/svc_boards /app/svc-boards/svc_boards
COPY svc-dice/svc_dice /app/svc-dice/svc_dice
COPY svc-words/svc_words /app/svc-words/svc_words
COPY svc-ai/svc_ai /app/svc-ai/svc_ai
# Compiled here because the container's root filesystem is read-only.
RUN python -m compileall -q --invalidation-mode unchecked-hash /app

FROM ${BASE}
# Debian's Stockfish, at /usr/games/stockfish; no recommends, no apt lists left behind.
RUN apt-get update \
 && DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends stockfish \
 && rm -rf /var/lib/apt/lists/* \
 && groupadd --system --gid 10001 gameroom \
 && useradd --system --uid 10001 --gid gameroom --no-create-home --shell /usr/sbin/nologin gameroom
COPY --from=build /opt/venv /opt/venv
COPY --from=build /app /app
ENV PATH=/opt/venv/bin:/usr/games:$PATH \
    PYTHONPATH=/app:/app/proto:/app/svc-cards:/app/svc-boards:/app/svc-dice:/app/svc-words:/app/svc-ai \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    GAMEROOM_BIND=0.0.0.0
WORKDIR /app
# Numeric, so Kubernetes' runAsNonRoot can verify it.
USER 10001:10001
# gRPC (Ai, health, reflection), then Prometheus /metrics.
EXPOSE 50055 9105
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD python -m servicekit.healthcheck "127.0.0.1:${GAMEROOM_AI_PORT:-50055}"
ENTRYPOINT ["python", "-m", "svc_ai"]
