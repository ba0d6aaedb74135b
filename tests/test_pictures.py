"""Still pictures: the PNG drawn from a scene (for notebooks the reader did not run), the
bundles pictures and tables show, and every game showing itself alone in a cell."""

from __future__ import annotations

import base64
import io
import json
import random
import subprocess
import sys

import pytest
from IPython.core.interactiveshell import InteractiveShell
from PIL import Image

import gamecore
from gamecore.words import t
from widgets import pictures
from widgets.nuevos_mundos.lesson_gallery import biome_gallery
from widgets.palette import INK, PAPER
from widgets.raster import MAX_PIXELS, pack, scale_for, to_image, to_png
from widgets.scene import Circle, Path, Polygon, Rect, Scene, Text
from widgets.svg import Picture, png_metadata, still_bundle


def _rgb(colour: str) -> tuple[int, int, int]:
    return (int(colour[1:3], 16), int(colour[3:5], 16), int(colour[5:7], 16))


def _colours(image: Image.Image) -> set[tuple[int, int, int]]:
    return {c for _, c in image.convert("RGB").getcolors(1 << 24)}


def sample() -> Scene:
    scene = Scene(width=200, height=120, background=PAPER, title="a sample drawing")
    scene.add(
        Rect(id="card", x=10, y=10, width=60, height=90, radius=8, fill="#cc6677", stroke=INK),
        Circle(id="dot", cx=130, cy=40, r=20, fill="#332288"),
        Polygon(id="tri", points=((150, 70), (190, 70), (170, 110)), fill="#117733"),
        Path(id="line", commands=(("M", 90, 100), ("Q", 110, 60, 130, 100)), stroke=INK),
        Rect(id="veil", x=80, y=5, width=20, height=20, fill="#000000", opacity=0.5),
        Text(id="word", x=40, y=55, text="Hi", size=20, anchor="middle", fill=INK, bold=True),
    )
    return scene


def _decode(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


# ---------------------------------------------------------------------------- the PNG


def test_the_png_decodes_at_twice_the_scene_size_with_the_scene_colours() -> None:
    image = _decode(to_png(sample()))
    assert image.format == "PNG"
    assert image.size == (400, 240)
    colours = _colours(image)
    for colour in (PAPER, INK, "#cc6677", "#332288", "#117733"):
        assert _rgb(colour) in colours, colour


def test_the_png_draws_each_shape_where_the_scene_puts_it() -> None:
    image = to_image(sample(), scale=1).convert("RGB")
    assert image.getpixel((40, 80)) == _rgb("#cc6677")  # inside the card, below the word
    assert image.getpixel((130, 40)) == _rgb("#332288")
    assert image.getpixel((170, 80)) == _rgb("#117733")
    assert image.getpixel((5, 5)) == _rgb(PAPER)
    assert image.getpixel((11, 11)) != _rgb("#cc6677")  # the rounded corner is cut off
    # half-transparent black over the paper: half as bright
    veiled = image.getpixel((90, 15))
    assert isinstance(veiled, tuple)
    for got, paper in zip(veiled, _rgb(PAPER)):
        assert abs(got - paper / 2) <= 2
    # the text's middle is at its y: ink above and below y = 55, inside the card
    ink = [
        (x, y)
        for x in range(14, 66)  # inside the card's outline
        for y in range(14, 96)
        if sum(image.getpixel((x, y))) < 150  # type: ignore[arg-type]
    ]
    ys = [y for _, y in ink]
    xs = [x for x, _ in ink]
    assert 43 <= min(ys) <= 50 and 60 <= max(ys) <= 66
    assert abs((min(xs) + max(xs)) / 2 - 40) <= 2  # centred on x = 40


def test_a_large_scene_is_drawn_smaller_but_never_below_its_own_size() -> None:
    small = Scene(width=300, height=200)
    assert scale_for(small) == 2
    big = Scene(width=1000, height=1200)
    assert 1 <= scale_for(big) < 2
    assert big.width * big.height * scale_for(big) ** 2 <= MAX_PIXELS * 1.001
    huge = Scene(width=3000, height=3000)
    assert scale_for(huge) == 1


def test_packing_keeps_every_scene_colour_exact_among_many_edge_colours() -> None:
    scene = Scene(width=300, height=300, background="#fbfaf6")
    wanted = [
        f"#{r:02x}{g:02x}{b:02x}" for r in (17, 99, 180) for g in (30, 140) for b in (60, 200)
    ]
    for k, colour in enumerate(wanted):
        scene.add(Circle(cx=25 + 50 * (k % 6), cy=40 + 60 * (k // 6), r=22, fill=colour))
    image = to_image(scene)
    assert len(_colours(image)) > 256  # anti-aliased edges: more than a palette holds
    packed = pack(image, [scene.background, *wanted])
    assert packed.mode == "P"
    assert {_rgb(c) for c in [scene.background, *wanted]} <= _colours(packed)


def test_a_lesson_picture_stays_small() -> None:
    for picture in (biome_gallery(),):
        png = to_png(picture.scene)
        assert len(png) < 150_000
        assert _decode(png).size == (2 * picture.scene.width, 2 * picture.scene.height)


# ---------------------------------------------------------------------------- bundles


def test_a_picture_bundle_shows_svg_png_and_a_sentence() -> None:
    data, metadata = Picture(sample())._repr_mimebundle_()
    assert data["image/svg+xml"].startswith("<svg")  # type: ignore[union-attr]
    png = base64.b64decode(data["image/png"])  # type: ignore[arg-type]
    assert _decode(png).size == (400, 240)
    assert metadata["image/png"] == {"width": 200, "height": 120}
    words = data["text/plain"]
    assert words == "A sample drawing."
    assert "<" not in words and "object at" not in words  # type: ignore[operator]


def test_a_table_not_yet_running_shows_a_png_and_says_to_run_the_cell() -> None:
    caption = t("pictures.run_cell_to_play")
    data = still_bundle(sample(), caption)
    assert set(data) == {"image/png", "text/plain"}
    assert data["text/plain"] == "Run this cell to play at the table."
    image = _decode(base64.b64decode(data["image/png"]))  # type: ignore[arg-type]
    assert image.size == (400, 240)
    assert png_metadata(sample()) == {"image/png": {"width": 200, "height": 120}}


# ---------------------------------------------------------------------------- games


def _played(name: str, players: int, moves: int | None, seed: int = 4) -> gamecore.Game:
    game = gamecore.new_game(name, players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over and (moves is None or len(game.moves()) < moves):
        game.play(rng.choice(game.legal_actions()))
    return game


def test_a_nuevos_mundos_picture_never_shows_a_hand() -> None:
    game = _played("nuevos-mundos", 3, 7)
    player = game.current_player
    assert player is not None
    scene = pictures.scene(game)
    hand = [f"{code:02d}" for code in game.view(player).hand if code <= 64]
    assert hand
    values = [s.text for s in scene if isinstance(s, Text) and s.id.endswith("-value")]
    assert len(values) >= 6  # the board's cards and the worlds' are face up
    assert not set(hand) & set(values)
    assert not [i for i in scene.ids() if i.startswith("hand-")]
    legend = scene.find("legend")
    assert isinstance(legend, Text)
    assert legend.text == f"{game.players[player]} is to play."
    assert f"{game.players[player]}'s hand is face down" in scene.texts()


def test_a_finished_game_shows_its_final_score() -> None:
    nuevos = pictures.scene(_played("nuevos-mundos", 2, None))
    assert "Final score" in nuevos.texts()
    ecosfera = pictures.scene(_played("ecosfera", 1, None))
    assert "Final score" in ecosfera.texts()
    assert "Total for the team" in " ".join(ecosfera.texts())


def test_an_ecosfera_picture_says_whose_turn_it_is() -> None:
    game = _played("ecosfera", 2, 3)
    scene = pictures.scene(game)
    assert f"{game.players[game.current_player]} to play" in scene.texts()


def test_describe_a_game_in_a_sentence() -> None:
    game = gamecore.new_game("nuevos-mundos", players=["Ana", "Bea"], seed=1)
    assert (
        pictures.describe(game)
        == "A game of Nuevos Mundos for Ana and Bea after 0 moves: Ana to play."
    )
    game.play(game.legal_actions()[0])
    assert "after 1 move:" in pictures.describe(game)


def test_only_games_have_pictures() -> None:
    with pytest.raises(TypeError) as refused:
        pictures.picture("a game")  # type: ignore[arg-type]
    words = (
        "There is no picture of a str: the games drawn are Nuevos Mundos, Ecosfera, Mondo and"
        " Nuevo Mundo."
    )
    assert str(refused.value) == words


@pytest.fixture()
def shell() -> InteractiveShell:
    return InteractiveShell.instance()


@pytest.mark.parametrize("name", ["nuevos-mundos", "ecosfera", "mondo"])
def test_a_game_alone_in_a_cell_shows_as_its_picture(shell: InteractiveShell, name: str) -> None:
    classes = pictures.register_formatters(shell)
    assert gamecore.GAMES[name].game_class in classes
    game = _played(name, 2, 4)
    data, metadata = shell.display_formatter.format(game)
    assert data["image/svg+xml"].startswith("<svg")
    assert _decode(base64.b64decode(data["image/png"])).format == "PNG"
    width = pictures.scene(game).width
    assert metadata["image/png"]["width"] == width
    assert data["text/plain"] == pictures.describe(game)
    assert "<" not in data["text/plain"]


def test_ipython_shows_a_lesson_picture_with_its_png_at_the_scene_size(
    shell: InteractiveShell,
) -> None:
    gallery = biome_gallery()
    data, metadata = shell.display_formatter.format(gallery)
    assert set(data) == {"image/svg+xml", "image/png", "text/plain"}
    assert metadata["image/png"] == {"width": gallery.scene.width, "height": gallery.scene.height}
    assert data["text/plain"] == "The eight biomes of Nuevos Mundos and their card values."


def test_a_score_sheet_shows_as_a_table(shell: InteractiveShell) -> None:
    data, _ = shell.display_formatter.format(_played("nuevos-mundos", 2, None).score())
    assert "<table" in data["text/html"]


def _run(code: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    return done.stdout


def test_importing_widgets_in_ipython_registers_the_pictures() -> None:
    out = _run(
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "import json, gamecore\n"
        "shell = InteractiveShell.instance()\n"
        "import widgets\n"
        "game = gamecore.new_game('ecosfera', players=1, seed=2)\n"
        "data, _ = shell.display_formatter.format(game)\n"
        "print(json.dumps(sorted(data)))\n"
    )
    assert json.loads(out) == ["image/png", "image/svg+xml", "text/plain"]


def test_outside_ipython_nothing_of_jupyter_is_imported() -> None:
    out = _run(
        "import sys, gamecore, gamecore.nuevos_mundos, gamecore.ecosfera\n"
        "jupyter = ('widgets', 'IPython', 'ipywidgets', 'ipycanvas')\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & set(jupyter)))\n"
        "import widgets, widgets.pictures\n"
        "print(sorted({m.split('.')[0] for m in sys.modules} & set(jupyter)))\n"
    )
    assert out.split("\n")[:2] == ["[]", "['widgets']"]


def test_a_mondo_picture_never_shows_a_tile_in_hand() -> None:
    from gamecore.mondo import Take

    game = gamecore.new_game("mondo", players=2, seed=4)
    game.play(Take(0, 1000, 0))
    ids = {shape.id for shape in pictures.scene(game)}
    assert "hand-words-0" not in ids and "hand-slot" in ids
