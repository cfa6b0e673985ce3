"""The games svc-dice hosts, listed explicitly."""

from rulekit import Registry

from .dice_poker import ENGINE as DICE_POKER
from .goose import ENGINE as GOOSE
from .ludo import ENGINE as LUDO
from .snakes_and_ladders import ENGINE as SNAKES_AND_LADDERS

REGISTRY = Registry("dice", [DICE_POKER, SNAKES_AND_LADDERS, GOOSE, LUDO])
