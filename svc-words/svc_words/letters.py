"""The letters of the four languages the word games are played in, and how typed text turns
into them. Shared by the word games; pure (stdlib only).

Word lists are data files beside each game (`<game>/words/<lang>.txt`, one word a line, `#`
starts a comment); `word_list` reads one once, when a game's module is imported.
"""

from __future__ import annotations

import unicodedata
from functools import cache
from importlib import resources

LANGUAGES = ("de", "en", "es", "sv")
BASIC = tuple("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
# The letters a player can name in each language: the 26 and the language's own letters.
ALPHABETS: dict[str, tuple[str, ...]] = {
    "de": BASIC + ("Ä", "Ö", "Ü"),
    "en": BASIC,
    "es": BASIC[:14] + ("Ñ",) + BASIC[14:],
    "sv": BASIC + ("Å", "Ä", "Ö"),
}
# The most frequent letters first (counted over this project's own word lists, rounded to
# the usual textbook orders): a guess order for the clock and for a CPU without candidates.
FREQUENCY: dict[str, str] = {
    "de": "ENRISTAHLUOCGMBDKFWZPÜÄÖVJYXQ",
    "en": "EAROTINLSCHUDPMBGKWFYVZJXQ",
    "es": "AOERINLTCSUMDPBGZHFJVÑQYKXW",
    "sv": "AERNTLSIKOGDMBÄUPVÖÅFHJYCXZWQ",
}


def letters_of(text: str, language: str) -> list[str]:
    """`text` as the letters of `language` a player guesses: upper case (ß becomes SS), a
    letter with an accent the language does not have becomes its plain letter (é → E, and in
    Spanish á → A, ü → U), and anything that is not a letter is left out."""
    alphabet = ALPHABETS[language]
    out: list[str] = []
    for char in unicodedata.normalize("NFC", text).upper():
        if char in alphabet:
            out.append(char)
            continue
        base = unicodedata.normalize("NFD", char)[0]
        if base in alphabet:
            out.append(base)
    return out


@cache
def word_list(package: str, language: str) -> tuple[str, ...]:
    """The words of `package`'s list for `language`, as written in the file (comments and
    blank lines skipped, duplicates dropped, order kept)."""
    text = resources.files(package).joinpath("words").joinpath(f"{language}.txt").read_text(encoding="utf-8")
    seen: dict[str, None] = {}
    for line in text.splitlines():
        word = line.split("#", 1)[0].strip()
        if word:
            seen.setdefault(unicodedata.normalize("NFC", word), None)
    return tuple(seen)


@cache
def sectioned_lists(package: str, language: str) -> dict[str, tuple[str, ...]]:
    """`package`'s lists for `language` by section: a `[name]` line starts a section, words
    follow, separated by commas or on lines of their own (`#` starts a comment)."""
    text = resources.files(package).joinpath("words").joinpath(f"{language}.txt").read_text(encoding="utf-8")
    sections: dict[str, dict[str, None]] = {}
    current: dict[str, None] | None = None
    for line in text.splitlines():
        line = line.split("#", 1)[0].strip()
        if line.startswith("[") and line.endswith("]"):
            current = sections.setdefault(line[1:-1], {})
        elif line and current is not None:
            for word in line.split(","):
                if word.strip():
                    current.setdefault(unicodedata.normalize("NFC", word.strip()), None)
    return {name: tuple(words) for name, words in sections.items()}
