"""The games svc-dice hosts, listed explicitly."""

from rulekit import Registry

from .dice_poker import ENGINE as DICE_POKER

REGISTRY = Registry("dice", [DICE_POKER])
