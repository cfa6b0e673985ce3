"""The games svc-cards hosts, listed explicitly."""

from rulekit import Registry

REGISTRY = Registry("cards", [])
