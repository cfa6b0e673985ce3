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
        "future_version",
        "duplicate_move",
        "bad_token",
        "malformed_frame",
        "frame_too_large",
        "rate_limited",
        "bad_origin",
        "unknown_room",
        "room_full",
        "room_finished",
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
        "bad_passkey",
        "bad_challenge",
        "unknown_passkey",
        "not_account",
        "push_off",
        "bad_subscription",
        "unknown_subscription",
        "unknown_player",
        # A rated room (lobby/rated_rooms.py): accounts only, no CPU, each player on one seat.
        "rated_needs_accounts",
        "rated_no_cpu",
        "rated_same_player",
        "vacation_used_up",
        # Challenges and bot accounts (lobby/challenges.py).
        "rated_no_bots",
        "self_challenge",
        "unknown_challenge",
        "not_your_challenge",
        "challenge_closed",
        "expired",
    }
)


# What a refusal says when its raiser knows nothing more particular: a client logs `detail`,
# so it is never empty.
GENERIC_DETAILS = {
    "not_your_turn": "the seat is not to move now",
    "illegal_move": "not one of the seat's legal moves",
    "game_over": "the game is over",
    "malformed_move": "a move is an object with a type",
    "bad_option": "an option the game does not have, or a value out of its range",
    "bad_seat_count": "a seat count the game is not played by",
    "unknown_game": "no game with that id",
    "stale_version": "the game has moved on since that version: choose again from the newest view",
    "future_version": "a version the game has not reached",
    "duplicate_move": "that move id was answered before",
    "bad_token": "the token is not one of this room's tickets",
    "malformed_frame": "not a valid message",
    "frame_too_large": "the message is too large",
    "rate_limited": "over the message rate: wait, then resend",
    "bad_origin": "a page from another site",
    "unknown_room": "no room with that code",
    "room_full": "no open seat: join as a spectator to watch",
    "room_finished": "the game is over: join as a spectator to watch",
    "not_host": "only the host may do that",
    "not_started": "the game has not started",
    "already_started": "the game has started already",
    "seat_taken": "that seat is taken",
    "bad_request": "a request the server cannot carry out as sent",
    "internal": "a fault of the server: try again",
    "unavailable": "a service behind the gateway is unavailable: try again shortly",
    "overloaded": "too many moves at once: resend the same id shortly",
    "stake_needs_players": "a staked table needs a player behind every seat",
    "insufficient_coins": "a wallet is short of the stake",
    "bad_text": "text the room does not take",
    "invitation_needed": "a private room: the host's invitation is needed",
    "removed": "the host sent this ticket out of the room",
    "chat_not_allowed": "the seat may not post to that chat channel now",
    "already_contributed": "this ticket has sent its value for this game already",
    "bad_contribution": "a value is 32 random bytes as 64 hex digits",
    "stale_commit": "that commitment is not the next game's",
}


class Refusal(Exception):
    """A request the platform will not carry out; `code` is stable, `detail` is for logs (a
    generic sentence of the code's when the raiser gives none)."""

    def __init__(self, code: str, detail: str = "") -> None:
        if code not in CODES:
            raise ValueError(f"unknown refusal code {code!r}")
        detail = detail or GENERIC_DETAILS.get(code, "")
        super().__init__(f"{code}: {detail}" if detail else code)
        self.code = code
        self.detail = detail


class IllegalMove(Refusal):
    """A move the rules do not allow at this point (wrong seat, wrong move, game over)."""
