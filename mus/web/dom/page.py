"""The page: puts a view's HTML into its regions, keeps focus, wraps localStorage, reads the
address and the deck's art. Browser only."""

from __future__ import annotations

import os
from typing import Any

import mus

from pyscript import document, window  # type: ignore[import-not-found]

try:
    from pyodide.ffi import jsnull  # type: ignore[import-not-found]
except ImportError:  # older Pyodide: null already comes back as None
    jsnull = None

from ..kit.deckart import DeckArt
from ..play import render

PAGE_REGIONS = ("table", "controls", "log-panel")  # made inert while a panel covers them
DECK_FILE = "deck.svg"  # packed into static/mus.zip, beside the package, by tools/vendor.py


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

    def set(self, key: str, value: str) -> None:
        self.backend.setItem(key, value)

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
        return DeckArt(mus.__loader__.get_data(os.path.join(game_root, DECK_FILE)).decode("utf-8"))
    except (OSError, AttributeError):
        return None


class Page:
    def __init__(self, art: DeckArt | None) -> None:
        self.art = art
        self.html: dict[str, str] = {}
        self.classes: dict[str, str] = {}
        self.log: list[str] = []
        self.overlay_open = ""  # the opening of the open panel: a new panel gets the focus
        self.dealt: tuple[Any, ...] = ()

    def show(self, view: dict[str, Any]) -> None:
        root = document.documentElement
        root.lang = view["lang"]
        if view["phase"]:
            root.setAttribute("data-phase", view["phase"])
        else:
            root.removeAttribute("data-phase")
        root.setAttribute("data-screen", "setup" if view["setup"] else "table")
        root.classList.toggle("instant", bool(view["instant"]))
        document.title = view["title"]
        table = document.getElementById("table")
        table.setAttribute("aria-label", view["table_label"])

        active = document.activeElement
        active_id = "" if nil(active) else str(active.id or "")
        for name, (html, cls) in render.regions(view, self.art).items():
            el = document.getElementById(name)
            if nil(el):
                continue
            if cls is not None and self.classes.get(name) != cls:
                el.className = cls
                self.classes[name] = cls
            if self.html.get(name) != html:
                el.innerHTML = html
                self.html[name] = html
        self._show_log(view)
        document.getElementById("controls").setAttribute("aria-label", view["controls_label"])
        self._deal_animation(view)

        opened = bool(view["setup"] or view["showdown"] or view["fin"] or view["help"])
        for name in PAGE_REGIONS:
            el = document.getElementById(name)
            if not nil(el):
                el.toggleAttribute("inert", opened)
        panel = self.html.get("overlay", "")[:80] if opened else ""
        self._restore_focus(active_id, opened and panel != self.overlay_open)
        self.overlay_open = panel

    def trap_focus(self, backwards: bool) -> bool:
        """Keep Tab inside an open panel; True when it moved the focus."""
        if not self.overlay_open:
            return False
        # Tab stops: of a radio group only the checked radio is one
        items = [el for el in document.querySelectorAll(
            "#overlay.open .panel button:not([disabled]), #overlay.open .panel input:not([type=radio]), "
            "#overlay.open .panel input[type=radio]:checked, #overlay.open .panel summary")
            if el.getClientRects().length]
        if not items:
            return False
        active = document.activeElement
        inside = not nil(active) and bool(document.getElementById("overlay").contains(active))
        first, last = items[0], items[-1]
        if not inside:
            (last if backwards else first).focus()
            return True
        if backwards and active == first:
            last.focus()
            return True
        if not backwards and active == last:
            first.focus()
            return True
        return False

    def _deal_animation(self, view: dict[str, Any]) -> None:
        """Replay the deal animation when the player's cards change (a new hand, the serve)."""
        seats = view["seats"]
        dealt = (view["hand_number"], seats[0]["cards"] and tuple(c["card"] for c in seats[0]["cards"])) if seats else ()
        if dealt == self.dealt:
            return
        self.dealt = dealt
        if not seats or view["instant"]:
            return
        for el in document.querySelectorAll("#table .hand"):
            el.classList.remove("deal")
            _ = el.offsetWidth  # restart the CSS animation
            el.classList.add("deal")

    def _show_log(self, view: dict[str, Any]) -> None:
        title = document.getElementById("log-title")
        if not nil(title):
            title.textContent = view["log_title"]
        lines = render.log_lines(view)
        box = document.getElementById("log")
        if nil(box) or lines == self.log:
            return
        if lines[: len(self.log)] == self.log and self.log:
            new = lines[len(self.log):]
        else:
            box.innerHTML = ""
            new = lines
        for line in new:
            p = document.createElement("p")
            p.innerHTML = line
            box.append(p)
        self.log = lines
        box.scrollTop = box.scrollHeight

    def _restore_focus(self, active_id: str, overlay_opened: bool) -> None:
        active = document.activeElement
        lost = nil(active) or active == document.body or not active.isConnected
        if overlay_opened:  # the panel's main action: "Siguiente mano" works with Enter at once
            main = document.querySelector("#overlay.open .panel .btn-primary, #overlay.open .panel .btn-danger")
            target = main if not nil(main) else document.getElementById("overlay-title")
            if not nil(target):
                target.focus()
            return
        if not lost:
            return
        if active_id:
            again = document.getElementById(active_id)
            if not nil(again) and not again.disabled:
                again.focus()
                return
        target = document.querySelector("#overlay.open .btn-primary, #overlay.open .btn-danger")
        if nil(target):
            target = document.querySelector("#controls button:not([disabled])")
        if not nil(target):
            target.focus()
