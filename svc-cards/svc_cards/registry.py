"""The games svc-cards hosts, listed explicitly."""

from rulekit import Registry

from .hau_hau import ENGINE as HAU_HAU
from .last_card import ENGINE as LAST_CARD
from .mau_mau import ENGINE as MAU_MAU

REGISTRY = Registry("cards", [LAST_CARD, MAU_MAU, HAU_HAU])
