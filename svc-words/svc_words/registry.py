"""The games svc-words hosts, listed explicitly."""

from rulekit import Registry

from .categories import ENGINE as CATEGORIES
from .hangman import ENGINE as HANGMAN

REGISTRY = Registry("words", [HANGMAN, CATEGORIES])
