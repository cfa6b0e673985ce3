"""Four in a Row rules (house-rules, English part), one test per rule sentence, both variants.

Positions are drawn as diagrams, top row first: X is seat 0, O seat 1, a lower-case letter the
disc played last. `build` finds an order of legal moves that lays exactly those discs, with the
seats taking turns, and plays it through the public engine interface.
"""

from __future__ import annotations

import pytest
from svc_boards.four_in_a_row import ENGINE
from svc_boards.four_in_a_row.rules import META
from svc_boards.registry import REGISTRY

from rulekit import Event, IllegalMove, Refusal, State

VARIANTS = ("7x6-4", "9x7-5")


def drop(column: object) -> dict[str, object]:
    return {"type": "drop", "column": column}


def play(state: State, *columns: int) -> tuple[State, list[Event]]:
    events: list[Event] = []
    for column in columns:
        state, events = ENGINE.apply(state, state["turn"], drop(column), 0)
    return state, events


def build(variant: str, diagram: str) -> tuple[State, list[Event]]:
    """The position of `diagram` reached by legal moves, and the events of the last move."""
    state = ENGINE.setup(2, {"variant": variant}, b"rules")
    columns = state["columns"]
    texts = [line.strip() for line in diagram.strip().splitlines()]
    stacks: list[list[int]] = [[] for _ in range(columns)]
    last_column = None
    for row, text in enumerate(reversed(texts)):
        assert len(text) == columns, f"row {text!r} is not {columns} wide"
        for column, mark in enumerate(text):
            if mark == ".":
                continue
            assert len(stacks[column]) == row, f"a floating disc in column {column}"
            stacks[column].append(0 if mark in "Xx" else 1)
            if mark.islower():
                last_column = column
    total = sum(map(len, stacks))
    dead_ends: set[tuple[int, ...]] = set()
    tries = [0]

    def extend(state: State, heights: list[int], events: list[Event]) -> tuple[State, list[Event]] | None:
        placed = sum(heights)
        if placed == total:
            return state, events
        if tuple(heights) in dead_ends:
            return None
        for column in range(columns):
            height = heights[column]
            if height == len(stacks[column]) or stacks[column][height] != state["turn"]:
                continue
            is_last_disc = column == last_column and height == len(stacks[column]) - 1
            if is_last_disc and placed < total - 1:
                continue
            tries[0] += 1
            assert tries[0] < 10_000, "the diagram is hard to reach; check its disc counts"
            child, child_events = ENGINE.apply(state, state["turn"], drop(column), 0)
            if ENGINE.result(child) is not None and placed < total - 1:
                continue
            heights[column] += 1
            found = extend(child, heights, child_events)
            heights[column] -= 1
            if found is not None:
                return found
        dead_ends.add(tuple(heights))
        return None

    found = extend(state, [0] * columns, [])
    assert found is not None, "no legal order lays these discs"
    return found


def grid(state: State) -> list[str]:
    """The board as diagram rows, top row first."""
    return ["".join(".XO"[cell + 1] for cell in row) for row in reversed(state["board"])]


# -- "Take turns dropping discs into a column; they fall to the bottom." ------------------------


@pytest.mark.parametrize("variant", VARIANTS)
def test_discs_fall_to_the_bottom(variant: str) -> None:
    """Take turns dropping discs into a column; they fall to the bottom."""
    state = ENGINE.setup(2, {"variant": variant}, b"t")
    state, events = play(state, 2)
    assert events == [{"code": "dropped", "seat": 0, "column": 2, "row": 0}]
    assert state["board"][0][2] == 0
    assert state["last"] == {"column": 2, "row": 0}
    state, events = play(state, 2)
    assert events == [{"code": "dropped", "seat": 1, "column": 2, "row": 1}]
    assert state["board"][1][2] == 1 and state["board"][0][2] == 0
    assert state["moves"] == 2
    assert sum(cell != -1 for row in state["board"] for cell in row) == 2


@pytest.mark.parametrize("variant", VARIANTS)
def test_turns_alternate(variant: str) -> None:
    """Take turns dropping discs into a column; they fall to the bottom."""
    state = ENGINE.setup(2, {"variant": variant}, b"t")
    assert ENGINE.to_move(state) == {0} and state["turn"] == 0
    for expected in (1, 0, 1, 0):
        state, _ = play(state, 0 if expected else 1)
        assert ENGINE.to_move(state) == {expected} and state["turn"] == expected
        with pytest.raises(IllegalMove) as refused:
            ENGINE.apply(state, 1 - expected, drop(3), 0)
        assert refused.value.code == "not_your_turn"
        assert ENGINE.legal_moves(state, 1 - expected) == []


@pytest.mark.parametrize("variant", VARIANTS)
def test_full_column_is_refused(variant: str) -> None:
    """Take turns dropping discs into a column; they fall to the bottom (a full column has no bottom left)."""
    state = ENGINE.setup(2, {"variant": variant}, b"t")
    state, _ = play(state, *[4] * state["rows"])  # alternate discs: nobody gets a line
    assert ENGINE.result(state) is None
    assert [cell for row in state["board"] for cell in row[4:5]] == [i % 2 for i in range(state["rows"])]
    legal = ENGINE.legal_moves(state, state["turn"])
    assert drop(4) not in legal
    assert legal == [drop(c) for c in range(state["columns"]) if c != 4]
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, state["turn"], drop(4), 0)
    assert refused.value.code == "illegal_move"


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("bad", [-1, 9, 99, 3.0, True, "3", None])
def test_only_real_columns(variant: str, bad: object) -> None:
    """Take turns dropping discs into a column; they fall to the bottom (only into a column of the grid)."""
    state = ENGINE.setup(2, {"variant": variant}, b"t")
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(state, 0, drop(bad), 0)
    assert refused.value.code in {"illegal_move", "malformed_move"}
    for move in ({"type": "drop"}, {"type": "drop", "column": 3, "row": 0}, {"column": 3}):
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, 0, move, 0)


# -- "First to get four in a row – across, down or diagonally – wins." --------------------------

WINS = {
    "7x6-4": {
        "across": ("OOO....\nXXXx...", [[0, 0], [1, 0], [2, 0], [3, 0]]),
        "down": ("x......\nXO.....\nXO.....\nXO.....", [[0, 0], [0, 1], [0, 2], [0, 3]]),
        "diagonal up": (
            "...x...\n..XO...\n.XOO...\nXOOX..X",
            [[0, 0], [1, 1], [2, 2], [3, 3]],
        ),
        "diagonal down": (
            "...x...\n...OX..\n...OOX.\nX..XOOX",
            [[3, 3], [4, 2], [5, 1], [6, 0]],
        ),
    },
    "9x7-5": {
        "across": ("OOOO.....\nXXXXx....", [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]),
        "down": (
            "x........\nXO.......\nXO.......\nXO.......\nXO.......",
            [[0, 0], [0, 1], [0, 2], [0, 3], [0, 4]],
        ),
        "diagonal up": (
            "....x....\n...XO....\n..XOX....\n.XOOO....\nXOOXX....",
            [[0, 0], [1, 1], [2, 2], [3, 3], [4, 4]],
        ),
        "diagonal down": (
            "....x....\n....OX...\n....XOX..\n....OOOX.\n....XXOOX",
            [[4, 4], [5, 3], [6, 2], [7, 1], [8, 0]],
        ),
    },
}


@pytest.mark.parametrize(
    ("variant", "direction"), [(variant, direction) for variant in VARIANTS for direction in WINS[variant]]
)
def test_a_line_wins(variant: str, direction: str) -> None:
    """First to get four in a row – across, down or diagonally – wins (five in the 9×7 variant)."""
    diagram, line = WINS[variant][direction]
    state, events = build(variant, diagram)
    assert grid(state)[-len(diagram.splitlines()) :] == diagram.upper().splitlines()
    assert events[-1] == {"code": "won", "seat": 0, "line": line}
    assert state["line"] == line
    assert ENGINE.result(state) == {"placings": [1, 2], "scores": [1, 0]}
    assert ENGINE.to_move(state) == frozenset()


def test_the_second_seat_wins_too() -> None:
    """First to get four in a row – across, down or diagonally – wins."""
    state, events = build("7x6-4", "XXX....\nOOOo..X")
    assert events == [
        {"code": "dropped", "seat": 1, "column": 3, "row": 0},
        {"code": "won", "seat": 1, "line": [[0, 0], [1, 0], [2, 0], [3, 0]]},
    ]
    assert ENGINE.result(state) == {"placings": [2, 1], "scores": [0, 1]}


def test_the_whole_run_is_the_line() -> None:
    """First to get four in a row – across, down or diagonally – wins (filling a gap can make five)."""
    state, events = build("7x6-4", "OOO.OO.\nXXXxXX.")
    assert events[-1]["line"] == [[c, 0] for c in range(6)]
    assert ENGINE.result(state)["placings"] == [1, 2]


@pytest.mark.parametrize("variant", VARIANTS)
def test_no_move_after_a_win(variant: str) -> None:
    """First to get four in a row – across, down or diagonally – wins (and the game is over)."""
    state, _ = build(variant, WINS[variant]["across"][0])
    for seat in (0, 1):
        assert ENGINE.legal_moves(state, seat) == []
        assert ENGINE.view(state, seat)["legal_moves"] == []
        with pytest.raises(IllegalMove) as refused:
            ENGINE.apply(state, seat, drop(6), 0)
        assert refused.value.code == "game_over"


# -- "Full grid without a winner: draw." ---------------------------------------------------------

# Colour of cell (c, r) = (c // 2 + r) % 2: pairs across, alternating up, and along either
# diagonal the colour changes every second step, so nobody ever has three in a row.
DRAWS = {
    "7x6-4": "\n".join(["OOXXOOX", "XXOOXXO"] * 3),
    "9x7-5": "\n".join(["XXOOXXOOX"] + ["OOXXOOXXO", "XXOOXXOOX"] * 3),
}


@pytest.mark.parametrize("variant", VARIANTS)
def test_full_grid_without_a_winner_is_a_draw(variant: str) -> None:
    """Full grid without a winner: draw."""
    state, events = build(variant, DRAWS[variant])
    assert grid(state) == DRAWS[variant].splitlines()
    assert state["moves"] == state["rows"] * state["columns"]
    assert events[-1] == {"code": "draw"}
    assert state["line"] is None
    assert ENGINE.result(state) == {"placings": [1, 1], "scores": [0.5, 0.5]}
    assert ENGINE.to_move(state) == frozenset()
    assert ENGINE.legal_moves(state, state["turn"]) == []


def test_the_last_disc_may_still_win() -> None:
    """Full grid without a winner: draw (a line made by the last disc is a win, not a draw)."""
    rows = DRAWS["7x6-4"].splitlines()
    assert rows[0] == "OOXXOOX"
    # The draw pattern with two X and two O of its top row swapped: the 42nd disc, seat 1's,
    # completes four across.
    rows[0] = "OOOoXXX"
    state, events = build("7x6-4", "\n".join(rows))
    assert state["moves"] == 42
    assert events[-1] == {"code": "won", "seat": 1, "line": [[0, 5], [1, 5], [2, 5], [3, 5]]}
    assert ENGINE.result(state)["placings"] == [2, 1]


# -- "Variant: instead of 7×6 with four in a row, also 9×7 with five in a row." -----------------


@pytest.mark.parametrize(("variant", "shape"), [(None, (7, 6, 4)), ("7x6-4", (7, 6, 4)), ("9x7-5", (9, 7, 5))])
def test_variant_sets_the_grid(variant: str | None, shape: tuple[int, int, int]) -> None:
    """Variant: instead of 7×6 with four in a row, also 9×7 with five in a row."""
    state = ENGINE.setup(2, {} if variant is None else {"variant": variant}, b"t")
    columns, rows, connect = shape
    assert (state["columns"], state["rows"], state["connect"]) == shape
    assert len(state["board"]) == rows and all(row == [-1] * columns for row in state["board"])
    assert ENGINE.legal_moves(state, 0) == [drop(c) for c in range(columns)]


@pytest.mark.parametrize("direction", ["across", "down", "diagonal up", "diagonal down"])
def test_four_is_not_enough_on_the_big_grid(direction: str) -> None:
    """Variant: instead of 7×6 with four in a row, also 9×7 with five in a row (four does not win there)."""
    small, _ = WINS["7x6-4"][direction]
    state, events = build("9x7-5", "\n".join(row + ".." for row in small.splitlines()))
    assert [e["code"] for e in events] == ["dropped"]
    assert ENGINE.result(state) is None and state["line"] is None
    assert ENGINE.to_move(state) == {1}


def test_unknown_variant_is_refused() -> None:
    """Variant: instead of 7×6 with four in a row, also 9×7 with five in a row (and nothing else)."""
    with pytest.raises(Refusal) as refused:
        ENGINE.setup(2, {"variant": "8x8-4"}, b"t")
    assert refused.value.code == "bad_option"
    with pytest.raises(Refusal) as refused:
        ENGINE.setup(3, {}, b"t")
    assert refused.value.code == "bad_seat_count"


# -- What the client and the registry rely on ----------------------------------------------------


def test_meta_and_registry() -> None:
    assert REGISTRY.get("four-in-a-row") is ENGINE
    data = META.to_json()
    assert (data["id"], data["family"], data["min_seats"], data["max_seats"]) == ("four-in-a-row", "boards", 2, 2)
    assert data["chance"] is False and data["hidden_information"] is False
    assert data["options"] == [
        {
            "key": "variant",
            "kind": "choice",
            "default": "7x6-4",
            "label": "option.variant",
            "choices": ["7x6-4", "9x7-5"],
        },
        {
            "key": "move_clock",
            "kind": "choice",
            "default": "off",
            "label": "option.move_clock",
            "choices": ["off", "relaxed", "normal", "fast"],
        },
    ]
    assert data["clock"] == {"relaxed": 60, "normal": 30, "fast": 15}
    assert data["cpu_levels"] == ["random", "easy", "medium", "strong"]


@pytest.mark.parametrize("seat", [0, 1, None])
def test_view_shape(seat: int | None) -> None:
    state, _ = play(ENGINE.setup(2, {"variant": "9x7-5"}, b"t"), 4, 4, 5)
    view = ENGINE.view(state, seat)
    public = view["public"]
    assert set(public) == {
        "columns",
        "rows",
        "connect",
        "board",
        "turn",
        "last",
        "line",
        "moves",
        "turn_started_ms",
        "schema",
        "game",
        "seats",
        "options",
    }
    assert (public["columns"], public["rows"], public["connect"], public["turn"], public["moves"]) == (9, 7, 5, 1, 3)
    assert public["board"][0][4:6] == [0, 0] and public["board"][1][4] == 1
    assert public["last"] == {"column": 5, "row": 0} and public["line"] is None
    assert view["to_move"] == [1]
    assert view["legal_moves"] == ([drop(c) for c in range(9)] if seat == 1 else [])
    assert ENGINE.determinize(view, 1, b"cpu")["board"] == state["board"]
