"""The lobby's Prometheus metrics (the gateway serves them on /metrics)."""

from typing import NamedTuple

from prometheus_client import Counter, Histogram

MOVES = Counter("gameroom_moves_total", "Moves applied, by game", ["game"])
MOVE_SECONDS = Histogram(
    "gameroom_move_seconds",
    "Move latency by game and stage (gateway, family, store, total)",
    ["game", "stage"],
    buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5),
)
ROOMS_STARTED = Counter("gameroom_games_started_total", "Games started, by game", ["game"])
TIMER_FIRINGS = Counter("gameroom_timer_firings_total", "Move clocks that ran out, by game", ["game"])
REFUSALS = Counter("gameroom_refusals_total", "Refusals sent to clients, by code", ["code"])
# Web Push sends by what the push service's answer meant (lobby/push_sender.py): sent, gone,
# retry, drop.
PUSH_SENDS = Counter("gameroom_push_sends_total", "Web Push messages sent to push services, by outcome", ["outcome"])
# Where a player's move found its room: as this process last wrote it (lobby/latest.py) or
# read from the store. A kept copy the store had moved past shows as a "kept" then a "store".
MOVE_ROOMS = Counter("gameroom_move_rooms_total", "Rooms a player's move started from, by source", ["source"])
MOVE_ROOM_KEPT = MOVE_ROOMS.labels("kept")
MOVE_ROOM_READ = MOVE_ROOMS.labels("store")


class MoveMetrics(NamedTuple):
    """One game's move metrics, looked up once: `labels` costs about as much as the observation."""

    family: Histogram
    store: Histogram
    total: Histogram
    moves: Counter


_MOVE_METRICS: dict[str, MoveMetrics] = {}


def move_metrics(game: str) -> MoveMetrics:
    found = _MOVE_METRICS.get(game)
    if found is None:
        found = _MOVE_METRICS[game] = MoveMetrics(
            MOVE_SECONDS.labels(game, "family"),
            MOVE_SECONDS.labels(game, "store"),
            MOVE_SECONDS.labels(game, "total"),
            MOVES.labels(game),
        )
    return found
