"""``embed.html``: what the frame shows is chosen by a URL parameter. Browser only.

``?lesson=<id>`` plays one lesson. Another mode (a hand replay, say) adds its parameter and
starter to ``MODES``; the parameter may be in the query or in the fragment (``#mano=…``), and
the first mode whose parameter is present wins. The page gets ``<html class="ready">`` once the
mode accepts input, and an explanation if no mode matches. The PyScript config is inline in
``embed.html``: the engine's ``mus.zip`` only.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from pyscript import document, window  # type: ignore[import-not-found]

from .dom import text_or_none
from .lesson_app import show_failure, start_embed

MODES: dict[str, Callable[[str], Awaitable[None]]] = {
    "lesson": start_embed,
}


async def boot() -> None:
    query = window.URLSearchParams.new(window.location.search)
    fragment = window.URLSearchParams.new(str(window.location.hash).lstrip("#"))
    for name, start in MODES.items():
        value = text_or_none(query.get(name)) or text_or_none(fragment.get(name))
        if value:
            await start(value)
            break
    else:
        show_failure(document.getElementById("lesson"),
                     "Falta la lección: embed.html?lesson=pares")
    window.__mus.step("lesson ready")
    document.documentElement.classList.add("ready")
