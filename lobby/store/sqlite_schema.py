"""The SQLite store's schema: its migrations, in order, and how a file runs the ones it lacks."""

from __future__ import annotations

import sqlite3

# Ordered; PRAGMA user_version says how many have run. Never edit one that has shipped.
MIGRATIONS: list[str] = [
    """
CREATE TABLE IF NOT EXISTS rooms (
    code TEXT PRIMARY KEY,
    revision INTEGER NOT NULL,
    data TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'waiting',
    updated_ms INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE IF NOT EXISTS events (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    visible_to TEXT,
    event TEXT NOT NULL,
    PRIMARY KEY (code, number)
);
CREATE TABLE IF NOT EXISTS move_answers (
    code TEXT NOT NULL,
    key TEXT NOT NULL,
    answer TEXT NOT NULL,
    PRIMARY KEY (code, key)
);
CREATE TABLE IF NOT EXISTS chat (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (code, number)
);
""",
    """
CREATE TABLE moves (
    code TEXT NOT NULL,
    game_number INTEGER NOT NULL,
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (code, game_number, version)
);
CREATE TABLE finished_games (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    seed TEXT NOT NULL,
    names TEXT NOT NULL,
    players TEXT NOT NULL,
    result TEXT NOT NULL,
    started_ms INTEGER NOT NULL,
    finished_ms INTEGER NOT NULL,
    PRIMARY KEY (code, number)
);
CREATE TABLE players (
    id TEXT PRIMARY KEY,
    nickname TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_ms INTEGER NOT NULL
);
CREATE TABLE player_placings (
    player_id TEXT NOT NULL,
    game TEXT NOT NULL,
    place INTEGER NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (player_id, game, place)
);
CREATE TABLE house_rules (
    player_id TEXT NOT NULL,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    options TEXT NOT NULL,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (player_id, game, name)
);
CREATE TABLE ledger_accounts (
    account TEXT PRIMARY KEY,
    balance INTEGER NOT NULL,
    CHECK (balance >= 0 OR account = 'mint')
);
CREATE TABLE ledger_transfers (
    key TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    memo TEXT NOT NULL
);
CREATE TABLE ledger_entries (
    transfer_key TEXT NOT NULL REFERENCES ledger_transfers (key),
    account TEXT NOT NULL,
    amount INTEGER NOT NULL,
    PRIMARY KEY (transfer_key, account)
);
CREATE INDEX ledger_entries_by_account ON ledger_entries (account);
CREATE TABLE ledger_escrows (
    table_id TEXT PRIMARY KEY,
    amount INTEGER NOT NULL,
    players TEXT NOT NULL,
    status TEXT NOT NULL,
    opened_ms INTEGER NOT NULL,
    closed_ms INTEGER NOT NULL DEFAULT 0
);
""",
    # The stake sweep looks for open escrows only.
    """
CREATE INDEX ledger_escrows_open ON ledger_escrows (opened_ms) WHERE status = 'open';
""",
    # The retention sweep looks for rooms not in play, oldest first.
    """
CREATE INDEX rooms_at_rest ON rooms (updated_ms) WHERE status <> 'playing';
""",
    # Chat channels: a game's view names who may read a line ("room", "pack", "team:0").
    """
ALTER TABLE chat ADD COLUMN channel TEXT NOT NULL DEFAULT 'room';
""",
    # Quick seating: the queue of players waiting for a table (lobby/quick_seating.py).
    """
CREATE TABLE quick_seats (
    id TEXT PRIMARY KEY,
    pool TEXT NOT NULL,
    player_id TEXT NOT NULL,
    name TEXT NOT NULL,
    secret_hash TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    status TEXT NOT NULL,
    claim TEXT NOT NULL DEFAULT '',
    answer TEXT
);
CREATE UNIQUE INDEX quick_seats_one_wait ON quick_seats (pool, player_id) WHERE status = 'waiting';
CREATE INDEX quick_seats_queue ON quick_seats (pool, at_ms) WHERE status = 'waiting';
""",
    # A guest identity on more devices: transfer codes and the further tokens they gave.
    """
CREATE TABLE player_links (
    code_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL,
    expires_ms INTEGER NOT NULL
);
CREATE TABLE player_tokens (
    token_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL
);
""",
    # The seed's chain of a finished game: server seed, commitment, every seat's value.
    """
ALTER TABLE finished_games ADD COLUMN fairness TEXT NOT NULL DEFAULT '{}';
""",
    # A private room's games stay its own; a player's games found by an index, not by reading
    # every game's seat list (json_each cannot be indexed, so the seats get a table of their own).
    """
ALTER TABLE finished_games ADD COLUMN private_room INTEGER NOT NULL DEFAULT 0;
ALTER TABLE finished_games ADD COLUMN invite_hash TEXT NOT NULL DEFAULT '';
CREATE TABLE finished_game_players (
    player_id TEXT NOT NULL,
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    finished_ms INTEGER NOT NULL,
    PRIMARY KEY (player_id, code, number)
);
CREATE INDEX finished_game_players_newest ON finished_game_players (player_id, finished_ms DESC, code, number DESC);
INSERT OR IGNORE INTO finished_game_players (player_id, code, number, finished_ms)
    SELECT seat.value, f.code, f.number, f.finished_ms FROM finished_games f, json_each(f.players) seat
    WHERE seat.value <> '';
""",
    # A table waits for its players while none is there (lobby/clocks.py): the retention sweep
    # also finds rooms in play untouched that long, left for good.
    """
CREATE INDEX rooms_in_play_by_age ON rooms (updated_ms) WHERE status = 'playing';
""",
    # Accounts and ratings. A player secured with a passkey is an account (`account_ms`: since
    # when; 0 for a guest); only accounts are rated. `ratings` holds each player's current
    # OpenSkill rating per game, `rating_changes` every rated game's change (the player page's
    # chart), `rating_weeks` each calendar week's gain (this week's climbers, without summing a
    # week of changes per query). A game's board is read in ordinal order with what decides who
    # is ranked (games, last rated game) in the index itself, a week's climbers in gain order
    # with their player, so neither visits a row per candidate (lobby/store/ratings.py).
    """
ALTER TABLE players ADD COLUMN account_ms INTEGER NOT NULL DEFAULT 0;
CREATE TABLE ratings (
    game TEXT NOT NULL,
    player_id TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,
    games INTEGER NOT NULL,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (game, player_id)
);
CREATE INDEX ratings_ranked ON ratings (game, ordinal DESC, player_id, games, updated_ms);
CREATE INDEX ratings_of_player ON ratings (player_id);
CREATE TABLE rating_changes (
    player_id TEXT NOT NULL,
    game TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,
    delta REAL NOT NULL,
    PRIMARY KEY (player_id, game, at_ms, code, number)
);
CREATE TABLE rating_weeks (
    game TEXT NOT NULL,
    week INTEGER NOT NULL,
    player_id TEXT NOT NULL,
    gain REAL NOT NULL,
    PRIMARY KEY (game, week, player_id)
);
CREATE INDEX rating_weeks_climbers ON rating_weeks (game, week, gain DESC, player_id);
""",
    # Passkey accounts (lobby/accounts.py): each player's passkeys, the ceremonies' single-use
    # challenges, recovery codes, and sessions (a signed-in device or a bot token; a revoked one
    # is kept, so its token is refused as revoked rather than unknown). Secrets only as hashes.
    """
CREATE TABLE passkeys (
    id TEXT PRIMARY KEY,
    player_id TEXT NOT NULL,
    credential_id TEXT NOT NULL UNIQUE,
    public_key TEXT NOT NULL,
    sign_count INTEGER NOT NULL,
    transports TEXT NOT NULL,
    name TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    last_used_ms INTEGER NOT NULL
);
CREATE INDEX passkeys_of_player ON passkeys (player_id);
CREATE TABLE passkey_challenges (
    challenge_hash TEXT PRIMARY KEY,
    ceremony TEXT NOT NULL,
    player_id TEXT NOT NULL,
    expires_ms INTEGER NOT NULL
);
CREATE INDEX passkey_challenges_by_expiry ON passkey_challenges (expires_ms);
CREATE TABLE recovery_codes (
    code_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL
);
CREATE INDEX recovery_codes_of_player ON recovery_codes (player_id);
CREATE TABLE account_sessions (
    id TEXT PRIMARY KEY,
    token_hash TEXT NOT NULL UNIQUE,
    player_id TEXT NOT NULL,
    kind TEXT NOT NULL,
    label TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    last_used_ms INTEGER NOT NULL,
    revoked_ms INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX account_sessions_of_player ON account_sessions (player_id, kind);
""",
    # Web Push (lobby/store/push.py): each browser's subscription (an endpoint is one browser),
    # each player's quiet hours, what each player was last told of each table (one notice per
    # table until they look), and the outbox senders claim rows of with a lease.
    """
CREATE TABLE push_subscriptions (
    id TEXT PRIMARY KEY,
    player_id TEXT NOT NULL,
    endpoint TEXT NOT NULL UNIQUE,
    p256dh TEXT NOT NULL,
    auth TEXT NOT NULL,
    language TEXT NOT NULL,
    label TEXT NOT NULL,
    created_ms INTEGER NOT NULL
);
CREATE INDEX push_subscriptions_of_player ON push_subscriptions (player_id);
CREATE TABLE push_quiet_hours (
    player_id TEXT PRIMARY KEY,
    start_minute INTEGER NOT NULL,
    end_minute INTEGER NOT NULL,
    time_zone TEXT NOT NULL
);
CREATE TABLE push_notices (
    player_id TEXT NOT NULL,
    code TEXT NOT NULL,
    reason TEXT NOT NULL,
    seen INTEGER NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (player_id, code)
);
CREATE INDEX push_notices_age ON push_notices (at_ms);
CREATE TABLE push_outbox (
    id TEXT PRIMARY KEY,
    subscription_id TEXT NOT NULL,
    player_id TEXT NOT NULL,
    code TEXT NOT NULL,
    payload TEXT NOT NULL,
    due_ms INTEGER NOT NULL,
    attempts INTEGER NOT NULL,
    lease_owner TEXT NOT NULL,
    lease_until_ms INTEGER NOT NULL
);
CREATE INDEX push_outbox_due ON push_outbox (due_ms);
CREATE INDEX push_outbox_of_table ON push_outbox (player_id, code);
CREATE INDEX push_outbox_of_subscription ON push_outbox (subscription_id);
""",
    # Who sits where in playing rooms, and whose turn it is (the "your turn" list); vacations.
    """
CREATE TABLE seated (
    player_id TEXT NOT NULL,
    code TEXT NOT NULL,
    seat INTEGER NOT NULL,
    game TEXT NOT NULL,
    turn_since_ms INTEGER,
    deadline_ms INTEGER,
    turn_based INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (code, seat, player_id)
);
CREATE INDEX seated_turns ON seated (player_id, turn_since_ms);
CREATE TABLE vacations (
    player_id TEXT NOT NULL,
    year INTEGER NOT NULL,
    from_ms INTEGER NOT NULL,
    until_ms INTEGER NOT NULL,
    PRIMARY KEY (player_id, from_ms)
);
""",
    # Bot accounts and challenges (lobby/store/challenges.py).
    """
CREATE TABLE bots (
    player_id TEXT PRIMARY KEY,
    quick_seats INTEGER NOT NULL,
    games TEXT NOT NULL,
    since_ms INTEGER NOT NULL,
    online_until_ms INTEGER NOT NULL
);
CREATE TABLE challenges (
    id TEXT PRIMARY KEY,
    from_player TEXT NOT NULL,
    to_player TEXT NOT NULL,
    game TEXT NOT NULL,
    options TEXT NOT NULL,
    rated INTEGER NOT NULL,
    status TEXT NOT NULL,
    created_ms INTEGER NOT NULL,
    expires_ms INTEGER NOT NULL,
    room_code TEXT NOT NULL
);
CREATE INDEX challenges_from ON challenges (from_player, created_ms);
CREATE INDEX challenges_to ON challenges (to_player, status);
CREATE INDEX challenges_open ON challenges (expires_ms) WHERE status = 'open';
""",
]


def migrate(db: sqlite3.Connection) -> None:
    """Run the migrations this file has not seen yet, each in its own transaction."""
    (done,) = db.execute("PRAGMA user_version").fetchone()
    for number, script in enumerate(MIGRATIONS[done:], start=done + 1):
        db.execute("BEGIN IMMEDIATE")
        try:
            # Another process may have migrated while this one waited for the lock.
            (current,) = db.execute("PRAGMA user_version").fetchone()
            if current < number:
                for statement in script.split(";"):
                    if statement.strip():
                        db.execute(statement)
                db.execute(f"PRAGMA user_version = {number}")
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
