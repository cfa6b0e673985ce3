"""The games svc-boards hosts, listed explicitly."""

from rulekit import Registry

REGISTRY = Registry("boards", [])
