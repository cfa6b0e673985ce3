"""Replays: a finished game played again through its family service, frame by frame.

The lobby never imports a game: it sets the game up from its revealed seed and options with
`Setup`, then sends every stored move through `Apply` (a clock that ran out through `Timeout`),
exactly as the game was played. Each step keeps what the service answered: the events (with
who may see them), every seat's view and the spectators' view. From those, a replay is shown
from one seat (what that player saw, their own moves and the events meant for them) or with
everything revealed (the spectators' view and every seat's) — the game is over, its seed is
public, so nothing is left to hide.
"""

from __future__ import annotations

import asyncio
import json
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from rulekit import Refusal

from .engines import Engines
from .store import FinishedGame

MAX_STEPS = 3_000  # longer games are refused rather than replayed (a few hundred is usual)
MAX_REPLY_CHARS = 6 * 1024 * 1024  # under the gRPC message cap (8 MiB) with room to spare
CACHED_GAMES = 16
CACHED_CHARS = 48 * 1024 * 1024
REVEALED = "all"


@dataclass(frozen=True)
class Step:
    """What one step of the game produced. `seat` is the mover (-1: the game's own clock,
    None: the setup); `move` is None for the setup."""

    seat: int | None
    move: dict[str, Any] | None
    events: tuple[tuple[dict[str, Any], tuple[int, ...] | None], ...]
    views: tuple[str, ...]  # JSON text, one per seat
    spectator_view: str

    def chars(self) -> int:
        return sum(len(v) for v in self.views) + len(self.spectator_view)


@dataclass(frozen=True)
class PlayedGame:
    game: FinishedGame
    steps: tuple[Step, ...]

    def chars(self) -> int:
        return sum(step.chars() for step in self.steps)


def _step(reply: Any, seat: int | None, move: dict[str, Any] | None) -> Step:
    return Step(
        seat=seat,
        move=move,
        events=tuple((json.loads(item.event_json), tuple(item.visible_to) or None) for item in reply.events),
        views=tuple(v.view_json for v in sorted(reply.views, key=lambda v: v.seat)),
        spectator_view=reply.spectator_view_json,
    )


async def play_again(engines: Engines, game: FinishedGame) -> PlayedGame:
    """Every step of a finished game, from the family service (Setup, then Apply or Timeout
    per stored move, at the moment it was made, so clocks and blinds come out the same)."""
    if len(game.moves) + 1 > MAX_STEPS:
        raise Refusal("frame_too_large", f"a replay shows at most {MAX_STEPS} steps")
    seed = bytes.fromhex(game.seed)
    reply = await engines.setup(game.game, len(game.names), game.options, seed, game.started_ms)
    steps = [_step(reply, None, None)]
    for record in game.moves:
        if record.move == {"timeout": True}:
            reply = await engines.timeout(game.game, reply.state_json, record.at_ms)
        else:
            reply = await engines.apply(game.game, reply.state_json, record.seat, record.move, record.at_ms)
        steps.append(_step(reply, record.seat, record.move))
    return PlayedGame(game, tuple(steps))


def parse_seat(text: str, seats: int) -> int | None:
    """`all` (None: everything revealed) or a seat number of this game; bad_request otherwise."""
    if text in ("", REVEALED):
        return None
    if not (text.isascii() and text.isdigit()) or int(text) >= seats:
        raise Refusal("bad_request", f"seat is {REVEALED} or 0..{seats - 1}")
    return int(text)


def frames(played: PlayedGame, seat: int | None, max_chars: int = MAX_REPLY_CHARS) -> dict[str, Any]:
    """The replay as a seat saw it (`seat`), or with everything revealed (None).

    A seat's frames carry its own view, the events it was shown and its own moves; other
    seats' moves stay out, as a move may be secret (cards passed, ships placed): what they
    did shows in the events and the view. The last frame adds the game's end.
    """
    game = played.game
    out: list[dict[str, Any]] = []
    size = 0
    for number, step in enumerate(played.steps):
        events = [e for e, visible_to in step.events if seat is None or visible_to is None or seat in visible_to]
        frame: dict[str, Any] = {"step": number, "events": events}
        if step.seat is not None:
            frame["seat"] = step.seat
        if step.move is not None and (seat is None or step.seat == seat or step.move == {"timeout": True}):
            frame["move"] = step.move
        if seat is None:
            frame["view"] = json.loads(step.spectator_view)
            frame["views"] = [{"seat": s, "view": json.loads(v)} for s, v in enumerate(step.views)]
            size += step.chars()
        else:
            frame["view"] = json.loads(step.views[seat])
            size += len(step.views[seat])
        if size > max_chars:
            raise Refusal("frame_too_large", "this replay is too large to send whole; watch it seat by seat")
        out.append(frame)
    out[-1]["events"].append({"code": "game_over", "result": game.result})
    return {
        "code": game.code,
        "number": game.number,
        "game": game.game,
        "options": game.options,
        "names": game.names,
        "result": game.result,
        "seat": REVEALED if seat is None else str(seat),
        "started_ms": str(game.started_ms),
        "finished_ms": str(game.finished_ms),
        "moves": len(played.steps) - 1,
        "frames": out,
    }


class Replays:
    """Finished games played again on demand, the last few kept in memory (bounded by count
    and by size). Two requests for the same game at once play it once."""

    def __init__(self, engines: Engines, games: int = CACHED_GAMES, chars: int = CACHED_CHARS) -> None:
        self._engines = engines
        self._games = games
        self._chars = chars
        self._cache: OrderedDict[tuple[str, int], tuple[PlayedGame, int]] = OrderedDict()
        self._playing: dict[tuple[str, int], asyncio.Future[PlayedGame]] = {}

    async def played(self, game: FinishedGame) -> PlayedGame:
        key = (game.code, game.number)
        if key in self._cache:
            self._cache.move_to_end(key)
            return self._cache[key][0]
        running = self._playing.get(key)
        if running is not None:
            return await asyncio.shield(running)
        future: asyncio.Future[PlayedGame] = asyncio.get_running_loop().create_future()
        self._playing[key] = future
        try:
            played = await play_again(self._engines, game)
        except Exception as error:
            future.set_exception(error)
            future.exception()  # marked retrieved: nobody else may be waiting
            raise
        except BaseException:
            future.cancel()
            raise
        finally:
            self._playing.pop(key, None)
        future.set_result(played)
        self._keep(key, played)
        return played

    def _keep(self, key: tuple[str, int], played: PlayedGame) -> None:
        size = played.chars()
        if size > self._chars:
            return
        self._cache[key] = (played, size)
        while len(self._cache) > self._games or sum(s for _, s in self._cache.values()) > self._chars:
            self._cache.popitem(last=False)
