"""bench/pg_room_writes.py compares the room write as migrated now with the one before
migration 14: its "before" SQL must be migration 4's function, whole, and pglz."""

from __future__ import annotations

from bench.pg_room_writes import before_migration_14
from lobby.store.postgres import MIGRATIONS


def test_the_before_set_up_is_migration_4s_save_room_and_pglz() -> None:
    compression, function = before_migration_14()
    assert compression.endswith("SET COMPRESSION pglz")
    assert function.startswith("CREATE OR REPLACE FUNCTION save_room(")
    assert function.endswith("$$;")
    assert "updated_ms = p_updated_ms" in function and "CASE" not in function
    assert function.removeprefix("CREATE OR REPLACE") in dict((v, sql) for v, _, sql in MIGRATIONS)[4]
    # And migration 14's own function is the one that leaves the column within its lag.
    assert "CASE" in dict((v, sql) for v, _, sql in MIGRATIONS)[14]
