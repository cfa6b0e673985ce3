"""The shuffle anyone can check: replay a finished game from its revealed seed.

`python -m verifier replay.json [--expect-hash HEX] [--expect-commit HEX]` reads a replay as
`GET /api/rooms/{code}/games/{n}` gives it (or as the room's result panel downloads it), and:

0. checks the seed's chain (rulekit.fairness): the revealed server seed hashes to the
   commitment announced before any seat sent its value (`--expect-commit`, or the replay's
   `commit`), and the seed is the one the server seed and every seat's value give (replays
   from before players contributed have no chain and skip this);
1. hashes the seed: the SHA-256 the game announced when it started (`--expect-hash`, or the
   replay's own `seed_sha256`) must be the hash of the seed revealed at its end, so the cards
   were fixed before the first move and nobody chose them afterwards;
2. sets the game up from that seed alone, as the server did: every deal, roll and shuffle
   comes from the state's generator seeded with it (rulekit.rng), nothing else;
3. plays every recorded move through the same rule engine, each one checked legal for its
   seat at that moment, and compares the result with the recorded one.

A single card, roll, seat's value or seed byte changed makes a recorded move illegal, the result differ or
the hash fail, and the verifier says which. Only the rule engines (the family packages) and
rulekit are imported: the verifier trusts no server code.
"""

from .replay import Verdict, verify_replay

__all__ = ["Verdict", "verify_replay"]
