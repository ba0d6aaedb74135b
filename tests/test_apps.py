"""The play-only apps (widgets/apps.py, notebooks/apps/) and their Voila configuration.

Fast checks without a browser: each game's app builds in English and Spanish, takes its
language from the link's query string, switches language keeping the game, asks before a
new game drops one in progress; the committed configuration files carry the decided
values and are read where standalone Voila and Binder's Jupyter server look for them.
The real browser is in tests/browser/test_apps.py.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from gamecore.words import LANGUAGES, get_language, set_language, t
from widgets.apps import APPS, PlayApp, app, language_from_query, start_language

ROOT = Path(__file__).resolve().parents[1]
APPS_DIR = ROOT / "notebooks" / "apps"
VOILA_JSON = ROOT / "voila.json"
SERVER_JSON = ROOT / "binder" / "jupyter_server_config.json"
START = ROOT / "binder" / "start"

DECIDED = {
    "VoilaConfiguration": {
        "template": "lab",
        "theme": "light",
        "strip_sources": True,
        "show_tracebacks": False,
        "preheat_kernel": False,
    },
    "VoilaExecutor": {"timeout": 60},
    "MappingKernelManager": {
        "cull_idle_timeout": 1200,
        "cull_interval": 60,
        "cull_connected": False,
        "cull_busy": False,
    },
}
"""The values docs/apps.md decides and explains (change both together)."""

TURN_WORD = {"en": "turn", "es": "toca"}
"""A word the status line of a fresh table has in each language ("Your turn.", "Te toca.")."""
ROUND_WORD = {"en": "round", "es": "ronda"}
"""The same for Mondo, whose status line names the round ("Round 1 of 3.", "Ronda 1 de 3.")."""


@pytest.fixture(autouse=True)
def keep_language() -> Iterator[None]:
    """The apps set the process language; every test leaves it as it found it."""
    before = get_language()
    try:
        yield
    finally:
        set_language(before)


def _play_one_human_move(made: PlayApp) -> None:
    """A move a student makes by clicking (the first legal action, through the table)."""
    table = made.table
    before = len(table.history)
    if made.spec.key == "nuevos_mundos":
        card = table.game.view(table.game.current_player).hand[0]
        assert table.select(card)
        assert table.play_selected("biome")
    elif made.spec.key == "mondo":  # real time: start the timer, then take a tile
        table.play.playing = True
        assert table.take(0)
    elif made.spec.key == "nuevo_mundo":  # a click on a free land region, as a move
        assert table.play(table.game.legal_actions()[0])
    else:
        assert table.perform(table.game.legal_actions()[0])
    assert len(table.history) > before


# --------------------------------------------------------------------------- language


@pytest.mark.parametrize(
    ("query", "lang"),
    [
        ("lang=es", "es"),
        ("lang=en", "en"),
        ("x=1&lang=es", "es"),
        ("lang=ES", "es"),
        ("lang=%65s", "es"),  # percent-encoded, as a link may carry it
        ("lang=fr", None),
        ("lang=", None),
        ("", None),
        (None, None),
    ],
)
def test_language_from_query(query: str | None, lang: str | None) -> None:
    assert language_from_query(query) == lang


def test_start_language_prefers_the_link_then_the_process() -> None:
    set_language("en")
    assert start_language({"QUERY_STRING": "lang=es"}) == "es"
    assert start_language({"QUERY_STRING": "theme=dark"}) == "en"
    assert start_language({}) == "en"
    set_language("es")
    assert start_language({"QUERY_STRING": ""}) == "es"


@pytest.mark.parametrize("game", sorted(APPS))
@pytest.mark.parametrize("lang", LANGUAGES)
def test_app_builds_in_each_language(game: str, lang: str) -> None:
    made = app(game, environ={"QUERY_STRING": f"lang={lang}"})
    assert made.lang == lang and get_language() == lang
    assert t(f"apps.how_to_{made.spec.key}", lang=lang) in made.header.value
    assert t("apps.title", game=made.spec.title, lang=lang) in made.header.value
    assert made.language.value == lang
    words = ROUND_WORD if game == "mondo" else TURN_WORD  # Mondo has rounds, not turns
    assert words[lang] in made.table.status.text.lower(), made.table.status.text
    other = next(x for x in LANGUAGES if x != lang)
    assert not re.search(rf"\b{words[other]}\b", made.table.status.text.lower())
    assert made.slot.children == (made.table.widget,)
    assert made.players_choice.description == t("apps.players_label", lang=lang)
    # the names a student reads are words of the language, never seat ids
    names = made.table.game.players
    assert "human" not in names and "greedy" not in names
    bundle, _ = made._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert "image/png" in bundle  # a still picture where widgets do not run


def test_unknown_game_is_refused_with_the_choices() -> None:
    with pytest.raises(ValueError, match="nuevos-mundos"):
        app("chess")


@pytest.mark.parametrize("game", sorted(APPS))
def test_switching_language_keeps_the_game_and_renames_default_seats(game: str) -> None:
    made = app(game, lang="en")
    _play_one_human_move(made)
    moves = made.table.game.moves()
    history = len(made.table.history)
    old_table = made.table
    made.language.value = "es"  # the on-screen choice, as a click sets it
    assert made.lang == "es" and get_language() == "es"
    assert made.table is not old_table
    assert made.slot.children == (made.table.widget,)
    assert made.table.game.moves() == moves
    assert len(made.table.history) == history
    assert made.table.game.players[0] == t("table.you_name", lang="es")
    assert t(f"apps.how_to_{made.spec.key}", lang="es") in made.header.value
    assert made.mode_choice.options[0][0] == t(f"apps.mode_bots_{made.spec.key}", lang="es")
    made.switch_language("en")
    assert made.table.game.moves() == moves
    assert made.table.game.players[0] == t("table.you_name", lang="en")
    assert made.language.value == "en"


def test_a_typed_name_survives_the_switch() -> None:
    made = app("nuevos-mundos", lang="en")
    made.name_input.value = "  Lucía  "
    assert made.press_start()
    assert made.table.game.players[0] == "Lucía"
    made.switch_language("es")
    assert made.table.game.players[0] == "Lucía"
    assert made.table.game.players[1] == t("table.bot_name_greedy", lang="es")


# --------------------------------------------------------------------------- settings


def test_players_and_hot_seat_for_nuevos_mundos() -> None:
    made = app("nuevos-mundos", lang="es")
    assert list(made.players_choice.options) == [2, 3, 4]
    made.players_choice.value = 4
    assert made.press_start()
    assert made.table.seats == ("human", "greedy", "random", "greedy")
    assert len(set(made.table.game.players)) == 4  # two greedy bots, two names
    made.mode_choice.value = "hot_seat"
    assert made.name_input.disabled  # nobody is "you" at a shared screen
    assert made.press_start()
    assert made.table.seats == ("human",) * 4
    assert made.table.game.players == tuple(
        t("core.player_numbered", n=k, lang="es") for k in range(1, 5)
    )


def test_ecosfera_solo_disables_the_mode_and_keeps_the_level() -> None:
    made = app("ecosfera", lang="en")
    assert made.players == 1 and made.mode_choice.disabled
    assert made.table.seats == ("human",)
    made.table.level_choice.value = 3
    made.players_choice.value = 2
    assert not made.mode_choice.disabled
    assert made.press_start()
    assert made.table.seats == ("human", "greedy")
    assert made.table.game.level == 3


@pytest.mark.parametrize("game", sorted(APPS))
def test_new_game_asks_first_in_the_middle_of_a_game(game: str) -> None:
    made = app(game, lang="en")
    fresh = made.table
    assert made.press_start()  # nothing played yet: no question
    assert made.table is not fresh
    _play_one_human_move(made)
    playing = made.table
    assert not made.press_start()
    assert made.table is playing
    assert made.start_button.description == t("apps.start_confirm", lang="en")
    assert t("apps.start_confirm", lang="en") in made.note.value
    made.players_choice.value = made.spec.max_players  # a changed setting asks again
    assert made.start_button.description == t("apps.start", lang="en")
    assert not made.press_start()
    assert made.press_start()
    assert made.table is not playing
    assert made.note.value == ""


# --------------------------------------------------------------------------- notebooks


@pytest.mark.parametrize("game", sorted(APPS))
def test_each_app_notebook_shows_only_the_app(game: str) -> None:
    path = APPS_DIR / f"{game.replace('-', '_')}.ipynb"
    nb = json.loads(path.read_text(encoding="utf-8"))
    assert [c["cell_type"] for c in nb["cells"]] == ["code"], "the app writes its own title"
    cell = nb["cells"][0]
    source = "".join(cell["source"])
    assert source.splitlines()[-1] == f'app("{game}")'
    assert cell["execution_count"] is not None, "store the notebook executed (nbval)"
    shown = [o.get("data", {}) for o in cell["outputs"]]
    assert any("application/vnd.jupyter.widget-view+json" in data for data in shown)


def test_every_app_notebook_is_a_known_app() -> None:
    names = {p.stem.replace("_", "-") for p in APPS_DIR.glob("*.ipynb")}
    assert names == set(APPS)


# --------------------------------------------------------------------------- configuration


@pytest.mark.parametrize("path", [VOILA_JSON, SERVER_JSON], ids=lambda p: p.name)
def test_config_files_carry_the_decided_values(path: Path) -> None:
    assert json.loads(path.read_text()) == DECIDED


def test_docs_state_the_decided_values() -> None:
    for name in ("apps.md", "apps.es.md"):
        text = (ROOT / "docs" / name).read_text(encoding="utf-8")
        for section in DECIDED.values():
            for key, value in section.items():
                assert key in text, f"docs/{name} does not explain {key}"
                if isinstance(value, int) and not isinstance(value, bool):
                    assert str(value) in text, f"docs/{name} does not give {key} = {value}"


def _isolated_env(tmp_path: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("JUPYTER", "QUERY_"))}
    env.update(HOME=str(tmp_path / "home"), JUPYTER_CONFIG_DIR=str(tmp_path / "config"))
    return env


def test_standalone_voila_reads_voila_json_from_the_repository_root(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`make apps` and the documented command start voila at the repository root."""
    from voila.app import Voila

    for key, value in _isolated_env(tmp_path).items():
        monkeypatch.setenv(key, value)
    monkeypatch.delenv("JUPYTER_CONFIG_PATH", raising=False)
    monkeypatch.chdir(ROOT)
    voila = Voila()
    voila.initialize([str(APPS_DIR.relative_to(ROOT)), "--no-browser"])
    conf = voila.voila_configuration
    assert (conf.template, conf.theme, conf.strip_sources) == ("lab", "light", True)
    assert conf.show_tracebacks is False
    assert dict(voila.config.VoilaExecutor) == DECIDED["VoilaExecutor"]
    assert dict(voila.config.MappingKernelManager) == DECIDED["MappingKernelManager"]
    assert Path(voila.root_dir) == APPS_DIR


def test_binder_start_gives_the_jupyter_server_the_config(tmp_path: Path) -> None:
    """On Binder the Voila pages are served by Jupyter Server's /voila extension, whose
    kernels and executor read the server's configuration: binder/start puts binder/ on
    JUPYTER_CONFIG_PATH, and the server then shows the decided values."""
    mode = START.stat().st_mode
    assert mode & stat.S_IXUSR, "binder/start must be executable"
    jupyter = Path(sys.executable).parent / "jupyter"
    out = subprocess.run(
        [str(START), str(jupyter), "server", "--show-config"],
        env=_isolated_env(tmp_path),
        cwd=tmp_path,  # the path must not depend on where the server starts
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    shown = out.stdout
    for section, values in DECIDED.items():
        assert section in shown
        for key, value in values.items():
            assert f".{key} = {value!r}" in shown, f"{section}.{key} not {value!r}:\n{shown}"


def test_makefile_serves_the_apps_with_voila() -> None:
    text = (ROOT / "Makefile").read_text()
    phony = next(ln for ln in text.splitlines() if ln.startswith(".PHONY:"))
    assert "apps" in phony.split()
    target = text[text.index("\napps:") :].splitlines()
    # with the engine make chose (compiled where it can be built, else pure Python)
    assert target[2].strip() == "$(WITH_ENGINE) $(BIN)/voila notebooks/apps"


def test_binder_pins_voila_and_nbgitpuller() -> None:
    lines = (ROOT / "binder" / "requirements.txt").read_text().splitlines()
    assert any(ln.startswith("voila==") for ln in lines)
    assert any(ln.startswith("nbgitpuller==") for ln in lines)


def test_the_documented_binder_link_opens_voila_on_each_app() -> None:
    """docs/apps.md lists the apps' Binder links (a block of ``python -m widgets.links``);
    decoded, each opens Voila on an app's notebook."""
    text = (ROOT / "docs" / "apps.md").read_text(encoding="utf-8")
    links = re.findall(r"https://mybinder\.org/v2/gh/[^\s)>`]*urlpath=voila[^\s)>`]*", text)
    assert links, "docs/apps.md shows no Binder link to an app"
    found = set()
    for link in links:
        query = parse_qs(urlsplit(link).query)
        urlpath = unquote(query["urlpath"][0])
        path, _, inner = urlpath.partition("?")
        assert path.startswith("voila/render/notebooks/apps/"), urlpath
        found.add((path.rsplit("/", 1)[1], parse_qs(inner).get("lang", ["en"])[0]))
    for game in APPS:
        assert (f"{game.replace('-', '_')}.ipynb", "es") in found, found
