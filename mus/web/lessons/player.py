"""Where the reader is in a lesson, what he answered, and the progress kept in storage. Pure.

>>> from mus.web.kit.storage import MemoryStorage
>>> lesson = Lesson.from_dict({
...     "id": "demo", "title": {"es": "Demo", "en": "Demo"}, "intro": {"es": "", "en": ""},
...     "hands": ["RRC6", "7654", "CCSA", "3322"], "mano": 0,
...     "steps": [{"say": {"es": "", "en": ""}, "do": ["no hay mus"],
...                "ask": {"kind": "lance", "lance": "grande", "explain": {"es": "", "en": ""}}},
...               {"say": {"es": "", "en": ""}}]})
>>> p = LessonPlayer(lesson)
>>> p.waiting, p.next()          # a question holds the lesson until it is answered
(True, False)
>>> p.answer("2"), p.right(0), p.correct()   # seat 2 is wrong: seat 0 wins
(False, False, '0')
>>> p.next(), p.finished
(True, True)
>>> store = MemoryStorage()
>>> save_progress(store, p)
>>> load_progress(store)
{'demo': {'done': True, 'right': 0, 'questions': 1}}
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import mus

from .lesson import NUMBER_KINDS, Lesson, Question

if TYPE_CHECKING:
    from ..kit.storage import Storage

PROGRESS_KEY = "mus.lessons"


class LessonPlayer:
    def __init__(self, lesson: Lesson, lang: str = "es") -> None:
        self.lesson = lesson
        self.lang = lang
        self.replay = lesson.replay()
        self.index = 0
        self.given: dict[int, str] = {}
        self.selected: set[int] = set()

    # --- reading ----------------------------------------------------------------------

    @property
    def game(self) -> mus.Game:
        return self.replay.games[self.index]

    @property
    def before(self) -> mus.Game:
        """The game as the current step began."""
        return self.replay.before(self.index)

    @property
    def question(self) -> Question | None:
        return self.lesson.steps[self.index].ask

    @property
    def waiting(self) -> bool:
        return self.question is not None and self.index not in self.given

    @property
    def finished(self) -> bool:
        return self.index == len(self.lesson.steps) - 1 and not self.waiting

    def correct(self, index: int | None = None) -> str:
        return self.replay.answers[self.index if index is None else index]

    def right(self, index: int) -> bool:
        ask, given, correct = self.lesson.steps[index].ask, self.given.get(index), self.correct(index)
        if ask is None or given is None:
            return False
        if ask.kind == "juego_winner":
            return given.isdigit() and int(given) % 2 == int(correct)
        if ask.kind in NUMBER_KINDS:
            return given.strip().isdigit() and int(given) == int(correct)
        if ask.kind == "descarte":
            return given in ask.accept
        return given == correct

    def score(self) -> tuple[int, int]:
        """(questions answered right, questions in the lesson)."""
        asked = [i for i, step in enumerate(self.lesson.steps) if step.ask is not None]
        return sum(self.right(i) for i in asked), len(asked)

    # --- acting -----------------------------------------------------------------------

    def answer(self, value: str) -> bool | None:
        """Record the reader's answer to the question on screen; whether it is right."""
        ask = self.question
        if ask is None or not self.waiting:
            return None
        if ask.kind == "descarte":
            try:
                value = str(mus.Action.parse(value))
            except ValueError:
                return None
        elif ask.kind in NUMBER_KINDS and not value.strip().isdigit():
            return None
        self.given[self.index] = value.strip()
        self.selected = set()
        return self.right(self.index)

    def next(self) -> bool:
        if self.waiting or self.index == len(self.lesson.steps) - 1:
            return False
        self.index += 1
        self.selected = set()
        return True

    def back(self) -> bool:
        if self.index == 0:
            return False
        self.index -= 1
        self.selected = set()
        return True

    def restart(self) -> None:
        self.index, self.given, self.selected = 0, {}, set()

    def toggle_card(self, position: int) -> None:
        if self.question is not None and self.question.kind == "descarte" and self.waiting and 0 <= position < 4:
            self.selected ^= {position}

    def discard_notation(self) -> str | None:
        return "descarte " + " ".join(map(str, sorted(self.selected))) if self.selected else None


# --- progress -------------------------------------------------------------------------------


def load_progress(storage: Storage) -> dict[str, dict[str, Any]]:
    """Progress by lesson id; anything unreadable counts as no progress (it is only a hint)."""
    try:
        data = json.loads(storage.get(PROGRESS_KEY) or "{}")
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: v for k, v in data.items() if isinstance(k, str) and isinstance(v, dict)}


def save_progress(storage: Storage, player: LessonPlayer) -> None:
    """Keep the best of what the reader has done in this lesson."""
    progress = load_progress(storage)
    right, questions = player.score()
    old = progress.get(player.lesson.id, {})
    old_right = old["right"] if isinstance(old.get("right"), int) else 0
    progress[player.lesson.id] = {"done": bool(old.get("done")) or player.finished,
                                  "right": max(old_right, right), "questions": questions}
    storage.set(PROGRESS_KEY, json.dumps(progress, separators=(",", ":")))
