"""The four operations. Each reads or changes the cluster and returns what happened as data;
cli.py prints it. Names here are those of deploy/k8s (Deployment and HPA "ai", "gateway")."""

from __future__ import annotations

import base64
import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from kubernetes.client.exceptions import ApiException

from .cluster import Cluster, OpsError, explain

AI = "ai"  # the svc-ai Deployment and its HorizontalPodAutoscaler
GATEWAY_SELECTOR = "app.kubernetes.io/name=gateway"
SERVING_LABEL = "gameroom.io/serving"  # the gateway Service selects serving=true
DRAINED_AT = "gameroom.io/drained-at"
ADMIN_SECRET = "gameroom-admin"
ADMIN_HEADER = "X-Gameroom-Admin-Token"
DRAIN_PATH = "admin/drain"
GATEWAY_HTTP_PORT = 8080
MERGE_PATCH = "application/merge-patch+json"


@dataclass(frozen=True)
class DeploymentState:
    name: str
    desired: int
    ready: int
    available: int
    updated: int
    images: list[str]

    @property
    def healthy(self) -> bool:
        return self.ready >= self.desired and self.available >= self.desired


@dataclass(frozen=True)
class DrainedPod:
    name: str
    since: str


@dataclass(frozen=True)
class Status:
    deployments: list[DeploymentState]
    drained: list[DrainedPod]


def status(cluster: Cluster) -> Status:
    """Every Deployment of the namespace (desired, ready, available, images), and drained gateways."""
    listing = cluster.call("listing deployments", cluster.apps.list_namespaced_deployment, cluster.namespace)
    deployments = [
        DeploymentState(
            name=item.metadata.name,
            desired=item.spec.replicas if item.spec.replicas is not None else 1,
            ready=(item.status.ready_replicas or 0) if item.status else 0,
            available=(item.status.available_replicas or 0) if item.status else 0,
            updated=(item.status.updated_replicas or 0) if item.status else 0,
            images=[c.image for c in item.spec.template.spec.containers],
        )
        for item in listing.items
    ]
    pods = cluster.call(
        "listing drained gateway pods",
        cluster.core.list_namespaced_pod,
        cluster.namespace,
        label_selector=f"{GATEWAY_SELECTOR},{SERVING_LABEL}=false",
    )
    drained = [DrainedPod(p.metadata.name, (p.metadata.annotations or {}).get(DRAINED_AT, "?")) for p in pods.items]
    return Status(sorted(deployments, key=lambda d: d.name), sorted(drained, key=lambda p: p.name))


@dataclass(frozen=True)
class ScaleResult:
    replicas_before: int
    replicas_after: int
    floor_before: int | None = None  # None: no autoscaler, the Deployment was scaled directly
    floor_after: int | None = None
    ceiling_before: int | None = None
    ceiling_after: int | None = None


def scale_ai(cluster: Cluster, replicas: int, ceiling: int | None = None) -> ScaleResult:
    """Set the AI pool to at least `replicas` pods, now and from now on.

    With the autoscaler (the manifests' case) the floor (minReplicas) becomes `replicas` and the
    ceiling is raised to it if lower (or set to `ceiling`); the Deployment is scaled up at once
    rather than at the autoscaler's pace. Lowering the floor leaves the scale-down to the
    autoscaler. Without an autoscaler the Deployment is scaled to exactly `replicas`.
    """
    if replicas < 0:
        raise OpsError("the number of AI replicas cannot be negative")
    if ceiling is not None and ceiling < max(replicas, 1):
        raise OpsError(f"--max {ceiling} is below the floor {replicas}")
    hpa = cluster.find(
        "reading the AI autoscaler",
        cluster.autoscaling.read_namespaced_horizontal_pod_autoscaler,
        AI,
        cluster.namespace,
    )
    scale = cluster.call(
        "reading the AI deployment's scale", cluster.apps.read_namespaced_deployment_scale, AI, cluster.namespace
    )
    before = scale.spec.replicas or 0
    if hpa is None:
        _patch_scale(cluster, replicas)
        return ScaleResult(before, replicas)
    if replicas < 1:
        raise OpsError(
            "the AI autoscaler keeps at least 1 replica; give 1 or more (or delete the HPA to stop the pool)"
        )
    floor_before, ceiling_before = hpa.spec.min_replicas or 1, hpa.spec.max_replicas
    ceiling_after = ceiling if ceiling is not None else max(ceiling_before, replicas)
    cluster.call(
        "setting the AI autoscaler's bounds",
        cluster.autoscaling.patch_namespaced_horizontal_pod_autoscaler,
        AI,
        cluster.namespace,
        {"spec": {"minReplicas": replicas, "maxReplicas": ceiling_after}},
        _content_type=MERGE_PATCH,
    )
    after = before
    if before < replicas:
        _patch_scale(cluster, replicas)
        after = replicas
    elif before > ceiling_after:
        _patch_scale(cluster, ceiling_after)
        after = ceiling_after
    return ScaleResult(before, after, floor_before, replicas, ceiling_before, ceiling_after)


def _patch_scale(cluster: Cluster, replicas: int) -> None:
    cluster.call(
        "scaling the AI deployment",
        cluster.apps.patch_namespaced_deployment_scale,
        AI,
        cluster.namespace,
        {"spec": {"replicas": replicas}},
        _content_type=MERGE_PATCH,
    )


def admin_token_from_secret(cluster: Cluster) -> str:
    """The drain endpoint's token, from the Secret the gateway reads it from."""
    secret = cluster.call(
        f"reading Secret {ADMIN_SECRET}", cluster.core.read_namespaced_secret, ADMIN_SECRET, cluster.namespace
    )
    encoded = (secret.data or {}).get("token")
    if not encoded:
        raise OpsError(f"Secret {ADMIN_SECRET} has no key 'token'")
    return base64.b64decode(encoded).decode()


@dataclass(frozen=True)
class DrainResult:
    pod: str
    was_serving: bool
    reply: dict[str, Any] = field(default_factory=dict)


def drain_gateway(cluster: Cluster, pod: str, token: str, port: int = GATEWAY_HTTP_PORT) -> DrainResult:
    """Stop new rooms and connections on one gateway pod; its games go on until they end.

    1. Label the pod serving=false: the gateway Service no longer selects it, so no new
       connection reaches it, while its ReplicaSet keeps it (the Deployment's selector does not
       include the label).
    2. POST /admin/drain on the pod through the API server's pod proxy, with the admin token in
       the X-Gameroom-Admin-Token header: the gateway creates no new rooms and answers JSON
       such as {"draining": true, "rooms": 12, "connections": 40}.
    """
    found = cluster.call(f"reading pod {pod}", cluster.core.read_namespaced_pod, pod, cluster.namespace)
    labels = found.metadata.labels or {}
    key, value = GATEWAY_SELECTOR.split("=")
    if labels.get(key) != value:
        raise OpsError(f"pod {pod} is not a gateway ({key}={labels.get(key)!r})")
    was_serving = labels.get(SERVING_LABEL) != "false"
    cluster.call(
        f"labelling pod {pod} out of the gateway Service",
        cluster.core.patch_namespaced_pod,
        pod,
        cluster.namespace,
        {
            "metadata": {
                "labels": {SERVING_LABEL: "false"},
                "annotations": {DRAINED_AT: datetime.now(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")},
            }
        },
        _content_type=MERGE_PATCH,
    )
    # Raw body: the client would turn a JSON answer typed "str" into a Python repr.
    response = cluster.call(
        f"calling POST /{DRAIN_PATH} on {pod}",
        cluster.core.connect_post_namespaced_pod_proxy_with_path,
        f"{pod}:{port}",
        cluster.namespace,
        DRAIN_PATH,
        _headers={ADMIN_HEADER: token, "Accept": "application/json"},
        _preload_content=False,
        refusal=lambda error: _drain_refusal(pod, error, cluster.namespace),
    )
    text = response.read().decode("utf-8", "replace") if response is not None else ""
    try:
        reply = json.loads(text) if text else {}
    except ValueError:
        reply = {"answer": text}
    return DrainResult(pod, was_serving, reply if isinstance(reply, dict) else {"answer": reply})


def _drain_refusal(pod: str, error: ApiException, namespace: str) -> str:
    """The API server answers with a Status object; anything else came from the gateway itself."""
    try:
        body = json.loads(error.body or "")
    except ValueError:
        body = None
    if isinstance(body, dict) and body.get("kind") == "Status":
        return f"calling POST /{DRAIN_PATH} on {pod}: {explain(error, namespace)}"
    detail = (error.body or error.reason or "").strip()[:300]
    return (
        f"pod {pod} is out of the Service, but its gateway refused POST /{DRAIN_PATH}: HTTP {error.status} {detail}"
        " (is GAMEROOM_ADMIN_TOKEN the same in the gateway and here?)"
    )


@dataclass(frozen=True)
class MetricState:
    name: str
    current: str
    target: str


@dataclass(frozen=True)
class AutoscalerState:
    name: str
    target: str
    minimum: int
    maximum: int
    current: int
    desired: int
    metrics: list[MetricState]
    conditions: list[str]
    last_scaled: str | None


def autoscale(cluster: Cluster) -> list[AutoscalerState]:
    """Each HorizontalPodAutoscaler: bounds, current and desired replicas, each metric against its target."""
    listing = cluster.call(
        "listing autoscalers", cluster.autoscaling.list_namespaced_horizontal_pod_autoscaler, cluster.namespace
    )
    result = []
    for hpa in listing.items:
        status = hpa.status
        current_by_key = {_metric_key(m): m for m in (status.current_metrics or [])} if status else {}
        metrics = [
            MetricState(
                name=_metric_name(spec),
                current=_metric_value(_current_of(current_by_key.get(_metric_key(spec)))),
                target=_metric_value(_target_of(spec)),
            )
            for spec in hpa.spec.metrics or []
        ]
        conditions = [
            f"{c.type}={c.status} ({c.reason})"
            for c in (status.conditions or [] if status else [])
            if (c.type == "ScalingLimited" and c.status == "True")
            or (c.type != "ScalingLimited" and c.status != "True")
        ]
        ref = hpa.spec.scale_target_ref
        result.append(
            AutoscalerState(
                name=hpa.metadata.name,
                target=f"{ref.kind}/{ref.name}",
                minimum=hpa.spec.min_replicas or 1,
                maximum=hpa.spec.max_replicas,
                current=(status.current_replicas or 0) if status else 0,
                desired=(status.desired_replicas or 0) if status else 0,
                metrics=metrics,
                conditions=conditions,
                last_scaled=status.last_scale_time.strftime("%Y-%m-%dT%H:%M:%SZ")
                if status and status.last_scale_time
                else None,
            )
        )
    return sorted(result, key=lambda a: a.name)


def _source(metric: Any) -> Any:
    """The typed part of a metric (spec or status): resource, pods, object, external, container_resource."""
    return getattr(metric, {"ContainerResource": "container_resource"}.get(metric.type, metric.type.lower()), None)


def _metric_key(metric: Any) -> tuple[str, str]:
    return metric.type, _metric_name(metric)


def _metric_name(metric: Any) -> str:
    source = _source(metric)
    if source is None:
        return metric.type
    if getattr(source, "metric", None) is not None:
        return source.metric.name
    return getattr(source, "name", metric.type)


def _target_of(spec: Any) -> Any:
    source = _source(spec)
    return source.target if source is not None else None


def _current_of(current: Any) -> Any:
    source = _source(current) if current is not None else None
    return source.current if source is not None else None


def _metric_value(value: Any) -> str:
    """`60%` for utilisation, else the quantity as Kubernetes writes it; `?` when not known yet."""
    if value is None:
        return "?"
    if value.average_utilization is not None:
        return f"{value.average_utilization}%"
    if value.average_value is not None:
        return f"{value.average_value} avg"
    if getattr(value, "value", None) is not None:
        return str(value.value)
    return "?"
