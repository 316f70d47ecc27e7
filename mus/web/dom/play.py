"""The table's controller: paints the view, hands events to ``play.commands``, paces the bots.
Browser only.

The bots and the coach think in the bots' worker (``dom/bots.py``), so the page answers taps
while they do. A bot's answer is played once its pause, counted from when the move before it
was on screen, is over (a long think simply shows later); the next bot's request goes out as
soon as that answer is known (``Session.bot_request_after``), so it thinks during this pause.
A bot's move is six calls into Python, each a task of the browser's own (``_next_task``):
the move played, the partida saved, the table drawn in three (its view, its HTML, the page:
``_render_in_steps``), the garbage collected; MicroPython collects only
as a call returns, so the page collects once per move, alone, and otherwise only after
``GC_BYTES`` (not after every 16 KB, its default: a collection at the end of nearly every call,
over the whole heap). On a phone each of those calls stays under 100 ms
(``tools/bench/bot_pacing.py``, ``tools/bench/move_phases.mjs``).

One ``Dispatcher`` (``events.py``) on ``#app`` turns clicks and changes into commands, and keys
anywhere in the document into ``Key``s; ``play.commands`` applies them to the session and says
what follows. The window listens for ``storage`` (another window of the site changed the save:
settle with it) and ``mus:update`` (``static/pwa.js``: a new version is installed; it is applied
after the next continuar / nueva / revancha, between hands, by reloading the page). While
storage refuses the game's writes, it tries again every few seconds.

Replays, shared hands and deal links import their modules when first asked for: the table
starts without them. The card sprite, which only the counts draw inline, is fetched once the
table is on screen. So are the bots' hand tables that the partner's advice reads
(``play.talk``), a short task at a time: built in one call they held a phone's page for half
a second, at the first advice of the page's first hand, or before its first screen.
"""

from __future__ import annotations

import asyncio
import gc
from typing import TYPE_CHECKING, Any, Callable

from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy, to_js  # type: ignore[import-not-found]

from mus.ai import tables_in_steps, tables_ready

from ..kit.commands import Command, Key
from ..kit.deckart import DeckArt
from ..kit.i18n import t
from ..kit.links import DEAL_KEY, code_from_fragment, parse_seed
from ..kit.storage import SafeStorage
from ..play import commands, render
from ..play.ending import share_link
from ..play.session import FOLLOWED, Asked, Session
from ..play.view import build_view
from .bots import Thinker
from .events import Dispatcher
from .page import WINDOW, fetch_deck_art, local_storage, nil, query_param, text_or_none
from .sound import Sounds

if TYPE_CHECKING:
    from .replay import ReplayPanel

APP_ID = "app"  # the table's root: every control of the table is inside it
RETRY_SECONDS = 3.0  # between attempts to write what storage refused
GC_BYTES = 4 * 1024 * 1024  # allocated before MicroPython collects: a few bot moves' worth
COUNT_CARD, TURNING_CARD = 'class="card face mini"', 'class="card face mini turning"'  # a count's cards (_turn_over)
PAGE_REGIONS = ("table", "controls", "log-panel")  # made inert while a panel covers them
HELD = ("controls", "overlay")  # where the player's taps are, inert between a tap and its draw
# Tab stops of an open panel (of a radio group only the checked radio is one).
# Where the focus goes when the control that had it is gone: the first of these shown (the
# decision's main control: "Cancelar" while an órdago waits to be confirmed).
FALLBACK_FOCUS = ("#controls [data-main]", "#controls button:not([disabled])")
PANEL_STOPS = ("#overlay.open .panel button:not([disabled]), #overlay.open .panel input:not([type=radio]), "
               "#overlay.open .panel input[type=radio]:checked, #overlay.open .panel summary")


class Page:
    # The table on screen: each region's HTML (play.render) put in only when it changed, new
    # log lines appended, the focus kept, the deal animated.

    def __init__(self, art: DeckArt | None) -> None:
        self.art = art
        self.parts: dict[str, tuple[str, ...]] = {}  # each region's parts on screen (render.region_parts)
        self.patchable: set[str] = set()  # the regions whose elements are their parts, one each
        self.classes: dict[str, str] = {}
        self.root: tuple[Any, ...] = ()  # what _show_root last set
        self.held = False  # a tap waits for its draw (hold)
        self.log: list[str] = []
        self.overlay_open = ""  # the opening of the open panel: a new panel gets the focus
        self.dealt: tuple[Any, ...] = ()
        self.turn: str | None = None  # the player's decision on screen (view["controls"]["turn"])
        self.lost_id = ""  # the control that had the focus when it was lost
        self.refocusing = False  # a frame will find it a place
        self.wanted = ""  # or what it focuses: "panel" (the count's main action), "turn" (its main control)
        self.later = False  # a draw the player did not ask for (a bots' move, a held count): a focus waits for the frame
        self._refocus_proxy = create_proxy(self._refocus)
        self.covered = False  # a panel covers the page regions, which are (or will be) inert
        self.covering = False  # their inert waits for the next frame (``_cover``)

    def hold(self) -> None:
        """Until the next draw, the controls and the panel take no tap: the one just made is
        drawn in a task of its own, and a second tap must not find its button still there."""
        for name in HELD:
            document.getElementById(name).setAttribute("inert", "")
        self.held = True

    def show(self, view: dict[str, Any], regions: dict[str, Any] | None = None) -> None:
        """Draw ``view`` (``regions``: its ``render.region_parts``, made ahead)."""
        if self.held:
            self.held = False
            for name in HELD:
                document.getElementById(name).removeAttribute("inert")
        self._show_root(view)
        active = document.activeElement
        active_id = "" if nil(active) else str(active.id or "")
        if regions is None:
            regions = render.region_parts(view, self.art)
        opened = render.overlay_open(view)
        panel = "".join(part for part in regions["overlay"][0] if part)[:80] if opened else ""
        new_panel = opened and panel != self.overlay_open
        for name in render.REGIONS:
            parts, cls = regions[name]
            el = document.getElementById(name)
            if nil(el):
                continue
            if cls is not None and self.classes.get(name) != cls:
                el.className = cls
                self.classes[name] = cls
            self._draw(name, el, tuple(part for part in parts if part), name == "overlay" and new_panel)
        self._show_log(view)
        document.getElementById("controls").setAttribute("aria-label", view["controls_label"])
        self._deal_animation(view)

        self._cover(opened)
        turn = None if opened else (view.get("controls") or {}).get("turn")  # a decision shown, not covered
        self._restore_focus(active, active_id, new_panel,
                            turn is not None and turn != self.turn)
        self.overlay_open = panel
        if not opened:
            self.turn = turn

    def _cover(self, opened: bool) -> None:
        """The page behind an open panel is inert. Behind a panel a draw the player did not
        ask for opened (a count a bot's move ended), it is made so a frame later: making it
        inert restyles every element of the table, which with the panel's new cards made the
        longest frame of the bots' turns on a phone (a thousand elements). The panel covers
        the table meanwhile, and the focus goes into it at that frame (``_restore_focus``)."""
        self.covered = opened
        if opened and self.later:
            if not self.covering:
                self.covering = True
                asyncio.create_task(self._inert_after_paint())
            return
        self._inert()

    async def _inert_after_paint(self) -> None:
        try:
            await _AFTER_PAINT()
        finally:
            self.covering = False
            self._inert()

    def _inert(self) -> None:
        """The page regions inert as ``covered`` says."""
        for name in PAGE_REGIONS:
            el = document.getElementById(name)
            if not nil(el):
                el.toggleAttribute("inert", self.covered)

    def _show_root(self, view: dict[str, Any]) -> None:
        """The page's language, phase, screen and speed, set only when they change: setting
        ``lang`` even to the same value restyles every element of the page (``:lang()``)."""
        root = (view["lang"], view["phase"], bool(view["setup"]), bool(view["instant"]), view["speed"],
                view["title"], view["table_label"])
        if root == self.root:
            return
        self.root = root
        html = document.documentElement
        if html.lang != view["lang"]:
            html.lang = view["lang"]
        if view["phase"]:
            html.setAttribute("data-phase", view["phase"])
        else:
            html.removeAttribute("data-phase")
        html.setAttribute("data-screen", "setup" if view["setup"] else "table")
        html.classList.toggle("instant", bool(view["instant"]))
        html.setAttribute("data-speed", view["speed"])
        document.title = view["title"]
        document.getElementById("table").setAttribute("aria-label", view["table_label"])

    def _draw(self, name: str, el: Any, parts: tuple[str, ...], turning: bool = False) -> None:
        """Put in a region's parts that changed. Each part is its own element when the region
        was drawn so: only the changed ones are replaced, and the others (cards and faces
        whose drawings Chromium would build and style anew, the focused button) stay.
        ``turning``: a panel just opened, whose count cards turn face up a frame later
        (``_turn_over``)."""
        before = self.parts.get(name)
        if before == parts:
            return
        self.parts[name] = parts
        put = tuple(part.replace(COUNT_CARD, TURNING_CARD) for part in parts) if turning else parts
        changes: list[Any] = []
        if before is not None and name in self.patchable and len(before) == len(parts):
            changes = [[i, put[i]] for i, part in enumerate(parts) if part != before[i]]
        count = _PUT(el, to_js(changes)) if changes else -2
        if count == -2:
            count = _PUT(el, to_js([[-1, "".join(put)]]))
        if put != parts:
            asyncio.create_task(self._turn_over(el))
        if count == len(parts):
            self.patchable.add(name)
        else:
            self.patchable.discard(name)

    async def _turn_over(self, el: Any) -> None:
        """A count's cards drawn a frame after its panel: the sixteen drawings, with the
        clones of their figures and pips, are some 700 elements, which with the panel made
        the longest frame of the bots' turns on a phone (60–90 ms at 4×). Hidden
        (``content-visibility``), they cost nothing in the panel's frame; each of the two
        frames takes about half. A redraw meanwhile puts them in face up."""
        await _AFTER_PAINT()
        for card in el.querySelectorAll(".turning"):
            card.classList.remove("turning")

    def trap_focus(self, backwards: bool) -> bool:
        """Keep Tab inside an open panel; True when it moved the focus."""
        if not self.overlay_open:
            return False
        items = [el for el in document.querySelectorAll(PANEL_STOPS) if el.getClientRects().length]
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
        """The cards that come (a new hand's, the serve's) come in from the middle."""
        dealt = render.dealt(view)
        coming = render.coming(self.dealt, dealt)
        self.dealt = dealt
        if view["instant"] or not any(coming):
            return
        cards = []
        for seat, positions in enumerate(coming):
            hand = document.querySelector(f'#table [data-hand="{seat}"]')
            if positions and not nil(hand):
                cards += [card for i, card in enumerate(hand.querySelectorAll(".card")) if i in positions]
        again = [card for card in cards if card.classList.contains("deal")]  # drawn anew, a card has none
        for card in again:
            card.classList.remove("deal")
        if again:  # restart its CSS animation: a style and layout of the whole page, now
            _ = again[0].offsetWidth
        for card in cards:
            card.classList.add("deal")

    def _show_log(self, view: dict[str, Any]) -> None:
        title = document.getElementById("log-title")
        if not nil(title):
            title.textContent = view["log_title"]
        lines = render.log_lines(view)
        box = document.getElementById("log")
        if nil(box):
            return
        empty_first, new = render.log_update(self.log, lines)
        if not empty_first and not new:
            return
        if empty_first:
            box.innerHTML = ""
        for line in new:
            p = document.createElement("p")
            p.innerHTML = line
            box.append(p)
        self.log = lines
        _SCROLL_DOWN(box)

    def _restore_focus(self, active: Any, active_id: str, overlay_opened: bool, turn_came: bool) -> None:
        """``active``: the focus's element before the draw. A focus styles the whole page
        anew at once (20–100 ms on a phone), where the next frame styles it anyway: the
        turn's main control gets it at that frame, before the player can see the turn, and
        so does a count's main action when the bots' move opened it (``later``)."""
        if overlay_opened and not self.later:  # the panel's main action: "Siguiente jugada" works with Enter at once
            self._focus_panel()
            return
        if overlay_opened or turn_came:
            self.wanted = "panel" if overlay_opened else "turn"
        elif active_id and not self.later and _lost(active):  # a key's own control drawn anew ("1", then Enter)
            again = _enabled(active_id)
            if again is not None:
                again.focus(_IN_VIEW)
                return
        if self.wanted or _lost(active):  # a place found at the next frame, which lays the page out anyway
            self.lost_id = active_id
            if not self.refocusing:
                self.refocusing = True
                WINDOW.requestAnimationFrame(self._refocus_proxy)

    def _focus_panel(self) -> None:
        main = document.querySelector("#overlay.open .panel .btn-primary, #overlay.open .panel .btn-danger")
        target = main if not nil(main) else document.getElementById("overlay-title")
        if not nil(target):
            target.focus()

    def _refocus(self, _time: Any = None) -> None:
        """The focus of a draw's frame (``_restore_focus``): the count's main action, the
        turn's main control, or where the focus's control is gone, the same control drawn
        anew, else a main one (its ``getClientRects`` forced a style and layout of the whole
        page into the draw's call: ``tools/bench/bot_pacing.py --cpu``)."""
        self.refocusing = False
        wanted, self.wanted = self.wanted, ""
        if wanted == "panel" and self.overlay_open:
            self._focus_panel()
            return
        if wanted == "turn" and not self.overlay_open:
            main = document.querySelector("#controls [data-main]")
            if not nil(main):
                main.focus(_IN_VIEW)  # the controls are always in view: no layout to scroll to them
                return
        active_id = self.lost_id
        if not _focus_lost():  # it found a place meanwhile
            return
        again = _enabled(active_id) if active_id else None
        if again is not None:
            again.focus()
            return
        target = document.querySelector("#overlay.open [data-main]")   # leaving a partida: on "Cancelar"
        if nil(target):
            target = document.querySelector("#overlay.open .btn-primary, #overlay.open .btn-danger")
        for selector in FALLBACK_FOCUS:  # an órdago being confirmed: on "Cancelar", so a second Enter throws nothing
            if not nil(target):
                break
            shown = [el for el in document.querySelectorAll(selector) if el.getClientRects().length]
            target = shown[0] if shown else None
        if not nil(target):
            target.focus()


def _enabled(element_id: str) -> Any:
    """The element of ``element_id`` if it is on the page and not disabled, else None."""
    element = document.getElementById(element_id)
    return None if nil(element) or element.disabled else element


def _focus_lost() -> bool:
    return _lost(document.activeElement)


def _lost(active: Any) -> bool:
    return bool(nil(active) or active == document.body or not active.isConnected)


def crypto_seed() -> int:
    """A secret seed of 64 bits from the browser's cryptographic source (pure modules cannot
    reach ``crypto``): each deal, each bot, this window's name."""
    words = window.Uint32Array.new(2)
    window.crypto.getRandomValues(words)
    # MicroPython reads a word of 2**31 or more as a negative int32: the mask takes it back
    return (int(words[0]) & 0xFFFFFFFF) << 32 | (int(words[1]) & 0xFFFFFFFF)


class App:
    def __init__(self) -> None:
        if hasattr(gc, "threshold"):  # MicroPython (CPython's gc has none)
            gc.threshold(GC_BYTES)
        instant = (query_param("speed") or "").lower() in ("0", "instant", "instantanea")
        self.seed = _seed_param()  # ?seed=N: new partidas deal from N (demos, tests)
        self.session = Session(SafeStorage(local_storage()), instant=instant, seeds=crypto_seed)
        self.page = Page(None)  # the card sprite comes once the table is drawn
        self.thinker = Thinker(self.session.brain)
        self.driving = False
        self.coaching = False
        self.retrying = False
        self.renders = 0  # draws so far: a draw made in steps knows whether another came between
        self.building_tables = False
        # Another window played on and this one follows it: its bots wait, so two windows
        # never race to play the same bot move, until the player acts here again.
        self.following = False
        self._proxies: list[Any] = []
        self.events: Dispatcher | None = None
        self.replay: ReplayPanel | None = None  # made when a replay first opens
        self.opening_replay = False  # its modules are on their way: the bots wait already
        self.sounds = Sounds()  # static/sound.mjs, once the player turns the sounds on

    # --- life cycle ------------------------------------------------------------------

    async def start(self) -> None:
        self.session.restore()
        for notice in self.session.notices:  # what could not be read, said in full
            if notice.get("detail"):
                window.console.warn(f"mus: kept aside {notice['key']}: {notice['detail']}")
        await self._deal_from_link()
        self.session.deal_first(self.seed)
        self.render()
        self.events = Dispatcher(document.getElementById(APP_ID), "table", self.on_command, on_key=self.on_key,
                                 keys=document, on_click=self.take_back)
        for kind, handler in (("storage", self.on_storage), ("mus:update", self.on_update),
                              ("focus", self.on_focus)):
            proxy = create_proxy(handler)
            self._proxies.append(proxy)
            WINDOW.addEventListener(kind, proxy)
        if _update_waiting():
            self.on_update(None)
        hashchange = create_proxy(lambda _event: self.open_link())
        self._proxies.append(hashchange)
        WINDOW.addEventListener("hashchange", hashchange)
        if not self.open_link():
            self.drive()
        asyncio.create_task(self._fetch_art())
        asyncio.create_task(self._prepare_save())
        self._prepare_talk()

    def _prepare_talk(self) -> None:
        """The bots' hand tables of the partida's rules, which the partner's advice reads,
        built once the screen is painted, a short task each step; then the advice that
        waited for them is said (``TableTalk.settle``)."""
        game = self.session.game
        if self.building_tables or game is None or not self.session.talk.advise:
            return
        rules = game.rules
        if tables_ready(rules.reyes, rules.real_31) and not self.session.talk.due:
            return
        self.building_tables = True
        asyncio.create_task(self._build_tables(rules.reyes, rules.real_31))

    async def _build_tables(self, reyes: int, real_31: bool) -> None:
        try:
            await _AFTER_PAINT()
            await _tables_built(reyes, real_31)
            if self.session.talk.settle():
                self.render()
        finally:
            self.building_tables = False

    async def _prepare_save(self) -> None:
        """A restored partida's first save, written ahead a few reasons a call (on a phone,
        a long partida's all at once, at a bot's first move, held the page for half a second)."""
        saved = self.session.saved
        while saved is not None and saved is self.session.saved and not self.session.keeper.prepare(saved):
            await _next_task()

    async def _fetch_art(self) -> None:
        """The card sprite, for the counts' revealed cards (drawn by reference until it comes)."""
        art = await fetch_deck_art()
        if art is not None:
            self.page.art = art
            if self.replay is not None:
                self.replay.art = art

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
        asyncio.create_task(self._open_replay(show))

    async def _open_replay(self, show: Callable[[ReplayPanel], object]) -> None:
        try:
            if self.replay is None:
                from .replay import ReplayPanel  # imported the first time a replay opens

                self.replay = ReplayPanel(lang=lambda: self.session.settings.lang, art=self.page.art,
                                          on_close=self._replay_closed, thinker=self.thinker)
            show(self.replay)
        except Exception as error:  # the table goes on; the console says why
            window.console.error(f"mus: the replay cannot open: {error!r}")
        finally:
            self.opening_replay = False
            self.drive()

    def _replay_closed(self) -> None:
        self.following = False  # closing it was this window's player acting
        if code_from_fragment(str(window.location.hash)) is not None:  # back to the plain page
            window.history.replaceState(None, "", str(window.location.pathname) + str(window.location.search))
        self.render()
        self.drive()

    async def _deal_from_link(self) -> None:
        """``?deal=…`` (a lesson's "Juega esta mano"): a new partida from that deal, once; a
        partida in progress is only left if the player says so."""
        if query_param(DEAL_KEY) is None:
            return
        from ..play.deal_link import parse_deal, play_deal, without_deal  # only for such a link

        try:  # the whole deal is checked before anything is asked or changed
            request = parse_deal(str(window.location.search))
            if request is not None:
                request.game(self.session.settings.rules(), self.seed)
            game = self.session.game
            if request is not None and (game is None or game.is_over
                                        or WINDOW.confirm(t(self.session.settings.lang, "deal.replace"))):
                play_deal(self.session, request, self.seed)
        except ValueError as error:
            self.session.tell("bad-deal", detail=str(error))
            window.console.error(f"mus: the deal in the link cannot be played: {error}")
        window.history.replaceState(None, "", window.location.pathname + without_deal(str(window.location.search)))

    # --- drawing and the bots ------------------------------------------------------------

    def render(self, later: bool = False, view: dict[str, Any] | None = None,
               regions: dict[str, Any] | None = None) -> None:
        """Draw the table; ``later`` (or the bots playing): a focus it gives waits for the
        frame (``Page._restore_focus``). ``view`` and ``regions``: made ahead (``_render_in_steps``)."""
        if view is None:
            view = build_view(self.session)
        self.renders += 1
        self.page.later = later or self.driving
        self.page.show(view, regions)
        self.sounds.follow(view, self.session.settings.sound)
        if self.session.coach_due() and not self.coaching:
            self.coaching = True
            asyncio.create_task(self._coach())
        if self.session.keeper.unsaved and not self.retrying:
            self.retrying = True
            asyncio.create_task(self._retry())

    async def _retry(self) -> None:
        """Write again what storage refused, until it takes it (space freed elsewhere)."""
        try:
            while self.session.keeper.unsaved:
                await asyncio.sleep(RETRY_SECONDS)
                if self.session.flush():
                    self.render()
        finally:
            self.retrying = False

    async def _coach(self) -> None:
        """Bring the coach panel up to date once the table is painted (a frame later)."""
        s = self.session
        try:
            while True:
                await asyncio.sleep(0.03)
                asked = s.coach_request()
                if asked is None:
                    break
                self.coached(asked, await self.thinker.ask(asked.data, False))
        except Exception as error:  # the coach is an aid: the game goes on without it
            window.console.error(f"mus: coach failed: {error!r}")
        finally:
            self.coaching = False

    def coached(self, asked: Asked, answer: dict[str, Any]) -> None:
        """Show the coach's ``answer`` if it is for the position on the table: a draw like any
        other (``render``), so that one being made in steps meanwhile is made again."""
        if self.session.coach_answered(asked, answer):
            self.render(later=True)

    def drive(self) -> None:
        """Let the bots play until it is the player's turn (or a count waits)."""
        self._prepare_talk()
        if (not self.driving and not self.following and not self.replay_open
                and self.session.bot_to_play() is not None):
            self.driving = True
            asyncio.create_task(self._bots())

    async def _bots(self) -> None:
        s = self.session
        ahead: tuple[dict[str, Any], Any] | None = None  # the next bot's request, sent before its turn
        drawn: float | None = None  # when the last move was drawn
        try:
            while not self._bots_wait():
                # the previous move is on screen: the next one's pause runs from then
                shown, drawn = (_now() if drawn is None else drawn), None
                game = s.game
                if s.talk.due and game is not None:  # the bot hears the advice, which waits for them
                    await _tables_built(game.rules.reyes, game.rules.real_31)
                asked = s.bot_request()
                if asked is None:
                    break
                thinking = ahead[1] if ahead is not None and ahead[0] == asked.data else self._ask(asked.data)
                ahead = None
                choice = s.bot_answered(asked, await thinking)
                if choice is None or self._bots_wait():  # the game moved on meanwhile
                    continue
                following = s.bot_request_after(asked, choice[1])  # thinks during this move's pause
                if following is not None:
                    ahead = (following, self._ask(following))
                pause = s.pause_for(choice[1]) - (_now() - shown)
                await (asyncio.sleep(pause) if pause > 0.002 else _next_task())  # a call of its own, at any speed
                if self._bots_wait():
                    break
                before = s.game
                if not s.bot_play(*choice, write=False):
                    continue
                staged = s.stage(before)
                await _next_task()
                s.write()  # a long partida's save is 100 KB and more: a task of its own, before the drawing
                await _next_task()
                await self._render_in_steps()
                drawn = _now()
                await _next_task()
                gc.collect()  # MicroPython collects as this call returns: alone, before the next request
                await _next_task()
                if staged:
                    await self.unstage()
                    await _next_task()  # the next bot's request in a task of its own
                    drawn = None
        except Exception as error:  # keep playing possible; the console says what broke
            window.console.error(f"mus: bot loop failed: {error!r}")
        finally:
            self.driving = False

    def _ask(self, request: dict[str, Any]) -> Any:
        """A bot's request on its way to the worker (a task to await)."""
        return asyncio.create_task(self.thinker.ask(request, True))

    def _bots_wait(self) -> bool:
        """A replay or another window has the table: the bots wait."""
        return self.replay_open or self.following

    async def unstage(self) -> None:
        """Say the held declarations one after another, then show a held count."""
        s = self.session
        while s.muted > 0:
            await asyncio.sleep(s.pause * 0.45)
            s.muted -= 1
            await self._render_in_steps()
        if s.hold_count:
            await asyncio.sleep(max(1.0, s.pause * 1.6))
            s.hold_count = False
            await self._render_in_steps()  # the count opens by itself

    async def _render_in_steps(self) -> None:
        """A draw the player did not ask for (a bot's move, a declaration said, a count
        opening) in three tasks, each well under a phone's 100 ms (at once, 65–80 ms on a
        phone in a quiet run): its view, its HTML, the page. What another draw meanwhile
        made stale is made again."""
        drawn = self.renders
        view = build_view(self.session)
        await _next_task()
        regions = render.region_parts(view, self.page.art) if self.renders == drawn else None
        await _next_task()
        if self.renders == drawn:
            self.render(later=True, view=view, regions=regions)
        else:
            self.render(later=True)

    async def _after_player(self, staged: bool) -> None:
        """The player's move (or the next hand), saved in the tap's own task, drawn in the
        next: on a phone each of the two takes well under the 100 ms of a long task."""
        try:
            await _next_task()
            self.render()
            if staged:
                await self.unstage()
        finally:
            self.drive()

    # --- events ------------------------------------------------------------------------

    def take_back(self) -> None:
        """A click here: this window has the table again (another window's play is not followed)."""
        self.following = False

    def on_command(self, command: Command) -> None:
        before = self.session.game
        outcome = commands.run(self.session, command, self.seed)
        if outcome == commands.NOTHING:
            return
        if outcome == commands.PLAYED:
            self.page.hold()
            asyncio.create_task(self._after_player(self.session.stage(before)))
            return
        if outcome == commands.SOUND and self.session.settings.sound:
            self.sounds.load(wake=True)  # a tap: the browser lets its audio start
        elif outcome == commands.SHARE:
            asyncio.create_task(self._share())
        if outcome == commands.ADVANCED:
            if _update_waiting():
                getattr(window, "__mus").applyUpdate()  # between hands: reload into the new version
            else:  # the next hand (or partida), saved now, dealt on screen in the next task
                self.page.hold()
                asyncio.create_task(self._after_player(False))
            return
        saved = self.session.saved
        if outcome == commands.MANOS and saved is not None:
            self.open_replay(lambda panel: panel.open_manos(saved.game, saved.reasons))
        elif outcome == commands.REPLAY and saved is not None and command.number is not None:
            index = command.number
            self.open_replay(lambda panel: panel.open_hand(saved.game, index, saved.reasons))
        self.render()
        if outcome != commands.SHOWN:
            self.drive()

    async def _share(self) -> None:
        """The result of the partida over, with the table's address: the system's share sheet
        where there is one, else copied; ``session.shared`` says which, or that it failed."""
        view = build_view(self.session)["fin"]
        if view is None:
            return
        text, link = view["share"]["text"], share_link(str(window.location.href))
        navigator = window.navigator
        try:
            if not nil(getattr(navigator, "share", None)):
                data = window.Object.new()
                data.title, data.text, data.url = view["share"]["title"], text, link
                await navigator.share(data)
                self.session.shared = "shared"
            else:
                await navigator.clipboard.writeText(f"{text} {link}")
                self.session.shared = "copied"
        except Exception:  # the share sheet closed, or no clipboard here: the text is on screen
            self.session.shared = "failed"
        self.render()

    def on_key(self, key: Key) -> bool:
        if key.modified or self.replay_open:
            return False
        if key.key == "Tab":
            return self.page.trap_focus(key.shift)
        if commands.key(self.session, key):
            self.render()
            self.drive()
        return False

    def on_storage(self, event: Any) -> None:
        changed = self.session.storage_changed(text_or_none(event.key))
        if changed == FOLLOWED:  # this window shows another's partida: its bots wait here
            self.following = True
        if changed:
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


_IN_VIEW = to_js({"preventScroll": True})
# Scroll an element to its end at the next frame, when the frame lays the page out anyway:
# reading its scrollHeight now forced a style and layout of the whole page into the draw's call.
_SCROLL_DOWN = window.Function("el", "requestAnimationFrame(() => { el.scrollTop = el.scrollHeight; })")
# A region's changed parts put in: ``changes`` is [[index, html], ...], each html one element
# that takes the place of the region's child at index, or [[-1, html]], the whole content.
# Parts that are not one element each change nothing and return -2. What was said before
# and is drawn again (its ``data-said``: the same words, bet, turn or score) does not move
# again. Returns the region's count of children when each is an element, else -1. In
# JavaScript: a dozen calls into the DOM from Python for each part cost more than the parse.
_PUT = window.Function("el", "changes", """
  const parse = (html) => { const box = document.createElement("template"); box.innerHTML = html; return box.content; };
  const said = (els) => new Set(els.filter((e) => e.dataset.said !== undefined).map((e) => e.dataset.said));
  const steady = (fragment, before) => {
    if (before.size) for (const e of fragment.querySelectorAll("[data-said]")) if (before.has(e.dataset.said)) e.classList.add("steady");
  };
  const alone = (fragment) => fragment.childNodes.length === 1 && fragment.firstChild.nodeType === 1;
  const before = said([...el.querySelectorAll("[data-said]")]);
  if (changes[0][0] >= 0) {
    const patch = changes.map(([at, html]) => [el.children[at], parse(html)]);
    if (!patch.every(([old, fragment]) => old && alone(fragment))) return -2;  // nothing changed
    for (const [old, fragment] of patch) {
      steady(fragment, before);
      old.replaceWith(fragment);
    }
  } else {
    const fragment = parse(changes[0][1]);
    steady(fragment, before);
    el.replaceChildren(fragment);
  }
  return el.childElementCount === el.childNodes.length ? el.childElementCount : -1;
""")
# A promise settled by the browser's next task: awaited, it ends the call into Python (the
# asyncio loop of PyScript's MicroPython runs every task that is ready in one call).
_NEXT_TASK = window.Function("return new Promise((resolve) => setTimeout(resolve, 0))")
# Settled in the task after the next frame: what runs after it waits for the screen drawn.
_AFTER_PAINT = window.Function("return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))")


async def _next_task() -> None:
    await _NEXT_TASK()


async def _tables_built(reyes: int, real_31: bool) -> None:
    """The bots' hand tables of a variant, built a short task each step (``mus.ai.tables``)."""
    for _ in tables_in_steps(reyes, real_31):
        await _next_task()


def _now() -> float:
    """Seconds on the page's clock (the same on both runtimes)."""
    return float(window.performance.now()) / 1000


def _seed_param() -> int | None:
    raw = query_param("seed")
    if raw is None:
        return None
    try:
        return parse_seed(raw)
    except ValueError as error:  # a demo's parameter: the page starts without it
        window.console.warn(f"mus: ?seed ignored: {error}")
        return None


def _update_waiting() -> bool:
    mus_js = getattr(window, "__mus", None)  # set by index.html; static/pwa.js adds `update`
    return not nil(mus_js) and not nil(getattr(mus_js, "update", None))


_app: App | None = None


async def run() -> App:
    global _app
    _app = App()
    await _app.start()
    return _app
