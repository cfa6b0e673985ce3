-- A PostgreSQL schema at migration 14, with records as the store writes them there (a room, its
-- events, answer and chat, a finished game, players, devices, house rules, the ledger with an
-- escrow, the quick-seat queue): databases like it exist, and every later store must open them.
-- pg_dump --inserts, schema names left out, so it loads into any schema on the search path.

CREATE FUNCTION save_room(p_code text, p_revision bigint, p_data jsonb, p_status text, p_updated_ms bigint, p_key text, p_answer jsonb, p_events jsonb, p_game_number integer, p_moves jsonb) RETURNS boolean
    LANGUAGE plpgsql
    AS $$
BEGIN
    UPDATE rooms SET data = p_data, revision = revision + 1, status = p_status,
        updated_ms = CASE
            WHEN status = p_status AND updated_ms BETWEEN p_updated_ms - 60000 AND p_updated_ms
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

CREATE FUNCTION write_rooms(p_writes jsonb) RETURNS jsonb
    LANGUAGE plpgsql
    AS $$
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

CREATE TABLE chat (
    code text NOT NULL,
    number integer NOT NULL,
    seat integer NOT NULL,
    name text NOT NULL,
    text text NOT NULL,
    at_ms bigint NOT NULL,
    channel text DEFAULT 'room'::text NOT NULL
);

CREATE TABLE events (
    code text NOT NULL,
    number integer NOT NULL,
    visible_to jsonb,
    event jsonb NOT NULL
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
    fairness jsonb DEFAULT '{}'::jsonb NOT NULL,
    private_room boolean DEFAULT false NOT NULL,
    invite_hash text DEFAULT ''::text NOT NULL
);

CREATE TABLE house_rules (
    player_id text NOT NULL,
    game text NOT NULL,
    name text NOT NULL,
    options jsonb NOT NULL,
    updated_ms bigint NOT NULL
);

CREATE TABLE ledger_accounts (
    account text NOT NULL,
    balance bigint NOT NULL,
    CONSTRAINT no_negative_balance CHECK (((balance >= 0) OR (account = 'mint'::text)))
);

CREATE TABLE ledger_entries (
    transfer_key text NOT NULL,
    account text NOT NULL,
    amount bigint NOT NULL
);

CREATE TABLE ledger_escrows (
    table_id text NOT NULL,
    amount bigint NOT NULL,
    players jsonb NOT NULL,
    status text NOT NULL,
    opened_ms bigint NOT NULL,
    closed_ms bigint DEFAULT 0 NOT NULL
);

CREATE TABLE ledger_transfers (
    key text NOT NULL,
    seq bigint NOT NULL,
    kind text NOT NULL,
    at_ms bigint NOT NULL,
    memo jsonb NOT NULL
);

CREATE SEQUENCE ledger_transfers_seq_seq
    START WITH 1
    INCREMENT BY 1
    NO MINVALUE
    NO MAXVALUE
    CACHE 1;

ALTER SEQUENCE ledger_transfers_seq_seq OWNED BY ledger_transfers.seq;

CREATE TABLE move_answers (
    code text NOT NULL,
    key text NOT NULL,
    answer jsonb NOT NULL
);

CREATE TABLE moves (
    code text NOT NULL,
    game_number integer NOT NULL,
    version integer NOT NULL,
    seat integer NOT NULL,
    move jsonb NOT NULL,
    at_ms bigint NOT NULL
);

CREATE TABLE player_links (
    code_hash text NOT NULL,
    player_id text NOT NULL,
    expires_ms bigint NOT NULL
);

CREATE TABLE player_placings (
    player_id text NOT NULL,
    game text NOT NULL,
    place integer NOT NULL,
    count integer NOT NULL
);

CREATE TABLE player_tokens (
    token_hash text NOT NULL,
    player_id text NOT NULL
);

CREATE TABLE players (
    id text NOT NULL,
    nickname text NOT NULL,
    token_hash text NOT NULL,
    created_ms bigint NOT NULL
);

CREATE TABLE quick_seats (
    id text NOT NULL,
    pool text NOT NULL,
    player_id text NOT NULL,
    name text NOT NULL,
    secret_hash text NOT NULL,
    at_ms bigint NOT NULL,
    status text NOT NULL,
    claim text DEFAULT ''::text NOT NULL,
    answer jsonb
);

CREATE TABLE rooms (
    code text NOT NULL,
    revision bigint NOT NULL,
    status text NOT NULL,
    data jsonb NOT NULL,
    updated_ms bigint NOT NULL
);
ALTER TABLE ONLY rooms ALTER COLUMN data SET COMPRESSION lz4;

CREATE TABLE schema_migrations (
    version integer NOT NULL,
    name text NOT NULL,
    applied_at timestamp with time zone DEFAULT now() NOT NULL
);

ALTER TABLE ONLY ledger_transfers ALTER COLUMN seq SET DEFAULT nextval('ledger_transfers_seq_seq'::regclass);

INSERT INTO chat VALUES ('OLD01', 1, 0, 'Anna', 'hej', 960, 'room');
INSERT INTO chat VALUES ('OLD01', 2, 1, 'CPU', 'gg', 970, 'team:0');

INSERT INTO events VALUES ('OLD01', 1, NULL, '{"code": "dropped", "seat": 0}');
INSERT INTO events VALUES ('OLD01', 2, '[1]', '{"card": "7H", "code": "drew"}');

INSERT INTO finished_games VALUES ('OLD01', 1, 'connect4', '{"rows": 6}', 'abababababababababababababababab', '["Anna", "Ben"]', '["anna-id", "ben-id"]', '{"scores": [1, 0], "placings": [1, 2]}', 800, 990, '{"commit": "cd", "server_seed": "abababababababababababababababab", "contributions": []}', true, 'invite-hash');

INSERT INTO house_rules VALUES ('anna-id', 'connect4', 'quick', '{"move_clock": 30}', 300);

INSERT INTO ledger_accounts VALUES ('mint', -800);
INSERT INTO ledger_accounts VALUES ('anna-id', 450);
INSERT INTO ledger_accounts VALUES ('ben-id', 250);
INSERT INTO ledger_accounts VALUES ('escrow:t1', 100);

INSERT INTO ledger_entries VALUES ('grant-anna', 'mint', -500);
INSERT INTO ledger_entries VALUES ('grant-anna', 'anna-id', 500);
INSERT INTO ledger_entries VALUES ('top-up-ben', 'mint', -300);
INSERT INTO ledger_entries VALUES ('top-up-ben', 'ben-id', 300);
INSERT INTO ledger_entries VALUES ('stake-t1', 'anna-id', -50);
INSERT INTO ledger_entries VALUES ('stake-t1', 'ben-id', -50);
INSERT INTO ledger_entries VALUES ('stake-t1', 'escrow:t1', 100);

INSERT INTO ledger_escrows VALUES ('t1', 50, '["anna-id", "ben-id"]', 'open', 420, 0);

INSERT INTO ledger_transfers VALUES ('grant-anna', 1, 'grant', 400, '{"why": "welcome"}');
INSERT INTO ledger_transfers VALUES ('top-up-ben', 2, 'top_up', 410, '{"up_to": 300}');
INSERT INTO ledger_transfers VALUES ('stake-t1', 3, 'stake', 420, '{}');

INSERT INTO move_answers VALUES ('OLD01', 'm-1', '{"ok": true, "version": 4}');

INSERT INTO moves VALUES ('OLD01', 1, 1, 0, '{"type": "drop", "column": 3}', 900);
INSERT INTO moves VALUES ('OLD01', 1, 2, 1, '{"type": "drop", "column": 4}', 950);
INSERT INTO moves VALUES ('OLD01', 1, 3, 0, '{"type": "drop", "column": 3}', 990);

INSERT INTO player_placings VALUES ('anna-id', 'connect4', 1, 1);
INSERT INTO player_placings VALUES ('ben-id', 'connect4', 2, 1);

INSERT INTO player_tokens VALUES ('anna-phone-token', 'anna-id');

INSERT INTO players VALUES ('anna-id', 'Anna', 'anna-token', 100);
INSERT INTO players VALUES ('ben-id', 'Ben', 'ben-token', 200);

INSERT INTO quick_seats VALUES ('q-1', 'connect4|2|0', 'ben-id', 'Ben', 'secret-hash', 430, 'waiting', '', NULL);

INSERT INTO rooms VALUES ('OLD01', 3, 'finished', '{"code": "OLD01", "seats": [{"kind": "human", "name": "Anna", "holder": "anna-id"}, {"kind": "cpu", "name": "CPU"}], "status": "finished", "version": 5, "updated_ms": 1000, "game_number": 1}', 1000);

INSERT INTO schema_migrations VALUES (1, 'rooms, events, answers, chat', '2026-12-06 08:48:53.953434+00');
INSERT INTO schema_migrations VALUES (2, 'move lists, finished games, players, statistics, house rules', '2026-12-06 08:48:54.086595+00');
INSERT INTO schema_migrations VALUES (3, 'the coin ledger', '2026-12-06 08:48:54.154541+00');
INSERT INTO schema_migrations VALUES (4, 'save_room in one round trip', '2026-12-06 08:48:54.23368+00');
INSERT INTO schema_migrations VALUES (5, 'open escrows for the stake sweep', '2026-12-06 08:48:54.27637+00');
INSERT INTO schema_migrations VALUES (6, 'rooms at rest for the retention sweep', '2026-12-06 08:48:54.327563+00');
INSERT INTO schema_migrations VALUES (7, 'chat channels', '2026-12-06 08:48:54.382155+00');
INSERT INTO schema_migrations VALUES (8, 'the quick-seating queue', '2026-12-06 08:48:54.388044+00');
INSERT INTO schema_migrations VALUES (9, 'a guest identity on more devices', '2026-12-06 08:48:54.483491+00');
INSERT INTO schema_migrations VALUES (10, 'the seed''s chain of a finished game', '2026-12-06 08:48:54.587164+00');
INSERT INTO schema_migrations VALUES (11, 'a private room''s finished games; a player''s games by index', '2026-12-06 08:48:54.709249+00');
INSERT INTO schema_migrations VALUES (12, 'room writes grouped: many in one call and one transaction', '2026-12-06 08:48:54.767148+00');
INSERT INTO schema_migrations VALUES (13, 'rooms in play for the retention sweep', '2026-12-06 08:48:54.874406+00');
INSERT INTO schema_migrations VALUES (14, 'a move''s room update in place: lz4, and the activity column left within its lag', '2026-12-06 08:48:54.933878+00');

SELECT pg_catalog.setval('ledger_transfers_seq_seq', 3, true);

ALTER TABLE ONLY chat
    ADD CONSTRAINT chat_pkey PRIMARY KEY (code, number);

ALTER TABLE ONLY events
    ADD CONSTRAINT events_pkey PRIMARY KEY (code, number);

ALTER TABLE ONLY finished_games
    ADD CONSTRAINT finished_games_pkey PRIMARY KEY (code, number);

ALTER TABLE ONLY house_rules
    ADD CONSTRAINT house_rules_pkey PRIMARY KEY (player_id, game, name);

ALTER TABLE ONLY ledger_accounts
    ADD CONSTRAINT ledger_accounts_pkey PRIMARY KEY (account);

ALTER TABLE ONLY ledger_entries
    ADD CONSTRAINT ledger_entries_pkey PRIMARY KEY (transfer_key, account);

ALTER TABLE ONLY ledger_escrows
    ADD CONSTRAINT ledger_escrows_pkey PRIMARY KEY (table_id);

ALTER TABLE ONLY ledger_transfers
    ADD CONSTRAINT ledger_transfers_pkey PRIMARY KEY (key);

ALTER TABLE ONLY move_answers
    ADD CONSTRAINT move_answers_pkey PRIMARY KEY (code, key);

ALTER TABLE ONLY moves
    ADD CONSTRAINT moves_pkey PRIMARY KEY (code, game_number, version);

ALTER TABLE ONLY player_links
    ADD CONSTRAINT player_links_pkey PRIMARY KEY (code_hash);

ALTER TABLE ONLY player_placings
    ADD CONSTRAINT player_placings_pkey PRIMARY KEY (player_id, game, place);

ALTER TABLE ONLY player_tokens
    ADD CONSTRAINT player_tokens_pkey PRIMARY KEY (token_hash);

ALTER TABLE ONLY players
    ADD CONSTRAINT players_pkey PRIMARY KEY (id);

ALTER TABLE ONLY players
    ADD CONSTRAINT players_token_hash_key UNIQUE (token_hash);

ALTER TABLE ONLY quick_seats
    ADD CONSTRAINT quick_seats_pkey PRIMARY KEY (id);

ALTER TABLE ONLY rooms
    ADD CONSTRAINT rooms_pkey PRIMARY KEY (code);

ALTER TABLE ONLY schema_migrations
    ADD CONSTRAINT schema_migrations_pkey PRIMARY KEY (version);

CREATE INDEX finished_games_players ON finished_games USING gin (players) WITH (fastupdate=off);

CREATE INDEX ledger_entries_by_account ON ledger_entries USING btree (account);

CREATE INDEX ledger_escrows_open ON ledger_escrows USING btree (opened_ms) WHERE (status = 'open'::text);

CREATE UNIQUE INDEX quick_seats_one_wait ON quick_seats USING btree (pool, player_id) WHERE (status = 'waiting'::text);

CREATE INDEX quick_seats_queue ON quick_seats USING btree (pool, at_ms) WHERE (status = 'waiting'::text);

CREATE INDEX rooms_at_rest ON rooms USING btree (updated_ms) WHERE (status <> 'playing'::text);

CREATE INDEX rooms_in_play ON rooms USING btree (code) WHERE (status = 'playing'::text);

CREATE INDEX rooms_in_play_by_age ON rooms USING btree (updated_ms) WHERE (status = 'playing'::text);

ALTER TABLE ONLY house_rules
    ADD CONSTRAINT house_rules_player_id_fkey FOREIGN KEY (player_id) REFERENCES players(id);

ALTER TABLE ONLY ledger_entries
    ADD CONSTRAINT ledger_entries_transfer_key_fkey FOREIGN KEY (transfer_key) REFERENCES ledger_transfers(key);

ALTER TABLE ONLY player_links
    ADD CONSTRAINT player_links_player_id_fkey FOREIGN KEY (player_id) REFERENCES players(id);

ALTER TABLE ONLY player_placings
    ADD CONSTRAINT player_placings_player_id_fkey FOREIGN KEY (player_id) REFERENCES players(id);

ALTER TABLE ONLY player_tokens
    ADD CONSTRAINT player_tokens_player_id_fkey FOREIGN KEY (player_id) REFERENCES players(id);
