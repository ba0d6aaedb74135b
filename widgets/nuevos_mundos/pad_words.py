"""The scoring pad in words: typed cards read and written, names of cards, modules and
places, and the score table with its reasons.

Typed cards are values from 1 to 64 separated by spaces or commas; a human settlement is
``s:taiga`` (or ``settlement:taiga``, ``asentamiento:taiga``), optionally with a value of its
own: ``s:taiga=53``. The biome may be named in any declared language, accents optional,
words joined by spaces, hyphens or underscores: ``s:jungle``, ``s:selva``, ``s:oceano``,
``s:alta montaña``, ``s:tundra-artica``; the start of one of its words is enough when only
one biome has it (``s:alta``).
Every word comes from the catalog (``gamecore/words/<lang>/nuevos_mundos_pad.json``).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from html import escape

from gamecore.nuevos_mundos.data import (
    BIOME_OF_CODE,
    BIOME_RANGES,
    BIOMES,
    ICONS,
    MODULES,
    SETTLEMENT_BASE,
    biome_label,
    check_value,
    icon_name,
    settlement_code,
)
from gamecore.nuevos_mundos.scoring import CATEGORIES
from gamecore.scoresheet import ScoreSheet
from gamecore.words import LANGUAGES, join_alternatives, join_words, t

from ..palette import HIGHLIGHT, INK, MUTED, PAPER, tint
from ..svg import FONT
from .table_words import module_label as module_label  # one home; the pad re-exports it

MIN_PLAYERS, MAX_PLAYERS = 1, 6
LAST = SETTLEMENT_BASE + len(BIOMES)
"""The highest card code (the last settlement)."""

Entry = tuple[int, int | None]
"""A card of a world: its code (1-64, settlements 65-72) and a settlement's typed value."""

_SPLIT = re.compile(r"[\s,;]+")
_NUMBER = re.compile(r"[0-9]+")
_SETTLEMENT = re.compile(r"(?:s|settlement|asentamiento):([^\d=:]*)(?:=(.*))?")
_SETTLEMENT_START = re.compile(r"(?:s|settlement|asentamiento):[^\W\d]+")
_MORE_OF_A_NAME = re.compile(r"[^\W\d_][^\W\d]*(?:=.*)?")
"""A word that continues a settlement's biome name typed with a space ("s:alta montaña")."""


def module_hint(module: str) -> str:
    """What a module changes, in one sentence (the checkbox's tooltip)."""
    hints = {
        "human_settlements": t("nuevos_mundos_pad.hint_human_settlements"),
        "global_natural_balance": t("nuevos_mundos_pad.hint_global_natural_balance"),
        "vital_capacity": t("nuevos_mundos_pad.hint_vital_capacity"),
        "discord": t("nuevos_mundos_pad.hint_discord"),
    }
    return hints[module]


# --- reading typed cards -------------------------------------------------------------


def _plain(text: str) -> str:
    """``text`` as it is compared: lower case, no accents, words joined by ``_``."""
    text = unicodedata.normalize("NFD", text.strip().lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return re.sub(r"[\s_-]+", "_", text)


def _biome_names(biome: int) -> set[str]:
    """Every way a biome may be typed: its id and its name in each declared language."""
    names = {BIOMES[biome]}
    names.update(_plain(t(f"nuevos_mundos.biome_{BIOMES[biome]}", lang=lang)) for lang in LANGUAGES)
    return names


def find_biome(name: str) -> int:
    """The biome a settlement names: its full name in any language, or the start of one of
    its words that no other biome's name shares."""
    key = _plain(name)
    names = [_biome_names(b) for b in range(len(BIOMES))]
    for b, known in enumerate(names):
        if key in known:
            return b
    found = [
        b
        for b, known in enumerate(names)
        if key and any(word.startswith(key) for full in known for word in full.split("_"))
    ]
    if len(found) == 1:
        return found[0]
    names_listed = ", ".join(biome_label(b) for b in range(len(BIOMES)))
    if found:
        maybe = join_alternatives([biome_label(b) for b in found])
        raise ValueError(
            t("nuevos_mundos_pad.biome_could_be", name=name, maybe=maybe, names=names_listed)
        )
    raise ValueError(t("nuevos_mundos_pad.no_biome", name=name, names=names_listed))


def _settlement_value(biome: int, text: str, token: str) -> int:
    """A typed settlement value, checked against its biome's range."""
    first, last = (f"{v:02d}" for v in BIOME_RANGES[biome])
    if not _NUMBER.fullmatch(text.strip()):
        raise ValueError(
            t("nuevos_mundos_pad.value_after_equals", token=token, first=first, last=last)
        )
    value = int(text)
    low, high = BIOME_RANGES[biome]
    if not low <= value <= high:
        raise ValueError(
            t(
                "nuevos_mundos_pad.settlement_range",
                token=token,
                biome=biome_label(biome),
                first=first,
                last=last,
                value=value,
            )
        )
    return value


def parse_token(token: str) -> Entry:
    """One typed card: ``"42"``, ``"s:taiga"``, ``"settlement:taiga=53"`` (ValueError if not)."""
    low = token.strip().lower()
    if _NUMBER.fullmatch(low):
        return check_value(int(low)), None
    match = _SETTLEMENT.fullmatch(low)
    if match is None:
        raise ValueError(t("nuevos_mundos_pad.not_a_card", token=token))
    biome = find_biome(match.group(1))
    if match.group(2) is None:
        return settlement_code(biome), None
    return settlement_code(biome), _settlement_value(biome, match.group(2), token)


def parse_cards(text: str) -> list[Entry]:
    """Every card in a line of typed text, separated by spaces, commas or semicolons (a
    settlement's biome name may hold a space: ``s:alta montaña=45``)."""
    tokens: list[str] = []
    for part in _SPLIT.split(text.strip()):
        if not part:
            continue
        previous = tokens[-1].lower() if tokens else ""
        if (
            _SETTLEMENT_START.fullmatch(previous)
            and _MORE_OF_A_NAME.fullmatch(part)
            and ":" not in part
        ):
            tokens[-1] += " " + part
        else:
            tokens.append(part)
    return [parse_token(token) for token in tokens]


def parse_card_like(card: object) -> Entry:
    """A card given by code: an int (1-64, or a settlement code 65-72) or typed text."""
    if isinstance(card, str):
        return parse_token(card)
    if isinstance(card, int) and not isinstance(card, bool) and SETTLEMENT_BASE < card <= LAST:
        return card, None
    return check_value(card), None


def token_of(code: int, value: int | None = None, *, words: bool = False) -> str:
    """How the pad writes a card: ``42``, ``s:taiga`` or ``s:taiga=53``; ``s:high_mountain``
    (the biome's id, as ``score()`` reads it), or with ``words`` as a student types it in the
    language of the moment (``s:alta-montaña``: one token, so a hyphen for the space)."""
    if code <= SETTLEMENT_BASE:
        return str(code)
    biome = BIOME_OF_CODE[code]
    named = biome_label(biome).replace(" ", "-") if words else BIOMES[biome]
    name = f"s:{named}"
    return name if value is None else f"{name}={value}"


def card_name(code: int) -> str:
    """A card in a sentence: ``card 42`` or ``the taiga settlement``."""
    if code <= SETTLEMENT_BASE:
        return t("nuevos_mundos_pad.card", card=f"{code:02d}")
    return t("nuevos_mundos_pad.settlement", biome=biome_label(BIOME_OF_CODE[code]))


def short_tags(names: Sequence[str]) -> list[str]:
    """The shortest distinct initials (1-3 letters) marking whose world a card is in."""
    for length in (1, 2, 3):
        tags = [n[:length].strip().capitalize() or "?" for n in names]
        if len(set(tags)) == len(tags):
            return tags
    return [f"P{i + 1}" for i in range(len(names))]


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th..."""
    if 10 <= n % 100 <= 20 or n % 10 not in (1, 2, 3):
        return t("nuevos_mundos_pad.ordinal_n", n=n)
    if n % 10 == 1:
        return t("nuevos_mundos_pad.ordinal_1", n=n)
    if n % 10 == 2:
        return t("nuevos_mundos_pad.ordinal_2", n=n)
    return t("nuevos_mundos_pad.ordinal_3", n=n)


def sentence(text: str) -> str:
    """Text as a sentence: capital first letter and a full stop."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text.endswith((".", "!", "?")) else ".")


def categories_of(modules: Iterable[str]) -> tuple[str, ...]:
    """The categories scored with these modules, in the sheet's order."""
    chosen = set(modules)
    return tuple(c for c in CATEGORIES if c not in MODULES or c in chosen)


def name_problem(name: object, others: Iterable[str]) -> str | None:
    """Why a player name cannot be used (None if it can)."""
    if not isinstance(name, str) or not name.strip():
        return t("nuevos_mundos_pad.needs_name")
    if name.strip().lower() in {o.strip().lower() for o in others}:
        return t("nuevos_mundos_pad.same_name", name=name.strip())
    return None


def check_names(names: Sequence[str]) -> None:
    """A ValueError that says why these names cannot be the pad's players."""
    if not MIN_PLAYERS <= len(names) <= MAX_PLAYERS:
        raise ValueError(
            t("nuevos_mundos_pad.players_range", low=MIN_PLAYERS, high=MAX_PLAYERS, n=len(names))
        )
    for k, name in enumerate(names):
        problem = name_problem(name, [n for i, n in enumerate(names) if i != k])
        if problem:
            raise ValueError(problem)


# --- the score table -----------------------------------------------------------------


def tie_break_note(sheet: ScoreSheet) -> str | None:
    """How the nature icons separated players tied for first place (None if no tie)."""
    ranking = sheet.ranking()
    top = ranking[0].total
    tied = [p.player for p in ranking if p.total == top]
    if len(tied) < 2:
        return None
    steps = []
    left = tied
    for i in range(len(ICONS)):
        counts = {p: sheet.tie_break.get(p, (0,) * len(ICONS))[i] for p in left}
        listed = ", ".join(
            t("nuevos_mundos_pad.player_number", player=p, n=n) for p, n in counts.items()
        )
        steps.append(t("nuevos_mundos_pad.tie_counts", icon=icon_name(i), counts=listed))
        most = max(counts.values())
        left = [p for p in left if counts[p] == most]
        if len(left) == 1:
            return t(
                "nuevos_mundos_pad.tie_decided",
                tied=join_words(tied),
                points=top,
                steps="; ".join(steps),
                winner=left[0],
            )
    return t("nuevos_mundos_pad.tie_shared", tied=join_words(tied), points=top)


def ranking_lines(sheet: ScoreSheet) -> list[str]:
    """The ranking in one line, then who won (or how the tie was broken)."""
    ranking = sheet.ranking()
    order = " · ".join(
        t("nuevos_mundos_pad.ranking_place", place=ordinal(p.place), player=p.player, total=p.total)
        for p in ranking
    )
    winners = sheet.winners()
    if len(winners) == 1:
        verdict = t("nuevos_mundos_pad.wins", winner=winners[0], points=ranking[0].total)
    else:
        verdict = t(
            "nuevos_mundos_pad.share_first", winners=join_words(winners), points=ranking[0].total
        )
    return [t("nuevos_mundos_pad.ranking", order=order), tie_break_note(sheet) or verdict]


def _cell(sheet: ScoreSheet, player: str, category: str) -> str:
    rows = sheet.rows_for(player, category)
    reasons = "<br>".join(escape(r.reason) for r in rows) or escape(t("nuevos_mundos_pad.nothing"))
    return (
        "<td style='padding:4px 8px;vertical-align:top;min-width:110px;max-width:220px'>"
        "<b style='font-size:15px'>"
        f"{sheet.points(player, category)}</b><div style='font-size:12px;color:{MUTED}'>"
        f"{reasons}</div></td>"
    )


def score_table_html(
    sheet: ScoreSheet | None,
    revealed: Sequence[str],
    complete: bool,
    notes: Sequence[str] = (),
    problem: str = "",
) -> str:
    """The points so far, one row per revealed category, each cell with its reasons."""
    style = (
        f"font-family:{FONT};color:{INK};background:{PAPER};padding:8px;font-size:13px;"
        "line-height:1.35;max-width:100%;overflow-x:auto"
    )
    if sheet is None:
        words = escape(t("nuevos_mundos_pad.cannot_score", problem=problem))
        return f"<div style='{style}'>{words}</div>"
    head = "".join(
        f"<th style='padding:4px 8px;text-align:left'>{escape(p)}</th>" for p in sheet.players
    )
    body = []
    for k, category in enumerate(revealed):
        latest = k == len(revealed) - 1
        shade = f" style='background:{tint(HIGHLIGHT, 0.85)}'" if latest else ""
        cells = "".join(_cell(sheet, p, category) for p in sheet.players)
        body.append(
            f"<tr{shade}><th style='padding:4px 8px;text-align:left;vertical-align:top'>"
            f"{escape(sheet.title(category))}</th>{cells}</tr>"
        )
    so_far = {p: sum(sheet.points(p, c) for c in revealed) for p in sheet.players}
    label = t("nuevos_mundos_pad.total") if complete else t("nuevos_mundos_pad.so_far")
    totals = "".join(
        f"<td style='padding:4px 8px'><b style='font-size:16px'>{so_far[p]}</b></td>"
        for p in sheet.players
    )
    body.append(
        f"<tr style='border-top:2px solid {INK}'>"
        f"<th style='padding:4px 8px;text-align:left'>{escape(label)}</th>{totals}</tr>"
    )
    lines = [*notes]
    if not revealed:
        lines.insert(0, t("nuevos_mundos_pad.press_next"))
    if complete:
        lines.extend(ranking_lines(sheet))
    extra = "".join(f"<p style='margin:6px 0;max-width:560px'>{escape(x)}</p>" for x in lines)
    return (
        f"<div style='{style}'><table style='border-collapse:collapse'><thead><tr><th></th>"
        f"{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{extra}</div>"
    )
