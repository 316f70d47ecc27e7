"""What every page's browser code needs: null checks, localStorage, the address, the deck's art.
Browser only."""

from __future__ import annotations

import json
from typing import Any

from pyscript import document, fetch, window  # type: ignore[import-not-found]
from pyscript.ffi import is_none, to_js  # type: ignore[import-not-found]

from ..kit.deckart import DeckArt

DECK_URL = "static/deck.svg"  # the same sprite as the pages' cards use, beside them

# PyScript's ``window`` on MicroPython is its ``js`` module, whose functions are called without a
# ``this``: ``window.addEventListener(…)`` throws "Illegal invocation", which Python cannot catch
# (below). The window's own methods are called on this proxy of the same object.
WINDOW = window.window


def nil(value: Any) -> bool:
    """True for Python None and JavaScript null (Pyodide and MicroPython hand null over as
    different objects: ``pyscript.ffi.is_none`` knows both)."""
    return bool(is_none(value))


def focus_quietly(el: Any) -> None:
    """Focus ``el`` without scrolling, and only if the reader is in this document already: a
    lesson or a hand in another site's frame must not take the focus, or scroll the page around
    it, when it becomes ready while the reader is elsewhere."""
    if not nil(el) and document.hasFocus():
        el.focus(to_js({"preventScroll": True}))


def text_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None


# MicroPython cannot catch what JavaScript throws: a call from Python that throws ends the whole
# script (a promise that rejects is fine: awaiting it raises), and so may handing JavaScript an
# object whose getter throws. localStorage throws in a sandboxed frame, with site data blocked
# or its quota full, so only this function touches it: it catches in JavaScript and says
# [true, value] or [false, why].
_STORAGE = window.Function("method", "key", "value", """
  try {
    const store = window.localStorage;
    if (method === "keys") return [true, JSON.stringify(Array.from({ length: store.length }, (_, i) => store.key(i)))];
    return [true, store[method](key, value)];
  } catch (error) {
    return [false, String(error)];
  }""")


def _stored(method: str, key: str | None = None, value: str | None = None) -> Any:
    done = _STORAGE(method, key, value)
    if not done[0]:
        raise OSError(str(done[1]))
    return done[1]


class BrowserStorage:
    """``localStorage`` behind the ``kit.storage.Storage`` interface (raises ``OSError``
    where the browser refuses: SafeStorage copes)."""

    def get(self, key: str) -> str | None:
        return text_or_none(_stored("getItem", key))

    def set(self, key: str, value: str) -> bool:
        _stored("setItem", key, value)  # raises OSError when the quota is full
        return True

    def remove(self, key: str) -> None:
        _stored("removeItem", key)

    def keys(self) -> list[str]:
        return [str(key) for key in json.loads(str(_stored("keys")))]


def local_storage() -> BrowserStorage | None:
    """The page's ``localStorage``, or None where even reading it throws (sandboxed frames)."""
    try:
        _stored("keys")
        return BrowserStorage()
    except OSError:
        return None


def query_param(name: str) -> str | None:
    params = window.URLSearchParams.new(window.location.search)
    return text_or_none(params.get(name))


async def fetch_deck_art() -> DeckArt | None:
    """The card sprite, for drawing revealed cards inline, fetched (the browser's cache already
    holds it for the cards drawn from it); None if it cannot be had."""
    try:
        response = await fetch(DECK_URL)
        return DeckArt(await response.text()) if response.ok else None
    except Exception:  # offline before the service worker has it: cards are drawn by reference
        return None

