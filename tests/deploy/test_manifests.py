"""The Kubernetes manifests: they render with `kubectl kustomize`, validate offline against the
Kubernetes API schemas (kubernetes-validate), and keep the platform's rules: every Deployment has
probes, requests and limits, runs as non-root and is selected by a Service; the autoscalers,
disruption budgets and client addresses point at things that exist."""

from __future__ import annotations

import copy
import re
from typing import Any

import kubernetes_validate
import pytest

from servicekit import config

from .conftest import DEPLOY, KUSTOMIZATIONS, render

# The oldest Kubernetes the manifests support (native gRPC probes are GA since 1.27; 1.29 is the
# oldest release still patched when this was written) and the newest schema the validator ships.
KUBERNETES_VERSIONS = ("1.29.0", kubernetes_validate.latest_version())
WORKLOADS = ("Deployment", "StatefulSet")
NAMESPACE = "gameroom"
OURS = {"gateway", "cards", "boards", "dice", "words", "ai"}


def by_kind(docs: list[dict[str, Any]], kind: str) -> dict[str, dict[str, Any]]:
    return {d["metadata"]["name"]: d for d in docs if d["kind"] == kind}


def selects(selector: dict[str, str], labels: dict[str, str]) -> bool:
    return bool(selector) and all(labels.get(k) == v for k, v in selector.items())


def workload_problems(docs: list[dict[str, Any]]) -> list[str]:
    """What the platform requires of every workload, as a list of broken rules (empty: fine)."""
    problems = []
    services = [d for d in docs if d["kind"] == "Service"]
    for workload in (d for d in docs if d["kind"] in WORKLOADS):
        name = f"{workload['kind']}/{workload['metadata']['name']}"
        pod = workload["spec"]["template"]
        labels = pod["metadata"].get("labels", {})
        spec = pod["spec"]
        if not (spec.get("securityContext") or {}).get("runAsNonRoot"):
            problems.append(f"{name}: pod securityContext.runAsNonRoot is not true")
        ports: set[object] = set()
        for container in spec["containers"]:
            where = f"{name} container {container['name']}"
            for probe in ("readinessProbe", "livenessProbe"):
                if probe not in container:
                    problems.append(f"{where}: no {probe}")
            resources = container.get("resources", {})
            for bound in ("requests", "limits"):
                for resource in ("cpu", "memory"):
                    if resource not in resources.get(bound, {}):
                        problems.append(f"{where}: no {bound}.{resource}")
            if (container.get("securityContext") or {}).get("allowPrivilegeEscalation") is not False:
                problems.append(f"{where}: allowPrivilegeEscalation is not false")
            for port in container.get("ports", []):
                ports.update({port["containerPort"], port.get("name")})
        matching = [s for s in services if selects(s["spec"].get("selector", {}), labels)]
        if not matching:
            problems.append(f"{name}: no Service selects its pods")
        for service in matching:
            for port in service["spec"]["ports"]:
                if port.get("targetPort", port["port"]) not in ports:
                    problems.append(
                        f"Service/{service['metadata']['name']}: targetPort {port.get('targetPort')} is no port of {name}"
                    )
    return problems


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_renders_into_one_namespace(name: str) -> None:
    docs = render(name)
    kinds = {d["kind"] for d in docs}
    assert {"Deployment", "Service", "HorizontalPodAutoscaler", "PodDisruptionBudget", "ConfigMap"} <= kinds
    for doc in docs:
        if doc["kind"] == "Namespace":
            continue
        where = f"{doc['kind']}/{doc['metadata']['name']}"
        assert doc["metadata"].get("namespace") == NAMESPACE, f"{where} outside {NAMESPACE}"
        assert doc["metadata"].get("labels", {}).get("app.kubernetes.io/part-of") == "gameroom", where


@pytest.mark.parametrize("version", KUBERNETES_VERSIONS)
@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_validates_against_the_kubernetes_schemas(name: str, version: str) -> None:
    for doc in render(name):
        try:
            kubernetes_validate.validate(doc, version, strict=True)
        except kubernetes_validate.ValidationError as error:
            pytest.fail(
                f"{doc['kind']}/{doc['metadata']['name']} is not valid Kubernetes {version}: {error.message} at {list(error.path)}"
            )


def test_the_validator_rejects_a_broken_manifest() -> None:
    """So a pass above means something: a misspelt field and a wrong type are caught."""
    deployment = copy.deepcopy(by_kind(render("base"), "Deployment")["cards"])
    deployment["spec"]["template"]["spec"]["containers"][0]["readinesProbe"] = {"grpc": {"port": 50051}}
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, KUBERNETES_VERSIONS[0], strict=True)
    deployment = copy.deepcopy(by_kind(render("base"), "Deployment")["cards"])
    deployment["spec"]["replicas"] = "two"
    with pytest.raises(kubernetes_validate.ValidationError):
        kubernetes_validate.validate(deployment, KUBERNETES_VERSIONS[0], strict=True)


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_every_workload_has_probes_limits_non_root_and_a_service(name: str) -> None:
    assert workload_problems(render(name)) == []


def test_the_workload_rules_catch_what_they_claim() -> None:
    docs = render("base")
    cards = by_kind(docs, "Deployment")["cards"]
    container = cards["spec"]["template"]["spec"]["containers"][0]
    del container["livenessProbe"]
    del container["resources"]["limits"]["memory"]
    cards["spec"]["template"]["metadata"]["labels"]["app.kubernetes.io/name"] = "renamed"
    assert sorted(workload_problems(docs)) == [
        "Deployment/cards container svc-cards: no limits.memory",
        "Deployment/cards container svc-cards: no livenessProbe",
        "Deployment/cards: no Service selects its pods",
    ]


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_grpc_services_probe_grpc_health_and_the_gateway_probes_http(name: str) -> None:
    deployments = by_kind(render(name), "Deployment")
    assert set(deployments) >= OURS
    for service in OURS - {"gateway"}:
        container = deployments[service]["spec"]["template"]["spec"]["containers"][0]
        grpc_port = next(p["containerPort"] for p in container["ports"] if p["name"] == "grpc")
        assert grpc_port == config.DEFAULT_PORTS[service]
        assert container["readinessProbe"]["grpc"]["port"] == grpc_port
        assert container["livenessProbe"]["grpc"]["port"] == grpc_port
    gateway = deployments["gateway"]["spec"]["template"]["spec"]["containers"][0]
    assert gateway["readinessProbe"]["httpGet"] == {"path": "/readyz", "port": "http"}
    assert gateway["livenessProbe"]["httpGet"] == {"path": "/healthz", "port": "http"}


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_autoscalers_target_existing_deployments_with_cpu_requests(name: str) -> None:
    docs = render(name)
    deployments = by_kind(docs, "Deployment")
    autoscalers = by_kind(docs, "HorizontalPodAutoscaler")
    assert set(autoscalers) == {"ai", "gateway"}
    for hpa in autoscalers.values():
        ref = hpa["spec"]["scaleTargetRef"]
        assert (ref["apiVersion"], ref["kind"]) == ("apps/v1", "Deployment")
        assert ref["name"] in deployments, f"HPA {hpa['metadata']['name']} targets a missing Deployment {ref['name']}"
        target = deployments[ref["name"]]
        assert "replicas" not in target["spec"], (
            "the autoscaler owns the count; a fixed one would fight it on every apply"
        )
        # Utilisation is measured against requests: without them the HPA cannot compute it.
        for container in target["spec"]["template"]["spec"]["containers"]:
            assert "cpu" in container["resources"]["requests"]
        assert 1 <= hpa["spec"]["minReplicas"] <= hpa["spec"]["maxReplicas"]
        assert any(m["type"] == "Resource" and m["resource"]["name"] == "cpu" for m in hpa["spec"]["metrics"])


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_each_of_our_deployments_has_a_disruption_budget(name: str) -> None:
    docs = render(name)
    deployments = by_kind(docs, "Deployment")
    budgets = by_kind(docs, "PodDisruptionBudget")
    for deployment in OURS:
        labels = deployments[deployment]["spec"]["template"]["metadata"]["labels"]
        covering = [b for b in budgets.values() if selects(b["spec"]["selector"]["matchLabels"], labels)]
        assert len(covering) == 1, f"{deployment}: {len(covering)} PodDisruptionBudgets"


def env_of(docs: list[dict[str, Any]]) -> dict[str, str]:
    maps = [d for d in docs if d["kind"] == "ConfigMap" and d["metadata"]["name"].startswith("gameroom-env")]
    assert len(maps) == 1
    return maps[0]["data"]


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_grpc_addresses_resolve_to_headless_services_of_the_right_pods(name: str) -> None:
    """GAMEROOM_<SERVICE>_ADDR=dns:///<headless>:<port>: one DNS record per ready pod, so the
    lobby's round_robin channels spread calls over every replica (the AI pool in particular)."""
    docs = render(name)
    env = env_of(docs)
    services = by_kind(docs, "Service")
    deployments = by_kind(docs, "Deployment")
    for service in OURS - {"gateway"}:
        match = re.fullmatch(r"dns:///([a-z0-9-]+):(\d+)", env[f"GAMEROOM_{service.upper()}_ADDR"])
        assert match, env[f"GAMEROOM_{service.upper()}_ADDR"]
        headless = services[match.group(1)]
        assert headless["spec"]["clusterIP"] == "None"
        assert int(match.group(2)) in {p["port"] for p in headless["spec"]["ports"]}
        assert int(match.group(2)) == config.DEFAULT_PORTS[service]
        labels = deployments[service]["spec"]["template"]["metadata"]["labels"]
        assert selects(headless["spec"]["selector"], labels)
    assert env["GAMEROOM_BIND"] == "0.0.0.0"
    assert int(env["GAMEROOM_GRPC_MAX_CONNECTION_AGE_MS"]) > 0


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_references_resolve_or_are_documented(name: str) -> None:
    """ConfigMaps referenced exist in the render; a required Secret is one deploy/README.md tells
    the operator to create."""
    docs = render(name)
    config_maps = set(by_kind(docs, "ConfigMap"))
    readme = (DEPLOY / "README.md").read_text()
    for workload in (d for d in docs if d["kind"] in WORKLOADS):
        for container in workload["spec"]["template"]["spec"]["containers"]:
            for source in container.get("envFrom", []):
                if "configMapRef" in source:
                    assert source["configMapRef"]["name"] in config_maps
                if "secretRef" in source and not source["secretRef"].get("optional"):
                    assert f"secret generic {source['secretRef']['name']}" in readme
            for var in container.get("env", []):
                ref = (var.get("valueFrom") or {}).get("secretKeyRef")
                if ref and not ref.get("optional"):
                    assert f"secret generic {ref['name']}" in readme


@pytest.mark.parametrize("name", KUSTOMIZATIONS)
def test_prometheus_annotations_name_the_metrics_port(name: str) -> None:
    for workload in by_kind(render(name), "Deployment").values():
        if workload["metadata"]["name"] not in OURS:
            continue
        template = workload["spec"]["template"]
        annotations = template["metadata"]["annotations"]
        assert annotations["prometheus.io/scrape"] == "true"
        ports = {p["name"]: p["containerPort"] for p in template["spec"]["containers"][0]["ports"]}
        scraped = int(annotations["prometheus.io/port"])
        assert scraped == ports.get("metrics", ports.get("http"))
        service = workload["metadata"]["name"]
        if service != "gateway":
            assert scraped == config.DEFAULT_METRICS_PORTS[service]


def test_gateway_service_selects_only_serving_pods() -> None:
    """Draining relabels a pod serving=false: the Service drops it, its ReplicaSet keeps it."""
    docs = render("base")
    gateway = by_kind(docs, "Deployment")["gateway"]
    service = by_kind(docs, "Service")["gateway"]
    assert service["spec"]["selector"].get("gameroom.io/serving") == "true"
    assert "gameroom.io/serving" not in gateway["spec"]["selector"]["matchLabels"]
    assert gateway["spec"]["template"]["metadata"]["labels"]["gameroom.io/serving"] == "true"


def test_small_overlay_runs_one_of_everything_with_the_store_inside() -> None:
    docs = render("small")
    deployments = by_kind(docs, "Deployment")
    for name in OURS - {"gateway", "ai"}:
        assert deployments[name]["spec"]["replicas"] == 1
    for hpa in by_kind(docs, "HorizontalPodAutoscaler").values():
        assert hpa["spec"]["minReplicas"] == 1
    assert "postgres" in by_kind(docs, "StatefulSet") and "postgres" in by_kind(docs, "Service")
    assert "redis" in deployments and "redis" in by_kind(docs, "Service")
    env = env_of(docs)
    assert env["GAMEROOM_STORE"].startswith("postgresql://") and "@postgres:5432/" in env["GAMEROOM_STORE"]
    assert env["GAMEROOM_REDIS"].startswith("redis://redis:6379")
    gateway_env = {e["name"]: e for e in deployments["gateway"]["spec"]["template"]["spec"]["containers"][0]["env"]}
    assert gateway_env["PGPASSWORD"]["valueFrom"]["secretKeyRef"]["name"] == "gameroom-postgres"


def test_large_overlay_uses_the_external_store_and_a_wider_ai_pool() -> None:
    large, small = render("large"), render("small")
    assert not by_kind(large, "StatefulSet")
    assert "redis" not in by_kind(large, "Deployment")
    deployments = by_kind(large, "Deployment")
    for name in OURS - {"gateway", "ai"}:
        assert deployments[name]["spec"]["replicas"] >= 3
    sources = deployments["gateway"]["spec"]["template"]["spec"]["containers"][0]["envFrom"]
    store = next(s["secretRef"] for s in sources if "secretRef" in s)
    assert store == {"name": "gameroom-store", "optional": False}
    assert "GAMEROOM_STORE" not in env_of(large)
    ai_large = by_kind(large, "HorizontalPodAutoscaler")["ai"]["spec"]
    ai_small = by_kind(small, "HorizontalPodAutoscaler")["ai"]["spec"]
    assert ai_large["minReplicas"] > ai_small["minReplicas"] and ai_large["maxReplicas"] > ai_small["maxReplicas"]


def test_the_connection_age_in_the_config_map_reaches_every_grpc_server(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without it, round_robin clients would keep the pods DNS gave them at first: new AI pods idle."""
    from servicekit.grpc_server import server_options

    env = env_of(render("base"))
    monkeypatch.delenv("GAMEROOM_GRPC_MAX_CONNECTION_AGE_MS", raising=False)
    assert not any(key.startswith("grpc.max_connection_age") for key, _ in server_options())
    for key in ("GAMEROOM_GRPC_MAX_CONNECTION_AGE_MS", "GAMEROOM_GRPC_MAX_CONNECTION_AGE_GRACE_MS"):
        monkeypatch.setenv(key, env[key])
    options = dict(server_options())
    assert options["grpc.max_connection_age_ms"] == int(env["GAMEROOM_GRPC_MAX_CONNECTION_AGE_MS"])
    assert options["grpc.max_connection_age_grace_ms"] == int(env["GAMEROOM_GRPC_MAX_CONNECTION_AGE_GRACE_MS"])
