"""Hangman's state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import Literal, NotRequired, TypedDict

from rulekit import BaseView, CommonState


class Setting(TypedDict):
    setter: int
    word: str
    solver: int | None
    misses: int


class Shown(CommonState):
    """What every seat sees of the state: all of it but the word and the words drawn."""

    phase: Literal["set", "guess", "over"]
    setting: int  # how many words have been set so far
    settings: int  # how many will be
    setter: int
    guesser: int | None
    revealed: list[str | None] | None  # the word's letters guessed so far, None for a dash
    guessed: list[str]
    misses: int
    scores: list[int]
    history: list[Setting]


class HangmanState(Shown):
    word: list[str] | None  # the hidden word as letters
    drawn: list[str]  # the words drawn from the list so far (never drawn twice)


class HangmanPublic(Shown):
    length: int | None
    wrong: list[str]  # the guessed letters not in the word
    max_misses: int


class HangmanPrivate(TypedDict):
    word: str


class HangmanView(BaseView):
    public: HangmanPublic
    private: NotRequired[HangmanPrivate]  # the setter's word
