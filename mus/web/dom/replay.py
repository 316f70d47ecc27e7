"""The replay dialog in the page: draws ``replay.model.Dialog``, hands it the events, copies and
shares links. Browser only.

``ReplayPanel`` owns one element (``<div id="replay">``, outside ``#app``) and its own
``Dispatcher`` (clicks and changes there, keys anywhere), so it works in the game page and on
its own. While it is open ``#app`` is inert and the game's bots wait (``App`` asks
``is_open``); nothing here writes storage, so opening a shared link never touches the
player's saved partida.

Entry point for other pages (``embed.html#mano=<code>``)::

    from mus.web.dom.replay import mount_replay
    mount_replay(code, element_id="replay", lang="es", closable=False)

It needs ``static/style.css`` (the ``rp-`` rules) and the ``static/deck.svg`` sprite at the
page's ``static/`` path; the PyScript config of ``index.html``. The code is the part of the
link after ``#mano=`` (``kit.links.code_from_fragment(location.hash)``).

The coach's numbers for the step shown come from the bots' worker (``dom/bots.Thinker``, a
``coach`` request of ``play.brain``), never from a search in the page's own interpreter
unless the ``Thinker`` given has the page think when the worker is gone (the table's does);
without a worker or such a ``Thinker``, the replay shows no coach.
"""

from __future__ import annotations

import asyncio
from typing import Any, Callable

import mus
from pyscript import document, window  # type: ignore[import-not-found]

from ..kit.commands import CHANGE, Command, Key
from ..kit.deckart import DeckArt
from ..play.brain import coach_request
from ..replay import model
from ..replay.model import Replay
from ..replay.render import coach_html, dialog_html
from .bots import Thinker
from .events import Dispatcher
from .page import focus_quietly, nil

APP_ID = "app"  # made inert while the replay covers it


class ReplayPanel:
    def __init__(self, element_id: str = "replay", *, lang: Callable[[], str] = lambda: "es",
                 art: DeckArt | None = None, on_close: Callable[[], None] | None = None,
                 cover: str | None = APP_ID, thinker: Thinker | None = None) -> None:
        self.el = document.getElementById(element_id)
        self.cover = cover  # the element made inert while the replay is open, if any
        self.lang, self.art, self.on_close = lang, art, on_close
        self.thinker = Thinker(None) if thinker is None else thinker  # asks the coach
        self.dialog = model.Dialog()
        self.coaching = False
        self.events = Dispatcher(self.el, "replay", self.on_command, on_key=self.on_key, keys=document)

    @property
    def is_open(self) -> bool:
        return self.dialog.is_open

    @property
    def mode(self) -> str:
        return self.dialog.mode

    def _where(self) -> dict[str, Any]:
        """Where this page's links point and whether it can share them."""
        return {"page_url": str(window.location.href), "can_share": hasattr(window.navigator, "share")}

    # --- opening and closing -------------------------------------------------------------

    def open_code(self, code: str, *, closable: bool = True) -> bool:
        """A shared hand; a damaged code shows why instead. True if the hand opened."""
        opened = self.dialog.open_code(code, closable=closable, lang=self.lang(), **self._where())
        self._render(focus=True)
        return opened

    def open_hand(self, game: mus.Game, index: int, reasons: dict[int, dict[str, Any]] | None = None) -> None:
        """Hand ``index`` of a partida, with the save's bots' reasons (by action index)."""
        self.dialog.open_hand(game, index, reasons, **self._where())
        self._render(focus=True)

    def open_manos(self, game: mus.Game, reasons: dict[int, dict[str, Any]] | None = None) -> None:
        self.dialog.open_manos(game, reasons)
        self._render(focus=True)

    def close(self) -> None:
        self.dialog.close()
        self._render(focus=False)
        if self.on_close:
            self.on_close()

    # --- drawing -------------------------------------------------------------------------------

    def _render(self, focus: bool) -> None:
        html = dialog_html(self.dialog, self.lang(), self.art)
        self.el.innerHTML = html
        self.el.hidden = not html
        if self.cover is not None:
            covered = document.getElementById(self.cover)
            if not nil(covered):
                covered.toggleAttribute("inert", bool(html))
        if focus and html:
            focus_quietly(document.getElementById("replay-title"))
        log = self.el.querySelector("[data-replay-log]")
        if not nil(log):  # the log box follows the step: its last lines are this step's
            log.scrollTop = log.scrollHeight
        replay = self.dialog.replay
        if replay is not None and replay.coach_due() and not self.coaching:
            self.coaching = True
            asyncio.create_task(self._coach())

    async def _coach(self) -> None:
        """The coach's numbers for the step shown, asked once it is painted (a frame later), one
        request at a time: steps taken meanwhile are skipped, not asked."""
        try:
            while True:
                await asyncio.sleep(0.03)
                replay = self.dialog.replay
                asked = None if replay is None else replay.coach_position()
                if replay is None or asked is None:
                    break
                answer = await self.thinker.ask(coach_request(asked[1]), False)
                if replay is self.dialog.replay and replay.coach_answered(asked[0], answer):
                    box = self.el.querySelector("[data-replay-coach]")  # only it changes: focus stays
                    if not nil(box):
                        box.innerHTML = coach_html(self.dialog, self.lang())
        except Exception as error:  # the coach is an aid: the replay works without it
            window.console.error(f"mus: replay coach failed: {error!r}")
        finally:
            self.coaching = False

    # --- events ----------------------------------------------------------------------------------

    def on_command(self, command: Command) -> None:
        self._effect(self.dialog.command(command, **self._where()))
        if command.name == CHANGE:  # the viewer radios: the focus stays on the one chosen
            again = self.el.querySelector(f'[data-setting="viewer"][value="{command.value}"]')
            if not nil(again):
                again.focus()

    def on_key(self, key: Key) -> bool:
        self._effect(self.dialog.key(key))
        return False

    def _effect(self, effect: str) -> None:
        replay = self.dialog.replay
        if effect == model.CLOSE:
            self.close()
        elif effect in (model.DRAW, model.OPENED):
            self._render(focus=effect == model.OPENED)
        elif effect == model.COPY and replay is not None:
            asyncio.create_task(self._copy(replay))
        elif effect == model.SHARE and replay is not None:
            asyncio.create_task(self._share(replay))

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


def mount_replay(code: str, element_id: str = "replay", lang: str = "es", *,
                 closable: bool = False, art: DeckArt | None = None,
                 thinker: Thinker | None = None) -> ReplayPanel:
    """Show the hand of a ``#mano=`` code in ``element_id`` (for pages such as an embed):
    the dialog fills that element; nothing else on the page is touched. A damaged code
    shows why instead (``panel.mode == "error"``). The coach asks ``thinker`` (by default,
    the page's bots' worker if it has one)."""
    panel = ReplayPanel(element_id, lang=lambda: lang, art=art, cover=None, thinker=thinker)
    panel.open_code(code, closable=closable)
    return panel
