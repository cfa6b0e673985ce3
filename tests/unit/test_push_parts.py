"""Web Push's small parts: quiet hours in the player's own time zone, the notification texts in
every language, the VAPID key (from the environment, or made once into a file for `make run`),
and what each answer of a push service means for a message."""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from py_vapid import Vapid

from gateway.app import WEB_ROOT
from gateway.web_catalogue import game_ids, game_titles
from lobby.push_keys import PushSettings, b64url_decode, public_key_of
from lobby.push_sender import outcome, retry_delay_ms
from lobby.push_texts import CATALOGUE, LANGUAGES, challenge_notifications, language_of, notification, titles_of
from lobby.quiet_hours import parse_minute, send_after
from rulekit import Refusal


def at(zone: str, *when: int) -> int:
    return int(datetime(*when, tzinfo=ZoneInfo(zone)).timestamp() * 1000)  # type: ignore[misc]


@pytest.mark.parametrize(
    ("now", "start", "end", "expected"),
    [
        ((2026, 12, 6, 23, 30), "22:00", "07:00", (2026, 12, 7, 7, 0)),  # past midnight: tomorrow's end
        ((2026, 12, 7, 6, 59), "22:00", "07:00", (2026, 12, 7, 7, 0)),
        ((2026, 12, 7, 7, 0), "22:00", "07:00", None),  # the end itself is no longer quiet
        ((2026, 12, 7, 21, 59), "22:00", "07:00", None),
        ((2026, 12, 7, 13, 0), "12:30", "14:00", (2026, 12, 7, 14, 0)),  # a quiet lunch
        ((2026, 12, 7, 13, 0), "09:00", "09:00", None),  # equal: none
        ((2026, 3, 29, 1, 30), "01:00", "05:00", (2026, 3, 29, 5, 0)),  # the night the clocks go forward
    ],
)
def test_quiet_hours_hold_a_notice_until_they_end_in_the_players_zone(now, start, end, expected) -> None:  # type: ignore[no-untyped-def]
    zone = "Europe/Madrid"
    made = at(zone, *now)
    due = send_after(made, parse_minute(start), parse_minute(end), zone)
    assert due == (made if expected is None else at(zone, *expected))


def test_bad_times_and_zones_are_refused() -> None:
    for text in ("24:00", "7", "07:60", "ab:cd", ""):
        with pytest.raises(Refusal) as refused:
            parse_minute(text)
        assert refused.value.code == "bad_request"
    with pytest.raises(Refusal):
        send_after(0, 60, 120, "Mars/Olympus_Mons")


def test_every_notice_speaks_every_language() -> None:
    for kind, texts in CATALOGUE.items():
        assert set(texts) == set(LANGUAGES)
        bodies = {notification(kind, "QWERT", language, "Yatzy")["body"] for language in LANGUAGES}
        assert len(bodies) == len(LANGUAGES) and all("QWERT" in body and "Yatzy" in body for body in bodies)
    assert language_of("sv-FI") == "sv" and language_of("fr") == "en" and language_of("") == "en"
    assert notification("turn", "QWERT", "es-MX", "Yatzy")["title"] == "Te toca"


def test_the_notices_name_every_game_as_the_web_client_does_in_every_language() -> None:
    titles = game_titles(WEB_ROOT)
    assert sorted(titles) == game_ids(WEB_ROOT) and len(titles) == 37
    assert all(set(names) == set(LANGUAGES) and all(names.values()) for names in titles.values())
    assert titles_of("four-in-a-row", titles) == {
        "de": "Vier in einer Reihe",
        "en": "Four in a Row",
        "es": "Cuatro en línea",
        "sv": "Fyra i rad",
    }
    # A language or a game the titles lack: the English name, else the id in words.
    assert titles_of("chess", {"chess": {"en": "Chess", "de": "Schach"}})["sv"] == "Chess"
    assert set(titles_of("snakes-and-ladders", {}).values()) == {"snakes and ladders"}


def test_the_key_is_made_once_for_make_run_and_kept(tmp_path, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    key_file = tmp_path / "var" / "vapid-private.key"
    monkeypatch.delenv("GAMEROOM_VAPID_PRIVATE_KEY", raising=False)
    monkeypatch.setenv("GAMEROOM_VAPID_KEY_FILE", str(key_file))
    first = PushSettings.from_env()
    assert first.enabled and key_file.exists() and key_file.stat().st_mode & 0o077 == 0
    assert PushSettings.from_env().private_key == first.private_key
    assert len(b64url_decode(first.public_key)) == 65
    # pywebpush's VAPID signer reads the same key and signs with the public key browsers hold.
    signed = Vapid.from_string(first.private_key).sign({"sub": "mailto:a@b.c", "aud": "https://push.example"})
    assert public_key_of(first.private_key) in signed["Authorization"]
    monkeypatch.delenv("GAMEROOM_VAPID_KEY_FILE")
    assert not PushSettings.from_env().enabled


def test_what_a_push_services_answer_means() -> None:
    assert [outcome(s) for s in (201, 404, 410, 500, 503, 429, None, 400, 413)] == [
        "sent",
        "gone",
        "gone",
        "retry",
        "retry",
        "retry",
        "retry",
        "drop",
        "drop",
    ]
    delays = [retry_delay_ms(n) for n in range(1, 12)]
    assert delays == sorted(delays) and delays[0] == 5_000 and delays[-1] == 30 * 60_000


def test_a_challenge_notice_speaks_every_language_and_opens_the_challenge() -> None:
    texts = challenge_notifications("c0ffee", "Anna", titles_of("four-in-a-row", game_titles(WEB_ROOT)))
    assert set(texts) == set(LANGUAGES)
    assert len({t["body"] for t in texts.values()}) == len(LANGUAGES)
    assert all("Anna" in t["body"] for t in texts.values())
    assert texts["es"]["body"] == "Anna te desafía a una partida de Cuatro en línea."
    assert texts["de"]["body"] == "Anna fordert dich zu einer Partie Vier in einer Reihe heraus."
    assert {(t["kind"], t["tag"], t["url"]) for t in texts.values()} == {
        ("invited", "challenge-c0ffee", "/?challenge=c0ffee")
    }
