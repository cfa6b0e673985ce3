"""One test per sentence of the Village Night rule text (house-rules-de-en-es.txt), quoted in
English, plus the decisions the rules page states where the text is silent."""

from __future__ import annotations

from svc_words.village_night import ENGINE
from svc_words.village_night.rules import deal, wolf_count

from .support import everyone, game, play

# Seat 0 and 1 the pack (at 8 seats: two wolves), 2 the seer, 3 the witch, the rest villagers.
EIGHT = ["wolf", "wolf", "seer", "witch", "villager", "villager", "villager", "villager"]
SIX = ["wolf", "seer", "witch", "villager", "villager", "villager"]


def test_five_to_sixteen_players() -> None:
    """For 5 to 16 players."""
    assert ENGINE.meta.allowed_seat_counts() == tuple(range(5, 17))
    for seats in range(5, 17):
        roles = deal(seats)
        assert roles.count("seer") == roles.count("witch") == 1
        assert roles.count("wolf") == wolf_count(seats) == max(1, seats // 4)


def test_everyone_is_dealt_a_secret_role_only_you_see_your_own() -> None:
    """Everyone is dealt a secret role. Only you can see your own."""
    state = ENGINE.setup(8, {}, b"deal")
    assert sorted(state["roles"]) == sorted(deal(8))
    for seat in range(8):
        view = ENGINE.view(state, seat)
        assert view["private"]["role"] == state["roles"][seat]
        assert view["public"]["roles"] is None
    assert "private" not in ENGINE.view(state, None)


def test_at_night_the_pack_picks_a_victim_together() -> None:
    """At night the pack picks a victim together."""
    state = game(8, EIGHT)
    # Every living player acts at night (nobody can tell the pack by who is still to move).
    assert ENGINE.to_move(state) == set(range(8))
    assert {m["seat"] for m in ENGINE.legal_moves(state, 0)} == {2, 3, 4, 5, 6, 7}
    assert ENGINE.legal_moves(state, 4) == [{"type": "sleep"}]
    state, _ = play(state, 0, "kill", seat=5)
    # The pack mate sees the vote as it comes in; a villager does not.
    assert ENGINE.view(state, 1)["private"]["pack_votes"][0] == 5
    assert "pack_votes" not in ENGINE.view(state, 4)["private"]
    state, _ = play(state, 1, "kill", seat=5)
    state, _ = everyone(state)
    assert state["phase"] == "powers" and state["victim"] == 5
    state, events = everyone(state)
    assert not state["alive"][5]
    assert [e for e in events if e["code"] == "dawn"] == [{"code": "dawn", "round": 1, "died": [5]}]


def test_a_split_pack_is_settled_by_lot() -> None:
    """Decision: the victim is the pack's most voted choice; a tie among the pack is settled by lot."""
    victims = set()
    for number in range(12):
        state = game(8, EIGHT, seed=b"split-%d" % number)
        state, _ = everyone(state, {0: {"type": "kill", "seat": 4}, 1: {"type": "kill", "seat": 6}})
        victims.add(state["victim"])
    assert victims == {4, 6}


def test_the_seer_looks_at_one_card() -> None:
    """The seer looks at one card."""
    state = game(8, EIGHT)
    state, _ = everyone(state, {0: {"type": "kill", "seat": 6}, 1: {"type": "kill", "seat": 6}})
    assert [m["type"] for m in ENGINE.legal_moves(state, 2)] == ["look"] * 7
    state, events = play(state, 2, "look", seat=1)
    assert ENGINE.view(state, 2)["private"]["seen"] == [[1, "wolf"]]
    assert ENGINE.to_move(state).isdisjoint({2})  # one card a night
    assert events == [{"code": "acted", "seat": 2}]  # nobody else learns what she saw


def test_the_witch_can_rescue_once() -> None:
    """The witch can rescue once ..."""
    state = game(8, EIGHT)
    state, _ = everyone(state, {0: {"type": "kill", "seat": 6}, 1: {"type": "kill", "seat": 6}})
    assert ENGINE.view(state, 3)["private"]["victim"] == 6
    state, events = everyone(state, {3: {"type": "brew", "save": True, "poison": -1}})
    assert state["alive"][6] and [e["died"] for e in events if e["code"] == "dawn"] == [[]]
    state, _ = everyone(state)  # a day without a vote
    state, _ = everyone(state, {0: {"type": "kill", "seat": 7}, 1: {"type": "kill", "seat": 7}})
    assert all(not m["save"] for m in ENGINE.legal_moves(state, 3))


def test_the_witch_can_poison_once() -> None:
    """... and poison once."""
    state = game(8, EIGHT)
    state, _ = everyone(state, {0: {"type": "kill", "seat": 6}, 1: {"type": "kill", "seat": 6}})
    state, events = everyone(state, {3: {"type": "brew", "save": False, "poison": 0}})
    assert [e["died"] for e in events if e["code"] == "dawn"] == [[0, 6]]
    state, _ = everyone(state)
    state, _ = everyone(state, {1: {"type": "kill", "seat": 7}})
    assert {m["poison"] for m in ENGINE.legal_moves(state, 3)} == {-1}


def test_by_day_the_village_talks_and_votes() -> None:
    """By day the village talks and votes."""
    state = game(6, SIX)
    state, _ = everyone(state, {0: {"type": "kill", "seat": 5}})
    state, _ = everyone(state)
    assert state["phase"] == "day" and ENGINE.to_move(state) == {0, 1, 2, 3, 4}
    for seat in range(5):
        assert ENGINE.view(state, seat)["chat"]["post"] == ["room"]
    votes = {seat: {"type": "vote", "seat": 0} for seat in (1, 2, 3)}
    state, events = everyone(state, votes)
    assert not state["alive"][0]
    assert {"code": "hanged", "seat": 0} in events
    assert [e["votes"] for e in events if e["code"] == "tally"] == [[-1, 0, 0, 0, -1, None]]


def test_a_tie_means_nobody_is_hanged() -> None:
    """A tie means nobody is hanged."""
    state = game(6, SIX)
    state, _ = everyone(state, {0: {"type": "kill", "seat": 5}})
    state, _ = everyone(state)
    votes = {1: {"type": "vote", "seat": 0}, 2: {"type": "vote", "seat": 0}}
    votes |= {3: {"type": "vote", "seat": 4}, 4: {"type": "vote", "seat": 3}, 0: {"type": "vote", "seat": 4}}
    state, events = everyone(state, votes)
    assert state["alive"][:5] == [True] * 5
    assert {"code": "nobody_hanged"} in events and state["phase"] == "hunt" and state["round"] == 2


def test_the_village_wins_when_no_wolf_is_left_alive() -> None:
    """The village wins when no wolf is left alive."""
    state = game(6, SIX)
    state, _ = everyone(state, {0: {"type": "kill", "seat": 5}})
    state, _ = everyone(state)
    state, events = everyone(state, {seat: {"type": "vote", "seat": 0} for seat in (1, 2, 3)})
    assert state["winner"] == "village" and events[-1]["code"] == "village_won"
    assert ENGINE.result(state)["placings"] == [2, 1, 1, 1, 1, 1]  # the dead villager wins too


def test_the_pack_wins_as_soon_as_wolves_equal_the_remaining_villagers() -> None:
    """The pack wins as soon as there are as many wolves as remaining villagers."""
    state = game(6, SIX)
    state, _ = everyone(state, {0: {"type": "kill", "seat": 5}})
    state, _ = everyone(state)
    state, _ = everyone(state, {seat: {"type": "vote", "seat": 4} for seat in (0, 1, 2)})
    # Living: the wolf against the seer, the witch and one villager.
    state, _ = everyone(state, {0: {"type": "kill", "seat": 3}})
    state, _ = everyone(state, {1: {"type": "look", "seat": 0}})
    # The wolf against the seer and the witch: one short of the pack's win.
    assert state["phase"] == "day" and state["winner"] is None
    state, events = everyone(state, {0: {"type": "vote", "seat": 1}, 2: {"type": "vote", "seat": 1}})
    assert state["winner"] == "pack" and events[-1]["code"] == "pack_won"
    assert ENGINE.result(state)["placings"] == [1, 2, 2, 2, 2, 2]
    assert ENGINE.view(state, 1)["public"]["roles"] == SIX  # the cards are shown at the end


def test_the_dead_only_watch_and_keep_quiet() -> None:
    """The dead only watch – and keep quiet."""
    state = game(6, SIX)
    state, _ = everyone(state, {0: {"type": "kill", "seat": 5}})
    state, _ = everyone(state)
    dead = ENGINE.view(state, 5)
    assert 5 not in ENGINE.to_move(state) and dead["legal_moves"] == []
    assert dead["chat"] == {"post": [], "read": ["room"], "why": "dead"}


def test_at_night_only_the_pack_talks() -> None:
    """Decision: at night only the pack talks, in its own channel; everyone else is silent."""
    state = game(8, EIGHT)
    assert ENGINE.view(state, 0)["chat"] == {"post": ["pack"], "read": ["room", "pack"]}
    for seat in range(2, 8):
        assert ENGINE.view(state, seat)["chat"] == {"post": [], "read": ["room"], "why": "night"}
    assert "chat" not in ENGINE.view(state, None)  # spectators: the room, as in every game


def test_dawn_names_the_dead_without_cause_or_role() -> None:
    """Decision: at dawn the dead are named, without how they died and without their role."""
    state = game(8, EIGHT)
    state, _ = everyone(state, {0: {"type": "kill", "seat": 6}, 1: {"type": "kill", "seat": 6}})
    state, events = everyone(state, {3: {"type": "brew", "save": False, "poison": 4}})
    assert [e for e in events if e["code"] == "dawn"] == [{"code": "dawn", "round": 1, "died": [4, 6]}]
    public = ENGINE.view(state, 7)["public"]
    assert public["roles"] is None and "victim" not in public


def test_every_move_looks_the_same_to_the_others() -> None:
    """Decision: every living player acts in every step, and each move tells the others only who acted."""
    state = game(8, EIGHT)
    for seat, move in ((0, {"type": "kill", "seat": 4}), (4, {"type": "sleep"})):
        state, events = ENGINE.apply(state, seat, move, 0)
        assert events == [{"code": "acted", "seat": seat}]
