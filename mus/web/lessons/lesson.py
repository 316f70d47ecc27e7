"""Lessons: a fixed deal, a script in engine notation, and questions the engine answers. Pure.

A lesson is read in three passes, each a module of its own: its file against the schema
(``schema``: a wrong field raises ``LessonError``, a ValueError, naming the field and what was
expected); its script through ``mus.Game`` (``script.Replay``: an illegal step raises, every
question's correct answer comes from the engine); and what each step shows (``shown.check``:
no step may show the answer of a question still asked). ``Lesson.from_dict`` runs the three
and keeps the replay.

>>> lesson = Lesson.from_dict({
...     "id": "demo", "title": {"es": "Demo", "en": "Demo"}, "intro": {"es": "", "en": ""},
...     "hands": ["RRC6", "7654", "CCSA", "3322"], "mano": 0, "score": [37, 37],
...     "steps": [
...         {"say": {"es": "Nadie quiere mus.", "en": "Nobody wants mus."}, "do": ["no hay mus"],
...          "ask": {"kind": "lance", "lance": "grande", "explain": {"es": "Dos reyes y caballo.", "en": "Two reyes."}}},
...         {"say": {"es": "Todos pasan.", "en": "All pass."}, "do": ["paso"] * 11,
...          "ask": {"kind": "juego_winner", "explain": {"es": "Llegan antes.", "en": "They get there first."}}}]})
>>> [lesson.replay().answers[i] for i in (0, 1)]
['0', '1']
"""

from __future__ import annotations

from typing import Any

import mus
from mus.jsondata import load_text

from .schema import LessonData, LessonError
from .script import Replay
from .shown import check

MAX_LESSON_TEXT = 100_000  # characters: the longest lesson is a few thousand


class Lesson(LessonData):
    """A lesson whose file matches the schema, whose script the engine plays and whose steps
    keep every answer until it is asked. The replay, played once, is kept (``replay``)."""

    __slots__ = ("played",)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.played: Replay | None = None

    @classmethod
    def from_json(cls, text: str) -> Lesson:
        try:  # json's own error class differs by runtime (MicroPython has no JSONDecodeError)
            data = load_text(text, "a lesson", MAX_LESSON_TEXT)
        except ValueError as error:
            raise LessonError(str(error)) from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Lesson:
        lesson = super().from_dict(data)
        check(lesson.replay())  # the script must be legal, every question answerable and not answered yet
        return lesson

    def replay(self) -> Replay:
        """The script played through the engine (once: a lesson does not change)."""
        if self.played is None:
            self.played = Replay.of(self)
        return self.played

