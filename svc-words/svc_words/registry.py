"""The games svc-words hosts, listed explicitly."""

from rulekit import Registry

from .categories import ENGINE as CATEGORIES
from .hangman import ENGINE as HANGMAN
from .village_night import ENGINE as VILLAGE_NIGHT
from .word_agents import ENGINE as WORD_AGENTS

REGISTRY = Registry(
    "words",
    [
        HANGMAN,
        CATEGORIES,
        WORD_AGENTS,
        VILLAGE_NIGHT,
    ],
)
