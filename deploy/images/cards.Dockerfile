# syntax=docker/dockerfile:1
# svc-cards: the cards family's rule engines behind gRPC (stateless; scale freely).
# Build from the repository root:  docker build -f deploy/images/cards.Dockerfile -t gameroom/svc-cards .

# The base: python:3.11-slim from a registry, or a local Debian bookworm base with python3
# (scripts/images.sh builds one with --build-arg BASE=...).
ARG BASE=python:3.11-slim
FROM ${BASE} AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
# The venv's own pip installs (Debian's pip ignores --python) and is removed afterwards:
# the runtime image gets the libraries and nothing to install more with.
RUN python -m venv /opt/venv
COPY deploy/images/requirements-cards.txt /tmp/requirements.txt
RUN /opt/venv/bin/pip install --only-binary=:all: -r /tmp/requirements.txt \
 && /opt/venv/bin/pip uninstall -q -y pip
COPY rulekit /app/rulekit
COPY servicekit /app/servicekit
COPY proto/gameroom /app/proto/gameroom
COPY svc-cards/svc_cards /app/svc-cards/svc_cards
# Compiled here because the container's root filesystem is read-only.
RUN python -m compileall -q --invalidation-mode unchecked-hash /app

FROM ${BASE}
RUN groupadd --system --gid 10001 gameroom \
 && useradd --system --uid 10001 --gid gameroom --no-create-home --shell /usr/sbin/nologin gameroom
COPY --from=build /opt/venv /opt/venv
COPY --from=build /app /app
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONPATH=/app:/app/proto:/app/svc-cards \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    GAMEROOM_BIND=0.0.0.0
WORKDIR /app
# Numeric, so Kubernetes' runAsNonRoot can verify it.
USER 10001:10001
# gRPC (FamilyEngine, health, reflection), then Prometheus /metrics.
EXPOSE 50051 9101
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD python -m servicekit.healthcheck "127.0.0.1:${GAMEROOM_CARDS_PORT:-50051}"
ENTRYPOINT ["python", "-m", "svc_cards"]
