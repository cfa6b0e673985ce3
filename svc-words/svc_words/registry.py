"""The games svc-words hosts, listed explicitly."""

from rulekit import Registry

REGISTRY = Registry("words", [])
