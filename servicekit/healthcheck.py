"""A container health check without grpc_health_probe: `python -m servicekit.healthcheck TARGET`.

TARGET is `host:port` for a gRPC process (asks grpc.health.v1 Check) or an `http://` URL for the
gateway (GET must answer 200). Exit status 0 means healthy, 1 unhealthy, 2 a usage error; the
reason for a failure goes to stderr, which Docker keeps in `docker inspect`.
"""

from __future__ import annotations

import argparse
import sys
import urllib.error
import urllib.request

HEALTHY, UNHEALTHY, USAGE = 0, 1, 2


def check_grpc(target: str, service: str = "", timeout: float = 3.0) -> str | None:
    """None when `target` reports SERVING for `service`, else why not."""
    # Imported here so an HTTP check does not pay for loading gRPC.
    import grpc
    from grpc_health.v1 import health_pb2, health_pb2_grpc

    with grpc.insecure_channel(target) as channel:
        try:
            reply = health_pb2_grpc.HealthStub(channel).Check(
                health_pb2.HealthCheckRequest(service=service), timeout=timeout
            )
        except grpc.RpcError as error:
            return f"{target}: {error.code().name} {error.details() or ''}".strip()
    if reply.status != health_pb2.HealthCheckResponse.SERVING:
        return f"{target}: {health_pb2.HealthCheckResponse.ServingStatus.Name(reply.status)}"
    return None


def check_http(url: str, timeout: float = 3.0) -> str | None:
    """None when GET `url` answers 200, else why not."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as response:
            if response.status != 200:
                return f"{url}: HTTP {response.status}"
    except urllib.error.HTTPError as error:
        return f"{url}: HTTP {error.code}"
    except (urllib.error.URLError, OSError) as error:
        return f"{url}: {getattr(error, 'reason', error)}"
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m servicekit.healthcheck", description=__doc__.splitlines()[0])
    parser.add_argument("target", help="host:port of a gRPC server, or an http:// URL")
    parser.add_argument("--service", default="", help="gRPC service name to ask about (default: the whole server)")
    parser.add_argument("--timeout", type=float, default=3.0, help="seconds to wait for the answer")
    args = parser.parse_args(argv)
    if args.target.startswith(("http://", "https://")):
        problem = check_http(args.target, args.timeout)
    elif ":" in args.target:
        problem = check_grpc(args.target, args.service, args.timeout)
    else:
        print(f"not a host:port or URL: {args.target!r}", file=sys.stderr)
        return USAGE
    if problem:
        print(f"unhealthy: {problem}", file=sys.stderr)
        return UNHEALTHY
    return HEALTHY


if __name__ == "__main__":
    sys.exit(main())
