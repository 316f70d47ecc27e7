"""The lesson pages in the browser: fetch the lessons, draw ``lessons.page.LessonsPage``, hand it
the events, move the focus. Browser only.

Two pages use it: ``embed.html?lesson=<id>`` (one lesson, compact, for an iframe; see
``embed.py``) and ``lessons.html`` (the index with progress, and the player). Progress goes
to ``localStorage`` through ``SafeStorage``, so a frame whose storage throws still works.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyscript import document, fetch  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from ..kit.commands import Command, Key
from ..kit.html import esc
from ..kit.i18n import t
from ..kit.storage import SafeStorage
from ..lessons.lesson import Lesson
from ..lessons.schema import COURSE, lesson_url
from ..lessons.page import LessonsPage
from .events import Dispatcher
from .page import focus_quietly, local_storage, nil, query_param

NUMBER_BOX = "lesson-number"  # the answer box of a question answered with a number
# The answers' controls, and where the focus goes instead when a finger moved on: a focus
# ring there would point at one answer (on touch, Chrome rings what a script focuses).
ANSWERS = ".lquestion, .lplate[data-ui=answer], [data-pos]"
PROMPT = "#lesson-prompt"


def page_lang() -> str:
    """The page's language from its address (``?lang=en``); Spanish otherwise."""
    return "en" if query_param("lang") == "en" else "es"


async def fetch_lesson(lesson_id: str) -> Lesson:
    response = await fetch(lesson_url(lesson_id))  # ValueError for an id not in the course
    if not response.ok:
        raise ValueError(f"lesson {lesson_id!r}: HTTP {response.status}")
    return Lesson.from_json(await response.text())


class LessonApp:
    def __init__(self, root: Any, *, embed: bool, lang: str) -> None:
        self.root = root
        self.page = LessonsPage(SafeStorage(local_storage()), lang=lang, embed=embed)
        self.events = Dispatcher(root, "lesson", self.on_command, on_key=self.on_key)
        self.pointer = False  # whether the reader's last input was a finger or a mouse, not a key
        self._pointerdown = create_proxy(self.on_pointer)
        root.addEventListener("pointerdown", self._pointerdown)

    def on_pointer(self, _event: Any) -> None:
        self.pointer = True

    def open(self, lesson: Lesson) -> None:
        self.show(self.page.open(lesson))

    def show(self, focus: str | None = None) -> None:
        document.documentElement.lang = self.page.lang
        self.root.innerHTML = self.page.html()
        document.title = self.page.title()
        if focus:  # not into a frame the reader is not in (focus_quietly)
            target = self.root.querySelector(focus)
            if self.pointer and not nil(target) and not nil(target.closest(ANSWERS)):
                target = self.root.querySelector(PROMPT)  # the question itself: it points at no answer
            focus_quietly(target)

    def on_command(self, command: Command) -> None:
        if command.name == "number":  # the answer is what was typed in the box
            box = self.root.querySelector("#" + NUMBER_BOX)
            command = Command("number", "" if nil(box) else str(box.value))
        focus = self.page.command(command)
        if focus is not None:
            self.show(focus)

    def on_key(self, key: Key) -> bool:
        """Enter in the answer box answers, as its button does."""
        self.pointer = False
        if key.key != "Enter" or key.target_id != NUMBER_BOX:
            return False
        self.on_command(Command("number"))
        return True


_apps: list[LessonApp] = []  # kept alive: the event proxies belong to them


def show_failure(root: Any, message: str) -> None:
    root.innerHTML = f'<p class="lerror" role="alert">{esc(message)}</p>'


async def start_embed(lesson_id: str) -> None:
    """One lesson, compact, for an iframe (``embed.html?lesson=<id>``)."""
    root = document.getElementById("lesson")
    app = LessonApp(root, embed=True, lang=page_lang())
    _apps.append(app)
    try:
        app.open(await fetch_lesson(lesson_id))
    except Exception as error:  # a bad id, a bad file or no network: say so in the frame
        show_failure(root, t(app.page.lang, "lesson.failed", why=error))


async def start_index() -> None:
    """``lessons.html``: every lesson with the reader's progress; ``?lesson=<id>`` opens one."""
    root = document.getElementById("lesson")
    app = LessonApp(root, embed=False, lang=page_lang())
    _apps.append(app)
    try:
        app.page.lessons = list(await asyncio.gather(*(fetch_lesson(x) for x in COURSE)))
    except Exception as error:
        show_failure(root, t(app.page.lang, "lessons.failed", why=error))
        return
    chosen = app.page.find(query_param("lesson"))
    if chosen is not None:
        app.open(chosen)
    else:
        app.show()
