"""The AI pool's sizing and scaling: its memory request covers what one pod was measured to hold,
the large overlay scales on the queue svc-ai exports (through the Prometheus Adapter's rule) with
CPU as the fallback, and the adapter's rule is valid and names what the code exports.

There is no Kubernetes API server here, nor an adapter: the manifests are validated offline
(tests/deploy/test_manifests.py validates every rendered object against the Kubernetes schemas,
the HPA's Pods metric included) and the rule's query is checked with promtool."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml

from .conftest import DEPLOY, ROOT, render

PROMTOOL = shutil.which("promtool")
MEASURED = ROOT / "bench" / "data" / "ai_service_times.json"
ADAPTER = DEPLOY / "prometheus-adapter" / "values.yaml"
QUEUE = "gameroom_ai_queue_depth"


def ai_hpa(overlay: str) -> dict[str, Any]:
    return next(d for d in render(overlay) if d["kind"] == "HorizontalPodAutoscaler" and d["metadata"]["name"] == "ai")


def ai_container(overlay: str) -> dict[str, Any]:
    deployment = next(d for d in render(overlay) if d["kind"] == "Deployment" and d["metadata"]["name"] == "ai")
    return deployment["spec"]["template"]["spec"]["containers"][0]


def mebibytes(quantity: str) -> float:
    number, unit = re.fullmatch(r"(\d+(?:\.\d+)?)(Mi|Gi)", quantity).groups()  # type: ignore[union-attr]
    return float(number) * (1024 if unit == "Gi" else 1)


def adapter_rule() -> dict[str, Any]:
    (rule,) = yaml.safe_load(ADAPTER.read_text())["rules"]["custom"]
    return rule


@pytest.mark.parametrize("overlay", ["base", "small", "large"])
def test_the_memory_request_covers_a_measured_pod(overlay: str) -> None:
    """svc-ai with Stockfish and gnubg running, as bench/ai_service_times.py last measured it."""
    measured = sum(json.loads(MEASURED.read_text())["memory_mib"].values())
    resources = ai_container(overlay)["resources"]
    assert measured > 0
    assert mebibytes(resources["requests"]["memory"]) >= measured
    assert mebibytes(resources["limits"]["memory"]) >= 1.5 * measured  # room for deeper searches' tables


@pytest.mark.parametrize("overlay", ["base", "small", "large"])
def test_search_processes_match_the_requested_cores(overlay: str) -> None:
    container = ai_container(overlay)
    env = {e["name"]: e.get("value") for e in container.get("env", [])}
    cores = container["resources"]["requests"]["cpu"]
    assert float(env["GAMEROOM_AI_WORKERS"]) == float(cores) >= 1


def test_the_large_pool_scales_on_the_queue_with_cpu_as_the_fallback() -> None:
    metrics = ai_hpa("large")["spec"]["metrics"]
    pods = [m for m in metrics if m["type"] == "Pods"]
    assert [m["pods"]["metric"]["name"] for m in pods] == [QUEUE]
    assert pods[0]["pods"]["target"]["type"] == "AverageValue"
    assert float(pods[0]["pods"]["target"]["averageValue"]) > 0
    assert any(m["type"] == "Resource" and m["resource"]["name"] == "cpu" for m in metrics)


def test_the_base_and_small_pools_need_no_adapter() -> None:
    """Without the adapter a Pods metric would stop every scale-down: they scale on CPU alone."""
    for overlay in ("base", "small"):
        assert [m["type"] for m in ai_hpa(overlay)["spec"]["metrics"]] == ["Resource"]


def test_the_adapter_serves_the_metric_the_hpa_asks_for_from_the_gauge_svc_ai_exports() -> None:
    from svc_ai.server import QUEUE_DEPTH

    rule = adapter_rule()
    assert QUEUE_DEPTH._name == QUEUE  # the gauge svc-ai exports
    assert rule["seriesQuery"].startswith(QUEUE + "{")
    assert re.fullmatch(rule["name"]["matches"], QUEUE) and rule["name"]["as"] == QUEUE
    # The labels the rule maps to Kubernetes objects are the ones the scrape config sets.
    (job,) = yaml.safe_load((DEPLOY / "prometheus" / "prometheus.yml").read_text())["scrape_configs"]
    set_labels = {r.get("target_label") for r in job["relabel_configs"]}
    assert set(rule["resources"]["overrides"]) <= set_labels
    assert {o["resource"] for o in rule["resources"]["overrides"].values()} == {"namespace", "pod"}


@pytest.mark.skipif(PROMTOOL is None, reason="promtool missing: scripts/bootstrap.sh installs Debian's prometheus")
def test_the_adapter_query_is_valid_promql(tmp_path: Path) -> None:
    """The rule's template filled in as the adapter fills it, then checked by promtool; a broken
    query is caught the same way."""
    query = (
        adapter_rule()["metricsQuery"]
        .replace("<<.Series>>", QUEUE)
        .replace("<<.LabelMatchers>>", 'namespace="gameroom",pod=~"ai-1|ai-2"')
        .replace("<<.GroupBy>>", "pod")
    )
    assert "<<" not in query
    for expr, valid in ((query, True), (query.replace("[1m]", "[1 minute]"), False)):
        rules = tmp_path / "rules.yml"
        rules.write_text(yaml.safe_dump({"groups": [{"name": "adapter", "rules": [{"record": "x", "expr": expr}]}]}))
        done = subprocess.run([PROMTOOL, "check", "rules", str(rules)], capture_output=True, text=True, timeout=60)
        assert (done.returncode == 0) == valid, done.stdout + done.stderr
