"""The conformance suite every registered game runs (after OpenSpiel's ``basic_tests`` and
PettingZoo's ``seed_test``).

Each game names the set-ups it is played in (``GameSpec.conformance``, a tuple of
``Setup``), and ``tests/test_conformance.py`` runs every one: ``check_random_games`` plays
one seeded random game per seed and, beside it, a twin built from the same seed and options
and fed the same actions. The laws, by the name ``LAWS`` gives them:

At every step (the cheap laws):

- ``clone``: the clone equals the original.
- ``same_seed``: the twin equals the game, offers the same legal actions in the same order
  and shows every player the same view.
- ``legal``: there are legal actions until the end, each listed once, each accepted by
  ``why_illegal``, each with a readable ``str()``.
- ``distinct_str``: no two legal actions print alike (a student tells them apart by it).
- ``refusals``: the sampled illegal actions (``spec.sample_illegal``) are refused:
  ``why_illegal`` gives a reason, ``play()`` raises ``IllegalAction`` with that reason (and
  with its ``key`` when the reason is a ``Refusal``), and the refusal changes nothing.
- ``outcome``: ``outcome`` is None while the game goes on.
- ``invariants``: after every move the game's invariants (``spec.check_invariants``) hold.
- The game ends within ``spec.max_moves`` (always checked).

At steps below 10 and at powers of two (OpenSpiel's schedule: every step early, where most
bugs show, then ever more rarely, so a long game costs little more than a short one):

- ``json``: a JSON round-trip gives an equal game.
- ``undo``: undo restores the position before the move, and the move played again gives
  the position after it.
- ``every_action``: every legal action, played on a clone, leaves a position whose
  invariants hold.
- ``determinize``: for every player, ``spec.determinize(view, rng)`` is a game whose
  invariants hold and that shows that player the very same view; when it is that player's
  decision, the guess accepts each of the game's legal actions (a bot plays in the game
  what it chose in its guess) and, if it is that player's decision there too, offers no
  others.

At the end (``end``): no current player and no legal action, a known action is refused, the
score sheet ranks every player, ``outcome`` is an ``Outcome`` whose winners are distinct
seats in seat order; and the laws above that apply to a finished game: the twin agrees,
undo and replay of the last move, the JSON round-trip, the determinized views.

A run may choose its laws (``laws=``). By default it leaves out the game's known breaches
(``KNOWN_BREACHES``, each with where it was found), which the test runs alone as strict
expected failures, so every other law is still checked in the same games.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, Final

from .errors import IllegalAction, Refusal
from .protocol import Action, Game, GameSpec, Outcome, Setup, load_json, new_game, spec_of

LAWS: Final = (
    "clone",
    "same_seed",
    "legal",
    "distinct_str",
    "refusals",
    "outcome",
    "invariants",
    "json",
    "undo",
    "every_action",
    "determinize",
    "end",
)
"""The laws the suite checks (the module's docstring says each and when)."""

KNOWN_BREACHES: Final[dict[tuple[str, str], str]] = {}
"""(game, law) -> where a game is known to break a law, and how, until its owner fixes the
game: runs leave the law out for that game, and ``tests/test_conformance.py`` checks it
alone as a strict expected failure (red once fixed: then the entry goes). None today: the last,
Ecosfera's two movements of identical element cards that printed alike, went in issue 21."""


def laws_for(name: str) -> tuple[str, ...]:
    """The laws a run checks on game ``name`` by default: all but its known breaches."""
    return tuple(law for law in LAWS if (name, law) not in KNOWN_BREACHES)


@dataclass
class ConformanceReport:
    """What a run checked, for the test's message and for curiosity."""

    games: int = 0
    steps: int = 0
    refusals_checked: int = 0
    costly_steps: int = 0
    """Steps that also had the round-trip, undo, every-action and determinize checks."""
    longest_game: int = 0


def costly_step(step: int) -> bool:
    """Whether step ``step`` (0 for the first move) gets the costly checks: below 10 and at
    powers of two, as OpenSpiel's ``basic_tests.cc`` does."""
    return step < 10 or step & (step - 1) == 0


def check_setup(name: str, setup: Setup, laws: Collection[str] | None = None) -> ConformanceReport:
    """Run the suite over one of a game's declared set-ups."""
    return check_random_games(
        name, players=setup.players, seeds=range(setup.seeds), laws=laws, **dict(setup.options)
    )


def check_random_games(
    name: str,
    *,
    players: int,
    seeds: range | list[int],
    laws: Collection[str] | None = None,
    **options: Any,
) -> ConformanceReport:
    """Run the suite over one game, player count and options, one game per seed; ``laws``
    (by default ``laws_for(name)``) chooses which laws."""
    if laws is None:
        laws = laws_for(name)
    unknown = set(laws) - set(LAWS)
    if unknown:
        raise ValueError(f"no such law: {', '.join(sorted(unknown))} (the laws: {LAWS})")
    report = ConformanceReport()
    for seed in seeds:
        _Run(spec_of(name), players, seed, options, frozenset(laws), report).play()
    return report


class _Run:
    """One seeded random game, its twin, and the laws checked on them."""

    def __init__(
        self,
        spec: GameSpec,
        players: int,
        seed: int,
        options: dict[str, Any],
        laws: frozenset[str],
        report: ConformanceReport,
    ) -> None:
        self.spec = spec
        self.laws = laws
        self.report = report
        self.game = new_game(spec.name, players=players, seed=seed, **options)
        self.twin = new_game(spec.name, players=players, seed=seed, **options)
        self.choices = random.Random(seed)  # which action is played: nothing else draws here
        self.probes = random.Random(f"probes:{seed}")  # illegal samples, determinized guesses
        self.where = f"{spec.name}, {players} players, {options}, seed {seed}"
        self.at = self.where

    def play(self) -> None:
        game, spec = self.game, self.spec
        bound = spec.max_moves(game)
        if "invariants" in self.laws:
            spec.check_invariants(game)
        steps = 0
        while not game.is_over:
            self.at = f"{self.where}, step {steps}"
            legal = self._check_step()
            costly = costly_step(steps)
            if costly:
                self._check_costly(legal)
                self.report.costly_steps += 1
            before = game.clone() if costly and "undo" in self.laws else None
            action = self.choices.choice(legal)
            game.play(action)
            self.twin.play(action)
            if "invariants" in self.laws:
                spec.check_invariants(game)
            if before is not None:
                self._check_undo(before, action)
            steps += 1
            assert steps <= bound, f"{self.where}: the game did not end within {bound} moves"
        self.at = f"{self.where}, at the end after {steps} moves"
        if "end" in self.laws:
            self._check_end()
        self.report.games += 1
        self.report.steps += steps
        self.report.longest_game = max(self.report.longest_game, steps)

    # ------------------------------------------------------------------ every step
    def _check_step(self) -> list[Action]:
        """The cheap laws of the position; returns its legal actions."""
        game, at, laws = self.game, self.at, self.laws
        clone = game.clone()
        if "clone" in laws:
            assert clone == game, f"{at}: a clone differs from its original"
        if "outcome" in laws:
            assert game.outcome is None, f"{at}: an outcome while the game goes on"
        legal = game.legal_actions()
        assert legal, f"{at}: no legal action although the game is not over"
        if "legal" in laws:
            assert len(set(legal)) == len(legal), f"{at}: legal_actions() lists an action twice"
            for action in legal:
                reason = game.why_illegal(action)
                assert reason is None, f"{at}: {action} is listed legal but refused: {reason}"
                assert str(action), f"{at}: {action!r} has no readable form"
        if "distinct_str" in laws:
            printed: dict[str, Action] = {}
            for action in legal:
                other = printed.setdefault(str(action), action)
                assert other is action, f"{at}: {other!r} and {action!r} print alike: {action}"
        if "same_seed" in laws:
            self._check_twin(legal)
        if "refusals" in laws:
            listed = set(legal)
            for offered in self.spec.sample_illegal(game, self.probes):
                if offered not in listed:
                    self._check_refusal(clone, offered)
        return legal

    def _check_twin(self, legal: list[Action]) -> None:
        """The game built from the same seed and options, fed the same actions, is the same."""
        game, twin, at = self.game, self.twin, self.at
        assert twin == game, f"{at}: two games from the same seed and actions differ"
        assert twin.current_player == game.current_player, f"{at}: the twins' players differ"
        assert twin.legal_actions() == legal, f"{at}: the twins offer other legal actions"
        for player in range(len(game.players)):
            assert twin.view(player) == game.view(player), f"{at}: the twins' views of {player}"

    def _check_refusal(self, unchanged: Game, action: object) -> None:
        game, at = self.game, self.at
        reason = game.why_illegal(action)
        assert reason, f"{at}: {action!r} is illegal but why_illegal gives no reason"
        try:
            game.play(action)
        except IllegalAction as err:
            assert err.reason == reason, f"{at}: play() and why_illegal() disagree on {action!r}"
            if isinstance(reason, Refusal):
                assert err.key == reason.key, f"{at}: play() refuses {action!r} by another key"
        else:
            raise AssertionError(f"{at}: {action!r} was accepted although illegal")
        assert game == unchanged, f"{at}: refusing {action!r} changed the game"
        self.report.refusals_checked += 1

    # ------------------------------------------------------------------ OpenSpiel's schedule
    def _check_costly(self, legal: list[Action]) -> None:
        game, at, laws = self.game, self.at, self.laws
        if "json" in laws:
            assert load_json(game.to_json()) == game, f"{at}: the JSON round-trip changed it"
        if "every_action" in laws:
            for action in legal:
                trial = game.clone()
                trial.play(action)
                self.spec.check_invariants(trial)
        if "determinize" in laws:
            self._check_determinize(legal)

    def _check_undo(self, before: Game, action: Action) -> None:
        game, at = self.game, self.at
        after = game.clone()
        game.undo()
        assert game == before, f"{at}: undo after {action} did not restore the position"
        game.play(action)
        assert game == after, f"{at}: {action} played again after undo differs"

    def _check_determinize(self, legal: list[Action]) -> None:
        """Each player's determinized guess agrees with what that player sees.

        The whole view must agree, as every game's view shows a hidden pile only by its
        size or its sorted contents: a guess that deals it in another order shows the same."""
        game, at = self.game, self.at
        for player in range(len(game.players)):
            view = game.view(player)
            guess = self.spec.determinize(view, self.probes)
            self.spec.check_invariants(guess)
            assert guess.view(player) == view, f"{at}: player {player}'s guess shows otherwise"
            if player != game.current_player:
                continue
            for action in legal:
                reason = guess.why_illegal(action)
                assert reason is None, f"{at}: player {player}'s guess refuses {action}: {reason}"
            if guess.current_player == player:
                extra = sorted(map(str, set(guess.legal_actions()) - set(legal)))
                assert not extra, f"{at}: player {player}'s guess also offers {extra}"

    # ------------------------------------------------------------------ the end
    def _check_end(self) -> None:
        game, at, laws = self.game, self.at, self.laws
        assert game.current_player is None and game.legal_actions() == [], f"{at}: not over"
        assert game.why_illegal(game_over_probe(game)) is not None, f"{at}: a move after the end"
        sheet = game.score()
        ranked = sorted(p.player for p in sheet.ranking())
        assert ranked == sorted(game.players), f"{at}: the ranking is not of the players"
        outcome = game.outcome
        assert isinstance(outcome, Outcome), f"{at}: the outcome is {outcome!r}"
        assert outcome.ending and isinstance(outcome.ending, str), f"{at}: {outcome!r}: ending"
        seats = range(len(game.players))
        assert all(w in seats for w in outcome.winners), f"{at}: {outcome!r}: not a seat"
        assert list(outcome.winners) == sorted(set(outcome.winners)), f"{at}: {outcome!r}"
        if "same_seed" in laws:
            self._check_twin([])
            assert self.twin.outcome == outcome, f"{at}: the twins end otherwise"
        if "undo" in laws and game.moves():
            final = game.clone()
            last = game.moves()[-1][1]
            game.undo()
            game.play(last)
            assert game == final, f"{at}: undo and replay of the last move {last} differ"
        if "json" in laws:
            assert load_json(game.to_json()) == game, f"{at}: the JSON round-trip changed it"
        if "determinize" in laws:
            self._check_determinize([])


def game_over_probe(game: Any) -> Any:
    """Any action the game knows (legal in some position), to check it is refused at the end."""
    first = next(iter(type(game).action_types.values()))
    fields = {f.name: 1 for f in dataclasses.fields(first)}
    return first(**fields)
