"""Word Agents rule tests: one per sentence of the house rules ("Word Agents"), quoting it,
plus the decisions the rules page adds where the text is silent."""

from __future__ import annotations

from pathlib import Path

import pytest
from svc_words.registry import REGISTRY
from svc_words.word_agents import ENGINE
from svc_words.word_agents.rules import AGENT, BYSTANDER, META, SPLITS, TEAM, WORDS, voters

from rulekit import IllegalMove

from .support import clue, hidden, own, ready, theirs, vote

WEB = Path(__file__).resolve().parents[3] / "gateway" / "web" / "games" / "word-agents"


def test_a_word_game_for_two_teams_of_4_to_12_players() -> None:
    """ "Word Agents 4–12 players, two teams" / "A word game for two teams." """
    assert (META.min_seats, META.max_seats) == (4, 12)
    assert REGISTRY.get("word-agents") is ENGINE
    for seats in range(4, 13):
        teams = ENGINE.view(ENGINE.setup(seats, {}, b"teams"), None)["public"]["teams"]
        assert teams == [seat % 2 for seat in range(seats)]
        assert min(teams.count(0), teams.count(1)) >= 2  # a chief and at least one guesser each


def test_there_are_deliberately_no_computer_opponents() -> None:
    """ "There are deliberately no computer opponents here – without a feel for language a
    machine chief would not be an opponent, just a seat where the game stops." """
    from svc_ai.players import PLAYERS, levels_of

    assert META.cpu_levels == () and META.to_json()["cpu_levels"] == []
    assert "word-agents" not in PLAYERS and levels_of("word-agents") == ["random"]
    reasons = {
        "de": "ohne Sprachgefühl",
        "en": "without a feel for language",
        "es": "sin sentido del idioma",
        "sv": "känsla för språket",
    }
    for language, reason in reasons.items():
        assert reason in (WEB / f"rules.{language}.md").read_text(encoding="utf-8")


def test_25_words_lie_on_the_table() -> None:
    """ "25 words lie on the table." """
    state = ENGINE.setup(4, {}, b"table")
    words = ENGINE.view(state, 2)["public"]["words"]
    assert len(words) == 25 == len(set(words)) and set(words) <= set(WORDS["de"])
    other = ENGINE.setup(4, {}, b"another table")
    assert ENGINE.view(other, 2)["public"]["words"] != words


def test_each_team_appoints_a_chief() -> None:
    """ "Each team appoints a chief." (the first seat of each team names one of its team)"""
    state = ENGINE.setup(6, {}, b"chiefs")
    assert state["phase"] == "appoint" and ENGINE.to_move(state) == {0}
    assert ENGINE.legal_moves(state, 0) == [{"type": "appoint", "seat": seat} for seat in (0, 2, 4)]
    state, events = ENGINE.apply(state, 0, {"type": "appoint", "seat": 4}, 0)
    assert events == [{"code": "chief_appointed", "seat": 0, "team": 0, "chief": 4}]
    assert ENGINE.to_move(state) == {1}
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 1, {"type": "appoint", "seat": 2}, 0)  # not of team 1
    state, _ = ENGINE.apply(state, 1, {"type": "appoint", "seat": 3}, 0)
    assert state["chiefs"] == [4, 3] and state["phase"] == "clue"
    assert ENGINE.to_move(state) == {state["chiefs"][state["team"]]}


def test_only_the_two_chiefs_see_the_key() -> None:
    """ "Only the two chiefs see the key: which words belong to their own team, which to the
    other, which are bystanders – and which single word loses the game at once." """
    state = ready(6)
    first, second, bystanders = SPLITS[25]
    key = state["key"]
    assert key.count(TEAM[state["starting"]]) == first and key.count(TEAM[1 - state["starting"]]) == second
    assert key.count(BYSTANDER) == bystanders and key.count(AGENT) == 1
    for chief in (0, 1):
        assert ENGINE.view(state, chief)["private"] == {"key": key}
    for seat in (2, 3, 4, 5, None):
        view = ENGINE.view(state, seat)
        assert "private" not in view and key not in str(view)
        assert view["public"]["key"] is None and view["public"]["revealed"] == [None] * 25


def test_the_chief_gives_one_word_and_one_number() -> None:
    """ "The chief gives one word and one number." """
    state = ready()
    chief = state["chiefs"][state["team"]]
    assert ENGINE.to_move(state) == {chief}
    (template,) = ENGINE.legal_moves(state, chief)
    assert template["type"] == "clue" and template["text"] == {"word": 24}
    state, events = clue(state, "  Tier  ", 2)
    assert events == [{"code": "clue_given", "seat": chief, "team": state["team"], "word": "Tier", "number": 2}]
    assert ENGINE.view(state, 3)["public"]["clue"] == {"team": state["team"], "word": "Tier", "number": 2}
    assert state["phase"] == "guess" and ENGINE.to_move(state) == set(voters(state))


def test_the_number_says_how_many_cards_the_clue_is_meant_to_fit() -> None:
    """ "The number says how many cards the clue is meant to fit." (0 up to the team's words
    still hidden)"""
    state = ready()
    chief = state["chiefs"][state["team"]]
    (template,) = ENGINE.legal_moves(state, chief)
    assert template["range"] == {"number": [0, SPLITS[25][0], 1]}
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, chief, {"type": "clue", "word": "Tier", "number": SPLITS[25][0] + 1}, 0)


def test_the_team_may_guess_as_many_times_as_the_number_says_plus_one() -> None:
    """ "The team may guess as many times as the number says, plus one." """
    state = ready()
    team = state["team"]
    state, _ = clue(state, "Tier", 2)
    for card in own(state)[:2]:
        state, _ = vote(state, card)
        assert state["phase"] == "guess" and state["team"] == team
    state, events = vote(state, own(state)[0])
    assert events[-1] == {"code": "turn_passed", "team": 1 - team}
    assert state["team"] == 1 - team and state["phase"] == "clue" and state["clue"] is None


def test_zero_means_as_often_as_you_like() -> None:
    """ "Zero means: as often as you like." """
    state = ready()
    team = state["team"]
    state, _ = clue(state, "Tier", 0)
    for card in own(state)[:-1]:
        state, _ = vote(state, card)
    assert state["phase"] == "guess" and state["team"] == team and state["guesses"] == SPLITS[25][0] - 1


def test_own_word_keep_guessing() -> None:
    """ "Own word: keep guessing." """
    state = ready()
    team = state["team"]
    state, _ = clue(state, "Tier", 1)
    card = own(state)[0]
    state, events = vote(state, card)
    assert events[-1] == {
        "code": "card_uncovered",
        "team": team,
        "card": card,
        "word": state["words"][card],
        "role": TEAM[team],
    }
    assert state["revealed"][card] == TEAM[team] and state["phase"] == "guess" and state["team"] == team


@pytest.mark.parametrize("role", ["bystander", "opposing"])
def test_a_bystander_or_an_opposing_word_ends_the_turn(role: str) -> None:
    """ "A bystander or an opposing word: the turn is over." """
    state = ready()
    team = state["team"]
    state, _ = clue(state, "Tier", 3)
    card = hidden(state, BYSTANDER)[0] if role == "bystander" else theirs(state)[0]
    state, events = vote(state, card)
    assert [e["code"] for e in events[-2:]] == ["card_uncovered", "turn_passed"]
    assert state["team"] == 1 - team and state["phase"] == "clue"
    view = ENGINE.view(state, 2)["public"]
    assert view["revealed"][card] == state["key"][card]


def test_whoever_uncovers_the_opposing_agent_loses_immediately() -> None:
    """ "Whoever uncovers the opposing agent loses immediately." """
    state = ready(5)
    team = state["team"]
    state, _ = clue(state, "Tier", 1)
    (agent,) = hidden(state, AGENT)
    state, events = vote(state, agent)
    assert events[-1] == {"code": "game_won", "team": 1 - team, "reason": "agent", "key": state["key"]}
    result = ENGINE.result(state)
    assert result["placings"] == [1 if seat % 2 != team else 2 for seat in range(5)]
    assert ENGINE.to_move(state) == frozenset()
    assert ENGINE.view(state, 4)["public"]["key"] == state["key"]  # the key is shown to all


def test_the_team_that_finds_all_of_its_own_words_first_wins() -> None:
    """ "The team that finds all of its own words first wins." """
    state = ready()
    team = state["team"]
    state, _ = clue(state, "Alles", 0)
    for card in own(state):
        state, events = vote(state, card)
    assert events[-1]["code"] == "game_won" and events[-1]["team"] == team and events[-1]["reason"] == "all_found"
    result = ENGINE.result(state)
    assert result["placings"] == [1 if seat % 2 == team else 2 for seat in range(4)]
    assert result["scores"] == [SPLITS[25][0] if seat % 2 == team else 0 for seat in range(4)]


def test_the_other_teams_last_word_wins_the_game_for_them() -> None:
    """Decision: a team wins as soon as all of its words are uncovered, whoever uncovered
    the last one."""
    state = ready()
    team = state["team"]
    state["revealed"] = [state["key"][card] if card in theirs(state)[1:] else None for card in range(25)]
    state, _ = clue(state, "Tier", 1)
    state, events = vote(state, theirs(state)[0])
    assert events[-1]["code"] == "game_won" and events[-1]["team"] == 1 - team


@pytest.mark.parametrize(("language", "size"), [("de", 25), ("en", 16), ("es", 25), ("sv", 16)])
def test_settings_word_list_and_table_size(language: str, size: int) -> None:
    """ "Settings: word list in German default, English or Spanish, plus 25 words (5×5) default
    or 16 words (4×4) for a shorter game." (Swedish too, like every word game here)"""
    options = {option.key: option for option in META.options}
    assert options["language"].default == "de" and options["size"].default == 25
    assert set(options["language"].choices) == {"de", "en", "es", "sv"}
    state = ENGINE.setup(4, {"language": language, "size": size}, b"settings")
    assert len(state["words"]) == size and set(state["words"]) <= set(WORDS[language])
    first, second, bystanders = SPLITS[size]
    assert sorted(state["key"]) == sorted(
        TEAM[state["starting"]] * first + TEAM[1 - state["starting"]] * second + BYSTANDER * bystanders + AGENT
    )
    assert SPLITS == {25: (9, 8, 7), 16: (6, 5, 4)}


def test_the_starting_team_is_drawn() -> None:
    """Decision: the team that starts is drawn, and has one word more."""
    starters = {ENGINE.setup(4, {}, b"start%d" % seed)["starting"] for seed in range(20)}
    assert starters == {0, 1}


def test_votes_a_majority_takes_a_card_at_once() -> None:
    """Decision: a choice with more than half of the voters' votes is taken at once."""
    state = ready(12)  # five voters a team
    state, _ = clue(state, "Tier", 1)
    first, second = own(state)[:2]
    team_voters = voters(state)
    for seat in team_voters[:2]:
        state, events = ENGINE.apply(state, seat, {"type": "vote", "card": first}, 0)
        assert events == [{"code": "voted", "seat": seat, "choice": first}]
    state, _ = ENGINE.apply(state, team_voters[2], {"type": "vote", "card": second}, 0)
    assert ENGINE.to_move(state) == set(team_voters[3:])
    state, events = ENGINE.apply(state, team_voters[3], {"type": "vote", "card": first}, 0)
    assert events[-1]["code"] == "card_uncovered" and events[-1]["card"] == first
    assert state["votes"] == [None] * 12 and ENGINE.to_move(state) == set(team_voters)


def test_votes_without_a_majority_the_most_then_the_first_voted_wins() -> None:
    """Decision: when every voter has voted, the most votes win; a tie goes to the choice
    voted for first."""
    state = ready(9)  # team 0: chief 0 and voters 2, 4, 6, 8; team 1: chief 1 and 3, 5, 7
    state["team"] = 0
    state, _ = clue(state, "Tier", 1)
    a, b = own(state)[:2]
    for seat, card in zip((2, 4, 6, 8), (b, a, a, b), strict=True):
        state, events = ENGINE.apply(state, seat, {"type": "vote", "card": card}, 0)
    assert events[-1]["code"] == "card_uncovered" and events[-1]["card"] == b


def test_ending_the_turn_is_a_vote_after_the_first_guess() -> None:
    """Decision: the team may end its turn once it has guessed this turn, by a vote."""
    state = ready()
    team = state["team"]
    state, _ = clue(state, "Tier", 2)
    voter = voters(state)[0]
    assert {"type": "end_guessing"} not in ENGINE.legal_moves(state, voter)
    state, _ = vote(state, own(state)[0])
    assert {"type": "end_guessing"} in ENGINE.legal_moves(state, voter)
    state, events = vote(state, "end")
    assert [e["code"] for e in events] == ["voted", "guessing_ended", "turn_passed"]
    assert state["team"] == 1 - team and state["phase"] == "clue"


def test_chiefs_do_not_vote_and_the_other_team_waits() -> None:
    """Decision: the team's players but its chief guess; the other team does not move."""
    state = ready(6)
    state, _ = clue(state, "Tier", 1)
    team = state["team"]
    assert ENGINE.to_move(state) == {seat for seat in range(6) if seat % 2 == team and seat != team}
    for seat in range(6):
        if seat not in ENGINE.to_move(state):
            assert ENGINE.legal_moves(state, seat) == []


def test_chat_channels_a_seat_its_team_and_the_room_a_spectator_the_room() -> None:
    """Decision (the chat contract): each seated player posts to and reads the room and its
    own team's channel; spectators the room only."""
    state = ready(5)
    for seat in range(5):
        team = f"team:{seat % 2}"
        assert ENGINE.view(state, seat)["chat"] == {"post": ["room", team], "read": ["room", team]}
    assert ENGINE.view(state, None)["chat"] == {"post": ["room"], "read": ["room"]}


def test_every_uncovered_card_shows_its_role_to_everyone() -> None:
    """Decision: an uncovered card is shown with its role; the rest stays face down."""
    state = ready()
    state, _ = clue(state, "Tier", 1)
    card = own(state)[0]
    state, _ = vote(state, card)
    for seat in (2, 3, None):
        revealed = ENGINE.view(state, seat)["public"]["revealed"]
        assert revealed[card] == state["key"][card] and revealed.count(None) == 24


def test_a_clue_goes_through_the_lobbys_text_check() -> None:
    """Every clue goes through the one text validator of the lobby (`clean_move`):
    one line in NFC, no control or bidi characters; the engine then keeps it to 24 characters."""
    from lobby.text import clean_move
    from rulekit import Refusal

    state = ready()
    chief = state["chiefs"][state["team"]]
    cleaned = clean_move({"type": "clue", "word": "  Cafe\u0301\n  ", "number": 1})
    assert cleaned == {"type": "clue", "word": "Café", "number": 1}
    after, events = ENGINE.apply(state, chief, cleaned, 0)
    assert events[0]["word"] == "Café" and after["clue"]["word"] == "Café"
    with pytest.raises(Refusal):
        clean_move({"type": "clue", "word": "Tier\u202e", "number": 1})
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, chief, clean_move({"type": "clue", "word": "x" * 25, "number": 1}), 0)
