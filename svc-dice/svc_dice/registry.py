"""The games svc-dice hosts, listed explicitly."""

from rulekit import Registry

REGISTRY = Registry("dice", [])
