"""``embed.html``: what the frame shows is chosen by a URL parameter. Browser only.

``?lesson=<id>`` plays one lesson; ``#mano=<code>`` (a shared hand, see ``replay``) shows
its replay, so an article can show a real hand. The parameter may be in the query or in the
fragment, and the first mode whose parameter is present wins (``MODES``). The page gets
``<html class="ready">`` once the mode accepts input, and an explanation if no mode matches.
"""

from __future__ import annotations

from typing import Awaitable, Callable

from pyscript import document, window  # type: ignore[import-not-found]

from ..kit.i18n import t
from .lessons import page_lang, show_failure, start_embed
from .page import fetch_deck_art, text_or_none

HAND_STYLE = "./static/style.css"  # the replay's table, cards and panel


async def start_hand(code: str) -> None:
    """The replay of a shared hand, drawn in the frame's flow so its height is reported."""
    link = document.createElement("link")
    link.rel, link.href = "stylesheet", HAND_STYLE
    document.head.appendChild(link)
    box = document.getElementById("lesson")
    box.classList.add("embed-hand")
    # here: a lesson's frame starts without the replays and bots
    from .bots import Thinker, load_worker
    from .replay import mount_replay

    # The coach thinks in the bots' worker, which starts once the hand is drawn; never in the
    # frame, whose long tasks would hold the reader's article too: no worker, no coach.
    mount_replay(code, "lesson", page_lang(), art=await fetch_deck_art(), thinker=Thinker(None, load_worker()))


# (parameter, what shows it): the first whose parameter the address has wins.
MODES: tuple[tuple[str, Callable[[str], Awaitable[None]]], ...] = (
    ("lesson", start_embed),
    ("mano", start_hand),
)


async def boot() -> None:
    query = window.URLSearchParams.new(window.location.search)
    fragment = window.URLSearchParams.new(str(window.location.hash).lstrip("#"))
    for name, start in MODES:
        value = text_or_none(query.get(name)) or text_or_none(fragment.get(name))
        if value:
            await start(value)
            break
    else:
        show_failure(document.getElementById("lesson"), t(page_lang(), "lesson.missing"))
    window.__mus.step("lesson ready")
    document.documentElement.classList.add("ready")
