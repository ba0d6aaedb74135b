"""What the scoring pad means, without any widget: ``PadModel``.

The model keeps the players, each world's cards (with the settlements' typed values),
the modules, whose world clicked cards go to and how many categories are revealed. Every
request answers with a ``Said`` (an event, or a problem and nothing changed), so the
widget (``pad.py``) only forwards and redraws, and tests drive the model alone.
Scoring itself is ``gamecore.nuevos_mundos.score``.
"""

from __future__ import annotations

from collections.abc import Sequence

from gamecore.nuevos_mundos.data import BIOME_OF_CODE, BIOMES, MODULES, SETTLEMENT_BASE, biome_label
from gamecore.nuevos_mundos.scoring import TITLES, best_settlement_values, check_modules, score
from gamecore.scoresheet import ScoreSheet
from gamecore.words import t

from ..pad_model import PadModelBase
from ..scene import Scene
from ..words import Said
from .pad_scene import Owner, WorldBand, picker_scene, worlds_scene
from .pad_words import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    Entry,
    card_name,
    categories_of,
    check_names,
    module_label,
    name_problem,
    ordinal,
    parse_card_like,
    parse_cards,
    ranking_lines,
    score_table_html,
    sentence,
    short_tags,
    token_of,
)


class PadModel(PadModelBase):
    """The worlds typed or clicked so far, and the score revealed so far (the rows, the
    active one, whose world clicked cards go to, and the categories ``shown``:
    ``PadModelBase``)."""

    words = "nuevos_mundos_pad"
    chosen_words = "now_adding"
    hidden_words = "hidden_again"
    min_players = MIN_PLAYERS
    max_players = MAX_PLAYERS

    def __init__(self, players: Sequence[str], modules: Sequence[str] = ()) -> None:
        check_names(players)
        self._seat(players)
        self.worlds: list[list[int]] = [[] for _ in players]
        self.fixed: dict[int, int] = {}
        """Settlements' typed values."""
        self.chosen_modules = set(check_modules(modules))
        self.sheet: ScoreSheet | None = None
        self.values: dict[int, int] = {}
        """Each settlement's value when the worlds are scored (typed or chosen)."""
        self.problem = ""
        """Why the worlds cannot be scored now ("" if they can)."""
        self.rescore()

    # --- players --------------------------------------------------------------------
    def name_problem(self, name: str, row: int | None) -> str | None:
        others = [n for k, n in enumerate(self.names) if k != row]
        problem = name_problem(name, others)
        if problem is None:
            return None
        if row is None:
            return sentence(problem)
        return sentence(t("nuevos_mundos_pad.name_refused", problem=problem))

    def _row_added(self) -> None:
        self.worlds.append([])

    def _row_removed(self, row: int) -> None:
        for code in self.worlds.pop(row):
            self.fixed.pop(code, None)

    # --- modules --------------------------------------------------------------------
    @property
    def modules(self) -> tuple[str, ...]:
        """The modules ticked, in the rulebook's order."""
        return tuple(m for m in MODULES if m in self.chosen_modules)

    def set_module(self, module: str, on: bool) -> Said:
        if module not in MODULES:
            return Said(
                problem=t(
                    "nuevos_mundos_pad.no_module", module=repr(module), modules=", ".join(MODULES)
                )
            )
        (self.chosen_modules.add if on else self.chosen_modules.discard)(module)
        self.shown = min(self.shown, len(categories_of(self.chosen_modules)))
        key = "nuevos_mundos_pad.module_on" if on else "nuevos_mundos_pad.module_off"
        return Said(event=t(key, module=module_label(module)))

    # --- cards ----------------------------------------------------------------------
    def owners(self) -> dict[int, int]:
        return {code: row for row, world in enumerate(self.worlds) for code in world}

    def world_problem(self, row: int, entries: Sequence[Entry]) -> str | None:
        """Why these cards cannot be ``row``'s world (None if they can)."""
        owners = self.owners()
        seen: set[int] = set()
        for code, _ in entries:
            owner = owners.get(code, row)
            named = card_name(code)
            named = named[0].upper() + named[1:]
            if code in seen:
                return t("nuevos_mundos_pad.entered_twice", card=named)
            if owner != row:
                return t("nuevos_mundos_pad.already_in", card=named, name=self.names[owner])
            if code > SETTLEMENT_BASE and "human_settlements" not in self.chosen_modules:
                return t("nuevos_mundos_pad.tick_settlements", token=token_of(code, words=True))
            seen.add(code)
        for code, value in entries:
            if value is not None and value in seen:
                named = card_name(code)
                return t(
                    "nuevos_mundos_pad.value_taken",
                    card=named[0].upper() + named[1:],
                    value=f"{value:02d}",
                    name=self.names[row],
                )
        return None

    def store(self, row: int, entries: Sequence[Entry]) -> None:
        for code in self.worlds[row]:
            self.fixed.pop(code, None)
        self.worlds[row] = [code for code, _ in entries]
        self.fixed.update({code: value for code, value in entries if value is not None})
        self.refused[row] = None

    def entries(self, row: int) -> list[Entry]:
        return [(c, self.fixed.get(c)) for c in self.worlds[row]]

    def text_of(self, row: int) -> str:
        """A world as the pad writes it in its cards box."""
        return " ".join(token_of(c, self.fixed.get(c), words=True) for c in self.worlds[row])

    def enter(self, row: int, text: str) -> Said:
        """Read a cards box; on a problem keep the previous world and say why."""
        try:
            entries = parse_cards(text)
        except ValueError as err:
            return self._refuse(row, str(err))
        problem = self.world_problem(row, entries)
        if problem:
            return self._refuse(row, problem)
        self.store(row, entries)
        return Said(event=t("nuevos_mundos_pad.world_has", name=self.names[row], n=len(entries)))

    def _refuse(self, row: int, problem: str) -> Said:
        self.refused[row] = problem
        return Said(
            problem=t(
                "nuevos_mundos_pad.not_changed", problem=sentence(problem), name=self.names[row]
            )
        )

    def toggle(self, row: int, card: int | str) -> Said:
        """Add a card to a world, or take it out if it is already there."""
        try:
            code, value = parse_card_like(card)
        except ValueError as err:
            return Said(problem=sentence(str(err)))
        name = self.names[row]
        named = card_name(code)
        named = named[0].upper() + named[1:]
        if code in self.worlds[row]:
            self.worlds[row].remove(code)
            self.fixed.pop(code, None)
            event = t("nuevos_mundos_pad.taken_out", card=named, name=name)
        else:
            problem = self._toggle_problem(row, code, value)
            if problem:
                return Said(problem=problem)
            self.worlds[row].append(code)
            if value is not None:
                self.fixed[code] = value
            event = t("nuevos_mundos_pad.added", card=named, name=name)
        self.refused[row] = None
        return Said(event=event)

    def _toggle_problem(self, row: int, code: int, value: int | None) -> str | None:
        owner = self.owners().get(code)
        if owner is not None and owner != row:
            named = card_name(code)
            return t(
                "nuevos_mundos_pad.owned_elsewhere",
                card=named[0].upper() + named[1:],
                other=self.names[owner],
            )
        problem = self.world_problem(row, [*self.entries(row), (code, value)])
        return t("nuevos_mundos_pad.nothing_changed", problem=problem) if problem else None

    def worlds_for_score(self) -> dict[str, list[int | str]]:
        """Each player's cards as ``score()`` takes them (settlements as ``settlement:taiga``)."""
        result: dict[str, list[int | str]] = {}
        for name, world in zip(self.names, self.worlds):
            cards: list[int | str] = []
            for code in world:
                token = token_of(code, self.fixed.get(code))
                cards.append(code if code <= SETTLEMENT_BASE else "settlement" + token[1:])
            result[name] = cards
        return result

    def settlement_values(self) -> dict[str, dict[str, int]]:
        """The value each settlement counts as: typed, or chosen by the engine when scoring."""
        return {
            name: {
                BIOMES[BIOME_OF_CODE[c]]: self.values[c]
                for c in world
                if c > SETTLEMENT_BASE and c in self.values
            }
            for name, world in zip(self.names, self.worlds)
        }

    # --- scoring --------------------------------------------------------------------
    def rescore(self) -> None:
        """Score the worlds entered, or keep the reason why they cannot be scored."""
        self.sheet, self.values, self.problem = None, {}, ""
        for row, refused in enumerate(self.refused):
            if refused:
                self.problem = t(
                    "nuevos_mundos_pad.not_accepted", name=self.names[row], problem=refused
                )
                return
        if "human_settlements" not in self.chosen_modules:
            for row, world in enumerate(self.worlds):
                for code in world:
                    if code > SETTLEMENT_BASE:
                        self.problem = t(
                            "nuevos_mundos_pad.holds_settlement",
                            name=self.names[row],
                            card=card_name(code),
                        )
                        return
        try:
            self.sheet = score(self.worlds_for_score(), self.modules)
            self.values = best_settlement_values(self.worlds, self.fixed, self.modules)
        except ValueError as err:
            self.sheet, self.problem = None, str(err)

    def scoring_problem(self) -> str | None:
        """The status line's words when the worlds cannot be scored (None if they can)."""
        if self.sheet is not None:
            return None
        return t("nuevos_mundos_pad.cannot_score_sentence", problem=self.problem)

    @property
    def categories(self) -> tuple[str, ...]:
        return categories_of(self.chosen_modules)

    @property
    def revealed(self) -> tuple[str, ...]:
        """The categories shown so far, in order."""
        return self.categories[: self.shown]

    @property
    def complete(self) -> bool:
        """True once every category is shown (the table then gives totals and ranking)."""
        return self.shown == len(self.categories)

    def step(self) -> tuple[str | None, Said]:
        """Reveal the next category: (the category or None, what to say)."""
        if self.sheet is None:
            return None, Said(problem=self.scoring_problem())
        if self.shown >= len(self.categories):
            return None, Said(event=t("nuevos_mundos_pad.all_shown"))
        self.shown += 1
        category = self.categories[self.shown - 1]
        return category, Said(event=self.step_event(category))

    def show_all(self) -> Said:
        if self.sheet is None:
            return Said(problem=self.scoring_problem())
        self.shown = len(self.categories)
        return Said(event=self.step_event(self.revealed[-1]))

    def step_event(self, category: str) -> str:
        sheet = self.sheet
        assert sheet is not None
        gains = ", ".join(f"{p} {sheet.points(p, category):+d}" for p in sheet.players)
        event = t("nuevos_mundos_pad.step_gains", title=sheet.title(category), gains=gains)
        if self.complete:
            event += " " + ranking_lines(sheet)[1]
        return event

    def next_label(self) -> str:
        """The "Next category" button's words: the category it reveals."""
        if self.shown < len(self.categories):
            title = TITLES[self.categories[self.shown]]
            return t("nuevos_mundos_pad.next_category_named", title=title)
        return t("nuevos_mundos_pad.next_category")

    # --- what is shown --------------------------------------------------------------
    def highlights(self, row: int) -> frozenset[int]:
        if self.sheet is None or not self.shown:
            return frozenset()
        rows = self.sheet.rows_for(self.names[row], self.revealed[-1])
        return frozenset(c for r in rows for c in r.cards)

    def summary(self, row: int) -> str:
        sheet, name = self.sheet, self.names[row]
        cards = t("nuevos_mundos_pad.card_count", n=len(self.worlds[row]))
        if sheet is None or not self.shown:
            return cards
        category = self.revealed[-1]
        so_far = sum(sheet.points(name, c) for c in self.revealed)
        step = t(
            "nuevos_mundos_pad.summary_step",
            title=sheet.title(category),
            points=f"{sheet.points(name, category):+d}",
        )
        if not self.complete:
            return t("nuevos_mundos_pad.summary_so_far", step=step, total=so_far)
        place = next(p.place for p in sheet.ranking() if p.player == name)
        return t("nuevos_mundos_pad.summary_total", step=step, total=so_far, place=ordinal(place))

    def notes(self, row: int) -> tuple[str, ...]:
        notes = []
        for code in self.worlds[row]:
            if code <= SETTLEMENT_BASE:
                continue
            biome = biome_label(BIOME_OF_CODE[code])
            if code in self.fixed:
                value = f"{self.fixed[code]:02d}"
                notes.append(t("nuevos_mundos_pad.settlement_typed", biome=biome, value=value))
            elif code in self.values:
                value = f"{self.values[code]:02d}"
                notes.append(
                    t(
                        "nuevos_mundos_pad.settlement_best",
                        biome=biome,
                        value=value,
                        name=self.names[row],
                    )
                )
            else:
                notes.append(t("nuevos_mundos_pad.settlement_later", biome=biome))
        return tuple(notes)

    def scene(self) -> Scene:
        """The worlds, with the cards that earned the latest revealed category highlighted."""
        bands = [
            WorldBand(
                name=name,
                cards=tuple(self.worlds[row]),
                values={**self.values, **self.fixed},
                highlight=self.highlights(row),
                summary=self.summary(row),
                notes=self.notes(row),
            )
            for row, name in enumerate(self.names)
        ]
        if self.sheet is not None and self.revealed:
            shown = ", ".join(self.sheet.title(c) for c in self.revealed)
            title = t("nuevos_mundos_pad.worlds_scene_scored", categories=shown)
        else:
            title = t("nuevos_mundos_pad.worlds_scene_title")
        return worlds_scene(bands, title)

    def picker_scene(self) -> Scene:
        """The card picker: every card, marked with whose world it is in."""
        tags = short_tags(self.names)
        owners = {code: Owner(tags[row], row == self.active) for code, row in self.owners().items()}
        settlements = "human_settlements" in self.chosen_modules or any(
            c > SETTLEMENT_BASE for c in owners
        )
        return picker_scene(owners, self.names[self.active], settlements=settlements)

    def table_html(self) -> str:
        """The score table as HTML."""
        notes = [n for row in range(len(self.names)) for n in self.notes(row)]
        return score_table_html(self.sheet, self.revealed, self.complete, notes, self.problem)
