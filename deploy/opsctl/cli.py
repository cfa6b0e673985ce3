"""`python -m opsctl`: argument parsing and printing; the work is in commands.py."""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from . import commands
from .cluster import Cluster, OpsError, connect

FAILED = 1


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    cells = [list(map(str, headers)), *[[str(c) for c in row] for row in rows]]
    widths = [max(len(row[i]) for row in cells) for i in range(len(headers))]
    return "\n".join("  ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in cells)


def show_status(cluster: Cluster, as_json: bool) -> int:
    state = commands.status(cluster)
    if as_json:
        print(json.dumps(dataclasses.asdict(state), indent=2))
        return 0
    if not state.deployments:
        print(f"no deployments in namespace {cluster.namespace!r} on {cluster.host}", file=sys.stderr)
        return FAILED
    rows = [
        (d.name, d.desired, d.ready, d.available, d.updated, ",".join(d.images), "" if d.healthy else "NOT READY")
        for d in state.deployments
    ]
    print(f"namespace {cluster.namespace} on {cluster.host}")
    print(table(("DEPLOYMENT", "DESIRED", "READY", "AVAILABLE", "UP-TO-DATE", "IMAGE", ""), rows))
    if state.drained:
        print("\ndrained gateway pods (out of the Service, finishing their games):")
        print(table(("POD", "DRAINED AT"), [(p.name, p.since) for p in state.drained]))
    return 0


def scale_ai(cluster: Cluster, replicas: int, ceiling: int | None, as_json: bool) -> int:
    result = commands.scale_ai(cluster, replicas, ceiling)
    if as_json:
        print(json.dumps(dataclasses.asdict(result)))
        return 0
    if result.floor_after is None:
        print(f"ai: no autoscaler; deployment scaled {result.replicas_before} -> {result.replicas_after}")
        return 0
    print(
        f"ai: autoscaler floor {result.floor_before} -> {result.floor_after}, "
        f"ceiling {result.ceiling_before} -> {result.ceiling_after}"
    )
    if result.replicas_after != result.replicas_before:
        print(f"ai: deployment scaled {result.replicas_before} -> {result.replicas_after} now")
    elif result.replicas_before > replicas:
        print(f"ai: {result.replicas_before} replicas running; the autoscaler scales down when load allows")
    return 0


def drain_gateway(cluster: Cluster, pod: str, token: str | None, port: int, as_json: bool) -> int:
    token = token or os.environ.get("GAMEROOM_ADMIN_TOKEN") or commands.admin_token_from_secret(cluster)
    result = commands.drain_gateway(cluster, pod, token, port)
    if as_json:
        print(json.dumps(dataclasses.asdict(result)))
        return 0
    already = "" if result.was_serving else " (it was already labelled out)"
    print(f"{pod}: out of the gateway Service{already}; the gateway takes no new rooms")
    details = ", ".join(f"{k} {v}" for k, v in result.reply.items() if k != "draining")
    if details:
        print(f"{pod}: still open: {details}")
    print(f"when its games are over: kubectl -n {cluster.namespace} delete pod {pod}")
    return 0


def show_autoscale(cluster: Cluster, as_json: bool) -> int:
    scalers = commands.autoscale(cluster)
    if as_json:
        print(json.dumps([dataclasses.asdict(s) for s in scalers], indent=2))
        return 0
    if not scalers:
        print(f"no autoscalers in namespace {cluster.namespace!r} on {cluster.host}", file=sys.stderr)
        return FAILED
    rows = [
        (
            s.name,
            s.target,
            s.minimum,
            s.maximum,
            s.current,
            s.desired,
            ", ".join(f"{m.name} {m.current}/{m.target}" for m in s.metrics) or "-",
            s.last_scaled or "-",
        )
        for s in scalers
    ]
    print(
        table(("AUTOSCALER", "TARGET", "MIN", "MAX", "CURRENT", "DESIRED", "METRICS (NOW/TARGET)", "LAST SCALED"), rows)
    )
    for s in scalers:
        for condition in s.conditions:
            print(f"{s.name}: {condition}")
    return 0


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(prog="python -m opsctl", description="Operate a gameroom installation on Kubernetes.")
    top.add_argument(
        "--kubeconfig", help="kubeconfig file (default: $KUBECONFIG, ~/.kube/config, or the pod's account)"
    )
    top.add_argument("--context", help="kubeconfig context (default: the current one)")
    top.add_argument("-n", "--namespace", default=os.environ.get("GAMEROOM_NAMESPACE", "gameroom"))
    top.add_argument("--json", action="store_true", help="print the result as JSON")
    sub = top.add_subparsers(dest="command", required=True, metavar="COMMAND")
    sub.add_parser("status", help="every deployment: desired, ready, available, image; drained gateways")
    scale = sub.add_parser("scale-ai", help="keep at least N svc-ai replicas (the autoscaler's floor), starting now")
    scale.add_argument("replicas", type=int, metavar="N")
    scale.add_argument("--max", type=int, dest="ceiling", help="also set the autoscaler's ceiling")
    drain = sub.add_parser("drain-gateway", help="stop new rooms and connections on one gateway pod")
    drain.add_argument("pod")
    drain.add_argument("--admin-token", help=f"default: $GAMEROOM_ADMIN_TOKEN, else Secret {commands.ADMIN_SECRET}")
    drain.add_argument("--port", type=int, default=commands.GATEWAY_HTTP_PORT, help="the gateway's HTTP port")
    sub.add_parser("autoscale", help="each autoscaler: bounds, current/desired replicas, metrics against targets")
    return top


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        cluster = connect(args.kubeconfig, args.context, args.namespace)
        if args.command == "status":
            return show_status(cluster, args.json)
        if args.command == "scale-ai":
            return scale_ai(cluster, args.replicas, args.ceiling, args.json)
        if args.command == "drain-gateway":
            return drain_gateway(cluster, args.pod, args.admin_token, args.port, args.json)
        return show_autoscale(cluster, args.json)
    except OpsError as error:
        print(f"opsctl: {error}", file=sys.stderr)
        return FAILED
