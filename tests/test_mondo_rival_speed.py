"""What makes Mondo rivals fast without changing a move (gamecore/mondo/rivals.py).

A rival's placement estimate (``Position.gain``) is remembered by what it reads of the board
around a space, and an unknown one is worked out only when its ``bound`` says it could beat
the best so far. These tests hold both to the estimate itself over many random boards:
equal surroundings give equal gains, no gain exceeds its bound, and the best placement found
with both is the one a search of every placement finds. The games themselves are pinned by
the digests in test_mondo_rivals.py.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from gamecore import new_game
from gamecore.mondo import kit
from gamecore.mondo.faces import ACTIVE, INACTIVE
from gamecore.mondo.rival_aims import BAN, LAKE, MODIFIER_WEIGHT, Aims
from gamecore.mondo.rival_estimate import _GAINS, Position
from gamecore.mondo.rival_faces import shapes as _shapes

AIMS = (
    None,
    Aims(water_animal=MODIFIER_WEIGHT),
    Aims(lake=MODIFIER_WEIGHT),
    Aims(lake_size=LAKE, lake_weight=MODIFIER_WEIGHT),
    Aims(volcano=BAN),
    Aims(wrong=BAN),
    Aims(filled=BAN, fill_board=True),
    Aims(lake=MODIFIER_WEIGHT, wrong=BAN),
)
COSTS = ({"": 0.0, ACTIVE: 1.3, INACTIVE: 0.0}, {"": 0.0, ACTIVE: 0.0, INACTIVE: 0.3})


def random_faces(rng: random.Random, n: int) -> list:
    """``n`` tile faces as they might lie: a random side of a random tile, turned."""
    box = kit.box()
    out = []
    for _ in range(n):
        tile = rng.choice(box)
        face = tile.front if rng.random() < 0.5 else tile.back
        out.append(face.rotated(rng.randrange(4)))
    return out


def random_position(rng: random.Random, aims: Aims | None) -> Position:
    """A board with a random number of random faces on random spaces (side A or B)."""
    side = rng.choice("AB")
    view = new_game("mondo", players=2, seed=rng.randrange(100), side=side).view(0)
    spaces = kit.ROWS * kit.COLS
    filled = set(rng.sample(range(spaces), rng.randrange(spaces)))
    faces = iter(random_faces(rng, len(filled)))
    board = tuple(next(faces) if s in filled else None for s in range(spaces))
    return Position(dataclasses.replace(view, boards=(board, view.boards[1])), 0, aims)


def every_gain(position: Position, shapes, costs) -> tuple[float, int, int]:
    """The best placement by brute force: every shape on every open space, in order."""
    best = (-1e9, -1, 0)
    for shape in shapes:
        cost = costs[shape.volcano]
        for space in position.open_spaces:
            value = position.gain(shape, space, cost)
            if value > best[0]:
                best = (value, space, shape.turn)
    return best


@pytest.mark.parametrize("seed", range(6))
def test_no_gain_exceeds_its_bound(seed):
    rng = random.Random(seed)
    checked = 0
    for _ in range(40):
        aims = rng.choice(AIMS)
        position = random_position(rng, aims)
        for face in random_faces(rng, 12):
            for shape in _shapes(face):
                cost = rng.choice(COSTS)[shape.volcano]
                for space in position.open_spaces:
                    gain = position.gain(shape, space, cost)
                    assert gain < position.bound(shape, space, cost), (face, space, aims)
                    checked += 1
    assert checked > 5000


@pytest.mark.parametrize("seed", range(6))
def test_equal_surroundings_give_equal_gains(seed):
    """Everything ``gain`` reads is in the key it is remembered by."""
    rng = random.Random(100 + seed)
    seen: dict[tuple, float] = {}
    repeats = 0
    for _ in range(60):
        aims = rng.choice(AIMS)
        position = random_position(rng, aims)
        for face in random_faces(rng, 8) + random_faces(random.Random(seed), 4):
            for shape in _shapes(face):
                for costs in COSTS:
                    cost = costs[shape.volcano]
                    for space in position.open_spaces:
                        key = (aims, position._surroundings(space), shape.form, cost)
                        gain = position.gain(shape, space, cost)
                        if key in seen:
                            repeats += 1
                            assert seen[key] == gain, key
                        seen[key] = gain
    assert repeats > 1000


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("forget", [False, True])
def test_the_best_placement_is_the_one_every_placement_finds(seed, forget):
    """The remembered gains and the bounds change nothing: the best placement (the first of
    the best) is the brute force's; with a floor, the same whenever it beats the floor."""
    rng = random.Random(200 + seed)
    if forget:
        _GAINS.clear()
    for _ in range(40):
        aims = rng.choice(AIMS)
        position = random_position(rng, aims)
        if not position.open_spaces:
            continue
        for face in random_faces(rng, 6):
            shapes = _shapes(face)
            costs = rng.choice(COSTS)
            expected = every_gain(position, shapes, costs)
            assert position.best_spot(shapes, costs) == expected
            floor = expected[0] + rng.choice((-0.5, -0.01, 0.0, 0.01, 0.5))
            found = position.best_spot(shapes, costs, floor)
            if expected[0] > floor:
                assert found == expected
            else:
                assert found[0] <= floor


@pytest.mark.parametrize("seed", range(4))
def test_the_best_placement_of_several_faces_is_the_brute_forces(seed):
    """``best_placement`` over several faces at once (a rival's whole heap, or both sides of
    the tile in hand) finds the first of the best, faces before shapes before spaces, as
    asking face by face; with a floor, the same whenever it beats the floor."""
    rng = random.Random(400 + seed)
    for _ in range(30):
        aims = rng.choice(AIMS)
        position = random_position(rng, aims)
        if not position.open_spaces:
            continue
        faces = [_shapes(face) for face in random_faces(rng, rng.randrange(1, 7))]
        costs = rng.choice(COSTS)
        expected = (-1e9, -1, -1, 0)
        for index, shapes in enumerate(faces):
            value, space, turn = every_gain(position, shapes, costs)
            if value > expected[0]:
                expected = (value, index, space, turn)
        assert position.best_placement(faces, costs) == expected
        floor = expected[0] + rng.choice((-0.5, 0.0, 0.5))
        found = position.best_placement(faces, costs, floor)
        if expected[0] > floor:
            assert found == expected
        else:
            assert found[0] <= floor


# ---------------------------------------------------------------------------- the engine's tables


def test_placements_are_the_places_the_constructor_makes():
    """``legal_actions()`` makes its placements without ``Place.__init__``: the same
    objects (equal, same hash, same words, same save form), in the same order."""
    from gamecore.mondo import Place
    from gamecore.mondo.game import SIDES, TURNS

    game = new_game("mondo", players=2, seed=3)
    game.play(game.legal_actions_for(0)[0])  # take the first tile
    legal = game.legal_actions_for(0)
    when = game.next_time(0)
    spaces = game.open_spaces(0)
    expected = [
        Place(0, when, space, side, turn)
        for space in spaces
        for side in range(SIDES)
        for turn in range(TURNS)
    ]
    made = [a for a in legal if isinstance(a, Place)]
    assert made == expected and len(made) == len(spaces) * SIDES * TURNS
    for a, b in zip(made, expected, strict=True):
        assert hash(a) == hash(b) and str(a) == str(b) and a.to_json() == b.to_json()
        assert type(a) is Place and a.space == b.space and a.turn == b.turn


def test_the_face_tables_are_the_faces():
    from gamecore.mondo.game import EMPTY, cell_code, cell_faces, side_face

    codes = [
        cell_code(tile.id, side, turn) for tile in kit.box() for side in (0, 1) for turn in range(4)
    ]
    faces = cell_faces([*codes, EMPTY])
    assert faces[-1] is None
    for code, face in zip(codes, faces, strict=False):
        tile, side, turn = code // 8, (code // 4) % 2, code % 4
        assert face == side_face(tile, side).rotated(turn)
    game = new_game("mondo", players=1, seed=4)
    view = game.view(0)
    assert view.heap == tuple(side_face(t, game.up[t]) for t in game.heap[: len(view.heap)])


# ---------------------------------------------------------------------------- the board read again


def read_alike(a: Position, b: Position) -> None:
    """Everything the estimate reads of two readings of one board is the same."""
    assert a.lands == b.lands
    assert a.land_of == b.land_of
    assert a.asks == b.asks and a.beyond == b.beyond
    assert a.empty == b.empty and a.filled == b.filled and a.open_spaces == b.open_spaces
    assert a.land_worths() == b.land_worths()
    assert [a._surroundings(s) for s in a.open_spaces] == [
        b._surroundings(s) for s in b.open_spaces
    ]


@pytest.mark.parametrize("seed", range(8))
def test_a_board_read_tile_by_tile_is_the_board_read_in_full(seed):
    """``Position(..., before=...)`` reads only what one more tile changes: whatever the
    tiles (wrong connections, landscapes joined through two edges, the rim), the landscapes,
    their worths and every space's surroundings are those of the board read in full."""
    rng = random.Random(300 + seed)
    spaces = kit.ROWS * kit.COLS
    checked = reused = 0
    for _ in range(12):
        aims = rng.choice(AIMS)
        view = new_game("mondo", players=2, seed=rng.randrange(100), side=rng.choice("AB")).view(0)
        board: list = [None] * spaces
        before = Position(view, 0, aims)
        before.spots()  # as a rival reads it, so the next reading may keep its spots
        for face in random_faces(rng, rng.randrange(1, spaces + 1)):
            space = rng.choice(kit.open_spaces([f is not None for f in board]))
            board[space] = face
            seen = dataclasses.replace(view, boards=(tuple(board), view.boards[1]))
            added = Position(seen, 0, aims, before)
            assert added._one_more(before) == space  # read tile by tile, not in full
            full = Position(seen, 0, aims)
            read_alike(added, full)
            # a space the tile left as it was keeps its spot: the same as read afresh
            kept = set(added._kept_spots)
            ours, theirs = added.spots(), full.spots()
            assert [(x[0], x[4]) for x in ours] == [(x[0], x[4]) for x in theirs]
            assert [x[2][0] for x in ours] == [x[2][0] for x in theirs]
            reused += len(kept)
            face = random_faces(rng, 1)[0]
            costs = rng.choice(COSTS)
            expected = every_gain(full, _shapes(face), costs)
            assert added.best_spot(_shapes(face), costs) == expected
            before = added
            checked += 1
    assert checked > 80 and reused > 150  # spots kept, as a rival's decisions keep them


def test_a_board_that_is_not_one_tile_more_is_read_in_full():
    """Two tiles more, a tile taken away or changed, other aims: read in full, the same."""
    rng = random.Random(7)
    view = new_game("mondo", players=2, seed=1).view(0)
    spaces = kit.ROWS * kit.COLS
    faces = random_faces(rng, 4)
    one = tuple(faces[0] if s == 7 else None for s in range(spaces))
    three = tuple({7: faces[0], 8: faces[1], 9: faces[2]}.get(s) for s in range(spaces))
    other = tuple(faces[3] if s == 7 else None for s in range(spaces))
    first = Position(dataclasses.replace(view, boards=(one, view.boards[1])), 0)
    empty = tuple([None] * spaces)
    for board, aims in ((three, None), (other, None), (empty, None), (three, AIMS[2])):
        seen = dataclasses.replace(view, boards=(board, view.boards[1]))
        again = Position(seen, 0, aims, first)
        assert again._one_more(first) == -1
        read_alike(again, Position(seen, 0, aims))
