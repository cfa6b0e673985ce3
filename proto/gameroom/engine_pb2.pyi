from google.protobuf.internal import containers as _containers
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class Refusal(_message.Message):
    __slots__ = ("code", "detail")
    CODE_FIELD_NUMBER: _ClassVar[int]
    DETAIL_FIELD_NUMBER: _ClassVar[int]
    code: str
    detail: str
    def __init__(self, code: _Optional[str] = ..., detail: _Optional[str] = ...) -> None: ...

class GameInfo(_message.Message):
    __slots__ = ("id", "family", "meta_json")
    ID_FIELD_NUMBER: _ClassVar[int]
    FAMILY_FIELD_NUMBER: _ClassVar[int]
    META_JSON_FIELD_NUMBER: _ClassVar[int]
    id: str
    family: str
    meta_json: str
    def __init__(self, id: _Optional[str] = ..., family: _Optional[str] = ..., meta_json: _Optional[str] = ...) -> None: ...

class ListGamesRequest(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class ListGamesReply(_message.Message):
    __slots__ = ("games",)
    GAMES_FIELD_NUMBER: _ClassVar[int]
    games: _containers.RepeatedCompositeFieldContainer[GameInfo]
    def __init__(self, games: _Optional[_Iterable[_Union[GameInfo, _Mapping]]] = ...) -> None: ...

class SetupRequest(_message.Message):
    __slots__ = ("game", "seats", "options_json", "seed", "now_ms")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_JSON_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    NOW_MS_FIELD_NUMBER: _ClassVar[int]
    game: str
    seats: int
    options_json: str
    seed: bytes
    now_ms: int
    def __init__(self, game: _Optional[str] = ..., seats: _Optional[int] = ..., options_json: _Optional[str] = ..., seed: _Optional[bytes] = ..., now_ms: _Optional[int] = ...) -> None: ...

class ApplyRequest(_message.Message):
    __slots__ = ("game", "state_json", "seat", "move_json", "now_ms")
    GAME_FIELD_NUMBER: _ClassVar[int]
    STATE_JSON_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    MOVE_JSON_FIELD_NUMBER: _ClassVar[int]
    NOW_MS_FIELD_NUMBER: _ClassVar[int]
    game: str
    state_json: str
    seat: int
    move_json: str
    now_ms: int
    def __init__(self, game: _Optional[str] = ..., state_json: _Optional[str] = ..., seat: _Optional[int] = ..., move_json: _Optional[str] = ..., now_ms: _Optional[int] = ...) -> None: ...

class TimeoutRequest(_message.Message):
    __slots__ = ("game", "state_json", "now_ms")
    GAME_FIELD_NUMBER: _ClassVar[int]
    STATE_JSON_FIELD_NUMBER: _ClassVar[int]
    NOW_MS_FIELD_NUMBER: _ClassVar[int]
    game: str
    state_json: str
    now_ms: int
    def __init__(self, game: _Optional[str] = ..., state_json: _Optional[str] = ..., now_ms: _Optional[int] = ...) -> None: ...

class LegalMovesRequest(_message.Message):
    __slots__ = ("game", "state_json", "seat")
    GAME_FIELD_NUMBER: _ClassVar[int]
    STATE_JSON_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    game: str
    state_json: str
    seat: int
    def __init__(self, game: _Optional[str] = ..., state_json: _Optional[str] = ..., seat: _Optional[int] = ...) -> None: ...

class LegalMovesReply(_message.Message):
    __slots__ = ("refusal", "moves_json")
    REFUSAL_FIELD_NUMBER: _ClassVar[int]
    MOVES_JSON_FIELD_NUMBER: _ClassVar[int]
    refusal: Refusal
    moves_json: str
    def __init__(self, refusal: _Optional[_Union[Refusal, _Mapping]] = ..., moves_json: _Optional[str] = ...) -> None: ...

class SeatView(_message.Message):
    __slots__ = ("seat", "view_json")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VIEW_JSON_FIELD_NUMBER: _ClassVar[int]
    seat: int
    view_json: str
    def __init__(self, seat: _Optional[int] = ..., view_json: _Optional[str] = ...) -> None: ...

class Event(_message.Message):
    __slots__ = ("event_json", "visible_to")
    EVENT_JSON_FIELD_NUMBER: _ClassVar[int]
    VISIBLE_TO_FIELD_NUMBER: _ClassVar[int]
    event_json: str
    visible_to: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, event_json: _Optional[str] = ..., visible_to: _Optional[_Iterable[int]] = ...) -> None: ...

class Deadline(_message.Message):
    __slots__ = ("at_ms", "seat", "game_clock", "seats")
    AT_MS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GAME_CLOCK_FIELD_NUMBER: _ClassVar[int]
    SEATS_FIELD_NUMBER: _ClassVar[int]
    at_ms: int
    seat: int
    game_clock: bool
    seats: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, at_ms: _Optional[int] = ..., seat: _Optional[int] = ..., game_clock: _Optional[bool] = ..., seats: _Optional[_Iterable[int]] = ...) -> None: ...

class StepReply(_message.Message):
    __slots__ = ("refusal", "state_json", "views", "spectator_view_json", "events", "to_move", "result_json", "deadline")
    REFUSAL_FIELD_NUMBER: _ClassVar[int]
    STATE_JSON_FIELD_NUMBER: _ClassVar[int]
    VIEWS_FIELD_NUMBER: _ClassVar[int]
    SPECTATOR_VIEW_JSON_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    TO_MOVE_FIELD_NUMBER: _ClassVar[int]
    RESULT_JSON_FIELD_NUMBER: _ClassVar[int]
    DEADLINE_FIELD_NUMBER: _ClassVar[int]
    refusal: Refusal
    state_json: str
    views: _containers.RepeatedCompositeFieldContainer[SeatView]
    spectator_view_json: str
    events: _containers.RepeatedCompositeFieldContainer[Event]
    to_move: _containers.RepeatedScalarFieldContainer[int]
    result_json: str
    deadline: Deadline
    def __init__(self, refusal: _Optional[_Union[Refusal, _Mapping]] = ..., state_json: _Optional[str] = ..., views: _Optional[_Iterable[_Union[SeatView, _Mapping]]] = ..., spectator_view_json: _Optional[str] = ..., events: _Optional[_Iterable[_Union[Event, _Mapping]]] = ..., to_move: _Optional[_Iterable[int]] = ..., result_json: _Optional[str] = ..., deadline: _Optional[_Union[Deadline, _Mapping]] = ...) -> None: ...

class StepCall(_message.Message):
    __slots__ = ("id", "setup", "apply", "timeout")
    ID_FIELD_NUMBER: _ClassVar[int]
    SETUP_FIELD_NUMBER: _ClassVar[int]
    APPLY_FIELD_NUMBER: _ClassVar[int]
    TIMEOUT_FIELD_NUMBER: _ClassVar[int]
    id: int
    setup: SetupRequest
    apply: ApplyRequest
    timeout: TimeoutRequest
    def __init__(self, id: _Optional[int] = ..., setup: _Optional[_Union[SetupRequest, _Mapping]] = ..., apply: _Optional[_Union[ApplyRequest, _Mapping]] = ..., timeout: _Optional[_Union[TimeoutRequest, _Mapping]] = ...) -> None: ...

class StepAnswer(_message.Message):
    __slots__ = ("id", "reply")
    ID_FIELD_NUMBER: _ClassVar[int]
    REPLY_FIELD_NUMBER: _ClassVar[int]
    id: int
    reply: StepReply
    def __init__(self, id: _Optional[int] = ..., reply: _Optional[_Union[StepReply, _Mapping]] = ...) -> None: ...

class ChooseMoveRequest(_message.Message):
    __slots__ = ("game", "seat", "view_json", "level", "seed", "budget_ms")
    GAME_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VIEW_JSON_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    SEED_FIELD_NUMBER: _ClassVar[int]
    BUDGET_MS_FIELD_NUMBER: _ClassVar[int]
    game: str
    seat: int
    view_json: str
    level: str
    seed: bytes
    budget_ms: int
    def __init__(self, game: _Optional[str] = ..., seat: _Optional[int] = ..., view_json: _Optional[str] = ..., level: _Optional[str] = ..., seed: _Optional[bytes] = ..., budget_ms: _Optional[int] = ...) -> None: ...

class ChooseMoveReply(_message.Message):
    __slots__ = ("refusal", "move_json", "nodes", "think_ms")
    REFUSAL_FIELD_NUMBER: _ClassVar[int]
    MOVE_JSON_FIELD_NUMBER: _ClassVar[int]
    NODES_FIELD_NUMBER: _ClassVar[int]
    THINK_MS_FIELD_NUMBER: _ClassVar[int]
    refusal: Refusal
    move_json: str
    nodes: int
    think_ms: int
    def __init__(self, refusal: _Optional[_Union[Refusal, _Mapping]] = ..., move_json: _Optional[str] = ..., nodes: _Optional[int] = ..., think_ms: _Optional[int] = ...) -> None: ...
