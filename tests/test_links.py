"""The repository address lives in one place and every launch link is built from it
(widgets/links.py, issue 9 §2)."""

from __future__ import annotations

import email.message
import json
import re
import sys
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest

import gamecore.words
from widgets import links

ROOT = Path(__file__).resolve().parents[1]
REPO = links.Repository("https://github.com/mundos-lab/mundos-lab")


@pytest.fixture(autouse=True)
def _keep_language():
    before = gamecore.words.get_language()
    yield
    gamecore.words.set_language(before)


def _notebook(path: Path, title: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    cells = [{"cell_type": "markdown", "metadata": {}, "source": [f"# {title}\n", "Text.\n"]}]
    path.write_text(
        json.dumps({"cells": cells, "metadata": {}, "nbformat": 4, "nbformat_minor": 5})
    )


@pytest.fixture
def kit(tmp_path: Path) -> Path:
    """A small checkout: a start page and one lesson per language, one app, a README."""
    _notebook(tmp_path / "notebooks/en/00_start_here.ipynb", "Start here")
    _notebook(tmp_path / "notebooks/es/00_empieza_aqui.ipynb", "Empieza aquí")
    _notebook(tmp_path / "notebooks/en/ecosfera/01_cooperative_solo.ipynb", "Ecosfera 1 — Solo")
    _notebook(tmp_path / "notebooks/es/ecosfera/01_solitario.ipynb", "Ecosfera 1 — Solitario")
    _notebook(tmp_path / "notebooks/en/ecosfera/02_together.ipynb", "Ecosfera 2 — Together")
    _notebook(tmp_path / "notebooks/apps/ecosfera.ipynb", "App")
    (tmp_path / "notebooks/en/.ipynb_checkpoints").mkdir()
    _notebook(tmp_path / "notebooks/en/.ipynb_checkpoints/00_start_here-checkpoint.ipynb", "x")
    (tmp_path / "README.md").write_text(
        "# Kit\n\n<!-- links:begin badge en -->\nold\n<!-- links:end -->\n\nHand text.\n"
    )
    (tmp_path / "docs/teachers").mkdir(parents=True)
    (tmp_path / "docs/teachers/setup.es.md").write_text(
        "<!-- links:begin lessons es -->\n<!-- links:end -->\n"
    )
    return tmp_path


# --- the one place ---------------------------------------------------------------------------


def test_the_address_is_read_from_pyproject() -> None:
    text = (ROOT / "pyproject.toml").read_text()
    written = re.search(r'^Repository = "([^"]+)"$', text, re.MULTILINE)
    assert written is not None
    assert links.repository().url == written[1]
    assert (links.repository().owner, links.repository().name) == ("mundos-lab", "mundos-lab")


def test_the_installed_metadata_answers_outside_a_checkout(tmp_path, monkeypatch) -> None:
    meta = email.message.Message()
    meta["Project-URL"] = "Documentation, https://example.org/docs"
    meta["Project-URL"] = "Repository, https://github.com/someone/fork"
    assert links.url_from_metadata(meta.get_all("Project-URL")) == "https://github.com/someone/fork"
    assert links.url_from_metadata(None) is None
    monkeypatch.setattr(links, "CHECKOUT", tmp_path)  # no pyproject.toml here
    monkeypatch.setattr(links, "_installed_project_urls", lambda: meta.get_all("Project-URL"))
    links.repository.cache_clear()
    try:
        assert links.repository().url == "https://github.com/someone/fork"
    finally:
        links.repository.cache_clear()


@pytest.mark.skipif(sys.version_info < (3, 11), reason="tomllib is Python 3.11+")
def test_pyproject_of_another_project_is_not_ours(tmp_path) -> None:
    other = tmp_path / "pyproject.toml"
    other.write_text('[project]\nname = "other"\n[project.urls]\nRepository = "https://x.org"\n')
    assert links.url_from_pyproject(other) is None
    assert links.url_from_pyproject(tmp_path / "missing.toml") is None


def test_a_repository_that_binder_cannot_launch_is_refused() -> None:
    for url in ("https://gitlab.com/a/b", "http://github.com/a/b", "https://github.com/a"):
        with pytest.raises(links.LinksError, match=r"github\.com/OWNER/NAME"):
            links.binder_lab("notebooks/x.ipynb", links.Repository(url))


# --- the links -------------------------------------------------------------------------------


def test_every_lesson_link_parses_back_to_its_notebook() -> None:
    found = links.lessons()
    assert {lesson.lang for lesson in found} >= {"en"}
    for lesson in found:
        url = urlsplit(links.binder_lab(lesson.path))
        assert (url.scheme, url.netloc) == ("https", "mybinder.org")
        assert url.path == f"/v2/gh/mundos-lab/mundos-lab/{links.BRANCH}"
        labpath = parse_qs(url.query, strict_parsing=True)["labpath"]
        assert labpath == [lesson.path]
        assert (ROOT / lesson.path).is_file()
        assert "/" not in url.query  # the path is encoded, not glued in


def test_an_app_link_opens_voila_in_the_chosen_language() -> None:
    url = urlsplit(links.binder_voila("notebooks/apps/nuevos_mundos.ipynb", "es", REPO))
    assert url.path == "/v2/gh/mundos-lab/mundos-lab/main"
    query = parse_qs(url.query, strict_parsing=True)
    assert list(query) == ["urlpath"]  # ?lang=es travels inside urlpath, not beside it
    page = urlsplit(query["urlpath"][0])
    assert page.path == "voila/render/notebooks/apps/nuevos_mundos.ipynb"
    assert parse_qs(page.query) == {"lang": ["es"]}
    with pytest.raises(gamecore.words.UnknownLanguage):
        links.binder_voila("notebooks/apps/x.ipynb", "fr", REPO)


def test_the_nbgitpuller_link_has_the_shape_nbgitpuller_reads() -> None:
    path = "notebooks/es/ecosfera/01_solitario_cooperativo.ipynb"
    hubs = (("https://hub.example.org/", ""), ("https://school.edu/jupyter", "/jupyter"))
    for hub, prefix in hubs:
        url = urlsplit(links.hub_link(hub, path, REPO))
        assert url.netloc == urlsplit(hub).netloc
        assert url.path == f"{prefix}/hub/user-redirect/git-pull"
        query = parse_qs(url.query, strict_parsing=True)
        assert query == {
            "repo": ["https://github.com/mundos-lab/mundos-lab"],
            "branch": ["main"],
            # nbgitpuller clones into a folder named after the repository
            "urlpath": [f"lab/tree/mundos-lab/{path}"],
        }
    for bad in ("hub.example.org", "ftp://hub.example.org", "https://hub.example.org/?x=1"):
        with pytest.raises(links.LinksError, match=r"hub\.example\.org"):
            links.hub_link(bad, path, REPO)


def test_the_badge_opens_the_start_page() -> None:
    text = links.badge("notebooks/es/00_empieza_aqui.ipynb", "es", REPO)
    match = re.fullmatch(r"\[!\[(.+)\]\((.+)\)\]\((.+)\)", text)
    assert match is not None
    assert match[1] == "Abrir en Binder"
    assert match[2] == links.BADGE_IMAGE
    assert parse_qs(urlsplit(match[3]).query)["labpath"] == ["notebooks/es/00_empieza_aqui.ipynb"]


# --- the notebooks are found at run time -----------------------------------------------------


def test_lessons_and_apps_are_found_on_disk(kit: Path) -> None:
    found = links.lessons(kit)
    assert [(lesson.lang, lesson.game, lesson.number) for lesson in found] == [
        ("en", "", "00"),
        ("es", "", "00"),
        ("en", "ecosfera", "01"),
        ("es", "ecosfera", "01"),
        ("en", "ecosfera", "02"),
    ]  # the checkpoint copy is not a lesson
    assert found[3].title == "Ecosfera 1 — Solitario"
    assert links.start_page("es", kit) == "notebooks/es/00_empieza_aqui.ipynb"
    assert [(app.path, app.title) for app in links.apps(kit)] == [
        ("notebooks/apps/ecosfera.ipynb", "Ecosfera")
    ]


def test_the_lessons_table_pairs_the_two_languages(kit: Path) -> None:
    table = links.render_block("lessons es", kit).splitlines()
    assert table[0] == "| Juego | Lección | Español | Inglés |"
    assert len(table) == 2 + 3  # head, rule, three lessons
    assert "Ecosfera 1 — Solitario" in table[3] and "01_solitario.ipynb" in table[3]
    assert "| todavía no | [abrir en Binder]" in table[4]  # lesson 2 is not in Spanish yet
    english = links.render_block("lessons en", kit)
    assert "Ecosfera 1 — Solo" in english and "| Start page |" in english


def test_the_apps_table_has_a_link_per_language(kit: Path) -> None:
    rows = links.render_block("apps en", kit).splitlines()[2:]
    assert len(rows) == 1 and rows[0].startswith("| Ecosfera |")
    voila = re.findall(r"\((https://[^)]+)\)", rows[0])
    pages = [urlsplit(parse_qs(urlsplit(u).query)["urlpath"][0]) for u in voila]
    assert [parse_qs(p.query)["lang"] for p in pages] == [["en"], ["es"]]


def test_write_then_check(kit: Path, capsys) -> None:
    assert links.main(["--check"], root=kit) == 1
    assert "README.md" in capsys.readouterr().out
    assert links.main(["--write"], root=kit) == 0
    readme = (kit / "README.md").read_text()
    assert "old" not in readme and "Hand text." in readme
    assert "notebooks%2Fen%2F00_start_here.ipynb" in readme
    assert links.main(["--check"], root=kit) == 0
    # a new lesson appears after --write, with no change to the code
    _notebook(kit / "notebooks/es/ecosfera/02_en_equipo.ipynb", "Ecosfera 2 — En equipo")
    assert links.stale_files(kit) == [kit / "docs/teachers/setup.es.md"]


def test_an_unknown_block_is_refused_in_words(kit: Path, capsys) -> None:
    (kit / "docs/x.md").write_text("<!-- links:begin lesons es -->\n<!-- links:end -->\n")
    assert links.main(["--check", "--lang", "es"], root=kit) == 2
    assert "«lesons es»" in capsys.readouterr().err


def test_the_command_prints_every_link(kit: Path, capsys) -> None:
    assert links.main(["--lang", "es", "--hub", "https://hub.example.org"], root=kit) == 0
    out = capsys.readouterr().out
    assert "Lecciones en Binder (JupyterLab):" in out
    assert "Lecciones en el hub https://hub.example.org (nbgitpuller):" in out
    urls = re.findall(r"^    (\S+)$", out, re.MULTILINE)
    assert len(urls) == 5 + 2 + 5  # lessons on Binder, the app in two languages, the hub
    assert links.main(["--hub", "hub.example.org"], root=kit) == 2


# --- the committed files ---------------------------------------------------------------------


def test_the_generated_blocks_are_up_to_date() -> None:
    stale = [p.relative_to(ROOT).as_posix() for p in links.stale_files()]
    assert stale == [], f"run `python -m widgets.links --write`; stale: {stale}"


def test_the_guides_and_readme_carry_their_blocks() -> None:
    def specs(name: str) -> set[str]:
        return {m["spec"] for m in links.BLOCK.finditer((ROOT / name).read_text())}

    assert specs("README.md") == {"badge en", "launch en", "badge es", "launch es"}
    for lang, name in (("en", "docs/teachers/setup.md"), ("es", "docs/teachers/setup.es.md")):
        assert specs(name) == {f"{kind} {lang}" for kind in ("lessons", "apps", "get", "hub")}


def _addresses_of_this_project() -> re.Pattern[str]:
    """OWNER/NAME plain or URL-encoded: every GitHub, Binder or nbgitpuller address of the
    project carries one of them (a pattern like mybinder.org/v2/gh/OWNER/REPO does not)."""
    repo = links.repository()
    names = [f"{repo.owner}/{repo.name}", f"{repo.owner}%2F{repo.name}"]
    return re.compile("|".join(map(re.escape, names)), re.IGNORECASE)


def test_no_address_of_this_project_outside_generated_blocks() -> None:
    pattern = _addresses_of_this_project()
    places = [ROOT / "README.md"]
    for folder in ("docs", "notebooks", "binder"):
        places += [p for p in (ROOT / folder).rglob("*") if p.is_file()]
    found = []
    for path in places:
        if ".ipynb_checkpoints" in path.parts or path.suffix in {".png", ".pdf"}:
            continue
        text = links.outside_blocks(path.read_text(encoding="utf-8", errors="replace"))
        found += [f"{path.relative_to(ROOT)}: {m[0]}" for m in pattern.finditer(text)]
    assert found == [], "write these links through a generated block (widgets/links.py)"


def test_the_address_check_would_see_a_hand_written_link() -> None:
    pattern = _addresses_of_this_project()
    hand = "See [Binder](https://mybinder.org/v2/gh/mundos-lab/mundos-lab/HEAD).\n"
    assert pattern.search(links.outside_blocks(hand))
    assert pattern.search("repo=https%3A%2F%2Fgithub.com%2Fmundos-lab%2Fmundos-lab")
    fenced = f"<!-- links:begin badge en -->\n{hand}<!-- links:end -->\n"
    assert not pattern.search(links.outside_blocks(fenced))
    assert not pattern.search("https://mybinder.org/v2/gh/OWNER/REPO/BRANCH?urlpath=...")


def test_the_spanish_readme_section_is_complete() -> None:
    readme = (ROOT / "README.md").read_text()
    spanish = readme[readme.index("## En español: puesta en marcha") :]
    spanish = spanish[: spanish.index("\n## ", 1)]
    assert "lecciones están en inglés" not in readme
    assert "docs/teachers/setup.es.md" in spanish and "notebooks/es/00_empieza_aqui" in spanish
    layout = readme[readme.index("## Where things are") :]
    for folder in ("notebooks/en/", "notebooks/es/", "notebooks/apps/"):
        assert f"`{folder}`" in layout
