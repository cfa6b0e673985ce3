"""The games svc-words hosts, listed explicitly: one declaration each (the engine and what the platform knows of it)."""

from rulekit import Registry

from .categories.declaration import DECLARATION as CATEGORIES
from .hangman.declaration import DECLARATION as HANGMAN
from .village_night.declaration import DECLARATION as VILLAGE_NIGHT
from .word_agents.declaration import DECLARATION as WORD_AGENTS

REGISTRY = Registry(
    "words",
    [
        HANGMAN,
        CATEGORIES,
        WORD_AGENTS,
        VILLAGE_NIGHT,
    ],
)
