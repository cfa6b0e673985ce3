"""Backgammon CPU levels: each returns a legal move from a view (GNU Backgammon's where it is
installed, else the pure-Python fallback), the fallback's strong level and GNU Backgammon's
beat random, gnubg's move is always mapped onto a listed turn, and with the cube on every level
doubles a won race and answers a double legally."""

from __future__ import annotations

import os
import random
import signal
from dataclasses import replace

import pytest
from svc_ai import gnubg
from svc_ai.backgammon_levels import GNUBG_LEVELS, choose_gnubg
from svc_ai.players import choose
from svc_boards.backgammon import ENGINE
from svc_boards.backgammon import cpu as pure
from svc_boards.backgammon.rules import after

from rulekit.players import Ask, Player, random_player
from tests.games.backgammon.support import position, reach
from tests.games.board_cpu import check_every_level_returns_a_legal_move

GAME = "backgammon"
needs_gnubg = pytest.mark.skipif(gnubg.binary_path() is None, reason="GNU Backgammon (Debian's gnubg) is not installed")


def test_every_fallback_level_returns_a_legal_move(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(gnubg.ENV_PATH, "/nonexistent/gnubg")
    check_every_level_returns_a_legal_move(ENGINE, GAME)


def wins(player: Player, games: int, budget_ms: int = 15) -> int:
    """Games `player` wins against random, colours alternated."""
    won = 0
    for number in range(games):
        seat_of_player = number % 2
        state = ENGINE.setup(2, {}, f"strength:{number}".encode())
        ply = 0
        while ENGINE.result(state) is None:
            (seat,) = ENGINE.to_move(state)
            ask = Ask(GAME, seat, ENGINE.view(state, seat), "x", f"{number}:{ply}".encode(), budget_ms)
            chosen = player(ask) if seat == seat_of_player else random_player(ask)
            state = ENGINE.apply(state, seat, chosen.move, 0)[0]
            ply += 1
        placings = ENGINE.result(state)["placings"]
        won += placings[seat_of_player] < placings[1 - seat_of_player]
    return won


START_BOARD = {24: 2, 13: 5, 8: 3, 6: 5}


def test_fallback_strong_beats_random() -> None:
    """At least 18 of 20 games (backgammon has luck: a good player still loses a few)."""
    won = wins(pure.LEVELS["strong"], 20)
    assert won >= 18, f"strong won only {won} of 20"


def strong_reaches(state: dict) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The position the fallback's strong level plays to from `state`."""
    seat = state["turn"]
    move = pure.LEVELS["strong"](Ask(GAME, seat, ENGINE.view(state, seat), "x", b"s", 100)).move
    mine, theirs = state["board"][seat], state["board"][1 - seat]
    m, t = after(mine, theirs, move["steps"])
    return tuple(m), tuple(t)


@pytest.mark.parametrize("seat", [0, 1])
def test_fallback_strong_points_on_a_blot_in_its_home_board(seat: int) -> None:
    """They split to my 5-point (their 20); with 3-1 the strong level hits it and makes the
    point (8/5*, 6/5), not one of the other 15 turns."""
    state = position(START_BOARD, {24: 1, 20: 1, 13: 5, 8: 3, 6: 5}, (3, 1), seat=seat)
    assert strong_reaches(state) == reach(state, (8, 5), (6, 5))


def test_fallback_strong_bears_off_two_checkers_with_6_1() -> None:
    """A race: 6-1 bears off from the 6 and the 1 (two checkers off beats moving down)."""
    state = position({6: 1, 3: 3, 1: 1}, {1: 5, 2: 5}, (6, 1))
    final = strong_reaches(state)
    assert sum(final[0]) == 3, final[0]


@needs_gnubg
def test_gnubg_beats_random() -> None:
    """gnubg's medium level (0-ply with noise, quick): at least 9 of 10."""
    won = wins(lambda ask: choose_gnubg(ask, GNUBG_LEVELS["medium"]), 10)
    assert won >= 9, f"gnubg won only {won} of 10"


@needs_gnubg
def test_gnubg_moves_are_listed_turns_along_random_games() -> None:
    rnd = random.Random(7)
    asked = 0
    for game in range(3):
        state = ENGINE.setup(2, {}, f"gnubg:{game}".encode())
        while ENGINE.result(state) is None:
            (seat,) = ENGINE.to_move(state)
            view = ENGINE.view(state, seat)
            if len(view["legal_moves"]) > 1:
                move = choose_gnubg(Ask(GAME, seat, view, "easy", b"s", 100), GNUBG_LEVELS["easy"]).move
                assert move in view["legal_moves"]
                asked += 1
            state = ENGINE.apply(state, seat, rnd.choice(view["legal_moves"]), 0)[0]
    assert asked > 50


@needs_gnubg
def test_a_dead_gnubg_is_restarted() -> None:
    state = ENGINE.setup(2, {}, b"restart")
    (seat,) = ENGINE.to_move(state)
    view = ENGINE.view(state, seat)
    ask = Ask(GAME, seat, view, "easy", b"s", 100)
    choose(ask)
    engine = gnubg.driver("quick")  # the 0-ply levels' process
    starts = engine.starts
    pid = engine.pid()
    assert pid is not None
    os.kill(pid, signal.SIGKILL)
    assert choose(ask).move in view["legal_moves"]
    assert engine.starts == starts + 1


def cube_view(mine: dict[int, int], theirs: dict[int, int], phase: str, seat: int = 0) -> Ask:
    """An Ask for `seat` in a cube decision (`decide`: may double; `answer`: facing one)."""
    state = position(mine, theirs, (0, 0), seat=seat)
    state["options"] = {**state["options"], "cube": True}
    state.update(cube=1, cube_owner=None, phase=phase)
    return Ask(GAME, seat, ENGINE.view(state, seat), "x", b"cube", 100)


# Seat 0 is home with 45 pips against 180: a clearly won race; the start is even.
WON = ({3: 15}, {12: 15})
START = ({24: 2, 13: 5, 8: 3, 6: 5}, {24: 2, 13: 5, 8: 3, 6: 5})


def every_level() -> list[tuple[str, Player]]:
    """The served levels (gnubg where installed) and the pure-Python ones."""
    served = [(f"served {name}", lambda ask, name=name: choose(replace(ask, level=name))) for name in pure.LEVELS]
    return served + [(f"fallback {name}", level) for name, level in pure.LEVELS.items()]


@pytest.mark.parametrize(("label", "player"), every_level())
def test_each_level_doubles_a_won_race_and_answers_a_double_legally(label: str, player: Player) -> None:
    for seat in (0, 1):
        assert player(cube_view(*WON, "decide", seat)).move == {"type": "double"}, (label, seat)
        # Facing that double, the trailer drops; in the starting position it rolls, and takes.
        assert player(cube_view(*reversed(WON), "answer", seat)).move == {"type": "drop"}, (label, seat)
        assert player(cube_view(*START, "decide", seat)).move == {"type": "roll"}, (label, seat)
        assert player(cube_view(*START, "answer", seat)).move == {"type": "take"}, (label, seat)


def test_every_level_decides_legally_along_games_with_the_cube(monkeypatch: pytest.MonkeyPatch) -> None:
    """Along random games with the cube on, each level's answer (served and fallback) to every
    cube decision and every fifth turn is a legal move."""
    rnd = random.Random(11)
    asked = 0
    for game in range(4):
        state = ENGINE.setup(2, {"cube": True}, f"cube-cpu:{game}".encode())
        ply = 0
        while ENGINE.result(state) is None and ply < 120:
            (seat,) = ENGINE.to_move(state)
            view = ENGINE.view(state, seat)
            deciding = view["legal_moves"][0]["type"] != "move"
            if deciding or ply % 5 == 0:
                for label, player in every_level():
                    move = player(Ask(GAME, seat, view, "x", f"{game}:{ply}".encode(), 15)).move
                    assert move in view["legal_moves"], (label, game, ply)
                    asked += 1
            # Mostly roll and take, so the games run on with the cube climbing.
            choice = rnd.choice(view["legal_moves"]) if not deciding or rnd.random() < 0.2 else view["legal_moves"][0]
            state = ENGINE.apply(state, seat, choice, 0)[0]
            ply += 1
    assert asked > 100
