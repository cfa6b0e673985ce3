"""Reaching the cluster, and turning the client's failures into sentences an operator can act on."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import urllib3
from kubernetes import client, config
from kubernetes.client.exceptions import ApiException

# Seconds to connect and to read one answer; an unreachable API server fails fast instead of hanging.
DEFAULT_TIMEOUT = (5.0, 20.0)


class OpsError(Exception):
    """A failure to report in one line, without a traceback."""


class Cluster:
    """The API groups opsctl uses, bound to one namespace."""

    def __init__(
        self, api_client: client.ApiClient, namespace: str, timeout: tuple[float, float] = DEFAULT_TIMEOUT
    ) -> None:
        self.api_client = api_client
        self.namespace = namespace
        self.timeout = timeout
        self.apps = client.AppsV1Api(api_client)
        self.core = client.CoreV1Api(api_client)
        self.autoscaling = client.AutoscalingV2Api(api_client)

    @property
    def host(self) -> str:
        return self.api_client.configuration.host

    def call(
        self,
        what: str,
        request: Callable[..., Any],
        *args: object,
        refusal: Callable[[ApiException], str] | None = None,
        **kwargs: object,
    ) -> Any:
        """Run one API request; any failure becomes an OpsError saying `what` failed and why.

        `refusal` words an error answer itself. The result is the client's model object, typed
        Any: the models mark every field optional, though the server always fills the ones used.
        """
        try:
            return request(*args, _request_timeout=self.timeout, **kwargs)
        except ApiException as error:
            raise OpsError(refusal(error) if refusal else f"{what}: {explain(error, self.namespace)}") from None
        except (urllib3.exceptions.HTTPError, OSError) as error:
            reason = getattr(error, "reason", None) or error
            raise OpsError(f"cannot reach the Kubernetes API server at {self.host}: {reason}") from None

    def find(self, what: str, request: Callable[..., Any], *args: object, **kwargs: object) -> Any:
        """Like `call`, but None when the object does not exist (404)."""

        def refusal(error: ApiException) -> str:
            if error.status == 404:
                raise _Missing
            return f"{what}: {explain(error, self.namespace)}"

        try:
            return self.call(what, request, *args, refusal=refusal, **kwargs)
        except _Missing:
            return None


class _Missing(Exception):
    pass


def connect(kubeconfig: str | None, context: str | None, namespace: str) -> Cluster:
    """A client from --kubeconfig, $KUBECONFIG or ~/.kube/config, else the pod's service account."""
    configuration = client.Configuration()
    # Read here, not at import time as the client's own default is: $KUBECONFIG may list several files.
    files = kubeconfig or os.environ.get("KUBECONFIG") or str(Path("~/.kube/config").expanduser())
    try:
        if kubeconfig or any(Path(f).expanduser().exists() for f in files.split(os.pathsep) if f):
            config.load_kube_config(config_file=files, context=context, client_configuration=configuration)
        elif os.environ.get("KUBERNETES_SERVICE_HOST"):
            config.load_incluster_config(client_configuration=configuration)
        else:
            raise OpsError(
                f"no Kubernetes cluster configured: no kubeconfig at {files} (set --kubeconfig or KUBECONFIG) "
                "and not running inside a pod"
            )
    except config.ConfigException as error:
        raise OpsError(f"cannot load the Kubernetes configuration: {error}") from None
    # One retry: a cluster that is down should say so in seconds, not after urllib3's default three.
    configuration.retries = 1
    return Cluster(client.ApiClient(configuration), namespace)


def explain(error: ApiException, namespace: str) -> str:
    """The API server's own message (a Status object) with a hint for the common statuses."""
    message = error.reason or ""
    if error.body:
        try:
            message = json.loads(error.body).get("message") or message
        except (ValueError, AttributeError):
            message = error.body.strip()[:300] or message
    hints = {
        401: "the API server did not accept your credentials (log in again or check the kubeconfig's user)",
        403: "forbidden; opsctl needs the gameroom-operator Role (deploy/k8s/base/operator-rbac.yaml) bound to you",
        404: f"not found in namespace {namespace!r} (wrong --namespace, or the overlay is not deployed)",
    }
    hint = hints.get(error.status or 0)
    return f"{message} [{error.status}]" + (f" - {hint}" if hint else "")
