"""servicekit.heap: the start-up heap is frozen out of the collector's passes, and garbage made
afterwards is still collected. Each case runs in a fresh interpreter: freezing is process-wide."""

from __future__ import annotations

import subprocess
import sys
import textwrap


def run_python(code: str) -> str:
    done = subprocess.run([sys.executable, "-c", textwrap.dedent(code)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_settle_freezes_what_start_up_left_and_leaves_the_tracked_generations_small():
    out = run_python(
        """
        import gc, grpc, aiohttp  # a start-up heap like a service's
        from servicekit import heap
        before = sum(gc.get_count()), len(gc.get_objects())
        frozen = heap.settle_after_start()
        print(frozen, gc.get_freeze_count(), before[1], len(gc.get_objects()), *gc.get_threshold())
        """
    )
    frozen, freeze_count, tracked_before, tracked_after, young, middle, old = map(int, out.split())
    assert (young, middle, old) == (700, 10, 100), "young passes as Python's, full passes ten times rarer"
    assert frozen == freeze_count
    assert frozen > 10_000, "grpc and aiohttp alone leave more than ten thousand tracked objects"
    # gc.get_objects() lists only the generations the collector walks: the frozen ones are gone
    assert tracked_after < tracked_before // 10


def test_cycles_made_after_settling_are_still_collected():
    out = run_python(
        """
        import gc, weakref
        from servicekit import heap
        heap.settle_after_start()

        class Node:
            pass

        a, b = Node(), Node()
        a.other, b.other = b, a
        gone = weakref.ref(a)
        del a, b
        alive_before = gone() is not None  # a cycle: reference counting alone cannot free it
        collected = gc.collect()
        print(alive_before, collected, gone() is None)
        """
    )
    alive_before, collected, freed = out.split()
    assert alive_before == "True"
    assert int(collected) >= 2
    assert freed == "True"
