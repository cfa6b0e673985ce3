"""CPU players for Categories.

A CPU answers from the game's word lists for each column and the room's language: for every
column it looks for listed words with the round's letter and, unless it misses (easy misses
two columns in five, strong one in ten), writes one of them. It writes one column a move,
then hands in with Done; it never calls Stop (that would end the round for the people still
writing). Its answers for a round are fixed by the round, the seat and the level, so every
call of the same round writes the same sheet. In the review it accepts every answer.
"""

from __future__ import annotations

import random

from rulekit.players import Ask, Choice, legal_or_refuse

from ..letters import sectioned_lists
from .rules import compare_key

MISS = {"easy": 0.4, "strong": 0.1}
LISTS = {language: sectioned_lists(__package__, language) for language in ("de", "en", "es", "sv")}


def planned_answers(public: dict, seat: int, level: str) -> list[str]:
    """The sheet this CPU writes this round ("" for a column it misses)."""
    language = public["options"]["language"]
    letter = public["letter"].casefold()
    rnd = random.Random(f"categories:{public['round']}:{letter}:{seat}:{level}")
    out = []
    for column in public["columns"]:
        words = [word for word in LISTS[language].get(column, ()) if compare_key(word, language)[:1] == letter]
        out.append("" if not words or rnd.random() < MISS[level] else rnd.choice(words))
    return out


def _player(level: str):  # type: ignore[no-untyped-def]
    def play(ask: Ask) -> Choice:
        legal = legal_or_refuse(ask.view)
        public = ask.view["public"]
        if public["phase"] != "writing":
            return Choice({"type": "accept"})
        written = ask.view["private"]["answers"]
        can_write = any(move["type"] == "write" for move in legal)
        for column, answer in enumerate(planned_answers(public, ask.seat, level)):
            if can_write and answer and written[column] != answer:
                return Choice({"type": "write", "column": column, "word": answer})
        return Choice({"type": "done"})

    return play


LEVELS = {"easy": _player("easy"), "strong": _player("strong")}
