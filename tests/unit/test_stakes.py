"""Who may sit at a staked table and how its pot is shared (lobby/stakes.py)."""

from __future__ import annotations

from typing import Any

import pytest

from lobby.stakes import placings_by_player, pot_shares, stake_of, stakers, table_of
from rulekit import Refusal


def room(seats: list[dict[str, Any]], tickets: dict[str, dict[str, Any]], stake: int = 1000) -> dict[str, Any]:
    return {"options": {"stake": stake}, "seats": seats, "tickets": tickets}


def human(holder: str, **extra: Any) -> dict[str, Any]:
    return {"kind": "human", "holder": holder, **extra}


TICKETS = {"ka": {"player": "anna"}, "kb": {"player": "ben"}, "kc": {"player": ""}}


def test_every_seat_a_different_player_pays() -> None:
    table = room([human("ka"), human("kb")], TICKETS)
    assert stakers(table, table["seats"]) == ["anna", "ben"]
    assert stake_of(table) == 1000 and stake_of({"options": {}}) == 0
    assert table_of("K7QM2", 3) == "K7QM2:3"


@pytest.mark.parametrize(
    "seats",
    [
        [human("ka"), {"kind": "cpu", "holder": None}],  # a CPU has no wallet
        [human("ka"), human("kc")],  # a guest without a player
        [human("ka"), human("ka")],  # two seats on one device: one player
        [human("ka"), human("kb", left=True)],  # Ben left: his CPU must not stake for him again
    ],
    ids=["cpu", "no-player", "one-player-twice", "left"],
)
def test_a_seat_that_cannot_pay_refuses_the_table(seats: list[dict[str, Any]]) -> None:
    with pytest.raises(Refusal) as refused:
        stakers(room(seats, TICKETS), seats)
    assert refused.value.code == "stake_needs_players"


def test_first_place_takes_the_pot_and_a_tie_splits_it() -> None:
    finished = {
        "stake": {"amount": 1000, "players": ["anna", "ben", "cleo", "dan"]},
        "result": {"placings": [2, 1, 4, 3]},
    }
    assert pot_shares(finished) == {1: 4000}
    assert placings_by_player(finished) == {"anna": 2, "ben": 1, "cleo": 4, "dan": 3}
    finished["result"]["placings"] = [1, 1, 3, 4]
    assert pot_shares(finished) == {0: 2000, 1: 2000}
