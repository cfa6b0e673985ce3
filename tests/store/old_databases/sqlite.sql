-- An SQLite file at migration 10 (PRAGMA user_version), with the records of postgres.sql as the
-- store writes them there: files like it exist, and every later store must open them.
-- sqlite3 .dump.
PRAGMA foreign_keys=OFF;
BEGIN TRANSACTION;
CREATE TABLE rooms (
    code TEXT PRIMARY KEY,
    revision INTEGER NOT NULL,
    data TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'waiting',
    updated_ms INTEGER NOT NULL DEFAULT 0
);
INSERT INTO rooms VALUES('OLD01',3,'{"code":"OLD01","status":"finished","version":5,"game_number":1,"updated_ms":1000,"seats":[{"kind":"human","holder":"anna-id","name":"Anna"},{"kind":"cpu","name":"CPU"}]}','finished',1000);
CREATE TABLE events (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    visible_to TEXT,
    event TEXT NOT NULL,
    PRIMARY KEY (code, number)
);
INSERT INTO events VALUES('OLD01',1,NULL,'{"code":"dropped","seat":0}');
INSERT INTO events VALUES('OLD01',2,'[1]','{"code":"drew","card":"7H"}');
CREATE TABLE move_answers (
    code TEXT NOT NULL,
    key TEXT NOT NULL,
    answer TEXT NOT NULL,
    PRIMARY KEY (code, key)
);
INSERT INTO move_answers VALUES('OLD01','m-1','{"ok":true,"version":4}');
CREATE TABLE chat (
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    name TEXT NOT NULL,
    text TEXT NOT NULL,
    at_ms INTEGER NOT NULL, channel TEXT NOT NULL DEFAULT 'room',
    PRIMARY KEY (code, number)
);
INSERT INTO chat VALUES('OLD01',1,0,'Anna','hej',960,'room');
INSERT INTO chat VALUES('OLD01',2,1,'CPU','gg',970,'team:0');
CREATE TABLE moves (
    code TEXT NOT NULL,
    game_number INTEGER NOT NULL,
    version INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    move TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    PRIMARY KEY (code, game_number, version)
);
INSERT INTO moves VALUES('OLD01',1,1,0,'{"type":"drop","column":3}',900);
INSERT INTO moves VALUES('OLD01',1,2,1,'{"type":"drop","column":4}',950);
INSERT INTO moves VALUES('OLD01',1,3,0,'{"type":"drop","column":3}',990);
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
    finished_ms INTEGER NOT NULL, fairness TEXT NOT NULL DEFAULT '{}', private_room INTEGER NOT NULL DEFAULT 0, invite_hash TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (code, number)
);
INSERT INTO finished_games VALUES('OLD01',1,'connect4','{"rows":6}','abababababababababababababababab','["Anna","Ben"]','["anna-id","ben-id"]','{"placings":[1,2],"scores":[1,0]}',800,990,'{"server_seed":"abababababababababababababababab","commit":"cd","contributions":[]}',1,'invite-hash');
CREATE TABLE players (
    id TEXT PRIMARY KEY,
    nickname TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    created_ms INTEGER NOT NULL
);
INSERT INTO players VALUES('anna-id','Anna','anna-token',100);
INSERT INTO players VALUES('ben-id','Ben','ben-token',200);
CREATE TABLE player_placings (
    player_id TEXT NOT NULL,
    game TEXT NOT NULL,
    place INTEGER NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (player_id, game, place)
);
INSERT INTO player_placings VALUES('anna-id','connect4',1,1);
INSERT INTO player_placings VALUES('ben-id','connect4',2,1);
CREATE TABLE house_rules (
    player_id TEXT NOT NULL,
    game TEXT NOT NULL,
    name TEXT NOT NULL,
    options TEXT NOT NULL,
    updated_ms INTEGER NOT NULL,
    PRIMARY KEY (player_id, game, name)
);
INSERT INTO house_rules VALUES('anna-id','connect4','quick','{"move_clock":30}',300);
CREATE TABLE ledger_accounts (
    account TEXT PRIMARY KEY,
    balance INTEGER NOT NULL,
    CHECK (balance >= 0 OR account = 'mint')
);
INSERT INTO ledger_accounts VALUES('mint',-800);
INSERT INTO ledger_accounts VALUES('anna-id',450);
INSERT INTO ledger_accounts VALUES('ben-id',250);
INSERT INTO ledger_accounts VALUES('escrow:t1',100);
CREATE TABLE ledger_transfers (
    key TEXT PRIMARY KEY,
    kind TEXT NOT NULL,
    at_ms INTEGER NOT NULL,
    memo TEXT NOT NULL
);
INSERT INTO ledger_transfers VALUES('grant-anna','grant',400,'{"why":"welcome"}');
INSERT INTO ledger_transfers VALUES('top-up-ben','top_up',410,'{"up_to":300}');
INSERT INTO ledger_transfers VALUES('stake-t1','stake',420,'{}');
CREATE TABLE ledger_entries (
    transfer_key TEXT NOT NULL REFERENCES ledger_transfers (key),
    account TEXT NOT NULL,
    amount INTEGER NOT NULL,
    PRIMARY KEY (transfer_key, account)
);
INSERT INTO ledger_entries VALUES('grant-anna','mint',-500);
INSERT INTO ledger_entries VALUES('grant-anna','anna-id',500);
INSERT INTO ledger_entries VALUES('top-up-ben','mint',-300);
INSERT INTO ledger_entries VALUES('top-up-ben','ben-id',300);
INSERT INTO ledger_entries VALUES('stake-t1','anna-id',-50);
INSERT INTO ledger_entries VALUES('stake-t1','ben-id',-50);
INSERT INTO ledger_entries VALUES('stake-t1','escrow:t1',100);
CREATE TABLE ledger_escrows (
    table_id TEXT PRIMARY KEY,
    amount INTEGER NOT NULL,
    players TEXT NOT NULL,
    status TEXT NOT NULL,
    opened_ms INTEGER NOT NULL,
    closed_ms INTEGER NOT NULL DEFAULT 0
);
INSERT INTO ledger_escrows VALUES('t1',50,'["anna-id","ben-id"]','open',420,0);
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
INSERT INTO quick_seats VALUES('q-1','connect4|2|0','ben-id','Ben','secret-hash',430,'waiting','',NULL);
CREATE TABLE player_links (
    code_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL,
    expires_ms INTEGER NOT NULL
);
CREATE TABLE player_tokens (
    token_hash TEXT PRIMARY KEY,
    player_id TEXT NOT NULL
);
INSERT INTO player_tokens VALUES('anna-phone-token','anna-id');
CREATE TABLE finished_game_players (
    player_id TEXT NOT NULL,
    code TEXT NOT NULL,
    number INTEGER NOT NULL,
    finished_ms INTEGER NOT NULL,
    PRIMARY KEY (player_id, code, number)
);
INSERT INTO finished_game_players VALUES('anna-id','OLD01',1,990);
INSERT INTO finished_game_players VALUES('ben-id','OLD01',1,990);
CREATE INDEX ledger_entries_by_account ON ledger_entries (account);
CREATE INDEX ledger_escrows_open ON ledger_escrows (opened_ms) WHERE status = 'open';
CREATE INDEX rooms_at_rest ON rooms (updated_ms) WHERE status <> 'playing';
CREATE UNIQUE INDEX quick_seats_one_wait ON quick_seats (pool, player_id) WHERE status = 'waiting';
CREATE INDEX quick_seats_queue ON quick_seats (pool, at_ms) WHERE status = 'waiting';
CREATE INDEX finished_game_players_newest ON finished_game_players (player_id, finished_ms DESC, code, number DESC);
CREATE INDEX rooms_in_play_by_age ON rooms (updated_ms) WHERE status = 'playing';
PRAGMA user_version = 10;
COMMIT;
