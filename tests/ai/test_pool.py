"""svc-ai's search processes: a given-up search stops, cheap moves pass expensive ones, and
every level of every game keeps within its budget. Real processes, real searches."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

import pytest
from svc_ai.players import PLAYERS, engine_lane, engine_player, levels_of
from svc_ai.pool import SearchPool
from svc_ai.server import search_budget, warm_asks
from svc_ai.views import sample_view

from rulekit import stopping
from rulekit.players import Ask

LONG_MS = 60_000  # Stockfish thinks a minute unless stopped
STRONG_MS = 1000  # alpha-beta's strong levels search this long at most (less a margin)
BUDGET_MS = 100  # the budget every level gets in the budget test
# Levels whose cost is not set by the clock: GNU Backgammon's 2-ply evaluation cannot be cut
# short, and takes a fraction of a second. They are held to the service's default budget.
FIXED_COST_BUDGET_MS = {("backgammon", "strong"): 1000}
# CPU time may exceed the budget by this much: what follows the search's last look at its
# clock (process CPU time does not grow with the machine's load, unlike wall time).
CPU_MARGIN_MS = 30


def ask(game: str, level: str, budget_ms: int, seed: int = 0) -> Ask:
    seat, view = sample_view(game, seed, 6)
    return Ask(game, seat, view, level, b"test:%d" % seed, budget_ms)


def long_search() -> Ask:
    return ask("reversi", "strong", search_budget(STRONG_MS))


def cpu_ms(pid: int) -> float:
    text = Path(f"/proc/{pid}/stat").read_text()
    fields = text[text.rindex(")") + 2 :].split()
    return (int(fields[11]) + int(fields[12])) * 1000 / _TICK


def state_of(pid: int) -> str:
    text = Path(f"/proc/{pid}/stat").read_text()
    return text[text.rindex(")") + 2 :].split()[0]


_TICK = __import__("os").sysconf("SC_CLK_TCK")


async def until(check, timeout: float = 60.0) -> None:  # type: ignore[no-untyped-def]
    give_up = time.monotonic() + timeout
    while not check():
        assert time.monotonic() < give_up, "state not reached"
        await asyncio.sleep(0.01)


@pytest.fixture
async def one_worker():  # type: ignore[no-untyped-def]
    pool = SearchPool(workers=1, cheap_workers=0)
    await pool.start()
    yield pool
    pool.close()


async def test_a_cancelled_search_stops_and_only_then_frees_its_process(one_worker: SearchPool) -> None:
    pool = one_worker
    (pid,) = pool.pids()
    before = cpu_ms(pid)
    searching = asyncio.create_task(pool.choose(long_search()))
    await until(lambda: cpu_ms(pid) > before + 20)  # the search is running
    searching.cancel()
    with pytest.raises(asyncio.CancelledError):
        await searching
    # The call returned once the search had stopped, well before its own clock would have
    # ended it; the process is idle, waiting for work, and the same process, not a new one.
    stopped = pool.last_given_up
    assert stopped is not None and stopped.stopped
    assert stopped.think_ms < search_budget(STRONG_MS) * 0.9 - 100
    await until(lambda: state_of(pid) == "S", timeout=5)
    assert pool.pids() == [pid] and pool.replaced == 0
    idle = cpu_ms(pid)
    reply = await pool.choose(ask("four-in-a-row", "easy", 1000))
    assert reply.move is not None and not reply.stopped
    # Nothing searched on beside the next move.
    assert cpu_ms(pid) - idle <= reply.cpu_ms + CPU_MARGIN_MS


async def test_a_hard_deadline_stops_a_search_that_asked_for_more(one_worker: SearchPool) -> None:
    # The level's own budget would allow a second; the server's hard deadline (the ask's
    # budget) ends it sooner.
    reply = await one_worker.choose(ask("kalaha", "strong", 150, seed=2))
    assert reply.move is not None
    assert reply.cpu_ms <= 150 + CPU_MARGIN_MS


async def test_a_cheap_move_does_not_wait_behind_a_search() -> None:
    # The bar is far above an easy move's few milliseconds, so a loaded machine's first move (a
    # fresh process) still counts as cheap; the search has no mean yet, so it is not.
    pool = SearchPool(workers=1, cheap_workers=1, cheap_ms=2000)
    await pool.start()
    try:
        await pool.choose(ask("four-in-a-row", "easy", 1000))  # the pool learns it is cheap
        assert pool.is_cheap("four-in-a-row", "easy") and not pool.is_cheap("reversi", "strong")
        searching = asyncio.create_task(pool.choose(long_search()))
        await until(lambda: len(pool._free) == 1 and pool._free[0].cheap_only)
        cheap = await pool.choose(ask("four-in-a-row", "easy", 1000, seed=1))
        assert cheap.move is not None
        assert not searching.done()  # answered while the expensive search still runs
        searching.cancel()
        with pytest.raises(asyncio.CancelledError):
            await searching
    finally:
        pool.close()


async def test_waiting_cheap_moves_go_before_waiting_searches(one_worker: SearchPool) -> None:
    pool = one_worker
    await pool.choose(ask("four-in-a-row", "easy", 1000))
    finished: list[str] = []

    async def play(name: str, request: Ask) -> None:
        await pool.choose(request)
        finished.append(name)

    running = asyncio.create_task(pool.choose(long_search()))
    await until(lambda: not pool._free)
    expensive = asyncio.create_task(play("expensive", ask("reversi", "strong", 50, seed=1)))
    await until(lambda: pool.waiting() == 1)
    cheap = asyncio.create_task(play("cheap", ask("four-in-a-row", "easy", 1000, seed=2)))
    await until(lambda: pool.waiting() == 2)
    running.cancel()
    await asyncio.gather(expensive, cheap)
    assert finished == ["cheap", "expensive"]
    with pytest.raises(asyncio.CancelledError):
        await running


POOL_LEVELS = [
    (game, level) for game in sorted(PLAYERS) for level in levels_of(game)[1:] if engine_player(game, level) is None
]


@pytest.fixture(scope="module")
def shared_pool():  # type: ignore[no-untyped-def]
    pool = SearchPool(workers=1, cheap_workers=0)
    asyncio.run(pool.start(warm_asks()))  # warm, as svc-ai starts it (first calls fill caches)
    yield pool
    pool.close()


@pytest.mark.parametrize(("game", "level"), POOL_LEVELS, ids=[f"{g}-{lv}" for g, lv in POOL_LEVELS])
async def test_every_level_keeps_within_its_budget(shared_pool: SearchPool, game: str, level: str) -> None:
    budget = FIXED_COST_BUDGET_MS.get((game, level), BUDGET_MS)
    for seed in (0, 3):
        reply = await shared_pool.choose(ask(game, level, search_budget(budget), seed))
        assert reply.refusal is None and reply.move is not None, reply
        # The search's own CPU time, as the search process measures it: it holds on a
        # loaded machine, where wall time would grow with everything else that runs.
        assert reply.cpu_ms <= budget + CPU_MARGIN_MS, f"{game} {level}: {reply.cpu_ms:.0f} ms of {budget}"


ENGINE_LEVELS = [
    (game, level) for game in sorted(PLAYERS) for level in levels_of(game)[1:] if engine_player(game, level)
]


def engine_pid(game: str, level: str = "strong") -> int:
    if game == "chess":
        from svc_ai.stockfish import driver
    else:
        from svc_ai.gnubg import driver
    pid = driver(engine_lane(game, level)).pid()
    assert pid is not None
    return pid


@pytest.mark.parametrize(("game", "level"), ENGINE_LEVELS, ids=[f"{g}-{lv}" for g, lv in ENGINE_LEVELS])
def test_every_engine_level_keeps_within_its_budget(game: str, level: str) -> None:
    budget = FIXED_COST_BUDGET_MS.get((game, level), BUDGET_MS)
    player = engine_player(game, level)
    assert player is not None
    player(ask(game, level, search_budget(budget), seed=1))  # the engine running, warm
    pid = engine_pid(game, level)
    for seed in (0, 3):
        before, thread = cpu_ms(pid), time.thread_time()
        choice = player(ask(game, level, search_budget(budget), seed))
        spent = cpu_ms(pid) - before + (time.thread_time() - thread) * 1000
        assert choice.move is not None
        # The engine's CPU (one search thread) and ours: clock ticks, so one more tick of slack.
        assert spent <= budget + CPU_MARGIN_MS + 1000 / _TICK, f"{game} {level}: {spent:.0f} ms of {budget}"


def test_stockfish_stops_when_asked() -> None:
    from svc_ai.chess_levels import STOCKFISH_LEVELS, choose_stockfish

    stop = stopping.Stop()
    outcome: list[BaseException | None] = []

    def search() -> None:
        with stopping.using(stop):
            try:
                choose_stockfish(ask("chess", "strong", LONG_MS), STOCKFISH_LEVELS["strong"])
                outcome.append(None)
            except BaseException as error:  # noqa: BLE001 - handed to the test's thread
                outcome.append(error)

    player = engine_player("chess", "strong")
    assert player is not None
    player(ask("chess", "strong", 20))  # started and warm
    pid = engine_pid("chess")
    before = cpu_ms(pid)
    thread = threading.Thread(target=search)
    thread.start()
    deadline = time.monotonic() + 60
    while cpu_ms(pid) < before + 100:  # Stockfish is thinking
        assert time.monotonic() < deadline
        time.sleep(0.01)
    stop.set()
    thread.join(30)  # it would think a minute unless stopped
    assert not thread.is_alive()
    assert len(outcome) == 1 and isinstance(outcome[0], stopping.Stopped)
    # The same process answers the next move.
    assert player(ask("chess", "strong", 50)).move is not None
    assert engine_pid("chess") == pid


def test_gnubg_gives_up_waiting_once_stopped() -> None:
    """GNU Backgammon cannot stop one evaluation: the driver stops waiting for its answer soon
    after a stop is asked (and replaces the process); without a stop it waits for the answer."""
    import queue

    from svc_ai.gnubg import Gnubg

    answers: queue.Queue[str | None] = queue.Queue()
    stop = stopping.Stop()
    threading.Timer(0.05, stop.set).start()
    with pytest.raises(stopping.Stopped):
        Gnubg._answer(answers, LONG_MS / 1000, stop)
    threading.Timer(0.05, answers.put, args=('{"steps": []}',)).start()
    assert Gnubg._answer(answers, LONG_MS / 1000, stopping.Stop()) == '{"steps": []}'
