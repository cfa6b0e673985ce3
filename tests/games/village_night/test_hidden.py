"""What each seat knows in Village Night, and the sampled states CPU players may search from:
`determinize` keeps what the seat knows (its role, its pack, the cards it saw, the witch's
victim) and deals the rest again, consistently with the table's role counts."""

from __future__ import annotations

import random

from svc_words.village_night import ENGINE
from svc_words.village_night.declaration import hidden_from
from svc_words.village_night.rules import WOLF, deal

from rulekit.playout import instantiate


def positions(seats: int, games: int):  # type: ignore[no-untyped-def]
    for game in range(games):
        rnd = random.Random(game)
        state = ENGINE.setup(seats, {}, b"hidden-%d" % game)
        while ENGINE.result(state) is None:
            yield state
            seat = rnd.choice(sorted(ENGINE.to_move(state)))
            state, _ = ENGINE.apply(state, seat, instantiate(rnd.choice(ENGINE.legal_moves(state, seat)), rnd), 0)


def test_determinize_keeps_what_the_seat_knows_and_plays_on() -> None:
    checked = 0
    for state in positions(8, 4):
        for seat in range(8):
            view = ENGINE.view(state, seat)
            sample = ENGINE.determinize(view, seat, b"sample-%d" % checked)
            checked += 1
            assert sorted(sample["roles"]) == sorted(deal(8))
            assert sample["roles"][seat] == state["roles"][seat]
            if state["roles"][seat] == WOLF:
                assert [s for s, r in enumerate(sample["roles"]) if r == WOLF] == view["private"]["pack"]
            for target, role in view["private"].get("seen", []):
                assert sample["roles"][target] == role
            assert ENGINE.to_move(sample) == ENGINE.to_move(state)
            assert ENGINE.view(sample, seat)["private"] == view["private"]
            assert ENGINE.view(sample, seat)["public"] == view["public"]
            for mover in ENGINE.to_move(sample):
                move = instantiate(ENGINE.legal_moves(sample, mover)[0], random.Random(0))
                ENGINE.apply(sample, mover, move, 0)
    assert checked > 100


def test_a_villager_sees_no_role_but_its_own() -> None:
    state = ENGINE.setup(9, {}, b"roles")
    for seat in range(9):
        text = str(ENGINE.view(state, seat))
        for secret in hidden_from(state, seat):
            assert f"'{secret}'" not in text, (seat, secret)
