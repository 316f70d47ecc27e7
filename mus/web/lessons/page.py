"""A lesson page: the course, the lesson open, the language, the progress kept; its commands.
Pure.

``lessons.html`` lists the course and opens one lesson at a time; ``embed.html?lesson=<id>``
shows one. ``dom/lessons.py`` fetches the lessons, draws ``html()`` and hands every command
here; ``command`` says where the keyboard goes next (a CSS selector), or None when the command
changed nothing.

>>> import json, pathlib
>>> from mus.web.kit.commands import Command
>>> from mus.web.kit.storage import MemoryStorage, SafeStorage
>>> from .lesson import Lesson
>>> grande = Lesson.from_dict(json.loads(pathlib.Path("static/lessons/grande.json").read_text()))
>>> page = LessonsPage(SafeStorage(MemoryStorage()), lang="en", lessons=[grande])
>>> page.command(Command("lesson", "grande")) == OPENED_FOCUS, page.player.index
(True, 0)
>>> page.command(Command("step", "next")) == OPENED_FOCUS, page.player.index   # a question waits
(True, 0)
>>> page.command(Command("answer", page.player.correct())) == MOVE_ON_FOCUS
True
>>> page.command(Command("index")), "data-progress=\\"started\\"" in page.html()
('[data-ui=lesson][value="grande"]', True)
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import mus

from ..kit.commands import POS, Command
from ..kit.i18n import t
from .lesson import Lesson
from .player import LessonPlayer, load_progress, save_progress
from .render import index_html, player_html

if TYPE_CHECKING:
    from ..kit.storage import SafeStorage

# Where the keyboard goes when a step appears: the question's first control, else "next".
QUESTION_FOCUS = (".lplate[data-ui=answer]:not([disabled]), [data-pos], #lesson-number, "
                  ".lquestion button:not([disabled])")
MOVE_ON_FOCUS = "[data-ui=step][value=next]:not([disabled]), [data-ui=restart]"
OPENED_FOCUS = QUESTION_FOCUS + ", " + MOVE_ON_FOCUS


class LessonsPage:
    __slots__ = ("storage", "lang", "embed", "lessons", "player", "kept")

    def __init__(self, storage: SafeStorage, *, lang: str = "es", embed: bool = False,
                 lessons: list[Lesson] | None = None) -> None:
        self.storage = storage  # the reader's progress (SafeStorage: a frame may have none)
        self.lang, self.embed = lang, embed
        self.lessons: list[Lesson] = lessons or []  # the course, on lessons.html
        self.player: LessonPlayer | None = None
        self.kept = ""  # where progress that could not be read was kept aside, once it was

    def open(self, lesson: Lesson) -> str:
        """Show ``lesson`` from its first step; where the keyboard goes."""
        self.player = LessonPlayer(lesson, self.lang)
        return OPENED_FOCUS

    def find(self, lesson_id: str | None) -> Lesson | None:
        for lesson in self.lessons:
            if lesson.id == lesson_id:
                return lesson
        return None

    def after(self, lesson: Lesson) -> Lesson | None:
        """The next lesson of the course on lessons.html (none in a frame)."""
        ids = [x.id for x in self.lessons]
        at = ids.index(lesson.id) if lesson.id in ids else len(ids)
        return self.lessons[at + 1] if at + 1 < len(ids) else None

    def title(self) -> str:
        """The document's title."""
        return self.player.lesson.title[self.lang] + " · Mus" if self.player else t(self.lang, "lessons.title")

    def html(self) -> str:
        if self.player is not None:
            return player_html(self.player, embed=self.embed, next_lesson=self.after(self.player.lesson))
        progress, problem = load_progress(self.storage)
        if problem is not None:
            self.kept = problem["aside"] or problem["key"]
        return index_html(self.lang, self.lessons, progress, self.storage.fallback, self.kept)

    def command(self, command: Command) -> str | None:
        """Apply a command of the page; where the keyboard goes then, or None if nothing changed.
        ``number``'s value is what the reader typed in the answer box; ``discard`` and
        ``senas`` answer with the cards and the señas picked."""
        name, value = command.name, command.value
        if name == "lesson":
            lesson = self.find(value)
            return None if lesson is None else self.open(lesson)
        if name == "lang":
            self.lang = value or self.lang
            if self.player is not None:
                self.player.lang = self.lang
            return "[data-ui=lang]"
        player = self.player
        if player is None:
            return None
        focus = MOVE_ON_FOCUS
        if name == POS and command.number is not None:
            player.toggle_card(command.number)
            focus = '[data-pos="%d"]' % command.number
        elif name == "sena":
            player.toggle_sena(value or "")
            focus = '[data-ui=sena][value="%s"]' % value if value in mus.SENAS else QUESTION_FOCUS
        elif name in ("answer", "discard", "number", "senas"):
            given = value or ""
            if name == "discard":
                given = player.discard_notation() or ""
            elif name == "senas":
                given = player.senas_answer()
            if player.answer(given) is not None:
                save_progress(self.storage, player)
            # a wrong answer with a try left: back to the question (the box, to type again)
            focus = MOVE_ON_FOCUS if not player.waiting else "#lesson-number" if name == "number" else QUESTION_FOCUS
        elif name == "reveal":
            player.reveal()
        elif name == "step" and value == "next":
            player.next()
            focus = OPENED_FOCUS
        elif name == "step" and value == "prev":
            player.back()
            focus = "[data-ui=step][value=prev], " + MOVE_ON_FOCUS
        elif name == "restart":
            player.restart()
            focus = "[data-ui=step][value=next]"
        elif name == "index":
            self.player = None
            focus = '[data-ui=lesson][value="%s"]' % player.lesson.id
        else:
            return None
        if self.player is not None and self.player.finished:
            save_progress(self.storage, self.player)
        return focus
