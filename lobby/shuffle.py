"""The room's side of the seed every player helps to choose (rulekit.fairness).

A room always holds the next game's server seed and its commitment (`Room.shuffle`), drawn
when the room is made and again as each game starts, so the commitment is public before any
seat can send its value. Values are kept by the ticket that sent them (seats are renumbered
at the start and turn round for a rematch); at the start each seat takes its holder's value,
or the server's own when its holder sent none, and the chain goes into `Room.fairness`.
"""

from __future__ import annotations

import secrets
from typing import Any

from rulekit import Refusal, fairness

from .room import Room


def new_shuffle() -> dict[str, Any]:
    """The next game's server seed, with its commitment; no values yet."""
    server_seed = secrets.token_bytes(fairness.VALUE_BYTES)
    return {"server_seed": server_seed.hex(), "commit": fairness.commit(server_seed), "values": {}}


def contribute(room: Room, key: str, value_hex: Any, commit: str) -> None:
    """Record the value a seated ticket sends for the game whose commitment it quotes: one per
    ticket and game; malformed, stale or second values are refused and change nothing."""
    if not room.seats_held_by(key):
        raise Refusal("bad_token", "spectators do not contribute")
    # A room made before players contributed has no commitment until its next game starts.
    if room.shuffle is None or commit != room.shuffle["commit"]:
        raise Refusal("stale_commit", "that commitment is not the next game's")
    if fairness.parse_value(value_hex) is None:
        raise Refusal("bad_contribution", "a contribution is 64 hex digits")
    if key in room.shuffle["values"]:
        raise Refusal("already_contributed", "one value per seat and game")
    room.shuffle["values"][key] = value_hex.lower()


def contributed_seats(room: Room) -> list[int]:
    """The seats whose holder has sent a value for the next game."""
    values = (room.shuffle or {}).get("values") or {}
    return [i for i, s in enumerate(room.seats) if s.holder and s.holder in values]


def deal_seed(room: Room) -> bytes:
    """The new game's seed from the committed server seed and every seat's value; the chain
    goes into `room.fairness` and the next game's server seed is drawn and committed."""
    shuffle = room.shuffle or new_shuffle()
    server_seed = bytes.fromhex(shuffle["server_seed"])
    values = shuffle.get("values") or {}
    contributions = []
    for seat_number, seat in enumerate(room.seats):
        sent = values.get(seat.holder) if seat.kind == "human" and seat.holder else None
        if sent:
            contributions.append({"seat": seat_number, "value": sent, "from": "seat"})
        else:
            own = fairness.server_value(server_seed, seat_number).hex()
            contributions.append({"seat": seat_number, "value": own, "from": "server"})
    seed = fairness.mix(server_seed, [bytes.fromhex(c["value"]) for c in contributions])
    room.fairness = {"server_seed": shuffle["server_seed"], "commit": shuffle["commit"], "contributions": contributions}
    room.shuffle = new_shuffle()
    return seed


def public_chain(room: Room) -> dict[str, Any]:
    """What the start announces: the commitment and every seat's value (not the server seed)."""
    chain = room.fairness or {}
    return {"commit": chain.get("commit", ""), "contributions": chain.get("contributions", [])}
