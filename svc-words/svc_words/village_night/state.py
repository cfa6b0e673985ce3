"""Village Night's state and view, as the engine reads and writes them."""

from __future__ import annotations

from typing import Any, Literal, NotRequired, TypedDict

from rulekit import BaseView, CommonState


class Death(TypedDict):
    seat: int
    round: int
    when: str  # "night" or "day"


class Tally(TypedDict):
    round: int
    votes: list[int | None]  # per seat: the seat voted for, ABSTAIN, or None


class VillageNightState(CommonState):
    roles: list[str]  # per seat
    alive: list[bool]
    phase: str  # HUNT, POWERS, DAY, OVER
    round: int
    acted: list[bool]  # per seat, in the current step
    pack_votes: list[int | None]  # per wolf: the seat it would hunt
    victim: int | None  # the pack's choice tonight
    seen: list[list[Any]]  # the seer's looks: [seat, role]
    save_left: bool
    poison_left: bool
    day_votes: list[int | None]
    tally: Tally | None  # the last day's votes, shown when all were in
    deaths: list[Death]
    winner: str | None  # the side that won
    saved: NotRequired[bool]  # the witch's choices tonight, from the pack's vote to dawn
    poisoned: NotRequired[int | None]


class VillageNightPublic(TypedDict):
    phase: str
    round: int
    alive: list[bool]
    deaths: list[Death]
    tally: Tally | None
    wolves: int
    villagers: int
    winner: str | None
    roles: list[str] | None  # shown once the game is over


class VillageNightPrivate(TypedDict, total=False):
    """A seat's role and what its role knows."""

    role: str
    pack: list[int]  # a wolf's
    pack_votes: list[int | None]
    seen: list[list[Any]]  # the seer's
    save_left: bool  # the witch's
    poison_left: bool
    victim: int | None
    my_vote: int | None  # by day


class Chat(TypedDict):
    post: list[str]
    read: list[str]
    why: NotRequired[Literal["dead", "night"]]


class VillageNightView(BaseView):
    public: VillageNightPublic
    private: NotRequired[VillageNightPrivate]
    chat: NotRequired[Chat]
