"""lobby/ratings.py: a finished game's placings as OpenSkill ranks (ties, teams, a seat left
to a CPU), checked against openskill's own Plackett-Luce numbers."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from lobby.rating_scale import shown
from lobby.ratings import Rating, ranks_of, rate, sides

MODEL = PlackettLuce()


def test_a_tie_shares_a_rank_and_moves_both_alike() -> None:
    changes = rate([1, 1, 3], ["a", "b", "c"], {})
    assert changes[0].after == changes[1].after
    expected = MODEL.rate([[MODEL.rating()], [MODEL.rating()], [MODEL.rating()]], ranks=[1, 1, 3])
    assert [c.after.mu for c in changes] == pytest.approx([team[0].mu for team in expected])
    assert changes[2].delta < 0 < changes[0].delta
    assert all(c.after.games == 1 and c.before == Rating() for c in changes)


def test_a_team_game_rates_side_against_side_from_the_stored_ratings() -> None:
    current = {"a": Rating(30.0, 5.0, 12), "c": Rating(20.0, 6.0, 3)}
    changes = rate([2, 1, 2, 1], ["a", "b", "c", "d"], current, teams=True)
    r = {p: MODEL.rating(mu=x.mu, sigma=x.sigma) for p, x in current.items()}
    losers, winners = MODEL.rate([[r["a"], r["c"]], [MODEL.rating(), MODEL.rating()]], ranks=[2, 1])
    assert [c.after.mu for c in changes] == pytest.approx([losers[0].mu, winners[0].mu, losers[1].mu, winners[1].mu])
    assert [c.after.games for c in changes] == [13, 1, 4, 1]
    public = changes[0].public()
    assert public["change"] == shown(changes[0].after.ordinal) - shown(current["a"].ordinal) < 0
    assert public["provisional"] is False and changes[2].public()["provisional"] is True


def test_a_seat_left_to_a_cpu_counts_after_everyone_who_stayed() -> None:
    assert ranks_of([1, 2, 3], forfeited={0}) == [4, 2, 3]
    changes = rate([1, 2], ["a", "b"], {}, forfeited={0})
    assert changes[0].delta < 0 < changes[1].delta
    # In a team game the team's result stands.
    team = rate([1, 2, 1, 2], ["a", "b", "c", "d"], {}, teams=True, forfeited={0})
    assert team[0].delta > 0


def test_one_distinct_player_per_seat() -> None:
    with pytest.raises(ValueError):
        rate([1, 2], ["a", "a"], {})
    with pytest.raises(ValueError):
        rate([1, 2, 3], ["a", "b"], {})


def test_a_game_needs_two_sides_to_be_rated() -> None:
    assert sides([1]) == 1 and sides([1, 1, 1, 1], teams=True) == 1
    assert sides([1, 1]) == 2 and sides([1, 2, 1, 2], teams=True) == 2
