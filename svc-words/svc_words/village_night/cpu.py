"""CPU players for Village Night. A CPU only votes: it never talks (the chat is for people).

- easy: any legal move, but as the witch it never poisons and rescues the victim half of
  the time.
- strong: the pack follows the first pack vote cast tonight (or the lowest living non-wolf),
  so the pack never splits; by day wolves never vote for a wolf and pile onto the player
  the most others voted for last day. The seer looks at players not yet seen and by day
  votes for a wolf she has seen (else for someone she has not seen to be good); the witch
  saves the first victim and poisons only when the village is one death from losing;
  villagers vote for a random other player (abstaining never hangs a wolf).
The choice is fixed by the view, the seat and the ask's seed.
"""

from __future__ import annotations

import random

from rulekit.players import Ask, Choice, legal_or_refuse, random_player

from .rules import ABSTAIN, SEER, WOLF


def _easy(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    rnd = random.Random(ask.seed)
    if legal[0]["type"] == "brew":
        # A witch that does not know better keeps her poison; she saves the victim half the time.
        saves = [m for m in legal if m["poison"] == ABSTAIN and m["save"]]
        keep = {"type": "brew", "save": False, "poison": ABSTAIN}
        return Choice(saves[0] if saves and rnd.random() < 0.5 else keep)
    return random_player(ask)


def _strong(ask: Ask) -> Choice:
    legal = legal_or_refuse(ask.view)
    view = ask.view
    public, private = view["public"], view["private"]
    role = private["role"]
    kind = legal[0]["type"]
    rnd = random.Random(ask.seed)
    alive = public["alive"]
    if kind == "kill":
        cast = [t for t in private["pack_votes"] if t is not None]
        targets = [m["seat"] for m in legal]
        target = cast[0] if cast and cast[0] in targets else min(targets)
        return Choice({"type": "kill", "seat": target})
    if kind == "look":
        seen = {target for target, _ in private["seen"]}
        fresh = [m for m in legal if m["seat"] not in seen]
        return Choice(rnd.choice(fresh or legal))
    if kind == "brew":
        living = sum(alive)
        wolves_left = public["wolves"]  # at most this many live
        move = {"type": "brew", "save": False, "poison": ABSTAIN}
        if any(m["save"] for m in legal):
            move["save"] = True
        elif living - 1 <= 2 * wolves_left and private["poison_left"]:
            # Last chance: poison the one the village voted for most.
            suspects = [m["poison"] for m in legal if m["poison"] != ABSTAIN]
            if suspects:
                move["poison"] = _most_voted(public, suspects, rnd)
        return Choice(move)
    if kind in ("vote", "abstain"):
        targets = [m["seat"] for m in legal if m["type"] == "vote"]
        if role == WOLF:
            pack = set(private["pack"])
            others = [t for t in targets if t not in pack]
            # Every wolf draws the same lot: the pack's day votes never split.
            lot = random.Random(f"{public['round']}:{sorted(pack)}")
            return Choice({"type": "vote", "seat": _most_voted(public, others, lot)})
        good: set[int] = set()
        if role == SEER:
            wolves = [t for t, seen_role in private["seen"] if seen_role == WOLF and t in targets]
            if wolves:
                return Choice({"type": "vote", "seat": wolves[0]})
            good = {t for t, seen_role in private["seen"] if seen_role != WOLF}
        suspects = [t for t in targets if t not in good]
        return Choice({"type": "vote", "seat": rnd.choice(suspects or targets)})
    return Choice(legal[0])


def _most_voted(public: dict, candidates: list[int], rnd: random.Random) -> int:
    """The candidate the last day's votes named most (by lot among equals)."""
    tally = public.get("tally") or {}
    votes = tally.get("votes") or []
    counts = {t: votes.count(t) for t in candidates}
    top = max(counts.values(), default=0)
    best = sorted(t for t in candidates if counts[t] == top)
    return rnd.choice(best)


LEVELS = {"easy": _easy, "strong": _strong}
