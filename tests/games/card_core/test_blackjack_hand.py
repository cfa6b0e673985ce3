"""The blackjack hand values both blackjack titles count with."""

from svc_cards.core.blackjack import card_points, hand_total, is_bust, is_natural, splittable


def test_number_cards_count_their_number_and_faces_ten():
    assert [card_points(c) for c in ("S2.0", "H10.0", "DJ.0", "CQ.0", "SK.0")] == [2, 10, 10, 10, 10]


def test_an_ace_counts_eleven_while_that_does_not_bust():
    assert hand_total(["SA.0", "H6.0"]) == (17, True)
    assert hand_total(["SA.0", "H6.0", "D9.0"]) == (16, False)
    assert hand_total(["SA.0", "HA.0", "D9.0"]) == (21, True)


def test_bust_over_twenty_one():
    assert is_bust(["SK.0", "HQ.0", "D2.0"])
    assert not is_bust(["SK.0", "HA.0"])


def test_a_two_card_twenty_one_is_a_blackjack_but_not_after_a_split():
    assert is_natural(["SA.0", "HK.0"])
    assert not is_natural(["SA.0", "HK.0"], after_split=True)
    assert not is_natural(["S7.0", "H7.0", "D7.0"])


def test_split_needs_two_cards_of_the_same_value():
    assert splittable(["SK.0", "H10.0"])
    assert not splittable(["SK.0", "H9.0"])
