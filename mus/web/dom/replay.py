"""The replay dialog in the page: steps, whose view, share links. Browser only.

``ReplayPanel`` owns one element (``<div id="replay">``, outside ``#app``) and its own
delegated listeners, so it works in the game page and on its own. While it is open
``#app`` is inert and the game's bots wait (``App`` asks ``is_open``); nothing here
writes storage, so opening a shared link never touches the player's saved partida.

Entry point for other pages (``embed.html#mano=<code>``)::

    from mus.web.dom.replay import mount_replay
    mount_replay(code, element_id="replay", lang="es", closable=False)

It needs ``static/style.css`` (the ``rp-`` rules) and the ``static/deck.svg`` sprite at the
page's ``static/`` path; the PyScript config of ``index.html``. The code is the part of the
link after ``#mano=`` (``kit.links.code_from_fragment(location.hash)``).
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import mus
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from ..kit.coach import coach_panel
from ..kit.deckart import DeckArt
from ..kit.i18n import t
from ..replay.model import Replay, manos_view, replay_view
from ..replay.render import bad_link_html, manos_html, replay_html
from .page import nil, text_or_none

APP_ID = "app"  # made inert while the replay covers it


class ReplayPanel:
    def __init__(self, element_id: str = "replay", *, lang: Callable[[], str] = lambda: "es",
                 art: DeckArt | None = None, on_close: Callable[[], None] | None = None,
                 cover: str | None = APP_ID) -> None:
        self.el = document.getElementById(element_id)
        self.cover = cover  # the element made inert while the replay is open, if any
        self.lang, self.art, self.on_close = lang, art, on_close
        self.replay: Replay | None = None
        self.game: mus.Game | None = None  # the partida whose Manos list is shown
        self.reasons: dict[int, dict[str, Any]] | None = None  # its bots' reasons
        self.mode = "closed"  # or "replay", "manos", "error"
        self.error = ""
        self.coaching = False
        self._proxies = [create_proxy(self.on_click), create_proxy(self.on_change),
                         create_proxy(self.on_keydown)]
        self.el.addEventListener("click", self._proxies[0])
        self.el.addEventListener("change", self._proxies[1])
        document.addEventListener("keydown", self._proxies[2])

    @property
    def is_open(self) -> bool:
        return self.mode != "closed"

    # --- opening and closing -------------------------------------------------------------

    def open_code(self, code: str, *, closable: bool = True) -> bool:
        """A shared hand; a damaged code shows why instead. True if the hand opened."""
        try:
            self._show(Replay.from_code(code), closable)
            return True
        except ValueError as error:
            self.mode, self.error = "error", t(self.lang(), "replay.bad_link", why=str(error))
            self._render(focus=True)
            return False

    def open_hand(self, game: mus.Game, index: int,
                  reasons: dict[int, dict[str, Any]] | None = None) -> None:
        """Hand ``index`` of a partida, with the save's bots' reasons (by action index)."""
        self.game, self.reasons = game, reasons
        self._show(Replay.from_game(game, index, reasons), True)

    def open_manos(self, game: mus.Game, reasons: dict[int, dict[str, Any]] | None = None) -> None:
        self.game, self.reasons, self.replay, self.mode = game, reasons, None, "manos"
        self._render(focus=True)

    def _show(self, replay: Replay, closable: bool) -> None:
        replay.page_url = str(window.location.href)
        replay.can_share = hasattr(window.navigator, "share")
        replay.closable = closable
        self.replay, self.mode = replay, "replay"
        self._render(focus=True)

    def close(self) -> None:
        self.mode, self.replay = "closed", None
        self._render(focus=False)
        if self.on_close:
            self.on_close()

    # --- drawing -------------------------------------------------------------------------------

    def _render(self, focus: bool) -> None:
        lang = self.lang()
        if self.mode == "replay" and self.replay:
            html = replay_html(replay_view(self.replay, lang), self.art)
        elif self.mode == "manos" and self.game is not None:
            html = manos_html(manos_view(self.game.history, lang))
        elif self.mode == "error":
            html = bad_link_html(self.error, t(lang, "replay.play"))
        else:
            html = ""  # closed: no past cards stay in the page
        self.el.innerHTML = html
        self.el.hidden = not html
        covered = None if self.cover is None else document.getElementById(self.cover)
        if not nil(covered):
            covered.toggleAttribute("inert", bool(html))
        if focus and html:
            title = document.getElementById("replay-title")
            if not nil(title):
                title.focus()
        if self.replay is not None and self.replay.coach_due() and not self.coaching:
            self.coaching = True
            asyncio.ensure_future(self._coach())

    async def _coach(self) -> None:
        """The coach's numbers for the step shown, once it is painted (a frame later)."""
        try:
            while self.replay is not None and self.replay.coach_due():
                await asyncio.sleep(0.03)
                if self.replay is None or not self.replay.coach_due():
                    break
                self.replay.update_coach()
                self._render_coach()
        except Exception as error:  # the coach is an aid: the replay works without it
            window.console.error(f"mus: replay coach failed: {error!r}")
        finally:
            self.coaching = False

    def _render_coach(self) -> None:
        """Only the coach's box changes: focus and scrolling stay where the player left them."""
        box = self.el.querySelector("[data-replay-coach]")
        if self.replay is not None and not nil(box):
            box.innerHTML = coach_panel(replay_view(self.replay, self.lang())["coach"])

    # --- events ----------------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        target = event.target
        el = None if nil(target) or not hasattr(target, "closest") else target.closest("[data-replay]")
        if nil(el) or el.disabled:
            return
        command = text_or_none(el.getAttribute("data-replay")) or ""
        try:
            self._command(command, text_or_none(el.getAttribute("data-index")))
        except Exception as error:  # keep the page usable; the console says what broke
            window.console.error(f"mus: replay {command} failed: {error!r}")

    def _command(self, command: str, index: str | None) -> None:
        r = self.replay
        if command == "close":
            self.close()
        elif command == "back" and self.game is not None:
            self.open_manos(self.game, self.reasons)
        elif command == "open" and index is not None and index.isdigit() and self.game is not None:
            self.open_hand(self.game, int(index), self.reasons)
        elif r is not None and command in ("first", "prev", "next", "last"):
            r.go(command)
            self._render(focus=False)
        elif r is not None and command == "copy":
            asyncio.ensure_future(self._copy(r))
        elif r is not None and command == "share":
            asyncio.ensure_future(self._share(r))

    async def _copy(self, r: Replay) -> None:
        try:
            await window.navigator.clipboard.writeText(r.link(r.page_url))
            r.copied = True
            self._render(focus=False)
        except Exception:  # no clipboard (permissions, old browser): select the link to copy by hand
            field = self.el.querySelector("[data-replay-link]")
            if not nil(field):
                field.focus()
                field.select()

    async def _share(self, r: Replay) -> None:
        data = window.Object.new()
        data.title, data.url = "Mus", r.link(r.page_url)
        try:
            await window.navigator.share(data)
        except Exception:  # the player closed the share sheet, or it is not allowed here
            pass

    def on_change(self, event: Any) -> None:
        el = event.target
        viewer = None if nil(el) else text_or_none(el.getAttribute("data-replay-view"))
        if viewer and self.replay is not None:
            self.replay.view_as(viewer)
            self._render(focus=False)
            again = self.el.querySelector(f'[data-replay-view="{viewer}"]')
            if not nil(again):
                again.focus()

    def on_keydown(self, event: Any) -> None:
        if not self.is_open or event.ctrlKey or event.metaKey or event.altKey:
            return
        key = str(event.key)
        tag = "" if nil(event.target) else str(event.target.tagName or "").lower()
        if key == "Escape" and (self.replay is None or self.replay.closable):
            self.close()
        elif self.replay is not None and tag != "input" and key in ("ArrowLeft", "ArrowRight"):
            self.replay.go("prev" if key == "ArrowLeft" else "next")
            self._render(focus=False)


def mount_replay(code: str, element_id: str = "replay", lang: str = "es", *,
                 closable: bool = False, art: DeckArt | None = None) -> ReplayPanel:
    """Show the hand of a ``#mano=`` code in ``element_id`` (for pages such as an embed):
    the dialog fills that element; nothing else on the page is touched. A damaged code
    shows why instead (``panel.mode == "error"``)."""
    panel = ReplayPanel(element_id, lang=lambda: lang, art=art, cover=None)
    panel.open_code(code, closable=closable)
    return panel
