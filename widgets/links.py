"""Every launch link of Mundos Lab, built from one repository address.

The address is written once, in ``pyproject.toml`` (``[project.urls] Repository``); every
Binder badge, Binder link (a lesson in JupyterLab, an app in Voila) and nbgitpuller link for a
school JupyterHub is built here from it, and the Markdown files carry the links only inside
generated blocks::

    <!-- links:begin lessons es -->
    ...written by `python -m widgets.links --write`...
    <!-- links:end -->

The words after ``links:begin`` name what the block shows and in which language (see
``BLOCKS``), so a block can be moved or copied into any Markdown file of README.md or docs/.
``python -m widgets.links`` prints the links; ``--hub URL`` adds the nbgitpuller links for
that hub; ``--write`` rewrites the blocks; ``--check`` fails when one is stale. The lessons and
apps are found on disk at run time, so a new notebook only needs ``--write``.
"""

from __future__ import annotations

import argparse
import importlib.metadata
import json
import re
import sys
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode, urlsplit

import gamecore
from gamecore.words import (
    LANGUAGES,
    check_language,
    get_language,
    join_words,
    set_language,
    t,
)

DISTRIBUTION = "mundos-lab"
URL_LABEL = "Repository"

BRANCH = "main"
"""The branch every link opens. Not ``HEAD``: Binder would accept it, but nbgitpuller clones
with ``git clone --branch``, which needs a real branch name, and Binder and the hub must
open the same version of the lessons."""

BINDER = "https://mybinder.org"
BADGE_IMAGE = f"{BINDER}/badge_logo.svg"
EXAMPLE_HUB = "https://hub.example.org"
"""The hub shown in the guides' example block (a reserved example domain, never a real hub)."""

CHECKOUT = Path(__file__).resolve().parents[1]
NOTEBOOKS = "notebooks"
APPS = "apps"
START_NUMBER = "00"
MARKDOWN_FILES = ("README.md", "docs/**/*.md")
BLOCK = re.compile(
    r"(?P<begin><!-- links:begin (?P<spec>[^>]*?) -->\n)(?P<body>.*?)(?P<end><!-- links:end -->)",
    re.DOTALL,
)


class LinksError(ValueError):
    """A repository address, hub address or generated block that links cannot be made from."""


# --- the repository address ------------------------------------------------------------------


@dataclass(frozen=True)
class Repository:
    """A GitHub repository and the branch the links open."""

    url: str
    branch: str = BRANCH

    @property
    def owner(self) -> str:
        return self._parts()[0]

    @property
    def name(self) -> str:
        """The repository's name, which is also the folder nbgitpuller clones it into."""
        return self._parts()[1]

    def _parts(self) -> tuple[str, str]:
        parts = urlsplit(self.url)
        path = [p for p in parts.path.split("/") if p]
        # Binder's "gh" provider and the badge need exactly github.com/OWNER/NAME.
        if parts.scheme != "https" or parts.netloc != "github.com" or len(path) != 2:
            raise LinksError(t("links.not_a_github_repository", url=self.url))
        return path[0], path[1].removesuffix(".git")


def url_from_pyproject(pyproject: Path) -> str | None:
    """The Repository URL in a checkout's ``pyproject.toml`` (None if it is not ours)."""
    if not pyproject.is_file():
        return None
    if sys.version_info >= (3, 11):
        import tomllib

        project = tomllib.loads(pyproject.read_text(encoding="utf-8")).get("project", {})
        if project.get("name") != DISTRIBUTION:
            return None
        url = project.get("urls", {}).get(URL_LABEL)
        return url if isinstance(url, str) else None
    return None  # Python 3.10 has no tomllib: the installed metadata answers instead


def url_from_metadata(entries: list[str] | None) -> str | None:
    """The Repository URL among an installed package's ``Project-URL`` entries
    (``"Repository, https://..."``)."""
    for entry in entries or []:
        label, _, url = entry.partition(",")
        if label.strip() == URL_LABEL:
            return url.strip()
    return None


def _installed_project_urls() -> list[str] | None:
    try:
        return importlib.metadata.metadata(DISTRIBUTION).get_all("Project-URL")
    except importlib.metadata.PackageNotFoundError:
        return None


@cache
def repository() -> Repository:
    """The repository every link points at.

    From a checkout, ``pyproject.toml`` itself: an editable install keeps the metadata of the
    day it was installed, so the file is the fresher copy. Installed elsewhere (Binder
    installs the project into site-packages), the package metadata, which setuptools copies
    from that same table."""
    url = url_from_pyproject(CHECKOUT / "pyproject.toml") or url_from_metadata(
        _installed_project_urls()
    )
    if url is None:
        raise LinksError(t("links.no_repository", label=URL_LABEL))
    found = Repository(url.rstrip("/"))
    found._parts()  # refuse a malformed address now rather than in the first link
    return found


# --- links -----------------------------------------------------------------------------------


def _query(**values: str) -> str:
    # quote with nothing safe: "/" and "?" inside a value must stay inside that value
    return urlencode(values, quote_via=quote, safe="")


def binder_lab(path: str, repo: Repository | None = None) -> str:
    """Binder opening ``path`` (a notebook, relative to the repository) in JupyterLab."""
    repo = repo or repository()
    return f"{BINDER}/v2/gh/{repo.owner}/{repo.name}/{repo.branch}?{_query(labpath=path)}"


def binder_voila(path: str, lang: str, repo: Repository | None = None) -> str:
    """Binder opening the app ``path`` in Voila (no code on screen), speaking ``lang``."""
    repo = repo or repository()
    page = f"voila/render/{path}?{_query(lang=check_language(lang))}"
    return f"{BINDER}/v2/gh/{repo.owner}/{repo.name}/{repo.branch}?{_query(urlpath=page)}"


def hub_address(hub: str) -> str:
    """A JupyterHub's address without its trailing slash, or an error that shows the form."""
    parts = urlsplit(hub.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc or parts.query:
        raise LinksError(t("links.bad_hub", hub=hub, example=EXAMPLE_HUB))
    return hub.strip().rstrip("/")


def hub_link(hub: str, path: str, repo: Repository | None = None) -> str:
    """An nbgitpuller link: the hub pulls the repository into the student's home (or merges
    what changed since the last pull) and opens ``path`` in JupyterLab."""
    repo = repo or repository()
    query = _query(repo=repo.url, branch=repo.branch, urlpath=f"lab/tree/{repo.name}/{path}")
    return f"{hub_address(hub)}/hub/user-redirect/git-pull?{query}"


def badge(path: str, lang: str, repo: Repository | None = None) -> str:
    """The Markdown of a Binder badge opening ``path``."""
    return f"[![{t('links.badge_alt', lang=lang)}]({BADGE_IMAGE})]({binder_lab(path, repo)})"


# --- what there is to link to ----------------------------------------------------------------


@dataclass(frozen=True)
class Lesson:
    """A lesson notebook: ``notebooks/<lang>/<game>/<number>_<name>.ipynb``."""

    path: str
    lang: str
    game: str  # the folder under the language; "" for the start page
    number: str
    title: str

    @property
    def pair(self) -> tuple[str, str]:
        """What the two languages' versions of a lesson share (their file names differ)."""
        return self.game, self.number


@dataclass(frozen=True)
class App:
    """A play-only app, ``notebooks/apps/<game>.ipynb``."""

    path: str
    title: str


def first_heading(cells: list[dict[str, Any]]) -> str:
    """The first heading of a notebook's first Markdown cell ("" if it has none): the
    lesson's title, for the link tables and the printed handouts alike."""
    for cell in cells:
        if cell.get("cell_type") != "markdown":
            continue
        source = cell.get("source", "")
        text = "".join(source) if isinstance(source, list) else source
        for line in text.splitlines():
            if line.startswith("#"):
                return line.lstrip("#").strip()
        break
    return ""


def notebook_title(path: Path) -> str:
    """The first heading of a notebook's first Markdown cell (the file name if none)."""
    cells = json.loads(path.read_text(encoding="utf-8")).get("cells", [])
    return first_heading(cells) or path.stem


def _notebooks(folder: Path) -> list[Path]:
    return (
        sorted(p for p in folder.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)
        if folder.is_dir()
        else []
    )


def lessons(root: Path = CHECKOUT) -> list[Lesson]:
    """Every lesson under notebooks/<lang>/, start page first, then game by game."""
    found = []
    for lang in LANGUAGES:
        base = root / NOTEBOOKS / lang
        for path in _notebooks(base):
            where = path.relative_to(base)
            found.append(
                Lesson(
                    path=path.relative_to(root).as_posix(),
                    lang=lang,
                    game="/".join(where.parts[:-1]),
                    number=path.stem.split("_", 1)[0],
                    title=notebook_title(path),
                )
            )
    return sorted(found, key=lambda lesson: (lesson.game, lesson.number, lesson.lang))


def apps(root: Path = CHECKOUT) -> list[App]:
    """Every app under notebooks/apps/, named after its game."""
    found = []
    for path in _notebooks(root / NOTEBOOKS / APPS):
        spec = gamecore.GAMES.get(path.stem.replace("_", "-"))
        title = spec.title if spec is not None else notebook_title(path)
        found.append(App(path.relative_to(root).as_posix(), title))
    return found


def start_page(lang: str, root: Path = CHECKOUT) -> str:
    """The path of a language's start page (its folder, where there is none yet)."""
    for lesson in lessons(root):
        if lesson.lang == lang and lesson.game == "" and lesson.number == START_NUMBER:
            return lesson.path
    return f"{NOTEBOOKS}/{lang}"


def game_title(folder: str, lang: str) -> str:
    if folder == "":
        return t("links.start_page", lang=lang)
    spec = gamecore.GAMES.get(folder.replace("_", "-"))
    return spec.title if spec is not None else folder


# --- generated Markdown blocks ---------------------------------------------------------------


def _lesson_rows(root: Path, lang: str, cell: Callable[[Lesson], str]) -> list[str]:
    """One row per lesson (both languages side by side), titled in ``lang`` where it exists."""
    pairs: dict[tuple[str, str], dict[str, Lesson]] = {}
    for lesson in lessons(root):
        pairs.setdefault(lesson.pair, {})[lesson.lang] = lesson
    rows = []
    for (game, _number), versions in pairs.items():
        title = (versions.get(lang) or next(iter(versions.values()))).title
        cells = [
            cell(versions[other]) if other in versions else t("links.not_yet", lang=lang)
            for other in _languages(lang)
        ]
        rows.append(_row([game_title(game, lang), title, *cells]))
    return rows


def _languages(lang: str) -> list[str]:
    """Every language, the reader's own first (a Spanish guide lists Spanish links first)."""
    return [lang, *(other for other in LANGUAGES if other != lang)]


def _row(cells: list[str]) -> str:
    return "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"


def _table(head: list[str], rows: list[str]) -> str:
    return "\n".join([_row(head), _row(["---"] * len(head)), *rows])


def _language_columns(lang: str) -> list[str]:
    return [t(f"links.language_{other}", lang=lang) for other in _languages(lang)]


def block_badge(root: Path, lang: str) -> str:
    return badge(start_page(lang, root), lang)


def block_launch(root: Path, lang: str) -> str:
    """The README's launch lines: the start page and the apps in ``lang``."""
    lines = ["- " + t("links.launch_lessons", lang=lang, url=binder_lab(start_page(lang, root)))]
    found = apps(root)
    if found:
        names = [f"[{app.title}]({binder_voila(app.path, lang)})" for app in found]
        lines.append("- " + t("links.launch_apps", lang=lang, apps=join_words(names, lang)))
    return "\n".join(lines)


def _lesson_table(root: Path, lang: str, words: str, link: Callable[[str], str]) -> str:
    """Every lesson, both languages side by side, each cell the words ``words`` linked."""
    head = [t("links.column_game", lang=lang), t("links.column_lesson", lang=lang)]
    rows = _lesson_rows(root, lang, lambda lesson: f"[{t(words, lang=lang)}]({link(lesson.path)})")
    return _table(head + _language_columns(lang), rows)


def block_lessons(root: Path, lang: str) -> str:
    """Every lesson, both languages, on Binder."""
    return _lesson_table(root, lang, "links.open_binder", binder_lab)


def block_apps(root: Path, lang: str) -> str:
    """Every app on Binder (Voila), in each language."""
    rows = [
        _row(
            [app.title]
            + [
                f"[{t('links.open_app', lang=lang)}]({binder_voila(app.path, other)})"
                for other in _languages(lang)
            ]
        )
        for app in apps(root)
    ]
    if not rows:
        return t("links.no_apps", lang=lang)
    return _table([t("links.column_game", lang=lang), *_language_columns(lang)], rows)


def block_hub(root: Path, lang: str) -> str:
    """The example hub's nbgitpuller links (a teacher makes real ones with ``--hub``)."""
    return _lesson_table(root, lang, "links.open_hub", lambda path: hub_link(EXAMPLE_HUB, path))


def block_get(root: Path, lang: str) -> str:
    """Where to get the kit: the repository page, its ZIP, and the git command."""
    repo = repository()
    archive = f"{repo.url}/archive/refs/heads/{repo.branch}.zip"
    return "\n".join(
        [
            "- " + t("links.get_page", lang=lang, url=repo.url),
            "- " + t("links.get_zip", lang=lang, url=archive, folder=f"{repo.name}-{repo.branch}"),
            "- " + t("links.get_git", lang=lang),
            "",
            "```sh",
            f"git clone --branch {repo.branch} {repo.url}",
            f"cd {repo.name}",
            "```",
        ]
    )


BLOCKS: dict[str, Callable[[Path, str], str]] = {
    "badge": block_badge,
    "launch": block_launch,
    "lessons": block_lessons,
    "apps": block_apps,
    "hub": block_hub,
    "get": block_get,
}
"""What a block shows, by the first word after ``links:begin``; the second is its language."""


def render_block(spec: str, root: Path = CHECKOUT) -> str:
    """The text of the block named ``spec`` ("lessons es")."""
    words = spec.split()
    if len(words) != 2 or words[0] not in BLOCKS or words[1] not in LANGUAGES:
        raise LinksError(
            t("links.unknown_block", spec=spec, kinds=", ".join(BLOCKS), langs=", ".join(LANGUAGES))
        )
    return BLOCKS[words[0]](root, words[1])


def regenerate(text: str, root: Path = CHECKOUT) -> str:
    """``text`` with every generated block rewritten."""
    return BLOCK.sub(lambda m: m["begin"] + render_block(m["spec"], root) + "\n" + m["end"], text)


def outside_blocks(text: str) -> str:
    """``text`` with every generated block's body removed (what a person wrote by hand)."""
    return BLOCK.sub(lambda m: m["begin"] + m["end"], text)


def markdown_files(root: Path = CHECKOUT) -> list[Path]:
    """The Markdown files that may carry generated blocks."""
    found: set[Path] = set()
    for pattern in MARKDOWN_FILES:
        found.update(p for p in root.glob(pattern) if p.is_file())
    return sorted(found)


def stale_files(root: Path = CHECKOUT) -> list[Path]:
    """The files whose generated blocks differ from what ``--write`` would write."""
    return [
        path
        for path in markdown_files(root)
        if (text := path.read_text(encoding="utf-8")) != regenerate(text, root)
    ]


def write_blocks(root: Path = CHECKOUT) -> list[Path]:
    """Rewrite every stale file; return the files changed."""
    changed = stale_files(root)
    for path in changed:
        text = path.read_text(encoding="utf-8")
        path.write_text(regenerate(text, root), encoding="utf-8")
    return changed


# --- the command -----------------------------------------------------------------------------


def links_table(lang: str, hub: str | None = None, root: Path = CHECKOUT) -> str:
    """Every link as plain text for a terminal: each item's name and path, its link below."""
    out = [t("links.heading_lessons", lang=lang)]
    for lesson in lessons(root):
        out += [f"  {lesson.title} ({lesson.path})", f"    {binder_lab(lesson.path)}"]
    found = apps(root)
    if found:
        out += ["", t("links.heading_apps", lang=lang)]
        for app in found:
            for other in _languages(lang):
                name = t(f"links.language_{other}", lang=lang)
                out += [f"  {app.title}, {name}", f"    {binder_voila(app.path, other)}"]
    if hub is not None:
        out += ["", t("links.heading_hub", lang=lang, hub=hub_address(hub))]
        for lesson in lessons(root):
            out += [f"  {lesson.title} ({lesson.path})", f"    {hub_link(hub, lesson.path)}"]
    return "\n".join(out)


def main(argv: list[str] | None = None, root: Path = CHECKOUT) -> int:
    lang = get_language()
    parser = argparse.ArgumentParser(
        prog="python -m widgets.links", description=t("links.cli_description", lang=lang)
    )
    parser.add_argument("--hub", metavar="URL", help=t("links.cli_hub", lang=lang))
    parser.add_argument(
        "--lang", choices=LANGUAGES, default=lang, help=t("links.cli_lang", lang=lang)
    )
    action = parser.add_mutually_exclusive_group()
    action.add_argument("--write", action="store_true", help=t("links.cli_write", lang=lang))
    action.add_argument("--check", action="store_true", help=t("links.cli_check", lang=lang))
    args = parser.parse_args(argv)
    lang = args.lang
    set_language(lang)  # the refusals raised below speak the chosen language too
    try:
        if args.check:
            stale = stale_files(root)
            for path in stale:
                print(t("links.stale", lang=lang, file=path.relative_to(root).as_posix()))
            if not stale:
                print(t("links.up_to_date", lang=lang))
            return 1 if stale else 0
        if args.write:
            changed = write_blocks(root)
            for path in changed:
                print(t("links.written", lang=lang, file=path.relative_to(root).as_posix()))
            if not changed:
                print(t("links.up_to_date", lang=lang))
            return 0
        print(links_table(lang, args.hub, root))
    except LinksError as error:
        print(error, file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
