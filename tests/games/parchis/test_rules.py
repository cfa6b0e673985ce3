"""Parchís rule tests: one per sentence of the rule text (parchis-es.txt, quoted in Spanish),
then the decisions the rules page makes where the text is silent.

Two players play colours 0 and 2 (see support.py): seat 0's piece at progress p stands on
field 4 + p (square 5 + p), seat 1's at progress q on field (38 + q) % 68."""

from __future__ import annotations

import json

import pytest
from svc_dice.parchis import ENGINE
from svc_dice.parchis.rules import GOAL, META, PLY_LIMIT, TRACK
from svc_dice.registry import REGISTRY

from rulekit import IllegalMove
from rulekit.options import resolve_options
from tests.games.parchis.support import ROLL, H, codes, legal, movable, move, new_game, pieces_of, placed, throw

# -- the setup page -------------------------------------------------------------------------


def test_choose_who_plays_each_colour_human_cpu_or_nobody() -> None:
    """Elige quién juega con cada color. Toca cada casilla para alternar entre Humano, CPU o
    «No juega»."""
    assert (META.min_seats, META.max_seats) == (2, 4) and REGISTRY.get("parchis") is ENGINE
    assert {"easy", "strong"} <= set(META.cpu_levels)
    assert new_game(2)["colours"] == [[0], [2]]
    assert new_game(3)["colours"] == [[0], [1], [2]]
    assert new_game(4)["colours"] == [[0], [1], [2], [3]]
    # A colour nobody plays has no pieces on the board.
    assert new_game(3)["pieces"][3] is None and new_game(2)["pieces"][1] is None


def test_a_room_with_a_code_everyone_on_their_own_device() -> None:
    """Crea una sala y comparte el código con tus amigos. Cada persona juega desde su propio
    móvil u ordenador."""
    state = new_game(3)
    views = [ENGINE.view(state, seat) for seat in range(3)]
    assert views[0]["legal_moves"] == [ROLL] and views[1]["legal_moves"] == views[2]["legal_moves"] == []
    assert all(view["seat"] == seat and "rng" not in view["public"] for seat, view in enumerate(views))


def test_the_game_appears_on_every_device_when_it_starts() -> None:
    """Comparte este código. La partida aparecerá en todos los dispositivos al comenzar."""
    state = new_game(4)
    publics = [ENGINE.view(state, seat)["public"] for seat in (0, 1, 2, 3, None)]
    assert all(public == publics[0] for public in publics)


def test_the_settings_are_saved() -> None:
    """Los cambios se guardan automáticamente."""
    chosen = {"dice": "two", "six_is_seven": True, "six_opens_barrier": True, "ranking": "first_only"}
    saved = json.loads(json.dumps(resolve_options(META.options, chosen)))
    assert resolve_options(META.options, saved) == saved == {**chosen, "move_clock": "off"}
    assert new_game(2, **saved)["options"] == saved


# -- the rules ------------------------------------------------------------------------------


def test_four_pieces_once_round_68_squares_and_up_the_corridor() -> None:
    """Ser el primero en llevar tus 4 fichas desde la casa hasta la meta, dando una vuelta
    completa al tablero de 68 casillas y recorriendo tu pasillo final."""
    state = new_game()
    assert TRACK.length == 68 and pieces_of(state, 0) == [H] * 4 == pieces_of(state, 1)
    # From the last ring square (68, five before the exit on 5) into the corridor.
    state = placed(state, {0: [63, H, H, H]})
    assert TRACK.field(0, 63) == 67 and TRACK.field(0, 0) == 4
    after, events = move(throw(state, 1)[0], 0, 1)
    assert pieces_of(after, 0)[0] == 64 and events[0]["field"] is None and events[0]["goal_field"] == 1
    # The corridor's seven squares, then the goal.
    after, events = move(throw(placed(state, {0: [70, H, H, H]}), 1)[0], 0, 1)
    assert pieces_of(after, 0)[0] == GOAL == 71 and "reached_goal" in codes(events)


def test_only_a_five_brings_a_piece_out() -> None:
    """Solo se sale de casa al sacar un 5."""
    for pips in (1, 2, 3, 4, 6):
        after, events = throw(new_game(), pips)
        assert codes(events) == ["rolled", "no_move"] and after["turn"] == 1
    after, _ = throw(new_game(), 5)
    assert legal(after) == [(0, 5)]
    after, events = move(after, 0, 5)
    assert pieces_of(after, 0) == [0, H, H, H] and events[0]["code"] == "entered" and events[0]["field"] == 4


def test_coming_out_is_forced() -> None:
    """Si puedes sacar ficha, es obligatorio hacerlo."""
    after, _ = throw(placed(new_game(), {0: [10, H, H, H]}), 5)
    assert legal(after) == [(1, 5)]
    # Not possible (the own barrier on the exit): then another piece moves the 5.
    after, _ = throw(placed(new_game(), {0: [0, 0, 10, H]}), 5)
    assert legal(after) == [(0, 5), (1, 5), (2, 5)]


def test_coming_out_captures_a_rival_on_the_exit_safe_as_it_is() -> None:
    """Al salir, si en tu casilla de salida hay una ficha rival, la capturas aunque sea
    casilla segura."""
    state = placed(new_game(), {0: [H] * 4, 1: [34, H, H, H]})  # seat 1 stands on field 4
    assert TRACK.field(2, 34) == TRACK.start(0) == 4 and 4 in TRACK.safe
    after, _ = throw(state, 5)
    after, events = move(after, 0, 5)
    assert codes(events)[:3] == ["entered", "captured", "bonus"]
    assert pieces_of(after, 1) == [H] * 4 and legal(after) == [(0, 20)]


def test_pieces_move_exactly_the_number_rolled() -> None:
    """Las fichas avanzan exactamente el número del dado."""
    after, _ = throw(placed(new_game(), {0: [10, 30, H, H]}), 3)
    assert legal(after) == [(0, 3), (1, 3)]
    after, events = move(after, 0, 3)
    assert pieces_of(after, 0)[:2] == [13, 30] and events[0]["field"] == 4 + 13


def test_no_illegal_moves_and_no_move_loses_the_turn() -> None:
    """No se permiten movimientos ilegales: si ninguna ficha puede moverse, se pierde el
    turno."""
    state, _ = throw(placed(new_game(), {0: [10, H, H, H]}), 3)
    with pytest.raises(IllegalMove) as refused:
        move(state, 0, 4)
    assert refused.value.code == "illegal_move"
    after, events = throw(placed(new_game(), {0: [69, H, H, H]}), 4)
    assert codes(events) == ["rolled", "no_move"] and after["turn"] == 1


def test_a_six_rolls_again() -> None:
    """Al sacar un 6 vuelves a tirar."""
    after, _ = throw(placed(new_game(), {0: [10, H, H, H]}), 6)
    after, events = move(after, 0, 6)
    assert codes(events)[-1] == "roll_again" and after["turn"] == 0 and after["phase"] == "roll"
    after, _ = throw(placed(new_game(), {0: [10, H, H, H]}), 4)
    after, events = move(after, 0, 4)
    assert after["turn"] == 1 and "roll_again" not in codes(events)


def test_optional_six_counts_seven_with_no_piece_at_home() -> None:
    """Con la regla opcional activada, si no tienes fichas en casa el 6 vale 7."""
    out = {0: [10, 20, 65, GOAL]}
    after, _ = throw(placed(new_game(six_is_seven=True), out), 6)
    assert legal(after) == [(0, 7), (1, 7)]  # 65 + 7 would pass the goal
    after, events = move(after, 0, 7)
    assert pieces_of(after, 0)[0] == 17 and codes(events)[-1] == "roll_again"
    # Off, or with a piece at home, the 6 is a 6.
    assert legal(throw(placed(new_game(), out), 6)[0]) == [(0, 6), (1, 6), (2, 6)]
    assert legal(throw(placed(new_game(six_is_seven=True), {0: [10, H, H, H]}), 6)[0]) == [(0, 6)]


def test_three_sixes_send_the_last_moved_piece_home_and_lose_the_turn() -> None:
    """Tres 6 seguidos: la última ficha que moviste vuelve a casa (salvo que ya esté en el
    pasillo final o en la meta) y pierdes el turno."""
    state = placed(new_game(), {0: [10, 20, H, H]})
    state, _ = move(throw(state, 6)[0], 0, 6)
    state, _ = move(throw(state, 6)[0], 1, 6)
    after, events = throw(state, 6)
    assert codes(events) == ["rolled", "three_in_a_row"] and events[1]["piece"] == 1
    assert pieces_of(after, 0) == [16, H, H, H] and after["turn"] == 1
    # In the corridor the piece stays.
    state = placed(new_game(), {0: [10, 60, H, H]})
    state, _ = move(throw(state, 6)[0], 0, 6)
    state, _ = move(throw(state, 6)[0], 1, 6)
    after, events = throw(state, 6)
    assert pieces_of(after, 0) == [16, 66, H, H] and after["turn"] == 1 and "three_in_a_row" in codes(events)


def test_two_dice_each_die_separately_same_piece_or_two() -> None:
    """Cada dado se juega por separado y puedes mover la misma ficha o dos fichas distintas."""
    state, _ = throw(placed(new_game(dice="two"), {0: [10, 20, H, H]}), 3, 4)
    assert legal(state) == [(0, 3), (0, 4), (1, 3), (1, 4)]
    same, _ = move(state, 0, 3)
    assert legal(same) == [(0, 4), (1, 4)]
    same, _ = move(same, 0, 4)
    assert pieces_of(same, 0)[:2] == [17, 20] and same["turn"] == 1
    two, _ = move(move(state, 0, 3)[0], 1, 4)
    assert pieces_of(two, 0)[:2] == [13, 24]


def test_two_dice_in_either_order() -> None:
    """Puedes elegir el orden de los dados."""
    state, _ = throw(placed(new_game(dice="two"), {0: [10, H, H, H]}), 3, 4)
    first_four, _ = move(state, 0, 4)
    assert legal(first_four) == [(0, 3)]
    assert pieces_of(move(first_four, 0, 3)[0], 0)[0] == pieces_of(move(move(state, 0, 3)[0], 0, 4)[0], 0)[0] == 17


def test_two_dice_out_with_a_five_or_a_sum_of_five_and_forced() -> None:
    """Para sacar ficha sirve un 5 individual o que ambos dados sumen 5; si la salida es
    posible, es obligatoria."""
    state = placed(new_game(dice="two"), {0: [10, H, H, H]})
    after, _ = throw(state, 2, 3)
    assert legal(after) == [(1, 5)]  # the sum, forced: not the 2 and the 3 on piece 0
    after, events = move(after, 1, 5)
    assert pieces_of(after, 0) == [10, 0, H, H] and after["turn"] == 1 and after["pending"] == []
    after, _ = throw(state, 5, 4)
    assert legal(after) == [(1, 5)]
    after, _ = move(after, 1, 5)
    assert legal(after) == [(0, 4), (1, 4)]
    # A 5 and a 5: two pieces out (a barrier on the exit), and doubles roll again.
    after, _ = throw(state, 5, 5)
    after, _ = move(after, 1, 5)
    assert legal(after) == [(2, 5)]
    after, events = move(after, 2, 5)
    assert pieces_of(after, 0) == [10, 0, 0, H] and codes(events)[-1] == "roll_again"


def test_two_dice_doubles_roll_again_open_a_barrier_three_send_home() -> None:
    """Los dobles permiten volver a tirar, obligan a abrir una barrera propia cuando sea
    posible y tres dobles consecutivos devuelven la última ficha movida a casa, salvo que
    esté en el pasillo final o en meta."""
    state = placed(new_game(dice="two"), {0: [10, 20, H, H]})
    after, _ = move(move(throw(state, 3, 3)[0], 0, 3)[0], 1, 3)
    assert after["turn"] == 0 and after["phase"] == "roll"
    # The barrier on 30 must open first; the second die is free.
    barrier, _ = throw(placed(new_game(dice="two"), {0: [30, 30, 10, H]}), 2, 2)
    assert legal(barrier) == [(0, 2), (1, 2)]
    assert legal(move(barrier, 0, 2)[0]) == [(0, 2), (1, 2), (2, 2)]
    # Three doubles: the last moved piece goes home and the turn passes.
    for dice in ((1, 1), (2, 2)):
        state, _ = throw(state, *dice)
        state, _ = move(move(state, 0, dice[0])[0], 1, dice[1])
    after, events = throw(state, 3, 3)
    assert codes(events) == ["rolled", "three_in_a_row"]
    assert pieces_of(after, 0) == [13, H, H, H] and after["turn"] == 1
    # Unless it is in the corridor.
    state = placed(new_game(dice="two"), {0: [10, 61, H, H]})
    for dice in ((1, 1), (2, 2)):
        state, _ = throw(state, *dice)
        state, _ = move(move(state, 0, dice[0])[0], 1, dice[1])
    after, _ = throw(state, 3, 3)
    assert pieces_of(after, 0) == [13, 64, H, H] and after["turn"] == 1


def test_a_capture_on_a_normal_square_sends_home_and_gives_20() -> None:
    """Si caes sobre una ficha rival en casilla normal, la envías a su casa y ganas un avance
    extra de 20 casillas con la ficha que elijas."""
    state = placed(new_game(), {0: [31, 10, 65, GOAL], 1: [2, H, H, H]})  # seat 1 on field 40
    after, _ = throw(state, 5)
    after, events = move(after, 0, 5)
    assert codes(events) == ["moved", "captured", "bonus"] and events[2]["pips"] == 20
    assert events[1] == {"code": "captured", "seat": 1, "colour": 2, "piece": 0, "field": 40, "by": 0}
    assert pieces_of(after, 1) == [H] * 4 and after["turn"] == 0
    assert legal(after) == [(0, 20), (1, 20)]  # the piece of your choice
    after, _ = move(after, 1, 20)
    assert pieces_of(after, 0)[:2] == [36, 30] and after["turn"] == 1


def test_no_captures_on_safe_squares_and_exits_two_colours_share() -> None:
    """En los seguros oficiales (marcados con un círculo) y en las salidas no hay capturas:
    dos fichas de distinto color pueden convivir."""
    assert sorted(TRACK.safe) == [4, 11, 16, 21, 28, 33, 38, 45, 50, 55, 62, 67]
    state = placed(new_game(), {0: [36, 10, 65, GOAL], 1: [7, H, H, H]})  # seat 1 on safe 45
    after, events = move(throw(state, 5)[0], 0, 5)
    assert "captured" not in codes(events) and pieces_of(after, 1)[0] == 7 and TRACK.field(0, 41) == 45
    # On seat 1's exit (field 38) too.
    state = placed(new_game(), {0: [30, 10, 65, GOAL], 1: [0, 10, 65, GOAL]})
    after, events = move(throw(state, 4)[0], 0, 4)
    assert "captured" not in codes(events) and TRACK.field(0, 34) == TRACK.field(2, 0) == 38


def test_a_pair_of_one_colour_is_a_barrier_nobody_passes_or_lands_on() -> None:
    """Dos fichas del mismo color en la misma casilla forman una barrera que nadie puede
    atravesar ni ocupar."""
    rival = {0: [33, 10, 65, GOAL], 1: [2, 2, H, H]}  # seat 1's barrier on field 40
    for pips in (3, 4):  # landing on it, passing it
        assert 0 not in movable(throw(placed(new_game(), rival), pips)[0])
    assert 0 in movable(throw(placed(new_game(), rival), 2)[0])
    # The owner's own pieces neither.
    own = {0: [36, 36, 33, GOAL]}
    for pips in (3, 4):
        assert 2 not in movable(throw(placed(new_game(), own), pips)[0])
    assert legal(throw(placed(new_game(), own), 4)[0]) == [(0, 4), (1, 4)]


def test_optional_a_six_must_open_an_own_barrier() -> None:
    """Con la regla opcional activada, al sacar un 6 es obligatorio romper una barrera propia
    si es posible."""
    pieces = {0: [36, 36, 20, GOAL]}
    assert movable(throw(placed(new_game(six_opens_barrier=True), pieces), 6)[0]) == [0, 1]
    assert movable(throw(placed(new_game(), pieces), 6)[0]) == [0, 1, 2]
    # Not possible (blocked by a rival barrier six ahead): any piece.
    blocked = {0: [36, 36, 20, GOAL], 1: [4, 4, H, H]}  # seat 1's barrier on field 42 = 4 + 38
    assert movable(throw(placed(new_game(six_opens_barrier=True), blocked), 6)[0]) == [2]
    # Other numbers need not open it.
    assert movable(throw(placed(new_game(six_opens_barrier=True), pieces), 3)[0]) == [0, 1, 2]


def test_the_goal_needs_the_exact_number() -> None:
    """Para entrar en la meta hay que llegar con el número exacto; si sobran movimientos, la
    ficha no puede moverse."""
    state = placed(new_game(), {0: [68, 10, H, H]})
    assert legal(throw(state, 3)[0]) == [(0, 3), (1, 3)]
    assert legal(throw(state, 4)[0]) == [(1, 4)]
    after, events = throw(placed(new_game(), {0: [68, H, H, H]}), 4)
    assert codes(events) == ["rolled", "no_move"]


def test_each_piece_reaching_the_goal_gives_10() -> None:
    """Cada ficha que entra otorga un avance extra de 10 casillas."""
    state = placed(new_game(), {0: [68, 10, H, H]})
    after, events = move(throw(state, 3)[0], 0, 3)
    assert codes(events) == ["moved", "reached_goal", "bonus"] and events[2]["pips"] == 10
    assert legal(after) == [(1, 10)]
    after, _ = move(after, 1, 10)
    assert pieces_of(after, 0) == [GOAL, 20, H, H] and after["turn"] == 1


def test_the_first_with_all_four_in_the_goal_wins() -> None:
    """Gana quien mete primero sus 4 fichas."""
    state = placed(new_game(), {0: [GOAL, GOAL, GOAL, 68], 1: [10, 20, H, H]})
    after, events = move(throw(state, 3)[0], 3, 3)
    assert codes(events)[-2:] == ["finished", "game_over"] and "bonus" not in codes(events)
    assert ENGINE.result(after) == {"placings": [1, 2], "scores": [4, 0]}
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(after, 1, ROLL, 0)
    assert refused.value.code == "game_over"


def test_the_game_may_go_on_for_the_other_places() -> None:
    """La partida puede continuar para decidir el resto de la clasificación."""
    pieces = {0: [GOAL, GOAL, GOAL, 68], 1: [10, 20, H, H], 2: [30, H, H, H]}
    after, events = move(throw(placed(new_game(3), pieces), 3)[0], 3, 3)
    assert {"code": "finished", "seat": 0, "place": 1} in events
    assert ENGINE.result(after) is None and after["turn"] == 1 and after["places"] == [1, None, None]
    # Or the host ends it with the winner: the others placed by squares still to go.
    after, events = move(throw(placed(new_game(3, ranking="first_only"), pieces), 3)[0], 3, 3)
    assert ENGINE.result(after) == {"placings": [1, 2, 3], "scores": [4, 0, 0]}


# -- decisions where the text is silent ----------------------------------------------------


def test_no_square_holds_more_than_two_pieces() -> None:
    # Seat 1 and seat 2 share the safe square 45; seat 0 cannot land there.
    state = placed(new_game(3), {0: [36, 10, GOAL, GOAL], 1: [45 - 21, H, H, H], 2: [7, H, H, H]})
    assert TRACK.field(1, 24) == TRACK.field(2, 7) == 45
    assert movable(throw(state, 5)[0]) == [1]


def test_coming_out_onto_two_rivals_captures_the_next_players() -> None:
    state = placed(new_game(4), {0: [H] * 4, 1: [4 - 21 + 68, H, H, H], 3: [4 - 55 + 68, H, H, H]})
    after, events = move(throw(state, 5)[0], 0, 5)
    captured = [e for e in events if e["code"] == "captured"]
    assert len(captured) == 1 and captured[0]["seat"] == 1
    assert pieces_of(after, 3)[0] == 4 - 55 + 68 and pieces_of(after, 0)[0] == 0


def test_a_bonus_nobody_can_use_is_lost_and_a_six_still_rolls_again() -> None:
    # Capture on field 60 with a 6: the 20 fits no piece (56 + 20 and 70 + 20 pass the goal).
    state = placed(new_game(), {0: [50, 70, GOAL, GOAL], 1: [22, H, H, H]})
    after, events = move(throw(state, 6)[0], 0, 6)
    assert codes(events) == ["moved", "captured", "bonus", "no_move", "roll_again"]
    assert events[3]["pips"] == [20] and after["turn"] == 0 and after["phase"] == "roll"


def test_a_bonus_move_can_capture_again() -> None:
    state = placed(new_game(), {0: [31, 70, GOAL, GOAL], 1: [2, 22, H, H]})  # fields 40 and 60
    after, _ = move(throw(state, 5)[0], 0, 5)
    after, events = move(after, 0, 20)
    assert codes(events)[:3] == ["moved", "captured", "bonus"] and pieces_of(after, 1) == [H] * 4


def test_with_two_dice_a_single_six_does_not_roll_again_and_each_six_counts_seven() -> None:
    state = placed(new_game(dice="two", six_is_seven=True), {0: [10, 20, 65, GOAL]})
    after, _ = throw(state, 6, 2)
    assert legal(after) == [(0, 2), (0, 7), (1, 2), (1, 7), (2, 2)]
    after, _ = move(move(after, 0, 7)[0], 1, 2)
    assert after["turn"] == 1


def test_a_game_that_runs_too_long_is_placed_by_squares_still_to_go() -> None:
    state = placed(new_game(3), {0: [30, 20, 10, 66], 1: [5, H, H, H], 2: [60, 61, 62, 63]})
    state["plies"] = PLY_LIMIT - 1
    after, _ = throw(state, 1)
    assert after["over"] and after["places"] == [2, 3, 1]


def test_only_the_seat_to_move_moves() -> None:
    with pytest.raises(IllegalMove) as refused:
        ENGINE.apply(new_game(), 1, ROLL, 0)
    assert refused.value.code == "not_your_turn"
