"""Card ids and deck builders.

A card id is `<face>.<deck><copy>`: the face, a dot, the number of the deck it came from and,
where one deck holds a face more than once, a copy letter. Examples: "SQ.0" (queen of spades
of deck 0), "r7.1b" (the second red seven of deck 1), "W+4.0c". Ids are unique however many
decks are in play, so the hidden-information scan can find every card by its id, and every id
contains a dot, so it never equals a colour, suit or event code.

Faces:
- colour deck: colour letter (r, y, g, b) + "0".."9", "S" (skip), "R" (reverse), "+2";
  wilds "W" and "W+4" (no colour).
- French and Hau Hau decks: suit letter (S, H, D, C) + rank ("2".."10", "J", "Q", "K", "A";
  the Hau Hau deck has "1" as well as "A").
- rummy deck (55 cards): the French 52 plus three jokers "X" (no suit): "X.0a".
- numbered deck (80 cards): colour letter (r, y, g, b) + "1".."20", once each: "r11.0".
- building deck (162 cards, Stock Pile): "P" + "1".."12" twelve times each ("P7.0k") and 18
  wild cards "W" ("W.0r"); the "P" (pile) stands where other decks have a suit.
"""

from __future__ import annotations

from typing import Callable

Card = str

COLOURS: tuple[str, ...] = ("r", "y", "g", "b")
SUITS: tuple[str, ...] = ("S", "H", "D", "C")  # spades, hearts, diamonds, clubs
SKIP, REVERSE, DRAW_TWO = "S", "R", "+2"
WILD, WILD_DRAW_FOUR = "W", "W+4"
JOKER = "X"  # the rummy games' joker: no suit, stands for any card in a meld
FRENCH_RANKS_52: tuple[str, ...] = ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A")
FRENCH_RANKS_32: tuple[str, ...] = ("7", "8", "9", "10", "J", "Q", "K", "A")
HAU_HAU_TWICE: tuple[str, ...] = ("1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
NUMBERED_RANKS: tuple[str, ...] = tuple(str(n) for n in range(1, 21))
_COPY_LETTERS = "abcdefghijklmnopqrstuvwxyz"

# Parsed ids, filled on first use: parsing sits on every legal-move check.
_PARSED: dict[Card, tuple[str | None, str]] = {}


def _ids(face: str, deck: int, copies: int) -> list[Card]:
    if copies == 1:
        return [f"{face}.{deck}"]
    return [f"{face}.{deck}{_COPY_LETTERS[i]}" for i in range(copies)]


def parse(card: Card) -> tuple[str | None, str]:
    """(colour or suit, rank) of a card id; wilds have no colour: (None, "W") / (None, "W+4")."""
    parsed = _PARSED.get(card)
    if parsed is None:
        face = card.split(".", 1)[0]
        if face in (WILD, WILD_DRAW_FOUR, JOKER):
            parsed = (None, face)
        else:
            parsed = (face[0], face[1:])
        _PARSED[card] = parsed
    return parsed


def suit_of(card: Card) -> str | None:
    """The colour (colour deck) or suit (French, Hau Hau) of a card; None for a wild."""
    return parse(card)[0]


def rank_of(card: Card) -> str:
    """The rank or symbol: "7", "Q", "S" (skip), "+2", "W", "W+4", ..."""
    return parse(card)[1]


def face_of(card: Card) -> str:
    """The id less its deck and copy: "r7.1b" -> "r7"."""
    return card.split(".", 1)[0]


def colour_deck(deck: int) -> list[Card]:
    """108 cards: per colour one 0, two each of 1-9, skip, reverse and +2; four wilds, four wild +4."""
    cards: list[Card] = []
    for colour in COLOURS:
        cards += _ids(colour + "0", deck, 1)
        for rank in ("1", "2", "3", "4", "5", "6", "7", "8", "9", SKIP, REVERSE, DRAW_TWO):
            cards += _ids(colour + rank, deck, 2)
    cards += _ids(WILD, deck, 4)
    cards += _ids(WILD_DRAW_FOUR, deck, 4)
    return cards


def french_deck(deck: int, size: int = 52) -> list[Card]:
    """A French deck of 52 (2-A) or 32 (7-A) cards, one of each suit and rank."""
    ranks = {52: FRENCH_RANKS_52, 32: FRENCH_RANKS_32}[size]
    return [f"{suit}{rank}.{deck}" for suit in SUITS for rank in ranks]


def rummy_deck(deck: int, jokers: int = 3) -> list[Card]:
    """A French 52-card deck plus `jokers` jokers ("X.0a", "X.0b", ...)."""
    return french_deck(deck, 52) + _ids(JOKER, deck, jokers)


def contract_deck(deck: int, jokers: int) -> list[Card]:
    """Fifteen Rounds plays three French decks per round with `jokers` jokers in all: the
    jokers come with the first deck of every three ("X.0a" ... "X.0f")."""
    return french_deck(deck, 52) + (_ids(JOKER, deck, jokers) if deck % 3 == 0 else [])


def hau_hau_deck(deck: int) -> list[Card]:
    """108 poker cards: 1-10, J, Q, K twice per suit and the ace once per suit, no jokers."""
    cards: list[Card] = []
    for suit in SUITS:
        for rank in HAU_HAU_TWICE:
            cards += _ids(suit + rank, deck, 2)
        cards += _ids(suit + "A", deck, 1)
    return cards


def numbered_deck(deck: int) -> list[Card]:
    """80 cards: the numbers 1-20 once in each of the four colours (Number Rows)."""
    return [f"{colour}{rank}.{deck}" for colour in COLOURS for rank in NUMBERED_RANKS]


def building_deck(deck: int) -> list[Card]:
    """162 cards: the numbers 1-12 twelve times each and 18 wild cards (Stock Pile)."""
    cards: list[Card] = []
    for number in range(1, 13):
        cards += _ids(f"P{number}", deck, 12)
    return cards + _ids(WILD, deck, 18)


DECK_KINDS: dict[str, Callable[[int], list[Card]]] = {
    "colour": colour_deck,
    "french32": lambda deck: french_deck(deck, 32),
    "french52": lambda deck: french_deck(deck, 52),
    "hau-hau": hau_hau_deck,
    "rummy55": rummy_deck,
    "contract4": lambda deck: contract_deck(deck, 4),
    "contract6": lambda deck: contract_deck(deck, 6),
    "numbered80": numbered_deck,
    "building162": building_deck,
}


_DECK_CACHE: dict[tuple[str, int, int], tuple[Card, ...]] = {}


def build_decks(kind: str, count: int, first: int = 0) -> list[Card]:
    """`count` decks of `kind` (a DECK_KINDS key), numbered from `first`, unshuffled."""
    key = (kind, count, first)
    cards = _DECK_CACHE.get(key)
    if cards is None:
        builder = DECK_KINDS[kind]
        cards = tuple(card for deck in range(first, first + count) for card in builder(deck))
        _DECK_CACHE[key] = cards
    return list(cards)
