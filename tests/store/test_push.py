"""Web Push's store (lobby/store/push.py) on both backends, and its sender (lobby/push_sender.py)
against a push service on loopback that decrypts every message (tests/support/push_service.py):
the right player and language, one notice per table until they look, a retry after a 500, a
subscription removed on 410, nothing sent in quiet hours until they end, a lease that keeps two
senders from sending one message twice, and the queue outliving its sender."""

from __future__ import annotations

import asyncio
import itertools
import secrets
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest

from lobby.push import PushNotices, reasons_to_tell
from lobby.push_keys import PushSettings, new_private_key
from lobby.push_sender import PushSender, retry_delay_ms
from lobby.push_texts import notifications, titles_of
from lobby.room import Room
from lobby.store import make_store
from tests.support.push_service import LocalPushService
from tests.support.services import check_postgres, drop_schema, need, postgres_store_url, unique_name

STOCKHOLM = "Europe/Stockholm"
# The games' names as the gateway hands them over (gateway/web_catalogue.py `game_titles`).
TITLES = {"four-in-a-row": {"de": "Vier in einer Reihe", "en": "Four in a Row", "sv": "Fyra i rad"}}
REVERSI = {"reversi": {"en": "Reversi"}}


class Clock:
    def __init__(self, at_ms: int) -> None:
        self.at_ms = at_ms

    def __call__(self) -> int:
        return self.at_ms


def ids() -> object:
    counter = itertools.count()
    return lambda: f"m{next(counter)}-{secrets.token_hex(4)}"


@pytest.fixture(params=["sqlite", "postgres"])
async def store_url(request, tmp_path):  # type: ignore[no-untyped-def]
    """Both backends, each test with a store of its own: a sender claims every due row."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path}/store.sqlite3"
        return
    need(check_postgres, "PostgreSQL")
    schema = unique_name("push")
    yield postgres_store_url(schema, pool_max=3)
    await drop_schema(schema)


@pytest.fixture
async def store(store_url):  # type: ignore[no-untyped-def]
    opened = make_store(store_url)
    await opened.open()
    yield opened
    await opened.close()


@pytest.fixture
async def push_service():  # type: ignore[no-untyped-def]
    service = await LocalPushService().start()
    yield service
    await service.stop()


async def subscribe(store, service: LocalPushService, name: str, player: str, language: str, at_ms: int = 1):  # type: ignore[no-untyped-def]
    browser = service.browser(name)
    return await store.push_subscribe(
        {
            "id": f"sub-{name}",
            "player_id": player,
            "endpoint": service.endpoint(name),
            "p256dh": browser.p256dh,
            "auth": browser.subscription("")["keys"]["auth"],
            "language": language,
            "label": f"{name}'s phone",
            "created_ms": at_ms,
        }
    )


def table(code: str, status: str, to_move: list[int], here: list[bool], version: int = 3) -> Room:
    """A two-seat table of Ulla (seat 0) and Björn (seat 1); `here`: who is connected."""
    seats = [
        {"kind": "human", "name": n, "holder": f"key-{n}", "left": False, **({} if at else {"gone_ms": 5})}
        for n, at in zip(("ulla", "bjorn"), here, strict=True)
    ]
    return Room.from_json(
        {
            "code": code,
            "game": "four-in-a-row",
            "options": {},
            "seats": seats,
            "status": status,
            "version": version,
            "to_move": to_move,
            "game_number": 1,
            "tickets": {
                "key-ulla": {"seats": [0], "name": "Ulla", "player": "p-ulla"},
                "key-bjorn": {"seats": [1], "name": "Björn", "player": "p-bjorn"},
            },
        }
    )


def settings(service: LocalPushService, attempts: int = 8) -> PushSettings:
    return PushSettings(
        private_key=new_private_key(), test_origins=(service.origin,), attempts=attempts, game_titles=TITLES
    )


async def test_subscriptions_are_kept_per_player_listed_and_removed_only_by_their_player(store, push_service) -> None:
    assert await store.push_plan("p-ulla", "ROOM1") is None  # no device: nothing to decide
    await subscribe(store, push_service, "phone", "p-ulla", "sv", at_ms=10)
    assert await store.push_plan("p-ulla", "ROOM1") == {"quiet": None, "told": None, "seen": False}
    await store.push_save_quiet_hours("p-ulla", 1320, 420, STOCKHOLM)
    await store.push_seen("p-ulla", "ROOM1", "turn:1:4", 5_000)
    assert await store.push_plan("p-ulla", "ROOM1") == {
        "quiet": {"start_minute": 1320, "end_minute": 420, "time_zone": STOCKHOLM},
        "told": "turn:1:4",
        "seen": True,
    }
    # A month later what she was told of the table is forgotten; not before.
    assert await store.push_forget(5_000) == 0
    assert await store.push_forget(5_001) == 1
    assert (await store.push_plan("p-ulla", "ROOM1"))["told"] is None  # type: ignore[index]
    await subscribe(store, push_service, "laptop", "p-ulla", "de", at_ms=20)
    listed = await store.push_subscriptions("p-ulla")
    assert [(s["id"], s["language"], s["label"], s["created_ms"]) for s in listed] == [
        ("sub-phone", "sv", "phone's phone", 10),
        ("sub-laptop", "de", "laptop's phone", 20),
    ]
    # The same browser subscribing again for another player is that player's now, not a second row.
    await subscribe(store, push_service, "laptop", "p-bjorn", "en", at_ms=30)
    assert [s["id"] for s in await store.push_subscriptions("p-ulla")] == ["sub-phone"]
    assert [s["language"] for s in await store.push_subscriptions("p-bjorn")] == ["en"]
    assert not await store.push_unsubscribe("p-bjorn", "sub-phone")  # not his: nothing changes
    assert [s["id"] for s in await store.push_subscriptions("p-ulla")] == ["sub-phone"]
    assert await store.push_unsubscribe("p-ulla", "sub-phone")
    assert await store.push_subscriptions("p-ulla") == []


async def test_a_turn_is_told_once_per_table_until_the_player_looks(store, push_service) -> None:
    clock = Clock(1_700_000_000_000)
    config = settings(push_service)
    notices = PushNotices(store, config, clock)
    sender = PushSender(store, config, clock)
    await subscribe(store, push_service, "bjorn-phone", "p-bjorn", "sv")
    await subscribe(store, push_service, "bjorn-laptop", "p-bjorn", "de")
    await subscribe(store, push_service, "ulla-phone", "p-ulla", "es")

    # Björn's turn, and he is away: both his devices are told, each in its language; Ulla, at
    # the table, is told nothing.
    await notices.after_step(table("ABCD", "playing", [1], [True, False], version=3), 7, None)  # type: ignore[arg-type]
    assert await sender.send_due() == 2
    sv, de = push_service.to("bjorn-phone"), push_service.to("bjorn-laptop")
    assert [m["title"] for m in sv] == ["Din tur"] and [m["title"] for m in de] == ["Du bist dran"]
    assert sv[0]["url"] == "/r/ABCD" and sv[0]["tag"] == "table-ABCD"
    assert sv[0]["body"] == "Fyra i rad, bord ABCD: de andra väntar på ditt drag."
    assert de[0]["body"] == "Vier in einer Reihe, Tisch ABCD: Die anderen warten auf deinen Zug."
    assert push_service.to("ulla-phone") == []

    # The same step observed again (another replica, a restart), and his next turn before he
    # looked: nothing more.
    await notices.after_step(table("ABCD", "playing", [1], [True, False], version=3), 7, None, force=True)  # type: ignore[arg-type]
    await notices.after_step(table("ABCD", "playing", [1], [True, False], version=5), 9, None)  # type: ignore[arg-type]
    assert await sender.send_due() == 0

    # He looks (while it is still his turn) and leaves again: nothing new to tell. His next
    # turn after that is told.
    await notices.looked("p-bjorn", table("ABCD", "playing", [1], [True, True], version=5))
    await notices.after_step(table("ABCD", "playing", [1], [True, False], version=5), 10, None)  # type: ignore[arg-type]
    assert await sender.send_due() == 0
    await notices.after_step(table("ABCD", "playing", [1], [True, False], version=7), 12, None)  # type: ignore[arg-type]
    assert await sender.send_due() == 2
    assert [m["kind"] for m in push_service.to("bjorn-phone")] == ["turn", "turn"]

    # The game ends while he is away: that replaces the unseen turn's notice, once; Ulla, who
    # left the table, is told too.
    await notices.after_step(table("ABCD", "finished", [], [False, False], version=8), 13, None)  # type: ignore[arg-type]
    await notices.after_step(table("ABCD", "finished", [], [False, False], version=8), 13, None, force=True)  # type: ignore[arg-type]
    assert await sender.send_due() == 3
    assert [m["title"] for m in push_service.to("bjorn-phone")][-1] == "Partiet är slut"
    assert [m["title"] for m in push_service.to("ulla-phone")] == ["Partida terminada"]
    # No Spanish name was handed over: the English one stands in.
    assert (
        push_service.to("ulla-phone")[0]["body"]
        == "Four in a Row, mesa ABCD: la partida ha terminado. Mira el resultado."
    )
    assert await store.push_outbox_size() == 0
    await sender.close()


def test_who_is_told_of_a_table() -> None:
    assert reasons_to_tell(table("WXYZ", "playing", [0, 1], [False, True], version=4)) == [
        ("p-ulla", "turn", "turn:1:4")
    ]
    assert reasons_to_tell(table("WXYZ", "waiting", [], [False, False])) == []
    assert [p for p, _, _ in reasons_to_tell(table("WXYZ", "finished", [], [True, False]))] == ["p-bjorn"]


async def test_a_failed_send_is_tried_again_later_and_a_gone_subscription_is_removed(store, push_service) -> None:
    clock = Clock(1_700_000_000_000)
    config = settings(push_service)
    sender = PushSender(store, config, clock)
    await subscribe(store, push_service, "flaky", "p-ulla", "en")
    await subscribe(store, push_service, "old", "p-ulla", "en")
    push_service.answers = {"flaky": [500, 503], "old": [410]}
    assert (
        await store.push_notice(
            "p-ulla",
            "ROOM",
            "turn:1:1",
            notifications("turn", "ROOM", titles_of("reversi", REVERSI)),
            clock.at_ms,
            clock.at_ms,
            ids(),
        )
        == 2
    )

    assert await sender.send_due() == 2
    assert push_service.posts == {"flaky": 1, "old": 1} and push_service.delivered == []
    assert [s["id"] for s in await store.push_subscriptions("p-ulla")] == ["sub-flaky"]  # 410: gone
    assert await sender.send_due() == 0  # the retry waits its backoff
    clock.at_ms += retry_delay_ms(1)
    assert await sender.send_due() == 1 and push_service.posts["flaky"] == 2  # 503 this time
    clock.at_ms += retry_delay_ms(1)
    assert await sender.send_due() == 0  # the second wait is longer than the first
    clock.at_ms += retry_delay_ms(2)
    assert await sender.send_due() == 1
    assert [m["title"] for m in push_service.to("flaky")] == ["Your turn"]
    assert await store.push_outbox_size() == 0
    await sender.close()


async def test_a_notice_in_quiet_hours_waits_until_they_end(store, push_service) -> None:
    # 23:30 in Stockholm; Ulla's quiet hours run from 22:00 to 07:00 there.
    night = datetime(2026, 12, 6, 23, 30, tzinfo=ZoneInfo(STOCKHOLM))
    morning = datetime(2026, 12, 7, 7, 0, tzinfo=ZoneInfo(STOCKHOLM))
    clock = Clock(int(night.timestamp() * 1000))
    config = settings(push_service)
    notices, sender = PushNotices(store, config, clock), PushSender(store, config, clock)
    await subscribe(store, push_service, "ulla-phone", "p-ulla", "sv")
    await store.push_save_quiet_hours("p-ulla", 22 * 60, 7 * 60, STOCKHOLM)
    await notices.after_step(table("QUIE", "playing", [0], [False, True]), 3, None)  # type: ignore[arg-type]
    assert await store.push_outbox_size() == 1
    clock.at_ms = int(morning.timestamp() * 1000) - 1
    assert await sender.send_due() == 0 and push_service.posts == {}
    clock.at_ms += 1
    assert await sender.send_due() == 1
    assert [m["title"] for m in push_service.to("ulla-phone")] == ["Din tur"]
    await sender.close()


async def test_two_senders_never_send_one_message_and_the_queue_outlives_its_sender(push_service, store_url) -> None:
    store = make_store(store_url)
    await store.open()
    clock = Clock(1_700_000_000_000)
    config = settings(push_service)
    await subscribe(store, push_service, "ulla-phone", "p-ulla", "en")
    for number in range(6):
        code = f"RM{number}"
        await store.push_notice(
            "p-ulla",
            code,
            "turn:1:1",
            notifications("turn", code, titles_of("reversi", REVERSI)),
            clock.at_ms,
            clock.at_ms,
            ids(),
        )
    first, second = PushSender(store, config, clock), PushSender(store, config, clock)
    # Two replicas claim at once: each row goes to one of them.
    one, other = await asyncio.gather(
        store.push_claim(first.owner, clock.at_ms, config.lease_ms, 4),
        store.push_claim(second.owner, clock.at_ms, config.lease_ms, 4),
    )
    assert {m["id"] for m in one}.isdisjoint(m["id"] for m in other)
    assert len(one) + len(other) == 6
    assert await store.push_claim("third", clock.at_ms, config.lease_ms, 10) == []
    # Both die holding their rows; the store closes; the process starts again.
    await store.close()
    store = make_store(store_url)
    await store.open()
    restarted = PushSender(store, config, clock)
    assert await restarted.send_due() == 0  # their leases still run
    clock.at_ms += config.lease_ms
    assert await restarted.send_due() == 6  # every lease ran out: all six, once each
    assert sorted(m["body"] for m in push_service.to("ulla-phone")) == [
        f"Reversi, table RM{n}: the others are waiting for your move." for n in range(6)
    ]
    assert await restarted.send_due() == 0
    await restarted.close()
    await store.close()
