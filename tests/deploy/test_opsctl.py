"""opsctl against a fake Kubernetes API server.

There is no Kubernetes API server on these machines, so these tests run the real `kubernetes`
client (configuration loading, request building, JSON (de)serialisation, error types) against
the thin HTTP fake in conftest.py, seeded with the objects `kubectl kustomize` renders for the
small overlay plus the status fields controllers would write. The fake's API-server proxy drops
the Authorization header, as the real one does, so the drain contract is checked as deployed.
"""

from __future__ import annotations

import asyncio
import base64
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from opsctl.cli import main

from .conftest import ROOT, FakeCluster, render, write_kubeconfig

NS = "gameroom"
GATEWAY_POD = "gateway-5f7d9c8b6d-x2k4q"
AI_POD = "ai-6c9f7b5d4-p8m2w"
ADMIN_TOKEN = "drain-secret-0123"


def pod_from(deployment: dict[str, Any], name: str) -> dict[str, Any]:
    template = deployment["spec"]["template"]
    return {
        "apiVersion": "v1",
        "kind": "Pod",
        "metadata": {"name": name, "namespace": NS, "labels": dict(template["metadata"]["labels"])},
        "spec": template["spec"],
        "status": {"phase": "Running"},
    }


@pytest.fixture
def cluster(fake_cluster: FakeCluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> FakeCluster:
    deployments = {}
    for doc in render("small"):
        if doc["kind"] == "Deployment":
            # The API server defaults an absent replica count to 1; the autoscaler raises it.
            doc["spec"].setdefault("replicas", 1)
            deployments[doc["metadata"]["name"]] = doc
        if doc["kind"] in ("Deployment", "HorizontalPodAutoscaler"):
            fake_cluster.add(doc)
    # What the controllers would have written.
    for doc in deployments.values():
        n = doc["spec"]["replicas"]
        doc["status"] = {"replicas": n, "readyReplicas": n, "availableReplicas": n, "updatedReplicas": n}
    ai = deployments["ai"]
    ai["spec"]["replicas"] = 2
    ai["status"] = {"replicas": 2, "readyReplicas": 1, "availableReplicas": 1, "updatedReplicas": 2}
    hpa = fake_cluster.get(f"/apis/autoscaling/v2/namespaces/{NS}/horizontalpodautoscalers/ai")
    hpa["status"] = {
        "currentReplicas": 2,
        "desiredReplicas": 3,
        "lastScaleTime": "2025-01-01T12:00:00Z",
        "currentMetrics": [
            {
                "type": "Resource",
                "resource": {"name": "cpu", "current": {"averageUtilization": 87, "averageValue": "870m"}},
            }
        ],
        "conditions": [
            {
                "type": "AbleToScale",
                "status": "True",
                "reason": "ReadyForNewScale",
                "lastTransitionTime": "2025-01-01T12:00:00Z",
            },
            {
                "type": "ScalingActive",
                "status": "True",
                "reason": "ValidMetricFound",
                "lastTransitionTime": "2025-01-01T12:00:00Z",
            },
            {
                "type": "ScalingLimited",
                "status": "True",
                "reason": "TooManyReplicas",
                "lastTransitionTime": "2025-01-01T12:00:00Z",
            },
        ],
    }
    fake_cluster.add(pod_from(deployments["gateway"], GATEWAY_POD))
    fake_cluster.add(pod_from(deployments["ai"], AI_POD))
    fake_cluster.add(
        {
            "apiVersion": "v1",
            "kind": "Secret",
            "metadata": {"name": "gameroom-admin", "namespace": NS},
            "type": "Opaque",
            "data": {"token": base64.b64encode(ADMIN_TOKEN.encode()).decode()},
        }
    )
    monkeypatch.setenv("KUBECONFIG", str(write_kubeconfig(tmp_path / "kubeconfig", fake_cluster.url)))
    monkeypatch.delenv("GAMEROOM_ADMIN_TOKEN", raising=False)
    return fake_cluster


def contract_gateway(drained: list[dict[str, str]]):  # type: ignore[no-untyped-def]
    """A pod answering the documented drain contract (deploy/README.md, "Draining a gateway")."""

    def answer(
        pod: str, port: str, path: str, method: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, str, bytes]:
        if (method, path, port) != ("POST", "/admin/drain", "8080"):
            return 404, "text/plain", b"not found"
        if headers.get("X-Gameroom-Admin-Token") != ADMIN_TOKEN:
            return 403, "application/json", b'{"refused": {"code": "bad_token", "detail": ""}}'
        drained.append(headers)
        return 200, "application/json", json.dumps({"draining": True, "rooms": 3, "connections": 7}).encode()

    return answer


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_status_lists_every_deployment_with_counts_and_image(
    cluster: FakeCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["status"], capsys)
    assert code == 0, err
    rows = {line.split()[0]: line.split() for line in out.splitlines()[2:] if line.strip()}
    assert set(rows) == {"ai", "boards", "cards", "dice", "gateway", "redis", "words"}
    assert rows["ai"][1:6] == ["2", "1", "1", "2", "gameroom/svc-ai:0.1.0"]
    assert rows["ai"][-2:] == ["NOT", "READY"], "a pool short of ready pods is flagged"
    assert rows["cards"][1:6] == ["1", "1", "1", "1", "gameroom/svc-cards:0.1.0"]
    assert "NOT" not in rows["cards"]
    assert [r.path for r in cluster.requests] == [
        f"/apis/apps/v1/namespaces/{NS}/deployments",
        f"/api/v1/namespaces/{NS}/pods",
    ]
    assert cluster.requests[1].query["labelSelector"] == ["app.kubernetes.io/name=gateway,gameroom.io/serving=false"]


def test_status_as_json(cluster: FakeCluster, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--json", "status"], capsys)
    assert code == 0
    state = json.loads(out)
    ai = next(d for d in state["deployments"] if d["name"] == "ai")
    assert (ai["desired"], ai["ready"], ai["available"], ai["images"]) == (2, 1, 1, ["gameroom/svc-ai:0.1.0"])
    assert state["drained"] == []


def test_scale_ai_raises_the_autoscaler_floor_and_scales_now(
    cluster: FakeCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["scale-ai", "6"], capsys)
    assert code == 0, err
    hpa = cluster.get(f"/apis/autoscaling/v2/namespaces/{NS}/horizontalpodautoscalers/ai")
    assert (hpa["spec"]["minReplicas"], hpa["spec"]["maxReplicas"]) == (6, 6), (
        "the small overlay's ceiling of 4 is raised"
    )
    assert cluster.get(f"/apis/apps/v1/namespaces/{NS}/deployments/ai")["spec"]["replicas"] == 6
    assert "floor 1 -> 6, ceiling 4 -> 6" in out and "scaled 2 -> 6" in out
    patches = [(r.path, r.headers["Content-Type"], r.body) for r in cluster.writes()]
    assert patches == [
        (
            f"/apis/autoscaling/v2/namespaces/{NS}/horizontalpodautoscalers/ai",
            "application/merge-patch+json",
            {"spec": {"minReplicas": 6, "maxReplicas": 6}},
        ),
        (
            f"/apis/apps/v1/namespaces/{NS}/deployments/ai/scale",
            "application/merge-patch+json",
            {"spec": {"replicas": 6}},
        ),
    ]


def test_scale_ai_lowering_the_floor_leaves_the_scale_down_to_the_autoscaler(
    cluster: FakeCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["scale-ai", "1", "--max", "10"], capsys)
    assert code == 0, err
    hpa = cluster.get(f"/apis/autoscaling/v2/namespaces/{NS}/horizontalpodautoscalers/ai")
    assert (hpa["spec"]["minReplicas"], hpa["spec"]["maxReplicas"]) == (1, 10)
    assert cluster.get(f"/apis/apps/v1/namespaces/{NS}/deployments/ai")["spec"]["replicas"] == 2
    assert "autoscaler scales down" in out
    assert len(cluster.writes()) == 1


def test_scale_ai_refuses_zero_while_an_autoscaler_owns_the_pool(
    cluster: FakeCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["scale-ai", "0"], capsys)
    assert code == 1
    assert "keeps at least 1 replica" in err
    assert cluster.writes() == []


def test_scale_ai_without_an_autoscaler_scales_the_deployment(
    cluster: FakeCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    del cluster.objects[f"/apis/autoscaling/v2/namespaces/{NS}/horizontalpodautoscalers/ai"]
    code, out, err = run(["scale-ai", "0"], capsys)
    assert code == 0, err
    assert cluster.get(f"/apis/apps/v1/namespaces/{NS}/deployments/ai")["spec"]["replicas"] == 0
    assert "no autoscaler; deployment scaled 2 -> 0" in out


def test_drain_gateway_labels_the_pod_out_and_calls_the_gateway(
    cluster: FakeCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[dict[str, str]] = []
    cluster.pod_http = contract_gateway(calls)
    code, out, err = run(["drain-gateway", GATEWAY_POD], capsys)
    assert code == 0, err
    pod = cluster.get(f"/api/v1/namespaces/{NS}/pods/{GATEWAY_POD}")
    assert pod["metadata"]["labels"]["gameroom.io/serving"] == "false"
    assert pod["metadata"]["labels"]["app.kubernetes.io/name"] == "gateway", "still owned by its ReplicaSet"
    assert pod["metadata"]["annotations"]["gameroom.io/drained-at"].endswith("Z")
    assert len(calls) == 1 and "Authorization" not in calls[0]
    assert "rooms 3, connections 7" in out
    # The gateway Service no longer selects the pod; the Deployment's selector still does.
    rendered = {(d["kind"], d["metadata"]["name"]): d for d in render("small")}
    labels = pod["metadata"]["labels"]
    service_selector = rendered[("Service", "gateway")]["spec"]["selector"]
    deployment_selector = rendered[("Deployment", "gateway")]["spec"]["selector"]["matchLabels"]
    assert not all(labels.get(k) == v for k, v in service_selector.items())
    assert all(labels.get(k) == v for k, v in deployment_selector.items())

    code, out, _ = run(["status"], capsys)
    assert code == 0 and "drained gateway pods" in out and GATEWAY_POD in out


def test_drain_gateway_token_from_the_environment(
    cluster: FakeCluster, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    del cluster.objects[f"/api/v1/namespaces/{NS}/secrets/gameroom-admin"]
    monkeypatch.setenv("GAMEROOM_ADMIN_TOKEN", ADMIN_TOKEN)
    cluster.pod_http = contract_gateway([])
    code, _, err = run(["drain-gateway", GATEWAY_POD], capsys)
    assert code == 0, err


def test_drain_gateway_refuses_a_pod_that_is_not_a_gateway(
    cluster: FakeCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["drain-gateway", AI_POD], capsys)
    assert code == 1
    assert "is not a gateway" in err
    assert cluster.writes() == []


def test_drain_gateway_without_a_token_changes_nothing(
    cluster: FakeCluster, capsys: pytest.CaptureFixture[str]
) -> None:
    del cluster.objects[f"/api/v1/namespaces/{NS}/secrets/gameroom-admin"]
    code, _, err = run(["drain-gateway", GATEWAY_POD], capsys)
    assert code == 1
    assert "Secret gameroom-admin" in err and "not found" in err
    assert cluster.writes() == []


def test_drain_gateway_reports_the_gateways_refusal(cluster: FakeCluster, capsys: pytest.CaptureFixture[str]) -> None:
    cluster.pod_http = contract_gateway([])
    code, _, err = run(["drain-gateway", GATEWAY_POD, "--admin-token", "wrong"], capsys)
    assert code == 1
    assert "its gateway refused POST /admin/drain: HTTP 403" in err and "GAMEROOM_ADMIN_TOKEN" in err


def test_drain_gateway_unknown_pod(cluster: FakeCluster, capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(["drain-gateway", "gateway-nope"], capsys)
    assert code == 1
    assert "reading pod gateway-nope" in err and "[404]" in err


@pytest.fixture
def real_gateway() -> Iterator[tuple[str, SimpleNamespace]]:
    """The gateway's own aiohttp app (gateway/app.py), its lobby reduced to the drain flag."""
    from aiohttp import web

    from gateway.app import GatewaySettings, make_app

    lobby = SimpleNamespace(accepting_rooms=True)
    loop = asyncio.new_event_loop()
    app = make_app(lobby, GatewaySettings(admin_token=ADMIN_TOKEN))  # type: ignore[arg-type]
    runner = web.AppRunner(app)
    loop.run_until_complete(runner.setup())
    site = web.TCPSite(runner, "127.0.0.1", 0)
    loop.run_until_complete(site.start())
    port = runner.addresses[0][1]
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{port}", lobby
    finally:
        asyncio.run_coroutine_threadsafe(runner.cleanup(), loop).result(10)
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)
        loop.close()


def test_drain_gateway_against_the_real_gateway_handler(
    cluster: FakeCluster, real_gateway: tuple[str, SimpleNamespace], capsys: pytest.CaptureFixture[str]
) -> None:
    base, lobby = real_gateway

    def forward(
        pod: str, port: str, path: str, method: str, headers: dict[str, str], body: bytes
    ) -> tuple[int, str, bytes]:
        keep = {k: v for k, v in headers.items() if k.lower() not in ("host", "content-length")}
        request = urllib.request.Request(base + path, data=body or b"", headers=keep, method=method)
        try:
            with urllib.request.urlopen(request, timeout=10) as response:
                return response.status, response.headers.get("Content-Type", ""), response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.headers.get("Content-Type", ""), error.read()

    cluster.pod_http = forward
    code, _, err = run(["drain-gateway", GATEWAY_POD], capsys)
    assert code == 0, err
    assert lobby.accepting_rooms is False


def cpu_target(name: str) -> int:
    """The CPU utilisation target of the small overlay's autoscaler `name`, as rendered."""
    hpa = next(d for d in render("small") if d["kind"] == "HorizontalPodAutoscaler" and d["metadata"]["name"] == name)
    return next(
        m["resource"]["target"]["averageUtilization"] for m in hpa["spec"]["metrics"] if m["type"] == "Resource"
    )


def test_autoscale_shows_bounds_replicas_and_metrics(cluster: FakeCluster, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(["autoscale"], capsys)
    assert code == 0, err
    rows = {line.split()[0]: line for line in out.splitlines()[1:] if line and not line.startswith(("ai:", "gateway:"))}
    assert set(rows) == {"ai", "gateway"}
    assert rows["ai"].split()[:6] == ["ai", "Deployment/ai", "1", "4", "2", "3"]
    assert f"cpu 87%/{cpu_target('ai')}%" in rows["ai"] and "2025-01-01T12:00:00Z" in rows["ai"]
    assert "cpu ?/65%" in rows["gateway"], "no metric reported yet"
    assert "ai: ScalingLimited=True (TooManyReplicas)" in out
    assert [r.path for r in cluster.requests] == [f"/apis/autoscaling/v2/namespaces/{NS}/horizontalpodautoscalers"]


def test_autoscale_as_json(cluster: FakeCluster, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(["--json", "autoscale"], capsys)
    assert code == 0
    ai = next(s for s in json.loads(out) if s["name"] == "ai")
    assert ai["metrics"] == [{"name": "cpu", "current": "87%", "target": f"{cpu_target('ai')}%"}]
    assert (ai["minimum"], ai["maximum"], ai["current"], ai["desired"]) == (1, 4, 2, 3)


def test_no_cluster_configured(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("KUBECONFIG", str(tmp_path / "absent"))
    monkeypatch.delenv("KUBERNETES_SERVICE_HOST", raising=False)
    code, _, err = run(["status"], capsys)
    assert code == 1
    assert "no Kubernetes cluster configured" in err and "not running inside a pod" in err


def test_unreachable_cluster_fails_fast_with_the_address(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setenv("KUBECONFIG", str(write_kubeconfig(tmp_path / "kubeconfig", f"http://127.0.0.1:{port}")))
    started = time.monotonic()
    code, _, err = run(["autoscale"], capsys)
    assert code == 1
    assert f"cannot reach the Kubernetes API server at http://127.0.0.1:{port}" in err
    assert time.monotonic() - started < 10


def test_rejected_credentials(
    cluster: FakeCluster, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("KUBECONFIG", str(write_kubeconfig(tmp_path / "stale", cluster.url, token="expired")))
    code, _, err = run(["status"], capsys)
    assert code == 1
    assert "listing deployments" in err and "[401]" in err and "credentials" in err


def test_missing_permission_names_the_role(cluster: FakeCluster, capsys: pytest.CaptureFixture[str]) -> None:
    cluster.forbidden.add(f"/apis/autoscaling/v2/namespaces/{NS}/horizontalpodautoscalers")
    code, _, err = run(["autoscale"], capsys)
    assert code == 1
    assert "[403]" in err and "gameroom-operator" in err


def test_module_entry_point(cluster: FakeCluster) -> None:
    """`python -m opsctl`, as the README says, in its own process."""
    done = subprocess.run(
        [sys.executable, "-m", "opsctl", "-n", NS, "status"],
        capture_output=True,
        text=True,
        timeout=60,
        cwd=ROOT,
        env={**os.environ},
    )
    assert done.returncode == 0, done.stderr
    assert "gameroom/svc-ai:0.1.0" in done.stdout
