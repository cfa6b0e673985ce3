"""Coin stakes at a table: who pays, which escrow holds the pot, who is paid at the end.

A game offers stakes through its `stake` option (Hau Hau: 1,000 / 5,000 / 25,000 coins; 0 is
a friendly match without coins). At a staked table every seat is a different registered
player: no CPU seat, no empty seat, no two seats on one device. Each game of the room has its
own escrow (`<code>:<game number>`): the stakes go in when the game starts, all or none, and
the pot goes to the winner when it ends (a tie for first place splits it). A seat whose
player left is played on by a CPU for that player, stake included, as at a real table.
"""

from __future__ import annotations

from typing import Any

from rulekit import Refusal

from .ledger import split_by_placings


def stake_of(room: dict[str, Any]) -> int:
    """Each player's stake at this table; 0 when the game or the host's setting has none."""
    return int(room["options"].get("stake") or 0)


def table_of(code: str, number: int) -> str:
    return f"{code}:{number}"


def stakers(room: dict[str, Any], seats: list[dict[str, Any]]) -> list[str]:
    """The player id of each seat, in seat order; refused unless every seat is a different
    registered player (a stake comes out of someone's wallet)."""
    players: list[str] = []
    for number, seat in enumerate(seats):
        holder = seat.get("holder")
        player = room["tickets"].get(holder, {}).get("player", "") if seat["kind"] == "human" and holder else ""
        if not player:
            raise Refusal("stake_needs_players", f"seat {number} has no signed-in player")
        if seat.get("left"):
            # A CPU plays the seat of someone who left; a new game must not take their coins.
            raise Refusal("stake_needs_players", f"the player of seat {number} has left")
        players.append(player)
    if len(set(players)) != len(players):
        raise Refusal("stake_needs_players", "one player holds two seats")
    return players


def placings_by_player(room: dict[str, Any]) -> dict[str, int]:
    """The finished game's place of each staking player (the players stored at its start)."""
    placings = room["result"]["placings"]
    return {player: placings[seat] for seat, player in enumerate(room["stake"]["players"])}


def pot_shares(room: dict[str, Any]) -> dict[int, int]:
    """Coins per seat when the game ends: what the ledger's settle pays (first place takes the
    pot, a tie splits it), said in the game_over event."""
    placings = room["result"]["placings"]
    return split_by_placings(room["stake"]["amount"] * len(placings), dict(enumerate(placings)))
