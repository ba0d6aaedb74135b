"""Bots for every registered game. A bot sees only ``game.view(player)`` and its choices.

- ``RandomBot``: any legal action, uniformly.
- ``GreedyBot``: the action with the best immediate result for its player (the game's
  heuristic, after the action, on one guess at the hidden cards), or the game's own greedy
  policy when its spec has one (Nuevo Mundo: a turn is many small steps, so it plays by plan).
- ``SearchBot``: information-set Monte Carlo tree search (single-observer ISMCTS): each
  iteration deals the hidden cards anew at random, walks one shared tree of its own and
  the others' actions, finishes the game with random moves (or stops after the game's
  rollout horizon and lets ``rewards`` judge the unfinished game) and backs up the result.
  A secret choice (the game's spec says which, ``GameSpec.secret``: Nuevo Mundo's
  attacker's tactic) is a branch for its chooser only: the decisions after it are made in
  one node shared by all its values, so no guessed game lets a player see it.
  A game whose turns are many small steps (its spec names ``search_choices``: Nuevo Mundo)
  is searched over plans instead: the bot follows the game's own policy, and at the
  decisions that shape a plan it weighs the policy's choice against the others by whole
  games played on by the policy, every player deciding from their own view of a guessed
  game (flat information-set Monte Carlo; ``method="tree"`` asks for the tree anyway).

All are seeded: the same seed, view and choices give the same action (for the search bot,
when its budget is a number of iterations rather than seconds).
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Literal, Protocol

from .protocol import Action, Game, GameSpec, spec_of
from .words import t


class Bot(Protocol):
    """Anything that picks one of ``legal`` given what its player sees."""

    name: str

    def choose(self, view: Any, legal: Sequence[Action]) -> Action: ...


class RandomBot:
    """Picks uniformly among the legal actions."""

    name = "random"
    reads_view = False
    """It never looks at the view, so a driver that knows may pass None instead of building
    one (the study workbench does: a view is a good part of a random game's cost)."""

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        return self.rng.choice(legal)


class GreedyBot:
    """Picks the action whose immediate result is best for its player (ties at random)."""

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        spec = spec_of(view.game)
        if spec.policy is not None:
            return spec.policy(view, legal, self.rng)
        guess = spec.determinize(view, self.rng)
        best: list[Action] = []
        best_value = -math.inf
        for action in legal:
            trial = guess.clone()
            trial.play(action)
            value = spec.heuristic(trial, view.player)
            if value > best_value:
                best, best_value = [action], value
            elif value == best_value:
                best.append(action)
        return self.rng.choice(best)


class _Hidden:
    """The key of a node's shared child after a secret choice (never a legal action)."""

    def __repr__(self) -> str:
        return "<hidden choice>"


HIDDEN = _Hidden()
"""Where the tree goes on after a secret choice: ``node.children[HIDDEN]``, one node for
every value the choice may have had, in which the next decisions are made."""


class _Node:
    __slots__ = ("action", "available", "children", "mover", "reward", "visits")

    def __init__(self, action: Action | None, mover: int | None) -> None:
        self.action = action
        self.mover = mover
        self.children: dict[Action | _Hidden, _Node] = {}
        self.visits = 0
        self.available = 0
        self.reward = 0.0


SEARCH_ITERATIONS = 200
"""The search bot's budget a decision in a game whose spec names none (``search_iterations``)."""


class SearchBot:
    """Single-observer ISMCTS with a budget of ``iterations`` and/or ``seconds``.

    ``iterations="game"`` (the default): the game's own measured budget, its spec's
    ``search_iterations`` (Nuevo Mundo: 96 guessed games a decision), else
    ``SEARCH_ITERATIONS``; ``None``: ``seconds`` alone.

    ``horizon``: the moves a play-out lasts before ``rewards`` judges the unfinished game
    (default: the game's ``rollout_horizon``; 0 or less: always to the end). ``rollout``:
    ``"random"`` moves, or ``"policy"``, the game's own greedy policy (slower per move,
    wiser; a game without one plays random moves).

    ``method``: ``"auto"`` searches over plans where the game's spec names its
    ``search_choices`` (then ``iterations`` is the guessed games played per weighed
    decision, shared among at most ``choices`` choices, and a play-out runs to the end
    unless ``horizon`` is given), else the tree; ``"tree"``: always the tree.

    Searching over plans, the bot stops weighing when a choice beats the plan's guessed
    games, game by game, by at least ``margin`` standard errors (a paired z); while the
    choices ahead of the plan are ahead by less, it plays another ``iterations`` guessed
    games for the plan and them, up to ``rounds`` rounds in all; then the choice furthest
    ahead, if any, leaves the plan. The defaults (``rounds=1``: the first round decides, any
    lead leaves the plan) are the measured bot; weighing on was tried and played worse (see
    docs/rules/nuevo-mundo.md, "Weighing on while a lead is unclear").
    """

    name = "search"

    def __init__(
        self,
        seed: int | None = None,
        iterations: int | Literal["game"] | None = "game",
        seconds: float | None = None,
        exploration: float = 0.7,
        horizon: int | None = None,
        rollout: str = "random",
        method: str = "auto",
        choices: int = 6,
        margin: float = 0.0,
        rounds: int = 1,
    ) -> None:
        if iterations is None and seconds is None:
            raise ValueError(t("core.search_no_budget"))
        if (
            iterations is not None
            and iterations != "game"
            and (isinstance(iterations, bool) or not isinstance(iterations, int) or iterations < 1)
        ):
            raise ValueError(t("core.search_iterations", iterations=repr(iterations)))
        if method not in ("auto", "tree"):
            raise ValueError(t("core.search_method", method=repr(method)))
        if isinstance(choices, bool) or not isinstance(choices, int) or choices < 2:
            raise ValueError(t("core.search_choices", choices=repr(choices)))
        if isinstance(rounds, bool) or not isinstance(rounds, int) or rounds < 1:
            raise ValueError(t("core.search_rounds", rounds=repr(rounds)))
        if isinstance(margin, bool) or not isinstance(margin, (int, float)) or margin < 0:
            raise ValueError(t("core.search_margin", margin=repr(margin)))
        if rollout not in ("random", "policy"):
            raise ValueError(t("core.search_rollout", rollout=repr(rollout)))
        if horizon is not None and (isinstance(horizon, bool) or not isinstance(horizon, int)):
            raise ValueError(t("core.search_horizon", horizon=repr(horizon)))
        self.rng = random.Random(seed)
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.horizon = horizon
        self.rollout = rollout
        self.method = method
        self.choices = choices
        self.margin = float(margin)
        self.rounds = rounds
        self.last_root: _Node | None = None
        """The tree of the last decision (its root's children: the legal actions tried)."""
        self.last_weighed: dict[Action, tuple[int, float]] = {}
        """The last decision searched over plans: each choice weighed, with the guessed games
        played after it and its mean result (the policy's own choice first)."""

    def choose(self, view: Any, legal: Sequence[Action]) -> Action:
        legal = list(legal)
        if len(legal) == 1:
            return legal[0]
        spec = spec_of(view.game)
        if self.method == "auto" and spec.search_choices is not None and spec.policy:
            return self._plan(view, legal, spec)
        budget = self.budget(spec)
        root = _Node(None, None)
        self.last_root = root
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        done = 0
        horizon = self.horizon if self.horizon is not None else spec.rollout_horizon
        policy = spec.policy if self.rollout == "policy" else None
        while True:
            if budget is not None and done >= budget:
                break
            if deadline is not None and time.perf_counter() >= deadline and done:
                break
            game = spec.determinize(view, self.rng)
            self._iterate(root, game, spec.rewards, horizon, policy, spec.secret)
            done += 1
        allowed = set(legal)
        scored = [(c.visits, c.reward, a) for a, c in root.children.items() if a in allowed]
        if not scored:
            return self.rng.choice(legal)
        top = max(v for v, _, _ in scored)
        return self.rng.choice([a for v, _, a in scored if v == top])

    def _plan(self, view: Any, legal: list[Action], spec: GameSpec) -> Action:
        """The policy's choice, unless the guessed games played on from another of the
        choices ``spec.search_choices`` weighs end better for this player, game by game
        (the furthest ahead; ``margin`` and ``rounds``: when to weigh on). Every guessed game
        fits the view, and every decision in it is the policy's from its own player's view of
        that game: no one sees a hidden card or a secret tactic of another."""
        assert spec.policy is not None and spec.search_choices is not None
        planned = spec.policy(view, legal, self.rng)
        others = [a for a in spec.search_choices(view, legal) if a != planned]
        self.last_weighed = {}
        if not others:
            return planned
        if len(others) >= self.choices:
            others = self.rng.sample(others, self.choices - 1)
        weighed = [planned, *others]
        # by guessed game: the plan plays every one, and a choice the first ones (until it
        # falls behind the plan), so a choice's games are the plan's first ones
        results: list[list[float]] = [[] for _ in weighed]
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        horizon = self.horizon if self.horizon is not None and self.horizon > 0 else -1
        me = view.player
        budget = self.budget(spec)
        active = list(range(len(weighed)))
        best: int | None = None
        for round_ in range(self.rounds):
            done = 0
            while True:  # one guess at what is hidden, and one draw of luck, for each choice
                if budget is not None and done >= max(budget, len(active)):
                    break
                if deadline is not None and time.perf_counter() >= deadline and done:
                    break
                guess = spec.determinize(view, self.rng)
                luck = self.rng.getrandbits(64)
                for k in active:
                    game = guess.clone()
                    game.play(weighed[k])
                    rng = random.Random(luck)
                    left = horizon
                    while not game.is_over and left != 0:
                        mover = game.current_player
                        assert mover is not None
                        game.play(spec.policy(game.view(mover), game.legal_actions(), rng))
                        left -= 1
                    results[k].append(spec.rewards(game)[me])
                done += len(active)
            ahead = self._ahead(results)
            if not ahead:
                break
            best = ahead[0][0]
            if ahead[0][1] >= self.margin or round_ + 1 == self.rounds:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
            active = [0, *(k for k, _ in ahead)]
        self.last_weighed = {
            a: (len(results[k]), sum(results[k]) / max(1, len(results[k])))
            for k, a in enumerate(weighed)
        }
        return weighed[best if best is not None else 0]

    def budget(self, spec: GameSpec) -> int | None:
        """The iterations a decision in ``spec``'s game may take (None: ``seconds`` only)."""
        if self.iterations == "game":
            return spec.search_iterations or SEARCH_ITERATIONS
        return self.iterations

    @staticmethod
    def _ahead(results: list[list[float]]) -> list[tuple[int, float]]:
        """The choices ahead of the plan's (choice 0) on the guessed games both played (a
        choice's are the plan's first ones), the furthest ahead first: (choice, paired z), z
        infinite when every game agrees."""
        ahead: list[tuple[float, int, float]] = []
        for k in range(1, len(results)):
            diffs = [r - p for r, p in zip(results[k], results[0])]
            n = len(diffs)
            mean = sum(diffs) / n if n else 0.0
            if mean <= 0:
                continue
            spread = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
            z = mean / math.sqrt(spread / n) if spread > 0 else math.inf
            ahead.append((mean, k, z))
        ahead.sort(key=lambda x: (-x[0], x[1]))
        return [(k, z) for _, k, z in ahead]

    def _iterate(
        self,
        root: _Node,
        game: Game,
        rewards: Callable[[Game], list[float]],
        horizon: int | None = None,
        policy: Callable[[Any, Sequence[Action], random.Random], Action] | None = None,
        secret: Callable[[Game, Action], bool] | None = None,
    ) -> None:
        node = root
        path = [root]
        rng = self.rng
        while not game.is_over:
            legal = game.legal_actions()
            untried = [a for a in legal if a not in node.children]
            for a in legal:
                child = node.children.get(a)
                if child is not None:
                    child.available += 1
            mover = game.current_player
            if untried:
                action = rng.choice(untried)
                game.play(action)
                child = _Node(action, mover)
                child.available = 1
                node.children[action] = child
                path.append(child)
                break
            log_c = self.exploration
            chosen = max(
                (node.children[a] for a in legal),
                key=lambda c: (
                    c.reward / c.visits + log_c * math.sqrt(math.log(c.available) / c.visits)
                ),
            )
            assert chosen.action is not None
            hidden = secret is not None and secret(game, chosen.action)
            game.play(chosen.action)
            path.append(chosen)
            if hidden:  # the others decide on without knowing it: one node for every value
                shared = node.children.get(HIDDEN)
                if shared is None:
                    shared = node.children[HIDDEN] = _Node(None, None)
                path.append(shared)
                chosen = shared
            node = chosen
        left = horizon if horizon is not None and horizon > 0 else -1
        while not game.is_over and left != 0:
            legal = game.legal_actions()
            if policy is None:
                game.play(rng.choice(legal))
            else:
                mover = game.current_player
                assert mover is not None
                game.play(policy(game.view(mover), legal, rng))
            left -= 1
        result = rewards(game)
        for walk in path:
            walk.visits += 1
            if walk.mover is not None:
                walk.reward += result[walk.mover]


def _planner(seed: int | None = None, **options: Any) -> Bot:
    """Ecosfera's turn planner (``gamecore.ecosfera.planner``; other games: a ValueError)."""
    from .ecosfera.planner import PlannerBot

    return PlannerBot(seed, **options)


def _rival(seed: int | None = None, **options: Any) -> Bot:
    """Mondo's real-time rival (``gamecore.mondo.rivals``; other games: a ValueError)."""
    from .mondo.rivals import RivalBot

    return RivalBot(seed, **options)


def _equilibrium(seed: int | None = None, **options: Any) -> Bot:
    """Nuevo Mundo's criptex player (``gamecore.nuevo_mundo.players``; other games: a
    ValueError)."""
    from .nuevo_mundo.players import EquilibriumBot

    return EquilibriumBot(seed, **options)


BOTS: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "search": SearchBot,
    "planner": _planner,
    "rival": _rival,
    "equilibrium": _equilibrium,
}


def make_bot(kind: str, seed: int | None = None, **options: Any) -> Bot:
    """A bot by name: ``make_bot("search", seed=1, iterations=300)``."""
    try:
        factory = BOTS[kind]
    except KeyError:
        raise ValueError(t("core.unknown_bot", kind=repr(kind), bots=", ".join(BOTS))) from None
    return factory(seed=seed, **options)


def play_game(
    game: Game,
    bots: Sequence[Bot],
    on_move: Callable[[Game, int, Action], None] | None = None,
) -> Game:
    """Let ``bots`` (one per player, in seat order) play ``game`` to the end; returns it."""
    if len(bots) != len(game.players):
        raise ValueError(t("core.bots_per_player", players=len(game.players), n=len(bots)))
    while not game.is_over:
        player = game.current_player
        assert player is not None
        action = bots[player].choose(game.view(player), game.legal_actions())
        game.play(action)
        if on_move is not None:
            on_move(game, player, action)
    return game
