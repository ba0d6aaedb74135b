"""What the shared bots and the conformance suite need to know about Mondo."""

from __future__ import annotations

import random
from typing import Any

from ..protocol import Game
from ..words import t
from . import kit, modules
from .actions import JumpOut, Place, Return, Stop, Take, TakeTask
from .game import (
    EMPTY,
    JUMPED,
    NO_TASK,
    PLAYING,
    ROUNDS,
    STEP_MS,
    Mondo,
    MondoView,
    cell_parts,
    side_face,
)
from .scoring import totals_sheet


def determinize(view: MondoView, rng: random.Random) -> Mondo:
    """A full game that fits what ``view.player`` sees, the hidden tiles filled in at random.

    Hidden are which tiles lie in the heap's top layer (only their up sides show), the
    other players' tiles in hand, and the order and sides of the heap below the top layer.
    Every board, the chips, the time and the rounds scored so far are as the view shows.
    """
    game = Mondo.imagined(view.players, rng.randrange(2**31), dict(view.options))
    n = len(view.players)
    game.round = view.round
    game.boards = [list(b) for b in view.placed]
    game.status = list(view.status)
    game.chips = list(view.chips)
    game.stack = list(view.stack)
    game.now = view.now
    game.last_time = list(view.ready)
    game.last_seq = list(range(n))  # the order of equal times is not shown; any will do
    game.last_gap = [0] * n  # a player's pace is not shown either
    game.seq = n
    game.volcano_chip = view.volcano_chip
    # the scored rounds are history: only their totals are shown, and they are enough
    game.rounds = [totals_sheet(view.players, points) for points in view.round_totals]
    game.finished_boards = list(view.finished_boards)
    _modules_from_view(game, view, rng)
    game.up = [0] * kit.tile_limit()
    used = {cell_parts(code)[0] for board in view.placed for code in board if code != EMPTY}
    game.hands = [EMPTY] * n
    game.hand_up = [0] * n
    own = _own_hand(view)
    if own is not None:
        game.hands[view.player] = own
        game.hand_up[view.player] = view.hand_up
        used.add(own)
    free = [tile.id for tile in kit.box() if tile.id not in used]
    rng.shuffle(free)
    layer = _match_layer(view, free, rng)
    rest = [tile for tile in free if tile not in set(layer)]
    for p in range(n):
        if p != view.player and view.holding[p]:
            tile = rest.pop()
            game.hands[p] = tile
            game.hand_up[p] = rng.randrange(2)
    for tile, side in layer.items():
        game.up[tile] = side
    for tile in rest:
        game.up[tile] = rng.randrange(2)
    game.heap = [*layer, *rest[: max(0, view.heap_size - len(layer))]]
    return game


def _modules_from_view(game: Mondo, view: MondoView, rng: random.Random) -> None:
    """The advanced and expert levels' public parts: this round's modifier (the later ones
    are dealt at random among the rest, as the view does not show them) and the tasks."""
    game.modifier_order = []
    if view.modifier:
        ids = [m.id for m in modules.modifiers()]
        current = ids.index(view.modifier)
        rest = [k for k in range(len(ids)) if k != current]
        rng.shuffle(rest)
        game.modifier_order = [*rest[: view.round], current, *rest[view.round :]]
    task_ids = [task.id for task in modules.tasks()]
    game.task_display = [task_ids.index(x) for x in view.tasks]
    game.task_of = [task_ids.index(x) if x else NO_TASK for x in view.task_of]


def _own_hand(view: MondoView) -> int | None:
    """The id of the viewer's tile in hand (a tile's two sides name it: no two tiles share
    both)."""
    if view.hand is None:
        return None
    front, back = view.hand
    for tile in kit.box():
        if tile.front == front and tile.back == back:
            return tile.id
    raise ValueError(t("mondo_bots.hand_not_in_box"))


def _match_layer(view: MondoView, free: list[int], rng: random.Random) -> dict[int, int]:
    """A tile (and the side that lies up) for every face of the top layer, from ``free``:
    a matching found by augmenting paths, so it succeeds whenever one exists."""
    options: list[list[tuple[int, int]]] = []
    for face in view.heap:
        fits = [(tile, side) for tile in free for side in (0, 1) if side_face(tile, side) == face]
        rng.shuffle(fits)
        options.append(fits)
    owner: dict[int, int] = {}  # tile -> slot
    chosen: dict[int, tuple[int, int]] = {}  # slot -> (tile, side)

    def assign(slot: int, seen: set[int]) -> bool:
        for tile, side in options[slot]:
            if tile in seen:
                continue
            seen.add(tile)
            if tile not in owner or assign(owner[tile], seen):
                owner[tile] = slot
                chosen[slot] = (tile, side)
                return True
        return False

    for slot in range(len(view.heap)):
        if not assign(slot, set()):
            raise ValueError(t("mondo_bots.heap_does_not_fit"))
    return {chosen[s][0]: chosen[s][1] for s in range(len(view.heap))}


def heuristic(game: Game, player: int) -> float:
    """The player's lead: rounds scored plus the current round as it stands, minus the best
    other player's."""
    assert isinstance(game, Mondo)
    done = list(game.score().totals().values())
    if game.round < ROUNDS:
        now = game.round_sheet().totals()
        done = [d + now[name] for d, name in zip(done, game.players, strict=True)]
    mine = done.pop(player)
    return float(mine - max(done)) if done else float(mine)


def rewards(game: Game) -> list[float]:
    """1 for a sole winner, shared equally on a tie (the rules give ties several winners)."""
    winners = game.score().winners()
    return [1.0 / len(winners) if name in winners else 0.0 for name in game.players]


def max_moves(game: Game) -> int:
    """A bound on decisions: a player's actions in a round are at least the engine's step
    apart unless given other times, and a program that drives everyone uses
    ``legal_actions()``, whose times are a step apart; the round's time ends the rest."""
    assert isinstance(game, Mondo)
    per_player = game.limit // STEP_MS + 2
    return ROUNDS * len(game.players) * per_player


def check_invariants(game: Game) -> None:
    """Every tile is in exactly one place (heap, a hand, a board); hands hold one tile at
    most; only players still in hold tiles; chips match the stack; time is consistent."""
    assert isinstance(game, Mondo)
    places: list[int] = list(game.heap)
    places.extend(h for h in game.hands if h != EMPTY)
    for board in game.boards:
        places.extend(cell_parts(c)[0] for c in board if c != EMPTY)
    if game.round < ROUNDS:
        assert sorted(places) == sorted(t.id for t in kit.box()), "a tile was lost or doubled"
        for p, hand in enumerate(game.hands):
            assert hand == EMPTY or game.status[p] == PLAYING, "a player out holds a tile"
        taken = [c for c in game.chips if c]
        assert sorted(taken + game.stack) == sorted(kit.bonus_chips(len(game.players)))
        assert all(t <= game.now for t in game.last_time), "an action after the latest"
        assert game.now <= game.limit
        for p, status in enumerate(game.status):
            assert status in (PLAYING, JUMPED) or not game.chips[p]
        taken = [k for k in game.task_of if k != NO_TASK]
        assert len(set(taken)) == len(taken), "a task taken twice"
        assert set(taken) <= set(game.task_display), "a task taken that was not shown"
        assert (game.level == "expert") == bool(game.task_display)
        assert (game.level == "beginner") == (not game.modifier_order)
    assert len(game.rounds) == min(game.round, ROUNDS)
    assert (game.current_player is None) == (game.round >= ROUNDS)


def sample_illegal(game: Game, rng: random.Random) -> list[Any]:
    """Actions that break a rule now: junk, unknown players, time running backwards or past
    the end, a second tile, an empty hand, an occupied or far space, a player out."""
    assert isinstance(game, Mondo)
    candidates: list[Any] = [None, "take 3", Take(99, 0, 0), Stop(-1, 0)]
    player = game.current_player
    if player is None:
        return candidates
    now = game.next_time(player)
    candidates.append(Take(player, game.limit + 1, 0))
    if game.now > 0:
        candidates.append(Stop(player, game.now - 1))
    if game.hands[player] == EMPTY:
        candidates += [Place(player, now, 0, 0, 0), Return(player, now, 0)]
        candidates.append(Take(player, now, game._layer_size() + rng.randrange(3)))
    else:
        candidates += [Take(player, now, 0), JumpOut(player, now)]
        board = game.boards[player]
        taken = [s for s, c in enumerate(board) if c != EMPTY]
        if taken:
            candidates.append(Place(player, now, rng.choice(taken), 0, 0))
            far = [
                s for s, c in enumerate(board) if c == EMPTY and s not in game.open_spaces(player)
            ]
            if far:
                candidates.append(Place(player, now, rng.choice(far), 1, 2))
        candidates += [Place(player, now, 0, 2, 0), Place(player, now, 0, 0, 4)]
    if game.level != "expert":
        candidates.append(TakeTask(player, now, 0))
    else:
        candidates.append(TakeTask(player, now, len(game.task_display) + rng.randrange(3)))
        if game.task_of[player] != NO_TASK:
            candidates.append(TakeTask(player, now, 0))
    out = [p for p, s in enumerate(game.status) if s != PLAYING]
    if out:
        candidates.append(Stop(rng.choice(out), now))
    return candidates
