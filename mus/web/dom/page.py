"""What every page's browser code needs: null checks, localStorage, the address, the deck's art.
Browser only."""

from __future__ import annotations

import os
from typing import Any

import mus
from pyscript import window  # type: ignore[import-not-found]

try:
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # older Pyodide: null already comes back as None
    jsnull = None

from ..kit.deckart import DeckArt

DECK_FILE = "deck.svg"  # packed into static/mus.zip, beside the package, by tools/build/vendor.py


def nil(value: Any) -> bool:
    """True for Python None and JavaScript null (Pyodide hands null over as ``jsnull``)."""
    return value is None or value is jsnull


def text_or_none(value: Any) -> str | None:
    return value if isinstance(value, str) else None


class BrowserStorage:
    """``localStorage`` behind the ``kit.storage.Storage`` interface (may raise: SafeStorage copes)."""

    def __init__(self, backend: Any) -> None:
        self.backend = backend

    def get(self, key: str) -> str | None:
        return text_or_none(self.backend.getItem(key))

    def set(self, key: str, value: str) -> bool:
        self.backend.setItem(key, value)  # throws when the quota is full
        return True

    def remove(self, key: str) -> None:
        self.backend.removeItem(key)

    def keys(self) -> list[str]:
        return [str(self.backend.key(i)) for i in range(int(self.backend.length))]


def local_storage() -> BrowserStorage | None:
    try:  # reading window.localStorage itself throws in sandboxed frames
        backend = window.localStorage
        return None if nil(backend) else BrowserStorage(backend)
    except Exception:
        return None


def query_param(name: str) -> str | None:
    params = window.URLSearchParams.new(window.location.search)
    return text_or_none(params.get(name))


def load_deck_art() -> DeckArt | None:
    """The card sprite that came in mus.zip, for drawing revealed cards inline.

    The page imports the game from the zip itself (static/pyodide-start.mjs puts it on
    ``sys.path``), so the sprite is read through the loader that imported ``mus``."""
    game_root = os.path.dirname(os.path.dirname(mus.__file__ or ""))
    try:
        loader: Any = mus.__loader__  # zipimport's, in the page: it reads files beside the package
        return DeckArt(loader.get_data(os.path.join(game_root, DECK_FILE)).decode("utf-8"))
    except (OSError, AttributeError):
        return None
