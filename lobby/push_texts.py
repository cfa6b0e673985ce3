"""What a push notification says, in the player's language: the one place the server speaks in
sentences, because a notification is shown by the browser while no page of ours is open to
translate a code. German, English, Spanish and Swedish, as the web client."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

LANGUAGES = ("de", "en", "es", "sv")
FALLBACK = "en"

# {game} is the game's title in the notice's language (`titles_of`), {code} the table's code.
CATALOGUE: dict[str, dict[str, tuple[str, str]]] = {
    "turn": {
        "de": ("Du bist dran", "{game}, Tisch {code}: Die anderen warten auf deinen Zug."),
        "en": ("Your turn", "{game}, table {code}: the others are waiting for your move."),
        "es": ("Te toca", "{game}, mesa {code}: los demás esperan tu jugada."),
        "sv": ("Din tur", "{game}, bord {code}: de andra väntar på ditt drag."),
    },
    "ended": {
        "de": ("Partie beendet", "{game}, Tisch {code}: Die Partie ist zu Ende. Sieh dir das Ergebnis an."),
        "en": ("Game over", "{game}, table {code}: the game has ended. See the result."),
        "es": ("Partida terminada", "{game}, mesa {code}: la partida ha terminado. Mira el resultado."),
        "sv": ("Partiet är slut", "{game}, bord {code}: partiet är slut. Se resultatet."),
    },
}

# A challenge to a person (lobby/challenges.py, the "invited" notice): {name} challenges, {game}
# is the game's title.
INVITED: dict[str, tuple[str, str]] = {
    "de": ("Herausforderung", "{name} fordert dich zu einer Partie {game} heraus."),
    "en": ("Challenge", "{name} challenges you to a game of {game}."),
    "es": ("Desafío", "{name} te desafía a una partida de {game}."),
    "sv": ("Utmaning", "{name} utmanar dig till ett parti {game}."),
}


def language_of(tag: str) -> str:
    """A page's language tag ("de-AT", "sv") as one we speak, else the fallback."""
    primary = str(tag or "").split("-")[0].lower()
    return primary if primary in LANGUAGES else FALLBACK


def titles_of(game: str, titles: Mapping[str, Mapping[str, str]]) -> dict[str, str]:
    """The game's title in every language, from `titles` (game -> language -> title: the games'
    own strings, which the gateway serves and hands to the lobby); a language missing there
    has the English title, a game missing there its id in words ("four in a row")."""
    own = titles.get(game, {})
    fallback = own.get(FALLBACK) or game.replace("-", " ")
    return {language: own.get(language) or fallback for language in LANGUAGES}


def notification(kind: str, code: str, language: str, game: str) -> dict[str, Any]:
    """The payload the service worker shows: title, body, one tag per table (a newer notice of
    a table replaces the older one on the device) and the table's address to open. `game`:
    the game's title in `language`."""
    title, body = CATALOGUE[kind][language_of(language)]
    return {
        "kind": kind,
        "title": title,
        "body": body.format(code=code, game=game),
        "tag": f"table-{code}",
        "url": f"/r/{code}",
        "lang": language_of(language),
    }


def challenge_notifications(challenge_id: str, name: str, games: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """A challenge's notice in every language, by language: it opens the lobby's challenges.
    `games`: the game's title by language (`titles_of`)."""
    out = {}
    for language in LANGUAGES:
        title, body = INVITED[language]
        out[language] = {
            "kind": "invited",
            "title": title,
            "body": body.format(name=name, game=games[language]),
            "tag": f"challenge-{challenge_id}",
            "url": f"/?challenge={challenge_id}",
            "lang": language,
        }
    return out


def notifications(kind: str, code: str, games: Mapping[str, str]) -> dict[str, dict[str, Any]]:
    """The payload in every language, by language; `games`: the game's title by language."""
    return {language: notification(kind, code, language, games[language]) for language in LANGUAGES}
