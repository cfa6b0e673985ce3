"""The PostgreSQL store's schema: its migrations, in order, and how a schema runs the ones it
lacks, once, under an advisory lock (replicas starting together do not race);
`schema_migrations` records which have run."""

from __future__ import annotations

import asyncpg

from .base import ACTIVITY_LAG_MS

# (version, name, SQL), in order. Never edit one that has shipped: add the next.
MIGRATIONS: list[tuple[int, str, str]] = [
    (
        1,
        "rooms, events, answers, chat",
        """
CREATE TABLE rooms (
    code text PRIMARY KEY,
    revision bigint NOT NULL,
    status text NOT NULL,
    data jsonb NOT NULL,
    updated_ms bigint NOT NULL
);
CREATE INDEX rooms_in_play ON rooms (code) WHERE status = 'playing';
CREATE TABLE events (
    code text NOT NULL,
    number integer NOT NULL,
    visible_to jsonb,
    event jsonb NOT NULL,
    PRIMARY KEY (code, number)
);
CREATE TABLE move_answers (
    code text NOT NULL,
    key text NOT NULL,
    answer jsonb NOT NULL,
    PRIMARY KEY (code, key)
);
CREATE TABLE chat (
    code text NOT NULL,
    number integer NOT NULL,
    seat integer NOT NULL,
    name text NOT NULL,
    text text NOT NULL,
    at_ms bigint NOT NULL,
    PRIMARY KEY (code, number)
);
""",
    ),
    (
        2,
        "move lists, finished games, players, statistics, house rules",
        """
CREATE TABLE moves (
    code text NOT NULL,
    game_number integer NOT NULL,
    version integer NOT NULL,
    seat integer NOT NULL,
    move jsonb NOT NULL,
    at_ms bigint NOT NULL,
    PRIMARY KEY (code, game_number, version)
);
CREATE TABLE finished_games (
    code text NOT NULL,
    number integer NOT NULL,
    game text NOT NULL,
    options jsonb NOT NULL,
    seed text NOT NULL,
    names jsonb NOT NULL,
    players jsonb NOT NULL,
    result jsonb NOT NULL,
    started_ms bigint NOT NULL,
    finished_ms bigint NOT NULL,
    PRIMARY KEY (code, number)
);
CREATE TABLE players (
    id text PRIMARY KEY,
    nickname text NOT NULL,
    token_hash text NOT NULL UNIQUE,
    created_ms bigint NOT NULL
);
CREATE TABLE player_placings (
    player_id text NOT NULL REFERENCES players (id),
    game text NOT NULL,
    place integer NOT NULL,
    count integer NOT NULL,
    PRIMARY KEY (player_id, game, place)
);
CREATE TABLE house_rules (
    player_id text NOT NULL REFERENCES players (id),
    game text NOT NULL,
    name text NOT NULL,
    options jsonb NOT NULL,
    updated_ms bigint NOT NULL,
    PRIMARY KEY (player_id, game, name)
);
""",
    ),
    (
        3,
        "the coin ledger",
        """
CREATE TABLE ledger_accounts (
    account text PRIMARY KEY,
    balance bigint NOT NULL,
    CONSTRAINT no_negative_balance CHECK (balance >= 0 OR account = 'mint')
);
CREATE TABLE ledger_transfers (
    key text PRIMARY KEY,
    seq bigserial NOT NULL,
    kind text NOT NULL,
    at_ms bigint NOT NULL,
    memo jsonb NOT NULL
);
CREATE TABLE ledger_entries (
    transfer_key text NOT NULL REFERENCES ledger_transfers (key),
    account text NOT NULL,
    amount bigint NOT NULL,
    PRIMARY KEY (transfer_key, account)
);
CREATE INDEX ledger_entries_by_account ON ledger_entries (account);
CREATE TABLE ledger_escrows (
    table_id text PRIMARY KEY,
    amount bigint NOT NULL,
    players jsonb NOT NULL,
    status text NOT NULL,
    opened_ms bigint NOT NULL,
    closed_ms bigint NOT NULL DEFAULT 0
);
""",
    ),
    (
        4,
        "save_room in one round trip",
        """
-- A move's whole write (room, answer, events, move record) in one call: one round trip instead
-- of six, inside one transaction. Returns false, having written nothing, when the revision moved
-- on; raises GR409 (rolling the room back) when the move id was answered meanwhile.
CREATE FUNCTION save_room(
    p_code text, p_revision bigint, p_data jsonb, p_status text, p_updated_ms bigint,
    p_key text, p_answer jsonb, p_events jsonb, p_game_number integer, p_moves jsonb
) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
    UPDATE rooms SET data = p_data, revision = revision + 1, status = p_status, updated_ms = p_updated_ms
        WHERE code = p_code AND revision = p_revision;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    IF p_key IS NOT NULL THEN
        INSERT INTO move_answers (code, key, answer) VALUES (p_code, p_key, p_answer) ON CONFLICT DO NOTHING;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'move % answered meanwhile', p_key USING ERRCODE = 'GR409';
        END IF;
    END IF;
    INSERT INTO events (code, number, visible_to, event)
        SELECT p_code, (e->>0)::integer, NULLIF(e->1, 'null'::jsonb), e->2 FROM jsonb_array_elements(p_events) AS e;
    INSERT INTO moves (code, game_number, version, seat, move, at_ms)
        SELECT p_code, p_game_number, (m->>0)::integer, (m->>1)::integer, m->2, (m->>3)::bigint
        FROM jsonb_array_elements(p_moves) AS m;
    RETURN true;
END
$$;
""",
    ),
    (
        5,
        "open escrows for the stake sweep",
        """
CREATE INDEX ledger_escrows_open ON ledger_escrows (opened_ms) WHERE status = 'open';
""",
    ),
    (
        6,
        "rooms at rest for the retention sweep",
        """
CREATE INDEX rooms_at_rest ON rooms (updated_ms) WHERE status <> 'playing';
""",
    ),
    (
        7,
        "chat channels",
        """
ALTER TABLE chat ADD COLUMN channel text NOT NULL DEFAULT 'room';
""",
    ),
    (
        8,
        "the quick-seating queue",
        """
CREATE TABLE quick_seats (
    id text PRIMARY KEY,
    pool text NOT NULL,
    player_id text NOT NULL,
    name text NOT NULL,
    secret_hash text NOT NULL,
    at_ms bigint NOT NULL,
    status text NOT NULL,
    claim text NOT NULL DEFAULT '',
    answer jsonb
);
CREATE UNIQUE INDEX quick_seats_one_wait ON quick_seats (pool, player_id) WHERE status = 'waiting';
CREATE INDEX quick_seats_queue ON quick_seats (pool, at_ms) WHERE status = 'waiting';
""",
    ),
    (
        9,
        "a guest identity on more devices",
        """
CREATE TABLE player_links (
    code_hash text PRIMARY KEY,
    player_id text NOT NULL REFERENCES players (id),
    expires_ms bigint NOT NULL
);
CREATE TABLE player_tokens (
    token_hash text PRIMARY KEY,
    player_id text NOT NULL REFERENCES players (id)
);
""",
    ),
    (
        10,
        "the seed's chain of a finished game",
        """
ALTER TABLE finished_games ADD COLUMN fairness jsonb NOT NULL DEFAULT '{}';
""",
    ),
    (
        11,
        "a private room's finished games; a player's games by index",
        # The default jsonb_ops, not jsonb_path_ops: only it serves `players ? id`. No fast
        # update: a game ends now and then, while a pending list of entries not yet merged
        # would be read through on every player's page until a vacuum merged it.
        """
ALTER TABLE finished_games ADD COLUMN private_room boolean NOT NULL DEFAULT false;
ALTER TABLE finished_games ADD COLUMN invite_hash text NOT NULL DEFAULT '';
CREATE INDEX finished_games_players ON finished_games USING gin (players) WITH (fastupdate = off);
""",
    ),
    (
        12,
        "room writes grouped: many in one call and one transaction",
        # Every room write a replica has waiting goes to the server in ONE call (one round trip,
        # one transaction, one WAL flush: _Writer). Each write runs in a block of its own, a
        # subtransaction: one that fails is undone alone and its outcome says why, the others
        # commit. Outcomes in order: {"ok": value} or {"sqlstate": ..., "message": ...}.
        """
CREATE FUNCTION write_rooms(p_writes jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
    w jsonb;
    f jsonb;
    value jsonb;
    outcomes jsonb[] := '{}';
BEGIN
    FOR w IN SELECT e FROM jsonb_array_elements(p_writes) AS e LOOP
        BEGIN
            CASE w->>'op'
            WHEN 'save' THEN
                value := to_jsonb(save_room(
                    w->>'code', (w->>'revision')::bigint, w->'data', w->>'status', (w->>'updated_ms')::bigint,
                    w->>'key', w->'answer', w->'events', (w->>'game_number')::integer, w->'moves'));
                f := w->'finished';
                IF value = 'true'::jsonb AND f IS NOT NULL THEN
                    INSERT INTO finished_games (code, number, game, options, seed, names, players, result,
                        started_ms, finished_ms, fairness, private_room, invite_hash)
                    VALUES (f->>'code', (f->>'number')::integer, f->>'game', f->'options', f->>'seed', f->'names',
                        f->'players', f->'result', (f->>'started_ms')::bigint, (f->>'finished_ms')::bigint,
                        f->'fairness', (f->>'private')::boolean, f->>'invite_hash');
                    -- Sorted by player in the caller, so two games ending together lock in one order.
                    INSERT INTO player_placings (player_id, game, place, count)
                        SELECT p->>0, f->>'game', (p->>1)::integer, 1 FROM jsonb_array_elements(f->'placings') AS p
                        ON CONFLICT (player_id, game, place) DO UPDATE SET count = player_placings.count + 1;
                END IF;
            WHEN 'insert' THEN
                -- An expired room's code stays its finished games' name: never given out again.
                INSERT INTO rooms (code, revision, status, data, updated_ms)
                    SELECT w->>'code', 1, w->>'status', w->'data', (w->>'updated_ms')::bigint
                    WHERE NOT EXISTS (SELECT 1 FROM finished_games WHERE code = w->>'code')
                    ON CONFLICT DO NOTHING;
                value := to_jsonb(FOUND);
            WHEN 'answer' THEN
                INSERT INTO move_answers (code, key, answer) VALUES (w->>'code', w->>'key', w->'answer')
                    ON CONFLICT DO NOTHING;
                SELECT answer INTO value FROM move_answers WHERE code = w->>'code' AND key = w->>'key';
            END CASE;
            outcomes := outcomes || jsonb_build_object('ok', value);
        EXCEPTION
            WHEN SQLSTATE 'GR409' THEN  -- the move was answered meanwhile: the room's update undone
                outcomes := outcomes || jsonb_build_object('ok', false);
            WHEN OTHERS THEN
                outcomes := outcomes || jsonb_build_object('sqlstate', SQLSTATE, 'message', SQLERRM);
        END;
    END LOOP;
    RETURN to_jsonb(outcomes);
END
$$;
""",
    ),
    (
        13,
        "rooms in play for the retention sweep",
        # A table waits for its players while none is there (lobby/clocks.py): a room in play
        # untouched for the retention period has been left for good.
        """
CREATE INDEX rooms_in_play_by_age ON rooms (updated_ms) WHERE status = 'playing';
""",
    ),
    (
        14,
        "a move's room update in place: lz4, and the activity column left within its lag",
        # Measured with a room of four-in-a-row's size, four rooms writing at once: the server's
        # CPU a write 500 µs -> 295, writes a second 1,257 -> 1,947 (bench/pg_room_writes.py).
        # - lz4 (PostgreSQL 14+, where it was built with it; else pglz stays): a room's JSON is
        #   compressed on every write, and lz4 costs a fraction of pglz.
        # - A move leaves `updated_ms` as it was while the status is unchanged and the column lags
        #   the room's own time by less than ACTIVITY_LAG_MS, as the SQLite store does: then the
        #   update changes no indexed column, and PostgreSQL updates the row in its page (a HOT
        #   update) instead of adding an entry to each of the room's four indexes.
        f"""
DO $$
BEGIN
    EXECUTE 'ALTER TABLE rooms ALTER COLUMN data SET COMPRESSION lz4';
EXCEPTION WHEN feature_not_supported OR syntax_error THEN
    NULL;
END
$$;
CREATE OR REPLACE FUNCTION save_room(
    p_code text, p_revision bigint, p_data jsonb, p_status text, p_updated_ms bigint,
    p_key text, p_answer jsonb, p_events jsonb, p_game_number integer, p_moves jsonb
) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
    UPDATE rooms SET data = p_data, revision = revision + 1, status = p_status,
        updated_ms = CASE
            WHEN status = p_status AND updated_ms BETWEEN p_updated_ms - {ACTIVITY_LAG_MS} AND p_updated_ms
            THEN updated_ms ELSE p_updated_ms END
        WHERE code = p_code AND revision = p_revision;
    IF NOT FOUND THEN
        RETURN false;
    END IF;
    IF p_key IS NOT NULL THEN
        INSERT INTO move_answers (code, key, answer) VALUES (p_code, p_key, p_answer) ON CONFLICT DO NOTHING;
        IF NOT FOUND THEN
            RAISE EXCEPTION 'move % answered meanwhile', p_key USING ERRCODE = 'GR409';
        END IF;
    END IF;
    INSERT INTO events (code, number, visible_to, event)
        SELECT p_code, (e->>0)::integer, NULLIF(e->1, 'null'::jsonb), e->2 FROM jsonb_array_elements(p_events) AS e;
    INSERT INTO moves (code, game_number, version, seat, move, at_ms)
        SELECT p_code, p_game_number, (m->>0)::integer, (m->>1)::integer, m->2, (m->>3)::bigint
        FROM jsonb_array_elements(p_moves) AS m;
    RETURN true;
END
$$;
""",
    ),
    (
        15,
        "accounts and ratings",
        # As the SQLite store's: accounts (`account_ms`, 0 for a guest), each player's current
        # rating per game, every rated game's change, each calendar week's gain.
        """
ALTER TABLE players ADD COLUMN account_ms bigint NOT NULL DEFAULT 0;
CREATE TABLE ratings (
    game text NOT NULL,
    player_id text NOT NULL REFERENCES players (id),
    mu double precision NOT NULL,
    sigma double precision NOT NULL,
    ordinal double precision NOT NULL,
    games integer NOT NULL,
    updated_ms bigint NOT NULL,
    PRIMARY KEY (game, player_id)
);
CREATE INDEX ratings_ranked ON ratings (game, ordinal DESC, player_id, games, updated_ms);
CREATE INDEX ratings_of_player ON ratings (player_id);
CREATE TABLE rating_changes (
    player_id text NOT NULL REFERENCES players (id),
    game text NOT NULL,
    at_ms bigint NOT NULL,
    code text NOT NULL,
    number integer NOT NULL,
    mu double precision NOT NULL,
    sigma double precision NOT NULL,
    ordinal double precision NOT NULL,
    delta double precision NOT NULL,
    PRIMARY KEY (player_id, game, at_ms, code, number)
);
CREATE TABLE rating_weeks (
    game text NOT NULL,
    week integer NOT NULL,
    player_id text NOT NULL REFERENCES players (id),
    gain double precision NOT NULL,
    PRIMARY KEY (game, week, player_id)
);
CREATE INDEX rating_weeks_climbers ON rating_weeks (game, week, gain DESC, player_id);
""",
    ),
    (
        16,
        "passkey accounts",
        # As the SQLite store's: passkeys, single-use challenges, recovery codes, sessions.
        """
CREATE TABLE passkeys (
    id text PRIMARY KEY,
    player_id text NOT NULL REFERENCES players (id),
    credential_id text NOT NULL UNIQUE,
    public_key text NOT NULL,
    sign_count bigint NOT NULL,
    transports text NOT NULL,
    name text NOT NULL,
    created_ms bigint NOT NULL,
    last_used_ms bigint NOT NULL
);
CREATE INDEX passkeys_of_player ON passkeys (player_id);
CREATE TABLE passkey_challenges (
    challenge_hash text PRIMARY KEY,
    ceremony text NOT NULL,
    player_id text NOT NULL,
    expires_ms bigint NOT NULL
);
CREATE INDEX passkey_challenges_by_expiry ON passkey_challenges (expires_ms);
CREATE TABLE recovery_codes (
    code_hash text PRIMARY KEY,
    player_id text NOT NULL REFERENCES players (id)
);
CREATE INDEX recovery_codes_of_player ON recovery_codes (player_id);
CREATE TABLE account_sessions (
    id text PRIMARY KEY,
    token_hash text NOT NULL UNIQUE,
    player_id text NOT NULL REFERENCES players (id),
    kind text NOT NULL,
    label text NOT NULL,
    created_ms bigint NOT NULL,
    last_used_ms bigint NOT NULL,
    revoked_ms bigint NOT NULL DEFAULT 0
);
CREATE INDEX account_sessions_of_player ON account_sessions (player_id, kind);
""",
    ),
    (
        17,
        "web push",
        # As the SQLite store's: subscriptions, quiet hours, what each player was last told of
        # each table, and the outbox senders claim rows of with a lease.
        """
CREATE TABLE push_subscriptions (
    id text PRIMARY KEY,
    player_id text NOT NULL,
    endpoint text NOT NULL UNIQUE,
    p256dh text NOT NULL,
    auth text NOT NULL,
    language text NOT NULL,
    label text NOT NULL,
    created_ms bigint NOT NULL
);
CREATE INDEX push_subscriptions_of_player ON push_subscriptions (player_id);
CREATE TABLE push_quiet_hours (
    player_id text PRIMARY KEY,
    start_minute integer NOT NULL,
    end_minute integer NOT NULL,
    time_zone text NOT NULL
);
CREATE TABLE push_notices (
    player_id text NOT NULL,
    code text NOT NULL,
    reason text NOT NULL,
    seen integer NOT NULL,
    at_ms bigint NOT NULL,
    PRIMARY KEY (player_id, code)
);
CREATE INDEX push_notices_age ON push_notices (at_ms);
CREATE TABLE push_outbox (
    id text PRIMARY KEY,
    subscription_id text NOT NULL,
    player_id text NOT NULL,
    code text NOT NULL,
    payload jsonb NOT NULL,
    due_ms bigint NOT NULL,
    attempts integer NOT NULL,
    lease_owner text NOT NULL,
    lease_until_ms bigint NOT NULL
);
CREATE INDEX push_outbox_due ON push_outbox (due_ms);
CREATE INDEX push_outbox_of_table ON push_outbox (player_id, code);
CREATE INDEX push_outbox_of_subscription ON push_outbox (subscription_id);
""",
    ),
    (
        18,
        "a rated game's ratings written with the finished game",
        # write_rooms as migration 12's, and a finished game's `ratings` (lobby/store/games.py
        # `ratings_json`) written in the same subtransaction: a rated game is rated exactly when
        # it is recorded, and a rating another game changed meanwhile undoes the write (GR409).
        """
CREATE OR REPLACE FUNCTION write_rooms(p_writes jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
    w jsonb;
    f jsonb;
    r jsonb;
    value jsonb;
    outcomes jsonb[] := '{}';
BEGIN
    FOR w IN SELECT e FROM jsonb_array_elements(p_writes) AS e LOOP
        BEGIN
            CASE w->>'op'
            WHEN 'save' THEN
                value := to_jsonb(save_room(
                    w->>'code', (w->>'revision')::bigint, w->'data', w->>'status', (w->>'updated_ms')::bigint,
                    w->>'key', w->'answer', w->'events', (w->>'game_number')::integer, w->'moves'));
                f := w->'finished';
                IF value = 'true'::jsonb AND f IS NOT NULL THEN
                    INSERT INTO finished_games (code, number, game, options, seed, names, players, result,
                        started_ms, finished_ms, fairness, private_room, invite_hash)
                    VALUES (f->>'code', (f->>'number')::integer, f->>'game', f->'options', f->>'seed', f->'names',
                        f->'players', f->'result', (f->>'started_ms')::bigint, (f->>'finished_ms')::bigint,
                        f->'fairness', (f->>'private')::boolean, f->>'invite_hash');
                    -- Sorted by player in the caller, so two games ending together lock in one order.
                    INSERT INTO player_placings (player_id, game, place, count)
                        SELECT p->>0, f->>'game', (p->>1)::integer, 1 FROM jsonb_array_elements(f->'placings') AS p
                        ON CONFLICT (player_id, game, place) DO UPDATE SET count = player_placings.count + 1;
                    -- A rated game's ratings, each replaced only if it is still the one the game
                    -- was rated from (its count of games): else the whole write is undone (GR409)
                    -- and the lobby redoes the step from the ratings as they now are.
                    FOR r IN SELECT e FROM jsonb_array_elements(COALESCE(f->'ratings', '[]'::jsonb)) AS e LOOP
                        IF (r->>4)::integer = 1 THEN
                            INSERT INTO ratings (game, player_id, mu, sigma, ordinal, games, updated_ms)
                                VALUES (f->>'game', r->>0, (r->>1)::float8, (r->>2)::float8, (r->>3)::float8, 1,
                                    (f->>'finished_ms')::bigint)
                                ON CONFLICT DO NOTHING;
                        ELSE
                            UPDATE ratings SET mu = (r->>1)::float8, sigma = (r->>2)::float8, ordinal = (r->>3)::float8,
                                games = (r->>4)::integer, updated_ms = (f->>'finished_ms')::bigint
                                WHERE game = f->>'game' AND player_id = r->>0 AND games = (r->>4)::integer - 1;
                        END IF;
                        IF NOT FOUND THEN
                            RAISE EXCEPTION 'rating of % changed meanwhile', r->>0 USING ERRCODE = 'GR409';
                        END IF;
                        INSERT INTO rating_changes (player_id, game, at_ms, code, number, mu, sigma, ordinal, delta)
                            VALUES (r->>0, f->>'game', (f->>'finished_ms')::bigint, f->>'code', (f->>'number')::integer,
                                (r->>1)::float8, (r->>2)::float8, (r->>3)::float8, (r->>5)::float8);
                        INSERT INTO rating_weeks (game, week, player_id, gain)
                            VALUES (f->>'game', (f->>'week')::integer, r->>0, (r->>5)::float8)
                            ON CONFLICT (game, week, player_id) DO UPDATE SET gain = rating_weeks.gain + excluded.gain;
                    END LOOP;
                END IF;
            WHEN 'insert' THEN
                -- An expired room's code stays its finished games' name: never given out again.
                INSERT INTO rooms (code, revision, status, data, updated_ms)
                    SELECT w->>'code', 1, w->>'status', w->'data', (w->>'updated_ms')::bigint
                    WHERE NOT EXISTS (SELECT 1 FROM finished_games WHERE code = w->>'code')
                    ON CONFLICT DO NOTHING;
                value := to_jsonb(FOUND);
            WHEN 'answer' THEN
                INSERT INTO move_answers (code, key, answer) VALUES (w->>'code', w->>'key', w->'answer')
                    ON CONFLICT DO NOTHING;
                SELECT answer INTO value FROM move_answers WHERE code = w->>'code' AND key = w->>'key';
            END CASE;
            outcomes := outcomes || jsonb_build_object('ok', value);
        EXCEPTION
            WHEN SQLSTATE 'GR409' THEN  -- the move was answered meanwhile: the room's update undone
                outcomes := outcomes || jsonb_build_object('ok', false);
            WHEN OTHERS THEN
                outcomes := outcomes || jsonb_build_object('sqlstate', SQLSTATE, 'message', SQLERRM);
        END;
    END LOOP;
    RETURN to_jsonb(outcomes);
END
$$;
""",
    ),
    (
        19,
        "who sits where in playing rooms, whose turn it is; vacations",
        """
CREATE TABLE seated (
    player_id text NOT NULL,
    code text NOT NULL,
    seat integer NOT NULL,
    game text NOT NULL,
    turn_since_ms bigint,
    deadline_ms bigint,
    turn_based smallint NOT NULL DEFAULT 0,
    PRIMARY KEY (code, seat, player_id)
);
CREATE INDEX seated_turns ON seated (player_id, turn_since_ms);
CREATE TABLE vacations (
    player_id text NOT NULL,
    year integer NOT NULL,
    from_ms bigint NOT NULL,
    until_ms bigint NOT NULL,
    PRIMARY KEY (player_id, from_ms)
);
""",
    ),
    (
        20,
        "bot accounts and challenges",
        """
CREATE TABLE bots (
    player_id text PRIMARY KEY,
    quick_seats integer NOT NULL,
    games jsonb NOT NULL,
    since_ms bigint NOT NULL,
    online_until_ms bigint NOT NULL
);
CREATE TABLE challenges (
    id text PRIMARY KEY,
    from_player text NOT NULL,
    to_player text NOT NULL,
    game text NOT NULL,
    options jsonb NOT NULL,
    rated integer NOT NULL,
    status text NOT NULL,
    created_ms bigint NOT NULL,
    expires_ms bigint NOT NULL,
    room_code text NOT NULL
);
CREATE INDEX challenges_from ON challenges (from_player, created_ms);
CREATE INDEX challenges_to ON challenges (to_player, status);
CREATE INDEX challenges_open ON challenges (expires_ms) WHERE status = 'open';
""",
    ),
    (
        21,
        "a room's your-turn rows written with the room",
        # write_rooms as migration 18's, and a save's `seated` rows (lobby/store/seated.py
        # `seated_json`) written in the same subtransaction as the room: the rows always match
        # a committed room, a save that loses writes none, and a move costs one durable write.
        # A save without `seated` leaves the rows as they are.
        # write_seated: rows gone from the room are deleted, the others upserted; a seat that
        # was to move and still is keeps its turn's start, and a row that stays as it was is
        # not written again.
        """
CREATE FUNCTION write_seated(p_code text, p_rows jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
    DELETE FROM seated WHERE code = p_code AND NOT EXISTS (
        SELECT 1 FROM jsonb_array_elements(p_rows) AS r WHERE r->>0 = seated.player_id AND (r->>1)::integer = seated.seat);
    INSERT INTO seated (player_id, code, seat, game, turn_since_ms, deadline_ms, turn_based)
        SELECT r->>0, p_code, (r->>1)::integer, r->>2, (r->>3)::bigint, (r->>4)::bigint, (r->>5)::smallint
        FROM jsonb_array_elements(p_rows) AS r
        ON CONFLICT (code, seat, player_id) DO UPDATE SET
            game = excluded.game,
            turn_since_ms = CASE WHEN excluded.turn_since_ms IS NULL THEN NULL
                ELSE coalesce(seated.turn_since_ms, excluded.turn_since_ms) END,
            deadline_ms = excluded.deadline_ms,
            turn_based = excluded.turn_based
        WHERE (seated.turn_since_ms IS NULL) <> (excluded.turn_since_ms IS NULL)
            OR (seated.game, seated.deadline_ms, seated.turn_based)
                IS DISTINCT FROM (excluded.game, excluded.deadline_ms, excluded.turn_based);
END
$$;
CREATE OR REPLACE FUNCTION write_rooms(p_writes jsonb) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
    w jsonb;
    f jsonb;
    r jsonb;
    value jsonb;
    outcomes jsonb[] := '{}';
BEGIN
    FOR w IN SELECT e FROM jsonb_array_elements(p_writes) AS e LOOP
        BEGIN
            CASE w->>'op'
            WHEN 'save' THEN
                value := to_jsonb(save_room(
                    w->>'code', (w->>'revision')::bigint, w->'data', w->>'status', (w->>'updated_ms')::bigint,
                    w->>'key', w->'answer', w->'events', (w->>'game_number')::integer, w->'moves'));
                -- The room's "your turn" rows with it, when the step changed them (absent: as they are).
                IF value = 'true'::jsonb AND jsonb_typeof(w->'seated') = 'array' THEN
                    PERFORM write_seated(w->>'code', w->'seated');
                END IF;
                f := w->'finished';
                IF value = 'true'::jsonb AND f IS NOT NULL THEN
                    INSERT INTO finished_games (code, number, game, options, seed, names, players, result,
                        started_ms, finished_ms, fairness, private_room, invite_hash)
                    VALUES (f->>'code', (f->>'number')::integer, f->>'game', f->'options', f->>'seed', f->'names',
                        f->'players', f->'result', (f->>'started_ms')::bigint, (f->>'finished_ms')::bigint,
                        f->'fairness', (f->>'private')::boolean, f->>'invite_hash');
                    -- Sorted by player in the caller, so two games ending together lock in one order.
                    INSERT INTO player_placings (player_id, game, place, count)
                        SELECT p->>0, f->>'game', (p->>1)::integer, 1 FROM jsonb_array_elements(f->'placings') AS p
                        ON CONFLICT (player_id, game, place) DO UPDATE SET count = player_placings.count + 1;
                    -- A rated game's ratings, each replaced only if it is still the one the game
                    -- was rated from (its count of games): else the whole write is undone (GR409)
                    -- and the lobby redoes the step from the ratings as they now are.
                    FOR r IN SELECT e FROM jsonb_array_elements(COALESCE(f->'ratings', '[]'::jsonb)) AS e LOOP
                        IF (r->>4)::integer = 1 THEN
                            INSERT INTO ratings (game, player_id, mu, sigma, ordinal, games, updated_ms)
                                VALUES (f->>'game', r->>0, (r->>1)::float8, (r->>2)::float8, (r->>3)::float8, 1,
                                    (f->>'finished_ms')::bigint)
                                ON CONFLICT DO NOTHING;
                        ELSE
                            UPDATE ratings SET mu = (r->>1)::float8, sigma = (r->>2)::float8, ordinal = (r->>3)::float8,
                                games = (r->>4)::integer, updated_ms = (f->>'finished_ms')::bigint
                                WHERE game = f->>'game' AND player_id = r->>0 AND games = (r->>4)::integer - 1;
                        END IF;
                        IF NOT FOUND THEN
                            RAISE EXCEPTION 'rating of % changed meanwhile', r->>0 USING ERRCODE = 'GR409';
                        END IF;
                        INSERT INTO rating_changes (player_id, game, at_ms, code, number, mu, sigma, ordinal, delta)
                            VALUES (r->>0, f->>'game', (f->>'finished_ms')::bigint, f->>'code', (f->>'number')::integer,
                                (r->>1)::float8, (r->>2)::float8, (r->>3)::float8, (r->>5)::float8);
                        INSERT INTO rating_weeks (game, week, player_id, gain)
                            VALUES (f->>'game', (f->>'week')::integer, r->>0, (r->>5)::float8)
                            ON CONFLICT (game, week, player_id) DO UPDATE SET gain = rating_weeks.gain + excluded.gain;
                    END LOOP;
                END IF;
            WHEN 'insert' THEN
                -- An expired room's code stays its finished games' name: never given out again.
                INSERT INTO rooms (code, revision, status, data, updated_ms)
                    SELECT w->>'code', 1, w->>'status', w->'data', (w->>'updated_ms')::bigint
                    WHERE NOT EXISTS (SELECT 1 FROM finished_games WHERE code = w->>'code')
                    ON CONFLICT DO NOTHING;
                value := to_jsonb(FOUND);
            WHEN 'answer' THEN
                INSERT INTO move_answers (code, key, answer) VALUES (w->>'code', w->>'key', w->'answer')
                    ON CONFLICT DO NOTHING;
                SELECT answer INTO value FROM move_answers WHERE code = w->>'code' AND key = w->>'key';
            END CASE;
            outcomes := outcomes || jsonb_build_object('ok', value);
        EXCEPTION
            WHEN SQLSTATE 'GR409' THEN  -- the move was answered meanwhile: the room's update undone
                outcomes := outcomes || jsonb_build_object('ok', false);
            WHEN OTHERS THEN
                outcomes := outcomes || jsonb_build_object('sqlstate', SQLSTATE, 'message', SQLERRM);
        END;
    END LOOP;
    RETURN to_jsonb(outcomes);
END
$$;
""",
    ),
    (
        22,
        "a game finishing after a seat's player deleted the account stores that seat as deleted",
        # As lobby/store/games.py `without_deleted` does for SQLite, for every writer of a
        # finished game (write_rooms and the direct insert). The seats' players' rows are
        # locked first: delete_player writes the tombstone first, so either the deletion
        # waits and then rewrites this game, or this write waits and sees the tombstone.
        # A rating row of a deleted player is skipped, so write_rooms' rating check fails
        # (GR409) and the lobby redoes the step, which finds the player deleted and rates nobody.
        """
CREATE FUNCTION finished_game_without_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    gone text[];
BEGIN
    PERFORM 1 FROM players WHERE id IN (SELECT jsonb_array_elements_text(NEW.players)) ORDER BY id FOR SHARE;
    gone := ARRAY(SELECT id FROM players
        WHERE id IN (SELECT jsonb_array_elements_text(NEW.players)) AND token_hash = 'deleted:' || id);
    IF cardinality(gone) > 0 THEN
        SELECT jsonb_agg(CASE WHEN s.player = ANY(gone) THEN '' ELSE s.name END ORDER BY s.seat),
               jsonb_agg(CASE WHEN s.player = ANY(gone) THEN '' ELSE s.player END ORDER BY s.seat)
            INTO NEW.names, NEW.players
            FROM (SELECT p.seat, p.player, NEW.names->>(p.seat - 1)::integer AS name
                  FROM jsonb_array_elements_text(NEW.players) WITH ORDINALITY AS p(player, seat)) AS s;
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER finished_games_without_deleted BEFORE INSERT ON finished_games
    FOR EACH ROW EXECUTE FUNCTION finished_game_without_deleted();
CREATE FUNCTION skip_deleted_player() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM players WHERE id = NEW.player_id AND token_hash = 'deleted:' || id) THEN
        RETURN NULL;
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER player_placings_skip_deleted BEFORE INSERT ON player_placings
    FOR EACH ROW EXECUTE FUNCTION skip_deleted_player();
CREATE TRIGGER ratings_skip_deleted BEFORE INSERT ON ratings
    FOR EACH ROW EXECUTE FUNCTION skip_deleted_player();
""",
    ),
    (
        23,
        "a finished game's look-up of deleted players by the players' key",
        # Migration 22's `id IN (SELECT jsonb_array_elements_text(...))` is planned for 100
        # seats: on a players table of some thousands of rows that is a scan of every row, twice
        # for every finished game. `= ANY (array)` is an index look-up at any size. The look-up
        # stays a statement of its own after the lock: it sees a deletion the lock waited for
        # (a filter on the token in the locking statement would leave the living rows unlocked).
        """
CREATE OR REPLACE FUNCTION finished_game_without_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
    seated text[] := ARRAY(SELECT jsonb_array_elements_text(NEW.players));
    gone text[];
BEGIN
    PERFORM 1 FROM players WHERE id = ANY (seated) ORDER BY id FOR SHARE;
    gone := ARRAY(SELECT id FROM players WHERE id = ANY (seated) AND token_hash = 'deleted:' || id);
    IF cardinality(gone) > 0 THEN
        SELECT jsonb_agg(CASE WHEN s.player = ANY(gone) THEN '' ELSE s.name END ORDER BY s.seat),
               jsonb_agg(CASE WHEN s.player = ANY(gone) THEN '' ELSE s.player END ORDER BY s.seat)
            INTO NEW.names, NEW.players
            FROM (SELECT p.seat, p.player, NEW.names->>(p.seat - 1)::integer AS name
                  FROM jsonb_array_elements_text(NEW.players) WITH ORDINALITY AS p(player, seat)) AS s;
    END IF;
    RETURN NEW;
END
$$;
""",
    ),
]


async def migrate(connection: asyncpg.Connection, schema: str) -> None:
    """Create the schema if it is missing and run the migrations `schema_migrations` does not
    list, each in its own transaction. Replicas starting together take turns (an advisory lock:
    even CREATE SCHEMA IF NOT EXISTS fails when two run at once)."""
    await connection.execute("SELECT pg_advisory_lock(hashtext('gameroom-migrations:' || $1))", schema or "public")
    try:
        if schema:
            await connection.execute(f"CREATE SCHEMA IF NOT EXISTS {schema}")
        await connection.execute(
            "CREATE TABLE IF NOT EXISTS schema_migrations ("
            " version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())"
        )
        done = {row["version"] for row in await connection.fetch("SELECT version FROM schema_migrations")}
        for version, name, sql in MIGRATIONS:
            if version in done:
                continue
            async with connection.transaction():
                await connection.execute(sql)
                await connection.execute("INSERT INTO schema_migrations (version, name) VALUES ($1, $2)", version, name)
    finally:
        await connection.execute(
            "SELECT pg_advisory_unlock(hashtext('gameroom-migrations:' || $1))", schema or "public"
        )
