"""The shared card core of the shedding games: card ids, decks, piles, seat order, views.

Pure: standard library and rulekit only; randomness only through the engine's `rng`.

Cards (`cards.py`)
    Card ids are short stable strings `<face>.<deck><copy>`: "SQ.0", "r7.1b", "W+4.0c".
    `parse(card) -> (colour_or_suit | None, rank)`, `suit_of`, `rank_of`, `face_of`.
    `build_decks(kind, count, first=0)` with kind "colour" (108: 0-9, skip "S", reverse "R",
    "+2", wild "W", wild +4 "W+4"), "french32", "french52", "hau-hau" (108: 1-10, J, Q, K
    twice per suit, A once), "numbered80" (80: 1-20 once per colour r, y, g, b: "r11.0").

Table (`table.py`) - state keys: hands, draw_pile, discard_pile (tops at the list END),
deck_kind, decks, turn, direction, finished.
    `new_table(seats, kind, decks, rng)`            shuffled draw pile, empty hands
    `deal(state, first, per_seat, batch=1)`         -> private "dealt" events
    `turn_up(state, rng, refused=())`               open card (refused ranks go back)
    `draw(state, seat, n, rng, fresh_decks=False)`  -> (cards, events); the pile never runs
                                                    out: discards less the top are reshuffled,
                                                    then (fresh_decks) a new deck is added
    `active_seats`, `next_seat(state, seat, steps=1)`, `reverse`, `finish(state, seat)`,
    `placings(state)`: seat order with direction; finished seats are skipped and the rest
    play on for places.

Melds (`melds.py`, the rummy games; import from `svc_cards.core.melds`)
    Sets, runs (ace low or high, never K-A-2), jokers never a majority, meld points,
    `possible_melds(hand)`, `lay_offs(hand, melds)`, `joker_swaps(hand, melds)`; `Rules`
    holds what differs between games (largest set, distinct suits). Jokers: face "X", deck
    kind "rummy55" (52 + 3 jokers).

Meld play (`meld_play.py`, the rummy games): `MeldEngine` (the turn's cached legal moves,
    laying melds, laying off, joker swaps, taking a proposal back, discarding, `determinize`
    with the cards everyone saw go into a hand), `known_hidden_from`.

Table stakes (`stakes.py`, poker and blackjack duel; pots in `pots.py`): `StakesEngine` (the
    deal's start, a forced bet doubling with game time, busting out, the pause after a
    showdown, places, the view from the game's `public_extra` and `private_part`), `StakesTable`,
    `next_in`, `seat_order`, `next_bettor`, `contenders`, `starting_stack`.

Views and tests (`views.py`)
    `CardEngine`: BaseEngine with a fast copy in `apply`, the standard view (public: every
    non-secret state key + hand_counts, draw_size, discard_size, discard_top; private: hand)
    and `determinize`. Games set `extra_secret` and override `decorate` / `fill_secrets`.
    `hidden_from(state, seat)`: other hands + draw pile, for the hidden-information scan.
    `card_census(state) == full_decks(state)`: cards are conserved (`cards_conserved(state)`
    checks the same fast, as card ids are unique).
    Optional state keys: `open_zones` (names of face-up card lists, e.g. ["middle"], counted
    in the census and seen by `determinize_cards`) and `first_deck` (number of the first deck
    in play, default 0: a game dealing each round from a fresh deck keeps ids unique).
"""

from .cards import (
    COLOURS,
    DRAW_TWO,
    REVERSE,
    SKIP,
    SUITS,
    WILD,
    WILD_DRAW_FOUR,
    Card,
    build_decks,
    face_of,
    parse,
    rank_of,
    suit_of,
)
from .table import (
    active_seats,
    deal,
    draw,
    drawable,
    finish,
    new_table,
    next_seat,
    placings,
    reverse,
    top_card,
    turn_up,
)
from .views import (
    CardEngine,
    card_census,
    cards_conserved,
    copy_state,
    determinize_cards,
    full_decks,
    hand_counts,
    hidden_from,
    open_zone_cards,
    played_event,
)

__all__ = [
    "played_event",
    "COLOURS",
    "DRAW_TWO",
    "REVERSE",
    "SKIP",
    "SUITS",
    "WILD",
    "WILD_DRAW_FOUR",
    "Card",
    "CardEngine",
    "active_seats",
    "build_decks",
    "card_census",
    "cards_conserved",
    "copy_state",
    "deal",
    "determinize_cards",
    "draw",
    "drawable",
    "face_of",
    "finish",
    "full_decks",
    "hand_counts",
    "hidden_from",
    "new_table",
    "next_seat",
    "open_zone_cards",
    "parse",
    "placings",
    "rank_of",
    "reverse",
    "suit_of",
    "top_card",
    "turn_up",
]
