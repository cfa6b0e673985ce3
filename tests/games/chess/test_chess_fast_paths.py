"""The chess engine's fast paths give what python-chess itself gives.

`apply` takes its board from a cache of the boards earlier moves made and writes the FEN and
the end of the game without python-chess's slower `fen()` and `outcome()`; each seeded random
game here is replayed on one plain `chess.Board` and compared ply by ply, and the same moves
applied with the cache emptied before every move must give the same states.
"""

from __future__ import annotations

import random

import chess
import pytest
from svc_boards.chess import ENGINE, rules

from rulekit import BaseEngine, IllegalMove, State


def reference_termination(board: chess.Board) -> str | None:
    outcome = board.outcome(claim_draw=False)
    if outcome is not None:
        return outcome.termination.name.lower()
    if board.is_fifty_moves():
        return "fifty_moves"
    if board.is_repetition(3):
        return "threefold_repetition"
    return None


def random_game(seed: int, plies: int = 400) -> list[State]:
    rnd = random.Random(seed)
    state = ENGINE.setup(2, {"white": "seat1"}, f"fast:{seed}".encode())
    states = [state]
    for _ in range(plies):
        if state["termination"] is not None:
            break
        moves = [m for m in ENGINE.legal_moves(state, state["turn"]) if m["type"] == "move"]
        state, _ = ENGINE.apply(state, state["turn"], rnd.choice(moves), 0)
        states.append(state)
    return states


@pytest.mark.parametrize("seed", range(8))
def test_every_ply_matches_python_chess(seed: int) -> None:
    board = chess.Board()
    states = random_game(seed)
    for before, after in zip(states, states[1:], strict=False):
        uci = after["moves"][-1]
        san = board.san(chess.Move.from_uci(uci))
        board.push_uci(uci)
        assert after["fen"] == board.fen(), f"seed {seed}, ply {board.ply()}"
        assert after["san"][-1] == san
        assert after["check"] == board.is_check()
        assert after["termination"] == reference_termination(board), f"seed {seed}, ply {board.ply()}"
        assert after["moves"][:-1] == before["moves"]


@pytest.mark.parametrize("seed", range(4))
def test_a_cold_cache_gives_the_same_states(seed: int) -> None:
    warm = random_game(seed, plies=200)
    state = warm[0]
    for expected in warm[1:]:
        rules._BOARD_CACHE.clear()
        rules._LEGAL_CACHE.clear()
        state, _ = ENGINE.apply(state, state["turn"], {"type": "move", "uci": expected["moves"][-1]}, 0)
        assert state == expected


def test_repetition_is_seen_through_cached_boards() -> None:
    state = ENGINE.setup(2, {"white": "seat1"}, b"repeat")
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    for uci in shuffle * 2:
        assert state["termination"] is None
        state, _ = ENGINE.apply(state, state["turn"], {"type": "move", "uci": uci}, 0)
    # The start position has now stood three times.
    assert state["termination"] == "threefold_repetition"


def test_fen_of_matches_board_fen_with_en_passant_castling_and_promotion() -> None:
    for fen in (
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",  # a legal en passant
        "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
        "r3k2r/8/8/8/8/8/8/R3K2R w Kq - 0 1",
        "1n2k3/P7/8/8/8/8/8/4K3 w - - 0 1",
        "8/8/8/8/8/8/8/4K2k w - - 99 140",
    ):
        board = chess.Board(fen)
        assert rules.fen_of(board) == board.fen()
        for move in list(board.legal_moves):
            board.push(move)
            assert rules.fen_of(board) == board.fen()
            board.pop()


def general_refusal(state: State, seat: int, move: object) -> str | None:
    """What the contract's own check (`BaseEngine.check_move`) says of `move`."""
    try:
        BaseEngine.check_move(ENGINE, state, seat, move)
    except IllegalMove as refusal:
        return refusal.code
    return None


def chess_refusal(state: State, seat: int, move: object) -> str | None:
    try:
        ENGINE.check_move(state, seat, move)
    except IllegalMove as refusal:
        return refusal.code
    return None


@pytest.mark.parametrize("seed", range(3))
def test_the_quick_move_check_agrees_with_the_contracts(seed: int) -> None:
    # Every listed move, the same moves with a key too many or a value of another type, from
    # the seat to move and the other one, in positions of a random game and after its end.
    for state in random_game(seed, plies=120)[::7] + [
        ENGINE.apply(random_game(seed, 3)[-1], 1, {"type": "resign"}, 0)[0]
    ]:
        listed = list(rules._listed(state["fen"]))
        odd: list[object] = [
            None,
            [],
            "e2e4",
            {"type": "move"},
            {"type": "move", "uci": "a1a8"},
            {"type": 3, "uci": "e2e4"},
            *({**move, "extra": 1} for move in listed[:3]),
            *({**move, "uci": [move.get("uci")]} for move in listed[:3]),
        ]
        for move in listed + odd:
            for seat in (0, 1):
                assert chess_refusal(state, seat, move) == general_refusal(state, seat, move), (move, seat)


def test_a_state_copy_shares_no_container() -> None:
    # `shallow_copy` copies the keys it knows to hold lists or dicts: a key of a new kind must
    # be added to `STATE_CONTAINERS`, or copies would share it.
    state = random_game(5, plies=60)[-1]
    clock = ENGINE.setup(2, {"white": "seat1", "move_clock": "fast"}, b"clock")
    ENGINE.start_clock(clock, 1_000)
    for each in (state, clock):
        containers = {key for key, value in each.items() if isinstance(value, (list, dict))}
        assert containers <= set(rules.STATE_CONTAINERS)
        copy = ENGINE.copy_state(each)
        assert copy == each
        assert all(copy[key] is not each[key] for key in containers)


# Positions with the moves python-chess treats apart: castling both ways, en passant,
# promotions (with and without capture), evasions from single and double check, pins.
SPECIAL_POSITIONS = (
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R b KQkq - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "rnbqkbnr/pppp1ppp/8/8/3Pp3/8/PPP1PPPP/RNBQKBNR b KQkq d3 0 2",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N w - - 0 1",
    "4k3/8/8/8/8/8/8/R3K2r w Q - 0 1",  # in check along the first rank
    "4k3/8/5n2/8/1b6/8/8/4K3 w - - 0 1",  # in check from the bishop
    "4k3/8/8/8/1b6/3n4/8/4K3 w - - 0 1",  # double check
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",  # pinned and en passant themes
    "8/8/8/KPp4r/8/8/8/4k3 w - c6 0 1",  # en passant would bare the king along its rank
    "4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1",  # a pinned bishop: no move of it is legal
)


def test_move_listing_and_check_match_python_chess() -> None:
    # The listing writes out `Board.generate_legal_moves` to look the move objects up in the
    # same pass and learn the check on the way: the same moves in the same order, and the
    # same check, in special positions and along random games.
    boards = [chess.Board(fen) for fen in SPECIAL_POSITIONS]
    for seed in range(3):
        board = chess.Board()
        for uci in random_game(seed, plies=300)[-1]["moves"]:
            board.push_uci(uci)
            boards.append(board.copy())
    assert len(chess.Board(SPECIAL_POSITIONS[8]).checkers()) == 2
    for board in boards:
        moves, check = rules._legal_move_objects(board)
        assert [move["uci"] for move in moves] == [move.uci() for move in board.generate_legal_moves()], board.fen()
        assert check == board.is_check(), board.fen()


def test_the_placement_after_a_move_matches_python_chess() -> None:
    # Only the ranks of the move's two squares are written again: castling, en passant and
    # promotion change nothing elsewhere.
    for fen in SPECIAL_POSITIONS:
        board = chess.Board(fen)
        before = board.board_fen()
        for move in list(board.legal_moves):
            board.push(move)
            assert rules.placement_after(before, board, move) == board.board_fen(), (fen, move.uci())
            board.pop()


def test_the_board_cache_drops_its_oldest_boards_first() -> None:
    rules.clear_caches()
    size = rules._BOARD_CACHE_SIZE
    for n in range(size + 1):
        rules._keep_board((f"history {n}",), chess.Board())
    # Full at `size`: the oldest quarter went, the newest stayed.
    assert ("history 0",) not in rules._BOARD_CACHE
    assert (f"history {size // 4}",) in rules._BOARD_CACHE
    assert (f"history {size}",) in rules._BOARD_CACHE
    assert len(rules._BOARD_CACHE) == size - size // 4 + 1
    rules.clear_caches()


def test_the_pieces_of_a_kind_that_reach_a_square_match_python_chess() -> None:
    # SAN asks only whether another piece of the moving kind attacks the target square: the
    # attack tables asked for that kind alone must give python-chess's `attackers_mask` of it.
    boards = [chess.Board(fen) for fen in SPECIAL_POSITIONS]
    board = chess.Board()
    for uci in random_game(11, plies=200)[-1]["moves"]:
        board.push_uci(uci)
        boards.append(board.copy())
    for board in boards:
        for piece_type in (chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN):
            for square in chess.SQUARES:
                expected = (board.attackers_mask(chess.WHITE, square) | board.attackers_mask(chess.BLACK, square)) & (
                    board.pieces_mask(piece_type, chess.WHITE) | board.pieces_mask(piece_type, chess.BLACK)
                )
                assert rules._kind_reaches(board, piece_type, square) == expected, (board.fen(), piece_type, square)


def test_a_board_copy_holds_what_python_chess_copies_and_shares_no_list() -> None:
    # The copy sets the fields of python-chess 1.11's boards one by one; a python-chess whose
    # boards hold other fields would be copied by its own `Board.copy` (and this would fail).
    assert rules._SET_FIELD_BY_FIELD
    board = chess.Board()
    for uci in random_game(12, plies=60)[-1]["moves"]:
        board.push_uci(uci)
    copy, reference = rules._copy_board(board), board.copy()
    assert vars(copy).keys() == vars(reference).keys()
    for name, value in vars(reference).items():
        assert getattr(copy, name) == value, name
    for name in ("occupied_co", "move_stack", "_stack"):
        assert getattr(copy, name) is not getattr(board, name), name
    copy.push(next(iter(copy.legal_moves)))
    assert board.fen() == reference.fen() and len(board.move_stack) == len(reference.move_stack)
