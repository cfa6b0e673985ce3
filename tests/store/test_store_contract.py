"""The store contract the lobby relies on."""

from __future__ import annotations

import asyncio
import random
import uuid

import pytest

from lobby.store import (
    MINT,
    EscrowChange,
    EscrowConflict,
    FinishedGame,
    GameStats,
    InsufficientFunds,
    LedgerError,
    MoveRecord,
    Player,
    Posting,
    StoredEvent,
    Transfer,
)


def _room(code: str | None = None) -> dict:
    return {"code": code or uuid.uuid4().hex[:5].upper(), "status": "waiting", "version": 0, "updated_ms": 1}


async def test_insert_load_and_duplicate_code(store) -> None:
    room = _room()
    assert await store.insert_room(room)
    assert not await store.insert_room(room)
    loaded, revision = await store.load_room(room["code"])
    assert loaded == room and revision == 1
    assert await store.load_room("NOPE0") is None


async def test_optimistic_write_wins_once(store) -> None:
    room = _room()
    await store.insert_room(room)
    first = {**room, "version": 1}
    second = {**room, "version": 99}
    results = await asyncio.gather(store.save_room(first, 1), store.save_room(second, 1))
    assert sorted(results) == [False, True]
    loaded, revision = await store.load_room(room["code"])
    assert revision == 2 and loaded["version"] in (1, 99)
    assert loaded == (first if results[0] else second)


async def test_events_and_answer_written_with_the_room_or_not_at_all(store) -> None:
    room = _room()
    await store.insert_room(room)
    events = [StoredEvent(1, {"code": "a"}, None), StoredEvent(2, {"code": "b", "card": "r7.0"}, [1])]
    assert await store.save_room({**room, "version": 1}, 1, events, ("k1", {"accepted": True, "version": 1}))
    # A write against the old revision changes nothing: no events, no answer.
    assert not await store.save_room(
        {**room, "version": 5}, 1, [StoredEvent(3, {"code": "c"}, None)], ("k2", {"accepted": True})
    )
    stored = await store.events_since(room["code"], 0)
    assert [(e.number, e.event, e.visible_to) for e in stored] == [
        (1, {"code": "a"}, None),
        (2, {"code": "b", "card": "r7.0"}, [1]),
    ]
    assert [e.number for e in await store.events_since(room["code"], 1)] == [2]
    assert await store.move_answer(room["code"], "k1") == {"accepted": True, "version": 1}
    assert await store.move_answer(room["code"], "k2") is None
    # The start of a move reads the room and the move's earlier answer in one go.
    loaded, revision, answered = await store.load_room_for_move(room["code"], "k1")
    assert (loaded["version"], revision, answered) == (1, 2, {"accepted": True, "version": 1})
    assert (await store.load_room_for_move(room["code"], "k2"))[2] is None
    assert await store.load_room_for_move("NOPE9", "k1") is None


async def test_first_answer_stays(store) -> None:
    room = _room()
    await store.insert_room(room)
    first = await store.put_move_answer(room["code"], "m", {"refused": {"code": "illegal_move", "detail": ""}})
    second = await store.put_move_answer(room["code"], "m", {"accepted": True})
    assert first == second == {"refused": {"code": "illegal_move", "detail": ""}}


async def test_rooms_in_play(store) -> None:
    playing = {**_room(), "status": "playing"}
    waiting = _room()
    await store.insert_room(playing)
    await store.insert_room(waiting)
    codes = await store.rooms_in_play()
    assert playing["code"] in codes and waiting["code"] not in codes
    await store.save_room({**playing, "status": "finished"}, 1)
    assert playing["code"] not in await store.rooms_in_play()


async def test_chat_numbers_are_gap_free_under_concurrency(store) -> None:
    room = _room()
    await store.insert_room(room)
    lines = await asyncio.gather(*(store.add_chat(room["code"], i % 3, f"p{i}", f"hello {i}", i) for i in range(20)))
    assert sorted(line.number for line in lines) == list(range(1, 21))
    recent = await store.chat_since(room["code"], 15)
    assert [line.number for line in recent] == [16, 17, 18, 19, 20]
    assert [line.number for line in await store.chat_since(room["code"], 0, limit=3)] == [18, 19, 20]


async def test_a_move_id_answered_meanwhile_writes_nothing(store) -> None:
    """Two replicas applying the same move id: the one that finds the answer taken writes nothing."""
    room = _room()
    await store.insert_room(room)
    await store.put_move_answer(room["code"], "t:m1", {"refused": {"code": "not_your_turn", "detail": ""}})
    written = await store.save_room(
        {**room, "version": 1}, 1, [StoredEvent(1, {"code": "a"}, None)], ("t:m1", {"accepted": True})
    )
    assert not written
    loaded, revision = await store.load_room(room["code"])
    assert revision == 1 and loaded["version"] == 0
    assert await store.events_since(room["code"], 0) == []
    assert await store.move_answer(room["code"], "t:m1") == {"refused": {"code": "not_your_turn", "detail": ""}}


async def test_move_list_and_finished_game_for_replay(store) -> None:
    anna, ben = Player(uuid.uuid4().hex, "Anna", 5), Player(uuid.uuid4().hex, "Ben", 6)
    await store.create_player(anna, f"hash-{anna.id}")
    await store.create_player(ben, f"hash-{ben.id}")
    room = {**_room(), "status": "playing", "game_number": 1}
    await store.insert_room(room)
    first = MoveRecord(0, {"type": "drop", "column": 3}, 2, 1000)
    second = MoveRecord(1, {"type": "drop", "column": 4}, 3, 1500)
    assert await store.save_room({**room, "version": 2}, 1, moves=[first])
    # A write that loses the race records no move.
    assert not await store.save_room(
        {**room, "version": 2}, 1, moves=[MoveRecord(1, {"type": "drop", "column": 0}, 2, 1)]
    )
    assert await store.game_moves(room["code"], 1) == [first]
    assert await store.finished_game(room["code"], 1) is None
    result = {"placings": [2, 1], "scores": [0, 1]}
    # The seed's chain travels with the finished game (its replay carries it).
    chain = {
        "server_seed": "cd" * 32,
        "commit": "ef" * 32,
        "contributions": [
            {"seat": 0, "value": "01" * 32, "from": "seat"},
            {"seat": 1, "value": "02" * 32, "from": "server"},
        ],
    }
    finished = FinishedGame(
        room["code"],
        1,
        "four-in-a-row",
        {"x": 1},
        "ab" * 16,
        ["Anna", "Ben"],
        [anna.id, ben.id],
        result,
        900,
        1500,
        fairness=chain,
    )
    assert await store.save_room({**room, "version": 3, "status": "finished"}, 2, moves=[second], finished=finished)
    stored = await store.finished_game(room["code"], 1)
    assert stored == FinishedGame(**{**finished.__dict__, "moves": [first, second]})
    assert await store.player_stats(ben.id) == [GameStats("four-in-a-row", 1, 1, {1: 1})]
    assert await store.player_stats(anna.id) == [GameStats("four-in-a-row", 1, 0, {2: 1})]


async def test_players_and_their_statistics(store) -> None:
    anna = Player(uuid.uuid4().hex, "Anna", 7)
    await store.create_player(anna, f"hash-{anna.id}")
    assert await store.player_by_token(f"hash-{anna.id}") == anna
    assert await store.player_by_token("no such hash") is None
    assert await store.player_stats(anna.id) == []
    for number, (game, placings) in enumerate(
        [("chess", [1, 2]), ("chess", [2, 1]), ("chess", [1, 1]), ("kalaha", [2, 1]), ("chess", [1, 2])], start=1
    ):
        room = {**_room(), "status": "playing", "game_number": number}
        await store.insert_room(room)
        # Anna holds both seats of the tie (pass-and-play): counted once, with her best placing.
        players = [anna.id, anna.id if placings == [1, 1] else ""]
        game_record = FinishedGame(
            room["code"], number, game, {}, "00", ["Anna", "x"], players, {"placings": placings}, 0, 1
        )
        assert await store.save_room({**room, "status": "finished"}, 1, finished=game_record)
    assert await store.player_stats(anna.id) == [
        GameStats("chess", 4, 3, {1: 3, 2: 1}),
        GameStats("kalaha", 1, 0, {2: 1}),
    ]


async def test_a_players_finished_games_newest_first(store) -> None:
    anna, ben = uuid.uuid4().hex, uuid.uuid4().hex
    for player in (anna, ben):
        await store.create_player(Player(player, player[:5], 1), f"hash-{player}")
    for number, (players, finished_ms) in enumerate(
        [([anna, ben], 30), (["", ben], 10), ([ben, anna], 20), ([anna, anna], 40)], start=1
    ):
        room = {**_room(), "status": "playing", "game_number": number}
        await store.insert_room(room)
        record = FinishedGame(
            room["code"], number, "chess", {}, "00", ["a", "b"], players, {"placings": [1, 2]}, 0, finished_ms
        )
        assert await store.save_room({**room, "status": "finished"}, 1, finished=record)
    assert [(g.number, g.finished_ms) for g in await store.player_games(anna)] == [(4, 40), (1, 30), (3, 20)]
    assert [g.number for g in await store.player_games(ben, limit=2)] == [1, 3]
    assert (await store.player_games(anna))[0].players == [anna, anna]
    assert await store.player_games(uuid.uuid4().hex) == []


async def test_a_transfer_code_gives_a_second_device_the_same_player_once(store) -> None:
    anna = Player(uuid.uuid4().hex, "Anna", 7)
    await store.create_player(anna, f"hash-{anna.id}")
    await store.link_player("code-hash", anna.id, expires_ms=1000)
    assert await store.claim_player_link("code-hash", "second-device", now_ms=999) == anna
    # Both devices are Anna now; the code is used up.
    assert await store.player_by_token("second-device") == anna
    assert await store.player_by_token(f"hash-{anna.id}") == anna
    assert await store.claim_player_link("code-hash", "third-device", now_ms=999) is None
    assert await store.player_by_token("third-device") is None
    # An expired code gives nothing, and is gone too.
    await store.link_player("late", anna.id, expires_ms=1000)
    assert await store.claim_player_link("late", "fourth", now_ms=1001) is None
    assert await store.claim_player_link("late", "fourth", now_ms=10) is None
    assert await store.player_by_token("fourth") is None


async def test_house_rules_are_saved_per_player_game_and_name(store) -> None:
    anna = Player(uuid.uuid4().hex, "Anna", 7)
    await store.create_player(anna, f"hash-{anna.id}")
    await store.save_house_rules(anna.id, "mau-mau", "family", {"draw_two_stacks": True}, 10)
    await store.save_house_rules(anna.id, "mau-mau", "family", {"draw_two_stacks": False}, 20)
    await store.save_house_rules(anna.id, "chess", "blitz", {"minutes": 5}, 30)
    assert await store.house_rules(anna.id, "mau-mau") == [
        {"game": "mau-mau", "name": "family", "options": {"draw_two_stacks": False}, "updated_ms": 20}
    ]
    assert [(r["game"], r["name"]) for r in await store.house_rules(anna.id)] == [
        ("chess", "blitz"),
        ("mau-mau", "family"),
    ]
    assert await store.delete_house_rules(anna.id, "chess", "blitz")
    assert not await store.delete_house_rules(anna.id, "chess", "blitz")
    assert await store.house_rules(anna.id, "chess") == []


def _accounts() -> tuple[str, str, str]:
    tag = uuid.uuid4().hex[:8]
    return f"wallet:a{tag}", f"wallet:b{tag}", f"escrow:{tag}"


async def test_ledger_transfer_is_written_once_per_key(store) -> None:
    anna, _, _ = _accounts()
    grant = Transfer(f"open:{anna}", "open", (Posting(MINT, -100), Posting(anna, 100)), 1, {"why": "start"})
    stored, written = await store.ledger_transfer(grant)
    assert written and stored == grant
    again, written = await store.ledger_transfer(
        Transfer(f"open:{anna}", "open", (Posting(MINT, -999), Posting(anna, 999)), 2)
    )
    assert not written and again == Transfer(
        grant.key, "open", tuple(sorted(grant.postings, key=lambda p: p.account)), 1, {"why": "start"}
    )
    assert await store.ledger_balance(anna) == 100
    assert await store.ledger_transfer_by_key(grant.key) == again
    assert await store.ledger_transfer_by_key("nothing") is None
    with pytest.raises(LedgerError):
        await store.ledger_transfer(Transfer("unbalanced", "x", (Posting(MINT, -5), Posting(anna, 4)), 1))


async def test_ledger_refuses_a_negative_balance_and_writes_nothing(store) -> None:
    anna, ben, _ = _accounts()
    await store.ledger_transfer(Transfer(f"open:{anna}", "open", (Posting(MINT, -50), Posting(anna, 50)), 1))
    with pytest.raises(InsufficientFunds) as refused:
        await store.ledger_transfer(Transfer("too-much", "gift", (Posting(anna, -51), Posting(ben, 51)), 2))
    assert refused.value.account == anna
    assert await store.ledger_transfer_by_key("too-much") is None
    assert (await store.ledger_balance(anna), await store.ledger_balance(ben)) == (50, 0)


async def test_ledger_escrow_opens_once_and_closes_once(store) -> None:
    anna, ben, pot = _accounts()
    for wallet in (anna, ben):
        await store.ledger_transfer(Transfer(f"open:{wallet}", "open", (Posting(MINT, -100), Posting(wallet, 100)), 1))
    table = pot.split(":", 1)[1]
    stake = Transfer(f"escrow:{table}", "escrow", (Posting(anna, -30), Posting(ben, -30), Posting(pot, 60)), 2)
    await store.ledger_transfer(stake, EscrowChange(table, "open", 30, (anna, ben)))
    with pytest.raises(EscrowConflict):
        await store.ledger_transfer(
            Transfer(f"escrow2:{table}", "escrow", (Posting(anna, -1), Posting(pot, 1)), 3),
            EscrowChange(table, "open", 1, (anna,)),
        )
    assert (await store.ledger_escrow(table)).status == "open"
    payout = Transfer(f"close:{table}", "settle", (Posting(pot, -60), Posting(ben, 60)), 4)
    results = await asyncio.gather(
        *(store.ledger_transfer(payout, EscrowChange(table, "settled")) for _ in range(4)), return_exceptions=True
    )
    assert sorted(written for _, written in results) == [False, False, False, True]
    with pytest.raises(EscrowConflict):
        refund = Transfer(f"refund-late:{table}", "refund", (Posting(pot, -1), Posting(anna, 1)), 5)
        await store.ledger_transfer(refund, EscrowChange(table, "refunded"))
    escrow = await store.ledger_escrow(table)
    assert (escrow.status, escrow.amount, escrow.players, escrow.closed_ms) == ("settled", 30, [anna, ben], 4)
    balances = await store.ledger_balances()
    assert (balances[anna], balances[ben], balances[pot]) == (70, 130, 0)
    assert table in [e.table for e in await store.ledger_escrows()]


async def test_ledger_concurrent_transfers_keep_the_sum(store) -> None:
    accounts = [f"wallet:{uuid.uuid4().hex[:8]}" for _ in range(6)]
    for account in accounts:
        await store.ledger_transfer(Transfer(f"open:{account}", "open", (Posting(MINT, -20), Posting(account, 20)), 1))
    rnd = random.Random(5)
    transfers = []
    for n in range(60):
        source, target = rnd.sample(accounts, 2)
        amount = rnd.randint(1, 15)
        transfers.append(
            Transfer(f"gift:{accounts[0]}:{n}", "gift", (Posting(source, -amount), Posting(target, amount)), 2)
        )
    outcomes = await asyncio.gather(*(store.ledger_transfer(t) for t in transfers * 2), return_exceptions=True)
    assert all(isinstance(o, (tuple, InsufficientFunds)) for o in outcomes)
    balances = await store.ledger_balances()
    assert sum(balances[a] for a in accounts) == 20 * len(accounts)
    assert all(balances[a] >= 0 for a in accounts)
    written = [t for t in transfers if await store.ledger_transfer_by_key(t.key) is not None]
    # Every balance is exactly its opening grant plus the transfers that were written.
    for account in accounts:
        moved = sum(p.amount for t in written for p in t.postings if p.account == account)
        assert balances[account] == 20 + moved


async def test_ledger_history_lists_an_accounts_transfers_in_order(store) -> None:
    anna, ben, _ = _accounts()
    await store.ledger_transfer(Transfer(f"open:{anna}", "open", (Posting(MINT, -10), Posting(anna, 10)), 1))
    await store.ledger_transfer(Transfer(f"gift1:{anna}", "gift", (Posting(anna, -3), Posting(ben, 3)), 2))
    await store.ledger_transfer(Transfer(f"gift2:{anna}", "gift", (Posting(ben, -1), Posting(anna, 1)), 2))
    assert [t.key for t in await store.ledger_history(anna)] == [f"open:{anna}", f"gift1:{anna}", f"gift2:{anna}"]
    history = await store.ledger_history(ben)
    assert [(t.key, dict((p.account, p.amount) for p in t.postings)[ben]) for t in history] == [
        (f"gift1:{anna}", 3),
        (f"gift2:{anna}", -1),
    ]
    assert await store.ledger_history("wallet:nobody") == []


async def test_quick_seating_queue_claims_oldest_first_once(store) -> None:
    pool = "poker|3|1000"
    for n in range(4):
        await store.quick_seat_join(f"q{n}", pool, f"p{n}", f"P{n}", f"s{n}", 100 + n)
    # A player asking again keeps their place and gets the new secret: never two entries.
    again = await store.quick_seat_join("q9", pool, "p1", "P1", "s1b", 200)
    assert again["id"] == "q1" and (await store.quick_seat_entry("q1"))[1] == "s1b"
    assert await store.quick_seat_waiting(pool) == 4
    claimed = await store.quick_seat_claim(pool, 3, "c1")
    assert [e["id"] for e in claimed] == ["q0", "q1", "q2"] and {e["status"] for e in claimed} == {"claimed"}
    assert await store.quick_seat_claim(pool, 3, "c2") == []  # one waits: no table
    await store.quick_seat_seat(
        {e["id"]: {"code": "ABCDE", "token": e["id"], "seats": [i]} for i, e in enumerate(claimed)}
    )
    entry, _ = await store.quick_seat_entry("q2")
    assert entry["status"] == "seated" and entry["answer"] == {"code": "ABCDE", "token": "q2", "seats": [2]}
    # Filling with CPU seats: this entry and whoever else waits, however few.
    assert [e["id"] for e in await store.quick_seat_claim(pool, 3, "c3", include="q3")] == ["q3"]
    await store.quick_seat_release(["q3"])
    assert await store.quick_seat_waiting(pool) == 1
    assert await store.quick_seat_cancel("q3") and not await store.quick_seat_cancel("q3")
    assert await store.quick_seat_waiting(pool) == 0 and await store.quick_seat_entry("nope") is None


async def test_quick_seating_concurrent_claims_never_share_an_entry(store) -> None:
    pool = "hau-hau|2|0"
    for n in range(9):
        await store.quick_seat_join(f"e{n}", pool, f"p{n}", "x", "s", n)
    results = await asyncio.gather(*(store.quick_seat_claim(pool, 2, f"c{n}") for n in range(6)))
    taken = [e["id"] for claimed in results for e in claimed]
    assert sorted(taken) == [f"e{n}" for n in range(8)] and len(set(taken)) == 8
    assert await store.quick_seat_waiting(pool) == 1


async def test_a_player_becomes_an_account_once_and_is_found_by_id(store) -> None:
    anna, ben = Player(uuid.uuid4().hex, "Anna", 7), Player(uuid.uuid4().hex, "Ben", 8)
    for player in (anna, ben):
        await store.create_player(player, f"hash-{player.id}")
    assert not (await store.player_by_token(f"hash-{anna.id}")).is_account
    await store.mark_account(anna.id, 50)
    await store.mark_account(anna.id, 90)  # the first time counts
    found = await store.players_by_ids([anna.id, ben.id, anna.id, "nobody"])
    assert found == {anna.id: Player(anna.id, "Anna", 7, 50), ben.id: ben}
    assert found[anna.id].is_account and not found[ben.id].is_account
    assert await store.player_by_token(f"hash-{anna.id}") == Player(anna.id, "Anna", 7, 50)
    assert await store.players_by_ids([]) == {}
