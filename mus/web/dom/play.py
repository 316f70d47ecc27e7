"""The controller: clicks and keys become session calls; bots move with pauses. Browser only.

One click, one change and one keydown listener on the document read ``data-action``
(engine actions and continuar / nueva / revancha), ``data-ui`` (screen commands),
``data-pos`` (the player's cards) and ``data-setting`` (the new-game form).

The window listens for ``storage`` (another window of the site changed the save: follow it)
and ``mus:update`` (``static/pwa.js``: a new version is installed; it is applied after the
next continuar / nueva / revancha, between hands, by reloading the page).

Replays, shared hands and deal links need the game's second zip (``extra``): the first one
that is asked for loads it, and the table starts without it.
"""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any, Callable

import mus
from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from ..kit.i18n import t
from ..kit.links import DEAL_KEY, code_from_fragment
from ..kit.storage import SafeStorage
from ..play.session import Session
from ..play.view import build_view
from .extra import load_extra
from .page import Page, load_deck_art, local_storage, nil, query_param, text_or_none

if TYPE_CHECKING:
    from .replay import ReplayPanel

ADVANCE = ("continuar", "nueva", "revancha")


class App:
    def __init__(self) -> None:
        instant = (query_param("speed") or "").lower() in ("0", "instant", "instantanea")
        seed = query_param("seed") or ""
        self.seed = int(seed) if seed.isdigit() else None  # ?seed=N: new partidas deal from N (demos, tests)
        self.session = Session(SafeStorage(local_storage()), instant=instant)
        self.page = Page(load_deck_art())
        self.driving = False
        self.coaching = False
        # Another window played on and this one follows it: its bots wait, so two windows
        # never race to play the same bot move, until the player acts here again.
        self.following = False
        self._proxies: list[Any] = []
        self.replay: ReplayPanel | None = None  # made when a replay first opens
        self.opening_replay = False  # its modules are on their way: the bots wait already

    # --- life cycle ------------------------------------------------------------------

    async def start(self) -> None:
        self.session.restore()
        await self._deal_from_link()
        self.render()
        for kind, handler in (("click", self.on_click), ("change", self.on_change),
                              ("keydown", self.on_keydown)):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            document.addEventListener(kind, proxy)
        for kind, handler in (("storage", self.on_storage), ("mus:update", self.on_update),
                              ("focus", self.on_focus)):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            window.addEventListener(kind, proxy)
        if _update_waiting():
            self.on_update(None)
        hashchange = create_proxy(lambda _event: self.open_link())
        self._proxies.append(hashchange)
        window.addEventListener("hashchange", hashchange)
        if not self.open_link():
            self.drive()

    # --- replays and shared hands ------------------------------------------------------

    def open_link(self) -> bool:
        """A ``#mano=`` link opens its hand over the table; the saved partida waits untouched."""
        code = code_from_fragment(str(window.location.hash))
        if code is None:
            return False
        self.open_replay(lambda panel: panel.open_code(code))
        return True

    @property
    def replay_open(self) -> bool:
        """A replay covers the table, or is about to."""
        return self.opening_replay or (self.replay is not None and self.replay.is_open)

    def open_replay(self, show: Callable[[ReplayPanel], object]) -> None:
        """Open the replay panel with ``show`` once its modules are loaded."""
        self.opening_replay = True
        asyncio.ensure_future(self._open_replay(show))

    async def _open_replay(self, show: Callable[[ReplayPanel], object]) -> None:
        try:
            await load_extra()
            if self.replay is None:
                from .replay import ReplayPanel  # from the second zip, just loaded

                self.replay = ReplayPanel(lang=lambda: self.session.settings.lang, art=self.page.art,
                                          on_close=self._replay_closed)
            show(self.replay)
        except Exception as error:  # the table goes on, and says so; the console says why
            window.console.error(f"mus: the replay cannot open: {error!r}")
            if not any(n["kind"] == "unloaded" for n in self.session.notices):
                self.session.notices.append({"kind": "unloaded"})
            self.render()
        finally:
            self.opening_replay = False
            self.drive()

    def _replay_closed(self) -> None:
        if code_from_fragment(str(window.location.hash)) is not None:  # back to the plain page
            window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
        self.render()
        self.drive()

    async def _deal_from_link(self) -> None:
        """``?deal=…`` (a lesson's "Juega esta mano"): a new partida from that deal, once; a
        partida in progress is only left if the player says so."""
        if query_param(DEAL_KEY) is None:
            return
        try:
            await load_extra()
            from ..play.deal_link import parse_deal, without_deal  # from the second zip
        except Exception as error:  # the table starts without the deal; the link stays
            window.console.error(f"mus: the deal in the link cannot be loaded: {error!r}")
            return
        try:
            request = parse_deal(str(window.location.search))
            if request is None:
                return
            game, lang = self.session.game, self.session.settings.lang
            if game is None or game.is_over or window.confirm(t(lang, "deal.replace")):
                for name, raw in request.choices():
                    self.session.set_setting(name, raw)
                self.session.new_game(deal=request.game(self.session.settings.rules(), self.seed))
        except ValueError as error:
            window.console.error(f"mus: the deal in the link cannot be played: {error}")
        window.history.replaceState(None, "", window.location.pathname + without_deal(str(window.location.search)))

    def render(self) -> None:
        self.page.show(build_view(self.session))
        if self.session.coach_due() and not self.coaching:
            self.coaching = True
            asyncio.ensure_future(self._coach())

    async def _coach(self) -> None:
        """Bring the coach panel up to date once the table is painted (a frame later)."""
        try:
            while self.session.coach_due():
                await asyncio.sleep(0.03)
                self.session.update_coach()
                self.page.show(build_view(self.session))
        except Exception as error:  # the coach is an aid: the game goes on without it
            window.console.error(f"mus: coach failed: {error!r}")
        finally:
            self.coaching = False

    def drive(self) -> None:
        """Let the bots play until it is the player's turn (or a count waits)."""
        if (not self.driving and not self.following and not self.replay_open
                and self.session.bot_to_play() is not None):
            self.driving = True
            asyncio.ensure_future(self._bots())

    async def _bots(self) -> None:
        s = self.session
        try:
            while s.bot_to_play() is not None:
                choice = s.bot_choice()
                if choice is None:
                    break
                await asyncio.sleep(s.pause_for(choice[1]))
                if self.replay_open or self.following:  # a replay or another window has the table
                    break
                before = s.game
                if not s.bot_play(*choice):
                    continue
                if self.stage(before):
                    await self.unstage()
        except Exception as error:  # keep playing possible; the console says what broke
            window.console.error(f"mus: bot loop failed: {error!r}")
        finally:
            self.driving = False

    def stage(self, before: Any) -> bool:
        """Render a move as a table shows it: new declarations still unsaid, or a finished
        hand's last call without its count yet. True when ``unstage`` must follow."""
        s = self.session
        game = s.game
        if s.pause and before is not None and game is not None:
            if len(game.history) > len(before.history):
                s.hold_count = True
            elif len(game.history) == len(before.history):
                said = game.observation(0)["log"][len(before.observation(0)["log"]):]
                s.muted = sum(1 for e in said if e["action"].split(" ")[0] in ("pares", "juego"))
        self.render()
        return s.hold_count or s.muted > 0

    async def unstage(self) -> None:
        """Say the held declarations one after another, then show a held count."""
        s = self.session
        while s.muted > 0:
            await asyncio.sleep(s.pause * 0.45)
            s.muted -= 1
            self.render()
        if s.hold_count:
            await asyncio.sleep(max(1.0, s.pause * 1.6))
            s.hold_count = False
            self.render()

    # --- events ------------------------------------------------------------------------

    def on_click(self, event: Any) -> None:
        self.following = False
        target = event.target
        if nil(target) or not hasattr(target, "closest"):
            return
        el = target.closest("[data-action], [data-ui], [data-pos]")
        if nil(el) or el.disabled or el.getAttribute("aria-disabled") == "true":
            return
        attr = el.getAttribute
        try:
            self._command(text_or_none(attr("data-action")), text_or_none(attr("data-ui")),
                          text_or_none(attr("data-pos")), text_or_none(attr("value")))
        except Exception as error:
            window.console.error(f"mus: click failed: {error!r}")

    def _command(self, action: str | None, ui: str | None, pos: str | None, value: str | None) -> None:
        s = self.session
        before = s.game
        if action == "continuar":
            s.ack()
        elif action == "nueva":
            s.confirm = None
            s.new_game(self.seed)
        elif action == "revancha":
            s.rematch(self.seed)
        elif action:
            if not s.play(action):
                return
            if self.stage(before):
                asyncio.ensure_future(self._after_player())
            else:
                self.drive()
            return
        elif ui == "lang" and value:
            s.set_setting("lang", value)
        elif ui == "menu":
            s.open_setup()
        elif ui == "volver":
            s.close_setup()
        elif ui == "help":
            s.open_help()
        elif ui == "close-help":
            s.close_help()
        elif ui == "previous":
            s.close_setup()
            s.open_review()
        elif ui == "close-review":
            s.close_review()
        elif ui in ("ordago", "nueva"):  # asks again before it counts
            s.confirm = ui
        elif ui == "cancel":
            s.confirm = None
        elif ui == "dismiss" and value:
            s.dismiss(value)
        elif ui == "manos" and s.saved is not None:
            saved = s.saved
            self.open_replay(lambda panel: panel.open_manos(saved.game, saved.reasons))
        elif ui == "replay" and value and value.isdigit() and s.saved is not None:
            saved, index = s.saved, int(value)
            self.open_replay(lambda panel: panel.open_hand(saved.game, index, saved.reasons))
        elif ui == "envite-less":
            s.step_envite(-1)
        elif ui == "envite-more":
            s.step_envite(1)
        elif ui == "envite-set" and value and value.isdigit():
            s.set_envite(int(value))
        elif pos is not None and pos.isdigit():
            s.toggle_card(int(pos))
        else:
            return
        if action in ADVANCE and _update_waiting():
            getattr(window, "__mus").applyUpdate()  # between hands: reload into the new version
            return
        self.render()
        self.drive()

    def on_storage(self, event: Any) -> None:
        if self.session.storage_changed(text_or_none(event.key)):
            self.following = True
            self.render()

    def on_focus(self, _event: Any) -> None:
        """Back in this window: it takes the table again (the bots play here)."""
        if self.following:
            self.following = False
            self.drive()

    def on_update(self, _event: Any) -> None:
        if not any(n["kind"] == "update" for n in self.session.notices):
            self.session.notices.append({"kind": "update"})
            self.render()

    async def _after_player(self) -> None:
        try:
            await self.unstage()
        finally:
            self.drive()

    def on_change(self, event: Any) -> None:
        el = event.target
        name = None if nil(el) or not hasattr(el, "getAttribute") else text_or_none(el.getAttribute("data-setting"))
        if not name:
            return
        value = ("true" if el.checked else "false") if el.type == "checkbox" else str(el.value)
        self.session.set_setting(name, value)
        self.render()

    def on_keydown(self, event: Any) -> None:
        if event.ctrlKey or event.metaKey or event.altKey or self.replay_open:
            return
        key = str(event.key)
        if key == "Tab" and self.page.trap_focus(bool(event.shiftKey)):
            event.preventDefault()
            return
        tag = "" if nil(event.target) else str(event.target.tagName or "").lower()
        if tag in ("input", "select", "textarea"):
            return
        s = self.session
        if key in ("1", "2", "3", "4") and any(a.startswith("descarte") for a in s.human_legal()):
            s.toggle_card(int(key) - 1)
        elif key == "Escape" and s.confirm:
            s.confirm = None
        elif key == "Escape" and s.screen == "help":
            s.close_help()
        elif key == "Escape" and s.review:
            s.close_review()
        elif key == "Escape" and s.screen == "setup" and s.game is not None:
            s.close_setup()
        else:
            return
        self.render()
        self.drive()


def _update_waiting() -> bool:
    mus_js = getattr(window, "__mus", None)  # set by index.html; static/pwa.js adds `update`
    return not nil(mus_js) and not nil(getattr(mus_js, "update", None))


_app: App | None = None


async def run() -> App:
    global _app
    _app = App()
    await _app.start()
    return _app
