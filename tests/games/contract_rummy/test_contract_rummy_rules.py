"""Femton (contract-rummy): one test per sentence of the rule text (card-room-sv.txt,
"Femton"), quoted in Swedish. Positions are built through the engine (setup and moves) and,
where that is the only practical way, by editing the state's hands."""

from __future__ import annotations

import itertools

import pytest
from svc_cards.contract_rummy import ENGINE
from svc_cards.contract_rummy.rules import CONTRACTS, ROUNDS, buy_order, hand_penalty, penalty
from svc_cards.core.melds import FIFTEEN, valid_run, valid_set

from rulekit import IllegalMove, State

T0 = 1_000_000


def started(seats: int = 4, **options: object) -> State:
    return ENGINE.setup(seats, dict(options), b"femton-rules", T0)


def after_discard(seats: int = 4, at: int = T0 + 1000, **options: object) -> State:
    """The starter draws and discards at `at`: the buy window is open for the next seat."""
    state = started(seats, **options)
    turn = state["turn"]
    state, _ = ENGINE.apply(state, turn, {"type": "draw"}, at - 500)
    card = next(c for c in state["hands"][turn] if not c.startswith("X"))
    state, _ = ENGINE.apply(state, turn, {"type": "discard", "card": card}, at)
    return state


def test_rule_draw_hidden_or_take_open() -> None:
    """ "Välj Dra dolt för draghögen eller Ta öppet för översta kortet i kasthögen. Ta öppet
    räknas inte som köp.\""""
    state = after_discard()
    turn, top = state["turn"], state["discard_pile"][-1]
    assert ENGINE.legal_moves(state, turn) == [{"type": "draw"}, {"type": "take"}]
    taken, _ = ENGINE.apply(state, turn, {"type": "take"}, T0 + 1500)
    assert top in taken["hands"][turn] and taken["buys"][turn] == 0
    drawn, _ = ENGINE.apply(state, turn, {"type": "draw"}, T0 + 1500)
    assert drawn["window"]["choice"] == "draw"


def test_rule_others_may_ask_to_buy_after_every_discard() -> None:
    """ "Efter varje kast kan andra trycka ”Vill köpa” under en gemensam köptid.\""""
    state = after_discard()
    others = [seat for seat in range(4) if seat != state["turn"]]
    assert ENGINE.to_move(state) == frozenset(range(4))
    for seat in others:
        assert {"type": "buy"} in ENGINE.legal_moves(state, seat)


def test_rule_the_player_to_move_has_priority() -> None:
    """ "Du har alltid förtur till det öppna kortet.\""""
    state = after_discard()
    turn, top = state["turn"], state["discard_pile"][-1]
    for seat in buy_order(state):
        state, _ = ENGINE.apply(state, seat, {"type": "buy"}, T0 + 1200)
    state, events = ENGINE.apply(state, turn, {"type": "take"}, T0 + 1300)
    assert top in state["hands"][turn]
    assert not any(e["code"] == "bought" for e in events) and state["buys"] == [0, 0, 0, 0]


ORDERS = list(itertools.permutations(range(3)))
DELAYS = [(1, 2, 3), (0, 0, 4000), (3999, 10, 2000), (4000, 4000, 4000), (2500, 1, 1)]


@pytest.mark.parametrize("delays", DELAYS)
@pytest.mark.parametrize("order", ORDERS)
@pytest.mark.parametrize("draw_first", [True, False])
def test_rule_buy_goes_by_seat_order_never_by_arrival(
    order: tuple[int, ...], delays: tuple[int, ...], draw_first: bool
) -> None:
    """ "Väljer du draghögen går köpet till den som står först i turordningen bland dem som
    anmält sig." The requests arrive in every order, at every delay inside the window
    (before or after the player to draw chose), and the first in seat order wins."""
    state = after_discard()
    turn, top, ends = state["turn"], state["discard_pile"][-1], state["window"]["ends_ms"]
    buyers = buy_order(state)
    if draw_first:
        state, _ = ENGINE.apply(state, turn, {"type": "draw"}, T0 + 1001)
    now = T0 + 1000
    for index, delay in zip(order, delays, strict=True):
        now = min(ends, now + delay)
        state, _ = ENGINE.apply(state, buyers[index], {"type": "buy"}, now)
    if not draw_first:
        state, _ = ENGINE.apply(state, turn, {"type": "draw"}, now)
    state, events = ENGINE.apply_timeout(state, ends)
    bought = [e for e in events if e["code"] == "bought"]
    assert [e["seat"] for e in bought] == [buyers[0]]
    assert top in state["hands"][buyers[0]] and state["buys"][buyers[0]] == 1


def test_rule_buyer_gets_open_card_plus_hidden_then_draw() -> None:
    """ "Köparen får det öppna kortet och ett extra dolt kort. Sedan drar du automatiskt.\""""
    state = after_discard()
    turn, top = state["turn"], state["discard_pile"][-1]
    buyer = buy_order(state)[1]
    before = {seat: len(state["hands"][seat]) for seat in range(4)}
    state, _ = ENGINE.apply(state, buyer, {"type": "buy"}, T0 + 1500)
    state, _ = ENGINE.apply(state, turn, {"type": "draw"}, T0 + 1600)
    state, _ = ENGINE.apply_timeout(state, state["window"]["ends_ms"])
    assert len(state["hands"][buyer]) == before[buyer] + 2 and top in state["hands"][buyer]
    assert len(state["hands"][turn]) == before[turn] + 1 and state["phase"] == "play"


def test_rule_melds_required_before_first_meld() -> None:
    """ "Samla alla grupper och stegar som omgången kräver. Antalen är minimikrav: du får lägga
    fler kort i samma giltiga kombination. Gör dina obligatoriska köp före ditt första utlägg.\""""
    state = started()
    turn = state["turn"]
    state["hands"][turn] = ["H7.0", "S7.0", "D7.0", "C7.0", "H9.0", "S9.1", "D9.2", "C2.0", "C5.0"]
    state, _ = ENGINE.apply(state, turn, {"type": "draw"}, T0)
    melds = [m for m in ENGINE.legal_moves(state, turn) if m["type"] == "meld"]
    assert any(len(m["cards"]) == 4 for m in melds)  # more than the minimum of three
    state, _ = ENGINE.apply(state, turn, {"type": "meld", "kind": "set", "cards": ["H7.0", "S7.0", "D7.0", "C7.0"]}, T0)
    assert not state["down"][turn]  # round 1 asks for two sets
    assert not any(m["type"] == "discard" for m in ENGINE.legal_moves(state, turn))
    state, events = ENGINE.apply(state, turn, {"type": "meld", "kind": "set", "cards": ["H9.0", "S9.1", "D9.2"]}, T0)
    assert state["down"][turn] and any(e["code"] == "went_down" for e in events)


def test_rule_build_on_after_first_meld_then_discard() -> None:
    """ "Efter ditt första utlägg får du bygga på egna och andras. Kasta ett kort när du är klar.\""""
    state = started()
    turn = state["turn"]
    state["hands"][turn] = ["H7.0", "S7.0", "D7.0", "H9.0", "S9.1", "D9.2", "C7.1", "C9.0", "C2.0"]
    state, _ = ENGINE.apply(state, turn, {"type": "draw"}, T0)
    for cards in (["H7.0", "S7.0", "D7.0"], ["H9.0", "S9.1", "D9.2"]):
        state, _ = ENGINE.apply(state, turn, {"type": "meld", "kind": "set", "cards": cards}, T0)
    lays = [m for m in ENGINE.legal_moves(state, turn) if m["type"] == "lay_off"]
    assert {m["card"] for m in lays} == {"C7.1", "C9.0"}
    assert any(m["type"] == "discard" for m in ENGINE.legal_moves(state, turn))


def test_rule_down_or_three_buys_closes_buying() -> None:
    """ "Utlägg klart? Köp stängt. Max tre köp per omgång, och inga fler efter ditt första
    utlägg. Du får fortfarande välja Dra dolt eller Ta öppet på din tur.\""""
    state = after_discard()
    first, second = buy_order(state)[:2]
    state["down"][first] = True
    state["buys"][second] = 3
    assert ENGINE.legal_moves(state, first) == [] and ENGINE.legal_moves(state, second) == []
    state["turn"] = first
    assert ENGINE.legal_moves(state, first) == [{"type": "draw"}, {"type": "take"}]


def test_rule_round_ends_at_once_when_someone_goes_out() -> None:
    """ "Du behöver inte avsluta med ett kast. Omgången slutar direkt när någon går ut — ingen
    annan får en extra tur.\""""
    state = started()
    turn = state["turn"]
    state["hands"][turn] = ["H7.0", "S7.0", "D7.0", "H9.0", "S9.1"]
    state["down"][turn] = True
    state["melds"] = [{"kind": "set", "cards": ["C9.0", "D9.0", "H9.1"], "owner": 1}]
    state, _ = ENGINE.apply(state, turn, {"type": "draw"}, T0)
    drawn = state["hands"][turn][-1]
    state["hands"][turn] = ["H9.0", "S9.1"]
    state["draw_pile"].append(drawn)
    state, _ = ENGINE.apply(state, turn, {"type": "lay_off", "meld": 0, "card": "H9.0"}, T0)
    state, events = ENGINE.apply(state, turn, {"type": "lay_off", "meld": 0, "card": "S9.1"}, T0)
    assert state["phase"] == "scored" and state["out"] == turn
    assert [e["code"] for e in events][-2:] == ["went_out", "round_over"]


def test_rule_sets_of_equal_ranks_identical_cards_allowed() -> None:
    """ "Samla lika valörer. En triss kräver minst tre kort — fyra eller fler lika får läggas ut
    samtidigt. Identiska kort från de två lekarna får vara med.\""""
    assert valid_set(["H7.0", "H7.1", "S7.0"], FIFTEEN)
    assert valid_set(["H7.0", "H7.1", "S7.0", "D7.0", "C7.2"], FIFTEEN)
    assert not valid_set(["H7.0", "S7.0"], FIFTEEN)
    assert not valid_set(["H7.0", "S7.0", "S8.0"], FIFTEEN)


def test_rule_runs_ace_low_or_high_never_around() -> None:
    """ "Korten ska också ligga i följd. Stegen får vara längre än omgångens minimikrav. Ess får
    vara lågt i A–2–3 eller högt i Q–K–A. Aldrig K–A–2.\""""
    assert valid_run(["HA.0", "H2.0", "H3.0", "H4.0"], FIFTEEN)
    assert valid_run(["HJ.0", "HQ.0", "HK.0", "HA.0"], FIFTEEN)
    assert not valid_run(["HK.0", "HA.0", "H2.0", "H3.0"], FIFTEEN)
    assert valid_run([f"S{r}.0" for r in ("3", "4", "5", "6", "7", "8", "9")], FIFTEEN)


def test_rule_jokers_never_a_majority() -> None:
    """ "Minst lika många vanliga kort som jokrar. Två vanliga kort och två jokrar går bra; en
    vanlig och två jokrar gör det inte. Ett rent par får inga jokrar. Värden kan välja fyra
    jokrar i stället för sex när rummet skapas." (A pair alone is no meld: only with jokers
    added, at most as many as its two natural cards.)"""
    assert valid_set(["H7.0", "S7.0", "X.0a", "X.0b"], FIFTEEN)
    assert not valid_set(["H7.0", "X.0a", "X.0b"], FIFTEEN)
    assert not valid_set(["H7.0", "S7.0", "X.0a", "X.0b", "X.0c"], FIFTEEN)
    for jokers in (4, 6):
        state = ENGINE.setup(3, {"jokers": jokers}, b"j", T0)
        cards = [c for zone in [*state["hands"], state["draw_pile"], state["discard_pile"]] for c in zone]
        assert sum(c.startswith("X") for c in cards) == jokers


def test_rule_joker_swap_on_your_turn_after_first_meld() -> None:
    """ "Här står jokern för klöver åtta. Lägg dit 8♣ och ta jokern på handen. Du får byta på din
    tur, efter ditt första utlägg och ditt drag. Kortet ska ha rätt valör och, i en stege, rätt
    färg.\""""
    state = started()
    turn = state["turn"]
    state["melds"] = [{"kind": "run", "cards": ["C6.0", "C7.0", "X.0a", "C9.0"], "owner": 1}]
    state["hands"][turn] = ["C8.1", "H8.0", "D2.0"]
    assert ENGINE.legal_moves(state, turn) == [{"type": "draw"}, {"type": "take"}]
    state, _ = ENGINE.apply(state, turn, {"type": "draw"}, T0)
    assert not any(m["type"] == "swap" for m in ENGINE.legal_moves(state, turn))  # not down
    state["down"][turn] = True
    swaps = [m for m in ENGINE.legal_moves(state, turn) if m["type"] == "swap"]
    assert swaps == [{"type": "swap", "meld": 0, "joker": "X.0a", "card": "C8.1"}]
    state, _ = ENGINE.apply(state, turn, swaps[0], T0)
    assert "X.0a" in state["hands"][turn] and state["melds"][0]["cards"][2] == "C8.1"


def test_rule_cards_left_count_lowest_total_wins() -> None:
    """ "Korten som är kvar på handen ger poäng. Lägst total efter femton omgångar vinner.\""""
    assert (penalty("X.0a"), penalty("HA.0"), penalty("HK.0"), penalty("H7.0")) == (25, 15, 10, 7)
    assert len(CONTRACTS) == ROUNDS == 15
    state = started(3)
    state.update(round=15, totals=[40, 10, 30])
    turn = state["turn"]
    state["hands"][turn] = ["H2.0"]
    state["down"][turn] = True
    state["phase"] = "play"
    state, _ = ENGINE.apply(state, turn, {"type": "discard", "card": "H2.0"}, T0)
    others = [hand_penalty(h) for h in state["shown_hands"]]
    assert state["totals"] == [t + o for t, o in zip([40, 10, 30], others, strict=True)]
    assert ENGINE.result(state)["scores"] == state["totals"]
    assert ENGINE.result(state)["placings"][state["totals"].index(min(state["totals"]))] == 1


def test_rule_host_starts_next_round_starter_moves_left() -> None:
    """ "Värden startar nästa omgång. Första startspelaren slumpas, sedan flyttas starten en
    plats åt vänster varje omgång. Vid lika slutpoäng delas segern.\""""
    state = started(3)
    first = state["starter"]
    turn = state["turn"]
    state["hands"][turn] = ["H2.0"]
    state["down"][turn] = True
    state["phase"] = "play"
    state, _ = ENGINE.apply(state, turn, {"type": "discard", "card": "H2.0"}, T0)
    assert ENGINE.to_move(state) == frozenset((0,))
    state, _ = ENGINE.apply(state, 0, {"type": "next_round"}, T0)
    assert state["round"] == 2 and state["starter"] == state["turn"] == (first + 1) % 3
    over = dict(state, phase="over", totals=[5, 5, 9])
    assert ENGINE.result(over)["placings"] == [1, 1, 3]


def test_rule_reshuffle_keeps_top_and_round_ends_without_cards() -> None:
    """ "När draghögen tar slut blandas kasthögen om, med översta kortet kvar. Om inga kort finns
    att dra eller blanda om avslutas omgången och korten på hand räknas.\""""
    state = started()
    turn = state["turn"]
    pile = state["draw_pile"]
    state["discard_pile"] = pile[:5] + state["discard_pile"]
    state["draw_pile"] = []
    del pile[:5]
    state["hands"][(turn + 1) % 4] += pile  # keep the cards conserved
    top = state["discard_pile"][-1]
    state, events = ENGINE.apply(state, turn, {"type": "draw"}, T0)
    assert any(e["code"] == "reshuffled" for e in events) and state["discard_pile"] == [top]
    state2 = started()
    t2 = state2["turn"]
    state2["hands"][(t2 + 1) % 4] += state2["draw_pile"]
    state2["draw_pile"] = []
    state2, events = ENGINE.apply(state2, t2, {"type": "draw"}, T0)
    assert state2["phase"] == "scored" and any(e["code"] == "stock_out" for e in events)


def test_rule_window_starts_at_discard_and_runs_while_next_chooses() -> None:
    """ "Köptiden börjar vid kastet och löper samtidigt som nästa spelare väljer kort. Standard är
    4 sekunder; värden kan välja 6 eller 8.\""""
    for seconds in (4, 6, 8):
        state = after_discard(buy_window=seconds)
        assert state["window"]["ends_ms"] == T0 + 1000 + seconds * 1000
        assert state["turn"] in ENGINE.to_move(state)  # the next player chooses meanwhile
    assert after_discard()["window"]["seconds"] == 4


def test_rule_ask_before_time_or_do_nothing_to_decline() -> None:
    """ "Tryck Vill köpa innan tiden går ut, eller gör inget för att avstå.\""""
    state = after_discard()
    turn, ends = state["turn"], state["window"]["ends_ms"]
    buyer = buy_order(state)[2]
    state, _ = ENGINE.apply(state, buyer, {"type": "buy"}, ends)  # the last moment counts
    state, _ = ENGINE.apply(state, turn, {"type": "draw"}, ends)
    state, events = ENGINE.apply_timeout(state, ends)
    assert [e["seat"] for e in events if e["code"] == "bought"] == [buyer]
    assert ENGINE.deadline(state) is None or not ENGINE.deadline(state).get("window")


def test_rule_change_your_mind_inside_window() -> None:
    """ "Du kan ångra dig under köptiden.\""""
    state = after_discard()
    turn = state["turn"]
    first, second = buy_order(state)[:2]
    state, _ = ENGINE.apply(state, first, {"type": "buy"}, T0 + 1100)
    state, _ = ENGINE.apply(state, second, {"type": "buy"}, T0 + 1200)
    state, _ = ENGINE.apply(state, first, {"type": "withdraw"}, T0 + 1300)
    state, _ = ENGINE.apply(state, turn, {"type": "draw"}, T0 + 1400)
    state, events = ENGINE.apply_timeout(state, state["window"]["ends_ms"])
    assert [e["seat"] for e in events if e["code"] == "bought"] == [second]


def test_rule_player_to_move_keeps_priority_after_window() -> None:
    """ "Spelaren på tur har alltid förtur, även när köptiden gått ut.\""""
    state = after_discard()
    turn, top, ends = state["turn"], state["discard_pile"][-1], state["window"]["ends_ms"]
    buyer = buy_order(state)[0]
    state, _ = ENGINE.apply(state, buyer, {"type": "buy"}, T0 + 1500)
    closed, _ = ENGINE.apply_timeout(state, ends)
    assert ENGINE.legal_moves(closed, turn) == [{"type": "draw"}, {"type": "take"}]
    taken, _ = ENGINE.apply(closed, turn, {"type": "take"}, ends + 9000)
    assert top in taken["hands"][turn] and taken["buys"][buyer] == 0
    drawn, events = ENGINE.apply(closed, turn, {"type": "draw"}, ends + 9000)
    assert [e["seat"] for e in events if e["code"] == "bought"] == [buyer]


def test_rule_after_window_order_round_the_table() -> None:
    """ "Därefter avgör ordningen runt bordet, från spelaren efter den som ska dra.\""""
    state = after_discard(5)
    turn = state["turn"]
    assert buy_order(state) == [(turn + step) % 5 for step in range(1, 5)]
    late, early = buy_order(state)[0], buy_order(state)[3]
    state, _ = ENGINE.apply(state, early, {"type": "buy"}, T0 + 1001)
    state, _ = ENGINE.apply(state, late, {"type": "buy"}, T0 + 4999)
    state, _ = ENGINE.apply_timeout(state, state["window"]["ends_ms"])
    state, events = ENGINE.apply(state, turn, {"type": "draw"}, T0 + 20_000)
    assert [e["seat"] for e in events if e["code"] == "bought"] == [late]


def test_rule_fastest_click_gives_no_advantage() -> None:
    """ "Snabbast klick ger ingen fördel.\""""
    results = []
    for first_click in (0, 1):
        state = after_discard()
        a, b = buy_order(state)[:2]
        clicks = [a, b] if first_click == 0 else [b, a]
        for offset, seat in enumerate(clicks):
            state, _ = ENGINE.apply(state, seat, {"type": "buy"}, T0 + 1001 + offset)
        state, _ = ENGINE.apply(state, state["turn"], {"type": "draw"}, T0 + 1010)
        state, events = ENGINE.apply_timeout(state, state["window"]["ends_ms"])
        results.append([e["seat"] for e in events if e["code"] == "bought"])
    assert results[0] == results[1]


def test_rule_discarder_may_ask_too() -> None:
    """ "Även den som kastade kortet får anmäla köp.\""""
    state = after_discard()
    discarder = state["window"]["discarder"]
    state, _ = ENGINE.apply(state, discarder, {"type": "buy"}, T0 + 1500)
    state, _ = ENGINE.apply(state, state["turn"], {"type": "draw"}, T0 + 1600)
    state, events = ENGINE.apply_timeout(state, state["window"]["ends_ms"])
    assert [e["seat"] for e in events if e["code"] == "bought"] == [discarder]


def test_rule_request_after_window_is_refused() -> None:
    """A request after the window is refused ("Tryck Vill köpa innan tiden går ut"): one that
    arrives before the lobby's timer fired is answered `buy_refused`, one after it is an
    illegal move."""
    state = after_discard()
    turn, ends = state["turn"], state["window"]["ends_ms"]
    buyer = buy_order(state)[0]
    late, events = ENGINE.apply(state, buyer, {"type": "buy"}, ends + 1)
    assert any(e["code"] == "buy_refused" and e["seat"] == buyer for e in events)
    late, events = ENGINE.apply(late, turn, {"type": "draw"}, ends + 2)
    assert not any(e["code"] == "bought" for e in events)
    closed, _ = ENGINE.apply_timeout(state, ends)
    with pytest.raises(IllegalMove):
        ENGINE.apply(closed, buyer, {"type": "buy"}, ends + 1)


def test_rule_host_chooses_suggestions_for_everyone() -> None:
    """ "Värden väljer när rummet skapas om kortförslag tillåts. Valet gäller alla vid bordet;
    standard är utan förslag.\""""
    plain = started()
    assert all("suggestions" not in ENGINE.view(plain, seat)["private"] for seat in range(4))
    helped = started(suggestions=True)
    assert all("suggestions" in ENGINE.view(helped, seat)["private"] for seat in range(4))


def test_rule_with_suggestions_melds_and_lay_offs_are_shown() -> None:
    """ "Då hittar du både dina kombinationer och var du kan bygga på själv. Med förslag på får
    alla knappen Föreslå kort och hjälp att hitta utlägg som markerade kort passar på. Appen
    förklarar alltid turens steg och kontrollerar att dina drag följer reglerna.\""""
    state = started(suggestions=True)
    turn = state["turn"]
    state["hands"][turn] = ["H7.0", "S7.0", "D7.0", "C2.0"]
    view = ENGINE.view(state, turn)
    assert {"kind": "set", "cards": ["H7.0", "S7.0", "D7.0"]} in view["private"]["suggestions"]["melds"]
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, turn, {"type": "discard", "card": "C2.0"}, T0)  # draw first


def test_rule_fifteen_contracts_in_order() -> None:
    """ "Femton omgångar. Er tradition." Every contract fits a thirteen-card hand."""
    for sets, set_size, runs, run_length in CONTRACTS:
        assert sets + runs >= 2 and sets * set_size + runs * run_length <= 13
