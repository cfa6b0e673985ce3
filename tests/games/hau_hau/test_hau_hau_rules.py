"""Hau Hau: one test per rule sentence of casino-tables-de.txt ("Hau Hau") and docs/catalogue.md."""

from __future__ import annotations

from typing import Any

import pytest
from svc_cards.core import SUITS, card_census, full_decks, parse
from svc_cards.hau_hau import ENGINE
from svc_cards.hau_hau.rules import MOVE_SECONDS

from rulekit import IllegalMove, Refusal, Rng, State
from tests.games.card_core.arrange import arrange, codes, step


def throw(state: State, **hands: str) -> tuple[State, list[dict]]:
    """Every listed seat ("s0"="rock", ...) throws; returns the state and the last events."""
    events: list[dict] = []
    for key, shape in hands.items():
        state, events = ENGINE.apply(state, int(key[1:]), {"type": "rps", "hand": shape}, 1000)
    return state, events


def started(seats: int = 2, seed: bytes = b"hau-hau-rules") -> State:
    """A match past the opening throw: seat 0 won it (and with four players seat 1 won place 2)."""
    state = ENGINE.setup(seats, {}, seed)
    if seats == 2:
        state, _ = throw(state, s0="rock", s1="scissors")
    else:
        state, _ = throw(state, s0="rock", s1="scissors", s2="scissors", s3="scissors")
        state, _ = throw(state, s1="paper", s3="rock")
    assert state["phase"] == "play" and state["turn"] == 0
    return state


def table(seats: int = 2, turn: int = 0, **cards: Any) -> State:
    return arrange(started(seats), turn=turn, **cards)


def cards_of(state: State, seat: int = 0) -> set[str]:
    return {move["card"] for move in ENGINE.legal_moves(state, seat) if move["type"] == "play"}


# -- the match ----------------------------------------------------------------------------


def win_round(state: State, seat: int) -> tuple[State, list[dict]]:
    """`seat` plays its last card (a plain 5 on a 5)."""
    others = {s: ["C2.0a"] for s in range(state["seats"]) if s != seat}
    others = {s: [["C2.0a"], ["C2.0b"], ["C3.0a"]][i] for i, s in enumerate(others)}
    state = arrange(state, hands={seat: ["H5.0a"], **others}, top="S5.0a", suit="S", turn=seat, pending=0, stage="open")
    return step(ENGINE, state, {"type": "play", "card": "H5.0a"})


def next_round(state: State, winner: int) -> State:
    """Throw until `winner` starts the next round."""
    seats = state["seats"]
    shapes = {f"s{s}": ("rock" if s == winner else "scissors") for s in range(seats)}
    state, _ = throw(state, **shapes)
    if seats == 4:
        left, right = (winner + 1) % 4, (winner - 1) % 4
        state, _ = throw(state, **{f"s{left}": "paper", f"s{right}": "rock"})
    return state


def test_one_vs_one_best_of_five_three_nil_ends_at_once() -> None:
    """ "1 vs 1 – Best-of-5: Wer zuerst 3 Runden gewinnt, gewinnt das Match. Steht es 3:0 oder 3:1,
    ist das Match sofort vorbei – es wird nicht weitergespielt." """
    state = started()
    for round_number in (1, 2, 3):
        state, events = win_round(state, 0)
        assert state["wins"] == [round_number, 0]
        if round_number < 3:
            assert ENGINE.result(state) is None and state["phase"] == "rps"
            state = next_round(state, 0)
    assert codes(events)[-3:] == ["round_won", "match_won", "game_over"]
    assert ENGINE.result(state) == {"placings": [1, 2], "scores": [3, 0]}
    assert ENGINE.to_move(state) == frozenset()


def test_one_vs_one_three_one_ends_and_two_two_plays_a_fifth_round() -> None:
    state = started()
    for winner in (0, 1, 0):
        state, _ = win_round(state, winner)
        state = next_round(state, winner)
    state, _ = win_round(state, 0)
    assert ENGINE.result(state) == {"placings": [1, 2], "scores": [3, 1]}
    state = started(seed=b"hh-five")
    for winner in (0, 1, 0, 1):
        state, _ = win_round(state, winner)
        state = next_round(state, winner)
    assert state["wins"] == [2, 2] and state["round"] == 5 and ENGINE.result(state) is None
    state, _ = win_round(state, 1)
    assert ENGINE.result(state)["placings"] == [2, 1]


def test_four_players_first_to_two_round_wins() -> None:
    """ "Jeder für sich (4 Spieler): Wer zuerst 2 Runden gewinnt, gewinnt das Match." """
    state = started(4)
    for winner in (2, 3, 1):
        state, _ = win_round(state, winner)
        state = next_round(state, winner)
    assert ENGINE.result(state) is None
    state, _ = win_round(state, 3)
    assert ENGINE.result(state) == {"placings": [4, 2, 2, 1], "scores": [0, 1, 1, 2]}


# -- start --------------------------------------------------------------------------------


def test_rock_paper_scissors_winner_starts_and_throws_stay_secret() -> None:
    """ "Zuerst wird per Schere, Stein, Papier ausgelost – der Gewinner fängt an." """
    state = ENGINE.setup(2, {}, b"hh-rps")
    assert ENGINE.to_move(state) == frozenset({0, 1})
    state, events = throw(state, s1="paper")
    assert events == [{"code": "rps_chosen", "seat": 1}]
    assert ENGINE.to_move(state) == frozenset({0})
    for seat in (0, None):
        view = ENGINE.view(state, seat)
        assert "paper" not in str({key: value for key, value in view.items() if key != "legal_moves"})
    assert ENGINE.view(state, 1)["private"]["rps_choice"] == "paper"
    state, events = throw(state, s0="scissors")
    assert {"code": "rps_thrown", "hands": ["scissors", "paper"], "winners": [0]} in events
    assert state["turn"] == 0 and state["phase"] == "play"


def test_rock_paper_scissors_ties_are_thrown_again() -> None:
    """A tie (the same shape, or with four players all three shapes) is thrown again."""
    state = ENGINE.setup(2, {}, b"hh-tie")
    state, events = throw(state, s0="rock", s1="rock")
    assert state["phase"] == "rps" and ENGINE.to_move(state) == frozenset({0, 1})
    assert events[-1] == {"code": "rps_thrown", "hands": ["rock", "rock"], "winners": []}
    state = ENGINE.setup(4, {}, b"hh-tie")
    state, _ = throw(state, s0="rock", s1="paper", s2="scissors", s3="rock")
    assert ENGINE.to_move(state) == frozenset({0, 1, 2, 3})
    # Two seats win with paper: they throw again among themselves.
    state, _ = throw(state, s0="rock", s1="paper", s2="paper", s3="rock")
    assert ENGINE.to_move(state) == frozenset({1, 2})
    state, _ = throw(state, s1="rock", s2="paper")
    assert state["starter"] == 2 and state["rps_stage"] == "direction"


@pytest.mark.parametrize(("left_wins", "direction", "second"), [(True, 1, 1), (False, -1, 3)])
def test_four_players_neighbours_throw_for_place_two_and_the_direction(
    left_wins: bool, direction: int, second: int
) -> None:
    """ "Bei 4 Spielern spielen danach sein linker und sein rechter Nachbar um Platz 2. Wer gewinnt,
    ist als Nächster dran – damit steht die Spielrichtung fest." """
    state = ENGINE.setup(4, {}, b"hh-direction")
    state, _ = throw(state, s0="rock", s1="scissors", s2="scissors", s3="scissors")
    assert ENGINE.to_move(state) == frozenset({1, 3})
    state, _ = throw(state, s1="paper" if left_wins else "rock", s3="rock" if left_wins else "paper")
    assert state["direction"] == direction and state["turn"] == 0
    state = arrange(state, hands={0: ["H5.0a", "C2.0a"]}, top="S5.0a", suit="S")
    state, _ = step(ENGINE, state, {"type": "play", "card": "H5.0a"})
    assert state["turn"] == second


def test_deal_two_at_a_time_from_the_winner_until_six() -> None:
    """ "Ausgeteilt wird beim Gewinner beginnend immer 2 Karten pro Spieler, reihum, bis jeder 6
    Karten hat." """
    state = ENGINE.setup(2, {}, b"hh-deal")
    state, _ = throw(state, s1="rock")
    # The deal shuffles all 108 cards with the match's generator, then deals off the top.
    pile = list(state["draw_pile"])
    Rng(dict(state["rng"])).shuffle(pile)
    off_the_top = list(reversed(pile))
    after, events = throw(state, s0="scissors")
    assert [e["seat"] for e in events if e["code"] == "dealt"] == [1, 0]
    assert after["hands"][1] == off_the_top[0:2] + off_the_top[4:6] + off_the_top[8:10]
    assert after["hands"][0] == off_the_top[2:4] + off_the_top[6:8] + off_the_top[10:12]
    assert card_census(after) == full_decks(after)


def test_open_card_never_king_or_ace() -> None:
    """ "Zum Schluss kommt eine Karte offen in die Mitte – nie ein K oder A." """
    for index in range(300):
        state = ENGINE.setup(2, {}, b"hh-open-%d" % index)
        state, _ = throw(state, s0="rock", s1="scissors")
        assert parse(state["discard_pile"][-1])[1] not in ("K", "A")


# -- playing ------------------------------------------------------------------------------


def test_same_suit_or_wished_suit_or_same_rank() -> None:
    """ "gleiche Farbe (bzw. die gewünschte Farbe) oder gleicher Wert (z. B. 7 auf 7)." """
    state = table(hands={0: ["H7.0a", "C7.0a", "D3.0a", "SQ.0a"]}, top="S7.0a", suit="H")
    assert cards_of(state) == {"H7.0a", "C7.0a"}


def test_ten_and_ace_always_playable() -> None:
    """ "Eine 10 und ein A darfst du immer legen." """
    state = table(hands={0: ["D10.0a", "CA.0", "D3.0a"]}, top="S7.0a", suit="S")
    assert cards_of(state) == {"D10.0a", "CA.0"}


def test_ten_wishes_a_suit() -> None:
    """ "10 – Wunschkarte: Du wünschst dir eine Farbe." """
    state = table(hands={0: ["D10.0a", "D3.0a"]}, top="S7.0a", suit="S")
    assert [m for m in ENGINE.legal_moves(state, 0) if m["type"] == "play"] == [
        {"type": "play", "card": "D10.0a", "suit": suit} for suit in SUITS
    ]
    state, _ = step(ENGINE, state, {"type": "play", "card": "D10.0a", "suit": "C"})
    assert state["suit"] == "C" and state["wished"] and state["turn"] == 1


def test_jack_reverses_and_with_two_you_go_again() -> None:
    """ "J – Richtungswechsel: Die Spielrichtung dreht sich um. Zu zweit bist du sofort nochmal dran." """
    state = table(seats=4, hands={0: ["SJ.0a", "D3.0a"]}, top="S7.0a", suit="S")
    state, _ = step(ENGINE, state, {"type": "play", "card": "SJ.0a"})
    assert state["direction"] == -1 and state["turn"] == 3
    state = table(hands={0: ["SJ.0a", "D3.0a"]}, top="S7.0a", suit="S")
    state, _ = step(ENGINE, state, {"type": "play", "card": "SJ.0a"})
    assert state["turn"] == 0


def test_queen_skips_and_with_two_you_go_again() -> None:
    """ "Q – Aussetzen: Der nächste Spieler wird übersprungen. Zu zweit bist du nochmal dran." """
    state = table(seats=4, hands={0: ["SQ.0a", "D3.0a"]}, top="S7.0a", suit="S")
    state, events = step(ENGINE, state, {"type": "play", "card": "SQ.0a"})
    assert state["turn"] == 2 and {"code": "skipped", "seat": 1} in events
    state = table(hands={0: ["SQ.0a", "D3.0a"]}, top="S7.0a", suit="S")
    state, _ = step(ENGINE, state, {"type": "play", "card": "SQ.0a"})
    assert state["turn"] == 0


def test_king_next_draws_two() -> None:
    """ "K – +2: Der nächste Spieler zieht 2 Karten." """
    state = table(hands={0: ["SK.0a", "D3.0a"], 1: ["C2.0a"]}, top="S7.0a", suit="S")
    state, _ = step(ENGINE, state, {"type": "play", "card": "SK.0a"})
    assert state["pending"] == 2 and state["turn"] == 1
    assert ENGINE.legal_moves(state, 1) == [{"type": "draw"}]
    state, events = step(ENGINE, state, {"type": "draw"})
    assert {"code": "drew", "seat": 1, "count": 2} in events and len(state["hands"][1]) == 3


def test_ace_next_draws_four_and_you_wish() -> None:
    """ "A – +4: Der nächste Spieler zieht 4 Karten, und du wünschst dir eine Farbe." """
    state = table(hands={0: ["CA.0", "D3.0a"], 1: ["C2.0a"]}, top="S7.0a", suit="S")
    state, _ = step(ENGINE, state, {"type": "play", "card": "CA.0", "suit": "H"})
    assert state["pending"] == 4 and state["suit"] == "H"
    state, _ = step(ENGINE, state, {"type": "draw"})
    assert len(state["hands"][1]) == 5


def test_stack_king_and_ace_next_draws_six() -> None:
    """ "Musst du ziehen, darfst du stattdessen selbst ein K oder A drauflegen – dann muss der
    Nächste die ganze Summe ziehen (z. B. +2 und +4 = 6 Karten)." """
    state = table(seats=4, hands={0: ["SK.0a", "D3.0a"], 1: ["DA.0", "C2.0a"], 2: ["H2.0a"]}, top="S7.0a", suit="S")
    state, _ = step(ENGINE, state, {"type": "play", "card": "SK.0a"})
    state, _ = step(ENGINE, state, {"type": "play", "card": "DA.0", "suit": "C"})
    assert state["pending"] == 6 and state["turn"] == 2
    state, _ = step(ENGINE, state, {"type": "draw"})
    assert len(state["hands"][2]) == 7


def test_ace_stacks_always_king_only_in_suit_or_on_king() -> None:
    """ "Ein A geht immer. Ein K nur in der aktuellen (gewünschten) Farbe oder auf ein anderes K." """
    hand = ["HA.0", "DK.0a", "CK.0a", "C10.0a", "C3.0a"]
    on_king = table(hands={1: hand}, top="SK.0a", suit="S", pending=2, turn=1)
    assert cards_of(on_king, 1) == {"HA.0", "DK.0a", "CK.0a"}
    on_ace = table(hands={1: hand}, top="SA.0", suit="C", pending=4, turn=1)
    assert cards_of(on_ace, 1) == {"HA.0", "CK.0a"}


def test_after_taking_the_cards_play_or_draw_one_last_card() -> None:
    """ "Kannst oder willst du nicht stapeln, ziehst du alle Karten. Danach bist du noch dran: Du
    darfst eine passende Karte legen oder noch eine letzte Karte ziehen." """
    state = table(
        hands={1: ["SK.0b", "D3.0a"]}, top="SK.0a", suit="S", pending=2, turn=1, draw=["H4.0a", "H5.0a", "C9.0a"]
    )
    assert {"type": "draw"} in ENGINE.legal_moves(state, 1) and "SK.0b" in cards_of(state, 1)
    state, _ = step(ENGINE, state, {"type": "draw"})
    assert state["turn"] == 1 and state["stage"] == "took" and state["pending"] == 0
    legal = ENGINE.legal_moves(state, 1)
    assert {"type": "draw"} in legal and {"type": "pass"} not in legal and "SK.0b" in cards_of(state, 1)
    state, _ = step(ENGINE, state, {"type": "draw"})
    # Drawn the last card: now play something fitting or pass.
    assert state["stage"] == "drew" and {"type": "pass"} in ENGINE.legal_moves(state, 1)
    assert {"type": "draw"} not in ENGINE.legal_moves(state, 1)


def test_draw_one_then_play_any_fitting_card_or_pass() -> None:
    """ "Passt keine Karte, tippe auf den Ziehstapel und zieh 1 Karte. Danach darfst du jede passende
    Karte legen – die gezogene oder eine aus deiner Hand (z. B. eine 10 oder ein A) – oder auf
    Passen drücken." """
    state = table(hands={0: ["D3.0a", "C4.0a"]}, top="S7.0a", suit="S", draw=["D7.0a"])
    assert ENGINE.legal_moves(state, 0) == [{"type": "draw"}]
    state, events = step(ENGINE, state, {"type": "draw"})
    assert codes(events) == ["drawn", "drew"] and state["turn"] == 0
    assert ENGINE.legal_moves(state, 0) == [{"type": "play", "card": "D7.0a"}, {"type": "pass"}]
    state = table(hands={0: ["D10.0a", "C4.0a"]}, top="S7.0a", suit="S", draw=["H3.0a"])
    state, _ = step(ENGINE, state, {"type": "draw"})
    assert "D10.0a" in cards_of(state)
    passed, _ = step(ENGINE, state, {"type": "pass"})
    assert passed["turn"] == 1


def test_nothing_fits_after_drawing_ends_the_turn() -> None:
    """ "Passt danach gar nichts, ist dein Zug vorbei." """
    state = table(hands={0: ["D3.0a", "C4.0a"]}, top="S7.0a", suit="S", draw=["H2.0a"])
    state, _ = step(ENGINE, state, {"type": "draw"})
    assert state["turn"] == 1 and state["stage"] == "open"


def test_ten_seconds_per_move_then_an_automatic_draw() -> None:
    """ "Du hast 10 Sekunden pro Zug – danach wird automatisch gezogen." """
    state = table(hands={0: ["S3.0a", "C4.0a"]}, top="S7.0a", suit="S", turn_started_ms=50_000)
    assert ENGINE.deadline(state) == {"at_ms": 50_000 + MOVE_SECONDS * 1000, "seat": 0, "seats": [0]}
    assert ENGINE.timeout_move(state, 0) == {"type": "draw"}
    state, _ = ENGINE.apply(state, 0, ENGINE.timeout_move(state, 0), 60_000)
    assert ENGINE.deadline(state)["at_ms"] == 70_000
    if state["turn"] == 0:
        assert ENGINE.timeout_move(state, 0) == {"type": "pass"}
    pending = table(hands={1: ["S3.0a"]}, top="SK.0a", suit="S", pending=2, turn=1, turn_started_ms=1)
    assert ENGINE.timeout_move(pending, 1) == {"type": "draw"}
    with pytest.raises(IllegalMove):
        ENGINE.timeout_move(pending, 0)


def test_rps_clock_throws_for_the_late_seat() -> None:
    state = started()
    state, _ = win_round(state, 0)
    assert state["phase"] == "rps"
    deadline = ENGINE.deadline(state)
    assert deadline is not None and deadline["seat"] == 0
    move = ENGINE.timeout_move(state, 0)
    assert move["type"] == "rps" and move in ENGINE.legal_moves(state, 0)


def test_empty_draw_pile_reshuffles_the_discards() -> None:
    """ "Ist der Ziehstapel leer, wird der Ablagestapel neu gemischt." """
    state = table(hands={0: ["D3.0a"], 1: ["C2.0a"]}, top="S7.0a", suit="S")
    state["discard_pile"] = state["draw_pile"] + state["discard_pile"]
    state["draw_pile"] = []
    state, events = step(ENGINE, state, {"type": "draw"})
    assert codes(events)[0] == "reshuffled" and state["discard_pile"] == ["S7.0a"]
    assert card_census(state) == full_decks(state)


def test_hau_on_the_second_to_last_card() -> None:
    """ "Wer seine vorletzte Karte legt, ruft „Hau!“ – jetzt wissen alle: nur noch eine Karte." """
    state = table(hands={0: ["S3.0a", "C4.0a"]}, top="S7.0a", suit="S")
    state, events = step(ENGINE, state, {"type": "play", "card": "S3.0a"})
    assert {"code": "hau", "seat": 0} in events and ENGINE.view(state, 1)["public"]["hau"] == [0]


def test_hau_hau_on_the_last_card_ends_the_round_at_once() -> None:
    """ "Wer seine letzte Karte legt, ruft „Hau Hau!“." and "Sobald jemand seine letzte Karte ablegt,
    ist die Runde sofort vorbei – auch wenn die letzte Karte ein K, eine 10 oder ein A ist. Dann
    muss niemand mehr ziehen, und bei 10 oder A wird keine Farbe mehr gewünscht." """
    for last in ("SK.0a", "H10.0a", "CA.0"):
        state = table(hands={0: [last], 1: ["C2.0a"]}, top="S7.0a", suit="S")
        assert ENGINE.legal_moves(state, 0)[0] == {"type": "play", "card": last}
        state, events = step(ENGINE, state, {"type": "play", "card": last})
        assert codes(events)[:3] == ["played", "hau_hau", "round_won"]
        assert state["pending"] == 0 and len(state["hands"][1]) == 1 and state["phase"] == "rps"


def test_the_stake_is_one_of_the_texts_three_or_none() -> None:
    """ "Jeder Spieler zahlt den gewählten Einsatz: 1.000, 5.000 oder 25.000 Münzen" (0 is the
    friendly match). The stake is the lobby's business: the same seed deals the same match."""
    stake, _clock = ENGINE.meta.options
    assert (stake.key, stake.kind, stake.default, stake.choices) == ("stake", "choice", 0, (0, 1000, 5000, 25000))
    assert ENGINE.meta.allowed_seat_counts() == (2, 4)
    friendly = ENGINE.setup(2, {}, b"same seed")
    staked = ENGINE.setup(2, {"stake": 25000}, b"same seed")
    assert {k: v for k, v in staked.items() if k != "options"} == {k: v for k, v in friendly.items() if k != "options"}
    with pytest.raises(Refusal) as refused:
        ENGINE.setup(2, {"stake": 2000}, b"same seed")
    assert refused.value.code == "bad_option"
