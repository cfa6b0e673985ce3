"""The collector's settings for a serving process: the start-up heap frozen, full passes rarer.

A process that has imported grpc, protobuf, aiohttp and its game packages holds some 60,000
objects the cyclic collector tracks and that live as long as the process. Every full
(oldest-generation) collection walks them all again: in the gateway under load that was 94-161 ms
of one thread's time per pass, 5-10 passes a minute, each pass a stall longer than the 50 ms p99
bound (bench/load.py). Collecting once and freezing what survives (gc.freeze) moves them into a
generation the collector never visits; cycles made afterwards are still found and freed.

What a busy gateway holds beyond that (tasks, coroutines and sockets of 1,000 connections:
75,000 objects, 433,000 references) still costs a full pass about 50 ms, and at 650 moves/s a
full pass came every 3-4 s. Python starts one after 10 middle-generation passes (once a quarter
more objects have reached the old generation); after 100 instead, 3 full passes ran in a minute
instead of 18, and the same load (bench/load.py --think-ms 750) answered at p99 66 ms instead of
211 ms, p50 6.4 ms instead of 36 ms. Cyclic garbage old enough to reach the oldest generation
waits that much longer; the young generations, where almost all of it dies, keep Python's
thresholds (a young threshold of 10,000 made each 2 ms young pass a 20 ms one).
"""

from __future__ import annotations

import gc

# Middle-generation passes between full passes (Python's default: 10).
FULL_PASS_EVERY = 100


def settle_after_start() -> int:
    """Collect what start-up left behind, freeze the survivors and make full passes rarer.
    Returns how many objects were frozen."""
    gc.collect()
    gc.freeze()
    young, middle, _ = gc.get_threshold()
    gc.set_threshold(young, middle, FULL_PASS_EVERY)
    return gc.get_freeze_count()
