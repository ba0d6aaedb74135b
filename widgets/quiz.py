"""A short multiple-choice quiz: each question has options, a right answer and a reason.

Pure data in, a widget out, and every step usable from plain Python:

    quiz = Quiz([
        {"question": "Where do polar bears live?",
         "options": ["Antarctica", "The Arctic", "Both"],
         "answer": 1,
         "explanation": "Polar bears live only around the Arctic Ocean."},
    ])
    quiz                      # shows the widget in a notebook
    quiz.answer(0, 1)         # Feedback(correct=True, text="Right! Polar bears ...")
    quiz.score_text()         # "Score: 1 of 1 right on the first try."

A student may try again after a wrong answer; the score counts first tries only. Each
feedback says whether the answer was right with a symbol and words (never colour alone),
and explains why.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from html import escape, unescape
from typing import Any

import ipywidgets as w

from gamecore.words import t

from .palette import INK, OK, WARNING


@dataclass(frozen=True)
class Question:
    text: str
    """The question; may contain simple HTML (it is the lesson author's text)."""
    options: tuple[str, ...]
    answer: int
    """Index of the right option."""
    explanation: str
    """Why the right answer is right, in a sentence or two."""

    def __post_init__(self) -> None:
        if len(self.options) < 2:
            raise ValueError(t("lessons.quiz_two_options", question=self.text))
        if isinstance(self.answer, bool) or not 0 <= self.answer < len(self.options):
            raise ValueError(
                t("lessons.quiz_bad_answer", answer=self.answer, n=len(self.options),
                  question=self.text)
            )  # fmt: skip

    @classmethod
    def from_data(cls, data: Question | Mapping[str, Any]) -> Question:
        """A question from a dict with ``question``, ``options``, ``answer``, ``explanation``."""
        if isinstance(data, Question):
            return data
        missing = {"question", "options", "answer", "explanation"} - set(data)
        if missing:
            raise ValueError(
                t("lessons.quiz_missing_fields", fields=", ".join(sorted(missing)), data=data)
            )
        return cls(
            str(data["question"]),
            tuple(str(o) for o in data["options"]),
            data["answer"],
            str(data["explanation"]),
        )


@dataclass(frozen=True)
class Feedback:
    """What the quiz says about one answer."""

    question: int
    choice: int | None
    correct: bool
    text: str
    first_try: bool
    """True if this was the first answer given to this question (the one that scores)."""


class Quiz:
    """Questions with radio buttons, a Check button each, explained feedback and a score.

    CSS classes for tests and styling: ``mundos-quiz`` (the whole quiz),
    ``mundos-quiz-question``, ``mundos-quiz-check``, ``mundos-quiz-feedback`` and
    ``mundos-quiz-score``.
    """

    def __init__(
        self, questions: Sequence[Question | Mapping[str, Any]], title: str | None = None
    ) -> None:
        self.questions = tuple(Question.from_data(q) for q in questions)
        if not self.questions:
            raise ValueError(t("lessons.quiz_no_questions"))
        self.title = t("lessons.quiz_title") if title is None else title
        self.first_answers: list[int | None] = [None] * len(self.questions)
        self.feedback: list[Feedback | None] = [None] * len(self.questions)
        self._radios: list[w.RadioButtons] = []
        self._feedback_html: list[w.HTML] = []
        boxes: list[w.Widget] = [w.HTML(f"<h3>{escape(self.title)}</h3>")]
        for i, q in enumerate(self.questions):
            boxes.append(self._question_box(i, q))
        self._score = w.HTML()
        self._score.add_class("mundos-quiz-score")
        boxes.append(self._score)
        self.widget = w.VBox(boxes)
        self.widget.add_class("mundos-quiz")
        self._show_score()

    # ------------------------------------------------------------------ plain Python
    def answer(self, question: int, choice: int | None) -> Feedback:
        """Answer ``question`` (counted from 0) with option ``choice``; returns the feedback.

        The first answer to a question is the one that scores. ``choice=None`` (nothing
        selected) is not an answer: the feedback asks for one.
        """
        if isinstance(question, bool) or not 0 <= question < len(self.questions):
            raise ValueError(
                t("lessons.quiz_no_such_question", question=question, last=len(self.questions) - 1)
            )
        q = self.questions[question]
        if choice is None:
            fb = Feedback(question, None, False, t("lessons.quiz_choose_first"), False)
            self._show_feedback(fb)
            return fb
        if isinstance(choice, bool) or not 0 <= choice < len(q.options):
            raise ValueError(
                t("lessons.quiz_no_such_option", question=question, last=len(q.options) - 1,
                  choice=choice)
            )  # fmt: skip
        first = self.first_answers[question] is None
        if first:
            self.first_answers[question] = choice
        correct = choice == q.answer
        if correct:
            text = t("lessons.quiz_right", explanation=q.explanation)
        else:
            text = t("lessons.quiz_wrong", answer=q.options[q.answer], explanation=q.explanation)
        fb = Feedback(question, choice, correct, text, first)
        self.feedback[question] = fb
        radio = self._radios[question]
        if radio.index != choice:
            radio.index = choice
        self._show_feedback(fb)
        self._show_score()
        return fb

    @property
    def score(self) -> int:
        """Questions answered right on the first try."""
        return sum(
            1
            for q, first in zip(self.questions, self.first_answers)
            if first is not None and first == q.answer
        )

    @property
    def answered(self) -> int:
        return sum(a is not None for a in self.first_answers)

    @property
    def finished(self) -> bool:
        return self.answered == len(self.questions)

    def score_text(self) -> str:
        n = len(self.questions)
        if self.finished:
            return t("lessons.quiz_score_all", score=self.score, n=n)
        if not self.answered:
            return t("lessons.quiz_score_none", n=n)
        return t(
            "lessons.quiz_score_some",
            score=self.score,
            answered=self.answered,
            n=n - self.answered,
        )

    def text(self) -> str:
        """The quiz as plain text (title, questions and their options), for wherever the
        widget cannot run: a notebook opened before it is run, an export, a printout."""
        lines = [self.title, t("lessons.quiz_run_the_cell")]
        for i, q in enumerate(self.questions):
            lines.append(f"{i + 1}. {_plain(q.text)}")
            lines += [f"   {chr(ord('a') + k)}) {option}" for k, option in enumerate(q.options)]
        return "\n".join(lines)

    def reset(self) -> None:
        """Forget every answer (for the next student)."""
        self.first_answers = [None] * len(self.questions)
        self.feedback = [None] * len(self.questions)
        for radio, html in zip(self._radios, self._feedback_html):
            radio.index = None
            html.value = ""
        self._show_score()

    # ------------------------------------------------------------------ the widget
    def _question_box(self, i: int, q: Question) -> w.VBox:
        text = w.HTML(f"<b>{i + 1}.</b> {q.text}")
        radio = w.RadioButtons(options=list(q.options), value=None, layout=w.Layout(width="auto"))
        check = w.Button(description=t("lessons.quiz_check"), button_style="primary", icon="check")
        check.add_class("mundos-quiz-check")
        feedback = w.HTML()
        feedback.add_class("mundos-quiz-feedback")
        self._radios.append(radio)
        self._feedback_html.append(feedback)

        def on_check(_button: w.Button) -> None:
            self.answer(i, radio.index)

        check.on_click(on_check)
        box = w.VBox([text, radio, check, feedback])
        box.add_class("mundos-quiz-question")
        return box

    def _show_feedback(self, fb: Feedback) -> None:
        if fb.choice is None:
            mark, colour = "?", INK
        elif fb.correct:
            mark, colour = "✔", OK
        else:
            mark, colour = "✘", WARNING
        self._feedback_html[fb.question].value = (
            f'<div style="color:{colour};font-size:15px;line-height:1.4">'
            f"<b>{mark}</b> {escape(fb.text)}</div>"
        )

    def _show_score(self) -> None:
        self._score.value = (
            f'<div style="color:{INK};font-size:15px"><b>{escape(self.score_text())}</b></div>'
        )

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        bundle = self.widget._repr_mimebundle_(**kwargs)
        bundle["text/plain"] = self.text()
        return bundle


def _plain(text: str) -> str:
    """A question's text without its simple HTML (bold, italics)."""
    return unescape(re.sub(r"<[^>]+>", "", text))


__all__ = ["Feedback", "Question", "Quiz"]
