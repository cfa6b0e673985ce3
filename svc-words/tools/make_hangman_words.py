"""Make Hangman's word lists (svc_words/hangman/words/<lang>.txt) from word frequencies.

Run once, by hand, when the lists should change; the game reads the files it writes and needs
neither this script nor its sources at run time:

    apt-get install hunspell-de-de hunspell-en-us hunspell-es hunspell-sv
    pip install wordfreq
    python svc-words/tools/make_hangman_words.py

Each list holds `PER_BAND` words in each of three frequency bands, most frequent first: `easy`,
`medium` and `hard` (the game's difficulty option draws from one band). A word is kept when
- it is among the language's most frequent words in `wordfreq` (its data: CC-BY-SA 4.0), but
  not among the `SKIP` most frequent (mostly words like "could", "dass", "como", "inte");
- it is letters only and 4 to 12 of the language's letters long;
- the language's Hunspell dictionary lists it (so typos and slang drop out), in lower case (so
  names do); in German it must be a noun instead, listed capitalised, as the game is played
  there with nouns;
- it is not listed capitalised as a name in one of the other three dictionaries, and is not
  frequent in two of the other three languages alike (names and brands: "paris", "google");
- it is not on the short list of words no family game should draw (`BLOCKED`).
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import wordfreq

LANGUAGES = ("de", "en", "es", "sv")
DICTIONARIES = {"de": "de_DE", "en": "en_US", "es": "es_ES", "sv": "sv_SE"}
HUNSPELL = Path("/usr/share/hunspell")
OUT = Path(__file__).resolve().parent.parent / "svc_words" / "hangman" / "words"
TOP = 60_000  # frequent words looked at per language
SKIP = 300
PER_BAND = 1_000
BANDS = ("easy", "medium", "hard")
MIN_LETTERS, MAX_LETTERS = 4, 12
LETTERS = {
    "de": "abcdefghijklmnopqrstuvwxyzäöüß",
    "en": "abcdefghijklmnopqrstuvwxyz",
    "es": "abcdefghijklmnopqrstuvwxyzñáéíóúü",
    "sv": "abcdefghijklmnopqrstuvwxyzåäöé",
}
# Insults, slurs, sex and drugs: not drawn in a family game (wordfreq's lists come from
# subtitles, social media and the web, and the dictionaries list these words too).
BLOCKED = {
    "de": "arsch arschloch bastard fotze ficken fick hure hurensohn nutte schlampe wichser scheiße scheisse "
    "schwuchtel neger titten penis vagina sex kokain heroin nazi nazis hitler mörder vergewaltigung "
    "pisse kacke idiot depp trottel",
    "en": "fuck fucking shit bitch bastard cunt dick cock pussy whore slut nigger nigga faggot fag "
    "retard penis vagina sex sexy porn rape rapist cocaine heroin nazi hitler murder killer damn "
    "hell crap piss idiot stupid dumb boobs",
    "es": "puta puto mierda joder jodido cabrón cabron coño polla pendejo maricón maricon marica zorra "
    "culo verga pene vagina sexo porno violación cocaína heroína nazi hitler asesino idiota "
    "estúpido imbécil gilipollas cagar",
    "sv": "fan jävla jävel helvete skit hora fitta kuk knulla bög neger idiot penis vagina sex porr "
    "våldtäkt kokain heroin nazist hitler mördare dum rövhål idioti",
}
AFFIX = re.compile(r"/.*$")


def stems(language: str) -> dict[str, set[str]]:
    """The dictionary's stems by their lower-case form, with the spellings it lists."""
    path = HUNSPELL / f"{DICTIONARIES[language]}.dic"
    out: dict[str, set[str]] = {}
    for line in path.read_text(encoding="utf-8").splitlines()[1:]:
        word = unicodedata.normalize("NFC", AFFIX.sub("", line.split("\t", 1)[0]).strip())
        if word:
            out.setdefault(word.lower(), set()).add(word)
    return out


def names(dictionary: dict[str, set[str]]) -> set[str]:
    """Words a dictionary lists only capitalised: names, places, brands (and in German, nouns)."""
    return {lower for lower, spellings in dictionary.items() if lower not in spellings}


def pick(language: str, dictionaries: dict[str, dict[str, set[str]]], tops: dict[str, set[str]]) -> list[str]:
    own = dictionaries[language]
    foreign_names = set().union(*(names(dictionaries[other]) for other in LANGUAGES if other != language))
    blocked = set(BLOCKED[language].split())
    allowed = set(LETTERS[language])
    kept: list[str] = []
    for word in wordfreq.top_n_list(language, TOP)[SKIP:]:
        word = unicodedata.normalize("NFC", word)
        if not MIN_LETTERS <= len(word) <= MAX_LETTERS or not set(word) <= allowed or word in blocked:
            continue
        spellings = own.get(word)
        if not spellings:
            continue
        if language == "de":
            # A noun is listed capitalised (its lower-case form may be listed too, as the part
            # of a compound); a name too, so it must not be a name in another dictionary.
            if word.capitalize() not in spellings or word in foreign_names:
                continue
        elif word not in spellings:
            continue
        if sum(word in tops[other] for other in LANGUAGES if other != language) >= 2:
            continue
        kept.append(word.capitalize() if language == "de" else word)
        if len(kept) == PER_BAND * len(BANDS):
            break
    return kept


def write(language: str, words: list[str]) -> None:
    header = [
        f"# Hangman words ({language}): the {len(words)} most frequent words that pass the filters of",
        "# svc-words/tools/make_hangman_words.py, most frequent first, in three bands.",
        "# Made from wordfreq's data (Robyn Speer, CC-BY-SA 4.0), filtered with the Hunspell",
        "# dictionaries; this list is shared under CC-BY-SA 4.0 (see README.md beside it).",
    ]
    lines = list(header)
    for index, band in enumerate(BANDS):
        lines.append(f"[{band}]")
        lines.extend(words[index * PER_BAND : (index + 1) * PER_BAND])
    (OUT / f"{language}.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")


def main() -> None:
    dictionaries = {language: stems(language) for language in LANGUAGES}
    tops = {language: set(wordfreq.top_n_list(language, 20_000)) for language in LANGUAGES}
    for language in LANGUAGES:
        words = pick(language, dictionaries, tops)
        if len(words) < PER_BAND * len(BANDS):
            raise SystemExit(f"{language}: only {len(words)} words pass the filters")
        write(language, words)
        print(f"{language}: {len(words)} words")


if __name__ == "__main__":
    main()
