"""Where the reader is in a lesson, what he answered, and the progress kept in storage. Pure.

A question takes ``TRIES`` answers, or one when it has only two possible answers (quiero or
not, which pareja, an action between two): after a wrong one with a try left, the reader
sees why that answer is wrong and answers again, or asks to see the answer (``reveal``).
The question is settled by a right answer, by the last wrong one or by ``reveal``; only then
are the answer and its explanation shown, and the lesson goes on. Only an answer right at
the first try counts as right in the progress.

>>> from mus.web.kit.storage import MemoryStorage
>>> lesson = Lesson.from_dict({
...     "id": "demo", "title": {"es": "Demo", "en": "Demo"}, "intro": {"es": "", "en": ""},
...     "hands": ["RRC6", "7654", "CCSA", "3322"], "mano": 0,
...     "steps": [{"say": {"es": "", "en": ""}, "do": ["no hay mus"],
...                "ask": {"kind": "lance", "lance": "grande", "explain": {"es": "", "en": ""}}},
...               {"say": {"es": "", "en": ""}}]})
>>> p = LessonPlayer(lesson)
>>> p.waiting, p.next()          # a question holds the lesson until it is settled
(True, False)
>>> p.answer("2"), p.waiting, p.correct()   # seat 2 is wrong (seat 0 wins): one more try
(False, True, '0')
>>> p.answer("0"), p.waiting, p.right(0)    # right at the second try: settled, not counted
(True, False, False)
>>> p.next(), p.finished
(True, True)
>>> store = MemoryStorage()
>>> save_progress(store, p)
True
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

from .lesson import Lesson
from .schema import NUMBER_KINDS, Question
from .script import SENAS_SEPARATOR
from .shown import Shown, shown

if TYPE_CHECKING:
    from ..kit.storage import Storage

PROGRESS_KEY = "mus.lessons"
MAX_PROGRESS_TEXT = 100_000  # about 50 characters a lesson
MAX_ID = 80
MAX_COUNT = 10_000
TRIES = 2


def tries_allowed(ask: Question) -> int:
    return 1 if ask.two_answers else TRIES


class LessonPlayer:
    def __init__(self, lesson: Lesson, lang: str = "es") -> None:
        self.lesson = lesson
        self.lang = lang
        self.replay = lesson.replay()
        self.index = 0
        self.given: dict[int, list[str]] = {}  # each question's answers, in the order given
        self.revealed: set[int] = set()  # questions whose answer the reader asked to see
        self.selected: set[int] = set()  # the cards chosen to throw
        self.picked: set[str] = set()  # the señas chosen

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

    def settled(self, index: int) -> bool:
        ask, tries = self.lesson.steps[index].ask, self.given.get(index, [])
        if ask is None:
            return True
        return (index in self.revealed or len(tries) >= tries_allowed(ask)
                or any(self.is_right(index, value) for value in tries))

    @property
    def waiting(self) -> bool:
        return not self.settled(self.index)

    @property
    def finished(self) -> bool:
        return self.index == len(self.lesson.steps) - 1 and not self.waiting

    def view(self) -> Shown:
        """What the current step shows, given the questions settled."""
        resolved = {i for i in self.replay.answers if self.settled(i)}
        return shown(self.replay, self.index, resolved)

    def correct(self, index: int | None = None) -> str:
        return self.replay.answers[self.index if index is None else index]

    def tries(self, index: int | None = None) -> list[str]:
        return self.given.get(self.index if index is None else index, [])

    def is_right(self, index: int, value: str) -> bool:
        """Whether ``value`` answers question ``index`` right."""
        ask, correct = self.lesson.steps[index].ask, self.correct(index)
        assert ask is not None
        if ask.kind == "juego_winner":
            return value.isdigit() and int(value) % 2 == int(correct)
        if ask.kind in NUMBER_KINDS:
            return value.isdigit() and int(value) == int(correct)
        if ask.kind in ("descarte", "action"):
            return value in ask.accept
        if ask.kind == "senas":
            return sorted(value.split(SENAS_SEPARATOR)) == sorted(correct.split(SENAS_SEPARATOR))
        return value == correct

    def right(self, index: int) -> bool:
        """Whether question ``index`` was answered right at the first try."""
        tries = self.tries(index)
        return bool(tries) and self.is_right(index, tries[0])

    def score(self) -> tuple[int, int]:
        """(questions answered right at the first try, questions in the lesson)."""
        asked = sorted(self.replay.answers)
        return sum(1 for i in asked if self.right(i)), len(asked)

    # --- acting -----------------------------------------------------------------------

    def answer(self, value: str) -> bool | None:
        """Take the reader's answer to the question on screen; whether it is right (None if
        there is no question waiting or the answer cannot be read)."""
        ask = self.question
        if ask is None or not self.waiting:
            return None
        value = value.strip()
        if ask.kind == "descarte":
            try:
                value = str(mus.Action.parse(value))
            except ValueError:
                return None
        elif ask.kind in NUMBER_KINDS and not value.isdigit():
            return None
        elif ask.kind == "senas" and not all(s in mus.SENAS for s in value.split(SENAS_SEPARATOR) if s):
            return None
        elif ask.kind == "action" and value not in ask.options:
            return None
        elif ask.kind in ("lance", "juego_winner", "mano") and value not in ("0", "1", "2", "3"):
            return None
        elif ask.kind == "quiero" and value not in ("quiero", "no quiero"):
            return None
        if value in self.tries():
            return None  # the same answer again: it was wrong, and takes no second try
        self.given.setdefault(self.index, []).append(value)
        self.selected, self.picked = set(), set()
        return self.is_right(self.index, value)

    def reveal(self) -> bool:
        """Show the answer of the question waiting (the reader gives up); whether it did."""
        if not self.waiting:
            return False
        self.revealed.add(self.index)
        self.selected, self.picked = set(), set()
        return True

    def next(self) -> bool:
        if self.waiting or self.index == len(self.lesson.steps) - 1:
            return False
        self.index += 1
        self.selected, self.picked = set(), set()
        return True

    def back(self) -> bool:
        if self.index == 0:
            return False
        self.index -= 1
        self.selected, self.picked = set(), set()
        return True

    def restart(self) -> None:
        self.index, self.given, self.revealed, self.selected, self.picked = 0, {}, set(), set(), set()

    def toggle_card(self, position: int) -> None:
        if self.question is not None and self.question.kind == "descarte" and self.waiting and 0 <= position < 4:
            self.selected ^= {position}

    def toggle_sena(self, sena: str) -> None:
        if self.question is not None and self.question.kind == "senas" and self.waiting and sena in mus.SENAS:
            self.picked ^= {sena}

    def discard_notation(self) -> str | None:
        return "descarte " + " ".join(map(str, sorted(self.selected))) if self.selected else None

    def senas_answer(self) -> str:
        """The señas picked, as an answer (in the order of ``mus.SENAS``)."""
        return SENAS_SEPARATOR.join(s for s in mus.SENAS if s in self.picked)


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


def save_progress(storage: Storage, player: LessonPlayer) -> bool:
    """Keep the best of what the reader has done in this lesson; False when it was not
    written: storage refused it, or stored progress that cannot be read could not be kept
    aside either (it is never written over)."""
    progress, problem = load_progress(storage)
    if problem is not None and not problem["aside"]:
        return False
    right, questions = player.score()
    old = progress.get(player.lesson.id, {"done": False, "right": 0})
    progress[player.lesson.id] = {"done": old["done"] or player.finished,
                                  "right": max(old["right"], right), "questions": questions}
    return storage.set(PROGRESS_KEY, dump_text(progress))
