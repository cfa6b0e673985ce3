"""Chess rules (house-rules, English part), one test per rule sentence.

Positions come from moves played through the public engine interface from the start, or,
where reaching a position by moves is impractical, from a FEN set with `start_position` (a
fresh game at that position). Seat 0 plays White unless a test says otherwise.
"""

from __future__ import annotations

import chess
import pytest
from svc_boards.chess import ENGINE
from svc_boards.chess.rules import META, start_position
from svc_boards.registry import REGISTRY

from rulekit import Event, IllegalMove, State, to_json


def new_game(seed: bytes = b"rules") -> State:
    return ENGINE.setup(2, {"white": "seat1"}, seed)


def position(fen: str) -> State:
    return start_position(new_game(), fen)


def move(uci: str) -> dict[str, str]:
    return {"type": "move", "uci": uci}


def play(state: State, *ucis: str) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for uci in ucis:
        state, events = ENGINE.apply(state, state["turn"], move(uci), 0)
    return state, events


def legal_ucis(state: State) -> set[str]:
    return {m["uci"] for m in ENGINE.legal_moves(state, state["turn"]) if m["type"] == "move"}


def refused(state: State, seat: int, candidate: object) -> str:
    before = to_json(state)
    with pytest.raises(IllegalMove) as refusal:
        ENGINE.apply(state, seat, candidate, 0)  # type: ignore[arg-type]
    assert to_json(state) == before
    return refusal.value.code


def test_registered_with_its_metadata() -> None:
    assert REGISTRY.get("chess") is ENGINE
    assert META.min_seats == META.max_seats == 2
    assert not META.chance and not META.hidden_information and not META.simultaneous


# -- the board and the players ----------------------------------------------------------------


def test_white_fixed_to_seat_one() -> None:
    """Rule: "Who plays white is drawn at random or fixed to seat 1." Seat 1 is seat index 0."""
    for seed in (b"a", b"b", b"c", b"d"):
        state = ENGINE.setup(2, {"white": "seat1"}, seed)
        assert state["white"] == 0 and state["turn"] == 0
        assert ENGINE.to_move(state) == frozenset({0})


def test_white_drawn_at_random() -> None:
    """Rule: "Who plays white is drawn at random or fixed to seat 1." Random is the default, the
    draw comes from the game's generator, and White moves first."""
    whites = [ENGINE.setup(2, {}, f"seed{i}".encode())["white"] for i in range(40)]
    assert set(whites) == {0, 1}
    assert 10 <= whites.count(0) <= 30
    assert ENGINE.setup(2, {}, b"seed7")["white"] == whites[7]  # the same seed, the same draw
    state = ENGINE.setup(2, {}, b"seed7")
    assert state["turn"] == state["white"] and ENGINE.to_move(state) == frozenset({state["white"]})


def test_view_tells_each_player_their_colour() -> None:
    """Rule: "The board is always turned so that your colour is at the bottom." The view names the
    seat playing White (the client turns the board from it), for players and spectators."""
    state = ENGINE.setup(2, {}, b"seed1")
    for seat in (0, 1, None):
        public = ENGINE.view(state, seat)["public"]
        assert public["white"] == state["white"]
        assert public["fen"] == chess.STARTING_FEN


def test_only_legal_moves_get_through() -> None:
    """Rule: "The server works out the moves, so an illegal one never gets through in the first
    place." Every move a legal-move list offers is python-chess's, and nothing else applies."""
    state = new_game()
    assert legal_ucis(state) == {m.uci() for m in chess.Board().legal_moves}
    assert {"type": "resign"} in ENGINE.legal_moves(state, 0)
    assert ENGINE.legal_moves(state, 1) == []
    assert refused(state, 0, move("e2e5")) == "illegal_move"
    assert refused(state, 0, move("e7e5")) == "illegal_move"  # the other side's pawn
    assert refused(state, 1, move("e7e5")) == "not_your_turn"
    assert refused(state, 0, {"type": "move", "uci": "e2e4", "extra": 1}) == "illegal_move"
    assert refused(state, 0, {"type": "move"}) == "illegal_move"
    assert refused(state, 0, {"type": "claim_draw"}) == "illegal_move"  # draws are never claimed
    assert refused(state, 0, "e2e4") == "malformed_move"


def test_view_shows_the_game_in_standard_notation() -> None:
    """The move list in standard notation, the last move, check, and whose turn it is."""
    state, events = play(new_game(), "e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6")
    public = ENGINE.view(state, None)["public"]
    assert public["san"] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6"]
    assert public["moves"] == ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6"]
    assert public["last"] == "d7c6" and public["turn"] == 0 and public["check"] is False
    assert public["termination"] is None and public["winner"] is None
    assert events == [{"code": "moved", "seat": 1, "uci": "d7c6", "san": "dxc6"}]
    assert "rng" not in public and ENGINE.view(state, 0)["legal_moves"] == ENGINE.legal_moves(state, 0)


def test_check_is_announced_and_must_be_answered() -> None:
    """A move that gives check says so, in the view and as an event; a check that can be
    answered is not mate ("Checkmate: The king is in check and no move helps"), and only the
    answers are legal."""
    state, events = play(new_game(), "e2e4", "f7f6", "d1h5")
    assert state["check"] is True and state["termination"] is None and ENGINE.result(state) is None
    assert events == [{"code": "moved", "seat": 0, "uci": "d1h5", "san": "Qh5+"}, {"code": "check", "seat": 0}]
    assert legal_ucis(state) == {"g7g6"}
    assert refused(state, 1, move("a7a6")) == "illegal_move"  # leaves the king in check


# -- castling ---------------------------------------------------------------------------------


def test_castling_moves_king_two_squares_and_rook_over_it() -> None:
    """Rule: "King two squares towards the rook, rook jumps over." """
    state = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert {"e1g1", "e1c1"} <= legal_ucis(state)
    short, events = play(state, "e1g1")
    assert chess.Board(short["fen"]).piece_at(chess.G1) == chess.Piece(chess.KING, chess.WHITE)
    assert chess.Board(short["fen"]).piece_at(chess.F1) == chess.Piece(chess.ROOK, chess.WHITE)
    assert events[0]["san"] == "O-O"
    long, events = play(short, "e8c8")
    board = chess.Board(long["fen"])
    assert board.piece_at(chess.C8) == chess.Piece(chess.KING, chess.BLACK)
    assert board.piece_at(chess.D8) == chess.Piece(chess.ROOK, chess.BLACK)
    assert events[0]["san"] == "O-O-O"


def test_castling_only_if_neither_has_moved() -> None:
    """Rule: "Only if neither has moved": a king or rook that moved and came back may not castle."""
    state = position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    after_king, _ = play(state, "e1f1", "a8b8", "f1e1", "b8a8")
    assert not {"e1g1", "e1c1"} & legal_ucis(after_king)
    after_rook, _ = play(state, "h1h2", "a8b8", "h2h1", "b8a8")
    assert "e1g1" not in legal_ucis(after_rook) and "e1c1" in legal_ucis(after_rook)


def test_castling_only_through_empty_squares() -> None:
    """Rule: "... the squares between are empty": not from the start position, not past a knight."""
    assert not {"e1g1", "e1c1"} & legal_ucis(new_game())
    state = position("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1")
    assert "e1c1" not in legal_ucis(state) and "e1g1" in legal_ucis(state)


def test_castling_out_of_check_refused() -> None:
    """Rule: "... and the king is not in check": a rook on the e-file forbids both castlings."""
    state = position("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert state["check"] is True
    assert not {"e1g1", "e1c1"} & legal_ucis(state)
    assert refused(state, 0, move("e1g1")) == "illegal_move"
    assert refused(state, 0, move("e1c1")) == "illegal_move"


def test_castling_through_check_refused() -> None:
    """Rule: "... does not pass through an attacked square": a bishop on a6 covers f1, so the short
    castling is refused while the long one stays legal."""
    state = position("4k3/8/b7/8/8/8/8/R3K2R w KQ - 0 1")
    assert state["check"] is False
    assert refused(state, 0, move("e1g1")) == "illegal_move"
    assert "e1c1" in legal_ucis(state)


def test_castling_into_check_refused() -> None:
    """Rule: "... and does not end in check": a rook on g8 covers g1."""
    state = position("4k1r1/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert refused(state, 0, move("e1g1")) == "illegal_move"
    assert "e1c1" in legal_ucis(state)


def test_long_castling_may_cross_an_attacked_b_square() -> None:
    """Only the king's path counts: with b1 attacked (rook on b8) the long castling is legal."""
    state = position("1r2k3/8/8/8/8/8/8/R3K2R w KQ - 0 1")
    assert "e1c1" in legal_ucis(state)


# -- en passant -------------------------------------------------------------------------------


def test_en_passant_capture() -> None:
    """Rule: "A pawn that has just moved two squares may be captured ... as if it had moved only
    one." The capturing pawn lands on the square passed over; the captured pawn leaves."""
    state, _ = play(new_game(), "e2e4", "a7a6", "e4e5", "d7d5")
    assert "e5d6" in legal_ucis(state)
    state, events = play(state, "e5d6")
    board = chess.Board(state["fen"])
    assert board.piece_at(chess.D6) == chess.Piece(chess.PAWN, chess.WHITE)
    assert board.piece_at(chess.D5) is None and board.piece_at(chess.E5) is None
    assert events[0]["san"] == "exd6"


def test_en_passant_only_on_the_immediately_following_move() -> None:
    """Rule: "... may be captured on the immediately following move": one move later it is gone."""
    state, _ = play(new_game(), "e2e4", "a7a6", "e4e5", "d7d5", "h2h3", "h7h6")
    assert "e5d6" not in legal_ucis(state)
    assert refused(state, 0, move("e5d6")) == "illegal_move"


def test_no_en_passant_after_a_single_step() -> None:
    """Only a pawn that moved two squares: d7-d6-d5 in two steps cannot be taken in passing."""
    state, _ = play(new_game(), "e2e4", "d7d6", "e4e5", "a7a6", "h2h3", "d6d5")
    assert "e5d6" not in legal_ucis(state)


# -- promotion --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("suffix", "piece"),
    [("q", chess.QUEEN), ("r", chess.ROOK), ("b", chess.BISHOP), ("n", chess.KNIGHT)],
)
def test_promotion_to_a_piece_of_your_choice(suffix: str, piece: chess.PieceType) -> None:
    """Rule: "A pawn reaching the last rank becomes a piece of your choice – queen, rook, bishop or
    knight." The choice is the UCI suffix; under-promotion included."""
    state = position("8/P6k/8/8/8/8/8/K7 w - - 0 1")
    assert {u for u in legal_ucis(state) if u.startswith("a7a8")} == {"a7a8q", "a7a8r", "a7a8b", "a7a8n"}
    state, events = play(state, f"a7a8{suffix}")
    assert chess.Board(state["fen"]).piece_at(chess.A8) == chess.Piece(piece, chess.WHITE)
    assert events[0]["san"].startswith(f"a8={suffix.upper()}")


def test_promotion_needs_a_choice() -> None:
    """There is no default piece: a pawn move to the last rank without a choice is refused,
    and so is a king or a pawn as the choice."""
    state = position("8/P6k/8/8/8/8/8/K7 w - - 0 1")
    for uci in ("a7a8", "a7a8k", "a7a8p"):
        assert refused(state, 0, move(uci)) == "illegal_move"


def test_under_promotion_with_capture_gives_mate() -> None:
    """Under-promotion counts as the piece chosen: taking on f8 and becoming a knight mates the
    boxed-in king on h7, where a queen would not even give check."""
    state = position("5rbr/4P1pk/6pp/8/8/8/8/K7 w - - 0 1")
    queen, _ = play(state, "e7f8q")
    assert queen["check"] is False
    state, events = play(state, "e7f8n")
    assert chess.Board(state["fen"]).piece_at(chess.F8) == chess.Piece(chess.KNIGHT, chess.WHITE)
    assert state["termination"] == "checkmate" and state["winner"] == 0
    assert events[0]["san"] == "exf8=N#"


# -- how it ends ------------------------------------------------------------------------------


def test_checkmate_ends_the_game() -> None:
    """Rule: "Checkmate: The king is in check and no move helps." The mating side wins."""
    state, events = play(new_game(), "f2f3", "e7e5", "g2g4", "d8h4")
    assert state["termination"] == "checkmate" and state["winner"] == 1
    assert events == [
        {"code": "moved", "seat": 1, "uci": "d8h4", "san": "Qh4#"},
        {"code": "checkmate", "seat": 1},
    ]
    assert ENGINE.result(state) == {"placings": [2, 1], "scores": [0, 1]}
    assert ENGINE.to_move(state) == frozenset()
    assert ENGINE.legal_moves(state, 0) == [] and ENGINE.legal_moves(state, 1) == []
    assert refused(state, 0, {"type": "resign"}) == "game_over"


def test_checkmate_placings_follow_the_colour() -> None:
    """With White drawn for the second seat (index 1), Black's mate is a win for seat 0."""
    state = next(s for s in (ENGINE.setup(2, {}, f"seed{i}".encode()) for i in range(40)) if s["white"] == 1)
    state, _ = play(state, "f2f3", "e7e5", "g2g4", "d8h4")
    assert state["winner"] == 0 and ENGINE.result(state) == {"placings": [1, 2], "scores": [1, 0]}


def test_stalemate_is_a_draw() -> None:
    """Rule: "Stalemate: No move available but the king is not in check: draw." """
    state = position("k7/8/2Q5/8/8/8/8/K7 w - - 0 1")
    state, events = play(state, "c6b6")
    assert state["termination"] == "stalemate" and state["check"] is False
    assert events[-1] == {"code": "draw", "reason": "stalemate"}
    assert ENGINE.result(state) == {"placings": [1, 1], "scores": [0.5, 0.5]}
    assert ENGINE.to_move(state) == frozenset()


def test_fifty_moves_without_pawn_move_or_capture_is_a_draw() -> None:
    """Rule: "Fifty moves: Fifty moves without a pawn move or a capture: draw." Applied at once on
    the hundredth such ply (fifty by each side), nobody has to claim it."""
    state = position("k7/8/8/8/8/8/8/KR6 w - - 98 80")
    state, events = play(state, "b1b2")
    assert state["termination"] is None  # 99 plies
    state, events = play(state, "a8a7")
    assert state["termination"] == "fifty_moves"
    assert events[-1] == {"code": "draw", "reason": "fifty_moves"}
    assert ENGINE.result(state) == {"placings": [1, 1], "scores": [0.5, 0.5]}


def test_fifty_moves_count_again_after_a_pawn_move_or_capture() -> None:
    """Rule: "... without a pawn move or a capture": either one starts the count again."""
    state = position("k7/8/8/8/8/4p3/8/KR6 w - - 99 80")
    state, _ = play(state, "b1b3")
    assert state["termination"] == "fifty_moves"
    state = position("k7/8/8/8/8/4p3/8/KR6 b - - 99 80")
    state, _ = play(state, "e3e2")  # a pawn move on the hundredth ply
    assert state["termination"] is None and chess.Board(state["fen"]).halfmove_clock == 0
    state = position("k7/8/8/8/8/1p6/8/KR6 w - - 99 80")
    state, _ = play(state, "b1b3")  # a capture on the hundredth ply
    assert state["termination"] is None and chess.Board(state["fen"]).halfmove_clock == 0


def test_checkmate_on_the_hundredth_ply_stands() -> None:
    """A mate delivered with the fiftieth move is a mate, not a draw (python-chess's order)."""
    state = position("k7/8/1K6/8/8/8/8/7R w - - 99 80")
    state, _ = play(state, "h1h8")
    assert state["termination"] == "checkmate" and state["winner"] == 0


def test_threefold_repetition_is_a_draw() -> None:
    """Rule: "Repetition: The same position for the third time: draw." Applied at once, no claim:
    the knights go out and back twice, and the start position stands for the third time."""
    shuffle = ("g1f3", "g8f6", "f3g1", "f6g8")
    twice, _ = play(new_game(), *shuffle)
    assert twice["termination"] is None  # the second time
    almost, _ = play(twice, *shuffle[:3])
    assert almost["termination"] is None
    state, events = play(almost, shuffle[3])
    assert state["termination"] == "threefold_repetition"
    assert events[-1] == {"code": "draw", "reason": "threefold_repetition"}
    assert ENGINE.result(state) == {"placings": [1, 1], "scores": [0.5, 0.5]}


def test_repetition_needs_the_same_castling_rights() -> None:
    """The same position means the same castling rights too. After 1.e4 e5 the kings walk out
    and back twice: the pieces stand as after 1.e4 e5 for the third time, but the first time
    both sides could still castle, so it is only the second repetition. The kings' walk out,
    made a third time, is the third."""
    state, _ = play(new_game(), "e2e4", "e7e5")
    walk = ("e1e2", "e8e7", "e2e1", "e7e8")
    state, _ = play(state, *walk, *walk)
    assert state["termination"] is None
    state, _ = play(state, "e1e2")
    assert state["termination"] is None
    state, _ = play(state, "e8e7")
    assert state["termination"] == "threefold_repetition"


def test_repetition_counts_the_same_position_with_other_moves_between() -> None:
    """Any order of moves that returns to the position counts, not only the same moves."""
    state, _ = play(new_game(), "g1f3", "g8f6", "f3g1", "f6g8", "b1c3", "b8c6", "c3b1", "c6b8")
    assert state["termination"] == "threefold_repetition"


@pytest.mark.parametrize(
    ("fen", "capture"),
    [
        ("k7/8/8/8/8/8/1r6/KB6 w - - 0 1", "a1b2"),  # king and bishop against king
        ("k7/8/8/8/8/8/1r6/KN6 w - - 0 1", "a1b2"),  # king and knight against king
        ("k7/8/8/8/8/8/1q6/K7 w - - 0 1", "a1b2"),  # bare kings
        ("k1b5/8/8/8/8/8/1r6/KB6 w - - 0 1", "a1b2"),  # bishops on the same colour
    ],
)
def test_dead_position_is_a_draw(fen: str, capture: str) -> None:
    """Rule: "Dead position: When neither side can mate – king and bishop against king, for
    instance: draw." Applied at once, by python-chess's insufficient-material rule."""
    state, events = play(position(fen), capture)
    assert state["termination"] == "insufficient_material"
    assert events[-1] == {"code": "draw", "reason": "insufficient_material"}
    assert ENGINE.result(state) == {"placings": [1, 1], "scores": [0.5, 0.5]}


def test_mating_material_left_is_not_dead() -> None:
    """King and rook, or two bishops on different colours, can still mate: play goes on."""
    for fen in ("k7/8/8/8/8/8/1q6/KR6 w - - 0 1", "k7/8/8/8/8/8/1q6/KB2B3 w - - 0 1"):
        state, _ = play(position(fen), "a1b2")
        assert state["termination"] is None


def test_resign_is_always_open_to_the_mover() -> None:
    """A player may resign on their turn (a house decision, on the rules page); the other
    seat wins."""
    state, _ = play(new_game(), "e2e4")
    assert {"type": "resign"} in ENGINE.legal_moves(state, 1)
    assert refused(state, 0, {"type": "resign"}) == "not_your_turn"
    state, events = ENGINE.apply(state, 1, {"type": "resign"}, 0)
    assert events == [{"code": "resigned", "seat": 1}]
    assert state["termination"] == "resignation" and state["winner"] == 0
    assert ENGINE.result(state) == {"placings": [1, 2], "scores": [1, 0]}
    assert ENGINE.to_move(state) == frozenset()
    assert ENGINE.view(state, None)["public"]["termination"] == "resignation"


def test_a_cpu_can_search_from_the_view() -> None:
    """The view is the open game: determinize gives back the state (less its generator)."""
    state, _ = play(new_game(), "e2e4", "c7c5", "g1f3")
    view = ENGINE.view(state, 1)
    sampled = ENGINE.determinize(view, 1, b"cpu")
    assert {k: v for k, v in sampled.items() if k != "rng"} == {k: v for k, v in state.items() if k != "rng"}
    after, _ = ENGINE.apply(sampled, 1, move("d7d6"), 0)
    assert after["san"][-1] == "d6"
