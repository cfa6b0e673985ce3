"""Refusals with stable codes. Every refusal reaches the client with its code."""

from __future__ import annotations

# The codes clients translate. Adding one is fine; renaming one breaks clients.
CODES = frozenset(
    {
        "not_your_turn",
        "illegal_move",
        "game_over",
        "malformed_move",
        "bad_option",
        "bad_seat_count",
        "unknown_game",
        "stale_version",
        "duplicate_move",
        "bad_token",
        "malformed_frame",
        "frame_too_large",
        "rate_limited",
        "bad_origin",
        "unknown_room",
        "room_full",
        "not_host",
        "not_started",
        "already_started",
        "seat_taken",
        "bad_request",
        "internal",
        "unavailable",
        "overloaded",
        "stake_needs_players",
        "insufficient_coins",
        "bad_text",
        "invitation_needed",
        "removed",
        "chat_not_allowed",
        "already_contributed",
        "bad_contribution",
        "stale_commit",
        "vacation_used_up",
    }
)


class Refusal(Exception):
    """A request the platform will not carry out; `code` is stable, `detail` is for logs."""

    def __init__(self, code: str, detail: str = "") -> None:
        if code not in CODES:
            raise ValueError(f"unknown refusal code {code!r}")
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


class IllegalMove(Refusal):
    """A move the rules do not allow at this point (wrong seat, wrong move, game over)."""
