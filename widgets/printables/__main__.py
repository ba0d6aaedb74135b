"""``python -m widgets.printables --out printables/ [--lang en|es|all]``: write every
printable (an SVG per page, a PDF per language) and say in words what was written."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path as FsPath

from gamecore.words import LANGUAGES, t

from .build import NOTEBOOKS, build


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m widgets.printables", description=t("printables.cli_description")
    )
    parser.add_argument(
        "--out", type=FsPath, default=FsPath("printables"), help=t("printables.cli_out")
    )
    parser.add_argument(
        "--lang", choices=[*LANGUAGES, "all"], default="all", help=t("printables.cli_lang")
    )
    parser.add_argument(
        "--notebooks", type=FsPath, default=NOTEBOOKS, help=t("printables.cli_notebooks")
    )
    parser.add_argument("--no-pdf", action="store_true", help=t("printables.cli_no_pdf"))
    args = parser.parse_args(argv)
    langs = LANGUAGES if args.lang == "all" else (args.lang,)
    for done in build(args.out, langs, notebooks=args.notebooks, pdf=not args.no_pdf):
        folder = args.out / done.lang
        print(t("printables.cli_wrote", n=len(done.svgs), language=done.lang, folder=folder))
        if done.pdf is not None:
            print(t("printables.cli_pdf", path=done.pdf))
        if not done.handouts:
            print(t("printables.cli_no_questions", folder=args.notebooks / done.lang))
    return 0


if __name__ == "__main__":
    sys.exit(main())
