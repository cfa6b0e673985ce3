"""Shared by the deploy tests: the rendered manifests, and a fake Kubernetes API server.

There is no Kubernetes API server on these machines (nor a Docker engine). The fake below is as
thin as we could make it: a plain HTTP server that stores objects as JSON and answers the few
REST paths opsctl uses, so the real `kubernetes` client builds, sends and parses every request.
It is seeded from the manifests `kubectl kustomize` renders, so names and labels are the real ones.
"""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
DEPLOY = ROOT / "deploy"
KUSTOMIZATIONS = {
    "base": DEPLOY / "k8s" / "base",
    "small": DEPLOY / "k8s" / "overlays" / "small",
    "large": DEPLOY / "k8s" / "overlays" / "large",
}
KUBECTL = shutil.which("kubectl") or "/usr/bin/kubectl"

_rendered: dict[str, list[dict[str, Any]]] = {}


def render(name: str) -> list[dict[str, Any]]:
    """`kubectl kustomize` of one kustomization, parsed (cached: rendering is deterministic)."""
    if name not in _rendered:
        if not Path(KUBECTL).exists():
            pytest.fail("kubectl is missing: scripts/bootstrap.sh installs Debian's kubernetes-client")
        done = subprocess.run(
            [KUBECTL, "kustomize", str(KUSTOMIZATIONS[name])], capture_output=True, text=True, timeout=60
        )
        assert done.returncode == 0, f"kubectl kustomize {name} failed:\n{done.stderr}"
        _rendered[name] = [doc for doc in yaml.safe_load_all(done.stdout) if doc]
    return copy.deepcopy(_rendered[name])


# -- the fake API server ------------------------------------------------------------------------

TOKEN = "opsctl-test-token"


@dataclass
class Recorded:
    method: str
    path: str
    query: dict[str, list[str]]
    headers: dict[str, str]
    body: Any


@dataclass
class FakeCluster:
    """Objects by API path, every request received, and what a proxied pod answers."""

    url: str = ""
    objects: dict[str, dict[str, Any]] = field(default_factory=dict)
    requests: list[Recorded] = field(default_factory=list)
    forbidden: set[str] = field(default_factory=set)  # paths answered 403, as RBAC would
    # (pod, port, path, method, headers as forwarded, body) -> (status, content type, body)
    pod_http: Callable[[str, str, str, str, dict[str, str], bytes], tuple[int, str, bytes]] | None = None

    def add(self, obj: dict[str, Any]) -> None:
        self.objects[object_path(obj)] = obj

    def get(self, kind_path: str) -> dict[str, Any]:
        return self.objects[kind_path]

    def writes(self) -> list[Recorded]:
        return [r for r in self.requests if r.method != "GET"]


PLURALS = {
    "Deployment": ("/apis/apps/v1", "deployments"),
    "HorizontalPodAutoscaler": ("/apis/autoscaling/v2", "horizontalpodautoscalers"),
    "Pod": ("/api/v1", "pods"),
    "Secret": ("/api/v1", "secrets"),
}


def object_path(obj: dict[str, Any]) -> str:
    prefix, plural = PLURALS[obj["kind"]]
    return f"{prefix}/namespaces/{obj['metadata']['namespace']}/{plural}/{obj['metadata']['name']}"


def merge_patch(target: Any, patch: Any) -> Any:
    """RFC 7386, as the API server applies application/merge-patch+json."""
    if not isinstance(patch, dict):
        return patch
    result = dict(target) if isinstance(target, dict) else {}
    for key, value in patch.items():
        if value is None:
            result.pop(key, None)
        else:
            result[key] = merge_patch(result.get(key), value)
    return result


def status_body(code: int, reason: str, message: str) -> dict[str, Any]:
    return {
        "kind": "Status",
        "apiVersion": "v1",
        "metadata": {},
        "status": "Failure",
        "message": message,
        "reason": reason,
        "code": code,
    }


def labels_match(labels: dict[str, str], selector: str) -> bool:
    for term in filter(None, selector.split(",")):
        key, _, value = term.partition("=")
        if labels.get(key) != value:
            return False
    return True


class Handler(BaseHTTPRequestHandler):
    cluster: FakeCluster

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass

    def _send(self, code: int, body: Any, content_type: str = "application/json") -> None:
        raw = body if isinstance(body, bytes) else json.dumps(body).encode()
        self.send_response(code)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def _handle(self) -> None:
        url = urlsplit(self.path)
        url = url._replace(path=unquote(url.path))  # the real server routes on the decoded path
        length = int(self.headers.get("Content-Length") or 0)
        raw = self.rfile.read(length) if length else b""
        try:
            body = json.loads(raw) if raw else None
        except ValueError:
            body = raw
        self.cluster.requests.append(Recorded(self.command, url.path, parse_qs(url.query), dict(self.headers), body))
        if self.headers.get("Authorization") != f"Bearer {TOKEN}":
            return self._send(401, status_body(401, "Unauthorized", "Unauthorized"))
        if url.path in self.cluster.forbidden:
            return self._send(403, status_body(403, "Forbidden", f"cannot {self.command.lower()} {url.path}"))
        proxy = re.fullmatch(r"/api/v1/namespaces/([^/]+)/pods/([^/:]+)(?::(\d+))?/proxy/(.*)", url.path)
        if proxy:
            return self._proxy(*proxy.groups(), raw)
        scale = url.path.endswith("/scale")
        path = url.path.removesuffix("/scale")
        plurals = {plural: kind for kind, (_, plural) in PLURALS.items()}
        if self.command == "GET" and path.rsplit("/", 1)[-1] in plurals:
            return self._list(path, plurals[path.rsplit("/", 1)[-1]], parse_qs(url.query))
        obj = self.cluster.objects.get(path)
        if obj is None:
            name = path.rsplit("/", 1)[-1]
            return self._send(404, status_body(404, "NotFound", f'"{name}" not found'))
        if self.command == "PATCH":
            if self.headers.get("Content-Type") != "application/merge-patch+json":
                return self._send(
                    415,
                    status_body(
                        415, "UnsupportedMediaType", f"unsupported patch type {self.headers.get('Content-Type')}"
                    ),
                )
            if scale:
                body = {"spec": {"replicas": body["spec"]["replicas"]}}
            obj = merge_patch(obj, body)
            self.cluster.objects[path] = obj
        if scale:
            return self._send(200, self._scale_of(obj))
        return self._send(200, obj)

    def _list(self, path: str, kind: str, query: dict[str, list[str]]) -> None:
        selector = query.get("labelSelector", [""])[0]
        items = [
            o
            for p, o in self.cluster.objects.items()
            if p.rsplit("/", 1)[0] == path and labels_match(o["metadata"].get("labels") or {}, selector)
        ]
        self._send(
            200, {"kind": f"{kind}List", "apiVersion": "v1", "metadata": {"resourceVersion": "1"}, "items": items}
        )

    @staticmethod
    def _scale_of(deployment: dict[str, Any]) -> dict[str, Any]:
        meta = deployment["metadata"]
        return {
            "kind": "Scale",
            "apiVersion": "autoscaling/v1",
            "metadata": {"name": meta["name"], "namespace": meta["namespace"]},
            "spec": {"replicas": deployment["spec"].get("replicas", 1)},
            "status": {"replicas": deployment.get("status", {}).get("replicas", 0)},
        }

    def _proxy(self, namespace: str, pod: str, port: str | None, rest: str, raw: bytes) -> None:
        if f"/api/v1/namespaces/{namespace}/pods/{pod}" not in self.cluster.objects:
            return self._send(404, status_body(404, "NotFound", f'pods "{pod}" not found'))
        # Like the real API server: after authenticating the caller it drops the Authorization
        # header, so the pod never sees the caller's Kubernetes credentials.
        forwarded = {k: v for k, v in self.headers.items() if k.lower() != "authorization"}
        assert self.cluster.pod_http is not None, "the test did not say what the pod answers"
        code, content_type, body = self.cluster.pod_http(pod, port or "", "/" + rest, self.command, forwarded, raw)
        self._send(code, body, content_type)

    do_GET = do_PATCH = do_POST = do_PUT = do_DELETE = _handle


@pytest.fixture
def fake_cluster(tmp_path: Path) -> Iterator[FakeCluster]:
    """A fake API server on loopback and a kubeconfig (in $KUBECONFIG) pointing at it."""
    cluster = FakeCluster()
    handler = type("BoundHandler", (Handler,), {"cluster": cluster})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    cluster.url = f"http://127.0.0.1:{server.server_address[1]}"
    try:
        yield cluster
    finally:
        server.shutdown()
        server.server_close()


def write_kubeconfig(path: Path, server: str, token: str = TOKEN) -> Path:
    path.write_text(
        yaml.safe_dump(
            {
                "apiVersion": "v1",
                "kind": "Config",
                "clusters": [{"name": "fake", "cluster": {"server": server}}],
                "users": [{"name": "operator", "user": {"token": token}}],
                "contexts": [
                    {"name": "fake", "context": {"cluster": "fake", "user": "operator", "namespace": "gameroom"}}
                ],
                "current-context": "fake",
            }
        )
    )
    return path
