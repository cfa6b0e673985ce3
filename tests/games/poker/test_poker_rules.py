"""Poker: one test per rule sentence of casino-tables-de.txt ("Poker") and docs/catalogue.md.

Side pots in every all-in shape have their own file (test_poker_side_pots.py).
"""

from __future__ import annotations

import pytest
from svc_cards.poker import ENGINE
from svc_cards.poker.hands import best_hand
from svc_cards.poker.rules import LEVEL_MS, MOVE_SECONDS, SHOWDOWN_MS, hidden_from

from lobby.stakes import pot_shares
from rulekit import IllegalMove, Refusal
from tests.games.poker.table import act, codes, dealt, ids, rig, won

CHECK_DOWN = ("check",) * 9  # flop, turn and river checked by three players


def called_round(stacks: list[int] | None = None, button: int = 0):
    """Three players; button 0, small blind 1, big blind 2; preflop called round."""
    state, _ = dealt(stacks or [1000, 1000, 1000], button)
    return state


def test_win_with_the_best_hand_or_when_everyone_folds() -> None:
    """Gewinne, indem du beim Showdown die beste 5-Karten-Hand hast oder alle Gegner zum
    Aufgeben bringst. (Win with the best five-card hand at showdown or by making everyone fold.)"""
    state = rig(called_round(), {0: "As Ad", 1: "Ks Kd", 2: "2c 7h"}, "Ac 5d 9h Jc 3s")
    _, events = act(state, "call", "call", "check", *CHECK_DOWN)
    assert won(events) == [(60, [0])]
    state = rig(called_round(), {0: "2c 7h", 1: "Ks Kd", 2: "As Ad"}, "Ac 5d 9h Jc 3s")
    _, events = act(state, "raise 100", "fold", "fold")
    assert won(events) == [(130, [0])]


def test_fold_check_call_raise() -> None:
    """Spiele mit Fold, Check, Call und Raise um Münzen. (Play with fold, check, call and raise.)"""
    state = called_round()
    assert {m["type"] for m in ENGINE.legal_moves(state, 0)} == {"fold", "call", "raise", "allin"}
    state, _ = act(state, "call", "call")
    assert {m["type"] for m in ENGINE.legal_moves(state, 2)} == {"check", "raise", "allin"}


def test_texas_holdem_as_a_tournament() -> None:
    """Gespielt wird Texas Hold'em als Turnier. (Texas Hold'em, played as a tournament.)"""
    state = ENGINE.setup(3, {}, b"tour")
    assert [len(cards) for cards in state["hole"]] == [2, 2, 2] and state["board"] == []
    assert ENGINE.meta.seat_counts == (3, 5)


def test_win_every_coin_at_the_table_losers_are_out() -> None:
    """Gewinne alle Münzen am Tisch: Wer keine Münzen mehr hat, scheidet aus. (Win every coin;
    whoever has none left is out.)"""
    state = rig(called_round([1000, 1000, 500]), {0: "As Ad", 1: "2c 7h", 2: "Ks Kd"}, "Ac 5d 9h Jc 3s")
    state, events = act(state, "allin", "fold", "call")
    assert "busted" in codes(events) and state["stacks"][2] == 0
    assert not state["dealt"][2] and 2 not in ENGINE.to_move(state)


def test_the_last_player_with_coins_takes_the_table() -> None:
    """Der letzte Spieler mit Münzen gewinnt den Tisch und bekommt alle Einsätze. (The last
    player with coins wins the table and every stake.)"""
    state = rig(called_round([1000, 10, 20]), {0: "As Ad", 1: "2c 7h", 2: "3d 8s"}, "Ac 5d 9h Jc 3s")
    state, events = act(state, "call")
    # Out in the same hand: the bigger stack at its start places higher.
    assert ENGINE.result(state) == {"placings": [1, 3, 2], "scores": [1030, 0, 0]}
    assert events[-2] == {"code": "table_won", "seat": 0, "coins": 1030}


@pytest.mark.parametrize(("stake", "blinds"), [(1000, [10, 20]), (5000, [50, 100]), (25000, [250, 500])])
def test_three_or_five_seats_and_three_stakes(stake: int, blinds: list[int]) -> None:
    """Du wählst einen 3er- oder 5er-Tisch und einen von drei Einsätzen: 1.000 Münzen –
    Start-Blinds 10 / 20; 5.000 Münzen – 50 / 100; 25.000 Münzen – 250 / 500."""
    for seats in (3, 5):
        assert ENGINE.setup(seats, {"stake": stake}, b"s")["blinds"] == blinds
    for seats in (2, 4, 6):
        with pytest.raises(Refusal):
            ENGINE.setup(seats, {"stake": stake}, b"s")
    with pytest.raises(Refusal):
        ENGINE.setup(3, {"stake": 2000}, b"s")


@pytest.mark.parametrize("stake", [1000, 5000, 25000])
def test_the_stake_is_the_starting_stack(stake: int) -> None:
    """Dein Einsatz ist gleichzeitig dein Startstapel. (Your stake is your starting stack.)"""
    state = ENGINE.setup(5, {"stake": stake}, b"stack")
    assert [s + c for s, c in zip(state["stacks"], state["committed"], strict=True)] == [stake] * 5


def test_the_winner_takes_stake_times_players() -> None:
    """Der Sieger erhält den gesamten Topf: Einsatz × Anzahl der Spieler (z. B. 3 × 1.000 =
    3.000). (The winner gets stake x players.)"""
    room = {"result": {"placings": [2, 1, 3]}, "stake": {"amount": 1000}}
    assert pot_shares(room) == {1: 3000}


def test_the_button_moves_one_seat_after_every_hand() -> None:
    """Der Dealer-Button (D) wandert nach jeder Hand einen Platz weiter. (The button moves one
    seat on after every hand; seats without coins are passed over.)"""
    state = called_round([1000, 1000, 1000, 0, 1000], button=2)
    assert state["button"] == 2
    state, _ = act(state, "fold", "fold", "fold")
    assert state["button"] == 4
    state, _ = act(state, "fold", "fold", "fold")
    assert state["button"] == 0


def test_the_two_players_left_of_the_dealer_post_the_blinds() -> None:
    """Die zwei Spieler links vom Dealer setzen den Small Blind und den Big Blind
    (Pflichteinsätze). (The two players left of the dealer post the blinds.)"""
    state, events = dealt([1000] * 5, button=3)
    assert (state["small_blind_seat"], state["big_blind_seat"]) == (4, 0)
    assert state["bets"] == [20, 0, 0, 0, 10]
    assert [(e["code"], e["seat"], e["amount"]) for e in events if "blind" in e["code"]] == [
        ("small_blind", 4, 10),
        ("big_blind", 0, 20),
    ]


def test_two_hole_cards_only_you_see_yours() -> None:
    """Jeder bekommt 2 verdeckte Karten (Hole Cards). Nur du siehst deine eigenen. (Two hole
    cards each; only you see yours.)"""
    state, events = dealt([1000] * 3)
    for seat in range(3):
        view = ENGINE.view(state, seat)
        assert view["private"]["hand"] == state["hole"][seat]
        text = str(view)
        assert not any(card in text for card in hidden_from(state, seat))
    assert not any(card in str(ENGINE.view(state, None)) for card in hidden_from(state, None))
    assert all(e["visible_to"] == [e["seat"]] for e in events if e["code"] == "dealt")


def test_preflop_starts_left_of_the_big_blind() -> None:
    """Preflop: erste Setzrunde, sie beginnt beim Spieler links vom Big Blind. (Preflop starts
    with the player left of the big blind.)"""
    state, _ = dealt([1000] * 5, button=1)
    assert state["big_blind_seat"] == 3 and ENGINE.to_move(state) == {4}


def test_the_flop_three_open_cards_and_a_new_round() -> None:
    """Flop: 3 Gemeinschaftskarten werden offen in die Mitte gelegt, neue Setzrunde. (Three open
    cards, a new betting round.)"""
    state = rig(called_round(), {}, "Ac 5d 9h Jc 3s")
    state, events = act(state, "call", "call", "check")
    assert state["board"] == ids("Ac 5d 9h", state["hand"]) and state["street"] == "flop"
    assert state["bets"] == [0, 0, 0] and ENGINE.to_move(state) == {1}  # first left of the button
    assert {"code": "board", "street": "flop", "cards": state["board"]} in events


def test_the_turn_a_fourth_card() -> None:
    """Turn: die 4. Gemeinschaftskarte, neue Setzrunde. (The turn: a fourth card, a new round.)"""
    state = rig(called_round(), {}, "Ac 5d 9h Jc 3s")
    state, _ = act(state, "call", "call", "check", "check", "check", "check")
    assert state["street"] == "turn" and state["board"][3] == ids("Jc", state["hand"])[0]


def test_the_river_a_fifth_card_and_the_last_round() -> None:
    """River: die 5. Gemeinschaftskarte, letzte Setzrunde. (The river: the fifth card, the last
    round.)"""
    state = rig(called_round(), {}, "Ac 5d 9h Jc 3s")
    state, _ = act(state, "call", "call", "check", *("check",) * 6)
    assert state["street"] == "river" and len(state["board"]) == 5
    state, events = act(state, "check", "check", "check")
    assert "showdown" in codes(events) and state["hand"] == 3


def test_everyone_still_in_shows_at_the_showdown() -> None:
    """Showdown: Alle, die noch dabei sind, decken auf. (Everyone still in shows.)"""
    state = rig(called_round(), {0: "As Ad", 1: "Ks Kd", 2: "2c 7h"}, "Ac 5d 9h Jc 3s")
    state, events = act(state, "call", "fold", "check", *("check",) * 6)
    (shown,) = [e["hands"] for e in events if e["code"] == "showdown"]
    assert shown[1] is None and shown[0]["cards"] == ids("As Ad", 2) and shown[2]["cards"] == ids("2c 7h", 2)


def test_the_cards_stay_five_seconds_with_the_hands_names() -> None:
    """Die Karten bleiben 5 Sekunden offen liegen, die Namen der Hände stehen an den
    Namensschildern. (Shown 5 s, the hands' names at the name plates.)"""
    state = rig(called_round(), {0: "As Ad", 1: "Ks Kd", 2: "2c 7h"}, "Ac 5d 9h Jc 3s")
    state, _ = act(state, "call", "call", "check", *CHECK_DOWN, now_ms=100_000)
    last = ENGINE.view(state, None)["public"]["last_hand"]
    assert [hand["hand"] for hand in last["shown"]] == ["three_of_a_kind", "one_pair", "high_card"]
    assert last["until_ms"] == 100_000 + SHOWDOWN_MS
    # The next player's clock starts once the 5 s are over.
    assert ENGINE.deadline(state)["at_ms"] == 100_000 + SHOWDOWN_MS + MOVE_SECONDS * 1000


def test_then_the_result_board() -> None:
    """Danach erscheint die Ergebnis-Tafel. (Then the result board: what each seat won.)"""
    state = rig(called_round(), {0: "As Ad", 1: "Ks Kd", 2: "2c 7h"}, "Ac 5d 9h Jc 3s")
    state, _ = act(state, "call", "call", "check", *CHECK_DOWN)
    assert state["last_hand"]["won"] == [60, 0, 0]


def test_the_last_player_in_wins_at_once_without_showing() -> None:
    """Steigen alle anderen aus, gewinnt der letzte verbliebene Spieler den Pot sofort, ohne
    seine Karten zu zeigen. (When everyone else folds the last player wins without showing.)"""
    state = called_round()
    hole = state["hole"][0]
    state, events = act(state, "raise 60", "fold", "fold")
    assert "showdown" not in codes(events) and state["last_hand"]["shown"] == [None, None, None]
    assert not any(card in str(ENGINE.view(state, 1)) for card in hole)


def test_fold_leaves_your_bets_in_the_pot() -> None:
    """Fold – aussteigen. Deine bisherigen Einsätze bleiben im Pot. (Your bets stay in the pot.)"""
    state = called_round()
    state, _ = act(state, "raise 100", "call", "fold")
    assert state["folded"][2] and state["committed"][2] == 20 and ENGINE.view(state, 0)["public"]["pot"] == 220


def test_check_when_nothing_to_pay() -> None:
    """Check – schieben, wenn du nichts nachzahlen musst. (Check when you owe nothing.)"""
    state = called_round()
    assert {"type": "check"} not in ENGINE.legal_moves(state, 0)
    state, _ = act(state, "call", "call")
    assert {"type": "check"} in ENGINE.legal_moves(state, 2)
    assert {"type": "fold"} not in ENGINE.legal_moves(state, 2)


def test_call_matches_the_highest_bet() -> None:
    """Call – mitgehen, also den höchsten Einsatz der Runde ausgleichen. (Call matches the
    highest bet of the round.)"""
    state = called_round()
    state, _ = act(state, "raise 80")
    assert {"type": "call", "amount": 70} in ENGINE.legal_moves(state, 1)
    state, _ = act(state, "call")
    assert state["bets"] == [80, 80, 20]


def test_raise_to_is_your_total_for_the_round() -> None:
    """Raise – erhöhen. Du wählst „Raise auf X“ als deinen Gesamteinsatz in dieser Setzrunde.
    (Raise to X: your total for this round.)"""
    state = called_round()
    state, _ = act(state, "call", "raise 100")
    assert state["bets"][1] == 100 and state["stacks"][1] == 900


def test_the_minimum_raise_is_twice_the_highest_bet_and_two_big_blinds() -> None:
    """Vorschlag und Minimum: das Doppelte des höchsten Einsatzes, mindestens 2 × Big Blind.
    (Minimum: twice the highest bet, at least two big blinds.)"""
    state = called_round()
    raise_range = next(m for m in ENGINE.legal_moves(state, 0) if m["type"] == "raise")["range"]["amount"]
    assert raise_range[0] == 40
    state, _ = act(state, "raise 150")
    raise_range = next(m for m in ENGINE.legal_moves(state, 1) if m["type"] == "raise")["range"]["amount"]
    assert raise_range[0] == 300
    with pytest.raises(IllegalMove):
        act(state, "raise 290")
    state, _ = act(state, "call", "call")
    raise_range = next(m for m in ENGINE.legal_moves(state, 1) if m["type"] == "raise")["range"]["amount"]
    assert raise_range[0] == 40  # nothing bet yet on the flop: two big blinds


def test_the_slider_runs_in_small_blind_steps() -> None:
    """Der Regler läuft in Small-Blind-Schritten. (The slider moves in small-blind steps.)"""
    state = called_round()
    low, high, step = next(m for m in ENGINE.legal_moves(state, 0) if m["type"] == "raise")["range"]["amount"]
    assert (low, high, step) == (40, 990, 10)
    with pytest.raises(IllegalMove):
        act(state, "raise 45")


def test_all_in_puts_in_every_coin() -> None:
    """All-in – du setzt alle deine Münzen. (All-in: you bet every coin.)"""
    state = called_round()
    assert {"type": "allin", "amount": 1000} in ENGINE.legal_moves(state, 0)
    state, events = act(state, "allin")
    assert state["stacks"][0] == 0 and state["bets"][0] == 1000 and events[0]["code"] == "all_in"


def test_fifteen_seconds_a_move() -> None:
    """Du hast 15 Sekunden pro Zug. (15 seconds a move.)"""
    state = ENGINE.setup(3, {}, b"clock", 10_000)
    assert ENGINE.deadline(state)["at_ms"] == 10_000 + 15_000


def test_out_of_time_checks_else_folds() -> None:
    """Läuft die Zeit ab, wird automatisch gecheckt – musst du etwas bezahlen, wird automatisch
    gefoldet. (Out of time: check, or fold when you would have to pay.)"""
    state = called_round()
    assert ENGINE.timeout_move(state, 0) == {"type": "fold"}
    state, _ = act(state, "call", "call")
    assert ENGINE.timeout_move(state, 2) == {"type": "check"}


def test_blinds_double_every_ninety_seconds() -> None:
    """Die Blinds verdoppeln sich alle 90 Sekunden Spielzeit (z. B. 10/20 → 20/40 → 40/80 …).
    (Blinds double every 90 s of play.)"""
    state = ENGINE.setup(3, {}, b"blinds", 1_000)
    seen = []
    now = 1_000
    for _ in range(4):
        now += LEVEL_MS
        state, events = act(state, *("fold",) * 2, now_ms=now)
        seen.append(state["blinds"])
        assert "blinds_up" in codes(events)
    assert seen == [[20, 40], [40, 80], [80, 160], [160, 320]]


def test_the_new_level_counts_from_the_next_hand() -> None:
    """Die neue Stufe gilt ab der nächsten Hand. (The new level applies from the next hand.)"""
    state = ENGINE.setup(3, {}, b"level", 1_000)
    hand = state["hand"]
    state, _ = act(state, "fold", now_ms=1_000 + LEVEL_MS + 5)
    assert state["hand"] == hand and state["blinds"] == [10, 20]
    raise_range = next(m for m in ENGINE.legal_moves(state, state["turn"]) if m["type"] == "raise")
    assert raise_range["range"]["amount"][0] == 40
    state, _ = act(state, "fold", now_ms=1_000 + LEVEL_MS + 10)
    assert state["hand"] == hand + 1 and state["blinds"] == [20, 40]


def test_the_top_bar_shows_when_blinds_rise() -> None:
    """Oben rechts siehst du, wann die nächste Erhöhung kommt. (The top bar shows when the next
    rise comes.)"""
    state = ENGINE.setup(3, {}, b"bar", 7_000)
    assert ENGINE.view(state, 0)["public"]["blinds_up_at_ms"] == 7_000 + LEVEL_MS


def test_a_short_stack_goes_all_in_to_call() -> None:
    """Kann ein Spieler nicht mehr voll mitgehen, spielt er All-in. (Who cannot call in full is
    all-in.)"""
    state = called_round([1000, 1000, 300])
    state, _ = act(state, "raise 500", "fold")
    assert ENGINE.legal_moves(state, 2) == [{"type": "fold"}, {"type": "call", "amount": 280}]
    state, events = act(state, "call")
    assert events[0] == {"code": "called", "seat": 2, "amount": 280, "all_in": True}


def test_an_all_in_wins_from_each_opponent_at_most_what_they_put_in() -> None:
    """Er kann von jedem Gegner höchstens so viel gewinnen, wie er selbst gesetzt hat. (An
    all-in player wins from each opponent at most what they put in.)"""
    state = rig(called_round([1000, 1000, 300]), {0: "Ks Kd", 1: "Qs Qd", 2: "As Ad"}, "2c 5d 9h Jc 3s")
    state, events = act(state, "allin", "call", "call")
    assert state["last_hand"]["won"] == [1400, 0, 900]


def test_the_rest_is_a_side_pot_for_the_others() -> None:
    """Alles darüber hinaus kommt in einen Side-Pot, um den nur die übrigen Spieler spielen.
    (The rest is a side pot only the others play for.)"""
    state = rig(called_round([1000, 1000, 300]), {0: "Ks Kd", 1: "Qs Qd", 2: "As Ad"}, "2c 5d 9h Jc 3s")
    _, events = act(state, "allin", "call", "call")
    assert won(events) == [(900, [2]), (1400, [0])]


def test_who_has_no_coins_is_out() -> None:
    """Wer keine Münzen mehr hat, scheidet aus. (Whoever has no coins is out.)"""
    state = rig(called_round([1000, 1000, 300]), {0: "Ks Kd", 1: "Qs Qd", 2: "As Ad"}, "2c 5d 9h Jc 3s")
    state, events = act(state, "allin", "call", "call")
    assert state["out"][1] == [2, 1000] and state["dealt"] == [True, False, True]


def test_the_best_five_of_seven_cards() -> None:
    """Gewertet werden immer die besten 5 Karten aus deinen 2 Karten und den 5
    Gemeinschaftskarten. (The best five of your two and the five community cards count.)"""
    assert best_hand(ids("2c 3d As Ks Qs Js Ts", 1))[1] == "royal_flush"
    # The board plays: both hole cards may be left out.
    assert best_hand(ids("2c 3d 7h 8h 9h Th Jh", 1))[1] == "straight_flush"


HANDS = [
    ("royal_flush", "As Ks Qs Js Ts"),
    ("straight_flush", "9h 8h 7h 6h 5h"),
    ("four_of_a_kind", "Ks Kh Kd Kc 2s"),
    ("full_house", "Qs Qh Qd 2c 2s"),
    ("flush", "Ad 9d 7d 4d 2d"),
    ("straight", "9c 8d 7h 6s 5c"),
    ("three_of_a_kind", "7s 7h 7d Kc 2s"),
    ("two_pair", "Js Jh 4d 4c As"),
    ("one_pair", "Ts Th 8d 4c 2s"),
    ("high_card", "Ks Jh 8d 4c 2s"),
]


def test_hand_ranks_from_high_to_low() -> None:
    """Handwerte (von hoch nach niedrig): Straight Flush (der höchste ist der Royal Flush:
    A-K-D-B-10), Vierling, Full House, Flush, Straße (das Ass zählt hoch oder niedrig:
    A-2-3-4-5), Drilling, Zwei Paare, Ein Paar, Höchste Karte."""
    values = []
    for name, text in HANDS:
        value, found = best_hand(ids(text, 1))
        assert found == name
        values.append(value)
    assert values == sorted(values, reverse=True) and len(set(values)) == len(values)
    wheel, low = best_hand(ids("As 2d 3h 4s 5c", 1)), best_hand(ids("6s 2d 3h 4s 5c", 1))
    assert wheel[1] == "straight" and wheel[0] < low[0] < best_hand(ids("As Kd Qh Js Tc", 1))[0]


def test_the_kicker_decides_equal_hands() -> None:
    """Haben zwei Spieler dieselbe Hand, entscheidet die nächsthöhere Karte (Kicker). (Equal
    hands: the kicker decides.)"""
    state = rig(called_round(), {0: "Ah Kc", 1: "Ad Qc", 2: "2c 3d"}, "As 9d 7h 5c 8s")
    _, events = act(state, "call", "call", "check", *CHECK_DOWN)
    assert won(events) == [(60, [0])]


def test_equal_best_five_split_the_pot() -> None:
    """Sind die besten 5 Karten gleich, wird der Pot geteilt. (Equal best five split the pot.)"""
    state = rig(called_round(), {0: "Ah 2c", 1: "Ad 3c", 2: "4c 6d"}, "As Ks Qh Jd 9s")
    state, events = act(state, "call", "call", "check", *CHECK_DOWN)
    # Winners are listed from the button's left: the order odd chips are handed out in.
    assert won(events) == [(60, [1, 0])] and state["last_hand"]["won"] == [30, 30, 0]
