# syntax=docker/dockerfile:1
# gateway: the web client, WebSocket, REST and the gRPC play API, with the lobby inside.
# Build from the repository root:  docker build -f deploy/images/gateway.Dockerfile -t gameroom/gateway .

# The base: python:3.11-slim from a registry, or a local Debian bookworm base with python3
# (scripts/images.sh builds one with --build-arg BASE=...).
ARG BASE=python:3.11-slim
FROM ${BASE} AS build
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
# The venv's own pip installs (Debian's pip ignores --python) and is removed afterwards:
# the runtime image gets the libraries and nothing to install more with.
RUN python -m venv /opt/venv
COPY deploy/images/requirements-gateway.txt /tmp/requirements.txt
RUN /opt/venv/bin/pip install --only-binary=:all: -r /tmp/requirements.txt \
 && /opt/venv/bin/pip uninstall -q -y pip
COPY rulekit /app/rulekit
COPY servicekit /app/servicekit
COPY proto/gameroom /app/proto/gameroom
COPY lobby /app/lobby
COPY gateway /app/gateway
# esbuild (from package-lock.json, `npm ci`): the gateway bundles the web client's modules with it
# when it starts (gateway/client_bundle.py), into /tmp.
COPY node_modules/@esbuild/linux-x64/bin/esbuild /opt/esbuild/esbuild
# Compiled here because the container's root filesystem is read-only.
RUN python -m compileall -q --invalidation-mode unchecked-hash /app

FROM ${BASE}
RUN groupadd --system --gid 10001 gameroom \
 && useradd --system --uid 10001 --gid gameroom --no-create-home --shell /usr/sbin/nologin gameroom \
 && install -d -o 10001 -g 10001 /data
COPY --from=build /opt/venv /opt/venv
COPY --from=build /app /app
COPY --from=build /opt/esbuild /opt/esbuild
ENV PATH=/opt/venv/bin:$PATH \
    PYTHONPATH=/app:/app/proto \
    PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    GAMEROOM_BIND=0.0.0.0 \
    GAMEROOM_ESBUILD=/opt/esbuild/esbuild \
    GAMEROOM_STORE=sqlite:////data/gameroom.sqlite3
# The SQLite file when the container runs alone; Kubernetes sets GAMEROOM_STORE to PostgreSQL.
VOLUME /data
WORKDIR /app
# Numeric, so Kubernetes' runAsNonRoot can verify it.
USER 10001:10001
# HTTP (web client, WebSocket, REST, /healthz, /readyz), the gRPC play API, then /metrics.
EXPOSE 8080 50050 9100
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
  CMD python -m servicekit.healthcheck "http://127.0.0.1:${GAMEROOM_HTTP_PORT:-8080}/healthz"
ENTRYPOINT ["python", "-m", "gateway"]
