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
({'demo': {'done': True, 'right': 0, 'questions': 1}}, None)

Stored progress is read strictly; what cannot be read is kept aside
(``mus.lessons.corrupt.<time>``), the rest taken and written back:

>>> store.set(PROGRESS_KEY, '{"demo": {"done": 1, "right": 0, "questions": 1}, "b": {"done": true}}')
True
>>> progress, problem = load_progress(store, now_ms=3)
>>> progress, problem["aside"], problem["why"]
({'b': {'done': True, 'right': 0, 'questions': 0}}, 'mus.lessons.corrupt.3', 'expected done of lesson demo to be true or false, got 1')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import mus
from mus.jsondata import described, dump_text, load_text

from ..kit.storage import read_kept

from .lesson import NUMBER_KINDS, Lesson, Question

if TYPE_CHECKING:
    from ..kit.storage import Storage

PROGRESS_KEY = "mus.lessons"
MAX_PROGRESS_TEXT = 100_000  # about 50 characters a lesson
MAX_ID = 80
MAX_COUNT = 10_000


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


def progress_from(data: object, strict: bool = False) -> dict[str, dict[str, Any]]:
    """Progress by lesson id in ``data``; a lesson whose entry cannot be read is left out,
    or with ``strict`` raises ValueError naming it."""
    if not isinstance(data, dict):
        if strict:
            raise ValueError(f"expected the lessons' progress as an object, got {described(data)}")
        return {}
    kept: dict[str, dict[str, Any]] = {}
    for lesson_id in sorted(k for k in data if isinstance(k, str)):
        try:
            kept[lesson_id] = _entry(lesson_id, data[lesson_id])
        except ValueError:
            if strict:
                raise
    return kept


def _entry(lesson_id: str, entry: object) -> dict[str, Any]:
    if len(lesson_id) > MAX_ID or not isinstance(entry, dict):
        raise ValueError(f"expected the progress of lesson {described(lesson_id)} as an object, got {described(entry)}")
    done = entry.get("done", False)
    if done is not True and done is not False:
        raise ValueError(f"expected done of lesson {lesson_id} to be true or false, got {described(done)}")
    counts = []
    for name in ("right", "questions"):
        value = entry.get(name, 0)
        if type(value) is not int or not 0 <= value <= MAX_COUNT:
            raise ValueError(f"expected {name} of lesson {lesson_id} to be a whole number 0..{MAX_COUNT}, "
                             f"got {described(value)}")
        counts.append(value)
    return {"done": done, "right": counts[0], "questions": counts[1]}


def read_progress(text: str) -> dict[str, dict[str, Any]]:
    """Stored progress, strictly: ValueError naming what is wrong."""
    return progress_from(load_text(text, "the lessons' progress", MAX_PROGRESS_TEXT), strict=True)


def load_progress(storage: Storage, now_ms: int | None = None) -> tuple[dict[str, dict[str, Any]],
                                                                       dict[str, str] | None]:
    """Progress by lesson id, and what was kept aside (``kit.storage.read_kept``) if it
    could not all be read: then the lessons that could are taken and written back."""
    text = storage.get(PROGRESS_KEY)
    progress, problem = read_kept(storage, PROGRESS_KEY, read_progress, now_ms)
    if problem is None:
        return progress or {}, None
    try:
        progress = progress_from(load_text(text, "the lessons' progress", MAX_PROGRESS_TEXT))
    except ValueError:
        progress = {}
    if problem["aside"]:
        storage.set(PROGRESS_KEY, dump_text(progress))
    return progress, problem


def save_progress(storage: Storage, player: LessonPlayer) -> None:
    """Keep the best of what the reader has done in this lesson."""
    progress = load_progress(storage)[0]
    right, questions = player.score()
    old = progress.get(player.lesson.id, {"done": False, "right": 0})
    progress[player.lesson.id] = {"done": old["done"] or player.finished,
                                  "right": max(old["right"], right), "questions": questions}
    storage.set(PROGRESS_KEY, dump_text(progress))
