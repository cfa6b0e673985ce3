"""The star board: 121 holes, a hexagon of 61 with six points of ten, in cube coordinates.

A hole (x, y, z) with x + y + z = 0 lies on the star when it is in one of two big triangles
(every coordinate >= -4, or every coordinate <= 4). The six points, in order round the star:
0: x > 4, 1: z < -4, 2: y > 4, 3: x < -4, 4: z > 4, 5: y < -4; point k faces point k + 3.
Holes are numbered 0..120 in sorted (x, y) order; `NEIGHBOURS[h]` lists (direction, hole).
"""

from __future__ import annotations

Cube = tuple[int, int, int]

DIRECTIONS: tuple[Cube, ...] = ((1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1))


def _on_star(x: int, y: int, z: int) -> bool:
    return min(x, y, z) >= -4 or max(x, y, z) <= 4


HOLES: tuple[Cube, ...] = tuple(
    sorted((x, y, -x - y) for x in range(-8, 9) for y in range(-8, 9) if -8 <= -x - y <= 8 and _on_star(x, y, -x - y))
)
INDEX: dict[Cube, int] = {cube: index for index, cube in enumerate(HOLES)}


def point_of(cube: Cube) -> int | None:
    """Which of the six points a hole lies in, None for the middle hexagon."""
    x, y, z = cube
    for point, inside in enumerate((x > 4, z < -4, y > 4, x < -4, z > 4, y < -4)):
        if inside:
            return point
    return None


POINTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(index for index, cube in enumerate(HOLES) if point_of(cube) == point) for point in range(6)
)


def _step(cube: Cube, direction: Cube, times: int = 1) -> Cube:
    return (cube[0] + direction[0] * times, cube[1] + direction[1] * times, cube[2] + direction[2] * times)


# For each hole and direction: the neighbour and the hole beyond it (-1 where off the board).
NEIGHBOUR: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX.get(_step(cube, d), -1) for d in DIRECTIONS) for cube in HOLES
)
BEYOND: tuple[tuple[int, ...], ...] = tuple(
    tuple(INDEX.get(_step(cube, d, 2), -1) for d in DIRECTIONS) for cube in HOLES
)


def distance(a: int, b: int) -> int:
    """Steps between two holes (hexagonal distance)."""
    ca, cb = HOLES[a], HOLES[b]
    return max(abs(ca[0] - cb[0]), abs(ca[1] - cb[1]), abs(ca[2] - cb[2]))


TIPS: tuple[int, ...] = tuple(max(POINTS[p], key=lambda h: distance(h, INDEX[(0, 0, 0)])) for p in range(6))


# Per hole: its neighbours, and the (neighbour, hole beyond) pairs a jump can use.
STEPS: tuple[tuple[int, ...], ...] = tuple(tuple(n for n in NEIGHBOUR[h] if n >= 0) for h in range(len(HOLES)))
JUMPS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((over, land) for over, land in zip(NEIGHBOUR[h], BEYOND[h], strict=True) if over >= 0 and land >= 0)
    for h in range(len(HOLES))
)


def destinations(board: list[int], start: int) -> list[int]:
    """Every hole the peg on `start` can end on: a step to an empty neighbour, or one or more
    jumps, each over an occupied neighbour to the empty hole beyond (never back to `start`,
    never over the hole it left)."""
    reached = {n for n in STEPS[start] if board[n] < 0}
    seen = {start}
    frontier = [start]
    # Most of every playout and search is spent here: plain loops over precomputed pairs.
    while frontier:
        here = frontier.pop()
        for over, land in JUMPS[here]:
            if board[land] < 0 and board[over] >= 0 and over != start and land not in seen:
                seen.add(land)
                reached.add(land)
                frontier.append(land)
    return sorted(reached)


def reaches(board: list[int], start: int, to: int) -> bool:
    """Whether `to` is among `destinations(board, start)`: the same steps and jumps, searched
    only until `to` is found (a move's check needs no more)."""
    if not 0 <= to < len(board) or board[to] >= 0:
        return False
    if to in STEPS[start]:
        return True
    seen = {start}
    frontier = [start]
    while frontier:
        here = frontier.pop()
        for over, land in JUMPS[here]:
            if board[land] < 0 and board[over] >= 0 and over != start and land not in seen:
                if land == to:
                    return True
                seen.add(land)
                frontier.append(land)
    return False
