"""The games svc-dice hosts, listed explicitly."""

from rulekit import Registry

from .bingo import ENGINE as BINGO
from .dice_poker import ENGINE as DICE_POKER
from .goose import ENGINE as GOOSE
from .liars_dice import ENGINE as LIARS_DICE
from .ludo import ENGINE as LUDO
from .mensch import ENGINE as MENSCH
from .parchis import ENGINE as PARCHIS
from .snakes_and_ladders import ENGINE as SNAKES_AND_LADDERS

REGISTRY = Registry(
    "dice",
    [
        DICE_POKER,
        SNAKES_AND_LADDERS,
        GOOSE,
        LUDO,
        MENSCH,
        PARCHIS,
        LIARS_DICE,
        BINGO,
    ],
)
