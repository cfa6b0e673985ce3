"""Mensch ärgere dich nicht rule tests: one per sentence of the casino tables' text
(casino-tables-de.txt, "Mensch ärgere dich nicht", quoted in German), then the decisions the
rules page makes where the text is silent.

Board: 40 ring fields, red starts on field 0, blue on 10, yellow on 20, green on 30; a piece's
progress counts from its own start field (0) to 39, then 40–43 are its goal fields."""

from __future__ import annotations

import pytest
from svc_dice.mensch import ENGINE
from svc_dice.mensch.rules import META, PLY_LIMIT, STAKES
from svc_dice.registry import REGISTRY

from lobby.stakes import pot_shares
from rulekit import IllegalMove
from tests.games.mensch.support import (
    BLUE,
    GREEN,
    RED,
    ROLL,
    YELLOW,
    H,
    codes,
    movable,
    move,
    new_game,
    placed,
    throw,
)


def _seeds_with(seats: int, tied: bool) -> bytes:
    """A seed whose start roll needs a second round (tied) or does not."""
    for n in range(500):
        seed = b"start-%d" % n
        if (len(ENGINE.setup(seats, {}, seed)["start_rolls"]) > 1) == tied:
            return seed
    raise AssertionError("no such seed")


# -- the summary and "Ziel" ----------------------------------------------------------------


def test_a_six_brings_pieces_out_opponents_can_be_hit_bring_all_four_home() -> None:
    """Eine 6 bringt Figuren aus dem Haus, gegnerische Figuren können geschlagen werden.
    Bringe alle 4 Figuren ins Ziel."""
    assert REGISTRY.get("mensch") is ENGINE and META.allowed_seat_counts() == (2, 4)
    state = new_game()
    after, _ = throw(state, 5)
    assert movable(after) == [] and after["tries"] == 1
    after, _ = throw(state, 6)
    assert movable(after) == [0]


def test_every_player_has_four_pieces_of_one_colour() -> None:
    """Jeder Spieler hat 4 Figuren einer Farbe."""
    state = new_game(4)
    assert sorted(c for colours in state["colours"] for c in colours) == [RED, BLUE, YELLOW, GREEN]
    assert all(len(colours) == 1 for colours in state["colours"])
    assert all(pieces == [H] * 4 for pieces in state["pieces"])


def test_once_round_the_board_then_up_the_goal_lane() -> None:
    """Würfle, ziehe deine Figuren einmal rund um das Brett und bring sie über deine
    Zielgerade ins Ziel (dein farbiger Pfeil in der Mitte)."""
    track = ENGINE.track(new_game())
    assert track.length == 40 and track.lane == 4 and [track.start(c) for c in range(4)] == [0, 10, 20, 30]
    # Blue's piece just before its start field (field 9) turns into its goal lane.
    state = placed(new_game(4), {BLUE: [37, H, H, H]}, colour=BLUE)
    after, _ = throw(state, 3)
    after, events = move(after, 0, 3)
    assert after["pieces"][BLUE][0] == 40 and events[0]["field"] is None and events[0]["goal_field"] == 1


def test_four_players_first_with_all_four_home_wins() -> None:
    """Jeder für sich (4 Spieler): Wer als Erster alle 4 Figuren ins Ziel bringt, gewinnt."""
    state = placed(new_game(4), {RED: [43, 42, 41, 38], BLUE: [5, 6, H, H]}, colour=RED)
    after, _ = throw(state, 2)
    after, events = move(after, 3, 2)
    red = state["turn"]
    assert {"code": "finished", "seat": red, "place": 1} in events
    assert ENGINE.result(after)["placings"][red] == 1


def test_the_game_ends_as_soon_as_one_player_is_done() -> None:
    """Sobald ein Spieler fertig ist, endet das Spiel."""
    state = placed(new_game(4), {RED: [43, 42, 41, 38], BLUE: [40, 41, 42, H], GREEN: [10, H, H, H]})
    after, _ = throw(state, 2)
    after, events = move(after, 3, 2)
    assert codes(events)[-1] == "game_over" and after["over"] and ENGINE.to_move(after) == frozenset()
    placings = ENGINE.result(after)["placings"]
    assert sorted(placings) == [1, 2, 3, 4]
    assert placings[after["colours"].index([BLUE])] == 2  # nearest the goal among the rest
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(after, 0, ROLL, 0)
    assert refused.value.code == "game_over"


def test_one_vs_one_red_and_yellow_against_green_and_blue() -> None:
    """1 vs 1: Jeder spielt zwei Farben – Rot + Gelb gegen Grün + Blau."""
    state = new_game(2)
    assert sorted(state["colours"]) == [[RED, YELLOW], [BLUE, GREEN]]


def test_one_vs_one_a_single_colour_home_wins() -> None:
    """Du gewinnst, sobald eine deiner beiden Farben komplett im Ziel ist (alle 4 Figuren
    dieser Farbe)."""
    state = placed(new_game(2), {YELLOW: [43, 42, 41, 39]}, colour=YELLOW)
    after, _ = throw(state, 1)
    after, events = move(after, 3, 1)
    yellow = state["turn"]
    assert ENGINE.result(after)["placings"] == [1 if seat == yellow else 2 for seat in range(2)]
    assert "finished" in codes(events)


def test_one_vs_one_the_other_colour_need_not_be_finished() -> None:
    """Die andere Farbe muss nicht fertig sein."""
    state = placed(new_game(2), {RED: [H, H, H, H], YELLOW: [43, 42, 41, 39], BLUE: [40, 41, 42, 30]}, colour=YELLOW)
    after, _ = throw(state, 1)
    after, _ = move(after, 3, 1)
    assert after["over"] and after["pieces"][RED] == [H] * 4
    assert ENGINE.result(after)["placings"][state["turn"]] == 1


# -- "Start" ---------------------------------------------------------------------------------


def test_four_players_roll_automatically() -> None:
    """Jeder für sich: Alle 4 Spieler würfeln automatisch."""
    state = ENGINE.setup(4, {}, b"start")
    assert all(1 <= d <= 6 for d in state["start_rolls"][0]) and len(state["start_rolls"][0]) == 4
    assert state["phase"] == "choose"  # nobody rolled by hand


def test_the_highest_roll_chooses_a_colour_and_starts() -> None:
    """Wer am höchsten würfelt, wählt zuerst eine Farbe und fängt an."""
    state = ENGINE.setup(4, {}, _seeds_with(4, tied=False))
    first = state["start_rolls"][0]
    chooser = first.index(max(first))
    assert ENGINE.to_move(state) == {chooser}
    assert ENGINE.legal_moves(state, chooser) == [{"type": "choose", "colours": [c]} for c in range(4)]
    after, events = ENGINE.apply(state, chooser, {"type": "choose", "colours": [YELLOW]}, 0)
    assert after["colours"][chooser] == [YELLOW] and after["colour"] == YELLOW and after["turn"] == chooser
    assert after["colours"][(chooser + 1) % 4] == [GREEN] and after["phase"] == "roll"
    assert codes(events) == ["chose", "colour_turn"]


def test_a_tie_for_highest_rolls_again() -> None:
    """Bei Gleichstand gibt es einen Stichwurf."""
    state = ENGINE.setup(4, {}, _seeds_with(4, tied=True))
    first, second = state["start_rolls"][:2]
    tied = [seat for seat, d in enumerate(first) if d == max(first)]
    assert len(tied) > 1 and [seat for seat, d in enumerate(second) if d is not None] == tied
    last = state["start_rolls"][-1]
    assert [d for d in last if d == max(d for d in last if d is not None)] == [max(d for d in last if d is not None)]
    assert state["turn"] == last.index(max(d for d in last if d is not None))


def test_one_vs_one_both_roll_automatically() -> None:
    """1 vs 1: Beide würfeln automatisch."""
    state = ENGINE.setup(2, {}, b"start")
    assert len(state["start_rolls"][0]) == 2 and all(1 <= d <= 6 for d in state["start_rolls"][0])


def test_one_vs_one_the_higher_picks_red_yellow_or_green_blue_and_starts() -> None:
    """Wer höher würfelt, wählt Rot + Gelb oder Grün + Blau und fängt an."""
    state = ENGINE.setup(2, {}, _seeds_with(2, tied=False))
    chooser = state["start_rolls"][0].index(max(state["start_rolls"][0]))
    assert ENGINE.legal_moves(state, chooser) == [
        {"type": "choose", "colours": [RED, YELLOW]},
        {"type": "choose", "colours": [BLUE, GREEN]},
    ]
    assert ENGINE.legal_moves(state, 1 - chooser) == []
    after, _ = ENGINE.apply(state, chooser, {"type": "choose", "colours": [BLUE, GREEN]}, 0)
    assert after["colours"][chooser] == [BLUE, GREEN] and after["colours"][1 - chooser] == [RED, YELLOW]
    assert after["turn"] == chooser and after["colour"] == BLUE


def test_one_vs_one_a_tie_rolls_again() -> None:
    """Bei Gleichstand würfeln beide nochmal."""
    state = ENGINE.setup(2, {}, _seeds_with(2, tied=True))
    first = state["start_rolls"][0]
    assert first[0] == first[1]
    last = state["start_rolls"][-1]
    assert last[0] != last[1] and state["turn"] == last.index(max(last))


# -- "Würfeln" -----------------------------------------------------------------------------


def test_tap_the_die() -> None:
    """Tippe auf den Würfel."""
    state = new_game()
    assert ENGINE.legal_moves(state, state["turn"]) == [ROLL]
    after, events = ENGINE.apply(state, state["turn"], ROLL, 0)
    assert events[0]["code"] == "rolled" and 1 <= events[0]["dice"][0] <= 6


def test_with_no_piece_out_three_tries_for_a_six() -> None:
    """Hast du keine Figur auf dem Feld, hast du 3 Versuche für eine 6."""
    state = new_game()
    for attempt in (1, 2):
        state, events = throw(state, 3)
        assert codes(events) == ["rolled", "no_move", "roll_again"] and state["colour"] == RED
        assert state["tries"] == attempt
    state, events = throw(state, 3)
    assert codes(events)[:2] == ["rolled", "no_move"] and state["colour"] == BLUE
    # With a piece on the field there is one roll.
    state = placed(new_game(), {RED: [5, H, H, H]})
    state, _ = throw(state, 3)
    state, _ = move(state, 0, 3)
    assert state["colour"] == BLUE


def test_a_six_brings_a_piece_onto_your_start_field_then_roll_again() -> None:
    """Mit einer 6 kommt eine Figur aus dem Haus auf dein Startfeld – danach würfelst du
    nochmal."""
    state = placed(new_game(), {YELLOW: [H, H, H, H]}, colour=YELLOW)
    after, _ = throw(state, 6)
    after, events = move(after, 0, 6)
    assert after["pieces"][YELLOW][0] == 0 and events[0]["field"] == 20
    assert codes(events) == ["entered", "roll_again"] and after["colour"] == YELLOW and after["phase"] == "roll"


def test_after_a_six_roll_again_as_often_as_sixes_come() -> None:
    """Nach einer 6 darfst du immer nochmal würfeln – und zwar beliebig oft hintereinander,
    bis eine andere Zahl kommt."""
    state = placed(new_game(), {RED: [5, H, H, H]})
    for _ in range(5):
        state, _ = throw(state, 6)
        piece = movable(state)[0]
        state, events = move(state, piece, 6)
        assert codes(events)[-1] == "roll_again" and state["colour"] == RED
    state, _ = throw(state, 2)
    state, events = move(state, movable(state)[0], 2)
    assert state["colour"] == BLUE


def test_no_limit_of_three_sixes() -> None:
    """Es gibt keine Begrenzung auf drei 6er."""
    state = placed(new_game(), {RED: [1, 2, 3, 4]})
    for sixes in range(1, 5):
        state, _ = throw(state, 6)
        state, events = move(state, movable(state)[-1], 6)
        assert state["sixes"] == sixes and state["colour"] == RED and codes(events)[-1] == "roll_again"


# -- "Ziehen" ------------------------------------------------------------------------------


def test_tap_a_lit_piece() -> None:
    """Tippe eine leuchtende Figur an."""
    state = placed(new_game(), {RED: [5, 12, H, H]})
    after, _ = throw(state, 3)
    legal = ENGINE.legal_moves(after, after["turn"])
    assert {m["type"] for m in legal} == {"move"} and movable(after) == [0, 1]
    assert ENGINE.view(after, after["turn"])["legal_moves"] == legal
    assert ENGINE.view(after, 1 - after["turn"])["legal_moves"] == []


def test_fifteen_seconds_then_the_move_is_made_automatically() -> None:
    """Du hast 15 Sekunden, sonst wird automatisch gezogen."""
    assert META.clock is not None and META.clock.fixed_s == 15
    state = ENGINE.setup(2, {}, b"clock", 1_000)
    assert ENGINE.deadline(state)["at_ms"] == 16_000
    state, events = ENGINE.apply_timeout(state, 16_000)  # the colour choice
    assert codes(events)[:2] == ["timed_out", "chose"]
    state = placed(state, {RED: [5, 43, 42, 41], BLUE: [1, H, H, H]})  # blue on field 11
    state, _ = throw(state, 6)
    state["turn_started_ms"] = 20_000
    after, events = ENGINE.apply_timeout(state, 35_000)
    assert codes(events)[:2] == ["timed_out", "moved"] and "captured" in codes(events)


def test_own_pieces_never_share_a_field() -> None:
    """Eigene Figuren können nicht auf demselben Feld stehen."""
    state = placed(new_game(), {RED: [10, 13, H, H]})
    after, _ = throw(state, 3)
    assert movable(after) == [1]
    after, _ = throw(state, 5)
    assert movable(after) == [0, 1]  # jumping over is allowed
    after, _ = throw(placed(new_game(), {RED: [40, 42, H, H]}), 2)
    assert movable(after) == []  # 40 + 2 is taken; 42 + 2 runs past the goal
    after, _ = throw(placed(new_game(), {RED: [40, 41, H, H]}), 2)
    assert movable(after) == [0, 1]  # 40 jumps over 41: in the goal too only the stop counts


# -- "Schlagen" ------------------------------------------------------------------------------


def test_landing_exactly_on_an_opponent_sends_it_home() -> None:
    """Landest du genau auf einer gegnerischen Figur, wird sie geschlagen und muss zurück ins
    Haus."""
    state = placed(new_game(), {RED: [12, H, H, H], BLUE: [6, H, H, H]})  # blue on field 16
    after, _ = throw(state, 4)
    after, events = move(after, 0, 4)
    assert after["pieces"][BLUE][0] == H and after["pieces"][RED][0] == 16
    blue = state["colours"].index([BLUE, GREEN])
    assert events[1] == {"code": "captured", "seat": blue, "colour": BLUE, "piece": 0, "field": 16, "by": state["turn"]}
    # Passing over it does nothing.
    after, _ = throw(state, 5)
    after, events = move(after, 0, 5)
    assert after["pieces"][BLUE][0] == 6 and "captured" not in codes(events)


# -- "Startfelder" ---------------------------------------------------------------------------


def test_only_one_piece_on_a_start_field() -> None:
    """Auf einem Startfeld darf immer nur eine einzige Figur stehen."""
    state = placed(new_game(), {RED: [0, 7, H, H]})
    after, _ = throw(state, 6)
    assert movable(after) == [0, 1]  # no second piece comes out onto the occupied start field
    after, _ = move(after, 1, 6)
    assert after["pieces"][RED].count(0) == 1


def test_guarding_a_start_field_with_several_pieces_is_forbidden() -> None:
    """Mehrere Figuren auf einem Startfeld zu sichern ist verboten."""
    # Green's piece on red's start field cannot be joined by another green piece.
    state = placed(new_game(), {GREEN: [10, 6, H, H]}, colour=GREEN)  # fields 0 and 36
    after, _ = throw(state, 4)
    assert movable(after) == [0]


def test_an_occupied_start_field_is_closed_to_other_colours() -> None:
    """Ist ein Startfeld besetzt, darf keine andere Farbe darauf ziehen."""
    state = placed(new_game(), {RED: [6, H, H, H], BLUE: [0, H, H, H]})  # blue on its start, 10
    after, _ = throw(state, 4)
    assert movable(after) == []
    # Green's piece on blue's start field is closed to red as well.
    state = placed(new_game(), {RED: [6, H, H, H], GREEN: [20, H, H, H]})
    after, _ = throw(state, 4)
    assert movable(after) == []
    # An empty start field is an ordinary field.
    after, _ = throw(placed(new_game(), {RED: [6, H, H, H]}), 4)
    assert movable(after) == [0]


def test_a_foreign_piece_on_your_start_field_is_hit_when_you_come_out() -> None:
    """Steht eine fremde Figur auf deinem Startfeld, ist sie dort nicht sicher: Bringst du mit
    einer 6 eine Figur heraus, wird sie geschlagen."""
    state = placed(new_game(), {RED: [H, H, H, 15], GREEN: [10, H, H, H]})  # green on field 0
    after, _ = throw(state, 6)
    assert movable(after) == [0]  # coming out, and with it the hit
    after, events = move(after, 0, 6)
    assert codes(events)[:2] == ["entered", "captured"] and after["pieces"][GREEN][0] == H


# -- "Ins Ziel kommen" -----------------------------------------------------------------------


def test_the_goal_needs_the_exact_number() -> None:
    """Ins Ziel musst du genau passend würfeln – Überwürfeln ist nicht erlaubt."""
    after, _ = throw(placed(new_game(), {RED: [38, H, H, H]}), 5)
    assert movable(after) == [0]  # 38 + 5 is the last goal field, 43
    after, _ = throw(placed(new_game(), {RED: [38, 41, 43, H]}), 5)
    assert movable(after) == []  # 43 is taken, 41 + 5 runs past it
    after, _ = throw(placed(new_game(), {RED: [39, 43, H, H]}), 5)
    assert movable(after) == []
    after, _ = throw(placed(new_game(), {RED: [39, 43, H, H]}), 3)
    assert movable(after) == [0]
    after, _ = move(after, 0, 3)
    assert after["pieces"][RED][0] == 42


def test_a_piece_reaching_the_goal_gives_three_more_rolls() -> None:
    """Kommt eine Figur ins Ziel, darfst du 3-mal nochmal würfeln."""
    state = placed(new_game(), {RED: [37, 20, H, H]})
    state, _ = throw(state, 4)
    state, events = move(state, 0, 4)
    assert "reached_goal" in codes(events) and codes(events)[-1] == "roll_again" and state["bonus"] == 2
    for left in (1, 0):
        state, _ = throw(state, 1)
        state, _ = move(state, 1, 1)
        assert state["colour"] == RED and state["bonus"] == left
    state, _ = throw(state, 1)
    state, _ = move(state, 1, 1)
    assert state["colour"] == BLUE


# -- "Deine zwei Farben (nur 1 vs 1)" ----------------------------------------------------------


def test_colours_take_turns_red_blue_yellow_green_so_players_alternate() -> None:
    """Die Farben kommen reihum dran (Rot, Blau, Gelb, Grün) – du und dein Gegner seid also
    abwechselnd am Zug."""
    state = new_game(2)
    order = []
    for _ in range(8):
        order.append((state["colour"], state["turn"]))
        while state["colour"] == order[-1][0]:  # three tries without a 6, then the next colour
            state, _ = throw(state, 1)
    assert [c for c, _ in order] == [RED, BLUE, YELLOW, GREEN] * 2
    seats = [s for _, s in order]
    assert all(seats[k] != seats[k + 1] for k in range(7))


def test_your_second_colour_blocks_like_your_own_piece() -> None:
    """Deine eigene zweite Farbe blockiert ein Feld wie eine eigene Figur."""
    state = placed(new_game(2), {RED: [12, 3, H, H], YELLOW: [-1, -1, -1, 36]})  # yellow on 16
    after, _ = throw(state, 4)
    assert movable(after) == [1]  # red 12 + 4 would hit yellow; red 3 may move instead


def test_with_no_other_move_you_must_hit_your_second_colour() -> None:
    """Gibt es aber keinen anderen Zug, musst du sie schlagen (z. B. Rot schlägt Gelb)."""
    state = placed(new_game(2), {RED: [12, H, H, H], YELLOW: [36, H, H, H]})  # yellow on 16
    after, _ = throw(state, 4)
    assert movable(after) == [0]
    after, events = move(after, 0, 4)
    assert after["pieces"][YELLOW][0] == H and "captured" in codes(events)
    # Coming out onto one's own second colour on the start field: only as the last move.
    state = placed(new_game(2), {RED: [H, H, H, 30], YELLOW: [20, H, H, H]})  # yellow on 0
    after, _ = throw(state, 6)
    assert movable(after) == [3]
    state = placed(new_game(2), {RED: [H, H, H, H], YELLOW: [20, H, H, H]})
    after, _ = throw(state, 6)
    assert movable(after) == [0]


# -- "Einsatz" -------------------------------------------------------------------------------


def _pot(seats: int, stake: int) -> dict[int, int]:
    placings = [1] + list(range(2, seats + 1))
    return pot_shares({"result": {"placings": placings}, "stake": {"amount": stake}})


def test_four_players_pay_3000_the_winner_takes_12000() -> None:
    """Jeder für sich: Jeder zahlt 3.000 Münzen, der Sieger bekommt den ganzen Pot: 12.000
    (inklusive eigenem Einsatz)."""
    assert 3000 in STAKES and new_game(4, stake=3000)["options"]["stake"] == 3000
    assert _pot(4, 3000) == {0: 12000}


def test_four_players_higher_tables() -> None:
    """Höhere Tische: 15.000 → 60.000 und 75.000 → 300.000."""
    assert _pot(4, 15000) == {0: 60000} and _pot(4, 75000) == {0: 300000}


def test_one_vs_one_pays_3000_the_winner_takes_6000() -> None:
    """1 vs 1: Jeder zahlt 3.000 Münzen, der Sieger bekommt 6.000."""
    assert _pot(2, 3000) == {0: 6000}


def test_one_vs_one_higher_tables() -> None:
    """Höhere Tische: 15.000 → 30.000 und 75.000 → 150.000."""
    assert STAKES == (0, 3000, 15000, 75000)
    assert _pot(2, 15000) == {0: 30000} and _pot(2, 75000) == {0: 150000}


# -- decisions where the text is silent ----------------------------------------------------


def test_coming_out_is_forced() -> None:
    state = placed(new_game(), {RED: [7, H, H, H]})
    after, _ = throw(state, 6)
    assert movable(after) == [1]


def test_three_tries_also_with_the_goal_packed_but_not_after_a_move() -> None:
    state = placed(new_game(), {RED: [43, H, H, H]})
    state, events = throw(state, 2)
    assert codes(events)[-1] == "roll_again" and state["tries"] == 1


def test_a_game_that_runs_too_long_is_placed_by_fields_still_to_go() -> None:
    state = placed(new_game(2), {RED: [30, 20, 10, 41], BLUE: [38, 39, 40, 41]})
    state["plies"] = PLY_LIMIT - 1
    after, _ = throw(state, 1)
    assert after["over"] and ENGINE.result(after)["placings"][after["colours"].index([BLUE, GREEN])] == 1


def test_only_the_seat_to_move_moves() -> None:
    state = new_game()
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 1 - state["turn"], ROLL, 0)
    assert refused.value.code == "not_your_turn"
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, state["turn"], {"type": "move", "piece": 0, "pips": 6}, 0)
    assert refused.value.code == "illegal_move"
