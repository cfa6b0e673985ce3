"""Blackjack duel: one test per rule sentence of casino-tables-de.txt ("Blackjack") and the
docs/catalogue.md line `blackjack-duel`.

Three seats unless said otherwise; button 0, so seat 1 acts first, then 2, then 0. Side pots
in more all-in shapes have their own file (test_side_pots.py).
"""

from __future__ import annotations

import pytest
from svc_cards.blackjack_duel import ENGINE
from svc_cards.blackjack_duel.rules import LEVEL_MS, MOVE_SECONDS, hidden_from

from lobby.stakes import pot_shares
from rulekit import IllegalMove, Refusal
from tests.games.blackjack_duel.table import act, codes, dealt, ids, rig, types, won

CALLS = ("call",) * 3
STANDS = ("stand",) * 3


def hold(state):
    """Everyone who may bet holds (calls) until the betting round is over."""
    events: list = []
    number, stage = state["round"], state["stage"]
    while state["round"] == number and state["stage"] == stage != "draw" and ENGINE.result(state) is None:
        state, more = act(state, "call")
        events += more
    return state, events


def showdown(hands: dict[int, str], shoe: str = "", stacks: list[int] | None = None, draws=STANDS):
    """A round where everyone holds, plays `draws` (seat 1, 2, then 0) and holds again."""
    state = rig(dealt(stacks or [1000] * 3), hands, shoe)
    state, first = hold(state)
    state, drawn = act(state, *draws)
    state, second = hold(state)
    return state, first + drawn + second


def test_closest_to_21_without_going_over() -> None:
    """Komme näher an 21 als die anderen Spieler, ohne zu überkaufen. (Get closer to 21 than the
    other players without going over.)"""
    _, events = showdown({0: "Ts 9h", 1: "Ks Qh", 2: "7c 8d"}, "Kd", draws=("stand", "hit", "stand", "stand"))
    assert won(events) == [(60, [1])]  # 20 beats 19; 15 + K is over


def test_a_blackjack_beats_any_other_21() -> None:
    """Ein Blackjack gewinnt gegen jede andere 21. (A blackjack beats any other 21.)"""
    _, events = showdown({0: "7s 4h", 1: "Ks Ah", 2: "2c 3d"}, "Td", draws=("stand", "stand", "hit", "stand"))
    assert won(events) == [(60, [1])]  # seat 0's 7 + 4 + 10 is 21, but no blackjack


def test_one_common_pot_and_no_dealer() -> None:
    """Alle Spieler spielen gegeneinander um einen gemeinsamen Pot – es gibt keine Bank und
    keinen Dealer, gegen den du spielst. (Everyone plays for one pot; no bank, no dealer.)"""
    state = dealt([1000] * 3)
    view = ENGINE.view(state, None)
    assert view["public"]["pot"] == 60 and len(view["public"]["hands"]) == 3
    _, events = showdown({0: "Ts 9h", 1: "Ks Qh", 2: "7c 8d"})
    assert won(events) == [(60, [1])]


def test_the_croupier_only_deals() -> None:
    """Die Croupière teilt nur aus. (The croupier only deals.) Every card dealt is a player's:
    two to each seat, none to a house hand."""
    state = dealt([1000] * 3)
    assert [len(hands[0]) for hands in state["cards"]] == [2, 2, 2]
    assert len(state["deck"]) == 52 - 6


def test_the_last_player_with_coins_wins_the_table() -> None:
    """Wer am Ende als Einziger noch Münzen hat, gewinnt den Tisch. (Whoever alone has coins
    left in the end wins the table.)"""
    state, events = showdown({0: "Ts 9h", 1: "Ks Qh", 2: "7c 8d"}, stacks=[20, 1000, 20])
    assert ENGINE.result(state) == {"placings": [2, 1, 2], "scores": [0, 1040, 0]}
    assert codes(events)[-2:] == ["table_won", "game_over"]


def test_the_example_three_players_stake_20() -> None:
    """Beispiel: 3 Spieler setzen je 20 – der Gewinner hat danach 1.040, die anderen je 980.
    (Three players stake 20 each: the winner has 1,040 afterwards, the others 980 each.)"""
    state, _ = showdown({0: "Ts 9h", 1: "Ks Qh", 2: "7c 8d"})
    assert state["start_stacks"] == [980, 1040, 980]  # before the next round's ante


@pytest.mark.parametrize(("stake", "ante"), [(1000, 20), (5000, 100), (25000, 500)])
def test_three_or_five_seats_and_three_stakes(stake: int, ante: int) -> None:
    """Du wählst einen 3er- oder 5er-Tisch und einen von drei Einsätzen: 1.000 Münzen – Ante 20;
    5.000 Münzen – Ante 100; 25.000 Münzen – Ante 500."""
    for seats in (3, 5):
        state = ENGINE.setup(seats, {"stake": stake}, b"s")
        assert state["ante"] == ante and state["stacks"] == [stake - ante] * seats
    for seats in (2, 4, 6):
        with pytest.raises(Refusal):
            ENGINE.setup(seats, {"stake": stake}, b"s")
    with pytest.raises(Refusal):
        ENGINE.setup(3, {"stake": 2000}, b"s")


def test_the_ante_doubles_every_90_seconds() -> None:
    """Wie die Blinds beim Poker verdoppelt sich die Ante alle 90 Sekunden (20 → 40 → 80 …).
    (Like poker's blinds, the ante doubles every 90 seconds.)"""
    state = ENGINE.setup(3, {}, b"ante", 1_000)
    seen = []
    now = 1_000
    while len(seen) < 3 and ENGINE.result(state) is None:
        now += 5_000
        (seat,) = ENGINE.to_move(state)
        state, events = ENGINE.apply(state, seat, ENGINE.timeout_move(state, seat), now)
        seen += [(e["ante"], (now - 1_000) // LEVEL_MS) for e in events if e["code"] == "ante_up"]
    assert [ante for ante, _ in seen] == [40, 80, 160]
    assert all(ante == 20 << level for ante, level in seen)


def test_the_new_ante_applies_from_the_next_round() -> None:
    """Die Erhöhung gilt ab der nächsten Runde. (The rise applies from the next round on.)"""
    state = ENGINE.setup(3, {}, b"next", 1_000)
    (seat,) = ENGINE.to_move(state)
    state, events = ENGINE.apply(state, seat, {"type": "call", "amount": 0}, 1_000 + LEVEL_MS + 1)
    assert "ante_up" not in codes(events) and state["ante"] == 20 and state["stake"] == 20
    state, events = act(state, "call", "call", *STANDS, *CALLS, now_ms=1_000 + LEVEL_MS + 2)
    assert "ante_up" in codes(events) and state["ante"] == 40 and state["stake"] == 40


def _total(cards: str) -> int:
    state = rig(dealt([1000] * 3), {1: " ".join(cards.split()[:2])}, " ".join(cards.split()[2:]))
    state, _ = act(state, *CALLS)
    for _ in cards.split()[2:]:
        state, _ = act(state, "hit")
    return ENGINE.view(state, 1)["private"]["totals"][0]


def test_two_to_ten_count_their_value() -> None:
    """2 bis 10 zählen ihren Wert. (Two to ten count their number.)"""
    assert _total("2s 3h 4d") == 9
    assert _total("Ts 9h") == 19


def test_jack_queen_king_count_ten() -> None:
    """Bube, Dame und König zählen 10. (Jack, queen and king count ten.)"""
    assert _total("Js Qh") == 20
    assert _total("Ks 2h") == 12


def test_an_ace_counts_eleven_or_one() -> None:
    """Das Ass zählt 11 oder 1 – je nachdem, was für deine Hand besser ist. (An ace counts 11 or
    1, whichever is better for your hand.)"""
    assert _total("As 6h") == 17
    assert _total("As 6h 9d") == 16
    assert _total("As Ah") == 12


def test_everyone_pays_the_ante() -> None:
    """Jeder setzt die Ante in den Pot. (Everyone puts the ante into the pot.)"""
    state = dealt([1000, 1000, 1000])
    assert state["stacks"] == [980] * 3 and state["committed"] == [[20]] * 3


def test_one_open_and_one_hidden_card_each() -> None:
    """Die Croupière gibt jedem eine offene und eine verdeckte Karte. (Everyone gets one open
    and one hidden card.)"""
    state = dealt([1000] * 3)
    public = ENGINE.view(state, None)["public"]
    for seat in range(3):
        assert public["hands"][seat] == [{"up": state["cards"][seat][0][0], "count": 2}]
        assert state["cards"][seat][0][1] not in str(public)


def test_nobody_knows_the_hidden_card_yet_not_even_its_owner() -> None:
    """Die verdeckte Karte kennt zu diesem Zeitpunkt niemand – auch du nicht. (Nobody knows the
    hidden card at this point, not even you.)"""
    state = dealt([1000] * 3)
    for seat in (0, 1, 2, None):
        view = str(ENGINE.view(state, seat))
        assert all(state["cards"][s][0][1] not in view for s in range(3))
        assert {state["cards"][s][0][1] for s in range(3)} <= hidden_from(state, seat)
    assert ENGINE.view(state, 1)["private"]["hands"] == [[state["cards"][1][0][0]]]


def test_first_betting_round_call_double_or_fold_in_turn() -> None:
    """1. Setzrunde: reihum Mitgehen, Double oder Fold. (First betting round: in turn call,
    double or fold.)"""
    state = dealt([1000] * 3)
    order = []
    for _ in range(3):
        assert types(state) == {"call", "double", "fold"}
        order.append(state["turn"])
        state, _ = act(state, "call")
    assert order == [1, 2, 0] and state["stage"] == "draw"


def test_a_double_doubles_the_stake_for_everyone() -> None:
    """Verdoppelt jemand, verdoppelt sich der Einsatz für alle – jeder andere muss dann mitgehen
    oder folden. (A double doubles everyone's stake; everyone else must call or fold.)"""
    state = dealt([1000] * 3)
    state, _ = act(state, "call", "double")
    assert state["stake"] == 40 and state["committed"] == [[20], [20], [40]]
    assert state["turn"] == 0 and types(state) == {"call", "fold"}
    assert ENGINE.legal_moves(state, 0)[0] == {"type": "call", "amount": 20}
    state, _ = act(state, "call")
    assert state["turn"] == 1 and types(state) == {"call", "fold"}  # seat 1 acted before the double
    state, _ = act(state, "fold")
    assert state["stage"] == "draw" and state["committed"] == [[40], [20], [40]]


def test_one_double_per_betting_round() -> None:
    """Pro Setzrunde ist ein Double möglich. (One double is possible per betting round.)"""
    state = dealt([1000] * 3)
    state, _ = act(state, "double")
    assert "double" not in types(state)
    state, _ = act(state, "call", "call", *STANDS)
    assert "double" in types(state)  # the second round has its own
    state, _ = act(state, "double")
    assert state["stake"] == 80 and "double" not in types(state)


def test_the_hidden_cards_are_turned_each_sees_only_their_own() -> None:
    """Die verdeckten Karten werden aufgedeckt – jeder sieht nur seine eigene. (The hidden cards
    are turned; each sees only their own.)"""
    state = dealt([1000] * 3)
    state, events = act(state, *CALLS)
    revealed = [e for e in events if e["code"] == "revealed"]
    assert [(e["seat"], e["visible_to"]) for e in revealed] == [(0, [0]), (1, [1]), (2, [2])]
    for seat in range(3):
        hidden = state["cards"][seat][0][1]
        assert ENGINE.view(state, seat)["private"]["hands"] == [state["cards"][seat][0]]
        assert all(hidden not in str(ENGINE.view(state, other)) for other in (*range(3), None) if other != seat)


def test_hit_or_stand_in_turn() -> None:
    """Reihum: Hit (noch eine Karte) oder Stand (keine Karte mehr). (In turn: hit for another
    card, or stand.)"""
    state = rig(dealt([1000] * 3), {1: "5s 6h", 2: "Ts 8h", 0: "9s 7h"}, "2d 3d")
    state, _ = act(state, *CALLS)
    assert state["turn"] == 1 and types(state) == {"hit", "stand"}
    state, _ = act(state, "hit", "hit")
    assert state["cards"][1][0] == ids("5s 6h 2d 3d", 1)
    state, _ = act(state, "stand")
    assert state["turn"] == 2
    state, _ = act(state, "stand", "stand")
    assert state["stage"] == "bet2" and state["cards"][2][0] == ids("Ts 8h", 1)


def test_drawn_cards_are_face_down_to_the_others() -> None:
    """Gezogene Karten sehen die Gegner verdeckt. (Opponents see drawn cards face down.)"""
    state = rig(dealt([1000] * 3), {1: "5s 6h"}, "Kd")
    state, _ = act(state, *CALLS)
    state, events = act(state, "hit")
    card = ids("Kd", 1)[0]
    drew = [e for e in events if e["code"] == "drew"]
    assert drew == [{"code": "drew", "visible_to": [1], "seat": 1, "hand": 0, "card": card}]
    assert card in str(ENGINE.view(state, 1))
    for other in (0, 2, None):
        view = ENGINE.view(state, other)
        assert card not in str(view) and view["public"]["hands"][1] == [{"up": ids("5s", 1)[0], "count": 3}]


def test_second_betting_round_call_double_or_fold() -> None:
    """2. Setzrunde: Jeder kennt jetzt seine Hand – nochmal Mitgehen, Double oder Fold. (Second
    betting round: everyone knows their hand; call, double or fold again.)"""
    state = dealt([1000] * 3)
    state, _ = act(state, *CALLS, *STANDS)
    assert state["stage"] == "bet2" and types(state) == {"call", "double", "fold"}
    assert ENGINE.view(state, state["turn"])["private"]["hands"] == [state["cards"][state["turn"]][0]]


def test_nobody_sees_who_is_over_21() -> None:
    """Ob jemand über 21 liegt, sieht keiner. (Nobody sees whether someone is over 21.)"""
    state = rig(dealt([1000] * 3), {1: "Ts 6h"}, "Kd")
    state, _ = act(state, *CALLS)
    state, events = act(state, "hit")
    assert types(state) == {"stand"}  # over 21: the same "stand" as anyone's
    state, more = act(state, "stand")
    public = [e for e in events + more if "visible_to" not in e]
    assert codes(public) == ["hit", "stood"] and "bust" not in str(ENGINE.view(state, 0))


def test_bluffing_is_allowed() -> None:
    """Bluffen ist erlaubt! (Bluffing is allowed.) A hand over 21 may still double."""
    state = rig(dealt([1000] * 3), {1: "Ts 6h"}, "Kd")
    state, _ = act(state, *CALLS, "hit", "stand", "stand", "stand")
    assert state["turn"] == 1 and "double" in types(state)
    state, events = act(state, "double", "fold", "fold")
    assert won(events) == [(80, [1])] and "showdown" not in codes(events)


def test_showdown_shows_the_hands_and_what_each_won_or_lost() -> None:
    """Showdown: Die Hände werden aufgedeckt, die Ergebnis-Tafel zeigt, wer wie viel gewonnen
    oder verloren hat. (Showdown: the hands are shown, the result board shows who won or lost
    how much.)"""
    state, events = showdown({0: "Ts 9h", 1: "Ks Qh", 2: "7c 8d"})
    shown = next(e for e in events if e["code"] == "showdown")["hands"]
    assert shown == [[ids("Ts 9h", 1)], [ids("Ks Qh", 1)], [ids("7c 8d", 1)]]
    last = ENGINE.view(state, None)["public"]["last_round"]
    assert last["won"] == [0, 60, 0] and last["paid"] == [20, 20, 20]


def test_call_holds_the_stake_or_pays_up_after_a_double() -> None:
    """Mitgehen – Einsatz halten bzw. nach einem Double nachlegen. (Call: hold the stake, or pay
    up after a double.)"""
    state = dealt([1000] * 3)
    assert ENGINE.legal_moves(state, 1)[0] == {"type": "call", "amount": 0}
    state, _ = act(state, "call", "double")
    assert ENGINE.legal_moves(state, 0)[0] == {"type": "call", "amount": 20}
    state, _ = act(state, "call")
    assert state["stacks"][0] == 960


def test_double_draws_no_card() -> None:
    """Double – Einsatz für alle verdoppeln (ohne Pflicht-Karte). (Double: double everyone's
    stake, with no card to take.)"""
    state = dealt([1000] * 3)
    deck = list(state["deck"])
    state, _ = act(state, "double")
    assert state["deck"] == deck and [len(h[0]) for h in state["cards"]] == [2, 2, 2]
    assert state["stake"] == 40 and state["stacks"][1] == 960


def test_fold_leaves_the_stake_in_the_pot_and_the_cards_hidden() -> None:
    """Fold – aussteigen. Dein Einsatz bleibt im Pot, deine Karten bleiben verdeckt. (Fold: your
    stake stays in the pot, your cards stay hidden.)"""
    state = rig(dealt([1000] * 3), {0: "Ts 9h", 1: "Ks Qh", 2: "7c 8d"})
    state, events = act(state, "call", "fold", "call", "stand", "stand", "call", "call")
    shown = next(e for e in events if e["code"] == "showdown")["hands"]
    assert shown[2] is None and won(events) == [(60, [1])]
    others = [e for e in events if 2 not in e.get("visible_to", [])]
    assert all(card not in str(others) for card in ids("7c 8d", 1))


def test_hit_and_stand_only_after_the_turn() -> None:
    """Hit / Stand – nach dem Aufdecken eine Karte ziehen oder stehen bleiben. (Hit or stand
    after the turn of the hidden cards.)"""
    state = dealt([1000] * 3)
    assert not types(state) & {"hit", "stand", "split"}
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 1, {"type": "hit"}, 0)
    state, _ = act(state, *CALLS)
    assert {"hit", "stand"} <= types(state)


def test_split_a_pair_plays_two_hands() -> None:
    """Split – nach dem Aufdecken bei einem Paar: Du spielst zwei Hände. (Split, after the turn,
    with a pair: you play two hands.)"""
    state = rig(dealt([1000] * 3), {1: "8s 8h", 2: "Ks Qd", 0: "7c 9d"}, "3c 2d Td")
    assert "split" not in types(state)
    state, _ = act(state, *CALLS)
    assert "split" in types(state)
    state, events = act(state, "split")
    assert state["cards"][1] == [ids("8s 3c", 1), ids("8h 2d", 1)]
    split = next(e for e in events if e["code"] == "split")
    assert split["card"] == ids("8h", 1)[0]  # the pair's second card turns face up
    state, _ = act(state, "stand", "hit")
    assert state["turn"] == 1 and state["cards"][1][1] == ids("8h 2d Td", 1)
    state, _ = act(state, "stand")
    assert state["turn"] == 2


def test_split_costs_the_stake_again_and_nobody_else_is_asked() -> None:
    """Das kostet nochmal deinen Einsatz, die anderen werden nicht gefragt. (It costs your stake
    again; the others are not asked.)"""
    state = rig(dealt([1000] * 3), {1: "8s 8h", 2: "Ks Qd", 0: "7c 9d"}, "3c 2d")
    state, _ = act(state, "call", "double", "call", "call", "split")
    assert state["committed"][1] == [40, 40] and state["stacks"][1] == 920
    assert state["turn"] == 1 and state["committed"][0] == [40] and state["stage"] == "draw"


def test_fifteen_seconds_per_decision() -> None:
    """Du hast 15 Sekunden pro Entscheidung. (You have 15 seconds per decision.)"""
    state = ENGINE.setup(3, {}, b"clock", 1_000)
    assert MOVE_SECONDS == 15 and ENGINE.deadline(state)["at_ms"] == 1_000 + 15_000
    assert ENGINE.meta.to_json()["clock"] == {"fixed": 15}


def test_out_of_time_calls_or_stands_but_folds_after_a_double() -> None:
    """Läuft die Zeit ab, wird automatisch mitgegangen bzw. gestanden – nach einem Double wird
    automatisch gefoldet. (Out of time: call or stand; after a double, fold.)"""
    state = dealt([1000] * 3)
    assert ENGINE.timeout_move(state, 1) == {"type": "call", "amount": 0}
    state, _ = act(state, "double")
    assert ENGINE.timeout_move(state, 2) == {"type": "fold"}
    state, _ = act(state, "call", "call")
    assert ENGINE.timeout_move(state, state["turn"]) == {"type": "stand"}


def test_the_last_hand_left_wins_the_pot_at_once() -> None:
    """Bleibt nur eine Hand übrig, gewinnt sie sofort den Pot. (The last hand left wins the pot
    at once.)"""
    state = dealt([1000] * 3)
    state, events = act(state, "double", "fold", "fold")
    assert won(events) == [(80, [1])] and "showdown" not in codes(events)
    assert state["round"] == 2


def test_otherwise_the_hand_closest_to_21_wins() -> None:
    """Sonst gewinnt die Hand, die am nächsten an 21 liegt, ohne darüber zu gehen. (Otherwise the
    hand closest to 21 without going over wins.)"""
    _, events = showdown({0: "Ts 6h", 1: "Ks 2h", 2: "9c 8d"}, "Qd", draws=("hit", "stand", "stand", "stand"))
    assert won(events) == [(60, [2])]  # 17 beats 16; seat 1's 12 + Q is over


def test_a_blackjack_is_ace_and_ten_value_on_the_first_two_cards() -> None:
    """Ein Blackjack (Ass + 10, Bube, Dame oder König mit den ersten zwei Karten) gewinnt gegen
    jede andere 21. (A blackjack, ace and ten or a face card as the first two cards, beats every
    other 21.)"""
    for ten in ("T", "J", "Q", "K"):
        _, events = showdown({0: f"As {ten}h", 1: "9s 9h", 2: "5c 6d"}, "Ts", draws=("stand", "hit", "stand", "stand"))
        assert won(events) == [(60, [0])]
    _, events = showdown({0: "As Th", 1: "Ks Qh", 2: "Qc Ad"})
    assert won(events) == [(60, [2, 0])]  # two blackjacks share


def test_a_two_card_21_after_a_split_is_no_blackjack() -> None:
    """Nach einem Split zählt eine 21 aus zwei Karten nicht als Blackjack. (After a split a
    two-card 21 is no blackjack.)"""
    state = rig(dealt([1000] * 3), {1: "As Ah", 2: "5c 6d", 0: "2c 3d"}, "Ks 8h Ts 6h")
    state, _ = act(state, *CALLS, "split", "stand", "stand")
    assert state["cards"][1] == [ids("As Ks", 1), ids("Ah 8h", 1)]
    assert ENGINE.view(state, 1)["private"]["blackjack"] == [False, False]
    state, events = act(state, "hit", "stand", "hit", "stand", *CALLS)
    # Seat 2's three-card 21 ties the split ace and king: the pot (four hands of 20) is shared.
    assert won(events) == [(80, [1, 2])] and state["last_round"]["won"] == [0, 40, 40]


def test_a_tie_shares_the_pot() -> None:
    """Bei Gleichstand wird der Pot geteilt. (A tie shares the pot.)"""
    _, events = showdown({0: "Ts 9h", 1: "Ks 9d", 2: "7c 8d"})
    assert won(events) == [(60, [1, 0])]


def test_all_over_21_the_pot_carries_over() -> None:
    """Liegen alle über 21 (Bust), bleibt der Pot liegen und geht in die nächste Runde über. (All
    over 21: the pot stays and goes over into the next round.)"""
    state, events = showdown(
        {0: "Ts 6h", 1: "Ks 5h", 2: "9c 7d"}, "Qd Jc Kh", draws=("hit", "stand", "hit", "stand", "hit", "stand")
    )
    assert "pot_carried" in codes(events) and won(events) == []
    assert state["carry"] == 60 and ENGINE.view(state, None)["public"]["pot"] == 120
    state = rig(state, {0: "Ts 9h", 1: "Ks Qh", 2: "7c 8d"})  # button 1 now: seat 2 first
    state, events = act(state, *CALLS, *STANDS, *CALLS)
    assert won(events) == [(120, [1])] and state["carry"] == 0


def test_less_than_the_stake_goes_all_in() -> None:
    """Hast du weniger als den Einsatz, setzt du alles, was du hast. (With less than the stake,
    you put in all you have.)"""
    state = dealt([1000, 1000, 15])
    assert state["committed"][2] == [15] and state["stacks"][2] == 0
    state, _ = act(state, "call")
    assert state["turn"] == 0  # seat 2 has nothing left to bet: skipped
    state = dealt([1000, 1000, 30])
    state, _ = act(state, "double")
    assert ENGINE.legal_moves(state, 2) == [{"type": "call", "amount": 10}, {"type": "fold"}]


def test_an_all_in_wins_at_most_its_own_stake_from_each() -> None:
    """Du kannst dann von jedem Gegner nur so viel gewinnen, wie du selbst gesetzt hast – den
    Rest bekommt der nächstbeste Spieler. (You win from each opponent only what you put in; the
    next best player gets the rest.)"""
    state = rig(dealt([1000, 1000, 15]), {2: "As Kh", 1: "Ts 9h", 0: "7c 8d"})
    state, events = act(state, "double", "call", "stand", "stand", "stand", "call", "call")
    assert won(events) == [(45, [2]), (50, [1])]
    assert state["last_round"]["won"] == [0, 50, 45]


def test_out_with_no_coins_may_stay_and_watch() -> None:
    """Mit 0 Münzen bist du raus: Du kannst sitzen bleiben und zuschauen oder die Lobby
    verlassen. (With no coins you are out: stay and watch, or leave.)"""
    state, events = showdown({0: "Ts 9h", 1: "Ks Qh", 2: "7c 8d"}, stacks=[1000, 1000, 20])
    assert "busted" in codes(events) and state["out"][2] == [1, 20]
    assert not state["dealt"][2] and state["cards"][2] == []
    view = ENGINE.view(state, 2)
    assert view["legal_moves"] == [] and view["public"]["hands"][1] != []
    assert 2 not in ENGINE.to_move(state)


def test_the_others_play_on_until_one_has_coins() -> None:
    """Die anderen spielen weiter, bis nur noch einer Münzen hat. (The others play on until only
    one has coins.)"""
    state, _ = showdown({0: "Ts 9h", 1: "Ks Qh", 2: "7c 8d"}, stacks=[1000, 1000, 20])
    assert ENGINE.result(state) is None and sum(state["dealt"]) == 2
    state = rig(state, {0: "Ts 9h", 1: "Ks Qh"})
    state, _ = act(state, "double", "call")
    assert state["stage"] == "draw"


def test_hidden_from_follows_the_phase() -> None:
    """docs/catalogue.md: "one open and one hidden card nobody knows yet". The scan's secrets per phase:
    every hidden card in the first round; afterwards only the others' (and the shoe)."""
    state = dealt([1000] * 3)
    hidden = {state["cards"][s][0][1] for s in range(3)}
    assert hidden | set(state["deck"]) == hidden_from(state, 1)
    state, _ = act(state, *CALLS)
    assert hidden_from(state, 1) == set(state["deck"]) | (hidden - {state["cards"][1][0][1]})
    assert hidden_from(state, None) == set(state["deck"]) | hidden


def test_wallet_stakes_and_the_winner_takes_the_pot() -> None:
    """docs/catalogue.md: "Wallet stakes 1,000/5,000/25,000." The stake is a host setting; the lobby's
    ledger pays the whole pot (stake x players) to the one first place the table ends with."""
    (option,) = [o for o in ENGINE.meta.options if o.key == "stake"]
    assert option.choices == (0, 1000, 5000, 25000)
    state, _ = showdown({0: "Ts 9h", 1: "Ks Qh", 2: "7c 8d"}, stacks=[20, 4960, 20])
    state["options"]["stake"] = 5000  # the same table as a staked one: 5,000 each
    result = ENGINE.result(state)
    assert result["placings"].count(1) == 1
    room = {"result": result, "stake": {"amount": 5000}}
    assert pot_shares(room) == {1: 15000}
