"""The lessons' quizzes, kept as plain data files beside this module.

    from widgets.nuevos_mundos.lesson_quizzes import biome_quiz
    biome_quiz()                    # lesson 4's quick quiz, as a widget
    biome_quiz(extra=[{"question": "...", "options": ["...", "..."], "answer": 0,
                       "explanation": "..."}])   # with a teacher's own questions added

A teacher changes a question by editing its JSON file (``biome_quiz.json`` in English,
``biome_quiz.es.json`` in Spanish: one file per language, ``<name>.<lang>.json``, the
English file without a suffix); every question has ``question``, ``options``, ``answer``
(the right option, counted from 0) and ``explanation``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Any

from gamecore.words import get_language, t

from ..quiz import Question, Quiz


def load_quiz_data(filename: str) -> dict[str, Any]:
    """The contents of a quiz file of this package: ``title`` and ``questions``.

    Every question is checked (it must have its four fields and a valid answer), so a
    mistake in the file is reported with the question it is in.
    """
    text = resources.files(__package__).joinpath(filename).read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    if not isinstance(data.get("questions"), list) or not data["questions"]:
        raise ValueError(t("lessons.quiz_file_needs_questions", file=filename))
    for question in data["questions"]:
        Question.from_data(question)
    return data


def quiz_file(name: str, lang: str | None = None) -> str:
    """The file of quiz ``name`` in ``lang`` (default: the chosen language): ``name.es.json``
    for Spanish, ``name.json`` for English and for a language without its own file."""
    lang = lang or get_language()
    own = f"{name}.{lang}.json"
    if lang != "en" and resources.files(__package__).joinpath(own).is_file():
        return own
    return f"{name}.json"


def biome_quiz(
    extra: Sequence[Question | Mapping[str, Any]] = (), title: str | None = None
) -> Quiz:
    """Lesson 4's quick quiz ("Biomes on our planet"), from ``biome_quiz.json`` (or the
    chosen language's ``biome_quiz.<lang>.json``).

    ``extra`` questions (dicts with ``question``, ``options``, ``answer`` and
    ``explanation``) are added after the file's; ``title`` replaces the file's title.
    """
    data = load_quiz_data(quiz_file("biome_quiz"))
    return Quiz([*data["questions"], *extra], title=title or str(data["title"]))


__all__ = ["biome_quiz", "load_quiz_data", "quiz_file"]
