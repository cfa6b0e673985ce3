"""The meld core (svc_cards/core/melds.py): sets, runs with the ace low or high but never
K-A-2, jokers never a majority, laying off, joker swaps and the melds a hand can lay."""

from __future__ import annotations

from svc_cards.core import build_decks, parse
from svc_cards.core.melds import (
    FIFTEEN,
    Rules,
    joker_swaps,
    jokers_ok,
    lay_off,
    lay_offs,
    meld_points,
    possible_melds,
    stands_for,
    swap_joker,
    valid_run,
    valid_set,
)

J1, J2, J3 = "X.0a", "X.0b", "X.0c"


def test_rummy_deck_has_three_jokers_per_deck() -> None:
    deck = build_decks("rummy55", 2)
    assert len(deck) == 110 and len(set(deck)) == 110
    assert sum(parse(card) == (None, "X") for card in deck) == 6


def test_sets() -> None:
    assert valid_set(["H7.0", "S7.0", "D7.0"])
    assert valid_set(["H7.0", "S7.0", "D7.0", "C7.0"])
    assert not valid_set(["H7.0", "S7.0"])  # too few
    assert not valid_set(["H7.0", "H7.1", "D7.0"])  # a suit twice
    assert not valid_set(["H7.0", "S7.0", "D8.0"])  # two ranks
    assert not valid_set(["H7.0", "S7.0", "D7.0", "C7.0", J1])  # five in a set of four suits
    # Fifteen Rounds' sets: identical cards allowed, no upper limit.
    loose = Rules(set_max=None, distinct_suits=False)
    assert valid_set(["H7.0", "H7.1", "D7.0", "S7.0", "C7.0"], loose)


def test_runs_ace_low_or_high_never_round_the_corner() -> None:
    assert valid_run(["HA.0", "H2.0", "H3.0"])
    assert valid_run(["HQ.0", "HK.0", "HA.0"])
    assert not valid_run(["HK.0", "HA.0", "H2.0"])
    assert not valid_run(["H4.0", "H5.0", "S6.0"])  # two suits
    assert not valid_run(["H4.0", "H6.0", "H5.0"])  # out of order
    assert not valid_run(["H4.0", "H5.0"])


def test_jokers_never_a_majority() -> None:
    assert jokers_ok(["H4.0", "H5.0", J1, J2]) and valid_run(["H4.0", J1, "H6.0", J2])
    assert not jokers_ok(["H4.0", J1, J2])
    assert not valid_set(["H7.0", J1, J2])
    assert valid_set(["H7.0", "S7.0", J1, J2])
    # A joker cannot stand beyond the ace: Q-K-A-joker has no place left.
    assert not valid_run(["HQ.0", "HK.0", "HA.0", J1])


def test_points_count_a_joker_as_its_card() -> None:
    assert meld_points({"kind": "run", "cards": ["HA.0", "H2.0", "H3.0"]}) == 6
    assert meld_points({"kind": "run", "cards": ["HQ.0", J1, "HA.0"]}) == 31
    assert meld_points({"kind": "set", "cards": ["HA.0", "SA.0", J1]}) == 33


def test_possible_melds_finds_sets_runs_and_joker_places() -> None:
    hand = ["H5.0", "H6.0", "H7.0", "S7.0", "D7.0", J1, "C2.0"]
    melds = [(m["kind"], m["cards"]) for m in possible_melds(hand)]
    assert ("set", ["S7.0", "H7.0", "D7.0"]) in melds and ("set", ["S7.0", "H7.0", J1]) in melds
    assert ("run", ["H5.0", "H6.0", "H7.0"]) in melds
    assert ("run", [J1, "H5.0", "H6.0", "H7.0"]) in melds  # the joker as the four
    assert ("run", ["H5.0", J1, "H7.0"]) in melds  # the joker standing in for the six
    assert all(valid_set(c) if k == "set" else valid_run(c) for k, c in melds)
    assert not any("C2.0" in c for _, c in melds)
    # Identical cards make the same melds once.
    assert len(possible_melds(hand + ["H5.1"])) == len(possible_melds(hand))


def test_lay_offs_and_joker_swaps() -> None:
    table = [{"kind": "run", "cards": ["H5.0", J1, "H7.0"]}, {"kind": "set", "cards": ["S9.0", "D9.0", J2]}]
    lays = lay_offs(["H8.0", "H4.0", "C9.0", "S9.1"], table)
    assert {"meld": 0, "card": "H8.0", "end": "high"} in lays
    assert {"meld": 0, "card": "H4.0", "end": "low"} in lays
    assert {"meld": 1, "card": "C9.0"} in lays and not any(lay["card"] == "S9.1" for lay in lays)
    assert stands_for(table[0], 1) == ["H6"] and stands_for(table[1], 2) == ["H9", "C9"]
    swaps = joker_swaps(["H6.1", "C9.0", "S9.1"], table)
    assert swaps == [{"meld": 0, "joker": J1, "card": "H6.1"}, {"meld": 1, "joker": J2, "card": "C9.0"}]
    swap_joker(table[0], J1, "H6.1")
    lay_off(table[0], "H8.0", "high")
    assert table[0]["cards"] == ["H5.0", "H6.1", "H7.0", "H8.0"] and valid_run(table[0]["cards"])


def test_a_joker_in_a_set_whose_suits_may_repeat_stands_for_every_suit() -> None:
    from svc_cards.core.melds import FIFTEEN, joker_swaps, stands_for

    meld = {"kind": "set", "cards": ["H7.0", "S7.0", "X.0a"], "owner": 0}
    assert set(stands_for(meld, 2, FIFTEEN)) == {"C7", "D7", "H7", "S7"}
    assert joker_swaps(["H7.1"], [meld], FIFTEEN) == [{"meld": 0, "joker": "X.0a", "card": "H7.1"}]
    assert joker_swaps(["H7.1"], [meld]) == []  # Rummy: the set holds hearts already


def test_contract_decks_carry_their_jokers_on_the_first_of_three() -> None:
    from svc_cards.core import build_decks

    for kind, jokers in (("contract4", 4), ("contract6", 6)):
        cards = build_decks(kind, 3, first=6)
        assert len(cards) == 156 + jokers and sum(c.startswith("X") for c in cards) == jokers
        assert len(set(cards)) == len(cards)


def test_a_run_from_ace_low_to_ace_high_takes_two_aces() -> None:
    """Rule text (card room): "Ess får vara lågt i A–2–3 eller högt i Q–K–A." A run of all
    fourteen places holds the ace at both ends, so it takes two aces (or a joker for one);
    one ace card is never listed in both places."""
    middle = [f"H{rank}.0" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")]
    one_ace = possible_melds(["HA.0", *middle, "X.0a", "X.0b"], FIFTEEN)
    assert one_ace and all(len(set(meld["cards"])) == len(meld["cards"]) for meld in one_ace)
    full = [meld["cards"] for meld in one_ace if len(meld["cards"]) == 14]
    assert full and all("X.0a" in cards or "X.0b" in cards for cards in full)
    two_aces = possible_melds(["HA.0", *middle, "HA.1"], FIFTEEN)
    assert ["HA.0", *middle, "HA.1"] in [meld["cards"] for meld in two_aces]
