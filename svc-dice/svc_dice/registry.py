"""The games svc-dice hosts, listed explicitly: one declaration each (the engine and what the platform knows of it)."""

from rulekit import Registry

from .bingo.declaration import DECLARATION as BINGO
from .dice_poker.declaration import DECLARATION as DICE_POKER
from .goose.declaration import DECLARATION as GOOSE
from .liars_dice.declaration import DECLARATION as LIARS_DICE
from .ludo.declaration import DECLARATION as LUDO
from .mensch.declaration import DECLARATION as MENSCH
from .parchis.declaration import DECLARATION as PARCHIS
from .snakes_and_ladders.declaration import DECLARATION as SNAKES_AND_LADDERS

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
