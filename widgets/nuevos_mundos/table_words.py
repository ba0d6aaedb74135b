"""The Nuevos Mundos table in words: the history's sentences, the scoring notes, the names
of modules and seats, and the table described for a screen reader.

Pure functions over games, views and score sheets; every word comes from the catalog
(``gamecore/words/<lang>/nuevos_mundos_table.json``), so a translation is a new file,
not a code change.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from gamecore import ScoreSheet
from gamecore.nuevos_mundos import NuevosMundos, NuevosMundosView
from gamecore.nuevos_mundos.data import (
    BIOME_OF_CODE,
    BOARD_SPACES,
    ICONS,
    biome_label,
    card_label,
    icon_name,
)
from gamecore.nuevos_mundos.game import PLAY, LastCard, Lay, TakeBiome, TakeDigits
from gamecore.protocol import Action
from gamecore.words import join_words, t

from ..words import about


def module_label(module: str) -> str:
    """A module's name for people ("Human settlements")."""
    labels = {
        "human_settlements": t("nuevos_mundos_table.module_human_settlements"),
        "global_natural_balance": t("nuevos_mundos_table.module_global_natural_balance"),
        "vital_capacity": t("nuevos_mundos_table.module_vital_capacity"),
        "discord": t("nuevos_mundos_table.module_discord"),
    }
    return labels[module]


def modules_words(modules: Sequence[str]) -> str:
    """A game's modules in a list ("vital capacity and discord"), or "none"."""
    names = [module_label(m).lower() for m in modules]
    return join_words(names) or t("nuevos_mundos_table.modules_none")


def handover_message(name: str) -> str:
    """What the table says while a hot-seat player's hand waits, face down, for them."""
    return about("nuevos_mundos_table.handover", name)


def ordinal(place: int) -> str:
    """1st, 2nd, 3rd, 4th..."""
    if place == 1:
        return t("nuevos_mundos_table.ordinal_1")
    if place == 2:
        return t("nuevos_mundos_table.ordinal_2")
    if place == 3:
        return t("nuevos_mundos_table.ordinal_3")
    return t("nuevos_mundos_table.ordinal_n", n=place)


# ---------------------------------------------------------------------------- the history


def _sources(before: NuevosMundosView) -> dict[int, str]:
    """Where each face-up card lay before a move (a taken card not listed was drawn)."""
    where = {
        code: t("nuevos_mundos_table.from_space", space=s)
        for s, code in zip(BOARD_SPACES, before.board)
        if code
    }
    if before.discard:
        where[before.discard[-1]] = t("nuevos_mundos_table.from_discard")
    return where


def _taken_words(before: NuevosMundosView, taken: Sequence[int]) -> str:
    where = _sources(before)
    drawn = t("nuevos_mundos_table.from_creation")
    named = [
        t("nuevos_mundos_table.taken_from", card=card_label(c), where=where.get(c, drawn))
        for c in taken
    ]
    return join_words(named) or t("nuevos_mundos_table.nothing")


def describe_move(
    players: Sequence[str],
    player: int,
    action: Action,
    before: NuevosMundosView,
    after: NuevosMundosView,
) -> str:
    """One sentence for the history: who played what and which cards it took.

    ``before`` and ``after`` are views of the game around the move (any player's: only
    public parts are read). A world only grows at its end, so its new tail is the take.
    """
    name = players[player]
    taken = after.worlds[player][len(before.worlds[player]) :]
    card = getattr(action, "card", None)
    label = card_label(card) if card is not None else ""
    if isinstance(action, TakeBiome):
        biome = biome_label(BIOME_OF_CODE[action.card])
        text = about(
            "nuevos_mundos_table.took_biome" + ("" if taken else "_nothing"),
            name,
            card=label,
            biome=biome,
            taken=_taken_words(before, taken),
        )
    elif isinstance(action, TakeDigits):
        tens, units = divmod(action.card, 10)
        text = about(
            "nuevos_mundos_table.took_digits" + ("" if taken else "_nothing"),
            name,
            card=label,
            tens=tens,
            units=units,
            taken=_taken_words(before, taken),
        )
    elif isinstance(action, Lay):
        text = about("nuevos_mundos_table.laid", name, card=label)
    elif isinstance(action, LastCard):
        text = about("nuevos_mundos_table.laid_last", name, card=label)
    else:
        text = about("nuevos_mundos_table.laid_no_last", name)
    if before.phase == PLAY and after.phase != PLAY:
        text += " " + t("nuevos_mundos_table.game_ending")
    return text


def history_of(game: NuevosMundos) -> list[str]:
    """The history sentences of every move of ``game`` so far, oldest first.

    Works backwards on a copy with ``undo`` (which replays the log exactly, recorded
    chance included), so the game itself is untouched.
    """
    copy = game.clone()
    entries: list[str] = []
    while copy.moves():
        player, action = copy.moves()[-1]
        after = copy.view(player)
        copy.undo()
        entries.append(describe_move(copy.players, player, action, copy.view(player), after))
    return entries[::-1]


def history_html(history: Sequence[str]) -> str:
    """The move history, newest first, numbered from the first move."""
    items = "".join(
        f"<li value='{i}'>{escape(text)}</li>"
        for i, text in reversed(list(enumerate(history, start=1)))
    )
    body = (
        f"<ol reversed style='margin:4px 0;padding-left:28px'>{items}</ol>"
        if items
        else f"<p>{escape(t('nuevos_mundos_table.history_empty'))}</p>"
    )
    return (
        "<div style='font-size:14px;line-height:1.35;max-height:280px;overflow-y:auto'>"
        f"<b>{escape(t('nuevos_mundos_table.history_heading'))}</b>{body}</div>"
    )


# ---------------------------------------------------------------------------- scoring


def tie_break_note(sheet: ScoreSheet) -> str:
    """Say how equal totals were separated (empty when no two players tie)."""
    totals = sheet.totals()
    groups: dict[int, list[str]] = {}
    for player in sheet.players:
        groups.setdefault(totals[player], []).append(player)
    notes = []
    for total, tied in groups.items():
        if len(tied) < 2:
            continue
        keys = {p: tuple(sheet.tie_break.get(p, ())) for p in tied}
        differ = [i for i in range(len(ICONS)) if len({k[i] for k in keys.values() if k}) > 1]
        who = join_words(tied)
        if not differ or any(not k for k in keys.values()):
            notes.append(t("nuevos_mundos_table.tie_shared", who=who, total=total))
            continue
        i = differ[0]
        counts = join_words(
            [t("nuevos_mundos_table.player_count", player=p, count=keys[p][i]) for p in tied]
        )
        icon = icon_name(i)
        notes.append(
            t("nuevos_mundos_table.tie_broken", who=who, total=total, icon=icon, counts=counts)
        )
    return " ".join(notes)


def final_words(sheet: ScoreSheet, winners: list[str]) -> str:
    """The winner(s) of the game's outcome and the tie-break, after the last scoring step."""
    key = "final_one" if len(winners) == 1 else "final_tied"
    points = sheet.total(winners[0])
    text = t(f"nuevos_mundos_table.{key}", winners=join_words(winners), points=points)
    return f"{text} {tie_break_note(sheet)}".strip()


def step_words(sheet: ScoreSheet, category: str) -> str:
    """One scoring step: each player's points in the category."""
    points = ", ".join(
        t("nuevos_mundos_table.player_count", player=p, count=f"{sheet.points(p, category):+d}")
        for p in sheet.players
    )
    return t("nuevos_mundos_table.step_points", title=sheet.title(category), points=points)


def score_html(sheet: ScoreSheet, step: int) -> str:
    """The categories revealed so far with each row's reason, then totals and ranking."""
    parts = []
    for category in sheet.categories[:step]:
        items = (
            "".join(
                f"<li><b>{escape(r.player)}</b>: {escape(r.reason)}</li>"
                for r in sheet.rows
                if r.category == category
            )
            or f"<li>{escape(t('nuevos_mundos_table.nobody_scores'))}</li>"
        )
        parts.append(f"<h4>{escape(sheet.title(category))}</h4><ul>{items}</ul>")
    if step > len(sheet.categories):
        note = tie_break_note(sheet)
        heading = escape(t("nuevos_mundos_table.totals_heading"))
        parts.append(f"<h4>{heading}</h4>" + sheet._repr_html_())
        if note:
            parts.append(f"<p>{escape(note)}</p>")
    return "<div style='font-size:14px'>" + "".join(parts) + "</div>"


# ---------------------------------------------------------------------------- in words


def board_words(view: NuevosMundosView) -> str:
    """The universe board in one sentence (what anybody at the table may see)."""
    parts = []
    top = view.discard_top
    if top:
        parts.append(
            t("nuevos_mundos_table.words_discard", card=card_label(top), n=len(view.discard))
        )
    else:
        parts.append(t("nuevos_mundos_table.words_discard_empty"))
    parts.append(t("nuevos_mundos_table.words_creation", n=view.creation_size))
    for space, code in zip(BOARD_SPACES, view.board):
        if code:
            parts.append(t("nuevos_mundos_table.words_space", space=space, card=card_label(code)))
        else:
            parts.append(t("nuevos_mundos_table.words_space_empty", space=space))
    return t("nuevos_mundos_table.words_board", spaces="; ".join(parts))


def world_words(view: NuevosMundosView, player: int) -> str:
    """One world in a sentence, its cards in ascending order."""
    cards = sorted(view.worlds[player])
    name = view.players[player]
    if not cards:
        return about("nuevos_mundos_table.words_world_empty", name)
    listed = join_words([card_label(c) for c in cards])
    return about("nuevos_mundos_table.words_world", name, n=len(cards), cards=listed)
