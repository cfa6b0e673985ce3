"""Hangman over the real WebSocket: the word never reaches a guesser or the spectator.

Three seats on sockets of their own and a spectator play one whole game of seeded random legal
moves (typed words of random letters, drawn words where those are too short or too long;
tests/support/frame_scan.py). The room's replay gives the true state at every version: every
view received is the engine's own, and no frame anyone but the setter received while a word
was being guessed carries that word."""

from __future__ import annotations

from svc_words.hangman import ENGINE
from svc_words.hangman.declaration import hidden_from

from tests.support.frame_scan import Scan, judge_frames, play_over_sockets, states_by_version


async def test_the_word_reaches_only_its_setter(stack) -> None:
    players, spectator, replay = await play_over_sockets(stack, ENGINE, 3, {"language": "en"}, seed=3)
    states = states_by_version(ENGINE, replay, 3)
    scan = Scan()
    for client in [*players, spectator]:
        judge_frames(ENGINE, states, client, hidden_from, scan)
    assert len(scan.by_seat) == 4
    assert scan.views >= len(replay["moves"]) * 3
    # The check bites: each player (a guesser while the others set their words) and the
    # spectator had a word kept from them; how many frames each gets depends on how updates
    # coalesce, so it is asked of each receiver, not of a share of all frames.
    assert all(scan.secrets_by_seat.get(name) for name in scan.by_seat), scan
    words = [move["move"] for move in replay["moves"] if move["move"].get("type") in ("set_word", "draw_word")]
    assert len(words) == 3
