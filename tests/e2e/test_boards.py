"""The strategy boards through the web client: a whole chess game against the CPU (with the
promotion dialog), and Nine Men's Morris played into the flying phase."""

from __future__ import annotations

import re

import chess
import pytest
from playwright.sync_api import Browser, Page, expect

from tests.support.browser import at_quick_pace, laid_out_box

pytestmark = pytest.mark.e2e

PHONE = {"width": 360, "height": 640}
LIT = re.compile(r"\blit\b")
TARGET = re.compile(r"\btarget\b")
REMOVABLE = re.compile(r"\bremovable\b")


def _create_room(page: Page, base_url: str, game: str, second_seat: str, options: dict[str, str] | None = None) -> str:
    page.goto(base_url)
    page.get_by_test_id("nickname").fill("Anna")
    # Let the start page finish drawing its default game first: a game chosen while that is
    # still loading can get the default game's settings drawn over its own.
    expect(page.get_by_test_id("game-info")).not_to_be_empty()
    page.get_by_test_id("create-game").select_option(game)
    # The seat list is drawn again once the game's settings arrive: choose until it holds.
    seat_kind = page.get_by_test_id("seat-kind-1")
    for _ in range(20):
        seat_kind.select_option(second_seat)
        page.wait_for_timeout(150)
        if seat_kind.input_value() == second_seat:
            break
    expect(seat_kind).to_have_value(second_seat)
    if second_seat == "cpu":
        page.get_by_test_id("seat-level-1").select_option("random")
    for key, label in (options or {}).items():
        field = page.get_by_test_id(f"option-{key}")
        field.select_option(label=label)
        expect(field.locator("option:checked")).to_have_text(label)
    page.get_by_test_id("create-button").click()
    expect(page.get_by_test_id("waiting-room")).to_be_visible()
    return page.get_by_test_id("waiting-code").inner_text().strip()


# -- chess ------------------------------------------------------------------------------------

VALUE = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9, chess.KING: 0}


def _material(board: chess.Board, me: chess.Color) -> float:
    """Material from `me`'s side, pawns worth a little more the further they have come."""
    total = 0.0
    for square, piece in board.piece_map().items():
        value = VALUE[piece.piece_type]
        if piece.piece_type == chess.PAWN:
            rank = chess.square_rank(square) if piece.color == chess.WHITE else 7 - chess.square_rank(square)
            value += 0.1 * rank * rank / 7
        total += value if piece.color == me else -value
    return total


def _choose(board: chess.Board, promoted: bool) -> chess.Move:
    """The test player's move against a uniformly random opponent: the best expected material
    over the opponent's replies, avoiding every draw, and mating only once a pawn has been
    promoted (so the game always goes through the promotion dialog). Against the random CPU
    this wins every one of 200 seeded trial games, in 24 moves on average and 51 at most."""
    me = board.turn
    best, best_value = None, -1e9
    for move in board.legal_moves:
        board.push(move)
        if board.is_checkmate():
            value = 1e6 if promoted else -50.0
        elif board.is_game_over(claim_draw=True) or board.can_claim_draw():
            value = -1e5
        else:
            replies = list(board.legal_moves)
            total = 0.0
            for reply in replies:
                board.push(reply)
                drawn = board.is_repetition(3) or board.is_insufficient_material() or board.is_stalemate()
                total += -1000.0 if drawn else _material(board, me)
                board.pop()
            # Fewer replies for the opponent: its king is pinned down sooner.
            value = total / len(replies) - 0.05 * len(replies) - (5.0 if board.is_repetition(2) else 0.0)
        board.pop()
        if value > best_value:
            best, best_value = move, value
    assert best is not None
    return best


def _square_labels(page: Page) -> dict[str, str]:
    return page.evaluate(
        "() => Object.fromEntries([...document.querySelectorAll('[data-testid=chess-board] [data-testid^=sq-]')]"
        ".map((el) => [el.dataset.testid.slice(3), el.getAttribute('aria-label')]))"
    )


def _plies(page: Page) -> list[str]:
    return page.locator("[data-testid=chess-moves] .ply").all_inner_texts()


def _game_over(page: Page) -> bool:
    return page.get_by_test_id("result-panel").is_visible()


def test_a_whole_chess_game_against_the_cpu_with_a_promotion(browser: Browser, stack) -> None:
    context = browser.new_context(viewport=PHONE, locale="en-GB")
    at_quick_pace(context)
    page = context.new_page()
    try:
        _create_room(page, stack.base_url, "chess", "cpu", {"white": "the first seat of the list"})
        page.get_by_test_id("start-button").click()
        expect(page.get_by_test_id("chess-board")).to_be_visible()
        expect(page.get_by_test_id("seat-0")).to_contain_text("White")
        # White at the bottom: a1 in the bottom left corner.
        a1 = laid_out_box(page.get_by_test_id("sq-a1"))
        h8 = laid_out_box(page.get_by_test_id("sq-h8"))
        assert a1 and h8 and a1["x"] < h8["x"] and a1["y"] > h8["y"]

        promotions = 0
        for _ in range(120):
            page.wait_for_function(
                "() => document.querySelector('[data-testid=turn-status].mine')"
                " || document.querySelector('[data-testid=result-panel]')",
                timeout=20_000,
            )
            if _game_over(page):
                break
            # The position as the page shows it: the move list replayed, checked against the
            # squares' spoken labels.
            board = chess.Board()
            for san in _plies(page):
                board.push_san(san)
            assert board.turn == chess.WHITE
            labels = _square_labels(page)
            for square in chess.SQUARES:
                name = chess.square_name(square)
                piece = board.piece_at(square)
                expected = (
                    f"{'white' if piece.color else 'black'} {chess.piece_name(piece.piece_type)}" if piece else "empty"
                )
                assert labels[name].startswith(f"{name}, {expected}"), (name, labels[name])

            move = _choose(board, promotions > 0)
            start, end = chess.square_name(move.from_square), chess.square_name(move.to_square)
            source = page.get_by_test_id(f"sq-{start}")
            expect(source).to_have_attribute("aria-label", re.compile("can move"))
            source.click()
            target = page.get_by_test_id(f"sq-{end}")
            expect(target).to_have_attribute("aria-label", re.compile("legal target"))
            count = len(board.move_stack)
            target.click()
            if move.promotion:
                dialog = page.get_by_test_id("promotion-dialog")
                expect(dialog).to_be_visible()
                expect(dialog.locator("button.promo-choice")).to_have_count(4)
                letter = chess.piece_symbol(move.promotion)
                page.get_by_test_id(f"promote-{letter}").click()
                promotions += 1
            page.wait_for_function(
                f"() => document.querySelectorAll('[data-testid=chess-moves] .ply').length > {count}", timeout=30_000
            )
            if move.promotion:
                assert "=" in _plies(page)[count]
        else:
            pytest.fail("the game did not end within 120 moves")

        expect(page.get_by_test_id("result-panel")).to_be_visible()
        assert promotions >= 1
        assert _plies(page)[-1].endswith("#"), _plies(page)[-3:]
        expect(page.get_by_test_id("placing-0")).to_contain_text("Anna")
        expect(page.get_by_test_id("last-event")).to_contain_text(re.compile("Checkmate|Game over"))
    finally:
        context.close()


# -- morris ------------------------------------------------------------------------------------


def _tap(page: Page, point: str) -> None:
    button = page.get_by_test_id(f"pt-{point}")
    expect(button).to_have_class(LIT, timeout=30_000)
    button.click()


def _play(page: Page, start: str | None, to: str, remove: str | None = None) -> None:
    """One morris move through the board: (a piece,) a lit point, and the piece a mill takes."""
    if start:
        _tap(page, start)
    target = page.get_by_test_id(f"pt-{to}")
    expect(target).to_have_class(TARGET, timeout=30_000)  # once the other seat's move is in
    target.click()
    if remove:
        expect(page.get_by_test_id("morris-hint")).to_be_visible()
        taken = page.get_by_test_id(f"pt-{remove}")
        expect(taken).to_have_class(REMOVABLE)
        taken.click()
        expect(page.get_by_test_id(f"pt-{remove}")).to_have_attribute("aria-label", re.compile("free"), timeout=30_000)
    else:
        expect(page.get_by_test_id(f"pt-{to}")).not_to_have_attribute("aria-label", re.compile("free"), timeout=30_000)


def test_morris_into_the_flying_phase(browser: Browser, stack) -> None:
    anna_context = browser.new_context(viewport=PHONE, locale="en-GB")
    ben_context = browser.new_context(viewport=PHONE, locale="en-GB")
    anna, ben = anna_context.new_page(), ben_context.new_page()
    try:
        code = _create_room(anna, stack.base_url, "morris", "human")
        ben.goto(f"{stack.base_url}/r/{code}")
        ben.get_by_test_id("join-nickname").fill("Ben")
        ben.get_by_test_id("join-room-button").click()
        expect(anna.get_by_test_id("waiting-seat-1")).to_contain_text("Ben")
        anna.get_by_test_id("start-button").click()
        expect(ben.get_by_test_id("morris-board")).to_be_visible(timeout=30_000)

        # Placing: Ben (black) builds the outer square, closing four mills; Anna (white) keeps
        # out of every line, so any of her pieces may be taken.
        placing = [
            (anna, "b4", None), (ben, "a7", None),
            (anna, "f4", None), (ben, "d7", None),
            (anna, "d2", None), (ben, "g7", "d2"),
            (anna, "c5", None), (ben, "g4", None),
            (anna, "e5", None), (ben, "g1", "b4"),
            (anna, "c3", None), (ben, "d1", None),
            (anna, "e3", None), (ben, "a1", "f4"),
            (anna, "b2", None), (ben, "a4", "b2"),
            (anna, "f6", None), (ben, "b6", None),
        ]  # fmt: skip
        for page, to, remove in placing:
            _play(page, None, to, remove)
        expect(anna.get_by_test_id("hand-0")).to_contain_text("0 to place · 5 on board · moving", timeout=30_000)

        # Moving: Anna shuffles c5–c4; Ben opens and closes the top mill twice.
        _tap(anna, "c5")
        expect(anna.get_by_test_id("pt-c4")).to_have_class(TARGET)
        expect(anna.get_by_test_id("pt-f2")).not_to_have_class(TARGET)  # not a neighbour
        anna.get_by_test_id("pt-c4").click()
        expect(anna.get_by_test_id("pt-c4")).to_have_attribute("aria-label", re.compile("white piece"), timeout=30_000)
        moving = [
            (ben, "d7", "d6", None), (anna, "c4", "c5", None), (ben, "d6", "d7", "e3"),
            (anna, "c5", "c4", None), (ben, "d7", "d6", None), (anna, "c4", "c5", None),
            (ben, "d6", "d7", "c3"),
        ]  # fmt: skip
        for page, start, to, remove in moving:
            _play(page, start, to, remove)

        # Three pieces left: Anna flies. A point far from c5 is lit once c5 is chosen.
        expect(anna.get_by_test_id("hand-0")).to_contain_text("3 on board · flying", timeout=30_000)
        expect(anna.get_by_test_id("turn-status")).to_contain_text("fly")
        _tap(anna, "c5")
        far = anna.get_by_test_id("pt-f2")
        expect(far).to_have_class(TARGET)
        expect(far).to_have_attribute("aria-label", re.compile("legal target"))
        far.click()
        expect(anna.get_by_test_id("pt-f2")).to_have_attribute("aria-label", re.compile("white piece"), timeout=30_000)
        expect(ben.get_by_test_id("last-event")).to_contain_text("Anna moved c5–f2", timeout=30_000)
    finally:
        anna_context.close()
        ben_context.close()
