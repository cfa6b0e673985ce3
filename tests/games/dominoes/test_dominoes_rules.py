"""Dominoes: one test per rule sentence of house-rules-de-en-es.txt ("Dominoes", English part)
and of domino-duel-de.txt (the duel's match to 50; each docstring quotes the German sentence
and says it in English), and per decision of the rules page."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from svc_boards.dominoes import ENGINE
from svc_boards.dominoes.rules import TILES, opening_rank, pips

from rulekit import IllegalMove, Refusal, State

WEB = Path(__file__).resolve().parents[3] / "gateway" / "web" / "games" / "dominoes"


def arrange(
    seats: int = 2,
    variant: str = "house",
    hands: list[list[str]] | None = None,
    line: list[list[int]] | None = None,
    boneyard: list[str] | None = None,
    turn: int = 0,
    **more: Any,
) -> State:
    """A round in progress with the given hands, line and boneyard (the boneyard's last tile is
    drawn first); unless given, the boneyard holds every other tile."""
    state = ENGINE.setup(seats, {"variant": variant}, b"dominoes-rules")
    hands = [sorted(hand, key=TILES.index) for hand in hands or [[] for _ in range(seats)]]
    line = line or []
    used = {t for hand in hands for t in hand} | {f"{min(p)}-{max(p)}" for p in line}
    if boneyard is None:
        boneyard = [t for t in TILES if t not in used]
    state.update(hands=hands, line=line, boneyard=boneyard, turn=turn, opening=None, passes=0, **more)
    return state


def step(state: State, move: dict[str, Any], seat: int | None = None) -> tuple[State, list[dict[str, Any]]]:
    return ENGINE.apply(state, state["turn"] if seat is None else seat, move, 0)


def plays(state: State) -> list[tuple[str, str]]:
    return [(m["tile"], m["end"]) for m in ENGINE.legal_moves(state, state["turn"]) if m["type"] == "play"]


def codes(events: list[dict[str, Any]]) -> list[str]:
    return [e["code"] for e in events]


# -- house-rules-de-en-es.txt, "Dominoes" ------------------------------------------------


def test_two_to_four_players_double_six() -> None:
    """“Match tiles to the open ends. For 2 to 4 players.” Decision: a double-six set, seven
    tiles each with two players, five with three or four; the rest is the boneyard."""
    assert ENGINE.meta.allowed_seat_counts() == (2, 3, 4)
    for seats, size in ((2, 7), (3, 5), (4, 5)):
        state = ENGINE.setup(seats, {}, b"deal-%d" % seats)
        assert [len(hand) for hand in state["hands"]] == [size] * seats
        assert len(state["boneyard"]) == 28 - seats * size
        assert Counter(t for hand in state["hands"] for t in hand) + Counter(state["boneyard"]) == Counter(TILES)


def test_lay_a_tile_at_one_of_the_two_open_ends() -> None:
    """“Lay a tile at one of the two open ends; one half has to match.”"""
    state = arrange(hands=[["1-3", "4-5", "2-6"], ["0-0"]], line=[[3, 2], [2, 6]])
    assert plays(state) == [("1-3", "left"), ("2-6", "right")]
    state, events = step(state, {"type": "play", "tile": "1-3", "end": "left"})
    assert state["line"] == [[1, 3], [3, 2], [2, 6]] and events[0]["code"] == "played"
    with pytest.raises(IllegalMove):
        step(arrange(hands=[["4-5"], ["0-0"]], line=[[3, 2]]), {"type": "play", "tile": "4-5", "end": "left"})


def test_a_tile_that_fits_both_ends_asks_which() -> None:
    """“If a tile fits both ends, you are asked which one.”"""
    state = arrange(hands=[["3-6", "0-1"], ["0-0"]], line=[[3, 5], [5, 6]])
    assert plays(state) == [("3-6", "left"), ("3-6", "right")]
    left = step(state, {"type": "play", "tile": "3-6", "end": "left"})[0]
    right = step(state, {"type": "play", "tile": "3-6", "end": "right"})[0]
    assert left["line"][0] == [6, 3] and right["line"][-1] == [6, 3]
    with pytest.raises(IllegalMove):
        step(state, {"type": "play", "tile": "3-6"})


def test_nothing_fits_draw_until_it_does_or_pass() -> None:
    """“If nothing fits, you draw until it does – if the boneyard is empty, you pass.”"""
    state = arrange(hands=[["0-1"], ["0-0"]], line=[[5, 5]], boneyard=["6-6", "2-5", "3-4", "2-2"])
    assert ENGINE.legal_moves(state, 0) == [{"type": "draw"}]
    state, events = step(state, {"type": "draw"})
    assert state["hands"][0] == ["0-1", "2-2", "2-5", "3-4"] and state["boneyard"] == ["6-6"]
    assert events[0] == {"code": "drew", "seat": 0, "count": 3}
    assert events[1] == {"code": "drew_tiles", "seat": 0, "tiles": ["2-2", "3-4", "2-5"], "visible_to": [0]}
    assert plays(state) == [("2-5", "left"), ("2-5", "right")] and state["turn"] == 0
    empty = arrange(hands=[["0-1"], ["0-0"]], line=[[5, 5]], boneyard=["2-2"])
    empty = step(empty, {"type": "draw"})[0]
    assert ENGINE.legal_moves(empty, 0) == [{"type": "pass"}]
    after, events = step(empty, {"type": "pass"})
    assert codes(events) == ["passed"] and after["turn"] == 1


def test_first_out_wins_blocked_fewest_pips() -> None:
    """“First to run out of tiles wins. If nobody can move, fewest pips wins.”"""
    state = arrange(seats=3, hands=[["1-2"], ["0-0", "6-6"], ["0-3"]], line=[[2, 4]], boneyard=[])
    state, events = step(state, {"type": "play", "tile": "1-2", "end": "left"})
    assert codes(events) == ["played", "went_out", "round_over", "game_over"]
    result = ENGINE.result(state)
    # Seat 1's 0-0 and 6-6 are 12 pips, seat 2's 0-3 three: placed after the winner by pips.
    assert result == {"placings": [1, 3, 2], "scores": [0.0, 12.0, 3.0]}
    blocked = arrange(seats=3, hands=[["0-1", "0-2"], ["1-1"], ["0-3"]], line=[[5, 6]], boneyard=[])
    for _ in range(3):
        blocked, events = step(blocked, {"type": "pass"})
    assert codes(events) == ["passed", "blocked", "round_over", "game_over"]
    assert ENGINE.result(blocked) == {"placings": [2, 1, 2], "scores": [3.0, 2.0, 3.0]}


def test_nobody_can_move_is_every_seat_passing_in_turn() -> None:
    """Decision: “nobody can move” is every seat passing in a row; a play in between starts
    the count again; equal lowest sums share the win."""
    state = arrange(seats=3, hands=[["0-1"], ["5-6", "0-2"], ["0-3"]], line=[[5, 4]], boneyard=[])
    state = step(state, {"type": "pass"})[0]
    state = step(state, {"type": "play", "tile": "5-6", "end": "left"})[0]
    assert state["passes"] == 0
    for _ in range(2):
        state = step(state, {"type": "pass"})[0]
    assert ENGINE.result(state) is None and state["turn"] == 1
    state = step(state, {"type": "pass"})[0]
    assert ENGINE.result(state)["placings"] == [1, 2, 3]  # 1, 2 and 3 pips
    tie = arrange(hands=[["0-3"], ["1-2"]], line=[[5, 4]], boneyard=[])
    tie = step(step(tie, {"type": "pass"})[0], {"type": "pass"})[0]
    assert ENGINE.result(tie)["placings"] == [1, 1]


def test_house_game_opens_with_the_highest_double() -> None:
    """Decision: the house game opens like round one of the duel; play goes to higher seats."""
    for index in range(40):
        state = ENGINE.setup(4, {}, b"house-open-%d" % index)
        best = max((t for hand in state["hands"] for t in hand), key=opening_rank)
        assert best in state["hands"][state["turn"]]
        assert ENGINE.legal_moves(state, state["turn"]) == [{"type": "play", "tile": best, "end": "left"}]
        after = step(state, {"type": "play", "tile": best, "end": "left"})[0]
        assert after["turn"] == (state["turn"] + 1) % 4


# -- domino-duel-de.txt -------------------------------------------------------------------


def duel(**kwargs: Any) -> State:
    return arrange(variant="duel", **kwargs)


def test_duel_is_for_two_players_with_the_double_six_set() -> None:
    """“Zwei Spieler verwenden einen Doppelsechs-Satz mit 28 Steinen von 0–0 bis 6–6.” (Two
    players use a double-six set of 28 tiles from 0–0 to 6–6.)"""
    assert len(TILES) == len(set(TILES)) == 28 and TILES[0] == "0-0" and TILES[-1] == "6-6"
    ENGINE.setup(2, {"variant": "duel"}, b"duel")
    with pytest.raises(Refusal):
        ENGINE.setup(3, {"variant": "duel"}, b"duel")


def test_seven_each_fourteen_in_the_hidden_boneyard() -> None:
    """“Jeder erhält 7 Steine; die übrigen 14 bilden den verdeckten Vorrat.” (Each gets 7
    tiles; the other 14 form the face-down boneyard.)"""
    state = ENGINE.setup(2, {"variant": "duel"}, b"duel-deal")
    assert [len(h) for h in state["hands"]] == [7, 7] and len(state["boneyard"]) == 14
    text = json.dumps(ENGINE.view(state, 0))
    assert not any(f'"{tile}"' in text for tile in state["boneyard"] + state["hands"][1])
    assert ENGINE.view(state, 1)["public"]["boneyard_count"] == 14


def test_end_to_end_equal_values_touch() -> None:
    """“Lege die Steine Ende an Ende, sodass sich gleiche Werte berühren.” (Lay the tiles end
    to end so that equal values touch.)"""
    state = duel(hands=[["4-6", "1-2"], ["2-4", "0-5"]], line=[[6, 2]])
    state = step(state, {"type": "play", "tile": "4-6", "end": "left"})[0]
    state = step(state, {"type": "play", "tile": "2-4", "end": "right"})[0]
    assert state["line"] == [[4, 6], [6, 2], [2, 4]]
    assert ENGINE.view(state, None)["public"]["ends"] == [4, 4]


def test_an_empty_half_counts_zero() -> None:
    """“Eine leere Hälfte zählt null.” (A blank half counts zero.)"""
    assert pips("0-0") == 0 and pips("0-5") == 5
    state = duel(hands=[["0-1"], ["0-0", "0-3"]], line=[[1, 2]], boneyard=[], first_starter=0)
    state, events = step(state, {"type": "play", "tile": "0-1", "end": "left"})
    assert events[-1]["code"] == "round_over" and events[-1]["points"] == 3
    # Round two: the other player starts.
    assert ENGINE.legal_moves(state, 1) == [{"type": "next_round"}]


def test_a_double_has_the_same_value_on_both_halves() -> None:
    """“Ein Doppelstein hat auf beiden Hälften denselben Wert.” (A double has the same value
    on both halves.)"""
    state = duel(hands=[["3-3", "1-2"], ["0-6"]], line=[[3, 5]])
    state = step(state, {"type": "play", "tile": "3-3", "end": "left"})[0]
    assert state["line"][0] == [3, 3] and ENGINE.view(state, 1)["public"]["ends"] == [3, 5]


def test_round_one_opens_with_the_highest_double_dealt() -> None:
    """“Die erste Runde muss mit dem höchsten ausgeteilten Doppelstein beginnen.” (The first
    round must open with the highest double dealt.)"""
    seen = 0
    for index in range(60):
        state = ENGINE.setup(2, {"variant": "duel"}, b"duel-open-%d" % index)
        doubles = [t for hand in state["hands"] for t in hand if t[0] == t[2]]
        if not doubles:
            continue
        seen += 1
        highest = max(doubles)
        assert ENGINE.legal_moves(state, state["turn"]) == [{"type": "play", "tile": highest, "end": "left"}]
        assert ENGINE.legal_moves(state, 1 - state["turn"]) == []
    assert seen > 50


def test_without_doubles_the_heaviest_tile_then_the_higher_half() -> None:
    """“Hat keiner der Spieler einen Doppelstein, beginnt der Stein mit der höchsten
    Augensumme; bei gleicher Summe entscheidet der höhere Wert auf einer Hälfte.” (If neither
    player has a double, the tile with the most pips starts; equal sums go by the higher
    value on one half.)"""
    assert max(["2-5", "1-6", "3-4"], key=opening_rank) == "1-6"
    assert max(["5-6", "1-1"], key=opening_rank) == "1-1"
    # Without doubles dealt: search seeds for one.
    for index in range(400):
        state = ENGINE.setup(2, {"variant": "duel"}, b"no-doubles-%d" % index)
        dealt = [t for hand in state["hands"] for t in hand]
        if any(t[0] == t[2] for t in dealt):
            continue
        heaviest = max(dealt, key=lambda t: (pips(t), max(int(t[0]), int(t[2]))))
        assert ENGINE.legal_moves(state, state["turn"])[0]["tile"] == heaviest
        break
    else:
        raise AssertionError("no deal without doubles")


def test_boneyard_tiles_do_not_count_for_the_opening() -> None:
    """“Steine im Vorrat zählen bei dieser Auswahl nicht mit.” (Tiles in the boneyard do not
    count for this choice.)"""
    for index in range(40):
        state = ENGINE.setup(2, {"variant": "duel"}, b"duel-yard-%d" % index)
        if "6-6" in state["boneyard"]:
            tile = ENGINE.legal_moves(state, state["turn"])[0]["tile"]
            assert tile != "6-6" and tile in state["hands"][state["turn"]]
            return
    raise AssertionError("6-6 never in the boneyard")


def finish_round(state: State) -> State:
    """Play the round out with the clock's default moves."""
    while state["phase"] == "playing":
        state = step(state, ENGINE.timeout_move(state, state["turn"]))[0]
    return state


def test_later_rounds_alternate_from_the_first_starter_any_tile() -> None:
    """“In späteren Runden wechseln sich die Spieler ausgehend vom ersten Startspieler ab,
    unabhängig vom Gewinner, und dürfen mit jedem beliebigen Stein eröffnen.” (In later rounds
    the players take turns starting, from the first starter on, whoever won, and may open
    with any tile.)"""
    state = ENGINE.setup(2, {"variant": "duel"}, b"duel-rounds")
    first = state["turn"]
    starters = [first]
    while ENGINE.result(state) is None and len(starters) < 4:
        state = finish_round(state)
        if state["phase"] == "over":
            break
        assert ENGINE.legal_moves(state, state["turn"]) == [{"type": "next_round"}]
        state, events = step(state, {"type": "next_round"})
        assert events == [{"code": "round_started", "round": len(starters) + 1, "seat": state["turn"]}]
        starters.append(state["turn"])
        opening = ENGINE.legal_moves(state, state["turn"])
        assert sorted(m["tile"] for m in opening) == sorted(state["hands"][state["turn"]])
    assert len(starters) >= 3
    assert starters == [first, 1 - first, first, 1 - first][: len(starters)]


def test_you_must_play_when_you_can() -> None:
    """“Wenn du an der Reihe bist und einen gültigen Zug hast, musst du spielen.” (When it is
    your turn and you have a legal move, you must play.)"""
    state = duel(hands=[["1-2", "5-5"], ["0-0"]], line=[[2, 3]])
    assert ENGINE.legal_moves(state, 0) == [{"type": "play", "tile": "1-2", "end": "left"}]
    for other in ({"type": "draw"}, {"type": "pass"}):
        with pytest.raises(IllegalMove):
            step(state, other)


def test_choose_a_tile_then_an_end_it_fits() -> None:
    """“Wähle einen Stein und dann ein Ende, an das er passt.” (Choose a tile and then an end
    it fits.)"""
    state = duel(hands=[["2-3", "3-6"], ["0-0"]], line=[[2, 4], [4, 3]])
    assert plays(state) == [("2-3", "left"), ("2-3", "right"), ("3-6", "right")]
    with pytest.raises(IllegalMove):
        step(state, {"type": "play", "tile": "3-6", "end": "left"})


def test_nothing_fits_draw_until_you_can_or_the_boneyard_is_empty() -> None:
    """“Passt kein Stein, ziehe, bis du spielen kannst oder der Vorrat leer ist.” (If no tile
    fits, draw until you can play or the boneyard is empty.)"""
    state = duel(hands=[["0-0"], ["1-1"]], line=[[5, 6]], boneyard=["4-6", "1-2", "2-3"])
    state, events = step(state, {"type": "draw"})
    assert events[0]["count"] == 3 and state["boneyard"] == [] and state["turn"] == 0
    assert plays(state) == [("4-6", "right")]


def test_once_you_have_a_move_you_must_make_it() -> None:
    """“Sobald du einen gültigen Zug hast, musst du ihn ausführen.” (As soon as you have a
    legal move, you must make it.)"""
    state = duel(hands=[["0-0"], ["1-1"]], line=[[5, 6]], boneyard=["4-4", "3-5", "2-3"])
    state = step(state, {"type": "draw"})[0]
    assert state["boneyard"] == ["4-4"]  # drawing stopped at the fitting 3-5
    assert ENGINE.legal_moves(state, 0) == [{"type": "play", "tile": "3-5", "end": "left"}]


def test_pass_only_with_an_empty_boneyard_and_nothing_that_fits() -> None:
    """“Du darfst nur passen, wenn der Vorrat leer ist und keiner deiner Steine passt.” (You
    may pass only when the boneyard is empty and none of your tiles fits.)"""
    state = duel(hands=[["0-0"], ["1-1"]], line=[[5, 6]], boneyard=["1-2"])
    with pytest.raises(IllegalMove):
        step(state, {"type": "pass"})
    state = step(state, {"type": "draw"})[0]
    assert ENGINE.legal_moves(state, 0) == [{"type": "pass"}]


def test_two_passes_in_a_row_block_the_round() -> None:
    """“Zwei aufeinanderfolgende Pässe blockieren die Runde.” (Two passes in a row block the
    round.)"""
    state = duel(hands=[["0-0", "1-2"], ["1-1", "0-1"]], line=[[5, 6]], boneyard=[])
    state, events = step(state, {"type": "pass"})
    assert state["phase"] == "playing" and state["turn"] == 1
    state, events = step(state, {"type": "pass"})
    assert codes(events) == ["passed", "blocked", "round_over"] and state["phase"] == "round_over"


def test_laying_the_last_tile_wins_the_round_at_once() -> None:
    """“Wer seinen letzten Stein legt, gewinnt die Runde sofort.” (Whoever lays their last tile
    wins the round at once.)"""
    state = duel(hands=[["2-5"], ["5-5", "6-6"]], line=[[5, 1]])
    state, events = step(state, {"type": "play", "tile": "2-5", "end": "left"})
    assert codes(events) == ["played", "went_out", "round_over"]
    assert state["last_round"]["winners"] == [0] and state["points"] == [22, 0]


def test_blocked_round_smaller_pip_sum_wins() -> None:
    """“Ist die Runde blockiert, addiert ihr alle Augen auf euren Reststeinen: Die kleinere
    Summe gewinnt.” (In a blocked round you add up the pips of your remaining tiles: the
    smaller sum wins.)"""
    state = duel(hands=[["0-1", "1-2"], ["0-3", "2-2"]], line=[[5, 6]], boneyard=[])
    state = step(step(state, {"type": "pass"})[0], {"type": "pass"})[0]
    assert state["last_round"]["pips"] == [4, 7] and state["last_round"]["winners"] == [0]


def test_equal_sums_score_nobody() -> None:
    """“Bei gleicher Summe bekommt niemand Punkte.” (With equal sums nobody scores.)"""
    state = duel(hands=[["0-3"], ["1-2"]], line=[[5, 6]], boneyard=[], points=[10, 20])
    state, events = step(step(state, {"type": "pass"})[0], {"type": "pass"})
    assert state["points"] == [10, 20] and events[-1]["points"] == 0 and events[-1]["winners"] == [0, 1]


def test_winner_scores_all_the_others_pips_without_subtracting() -> None:
    """“Bei beiden Arten des Sieges erhält der Gewinner die gesamte Augenzahl der gegnerischen
    Reststeine, ohne die eigene Summe abzuziehen.” (For both kinds of win the winner gets all
    the pips of the opponent's remaining tiles, without subtracting their own.)"""
    blocked = duel(hands=[["0-1", "1-2"], ["0-3", "2-2"]], line=[[5, 6]], boneyard=[], points=[5, 0])
    blocked = step(step(blocked, {"type": "pass"})[0], {"type": "pass"})[0]
    assert blocked["points"] == [12, 0]  # 5 + 7, not 5 + 7 - 4
    out = duel(hands=[["1-6"], ["0-3", "2-2"]], line=[[6, 4]], points=[0, 0])
    out = step(out, {"type": "play", "tile": "1-6", "end": "left"})[0]
    assert out["points"] == [7, 0]


def test_first_to_fifty_wins_the_match() -> None:
    """“Wer zuerst mindestens 50 Punkte erreicht, gewinnt das Match.” (Whoever first reaches
    at least 50 points wins the match.)"""
    state = duel(hands=[["1-6"], ["0-3", "2-2"]], line=[[6, 4]], points=[42, 49])
    state, events = step(state, {"type": "play", "tile": "1-6", "end": "left"})
    assert state["points"] == [49, 49] and ENGINE.result(state) is None
    state = duel(hands=[["1-6"], ["0-3", "2-3"]], line=[[6, 4]], points=[42, 49])
    state, events = step(state, {"type": "play", "tile": "1-6", "end": "left"})
    assert codes(events)[-2:] == ["match_won", "game_over"] and events[-2]["seat"] == 0
    assert ENGINE.result(state) == {"placings": [1, 2], "scores": [50.0, 49.0]}


def test_tap_a_tile_then_an_available_end() -> None:
    """“Tippe oder klicke auf einen Stein und dann auf ein verfügbares Ende.” (Tap or click a
    tile and then an available end.) The client lights tiles and ends from the legal moves
    alone (the browser test plays a match so)."""
    script = (WEB / "draw.js").read_text(encoding="utf-8")
    assert "legal_moves" in script and "`end-${end}`" in script and "`tile-${tile}`" in script
    state = duel(hands=[["2-3", "3-6"], ["0-0"]], line=[[2, 4], [4, 3]])
    assert {(m["tile"], m["end"]) for m in ENGINE.view(state, 0)["legal_moves"]} == {
        ("2-3", "left"),
        ("2-3", "right"),
        ("3-6", "right"),
    }


def test_tab_enter_and_space_work_every_control() -> None:
    """“Mit Tab wechselst du zwischen den Bedienelementen; Enter oder die Leertaste aktiviert
    das ausgewählte Element.” (Tab moves between the controls; Enter or Space activates the
    selected one.) Every tile, end and action is an HTML button, which Tab reaches and Enter
    and Space press; the browser test lays tiles by keyboard."""
    script = (WEB / "draw.js").read_text(encoding="utf-8")
    assert script.count('"button",') >= 6 and 'type: "button"' in script
    assert 'tabindex: "-1"' not in script and "keydown" not in script  # nothing but the browser's own keys


def test_the_line_scrolls_sideways_and_the_ends_stay_shown() -> None:
    """“Die Kette lässt sich seitlich scrollen. Die Werte beider offenen Enden bleiben
    angezeigt.” (The line scrolls sideways. The values of both open ends stay shown.)"""
    style = (WEB / "style.css").read_text(encoding="utf-8")
    assert "overflow-x: auto" in style
    state = duel(hands=[["1-2"], ["0-0"]], line=[[2, 3], [3, 4]])
    assert ENGINE.view(state, None)["public"]["ends"] == [2, 4]
    strings = json.loads((WEB / "i18n.json").read_text(encoding="utf-8"))
    assert all("{left}" in strings[lang]["ends"] and "{right}" in strings[lang]["ends"] for lang in strings)


def test_one_device_hands_over_and_hides_the_tiles() -> None:
    """“Spielt an einem Gerät: Gebt es nach jedem Zug weiter und zeigt dann die eigenen
    Steine.” and “Zeigt eure eigenen Steine erst nach der Geräteübergabe.” (Playing on one
    device: pass it on after each move, then show your own tiles; show them only after the
    hand-over.) The room frame's hand-over card covers the table whenever the seat to move
    on a device changes; each seat's view carries only its own hand."""
    state = duel(hands=[["1-2"], ["0-0"]], line=[[2, 3]])
    assert ENGINE.view(state, 0)["private"] == {"hand": ["1-2"]}
    assert ENGINE.view(state, 1)["private"] == {"hand": ["0-0"]}
    assert "private" not in ENGINE.view(state, None)


def test_six_step_introduction() -> None:
    """“Die Einführung erklärt die Regeln in sechs Schritten.” (The introduction explains the
    rules in six steps.)"""
    strings = json.loads((WEB / "i18n.json").read_text(encoding="utf-8"))
    for lang in ("de", "en", "es", "sv"):
        steps = [key for key in strings[lang] if key.startswith("intro.step.")]
        assert sorted(steps) == [f"intro.step.{n}" for n in range(1, 7)], lang


def test_rounds_and_matches_to_fifty_without_levels_or_unlocks() -> None:
    """“Danach geht es in Runden und Matches bis 50 Punkte weiter, ohne künstliche Level oder
    freizuschaltende Regeln.” (After that it goes on in rounds and matches to 50 points,
    without artificial levels or rules to unlock.) The only host setting besides the clock
    is the game itself."""
    assert [option.key for option in ENGINE.meta.options] == ["variant", "move_clock"]


def test_alone_against_the_robot_or_two_on_one_device() -> None:
    """“Spiele allein gegen den Roboter oder zu zweit an einem Gerät.” (Play alone against the
    robot or two on one device.) The duel takes a CPU seat or a second seat on the device."""
    assert {"easy", "strong"} <= set(ENGINE.meta.cpu_levels)


def test_take_your_time() -> None:
    """“Nimm dir Zeit zum Nachdenken.” (Take your time to think.) The move clock is off unless
    the host sets it."""
    state = ENGINE.setup(2, {"variant": "duel"}, b"no-clock", 1_000)
    assert ENGINE.deadline(state) is None
