"""Stock Pile: one test per rule sentence of card-room-sv.txt (the stock-pile game) and per
house decision of the rules page. Each docstring quotes the Swedish sentence and says it in
English."""

from __future__ import annotations

import pytest
from svc_cards.stock_pile import ENGINE
from svc_cards.stock_pile.rules import stock_size

from rulekit import IllegalMove, State
from tests.games.card_core.arrange import codes
from tests.games.stock_pile.table import position, whole_deck


def play(state: State, move: dict, seat: int | None = None) -> tuple[State, list[dict]]:
    if seat is None:
        (seat,) = ENGINE.to_move(state)
    return ENGINE.apply(state, seat, move, 1000)


def builds(state: State, seat: int = 0) -> list[dict]:
    return [m for m in ENGINE.legal_moves(state, seat) if m["type"] == "build"]


def test_empty_your_pile_first() -> None:
    """ "Töm din hög först." (Empty your pile first.) Each player has a stock pile of their
    own, dealt face down with only its top card turned up, and that pile is the goal."""
    for seats in (2, 4, 5, 6):
        state = ENGINE.setup(seats, {}, b"sp-deal")
        size = stock_size(seats, "standard")
        assert [len(stock) for stock in state["stocks"]] == [size] * seats
        assert whole_deck(state)
        view = ENGINE.view(state, 0)
        assert view["public"]["stock_tops"] == [stock[-1] for stock in state["stocks"]]
        assert view["public"]["stock_counts"] == [size] * seats
        # Below the top nothing of any stock pile is shown, not even to its owner.
        assert "stocks" not in view["public"] and "stocks" not in view.get("private", {})
        below = {card for stock in state["stocks"] for card in stock[:-1]}
        assert not below & set(str(view).replace("'", " ").split())


def test_build_the_shared_piles_from_one_to_twelve() -> None:
    """ "Bygg de gemensamma högarna från 1 till 12." (Build the shared piles from 1 to 12.)
    An empty pile takes a 1, a pile takes the number one above its count, and the twelfth
    card completes it: it is set aside and the space is empty again."""
    state = position(hands={0: ["P1.0a", "P3.0a", "P12.0a", "P2.0a", "P5.0a"]}, building=[[], [], [], []])
    assert {(m["card"], m["pile"]) for m in builds(state)} == {("P1.0a", p) for p in range(4)}
    eleven = [f"P{n}.0b" for n in range(1, 12)]
    state = position(hands={0: ["P12.0a", "P3.0a", "P7.0a", "P9.0a", "P2.0a"]}, building=[eleven, [], [], []])
    assert [m for m in builds(state) if m["card"] == "P12.0a"] == [
        {"type": "build", "card": "P12.0a", "from": "hand", "pile": 0}
    ]
    state, events = play(state, {"type": "build", "card": "P12.0a", "from": "hand", "pile": 0})
    assert "pile_completed" in codes(events)
    assert state["building"][0] == [] and sorted(state["set_aside"]) == sorted([*eleven, "P12.0a"])
    with pytest.raises(IllegalMove):
        play(state, {"type": "build", "card": "P3.0a", "from": "hand", "pile": 0})


def test_play_from_hand_own_pile_or_discard_tops() -> None:
    """ "Spela från handen, din egen hög eller överst på dina avlägg." (Play from your hand,
    your own pile, or the top of your discard piles.) Only the top of a discard pile is
    playable, and only one's own piles."""
    state = position(
        hands={0: ["P1.0a", "P9.0a", "P9.0b", "P10.0a", "P11.0a"]},
        stocks={0: ["P7.0a", "P2.0a"], 1: ["P8.0a", "P2.0b"]},
        discards={0: [["P3.0a", "P2.0c"], ["P2.0d"], [], []], 1: [["P2.0e"], [], [], []]},
        building=[["P1.0b"], [], [], []],
    )
    on_pile_0 = {(m["from"], m["card"]) for m in builds(state) if m["pile"] == 0}
    # The stock top, both discard tops showing a 2; not the 3 below a top, not seat 1's cards.
    assert on_pile_0 == {("stock", "P2.0a"), ("discard:0", "P2.0c"), ("discard:1", "P2.0d")}
    state, _ = play(state, {"type": "build", "card": "P2.0c", "from": "discard:0", "pile": 0})
    # The card below comes up and is playable in turn.
    assert {"type": "build", "card": "P3.0a", "from": "discard:0", "pile": 0} in builds(state)
    state, events = play(state, {"type": "build", "card": "P3.0a", "from": "discard:0", "pile": 0})
    assert state["building"][0] == ["P1.0b", "P2.0c", "P3.0a"]
    state, events = play(state, {"type": "build", "card": "P1.0a", "from": "hand", "pile": 1})
    assert state["building"][1] == ["P1.0a"]


def test_wild_cards_replace_any_number() -> None:
    """ "Skip-Bo-kort ersätter valfritt nummer." (Wild cards replace any number.) A wild card
    fits every building pile and counts as the number that pile needs."""
    state = position(
        hands={0: ["W.0a", "P9.0a", "P9.0b", "P10.0a", "P11.0a"]},
        building=[[], ["P1.0a", "P2.0a"], [f"P{n}.0c" for n in range(1, 12)], []],
    )
    wild = {m["pile"] for m in builds(state) if m["card"] == "W.0a"}
    assert wild == {0, 1, 2, 3}
    state, events = play(state, {"type": "build", "card": "W.0a", "from": "hand", "pile": 1})
    assert [e["value"] for e in events if e["code"] == "built"] == [3]
    # On top of the wild standing for 3, the pile takes a 4.
    state = position(
        hands={0: ["P4.0a", "P9.0a", "P9.0b", "P10.0a", "P11.0a"]}, building=[["P1.0a", "P2.0a", "W.0a"], [], [], []]
    )
    assert {"type": "build", "card": "P4.0a", "from": "hand", "pile": 0} in builds(state)


def test_end_the_turn_with_a_hand_card_on_one_of_four_discard_piles() -> None:
    """ "Avsluta turen genom att lägga ett handkort på ett av dina fyra avlägg." (End your turn
    by laying a hand card on one of your four discard piles.) Any hand card on any of the
    four; the next player then draws up to five."""
    state = position(
        hands={0: ["P9.0a", "P9.0b", "P10.0a", "P11.0a", "P12.0a"], 1: ["P5.0a"]},
        draw=["P6.0a", "P7.0a", "P8.0a", "P1.0a"],
    )
    discards = [m for m in ENGINE.legal_moves(state, 0) if m["type"] == "discard"]
    # Equal cards are offered once: four faces, four piles each.
    assert {(m["card"], m["slot"]) for m in discards} == {
        (c, s) for c in ("P9.0a", "P10.0a", "P11.0a", "P12.0a") for s in range(4)
    }
    state, events = play(state, {"type": "discard", "card": "P11.0a", "slot": 2})
    assert state["discards"][0][2] == ["P11.0a"] and ENGINE.to_move(state) == frozenset({1})
    assert state["hands"][1] == ["P5.0a", "P6.0a", "P7.0a", "P8.0a", "P1.0a"]
    assert codes(events) == ["discarded", "drew", "drawn"]
    assert not any(m["type"] == "pass" for m in ENGINE.legal_moves(state, 1))
    with pytest.raises(IllegalMove):
        play(state, {"type": "discard", "card": "P5.0a", "slot": 4}, seat=1)
    with pytest.raises(IllegalMove):
        play(state, {"type": "discard", "card": "P9.0a", "slot": 0}, seat=0)


def test_first_to_empty_their_own_pile_wins() -> None:
    """ "Först att tömma sin egen hög vinner." (First to empty their own pile wins.) The game
    ends the moment the last stock card is played; the others are placed by the cards left
    in their stock piles."""
    state = position(
        3,
        hands={0: ["P9.0a", "P9.0b", "P10.0a", "P11.0a", "P12.0a"]},
        stocks={0: ["P3.0a"], 1: ["P4.0a", "P5.0a"], 2: ["P6.0a", "P7.0a", "P8.0a"]},
        building=[["P1.0a", "P2.0a"], [], [], []],
    )
    state, events = play(state, {"type": "build", "card": "P3.0a", "from": "stock", "pile": 0})
    assert "stock_emptied" in codes(events) and ENGINE.to_move(state) == frozenset()
    assert ENGINE.result(state) == {"placings": [1, 2, 3], "scores": [0, 2, 3]}


def test_the_stock_top_turns_up_when_played() -> None:
    """House rule: when the top of a stock pile is played the card below is turned up for
    everyone (the event names it)."""
    state = position(stocks={0: ["P9.0a", "P1.0a"]}, building=[[], [], [], []])
    state, events = play(state, {"type": "build", "card": "P1.0a", "from": "stock", "pile": 0})
    turned = [e for e in events if e["code"] == "stock_turned"]
    assert turned == [{"code": "stock_turned", "seat": 0, "card": "P9.0a", "left": 1}]
    assert ENGINE.view(state, 1)["public"]["stock_tops"][0] == "P9.0a"


def test_stock_sizes() -> None:
    """House rule: 30 stock cards with two to four players, 20 with five or six, 10 each in a
    short game (a host setting)."""
    assert [stock_size(n, "standard") for n in (2, 3, 4, 5, 6)] == [30, 30, 30, 20, 20]
    state = ENGINE.setup(4, {"stock_size": "short"}, b"sp-short")
    assert [len(stock) for stock in state["stocks"]] == [10] * 4


def test_draw_up_to_five_and_again_after_an_empty_hand() -> None:
    """House rule: a turn starts by drawing up to five; a player who plays every hand card
    draws five more and goes on."""
    state = position(
        hands={0: ["P1.0a"]}, building=[[], [], [], []], draw=["P2.0a", "P3.0a", "P4.0a", "P5.0a", "P6.0a"]
    )
    state, events = play(state, {"type": "build", "card": "P1.0a", "from": "hand", "pile": 0})
    assert state["hands"][0] == ["P2.0a", "P3.0a", "P4.0a", "P5.0a", "P6.0a"] and state["turn"] == 0
    drawn = [e for e in events if e["code"] == "drawn"]
    assert drawn and drawn[0]["visible_to"] == [0]


def test_set_aside_cards_make_a_new_draw_pile() -> None:
    """House rule: when the draw pile runs out, the completed piles' cards are shuffled into a
    new draw pile."""
    state = position(
        hands={0: ["P12.0a", "P9.0a", "P9.0b", "P10.0a", "P11.0a"], 1: []},
        building=[[f"P{n}.0c" for n in range(1, 12)], [], [], []],
    )
    state["set_aside"], state["draw_pile"] = state["set_aside"] + state["draw_pile"], []
    assert whole_deck(state)
    state, _ = play(state, {"type": "build", "card": "P12.0a", "from": "hand", "pile": 0})
    state, events = play(state, {"type": "discard", "card": "P9.0a", "slot": 0})
    assert "reshuffled" in codes(events) and len(state["hands"][1]) == 5 and state["set_aside"] == []
    assert whole_deck(state)


def test_pass_only_with_an_empty_hand_and_blocked_when_all_pass() -> None:
    """House rule: with nothing left to draw a player whose hand is empty may pass; when every
    seat passes in a row the game is blocked and placed by the stock cards left."""
    state = position(hands={0: [], 1: []}, stocks={0: ["P9.0a"], 1: ["P8.0a", "P10.0a"]}, building=[[], [], [], []])
    leftover = state["draw_pile"] + state["set_aside"]
    state["draw_pile"], state["set_aside"] = [], []
    state["discards"][0][0] = leftover  # out of play for this test: the deck stays whole
    assert whole_deck(state)
    assert ENGINE.legal_moves(state, 0) == [{"type": "pass"}]
    state, _ = play(state, {"type": "pass"})
    state, events = play(state, {"type": "pass"})
    assert "blocked" in codes(events)
    assert ENGINE.result(state) == {"placings": [1, 2], "scores": [1, 2]}


def test_moves_out_of_turn_and_malformed_moves_are_refused() -> None:
    state = position(hands={0: ["P1.0a", "P9.0a", "P9.0b", "P10.0a", "P11.0a"]}, building=[[], [], [], []])
    before = ENGINE.view(state, 0)
    for seat, move in (
        (1, {"type": "build", "card": "P1.0a", "from": "hand", "pile": 0}),
        (0, {"type": "build", "card": "P1.0a", "from": "stock", "pile": 0}),
        (0, {"type": "build", "card": "P9.0a", "from": "hand", "pile": 0}),
        (0, {"type": "discard", "card": "P1.0a"}),
        (0, {"type": "pass"}),
    ):
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, seat, move, 0)
    assert ENGINE.view(state, 0) == before


def test_timeout_discards_the_highest_number_and_keeps_wild_cards() -> None:
    """Move clock: out of time the turn ends with a discard: the highest number, onto the pile
    showing that number or the one above it (else an empty pile); wild cards are kept."""
    state = position(
        hands={0: ["W.0a", "P3.0a", "P7.0a", "P11.0a", "P5.0a"]},
        discards={0: [["P9.0a"], ["P12.0a"], [], []]},
    )
    assert ENGINE.timeout_move(state, 0) == {"type": "discard", "card": "P11.0a", "slot": 1}
    state["hands"][0] = ["W.0a", "P2.0a"]
    assert ENGINE.timeout_move(state, 0) == {"type": "discard", "card": "P2.0a", "slot": 2}
