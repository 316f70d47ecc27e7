"""The lesson player in the page: fetches lessons, renders them, turns clicks into answers.
Browser only.

Two pages use it: ``embed.html?lesson=<id>`` (one lesson, compact, for an iframe; see
``embed.py``) and ``lessons.html`` (the index with progress, and the player). Progress goes
to ``localStorage`` through ``SafeStorage``, so a frame whose storage throws still works.
"""

from __future__ import annotations

import asyncio
from html import escape
from typing import Any

from pyodide.http import pyfetch  # type: ignore[import-not-found]
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from ..kit.storage import SafeStorage
from ..lessons.lesson import COURSE, LANGS, Lesson
from ..lessons.player import LessonPlayer, load_progress, save_progress
from ..kit.i18n import t
from ..lessons.render import index_html, player_html
from .page import local_storage, nil, text_or_none

LESSON_URL = "static/lessons/{id}.json"
# Where the keyboard goes when a step appears: the question's first control, else "next".
QUESTION_FOCUS = ".lplate[data-ui=answer], [data-pos], #lesson-number, .lquestion button"
MOVE_ON_FOCUS = "[data-ui=step][value=next]:not([disabled]), [data-ui=restart]"


async def fetch_lesson(lesson_id: str) -> Lesson:
    if lesson_id not in COURSE:
        raise ValueError(f"expected a lesson id ({', '.join(COURSE)}), got {lesson_id!r}")
    response = await pyfetch(LESSON_URL.format(id=lesson_id))
    if not response.ok:
        raise ValueError(f"lesson {lesson_id!r}: HTTP {response.status}")
    return Lesson.from_json(await response.string())


def page_lang() -> str:
    lang = text_or_none(window.URLSearchParams.new(window.location.search).get("lang"))
    return lang if lang in LANGS else "es"


class LessonApp:
    def __init__(self, root: Any, *, embed: bool, lang: str) -> None:
        self.root = root
        self.embed = embed
        self.lang = lang
        self.storage = SafeStorage(local_storage())
        self.player: LessonPlayer | None = None
        self.lessons: list[Lesson] = []
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_keydown)]
        root.addEventListener("click", self._proxies[0])
        root.addEventListener("keydown", self._proxies[1])

    # --- showing ------------------------------------------------------------------------

    def open(self, lesson: Lesson) -> None:
        self.player = LessonPlayer(lesson, self.lang)
        self.render()
        self._focus(f"{QUESTION_FOCUS}, {MOVE_ON_FOCUS}")

    def render(self) -> None:
        document.documentElement.lang = self.lang
        if self.player is not None:
            self.root.innerHTML = player_html(self.player, embed=self.embed, next_lesson=self._after(self.player.lesson))
            document.title = self.player.lesson.title[self.lang] + " · Mus"
        else:
            progress = load_progress(self.storage)
            self.root.innerHTML = index_html(self.lang, self.lessons, progress, self.storage.fallback)
            document.title = t(self.lang, "lessons.title")

    def _after(self, lesson: Lesson) -> Lesson | None:
        """The next lesson of the course on lessons.html (none in a frame)."""
        ids = [x.id for x in self.lessons]
        at = ids.index(lesson.id) if lesson.id in ids else len(ids)
        return self.lessons[at + 1] if at + 1 < len(ids) else None

    def _focus(self, selector: str) -> None:
        el = self.root.querySelector(selector)
        if not nil(el):
            el.focus(to_js({"preventScroll": True}))  # an iframe must not scroll the article

    # --- events -------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = event.target
        if nil(target) or not hasattr(target, "closest"):
            return
        el = target.closest("[data-ui], [data-pos]")
        if nil(el) or el.disabled:
            return
        try:
            self._command(el)
        except Exception as error:  # the console says what broke; the lesson stays usable
            window.console.error(f"mus: lesson click failed: {error!r}")

    def _command(self, el: Any) -> None:
        attr = el.getAttribute
        ui, value, card = text_or_none(attr("data-ui")), text_or_none(attr("value")), text_or_none(attr("data-pos"))
        opened = value if ui == "lesson" else None
        if opened:
            lesson = next((x for x in self.lessons if x.id == opened), None)
            if lesson is not None:
                self.open(lesson)
            return
        if ui == "lang":
            self.lang = text_or_none(attr("value")) or self.lang
            if self.player is not None:
                self.player.lang = self.lang
            self.render()
            self._focus("[data-ui=lang]")
            return
        player = self.player
        if player is None:
            return
        focus = MOVE_ON_FOCUS
        if card is not None and card.isdigit():
            player.toggle_card(int(card))
            focus = f'[data-pos="{card}"]'
        elif ui == "answer":
            self._answer(text_or_none(attr("value")) or "")
        elif ui == "discard":
            self._answer(player.discard_notation() or "")
        elif ui == "number":
            box = self.root.querySelector("#lesson-number")
            self._answer("" if nil(box) else str(box.value))
            focus = "#lesson-number" if player.waiting else focus
        elif ui == "step" and value == "next":
            player.next()
            focus = f"{QUESTION_FOCUS}, {MOVE_ON_FOCUS}"
        elif ui == "step" and value == "prev":
            player.back()
            focus = f"[data-ui=step][value=prev], {MOVE_ON_FOCUS}"
        elif ui == "restart":
            player.restart()
            focus = "[data-ui=step][value=next]"
        elif ui == "index":
            self.player = None
            focus = f'[data-ui=lesson][value="{player.lesson.id}"]'
        else:
            return
        if self.player is not None and self.player.finished:
            save_progress(self.storage, self.player)
        self.render()
        self._focus(focus)

    def _answer(self, value: str) -> None:
        assert self.player is not None
        if self.player.answer(value) is not None:
            save_progress(self.storage, self.player)

    def on_keydown(self, event: Any) -> None:
        target = event.target
        if str(event.key) == "Enter" and not nil(target) and str(target.id or "") == "lesson-number":
            event.preventDefault()
            self._answer(str(target.value))
            self.render()
            self._focus(f"#lesson-number, {MOVE_ON_FOCUS}")


_apps: list[LessonApp] = []  # kept alive: the event proxies belong to them


def show_failure(root: Any, message: str) -> None:
    root.innerHTML = f'<p class="lerror" role="alert">{escape(message)}</p>'


async def start_embed(lesson_id: str) -> None:
    """One lesson, compact, for an iframe (``embed.html?lesson=<id>``)."""
    root = document.getElementById("lesson")
    app = LessonApp(root, embed=True, lang=page_lang())
    _apps.append(app)
    try:
        app.open(await fetch_lesson(lesson_id))
    except Exception as error:  # a bad id, a bad file or no network: say so in the frame
        show_failure(root, t(app.lang, "lesson.failed", why=error))


async def start_index() -> None:
    """``lessons.html``: every lesson with the reader's progress; ``?lesson=<id>`` opens one."""
    root = document.getElementById("lesson")
    app = LessonApp(root, embed=False, lang=page_lang())
    _apps.append(app)
    try:
        app.lessons = list(await asyncio.gather(*(fetch_lesson(x) for x in COURSE)))
    except Exception as error:
        show_failure(root, t(app.lang, "lessons.failed", why=error))
        return
    wanted = text_or_none(window.URLSearchParams.new(window.location.search).get("lesson"))
    chosen = next((x for x in app.lessons if x.id == wanted), None)
    if chosen is not None:
        app.open(chosen)
    else:
        app.render()
