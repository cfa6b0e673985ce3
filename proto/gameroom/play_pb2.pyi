from google.protobuf import struct_pb2 as _struct_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class EventsRequest(_message.Message):
    __slots__ = ("player_token",)
    PLAYER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    player_token: str
    def __init__(self, player_token: _Optional[str] = ...) -> None: ...

class CreateChallengeRequest(_message.Message):
    __slots__ = ("player_token", "to_player", "game", "options", "rated")
    PLAYER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    TO_PLAYER_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    player_token: str
    to_player: str
    game: str
    options: _struct_pb2.Struct
    rated: bool
    def __init__(self, player_token: _Optional[str] = ..., to_player: _Optional[str] = ..., game: _Optional[str] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., rated: _Optional[bool] = ...) -> None: ...

class AnswerChallengeRequest(_message.Message):
    __slots__ = ("player_token", "challenge_id", "accept")
    PLAYER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    CHALLENGE_ID_FIELD_NUMBER: _ClassVar[int]
    ACCEPT_FIELD_NUMBER: _ClassVar[int]
    player_token: str
    challenge_id: str
    accept: bool
    def __init__(self, player_token: _Optional[str] = ..., challenge_id: _Optional[str] = ..., accept: _Optional[bool] = ...) -> None: ...

class ListChallengesRequest(_message.Message):
    __slots__ = ("player_token",)
    PLAYER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    player_token: str
    def __init__(self, player_token: _Optional[str] = ...) -> None: ...

class ListBotsRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SetBotRequest(_message.Message):
    __slots__ = ("player_token", "bot", "quick_seats", "games")
    PLAYER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    QUICK_SEATS_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    player_token: str
    bot: bool
    quick_seats: bool
    games: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, player_token: _Optional[str] = ..., bot: _Optional[bool] = ..., quick_seats: _Optional[bool] = ..., games: _Optional[_Iterable[str]] = ...) -> None: ...

class BotSettings(_message.Message):
    __slots__ = ("bot", "quick_seats", "games")
    BOT_FIELD_NUMBER: _ClassVar[int]
    QUICK_SEATS_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    bot: bool
    quick_seats: bool
    games: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, bot: _Optional[bool] = ..., quick_seats: _Optional[bool] = ..., games: _Optional[_Iterable[str]] = ...) -> None: ...

class Challenge(_message.Message):
    __slots__ = ("id", "from_player", "from_name", "from_bot", "to_player", "to_name", "to_bot", "game", "options", "rated", "status", "expires_ms", "room_code")
    ID_FIELD_NUMBER: _ClassVar[int]
    FROM_PLAYER_FIELD_NUMBER: _ClassVar[int]
    FROM_NAME_FIELD_NUMBER: _ClassVar[int]
    FROM_BOT_FIELD_NUMBER: _ClassVar[int]
    TO_PLAYER_FIELD_NUMBER: _ClassVar[int]
    TO_NAME_FIELD_NUMBER: _ClassVar[int]
    TO_BOT_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    EXPIRES_MS_FIELD_NUMBER: _ClassVar[int]
    ROOM_CODE_FIELD_NUMBER: _ClassVar[int]
    id: str
    from_player: str
    from_name: str
    from_bot: bool
    to_player: str
    to_name: str
    to_bot: bool
    game: str
    options: _struct_pb2.Struct
    rated: bool
    status: str
    expires_ms: int
    room_code: str
    def __init__(self, id: _Optional[str] = ..., from_player: _Optional[str] = ..., from_name: _Optional[str] = ..., from_bot: _Optional[bool] = ..., to_player: _Optional[str] = ..., to_name: _Optional[str] = ..., to_bot: _Optional[bool] = ..., game: _Optional[str] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., rated: _Optional[bool] = ..., status: _Optional[str] = ..., expires_ms: _Optional[int] = ..., room_code: _Optional[str] = ...) -> None: ...

class Challenges(_message.Message):
    __slots__ = ("challenges",)
    CHALLENGES_FIELD_NUMBER: _ClassVar[int]
    challenges: _containers.RepeatedCompositeFieldContainer[Challenge]
    def __init__(self, challenges: _Optional[_Iterable[_Union[Challenge, _Mapping]]] = ...) -> None: ...

class BotInfo(_message.Message):
    __slots__ = ("player_id", "nickname", "online", "games")
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    NICKNAME_FIELD_NUMBER: _ClassVar[int]
    ONLINE_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    nickname: str
    online: bool
    games: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, player_id: _Optional[str] = ..., nickname: _Optional[str] = ..., online: _Optional[bool] = ..., games: _Optional[_Iterable[str]] = ...) -> None: ...

class Bots(_message.Message):
    __slots__ = ("bots",)
    BOTS_FIELD_NUMBER: _ClassVar[int]
    bots: _containers.RepeatedCompositeFieldContainer[BotInfo]
    def __init__(self, bots: _Optional[_Iterable[_Union[BotInfo, _Mapping]]] = ...) -> None: ...

class GameStarted(_message.Message):
    __slots__ = ("code", "game", "seats", "token")
    CODE_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    code: str
    game: str
    seats: _containers.RepeatedScalarFieldContainer[int]
    token: str
    def __init__(self, code: _Optional[str] = ..., game: _Optional[str] = ..., seats: _Optional[_Iterable[int]] = ..., token: _Optional[str] = ...) -> None: ...

class YourTurn(_message.Message):
    __slots__ = ("code", "seats", "version")
    CODE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    code: str
    seats: _containers.RepeatedScalarFieldContainer[int]
    version: int
    def __init__(self, code: _Optional[str] = ..., seats: _Optional[_Iterable[int]] = ..., version: _Optional[int] = ...) -> None: ...

class GameEnded(_message.Message):
    __slots__ = ("code", "result", "game_number")
    CODE_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    GAME_NUMBER_FIELD_NUMBER: _ClassVar[int]
    code: str
    result: _struct_pb2.Struct
    game_number: int
    def __init__(self, code: _Optional[str] = ..., result: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., game_number: _Optional[int] = ...) -> None: ...

class PlayerEvent(_message.Message):
    __slots__ = ("challenge", "game_started", "your_turn", "game_ended")
    CHALLENGE_FIELD_NUMBER: _ClassVar[int]
    GAME_STARTED_FIELD_NUMBER: _ClassVar[int]
    YOUR_TURN_FIELD_NUMBER: _ClassVar[int]
    GAME_ENDED_FIELD_NUMBER: _ClassVar[int]
    challenge: Challenge
    game_started: GameStarted
    your_turn: YourTurn
    game_ended: GameEnded
    def __init__(self, challenge: _Optional[_Union[Challenge, _Mapping]] = ..., game_started: _Optional[_Union[GameStarted, _Mapping]] = ..., your_turn: _Optional[_Union[YourTurn, _Mapping]] = ..., game_ended: _Optional[_Union[GameEnded, _Mapping]] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class GameEntry(_message.Message):
    __slots__ = ("id", "family", "meta")
    ID_FIELD_NUMBER: _ClassVar[int]
    FAMILY_FIELD_NUMBER: _ClassVar[int]
    META_FIELD_NUMBER: _ClassVar[int]
    id: str
    family: str
    meta: _struct_pb2.Struct
    def __init__(self, id: _Optional[str] = ..., family: _Optional[str] = ..., meta: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class ListGamesReply(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameEntry]
    def __init__(self, games: _Optional[_Iterable[_Union[GameEntry, _Mapping]]] = ...) -> None: ...

class SeatSpec(_message.Message):
    __slots__ = ("kind", "level", "local", "name")
    KIND_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    LOCAL_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    kind: str
    level: str
    local: bool
    name: str
    def __init__(self, kind: _Optional[str] = ..., level: _Optional[str] = ..., local: _Optional[bool] = ..., name: _Optional[str] = ...) -> None: ...

class CreateRoomRequest(_message.Message):
    __slots__ = ("game", "options", "seats", "nickname", "player_token", "private", "rated", "bots_allowed")
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    NICKNAME_FIELD_NUMBER: _ClassVar[int]
    PLAYER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    PRIVATE_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    BOTS_ALLOWED_FIELD_NUMBER: _ClassVar[int]
    game: str
    options: _struct_pb2.Struct
    seats: _containers.RepeatedCompositeFieldContainer[SeatSpec]
    nickname: str
    player_token: str
    private: bool
    rated: bool
    bots_allowed: bool
    def __init__(self, game: _Optional[str] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[SeatSpec, _Mapping]]] = ..., nickname: _Optional[str] = ..., player_token: _Optional[str] = ..., private: _Optional[bool] = ..., rated: _Optional[bool] = ..., bots_allowed: _Optional[bool] = ...) -> None: ...

class JoinRoomRequest(_message.Message):
    __slots__ = ("code", "nickname", "spectator", "player_token", "invite", "request_id")
    CODE_FIELD_NUMBER: _ClassVar[int]
    NICKNAME_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_FIELD_NUMBER: _ClassVar[int]
    PLAYER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    INVITE_FIELD_NUMBER: _ClassVar[int]
    REQUEST_ID_FIELD_NUMBER: _ClassVar[int]
    code: str
    nickname: str
    spectator: bool
    player_token: str
    invite: str
    request_id: str
    def __init__(self, code: _Optional[str] = ..., nickname: _Optional[str] = ..., spectator: _Optional[bool] = ..., player_token: _Optional[str] = ..., invite: _Optional[str] = ..., request_id: _Optional[str] = ...) -> None: ...

class GetRoomRequest(_message.Message):
    __slots__ = ("code",)
    CODE_FIELD_NUMBER: _ClassVar[int]
    code: str
    def __init__(self, code: _Optional[str] = ...) -> None: ...

class GetTurnsRequest(_message.Message):
    __slots__ = ("player_token",)
    PLAYER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    player_token: str
    def __init__(self, player_token: _Optional[str] = ...) -> None: ...

class Turn(_message.Message):
    __slots__ = ("code", "seat", "game", "since_ms", "deadline_ms", "left_ms", "turn_based")
    CODE_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    SINCE_MS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    LEFT_MS_FIELD_NUMBER: _ClassVar[int]
    TURN_BASED_FIELD_NUMBER: _ClassVar[int]
    code: str
    seat: int
    game: str
    since_ms: int
    deadline_ms: int
    left_ms: int
    turn_based: bool
    def __init__(self, code: _Optional[str] = ..., seat: _Optional[int] = ..., game: _Optional[str] = ..., since_ms: _Optional[int] = ..., deadline_ms: _Optional[int] = ..., left_ms: _Optional[int] = ..., turn_based: _Optional[bool] = ...) -> None: ...

class Turns(_message.Message):
    __slots__ = ("turns",)
    TURNS_FIELD_NUMBER: _ClassVar[int]
    turns: _containers.RepeatedCompositeFieldContainer[Turn]
    def __init__(self, turns: _Optional[_Iterable[_Union[Turn, _Mapping]]] = ...) -> None: ...

class GetReplayRequest(_message.Message):
    __slots__ = ("code", "number", "seat", "invite", "player_token")
    CODE_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    INVITE_FIELD_NUMBER: _ClassVar[int]
    PLAYER_TOKEN_FIELD_NUMBER: _ClassVar[int]
    code: str
    number: int
    seat: int
    invite: str
    player_token: str
    def __init__(self, code: _Optional[str] = ..., number: _Optional[int] = ..., seat: _Optional[int] = ..., invite: _Optional[str] = ..., player_token: _Optional[str] = ...) -> None: ...

class ReplayFrame(_message.Message):
    __slots__ = ("step", "seat", "move", "events", "view", "views")
    STEP_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    step: int
    seat: int
    move: _struct_pb2.Struct
    events: _containers.RepeatedCompositeFieldContainer[_struct_pb2.Struct]
    view: _struct_pb2.Struct
    views: _containers.RepeatedCompositeFieldContainer[SeatView]
    def __init__(self, step: _Optional[int] = ..., seat: _Optional[int] = ..., move: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., events: _Optional[_Iterable[_Union[_struct_pb2.Struct, _Mapping]]] = ..., view: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., views: _Optional[_Iterable[_Union[SeatView, _Mapping]]] = ...) -> None: ...

class Replay(_message.Message):
    __slots__ = ("code", "number", "game", "names", "result", "seat", "started_ms", "finished_ms", "moves", "frames", "options")
    CODE_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    NAMES_FIELD_NUMBER: _ClassVar[int]
    RESULT_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    STARTED_MS_FIELD_NUMBER: _ClassVar[int]
    FINISHED_MS_FIELD_NUMBER: _ClassVar[int]
    MOVES_FIELD_NUMBER: _ClassVar[int]
    FRAMES_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    code: str
    number: int
    game: str
    names: _containers.RepeatedScalarFieldContainer[str]
    result: _struct_pb2.Struct
    seat: str
    started_ms: str
    finished_ms: str
    moves: int
    frames: _containers.RepeatedCompositeFieldContainer[ReplayFrame]
    options: _struct_pb2.Struct
    def __init__(self, code: _Optional[str] = ..., number: _Optional[int] = ..., game: _Optional[str] = ..., names: _Optional[_Iterable[str]] = ..., result: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., seat: _Optional[str] = ..., started_ms: _Optional[str] = ..., finished_ms: _Optional[str] = ..., moves: _Optional[int] = ..., frames: _Optional[_Iterable[_Union[ReplayFrame, _Mapping]]] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class LeaderboardRequest(_message.Message):
    __slots__ = ("game", "board", "limit")
    GAME_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    game: str
    board: str
    limit: int
    def __init__(self, game: _Optional[str] = ..., board: _Optional[str] = ..., limit: _Optional[int] = ...) -> None: ...

class BoardEntry(_message.Message):
    __slots__ = ("rank", "player", "nickname", "shown", "games", "gain", "bot")
    RANK_FIELD_NUMBER: _ClassVar[int]
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    NICKNAME_FIELD_NUMBER: _ClassVar[int]
    SHOWN_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    GAIN_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    rank: int
    player: str
    nickname: str
    shown: int
    games: int
    gain: int
    bot: bool
    def __init__(self, rank: _Optional[int] = ..., player: _Optional[str] = ..., nickname: _Optional[str] = ..., shown: _Optional[int] = ..., games: _Optional[int] = ..., gain: _Optional[int] = ..., bot: _Optional[bool] = ...) -> None: ...

class Leaderboard(_message.Message):
    __slots__ = ("game", "board", "rows")
    GAME_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    ROWS_FIELD_NUMBER: _ClassVar[int]
    game: str
    board: str
    rows: _containers.RepeatedCompositeFieldContainer[BoardEntry]
    def __init__(self, game: _Optional[str] = ..., board: _Optional[str] = ..., rows: _Optional[_Iterable[_Union[BoardEntry, _Mapping]]] = ...) -> None: ...

class PlayerRatingsRequest(_message.Message):
    __slots__ = ("player_id",)
    PLAYER_ID_FIELD_NUMBER: _ClassVar[int]
    player_id: str
    def __init__(self, player_id: _Optional[str] = ...) -> None: ...

class GameRating(_message.Message):
    __slots__ = ("game", "shown", "mu", "sigma", "games", "provisional", "rank")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SHOWN_FIELD_NUMBER: _ClassVar[int]
    MU_FIELD_NUMBER: _ClassVar[int]
    SIGMA_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    PROVISIONAL_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    game: str
    shown: int
    mu: float
    sigma: float
    games: int
    provisional: bool
    rank: int
    def __init__(self, game: _Optional[str] = ..., shown: _Optional[int] = ..., mu: _Optional[float] = ..., sigma: _Optional[float] = ..., games: _Optional[int] = ..., provisional: _Optional[bool] = ..., rank: _Optional[int] = ...) -> None: ...

class PlayerInfo(_message.Message):
    __slots__ = ("id", "nickname", "bot")
    ID_FIELD_NUMBER: _ClassVar[int]
    NICKNAME_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    id: str
    nickname: str
    bot: bool
    def __init__(self, id: _Optional[str] = ..., nickname: _Optional[str] = ..., bot: _Optional[bool] = ...) -> None: ...

class PlayerRatings(_message.Message):
    __slots__ = ("player", "ratings")
    PLAYER_FIELD_NUMBER: _ClassVar[int]
    RATINGS_FIELD_NUMBER: _ClassVar[int]
    player: PlayerInfo
    ratings: _containers.RepeatedCompositeFieldContainer[GameRating]
    def __init__(self, player: _Optional[_Union[PlayerInfo, _Mapping]] = ..., ratings: _Optional[_Iterable[_Union[GameRating, _Mapping]]] = ...) -> None: ...

class RoomTicket(_message.Message):
    __slots__ = ("code", "seats", "token", "room", "invite")
    CODE_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    ROOM_FIELD_NUMBER: _ClassVar[int]
    INVITE_FIELD_NUMBER: _ClassVar[int]
    code: str
    seats: _containers.RepeatedScalarFieldContainer[int]
    token: str
    room: RoomInfo
    invite: str
    def __init__(self, code: _Optional[str] = ..., seats: _Optional[_Iterable[int]] = ..., token: _Optional[str] = ..., room: _Optional[_Union[RoomInfo, _Mapping]] = ..., invite: _Optional[str] = ...) -> None: ...

class SeatInfo(_message.Message):
    __slots__ = ("seat", "kind", "name", "taken", "connected", "level", "cpu_plays", "rating", "provisional", "vacation_until_ms", "bot")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TAKEN_FIELD_NUMBER: _ClassVar[int]
    CONNECTED_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    CPU_PLAYS_FIELD_NUMBER: _ClassVar[int]
    RATING_FIELD_NUMBER: _ClassVar[int]
    PROVISIONAL_FIELD_NUMBER: _ClassVar[int]
    VACATION_UNTIL_MS_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    kind: str
    name: str
    taken: bool
    connected: bool
    level: str
    cpu_plays: bool
    rating: int
    provisional: bool
    vacation_until_ms: int
    bot: bool
    def __init__(self, seat: _Optional[int] = ..., kind: _Optional[str] = ..., name: _Optional[str] = ..., taken: _Optional[bool] = ..., connected: _Optional[bool] = ..., level: _Optional[str] = ..., cpu_plays: _Optional[bool] = ..., rating: _Optional[int] = ..., provisional: _Optional[bool] = ..., vacation_until_ms: _Optional[int] = ..., bot: _Optional[bool] = ...) -> None: ...

class RatingChange(_message.Message):
    __slots__ = ("seat", "shown", "change", "provisional")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SHOWN_FIELD_NUMBER: _ClassVar[int]
    CHANGE_FIELD_NUMBER: _ClassVar[int]
    PROVISIONAL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    shown: int
    change: int
    provisional: bool
    def __init__(self, seat: _Optional[int] = ..., shown: _Optional[int] = ..., change: _Optional[int] = ..., provisional: _Optional[bool] = ...) -> None: ...

class RatingResult(_message.Message):
    __slots__ = ("changes", "unrated", "limit")
    CHANGES_FIELD_NUMBER: _ClassVar[int]
    UNRATED_FIELD_NUMBER: _ClassVar[int]
    LIMIT_FIELD_NUMBER: _ClassVar[int]
    changes: _containers.RepeatedCompositeFieldContainer[RatingChange]
    unrated: str
    limit: int
    def __init__(self, changes: _Optional[_Iterable[_Union[RatingChange, _Mapping]]] = ..., unrated: _Optional[str] = ..., limit: _Optional[int] = ...) -> None: ...

class RoomInfo(_message.Message):
    __slots__ = ("code", "game", "options", "seats", "status", "host_seat", "version", "last_event", "rematch_votes", "stake", "game_number", "shuffle_commit", "shuffle_seats", "rated", "rating_result", "bots_allowed")
    CODE_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    STATUS_FIELD_NUMBER: _ClassVar[int]
    HOST_SEAT_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    LAST_EVENT_FIELD_NUMBER: _ClassVar[int]
    REMATCH_VOTES_FIELD_NUMBER: _ClassVar[int]
    STAKE_FIELD_NUMBER: _ClassVar[int]
    GAME_NUMBER_FIELD_NUMBER: _ClassVar[int]
    SHUFFLE_COMMIT_FIELD_NUMBER: _ClassVar[int]
    SHUFFLE_SEATS_FIELD_NUMBER: _ClassVar[int]
    RATED_FIELD_NUMBER: _ClassVar[int]
    RATING_RESULT_FIELD_NUMBER: _ClassVar[int]
    BOTS_ALLOWED_FIELD_NUMBER: _ClassVar[int]
    code: str
    game: str
    options: _struct_pb2.Struct
    seats: _containers.RepeatedCompositeFieldContainer[SeatInfo]
    status: str
    host_seat: int
    version: int
    last_event: int
    rematch_votes: int
    stake: int
    game_number: int
    shuffle_commit: str
    shuffle_seats: _containers.RepeatedScalarFieldContainer[int]
    rated: bool
    rating_result: RatingResult
    bots_allowed: bool
    def __init__(self, code: _Optional[str] = ..., game: _Optional[str] = ..., options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[SeatInfo, _Mapping]]] = ..., status: _Optional[str] = ..., host_seat: _Optional[int] = ..., version: _Optional[int] = ..., last_event: _Optional[int] = ..., rematch_votes: _Optional[int] = ..., stake: _Optional[int] = ..., game_number: _Optional[int] = ..., shuffle_commit: _Optional[str] = ..., shuffle_seats: _Optional[_Iterable[int]] = ..., rated: _Optional[bool] = ..., rating_result: _Optional[_Union[RatingResult, _Mapping]] = ..., bots_allowed: _Optional[bool] = ...) -> None: ...

class ClientMessage(_message.Message):
    __slots__ = ("hello", "move", "chat", "start", "rematch", "leave", "resync", "settings", "ping", "resume", "remove", "entropy")
    HELLO_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    CHAT_FIELD_NUMBER: _ClassVar[int]
    START_FIELD_NUMBER: _ClassVar[int]
    REMATCH_FIELD_NUMBER: _ClassVar[int]
    LEAVE_FIELD_NUMBER: _ClassVar[int]
    RESYNC_FIELD_NUMBER: _ClassVar[int]
    SETTINGS_FIELD_NUMBER: _ClassVar[int]
    PING_FIELD_NUMBER: _ClassVar[int]
    RESUME_FIELD_NUMBER: _ClassVar[int]
    REMOVE_FIELD_NUMBER: _ClassVar[int]
    ENTROPY_FIELD_NUMBER: _ClassVar[int]
    hello: Hello
    move: MoveRequest
    chat: ChatRequest
    start: StartRequest
    rematch: RematchRequest
    leave: LeaveRequest
    resync: ResyncRequest
    settings: SettingsRequest
    ping: Ping
    resume: ResumeRequest
    remove: RemoveRequest
    entropy: EntropyRequest
    def __init__(self, hello: _Optional[_Union[Hello, _Mapping]] = ..., move: _Optional[_Union[MoveRequest, _Mapping]] = ..., chat: _Optional[_Union[ChatRequest, _Mapping]] = ..., start: _Optional[_Union[StartRequest, _Mapping]] = ..., rematch: _Optional[_Union[RematchRequest, _Mapping]] = ..., leave: _Optional[_Union[LeaveRequest, _Mapping]] = ..., resync: _Optional[_Union[ResyncRequest, _Mapping]] = ..., settings: _Optional[_Union[SettingsRequest, _Mapping]] = ..., ping: _Optional[_Union[Ping, _Mapping]] = ..., resume: _Optional[_Union[ResumeRequest, _Mapping]] = ..., remove: _Optional[_Union[RemoveRequest, _Mapping]] = ..., entropy: _Optional[_Union[EntropyRequest, _Mapping]] = ...) -> None: ...

class EntropyRequest(_message.Message):
    __slots__ = ("value", "commit")
    VALUE_FIELD_NUMBER: _ClassVar[int]
    COMMIT_FIELD_NUMBER: _ClassVar[int]
    value: str
    commit: str
    def __init__(self, value: _Optional[str] = ..., commit: _Optional[str] = ...) -> None: ...

class RemoveRequest(_message.Message):
    __slots__ = ("seat",)
    SEAT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    def __init__(self, seat: _Optional[int] = ...) -> None: ...

class Hello(_message.Message):
    __slots__ = ("code", "token", "last_event", "keep_open")
    CODE_FIELD_NUMBER: _ClassVar[int]
    TOKEN_FIELD_NUMBER: _ClassVar[int]
    LAST_EVENT_FIELD_NUMBER: _ClassVar[int]
    KEEP_OPEN_FIELD_NUMBER: _ClassVar[int]
    code: str
    token: str
    last_event: int
    keep_open: bool
    def __init__(self, code: _Optional[str] = ..., token: _Optional[str] = ..., last_event: _Optional[int] = ..., keep_open: _Optional[bool] = ...) -> None: ...

class MoveRequest(_message.Message):
    __slots__ = ("seat", "move", "client_move_id", "version")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MOVE_FIELD_NUMBER: _ClassVar[int]
    CLIENT_MOVE_ID_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    seat: int
    move: _struct_pb2.Struct
    client_move_id: str
    version: int
    def __init__(self, seat: _Optional[int] = ..., move: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., client_move_id: _Optional[str] = ..., version: _Optional[int] = ...) -> None: ...

class ChatRequest(_message.Message):
    __slots__ = ("text", "channel")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    CHANNEL_FIELD_NUMBER: _ClassVar[int]
    text: str
    channel: str
    def __init__(self, text: _Optional[str] = ..., channel: _Optional[str] = ...) -> None: ...

class StartRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class RematchRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class LeaveRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ResyncRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ResumeRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class SettingsRequest(_message.Message):
    __slots__ = ("options", "seats")
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    options: _struct_pb2.Struct
    seats: _containers.RepeatedCompositeFieldContainer[SeatSpec]
    def __init__(self, options: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ..., seats: _Optional[_Iterable[_Union[SeatSpec, _Mapping]]] = ...) -> None: ...

class Ping(_message.Message):
    __slots__ = ("nonce",)
    NONCE_FIELD_NUMBER: _ClassVar[int]
    nonce: int
    def __init__(self, nonce: _Optional[int] = ...) -> None: ...

class ServerMessage(_message.Message):
    __slots__ = ("welcome", "update", "refused", "chat", "pong")
    WELCOME_FIELD_NUMBER: _ClassVar[int]
    UPDATE_FIELD_NUMBER: _ClassVar[int]
    REFUSED_FIELD_NUMBER: _ClassVar[int]
    CHAT_FIELD_NUMBER: _ClassVar[int]
    PONG_FIELD_NUMBER: _ClassVar[int]
    welcome: Welcome
    update: Update
    refused: Refused
    chat: Chat
    pong: Pong
    def __init__(self, welcome: _Optional[_Union[Welcome, _Mapping]] = ..., update: _Optional[_Union[Update, _Mapping]] = ..., refused: _Optional[_Union[Refused, _Mapping]] = ..., chat: _Optional[_Union[Chat, _Mapping]] = ..., pong: _Optional[_Union[Pong, _Mapping]] = ...) -> None: ...

class Welcome(_message.Message):
    __slots__ = ("room", "seats")
    ROOM_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    room: RoomInfo
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, room: _Optional[_Union[RoomInfo, _Mapping]] = ..., seats: _Optional[_Iterable[int]] = ...) -> None: ...

class SeatView(_message.Message):
    __slots__ = ("seat", "view")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    seat: int
    view: _struct_pb2.Struct
    def __init__(self, seat: _Optional[int] = ..., view: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class EventItem(_message.Message):
    __slots__ = ("number", "event")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    number: int
    event: _struct_pb2.Struct
    def __init__(self, number: _Optional[int] = ..., event: _Optional[_Union[_struct_pb2.Struct, _Mapping]] = ...) -> None: ...

class Update(_message.Message):
    __slots__ = ("room", "views", "events", "client_move_id", "deadline_ms", "deadline_seat", "deadline_seats", "room_only")
    ROOM_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    CLIENT_MOVE_ID_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_MS_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_SEAT_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_SEATS_FIELD_NUMBER: _ClassVar[int]
    ROOM_ONLY_FIELD_NUMBER: _ClassVar[int]
    room: RoomInfo
    views: _containers.RepeatedCompositeFieldContainer[SeatView]
    events: _containers.RepeatedCompositeFieldContainer[EventItem]
    client_move_id: str
    deadline_ms: int
    deadline_seat: int
    deadline_seats: _containers.RepeatedScalarFieldContainer[int]
    room_only: bool
    def __init__(self, room: _Optional[_Union[RoomInfo, _Mapping]] = ..., views: _Optional[_Iterable[_Union[SeatView, _Mapping]]] = ..., events: _Optional[_Iterable[_Union[EventItem, _Mapping]]] = ..., client_move_id: _Optional[str] = ..., deadline_ms: _Optional[int] = ..., deadline_seat: _Optional[int] = ..., deadline_seats: _Optional[_Iterable[int]] = ..., room_only: _Optional[bool] = ...) -> None: ...

class Refused(_message.Message):
    __slots__ = ("code", "detail", "client_move_id")
    CODE_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    CLIENT_MOVE_ID_FIELD_NUMBER: _ClassVar[int]
    code: str
    detail: str
    client_move_id: str
    def __init__(self, code: _Optional[str] = ..., detail: _Optional[str] = ..., client_move_id: _Optional[str] = ...) -> None: ...

class Chat(_message.Message):
    __slots__ = ("number", "seat", "name", "text", "at_ms", "channel")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAME_FIELD_NUMBER: _ClassVar[int]
    TEXT_FIELD_NUMBER: _ClassVar[int]
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    CHANNEL_FIELD_NUMBER: _ClassVar[int]
    number: int
    seat: int
    name: str
    text: str
    at_ms: int
    channel: str
    def __init__(self, number: _Optional[int] = ..., seat: _Optional[int] = ..., name: _Optional[str] = ..., text: _Optional[str] = ..., at_ms: _Optional[int] = ..., channel: _Optional[str] = ...) -> None: ...

class Pong(_message.Message):
    __slots__ = ("nonce",)
    NONCE_FIELD_NUMBER: _ClassVar[int]
    nonce: int
    def __init__(self, nonce: _Optional[int] = ...) -> None: ...
