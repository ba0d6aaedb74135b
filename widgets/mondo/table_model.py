"""What a Mondo table means, without any widget: ``MondoTableModel``.

Mondo is played in real time, so the table has a clock. The widget's countdown runs in the
browser and tells the model the round's time now and then (``tick(ms)``); the model then lets
every bot act whose moment has come, in time order, and a person's click is played at the
moment it was made, after the bots that acted before it. The engine itself has no clock: each
action carries its time, so a seed and the log replay the game.

The person's hand: the model keeps which side of the tile in hand is up and how it is turned
(flip and turn cost nothing and are not moves); a click on a space places it so.

A bot plans its next action when its last one has been played (its time comes from its own
pace); the plan is played when the clock reaches its time, unless the table changed under it
(the tile it wanted is gone), in which case the bot looks again at that moment. A puzzle
table has no bots and no timer: each action is one second after the one before, and the
round ends when the person says so.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gamecore import IllegalAction, Refusal
from gamecore.mondo import JumpOut, Mondo, MondoView, Place, Return, Stop, Take, TakeTask, clock
from gamecore.mondo.actions import TURNS
from gamecore.mondo.game import EMPTY, PLAYING, ROUNDS
from gamecore.protocol import Action
from gamecore.words import t

from ..seats import HUMAN, SeatModel
from ..words import Said, about

PUZZLE_STEP_MS = 1000
"""A puzzle has no clock: each action comes one second after the one before."""

TABLE_WORDS: dict[tuple[type | None, str], str] = {
    (None, "mondo.game_over"): "mondo_table.game_over",
    (None, "mondo.already_jumped"): "mondo_table.you_are_out",
    (None, "mondo.already_stopped"): "mondo_table.you_are_out",
    (Take, "mondo.hand_full"): "mondo_table.hand_full",
    (Place, "mondo.hand_empty"): "mondo_table.take_first",
    (Return, "mondo.hand_empty"): "mondo_table.nothing_to_put_back",
}
"""The engine's refusals (by kind of action, None: any, and key) that the table says in its
own words: what to press or click next at this table."""

AT_ONCE = frozenset(
    {
        "mondo.game_over",
        "mondo.already_jumped",
        "mondo.already_stopped",
        "mondo.time_up",
        "mondo.hand_full",
        "mondo.hand_empty",
    }
)
"""Refusals that no bot's action before the click's moment can lift: said before the bots
act, so a refused click moves nothing."""


class MondoTableModel(SeatModel[Mondo]):
    """The state of a Mondo table: the game, who is the person, the bots, the clock, the
    tile in hand as the person holds it, and the meaning of every request.

    Its seats are the one human's and the rival bots' (Mondo is played at the same moment by
    everyone, so one person plays at a table; the others are bots)."""

    def __init__(
        self,
        game: Mondo,
        human: int = 0,
        bots: Mapping[int, Any] | None = None,
        *,
        puzzle: bool = False,
        seats: Sequence[str] | None = None,
    ) -> None:
        if not 0 <= human < len(game.players):
            raise ValueError(t("mondo_table.no_such_seat", seat=human + 1))
        self.game = game
        self.human = human
        self.bots: dict[int, Any] = dict(bots or {})
        self.seats = (
            tuple(seats)
            if seats is not None
            else tuple(HUMAN if p == human else "rival" for p in range(len(game.players)))
        )
        """Each seat's kind, as the table was given them ("human", "rival", "random")."""
        if human in self.bots:
            raise ValueError(t("mondo_table.human_is_bot", seat=human + 1))
        missing = [p for p in range(len(game.players)) if p != human and p not in self.bots]
        if missing:
            raise ValueError(t("mondo_table.seat_without_bot", seat=missing[0] + 1))
        self.puzzle = puzzle
        if puzzle and self.bots:
            raise ValueError(t("mondo_table.puzzle_alone"))
        self.clock = 0
        """The round's time as the widget last told it (ms)."""
        self.side = 0
        """Which side of the tile in hand is up (0 single landscape, 1 mixed)."""
        self.turn = 0
        """Quarter turns of the tile in hand."""
        self.round_seen = game.round
        """The round the table shows (a finished round stays on screen until the next
        starts)."""
        self.plans: dict[int, Action] = {}
        """Each bot's next action, planned when its last one was played."""
        self.aims: dict[int, Any] = {}
        """What each plan counts on (``_aim``)."""

    # ------------------------------------------------------------------ the clock
    @property
    def view(self) -> MondoView:
        return self.game.view(self.human)

    @property
    def playing(self) -> bool:
        """Whether the person may still act this round."""
        return (
            not self.game.is_over
            and self.game.round == self.round_seen
            and self.game.status[self.human] == PLAYING
        )

    def moment(self) -> int:
        """The time of the person's next action: the clock, or a second after the last
        action in a puzzle."""
        if self.puzzle:
            return self.game.now + PUZZLE_STEP_MS
        return max(self.clock, self.game.now)

    def tick(self, ms: int) -> list[str]:
        """The round's time is now ``ms``: let every bot whose moment has come act, in time
        order (the timer's ring stops everyone still in). Returns what happened, in words."""
        if self.puzzle or self.game.is_over or self.game.round != self.round_seen:
            return []
        self.clock = max(self.clock, ms)
        said = self._bots_until(min(self.clock, self.game.limit))
        if self.clock >= self.game.limit and self.game.round == self.round_seen:
            said += self._ring()
        return said

    def _ring(self) -> list[str]:
        """Time is up: everyone still in stops (a tile in hand goes back)."""
        said = []
        round_now = self.game.round
        for p in range(len(self.game.players)):
            if self.game.round != round_now:
                break
            if self.game.status[p] == PLAYING:
                self.game.play(Stop(p, self.game.limit))
                said.append(about("mondo_table.time_up_for", self.game.players[p]))
        self.plans.clear()
        return said

    def _plan(self, seat: int) -> Action | None:
        """The bot's next action, asked when its last one was played (its time comes from
        its own pace)."""
        if self.game.status[seat] != PLAYING:
            return None
        plan = self.plans.get(seat)
        if plan is None:
            bot = self.bots[seat]
            legal = self.game.legal_actions_for(seat)
            plan = bot.choose(self.game.view(seat), legal)
            self.plans[seat] = plan
            self.aims[seat] = self._aim(plan)
        return plan

    def _aim(self, action: Action) -> Any:
        """What a plan counts on: for a take, the face lying at its place of the heap."""
        if isinstance(action, Take):
            heap = self.game.view(action.seat).heap
            return heap[action.slot] if 0 <= action.slot < len(heap) else None
        return None

    def _still_good(self, seat: int, action: Action) -> bool:
        """Whether a plan made earlier still does what the bot meant: legal, and for a take
        the same face still at that place (someone may have taken it since)."""
        return self.game.why_illegal(action) is None and self._aim(action) == self.aims.get(seat)

    def _bots_until(self, ms: int) -> list[str]:
        """Play the bots' plans whose time is at most ``ms``, earliest first. A plan is asked
        for once, when the bot's last action was played; when its moment comes and the table
        has changed under it (the tile it wanted is gone), the bot looks again then."""
        said: list[str] = []
        round_now = self.game.round
        for _ in range(10_000):  # a bound: each pass plays one action or stops
            if self.game.round != round_now or self.game.is_over:
                break
            due = [(_time(plan), seat) for seat in self.bots if (plan := self._plan(seat))]
            if not due:
                break
            time, seat = min(due)
            if time > ms:
                break
            action = self.plans.pop(seat)
            if not self._still_good(seat, action):
                legal = self.game.legal_actions_for(seat, time)
                action = self.bots[seat].choose(self.game.view(seat), legal)
                if self.game.why_illegal(action) is not None:
                    action = Stop(seat, min(max(time, self.game.now), self.game.limit))
                if _time(action) > ms:
                    self.plans[seat] = action
                    self.aims[seat] = self._aim(action)
                    continue
            self.game.play(action)
            said.append(self.describe_move(seat, action))
        return said

    # ------------------------------------------------------------------ the person's requests
    def _refusal(self) -> str | None:
        """Why the person cannot act that only the table knows: the round on screen is over
        (its score stays until «Next round»). Everything else is the engine's to say."""
        if not self.game.is_over and self.game.round != self.round_seen:
            return t("mondo_table.round_over")
        return None

    def _words(self, action: Action, reason: str) -> str:
        """An engine refusal as the table says it: in the table's own words where it has
        them (chosen by the refusal's key and the kind of action), else the engine's."""
        if isinstance(reason, Refusal):
            words = TABLE_WORDS.get((type(action), reason.key)) or TABLE_WORDS.get(
                (None, reason.key)
            )
            if words is not None:
                return t(words)
        return reason

    def _play(self, action: Action) -> Said:
        """Play the person's action at its moment, after the bots due before it. A refusal
        that nothing the bots do can lift (the game or the person's round is over, time is
        up, the hand is full or empty) is said at once, before any bot acts."""
        refusal = self._refusal()
        if refusal:
            return Said(problem=refusal)
        reason = self.game.why_illegal(action)
        if isinstance(reason, Refusal) and reason.key in AT_ONCE:
            return Said(problem=self._words(action, reason))
        before = self._bots_until(_time(action) - 1) if not self.puzzle else []
        reason = self.game.why_illegal(action)
        if reason is not None:
            return Said(event=" ".join(before) or None, problem=self._words(action, reason))
        try:
            self.game.play(action)
        except IllegalAction as err:  # why_illegal said yes: only a change under us
            return Said(problem=err.reason)
        return Said(event=" ".join([*before, self.describe_move(self.human, action)]))

    def take(self, slot: int) -> Said:
        """Take the tile at ``slot`` of the heap's top layer (counted from 0)."""
        said = self._play(Take(self.human, self.moment(), slot))
        if said.ok:
            self.side = self.game.hand_up[self.human]
            self.turn = 0
        return said

    def flip(self) -> Said:
        if self.game.hands[self.human] == EMPTY:
            return Said(problem=t("mondo_table.nothing_to_flip"))
        self.side = 1 - self.side
        return Said(event=t(f"mondo_table.flipped_{self.side}"))

    def rotate(self, quarter_turns: int = 1) -> Said:
        if self.game.hands[self.human] == EMPTY:
            return Said(problem=t("mondo_table.nothing_to_turn"))
        self.turn = (self.turn + quarter_turns) % TURNS
        return Said(event=t("mondo_table.turned", degrees=self.turn * 90))

    def place(self, space: int) -> Said:
        """Place the tile in hand on ``space`` as it is held (side up, turned)."""
        return self._play(Place(self.human, self.moment(), space, self.side, self.turn))

    def put_back(self) -> Said:
        return self._play(Return(self.human, self.moment(), self.side))

    def jump_out(self) -> Said:
        return self._play(JumpOut(self.human, self.moment()))

    def take_task(self, slot: int) -> Said:
        """Expert level: take the task at ``slot`` of the round's display."""
        return self._play(TakeTask(self.human, self.moment(), slot))

    def finish_puzzle(self) -> Said:
        """A puzzle's round ends when the person says so (no chip: there is no race)."""
        if not self.puzzle:
            return Said(problem=t("mondo_table.not_a_puzzle"))
        return self._play(Stop(self.human, min(self.moment(), self.game.limit)))

    def start_next_round(self) -> Said:
        """Leave the scored round on screen behind: the next round's clock starts at 0."""
        if self.game.round == self.round_seen:
            return Said(problem=t("mondo_table.round_not_over"))
        if self.game.round >= ROUNDS:
            return Said(problem=t("mondo_table.game_over"))
        self.round_seen = self.game.round
        self.clock = 0
        self.plans.clear()
        self.side = self.turn = 0
        return Said(event=t("mondo_table.round_starts", round=self.game.round + 1))

    def key(self, name: str) -> Said:
        """A key pressed on the table: f flips, r turns, b puts back, j jumps out, a number
        key 1-9 takes that tile of the heap."""
        if name in ("f", "F"):
            return self.flip()
        if name in ("r", "R"):
            return self.rotate()
        if name in ("b", "B"):
            return self.put_back()
        if name in ("j", "J"):
            return self.jump_out()
        if name.isdigit() and name != "0":
            return self.take(int(name) - 1)
        return Said(problem=t("mondo_table.unknown_key", key=name))

    # ------------------------------------------------------------------ words
    def describe_move(self, seat: int, action: Action) -> str:
        """A move in a sentence ("Ana took a tile (0:12)."; "You took..." for the default
        human, conjugated for "tú" in Spanish)."""
        who = self.game.players[seat]
        at = clock(_time(action))
        if isinstance(action, TakeTask):
            return about("mondo_table.took_task", who, slot=action.slot + 1, time=at)
        if isinstance(action, Take):
            return about("mondo_table.took", who, time=at)
        if isinstance(action, Place):
            return about("mondo_table.placed", who, space=action.space + 1, time=at)
        if isinstance(action, Return):
            return about("mondo_table.put_back", who, time=at)
        if isinstance(action, JumpOut):
            chip = self.game.chips[seat]
            if chip:
                return about("mondo_table.jumped_with_chip", who, chip=chip, time=at)
            return about("mondo_table.jumped", who, time=at)
        return about("mondo_table.stopped", who, time=at)

    def time_left(self) -> int:
        """Milliseconds left in the round as the table last heard."""
        return max(0, self.game.limit - max(self.clock, self.game.now))


def _time(action: Action) -> int:
    """The moment a Mondo action happened (every Mondo action has one)."""
    time: int = getattr(action, "time")  # noqa: B009  # Action itself has no time field
    return time
