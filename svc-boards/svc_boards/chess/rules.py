"""Chess (house rules): every rule comes from python-chess (`import chess`), none is rewritten.

python-chess generates the legal moves (castling, en passant, promotion included) and
recognises every end. This module keeps the game as plain JSON and decides only what the
house rules text decides (house-rules-de-en-es.txt, "Chess"):

- Every draw the text lists is applied at once, nobody claims it: fifty moves (100 plies)
  without a pawn move or a capture, the same position for the third time (python-chess's
  `is_repetition(3)`: same placement, side to move, castling rights and en passant
  possibility), dead position (python-chess's `is_insufficient_material`: neither side has
  mating material) and stalemate. python-chess's own automatic draws (75 moves, fivefold
  repetition) stay in force through `Board.outcome()`, but the fifty-move and threefold
  rules always end the game first.
- Who plays White: option `white`, "random" (drawn with the state's generator) or "seat1",
  the seat shown as "1" to players, which is seat index 0.
- A player may resign whenever it is their turn. There are no draw offers: the text ends a
  game only by the rules above.
- Move clock (setting `move_clock`): a chess clock, a time bank per side with an increment
  added after each move (relaxed 30 min + 20 s, normal 10 min + 5 s, fast 3 min + 2 s). The
  banks (`bank_ms`) are kept in the state from `now_ms`. When the side to move runs out, the
  game ends: a loss on time (termination `time`), or a draw (`time_draw`) when the opponent
  has no mating material (python-chess's `has_insufficient_material` of that colour). A move
  that arrives after the flag fell changes nothing but the end. The clock's move
  (`timeout_move`) is therefore not a chess move: it is the flag.

The state holds the start FEN and the whole move list in UCI (the game's record), the current
FEN, and the FEN after the last pawn move or capture (`since_fen`, at ply `since_ply`): a
position can only repeat after that point, so the board python-chess needs to judge
repetition is rebuilt from there, at most 100 plies (or taken from a small cache of the boards
the last moves made: a cache of a pure function, so the engine stays pure). The display fields (`san`, `last`,
`check`, `turn`, `termination`, `winner`) are kept in the state too, so the public view is
the state less its generator and the default `determinize` works.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import islice
from typing import Any, cast

import chess

from rulekit import (
    BaseEngine,
    Deadline,
    Event,
    GameMeta,
    Move,
    MoveClock,
    Option,
    Result,
    Rng,
    clock_seat,
    event,
)
from rulekit.clock import TURN_STARTED, clock_choice

from .state import ChessState, ChessView

META = GameMeta(
    id="chess",
    family="boards",
    min_seats=2,
    max_seats=2,
    chance=False,
    hidden_information=False,
    simultaneous=False,
    # The longest possible game under an automatic fifty-move rule is 5,949 moves (11,898
    # plies); one more ply for a resignation.
    longest_game=11_899,
    options=(Option("white", "choice", "random", "option.white", choices=("random", "seat1")),),
    cpu_levels=("random", "beginner", "easy", "medium", "strong"),
    clock=MoveClock(relaxed_s=30 * 60, normal_s=10 * 60, fast_s=3 * 60, increment_s=(20, 5, 2)),
    turn_based=True,
)

RESIGN: Move = {"type": "resign"}

# Terminations with a winner; every other one is a draw.
DECISIVE = frozenset({"checkmate", "resignation", "time"})


class _MoveObjects(dict[int, Move]):
    """(promotion << 12 | from << 6 | to) -> the move object `{"type": "move", "uci": ...}`,
    made once (with python-chess's `Move.uci()`) and shared by every cached list that holds
    the move: looking a move up costs less than writing its UCI string again."""

    def __missing__(self, key: int) -> Move:
        uci = chess.Move(key >> 6 & 63, key & 63, key >> 12 or None).uci()
        made = self[key] = {"type": "move", "uci": uci}
        return made


_MOVE_OBJECTS = _MoveObjects()

# FEN -> the position's legal moves as move objects, resignation last. The contract asks for
# the legal moves of a position many times (validation, views, search); they depend on the
# FEN alone, so they are memoised, bounded. Never changed, nor are the move objects in them
# (shared between positions): `legal_moves` hands out copies.
_LEGAL_CACHE: dict[str, tuple[Move, ...]] = {}
_LEGAL_CACHE_SIZE = 50_000


def _legal_move_objects(board: chess.Board) -> tuple[list[Move], bool]:
    """The position's legal moves as move objects, in python-chess's order, and whether the
    side to move is in check: `Board.generate_legal_moves` written out (the same python-chess
    calls in the same order), so the move objects are looked up in the same pass and the
    check it finds on the way is not asked again (`Board.is_check`)."""
    turn = board.turn
    king_mask = board.kings & board.occupied_co[turn]
    if not king_mask:  # no king of the side to move: a set-up position only
        return [_move_object(move) for move in board.generate_legal_moves()], False
    king = chess.msb(king_mask)
    blockers = board._slider_blockers(king)  # noqa: SLF001 - as generate_legal_moves
    checkers = board.attackers_mask(not turn, king)
    candidates = (
        board._generate_evasions(king, checkers, chess.BB_ALL, chess.BB_ALL)  # noqa: SLF001
        if checkers
        else board.generate_pseudo_legal_moves()
    )
    is_safe = board._is_safe  # noqa: SLF001 - as generate_legal_moves
    # `_is_safe` returns True at once for a move that is not the king's, not en passant, and
    # not of a piece standing between the king and a slider (`blockers`): such moves are taken
    # without the call, the rest asked as python-chess asks them.
    free = ~(blockers | chess.BB_SQUARES[king])
    squares = chess.BB_SQUARES
    ep_square = board.ep_square
    objects = _MOVE_OBJECTS
    if board.pawns & board.occupied_co[turn] & (chess.BB_RANK_7 if turn == chess.WHITE else chess.BB_RANK_2):
        moves = [
            objects[move.promotion << 12 | move.from_square << 6 | move.to_square]
            if move.promotion
            else objects[move.from_square << 6 | move.to_square]
            for move in candidates
            if (free & squares[move.from_square] and move.to_square != ep_square) or is_safe(king, blockers, move)
        ]
    else:
        # No pawn one step from promoting: no move promotes, none needs asking.
        moves = [
            objects[move.from_square << 6 | move.to_square]
            for move in candidates
            if (free & squares[move.from_square] and move.to_square != ep_square) or is_safe(king, blockers, move)
        ]
    return moves, bool(checkers)


def _move_object(move: chess.Move) -> Move:
    return _MOVE_OBJECTS[(move.promotion or 0) << 12 | move.from_square << 6 | move.to_square]


def _remember(fen: str, board: chess.Board) -> tuple[tuple[Move, ...], bool]:
    """List the position's moves into the cache; the listing and whether the side to move
    is in check."""
    moves, check = _legal_move_objects(board)
    listed = (*moves, RESIGN)
    if len(_LEGAL_CACHE) >= _LEGAL_CACHE_SIZE:
        _LEGAL_CACHE.clear()
    _LEGAL_CACHE[fen] = listed
    return listed, check


def clear_caches() -> None:
    """Forget every position the caches hold (tests, and benchmarks that must start cold)."""
    _LEGAL_CACHE.clear()
    _BOARD_CACHE.clear()


def _listed(fen: str) -> tuple[Move, ...]:
    found = _LEGAL_CACHE.get(fen)
    return found if found is not None else _remember(fen, chess.Board(fen))[0]


def legal_ucis(fen: str) -> tuple[str, ...]:
    """Every legal move of the position `fen` in UCI, in python-chess's order."""
    return tuple(move["uci"] for move in _listed(fen)[:-1])


class _MovesByUci(dict[str, chess.Move]):
    """UCI -> python-chess's `Move.from_uci`, parsed once. python-chess never changes a move
    object (`Board.copy` copies them only because a caller might), so boards share them."""

    def __missing__(self, uci: str) -> chess.Move:
        move = chess.Move.from_uci(uci)
        if len(self) >= 10_000:
            self.clear()
        self[uci] = move
        return move


_MOVES_BY_UCI = _MovesByUci()


def board_of(state: ChessState) -> chess.Board:
    """The current position as a python-chess board, with every move since the last pawn
    move or capture on its stack (all that repetition needs)."""
    board = chess.Board(state["since_fen"])
    for uci in state["moves"][state["since_ply"] :]:
        board.push(_MOVES_BY_UCI[uci])
    return board


# (since_fen, moves since) -> the board `board_of` would build, as the move that reached it
# left it. Rebuilding from a FEN costs more than the move itself; a search or a game asks for
# the board of the position the last move made. Never changed once stored: readers copy.
_BOARD_CACHE: dict[tuple[str, ...], chess.Board] = {}
_BOARD_CACHE_SIZE = 2_000


def _history(state: ChessState) -> tuple[str, ...]:
    return (state["since_fen"], *state["moves"][state["since_ply"] :])


# What a python-chess board holds (1.11), each set by `Board.copy` one way or another. A
# python-chess whose boards hold something else is copied by its own `Board.copy`.
_BOARD_FIELDS = (
    "occupied_co", "pawns", "knights", "bishops", "rooks", "queens", "kings", "promoted", "occupied",
    "chess960", "ep_square", "move_stack", "_stack", "turn", "castling_rights", "halfmove_clock",
    "fullmove_number",
)  # fmt: skip
_SET_FIELD_BY_FIELD = tuple(vars(chess.Board())) == _BOARD_FIELDS


def _copy_board(board: chess.Board) -> chess.Board:
    """`board.copy()` without copying each move of its stack (`copy.copy` per move, most of
    the cost of a copy deep into a game): the copy shares the move objects, never changed
    (see `_MovesByUci`), and, as `Board.copy` itself does, the saved states. Its fields are
    set one by one on a new board (`Board.copy` first builds an empty board, then overwrites
    it): less than half the time, and the board keeps CPython's fast attribute layout, which
    taking over the attribute dict in one go would lose."""
    if not _SET_FIELD_BY_FIELD:
        copy = board.copy(stack=False)
        copy.move_stack = board.move_stack[:]
        copy._stack = board._stack[:]  # noqa: SLF001 - what Board.copy(stack=True) copies
        return copy
    copy = _new_board(chess.Board)
    copy.occupied_co = board.occupied_co[:]
    copy.pawns = board.pawns
    copy.knights = board.knights
    copy.bishops = board.bishops
    copy.rooks = board.rooks
    copy.queens = board.queens
    copy.kings = board.kings
    copy.promoted = board.promoted
    copy.occupied = board.occupied
    copy.chess960 = board.chess960
    copy.ep_square = board.ep_square
    copy.move_stack = board.move_stack[:]
    copy._stack = board._stack[:]  # noqa: SLF001 - what Board.copy(stack=True) copies
    copy.turn = board.turn
    copy.castling_rights = board.castling_rights
    copy.halfmove_clock = board.halfmove_clock
    copy.fullmove_number = board.fullmove_number
    return copy


_new_board = chess.Board.__new__


def _own_board(state: ChessState, history: tuple[str, ...]) -> chess.Board:
    """A private `board_of(state)`: a copy of the cached board, or a fresh one; `history`:
    `_history(state)`."""
    cached = _BOARD_CACHE.get(history)
    return _copy_board(cached) if cached is not None else board_of(state)


def _keep_board(history: tuple[str, ...], board: chess.Board) -> None:
    """Cache `board` as the board of the states whose `_history` is `history`."""
    if len(_BOARD_CACHE) >= _BOARD_CACHE_SIZE:
        # The oldest quarter goes (a dict keeps its insertion order): the boards a game or a
        # search asks for next are those of its latest moves.
        for key in list(islice(_BOARD_CACHE, _BOARD_CACHE_SIZE // 4)):
            del _BOARD_CACHE[key]
    _BOARD_CACHE[history] = board


# Runs of empty squares in a board FEN, longest first.
_EMPTY_RUNS = tuple(("1" * n, str(n)) for n in range(8, 1, -1))
_SYMBOLS = tuple(chess.piece_symbol(piece_type) for piece_type in chess.PIECE_TYPES)


class _Ranks(dict[tuple[int, ...], str]):
    """(white, pawns, knights, bishops, rooks, queens, kings) of one rank, 8 bits each (bit 0
    the a-file) -> that rank in FEN. A table filled as ranks are first seen: a game shows
    few distinct ranks, and looking one up costs less than writing it square by square."""

    def __missing__(self, key: tuple[int, ...]) -> str:
        white, *masks = key
        cells = ["1"] * 8
        for symbol, mask in zip(_SYMBOLS, masks, strict=True):
            for file in range(8):
                if mask >> file & 1:
                    cells[file] = symbol.upper() if white >> file & 1 else symbol
        rank = "".join(cells)
        for run, count in _EMPTY_RUNS:
            rank = rank.replace(run, count)
        if len(self) >= 100_000:
            self.clear()
        self[key] = rank
        return rank


_RANKS = _Ranks()


def fen_of(board: chess.Board, placement: str | None = None) -> str:
    """`board.fen()`, the same string, built from the piece masks a rank at a time:
    python-chess asks all 64 squares one by one, which cost more than generating the
    position's moves. `placement`: the FEN's first field, where the caller knows it."""
    if placement is None:
        # Each mask as 8 bytes, rank 8 first; zipped, one key per rank.
        placement = "/".join(
            map(
                _RANKS.__getitem__,
                zip(
                    board.occupied_co[chess.WHITE].to_bytes(8, "big"),
                    board.pawns.to_bytes(8, "big"),
                    board.knights.to_bytes(8, "big"),
                    board.bishops.to_bytes(8, "big"),
                    board.rooks.to_bytes(8, "big"),
                    board.queens.to_bytes(8, "big"),
                    board.kings.to_bytes(8, "big"),
                    strict=True,
                ),
            )
        )
    ep = board.ep_square
    return " ".join(
        (
            placement,
            "w" if board.turn == chess.WHITE else "b",
            _castling(board),
            chess.SQUARE_NAMES[ep] if ep is not None and board.has_legal_en_passant() else "-",
            str(board.halfmove_clock),
            str(board.fullmove_number),
        )
    )


def placement_after(before: str, board: chess.Board, move: chess.Move) -> str:
    """The placement field of `board`'s FEN just after `move` was made from the placement
    `before`: a move changes only the ranks of its two squares (a castling rook and a pawn
    taken en passant stand on the rank the move starts from), so only those are written
    again, the rest taken over from `before`."""
    ranks = before.split("/")  # rank 8 first
    white, pawns, knights = board.occupied_co[chess.WHITE], board.pawns, board.knights
    bishops, rooks, queens, kings = board.bishops, board.rooks, board.queens, board.kings
    from_rank, to_rank = move.from_square >> 3, move.to_square >> 3
    for rank in (from_rank, to_rank) if from_rank != to_rank else (from_rank,):
        shift = rank << 3
        ranks[7 - rank] = _RANKS[
            (
                white >> shift & 255,
                pawns >> shift & 255,
                knights >> shift & 255,
                bishops >> shift & 255,
                rooks >> shift & 255,
                queens >> shift & 255,
                kings >> shift & 255,
            )
        ]
    return "/".join(ranks)


# Standard chess castles only with the corner rooks, so `castling_xfen` always writes these.
_CASTLING_LETTERS = ((chess.BB_H1, "K"), (chess.BB_A1, "Q"), (chess.BB_H8, "k"), (chess.BB_A8, "q"))


class _CastlingText(dict[int, str]):
    """Clean castling rights (a mask of corner squares) -> their FEN field, written once."""

    def __missing__(self, rights: int) -> str:
        text = self[rights] = "".join([letter for mask, letter in _CASTLING_LETTERS if rights & mask]) or "-"
        return text


_CASTLING_TEXT = _CastlingText()


def _castling(board: chess.Board) -> str:
    """`board.castling_xfen()` for standard chess, without its search for other rooks."""
    if board.chess960:
        return board.castling_xfen()
    return _CASTLING_TEXT[board.clean_castling_rights()]


def colour_seat(state: ChessState, colour: chess.Color) -> int:
    return state["white"] if colour == chess.WHITE else 1 - state["white"]


def _judge(board: chess.Board, can_move: bool, check: bool) -> str | None:
    """The termination of the position, or None while the game goes on; `can_move`: the side
    to move has a legal move (already generated, so not asked again); `check`: it is in
    check (`board.is_check()`, known already)."""
    # python-chess's `Board.outcome(claim_draw=False)`, its checks in its order: mate, dead
    # position, stalemate, 75 moves, fivefold.
    if not can_move and check:
        return "checkmate"
    # A pawn, rook or queen on the board is mating material for its side.
    if not (board.pawns | board.rooks | board.queens) and board.is_insufficient_material():
        return "insufficient_material"
    if not can_move:
        return "stalemate"
    # Both move counts need 100 plies without a pawn move or capture.
    if board.halfmove_clock >= 100 and board.is_seventyfive_moves():
        return "seventyfive_moves"
    # A position seen five times has been seen three times, and a third time needs at least
    # eight plies since the first (each side away and back, twice); the board's stack holds
    # the plies since the last pawn move or capture.
    threefold = len(board.move_stack) >= 8 and board.is_repetition(3)
    if threefold and board.is_fivefold_repetition():
        return "fivefold_repetition"
    # Automatic here, not claimed: the house rules end the game on them.
    if board.halfmove_clock >= 100 and board.is_fifty_moves():
        return "fifty_moves"
    if threefold:
        return "threefold_repetition"
    return None


def _settle(state: ChessState, board: chess.Board, placement: str | None = None) -> bool:
    """Write the position and everything derived from it into the state (`placement`: the
    FEN's first field, where the caller knows it). Whether the side to move has a legal
    move."""
    fen = state["fen"] = fen_of(board, placement)
    # The next request for moves is for this position: list them now, unless a position
    # reached another way (a transposition) already did; listing them tells the check.
    listed = _LEGAL_CACHE.get(fen)
    if listed is None:
        listed, check = _remember(fen, board)
    else:
        check = board.is_check()
    white = state["white"]
    state["turn"] = white if board.turn == chess.WHITE else 1 - white
    state["check"] = check
    can_move = len(listed) > 1  # more than the resignation
    termination = _judge(board, can_move, check)
    state["termination"] = termination
    state["winner"] = colour_seat(state, not board.turn) if termination == "checkmate" else None
    return can_move


_PIECE_LETTERS = ("", "", "N", "B", "R", "Q", "K")  # by piece type; a pawn has none


def _kind_reaches(board: chess.Board, piece_type: chess.PieceType, square: chess.Square) -> int:
    """The pieces of `piece_type` (knight, bishop, rook or queen, either colour) that attack
    `square`: python-chess's `attackers_mask` asked for the one kind only, from the same attack
    tables."""
    if piece_type == chess.KNIGHT:
        return chess.BB_KNIGHT_ATTACKS[square] & board.knights
    occupied = board.occupied
    reach = 0
    if piece_type != chess.ROOK:  # a bishop or a queen: the diagonals
        reach = chess.BB_DIAG_ATTACKS[square][chess.BB_DIAG_MASKS[square] & occupied]
    if piece_type != chess.BISHOP:  # a rook or a queen: the rank and the file
        reach |= (
            chess.BB_RANK_ATTACKS[square][chess.BB_RANK_MASKS[square] & occupied]
            | chess.BB_FILE_ATTACKS[square][chess.BB_FILE_MASKS[square] & occupied]
        )
    if piece_type == chess.QUEEN:
        return reach & board.queens
    return reach & (board.bishops if piece_type == chess.BISHOP else board.rooks)


def _san_before_suffix(board: chess.Board, move: chess.Move) -> str | None:
    """python-chess's SAN of the legal `move` (`Board.san`) before its check suffix, for the
    moves no other piece of the kind can make too; None for those python-chess must write:
    to tell the pieces apart it lists the others' legal moves to the square, which a
    position costs far less often (no other piece of the kind even attacks the square)."""
    from_square, to_square = move.from_square, move.to_square
    piece_type = board.piece_type_at(from_square)
    assert piece_type is not None, "a legal move starts on a piece"
    if piece_type == chess.KING:
        if board.is_castling(move):
            return "O-O-O" if to_square & 7 < from_square & 7 else "O-O"
    elif (
        piece_type != chess.PAWN
        and _kind_reaches(board, piece_type, to_square) & board.occupied_co[board.turn] & ~chess.BB_SQUARES[from_square]
    ):
        return None
    if board.is_capture(move):
        # A pawn's capture names its file.
        san = (chess.FILE_NAMES[from_square & 7] if piece_type == chess.PAWN else _PIECE_LETTERS[piece_type]) + "x"
    else:
        san = _PIECE_LETTERS[piece_type]
    san += chess.SQUARE_NAMES[to_square]
    if move.promotion:
        san += "=" + chess.piece_symbol(move.promotion).upper()
    return san


# A state's values that are lists or dicts (of scalars); every other one is a scalar.
STATE_CONTAINERS = ("moves", "san", "bank_ms", "options", "rng")


def shallow_copy(state: ChessState) -> ChessState:
    """A copy sharing nothing mutable with `state`: its containers (`STATE_CONTAINERS`, which
    hold only scalars) copied, the rest taken over."""
    copy = state.copy()
    fields = cast("dict[str, Any]", copy)
    for key in STATE_CONTAINERS:
        value = fields.get(key)
        if value is not None:
            fields[key] = value.copy()
    return copy


def start_position(state: ChessState, fen: str) -> ChessState:
    """Put a fresh game at the position `fen` (tests, analysis); the record starts there."""
    board = chess.Board(fen)
    state.update(
        {"start_fen": board.fen(), "moves": [], "san": [], "last": None, "since_fen": board.fen(), "since_ply": 0}
    )
    _settle(state, board)
    return state


class Chess(BaseEngine[ChessState, ChessView]):
    meta = META

    def initial_state(self, seats: int, options: dict[str, Any], rng: Rng) -> ChessState:
        white = rng.below(2) if options["white"] == "random" else 0
        # `start_position` writes the rest.
        return start_position(cast(ChessState, {"white": white}), chess.STARTING_FEN)

    def to_move(self, state: ChessState) -> frozenset[int]:
        return frozenset() if state["termination"] is not None else frozenset({state["turn"]})

    def legal_moves(self, state: ChessState, seat: int) -> list[Move]:
        return list(map(dict.copy, self.listed_moves(state, seat)))

    def listed_moves(self, state: ChessState, seat: int) -> Sequence[Move]:
        if state["termination"] is not None or seat != state["turn"]:
            return ()
        return _listed(state["fen"])

    def check_move(self, state: ChessState, seat: int, move: Any) -> None:
        """The contract's check, with the common case told first: the seat to move sends a
        move exactly as it is listed for the position (one `in` over the cached list, where
        the general check asks `to_move`, `quick_listed` and `listed_moves` in turn). Anything
        else, refusals included, goes the general way and is named there."""
        if type(move) is dict and state["termination"] is None and seat == state["turn"]:
            listed = _LEGAL_CACHE.get(state["fen"])
            if listed is not None and move in listed:
                return
        super().check_move(state, seat, move)

    def copy_state(self, state: ChessState) -> ChessState:
        """A copy that knows the state's shape: every value is a scalar, a list of strings
        or numbers or a dict of scalars, so copying one level down is a full copy, and far
        cheaper than `deepcopy` on a long move list."""
        return shallow_copy(state)

    # -- the chess clock -----------------------------------------------------------------
    def start_clock(self, state: ChessState, now_ms: int) -> None:
        seconds = self.clock_seconds(state)
        state["bank_ms"] = None if seconds is None else [seconds * 1000, seconds * 1000]

    def deadline(self, state: ChessState) -> Deadline | None:
        banks, started = state.get("bank_ms"), state.get(TURN_STARTED)
        if banks is None or started is None or state["termination"] is not None:
            return None
        seat = state["turn"]
        return {"at_ms": started + banks[seat], "seat": seat, "seats": [seat]}

    def timeout_move(self, state: ChessState, seat: int | None) -> Move:
        """The flag: once the bank is empty, `play` ends the game on time whatever the move,
        so the clock sends the one move every position has."""
        seat = clock_seat(seat, self.to_move(state))
        return dict(RESIGN)

    def _run_clock(self, state: ChessState, seat: int, now_ms: int) -> bool:
        """Charge the mover's bank for this turn and add the increment; False when the flag
        has fallen (the bank ran out before the move came)."""
        banks, started = state.get("bank_ms"), state.get(TURN_STARTED)
        if banks is None:
            return True
        # Unknown times (a caller without a clock, or the first move after a setup without
        # `now_ms`) charge nothing.
        spent = max(0, now_ms - started) if now_ms and started is not None else 0
        if spent >= banks[seat]:
            banks[seat] = 0
            return False
        choice = clock_choice(state["options"])
        assert self.meta.clock is not None
        banks[seat] += self.meta.clock.increment(choice) * 1000 - spent
        return True

    def _flag(self, state: ChessState, seat: int) -> list[Event]:
        board = chess.Board(state["fen"])
        # The side to move is the one out of time; a draw when the other side cannot mate.
        if board.has_insufficient_material(not board.turn):
            state["termination"], state["winner"] = "time_draw", None
            return [event("draw", reason="time_draw", seat=seat)]
        state["termination"], state["winner"] = "time", 1 - seat
        return [event("lost_on_time", seat=seat)]

    def play(self, state: ChessState, seat: int, move: Move, now_ms: int, rng: Rng) -> list[Event]:
        if not self._run_clock(state, seat, now_ms):
            return self._flag(state, seat)
        if move["type"] == "resign":
            state["termination"] = "resignation"
            state["winner"] = 1 - seat
            return [event("resigned", seat=seat)]
        history = _history(state)
        board = _own_board(state, history)
        chess_move = _MOVES_BY_UCI[move["uci"]]
        placement_before = state["fen"].partition(" ")[0]
        plain = _san_before_suffix(board, chess_move)
        if plain is None:
            san = board.san_and_push(chess_move)  # python-chess's, suffix and all
        else:
            board.push(chess_move)
        state["moves"].append(move["uci"])
        state["last"] = move["uci"]
        can_move = _settle(state, board, placement_after(placement_before, board, chess_move))
        if plain is not None:
            # python-chess's suffix: "#" for check with no legal move (mate), "+" for check.
            san = plain + ("+" if can_move else "#") if state["check"] else plain
        state["san"].append(san)
        # python-chess's push zeroes the half-move clock exactly for a pawn move or a capture.
        if board.halfmove_clock == 0:
            state["since_fen"], state["since_ply"] = state["fen"], len(state["moves"])
            # No position before a pawn move or capture can come again: drop the history
            # (the board is still this move's own, so it is emptied, not copied).
            board.clear_stack()
            history = (state["fen"],)
        else:
            history = (*history, move["uci"])
        _keep_board(history, board)
        events = [event("moved", seat=seat, uci=move["uci"], san=san)]
        termination = state["termination"]
        if termination == "checkmate":
            events.append(event("checkmate", seat=seat))
        elif termination is not None:
            events.append(event("draw", reason=termination))
        elif state["check"]:
            events.append(event("check", seat=seat))
        return events

    def view(self, state: ChessState, seat: int | None) -> ChessView:
        return {**self.common_view(state, seat), "public": self.open_state(state)}

    def result(self, state: ChessState) -> Result | None:
        termination = state["termination"]
        if termination is None:
            return None
        if termination in DECISIVE:
            winner = state["winner"]
            return {
                "placings": [1 if s == winner else 2 for s in (0, 1)],
                "scores": [1 if s == winner else 0 for s in (0, 1)],
            }
        return {"placings": [1, 1], "scores": [0.5, 0.5]}


ENGINE = Chess()
