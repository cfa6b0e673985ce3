"""The start-up heap, moved out of the collector's way once a process is serving.

A process that has imported grpc, protobuf, aiohttp and its game packages holds some 60,000
objects the cyclic collector tracks and that live as long as the process. Every full
(oldest-generation) collection walks them all again: in the gateway under load that was 94-161 ms
of one thread's time per pass, 5-10 passes a minute, each pass a stall as long as the 50 ms p99
bound (bench/load.py). Collecting once and freezing what survives (gc.freeze) moves them into a
generation the collector never visits; cycles made afterwards are still found and freed.

Python's own thresholds stay: a larger young threshold (10,000) turned each 2 ms young pass into
a 20 ms one without fewer full passes.
"""

from __future__ import annotations

import gc


def settle_after_start() -> int:
    """Collect what start-up left behind, then freeze the survivors. Returns how many were frozen."""
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
