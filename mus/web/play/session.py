"""What the player is doing: the partida, the bots, the showdowns seen, the choices on screen.

Pure Python: the DOM layer (``dom/play.py``) turns clicks into these calls, waits between bot
moves, and renders ``view.build_view(session)`` after each one. Every change to the
partida is written to storage before the call returns (a bot's move, if the page asks, in its
next call, before it is drawn: ``bot_play(write=False)``, ``write``); a write that storage refuses (a full
quota) is told at once (``unsaved``), and ``flush`` writes it when storage takes it again.

A partida started here is dealt from a secret seed (``mus.rng.fresh_seed``) and reseeded
at every hand (``mus.Game.new(..., reseed=True)``): after each count the session shuffles
the next deal at once with ``baraja <fresh seed>``, so the save never holds the hands to
come; the bots get seeds of their own, and the bots' reasons for the hand in progress stay
out of storage. ``?seed=N`` (demos, tests) deals a whole partida from N instead.

The session runs no bot itself: it makes a request (``bot_request``, ``coach_request``) for
``brain``, which the page sends to the bots' worker, and takes the answer only if the game is
still the one it asked about (another window may have moved on meanwhile). ``bot_move`` and
``update_coach`` ask its own ``brain`` at once (the tests; the page when the worker is missing).

>>> from mus.web.kit.storage import MemoryStorage
>>> s = Session(MemoryStorage())
>>> s.screen, s.game is None
('setup', True)
>>> s.new_game(seed=3)
>>> s.screen, s.game.phase, s.bot_to_play()
('table', 'mus', 1)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import mus
from mus.ai import make_bot
from mus.game import REPARTO
from mus.observation import Observation
from mus.rng import fresh_seed

from ..kit.i18n import envido_amount
from .brain import BotFactory, BotSpec, Brain, coach_request, decide_request
from .cast import Seat, cast
from .keeper import CLEARED, DAMAGED, OURS, THEIRS, Keeper
from .saves import SAVE_KEY, Saved
from .settings import SETTINGS_KEY, load_settings, write_settings
from .stats import STATS_KEY, count_hand, count_partida, load_stats, write_stats
from .talk import TableTalk

if TYPE_CHECKING:
    from ..kit.storage import Storage

HUMAN = 0
DEFAULT_ENVITE = 2  # the stepper starts at a plain envido
DECLARATIONS = ("pares", "juego")  # said by the engine for each seat: "pares sí", "juego no"
PANELS = ("menu", "help", "glossary")  # what the menu opens over the table
# Notices that replace each other: storage refused a write, then took everything again.
EXCLUSIVE = {"unsaved": "saved", "saved": "unsaved"}
# What a change of the stored save did here (``follow``): this window now shows another's
# partida, or only its notices may have changed.
FOLLOWED, REDRAW = "followed", "redraw"


def is_declaration(action: str) -> bool:
    """A log event's action that declares pares or juego ("pares sí", "juego no")."""
    return action.partition(" ")[0] in DECLARATIONS


class Asked:
    # A request for the brain (``data``, plain JSON data) and the state it asks about.
    __slots__ = ("game", "seat", "data")

    def __init__(self, game: mus.Game, seat: int, data: dict[str, Any]) -> None:
        self.game, self.seat, self.data = game, seat, data


class Session:
    def __init__(self, storage: Storage, *, bot_factory: BotFactory = make_bot,
                 instant: bool = False, seeds: Callable[[], int] = fresh_seed) -> None:
        self.storage = storage
        self.brain = Brain(bot_factory)  # answers here: the tests, and the page without its worker
        self.instant = instant  # a test speed (?speed=0): no pauses, whatever the settings say
        self.seeds = seeds  # secret seeds: each deal, each bot, this window's name
        self.notices: list[dict[str, str]] = []
        self.welcome = False  # a first visit: where to learn, shown until the player's first call
        self.keeper = Keeper(storage, "%x" % seeds(), self.tell)
        self.settings, problem = load_settings(storage)
        self.keeper.kept("settings", SETTINGS_KEY, problem)
        self.stats, problem = load_stats(storage)
        self.keeper.kept("stats", STATS_KEY, problem)
        self.saved: Saved | None = None
        self.screen = "setup"  # or "table" or one of PANELS; showdowns and the end come from the game
        self.selected: set[int] = set()
        self.envite = DEFAULT_ENVITE
        self.bots: dict[int, BotSpec] = {}
        self.cast: list[Seat | None] = [None] * 4   # the bots' names and styles
        self.talk = TableTalk([None] * 4, False)     # what is said beyond the calls
        # What is on screen, not saved: a count held back while the last call is read, the
        # previous hand's count reopened, trailing log events not yet spoken, a pending confirm.
        self.hold_count = False
        self.review = False
        self.muted = 0
        self.confirm: str | None = None
        self.shared: str | None = None  # the end's result: shared, copied or failed (``dom`` says)
        self._before_end: dict[int, tuple[mus.Game, str]] = {}
        self.coached: tuple[int, dict[str, Any]] | None = None  # (actions played, coach) for the player
        self._reason: tuple[int, dict[str, Any]] | None = None  # a bot's reason, until its call is played
        self._chosen_on: mus.Game | None = None  # the state the pending bot choice was made on
        self.brain_hands = 0  # the partida's finished hands the brain keeps, as its last answer said

    # --- reading ----------------------------------------------------------------------

    @property
    def game(self) -> mus.Game | None:
        return self.saved.game if self.saved else None

    @property
    def pause(self) -> float:
        return 0.0 if self.instant else self.settings.pause

    @property
    def storage_in_memory(self) -> bool:
        return bool(getattr(self.storage, "fallback", False))

    def showdown_index(self) -> int | None:
        """The first finished hand whose count the player has not dismissed yet."""
        saved = self.saved
        if saved is None or saved.acked >= saved.game.hands_played:
            return None
        return saved.acked

    def bot_to_play(self) -> int | None:
        """The bot seat that should move now: nothing waits on the player, who is not looking
        at a panel or at the previous hand's count (a bot's move would close it)."""
        game = self.game
        if (game is None or self.screen != "table" or self.review or game.is_over
                or game.to_play in (None, HUMAN) or self.showdown_index() is not None):
            return None
        return game.to_play

    def human_legal(self) -> list[str]:
        game = self.game
        if (game is None or self.screen != "table" or game.to_play != HUMAN
                or self.showdown_index() is not None):
            return []
        return [str(action) for action in game.legal_actions()]

    # --- starting and restoring -------------------------------------------------------

    def restore(self) -> None:
        """Resume the saved partida, or note why it could not be read (it is kept aside)."""
        saved = self.keeper.load()
        if saved is not None:  # rules and levels come from the save, speed and language stay
            self._take(saved)
        if self.storage_in_memory:
            self.tell("memory")

    def deal_first(self, seed: int | None = None) -> None:
        """The page's start found no partida to resume: one is dealt at once with the table's
        settings (the default table on a first visit), the settings a tap away; a player who
        has never finished a hand is told where to learn.

        >>> from mus.web.kit.storage import MemoryStorage
        >>> s = Session(MemoryStorage())
        >>> s.deal_first(seed=3)
        >>> s.screen, s.game.phase, s.welcome
        ('table', 'mus', True)
        >>> while s.bot_to_play() is not None:
        ...     _ = s.bot_play(*s.bot_choice())
        >>> s.play(s.human_legal()[0]), s.welcome
        (True, False)
        """
        if self.game is not None:
            return
        told = self.notices  # what the start found (a save kept aside) is still to be read
        self.new_game(seed)
        self.notices = told + [n for n in self.notices if n not in told]
        self.welcome = not self.stats["manos"][1]

    def new_game(self, seed: int | None = None, deal: mus.Game | None = None) -> None:
        """A new partida with the table's settings, dealt from a secret seed and reseeded at
        every hand; ``seed``: the whole partida from that seed (``?seed=``, for demos and
        tests); ``deal``: one already started from given hands (a lesson's "Juega esta mano")."""
        settings = self.settings
        if deal is not None:
            game = deal
        elif seed is not None:
            game = mus.Game.new(settings.rules(), seed)
        else:
            game = mus.Game.new(settings.rules(), self.seeds(), reseed=True)
        previous = self.saved
        self.saved = Saved(game, 0, 0, settings, [None, settings.level, settings.level, settings.level],
                           rev=previous.rev if previous else 0, writer=previous.writer if previous else "")
        self.keeper.started()
        self._make_bots()
        self.screen = "table"
        self.selected, self.envite, self.coached = set(), DEFAULT_ENVITE, None
        self.review, self.confirm, self.hold_count, self.muted = False, None, False, 0
        self.welcome = False  # the player chose this one
        self.shared = None
        self._before_end = {}
        self.notices = [n for n in self.notices if n["kind"] in ("memory", "unsaved")]
        self.write()

    def rematch(self, seed: int | None = None) -> None:
        """A new partida with the finished one's table (rules, level) and today's preferences."""
        if self.saved is not None:
            previous = self.saved.settings
            self.settings = previous.replace(speed=self.settings.speed, lang=self.settings.lang,
                                             coach=self.settings.coach, reasons=self.settings.reasons,
                                             advice=self.settings.advice, sound=self.settings.sound,
                                             table=self.saved.game.rules)
            self.keeper.store(SETTINGS_KEY, write_settings, self.settings)
        self.new_game(seed)

    def _make_bots(self) -> None:
        """The bots of the saved partida, who they are, and what was said so far; each bot
        seeded on its own: nothing about the deals can be read from the bots."""
        assert self.saved is not None
        self.cast = cast(self.saved.settings.style, self.saved.game.seed)
        styles = [seat.style if seat else None for seat in self.cast]
        self.bots = {seat: BotSpec(seat, str(level), self.seeds(), styles[seat])
                     for seat, level in enumerate(self.saved.levels) if level is not None}
        self.talk = TableTalk(styles, self.saved.settings.advice)
        self.talk.rebuild(self.saved.game, self.talk_from())
        self.brain_hands = 0   # what the brain keeps is another partida's

    def talk_from(self) -> int:
        """The first hand whose sayings the table may show: the hand whose count waits to be
        dismissed, else the last finished hand (its count reopened) and the hand in play."""
        assert self.saved is not None
        return max(0, min(self.saved.acked, self.saved.game.hands_played - 1))

    def observation(self, seat: int, game: mus.Game | None = None, last_hands: int | None = None) -> Observation:
        """What ``seat`` knows now (or in ``game``), with the advice said aloud this hand
        (public: every seat alike, ``observation["advice"]``), as the bots read it;
        ``last_hands`` as ``Game.observation``'s."""
        game = game or self.game
        assert game is not None
        obs = game.observation(seat, last_hands)
        obs["advice"] = self.talk.heard(game.hands_played)
        return obs

    def _decide_request(self, game: mus.Game, seat: int) -> dict[str, Any]:
        """The request for the bot at ``seat`` of ``game``, with only the finished hands the
        brain does not keep: a long partida's history is copied and sent once, not at every
        move (``play.brain``)."""
        start = min(self.brain_hands, game.hands_played)
        observation = self.observation(seat, game, game.hands_played - start + (start > 0))
        check = observation["history"].pop(0) if start else None
        return decide_request(self.bots[seat], observation, start, check)

    def _take(self, saved: Saved) -> None:
        """Put ``saved`` on the table, with fresh bots."""
        self.saved = saved
        self.selected, self.envite = set(saved.selected), saved.envite
        self._before_end = {}  # the ends of another partida's hands
        self._make_bots()
        self.screen = "table"
        if saved.game.phase == REPARTO:  # a reseeded partida waits for its next deal
            saved.game = self._dealt(saved.game)
            self.write()

    def _dealt(self, game: mus.Game) -> mus.Game:
        """``game``, with its next deal shuffled from a fresh secret seed if it waits for one."""
        return game.apply(f"baraja {self.seeds()}") if game.phase == REPARTO else game

    # --- moves --------------------------------------------------------------------------

    def play(self, notation: str) -> bool:
        """The player's action, if it is legal now; saved before returning."""
        if notation not in self.human_legal():
            return False
        self.envite = DEFAULT_ENVITE  # back to a plain envido for the next decision
        self.welcome = False  # the player's first call: the score takes the welcome's place
        self._advance(notation)
        return True

    def bot_move(self) -> tuple[int, str] | None:
        """Let the bot whose turn it is act now, asking ``brain`` here, keeping its reason
        (stored once its hand is over: it names the bot's cards); returns (seat, notation)."""
        choice = self.bot_choice()
        if choice is not None:
            self.bot_play(*choice)
        return choice

    def bot_choice(self) -> tuple[int, str] | None:
        """What the bot whose turn it is will say, asked of ``brain`` here."""
        asked = self.bot_request()
        return None if asked is None else self.bot_answered(asked, self.brain.answer(asked.data))

    def bot_request(self) -> Asked | None:
        """The request for the bot whose turn it is: its seat's observation only (with the
        advice said aloud), who the bot is; None when no bot is to play."""
        seat = self.bot_to_play()
        if seat is None:
            return None
        game = self.game
        assert game is not None
        return Asked(game, seat, self._decide_request(game, seat))

    def bot_answered(self, asked: Asked, answer: dict[str, Any]) -> tuple[int, str] | None:
        """The choice ``answer`` gives to ``asked`` (the page pauses before it is played with
        ``bot_play``), keeping its reason; None when the game is no longer the one asked
        about. ValueError for an answer that is an error or an illegal action."""
        game = self.game
        if "hands" in answer or "gap" in answer:
            self.brain_hands = int(answer.get("gap", answer.get("hands", 0)))
        if game is not asked.game or self.bot_to_play() != asked.seat or "gap" in answer:
            return None   # asked again (for a gap: with the hands the brain lacks)
        action = answer.get("action")
        if action not in asked.data["observation"]["legal_actions"]:
            raise ValueError(f"expected a bot's action (one of {', '.join(asked.data['observation']['legal_actions'])}), "
                             f"got {answer.get('error') or repr(action)}")
        self._chosen_on = game
        reason = answer.get("reason")
        self._reason = None if reason is None else (
            game.action_count, {"seat": asked.seat, "hand": game.hands_played, "reason": reason})
        return asked.seat, str(action)

    def bot_request_after(self, asked: Asked, notation: str) -> dict[str, Any] | None:
        """The request the next bot will make once the bot of ``asked`` plays ``notation``,
        when a bot speaks next in the same hand: the page sends it ahead, while this move's
        pause runs, and takes its answer only if the request made at that bot's turn
        (``bot_request``) is this one (not if advice was said aloud meanwhile, another window
        moved on, a new partida began)."""
        after = asked.game.apply(notation)
        if after.to_play == HUMAN and [str(a) for a in after.legal_actions()] == ["sin señas"]:  # as _advance says it
            after = after.apply("sin señas")
        seat = after.to_play
        if after.hands_played != asked.game.hands_played or seat is None or seat not in self.bots:
            return None
        return self._decide_request(after, seat)

    def bot_play(self, seat: int, notation: str, write: bool = True) -> bool:
        """Play a choice of ``bot_choice`` (keeping its reason) if the game is still the one
        it was chosen on: another window may have moved it on meanwhile. ``write=False``: not
        stored yet, the caller calls ``write`` next (in a call of its own, before drawing it)."""
        game = self.game
        if (self.bot_to_play() != seat or game is None or self.saved is None
                or game is not self._chosen_on):
            return False
        if self._reason is not None and self._reason[0] == game.action_count and self._reason[1]["seat"] == seat:
            self.saved.reasons[self._reason[0]] = self._reason[1]
        self._reason = None
        self._advance(notation, write)
        return True

    def pause_for(self, notation: str) -> float:
        """Seconds before a bot's call shows: routine calls quick, envites and órdagos slower."""
        if notation == "ordago":
            return self.pause * 1.8
        if notation.startswith("envido") or notation in ("quiero", "no quiero"):
            return self.pause * 1.25
        return self.pause * 0.6

    def hand_reasons(self, hand: int, seats: tuple[int, ...]) -> list[tuple[int, dict[str, Any]]]:
        """(seat, reason) of the bots at ``seats`` in hand ``hand`` (an index of the history),
        in the order they acted."""
        if self.saved is None:
            return []
        return [(e["seat"], e["reason"]) for _, e in sorted(self.saved.reasons.items())
                if e["hand"] == hand and e["seat"] in seats]

    # --- the coach ------------------------------------------------------------------------

    def coach_due(self) -> bool:
        """The coach panel is on and its numbers are not for the position on the table."""
        game = self.game
        return (self.settings.coach and game is not None and self.screen == "table"
                and not game.is_over and (self.coached is None or self.coached[0] != game.action_count))

    def update_coach(self) -> None:
        """The coach of the player's seat for the position now, asked of ``brain`` here."""
        asked = self.coach_request()
        if asked is not None:
            self.coach_answered(asked, self.brain.answer(asked.data))

    def coach_request(self) -> Asked | None:
        """The coach's request for the player's seat at the position now, if it is due (the
        DOM layer asks after painting, so the table never waits for it)."""
        game = self.game
        if game is None or not self.coach_due():
            return None
        # the coach reads the hand in play, never a finished one (``mus.ai.coach``): none is copied
        return Asked(game, HUMAN, coach_request(game.observation(HUMAN, last_hands=0)))

    def coach_answered(self, asked: Asked, answer: dict[str, Any]) -> bool:
        """Keep the coach's numbers of ``answer`` if the game is still the one asked about.
        ValueError for an answer that is an error."""
        if "coach" not in answer:
            raise ValueError(f"expected the coach's numbers, got {answer.get('error') or repr(answer)}")
        if self.game is not asked.game:
            return False
        self.coached = (asked.game.action_count, answer["coach"])
        return True

    def coach_now(self) -> dict[str, Any] | None:
        """The coach's numbers if they are for the position on the table."""
        game = self.game
        if game is None or self.coached is None or self.coached[0] != game.action_count:
            return None
        return self.coached[1]

    def _advance(self, notation: str, write: bool = True) -> None:
        assert self.saved is not None
        before = self.saved.game
        self.saved.game = self._dealt(before.apply(notation))
        self.talk.listen(before, notation, self.saved.game)
        if self.saved.game.hands_played > before.hands_played:
            self._before_end[before.hands_played] = (before, notation)
        self.selected = set()
        self.review = False
        self.confirm = None
        self._count_finished()
        if self.human_legal() == ["sin señas"]:  # a hand that allows no seña: nothing to ask
            self._advance("sin señas", write)
            return
        if write:
            self.write()

    def stage(self, before: mus.Game | None) -> bool:
        """Show the move just made from ``before`` as a table would: a finished hand's last
        call without its count yet (``hold_count``), or new pares / juego declarations still
        unsaid (``muted``), said one after another. True when the page must ``unstage``."""
        game = self.game
        if self.pause and before is not None and game is not None:
            if game.hands_played > before.hands_played:
                self.hold_count = True
            elif game.hands_played == before.hands_played:
                said = game.observation(HUMAN, last_hands=0)["log"][len(before.observation(HUMAN, last_hands=0)["log"]):]
                self.muted = sum(1 for event in said if is_declaration(event["action"]))
        return self.hold_count or self.muted > 0

    def hand_end(self, index: int) -> tuple[mus.Game, str]:
        """The state just before finished hand ``index`` ended, and the call that ended it."""
        if index not in self._before_end:
            assert self.saved is not None
            game = self.saved.game.initial()
            for notation in self.saved.game.actions:
                after = game.apply(notation)
                if after.hands_played > game.hands_played:
                    self._before_end[game.hands_played] = (game, notation)
                    if game.hands_played == index:
                        break
                game = after
        return self._before_end[index]

    def _count_finished(self) -> None:
        """Add newly finished hands (and a finished partida) to the statistics."""
        saved = self.saved
        assert saved is not None
        played = saved.game.hands_played
        if saved.counted >= played:
            return
        stats = self.stats
        for index in range(saved.counted, played):
            stats = count_hand(stats, saved.game.hand_result(index))
        if saved.game.is_over and saved.game.winner is not None:
            stats = count_partida(stats, saved.game.winner)
        saved.counted = played
        self.stats = stats
        self.keeper.store(STATS_KEY, write_stats, stats)

    def ack(self) -> bool:
        """The player has read the showdown on screen."""
        if self.saved is None or self.showdown_index() is None:
            return False
        self.saved.acked += 1
        self.selected = set()
        self.hold_count = False
        self.write()
        return True

    def open_review(self) -> bool:
        """Reopen the previous hand's count (until the next hand ends)."""
        game = self.game
        if game is None or not game.hands_played or self.showdown_index() is not None or game.is_over:
            return False
        self.review = True
        return True

    def close_review(self) -> None:
        self.review = False

    # --- storage and other windows ---------------------------------------------------

    def write(self) -> None:
        """Store the partida (also a move played with ``write=False``), unless another
        window's save wins over it: then follow that."""
        saved = self.saved
        if saved is None:
            return
        saved.selected, saved.envite = sorted(self.selected), self.envite
        theirs = self.keeper.write(saved)
        if theirs is not None:
            self._follow(theirs)

    def follow(self) -> str:
        """Settle with the stored save if another window changed it (``Keeper.settle``):
        ``FOLLOWED`` when this window now shows what another one left (its bots then wait
        for the player here), ``REDRAW`` when only a notice may have changed, else "".
        Called on the browser's ``storage`` event. When another window's save wins, the
        player is told the partida went on elsewhere and a choice half made here is dropped."""
        outcome, theirs = self.keeper.settle(self.saved)
        if outcome == THEIRS and theirs is not None:
            self._follow(theirs)
            return FOLLOWED
        if outcome == CLEARED and self.saved is not None:  # storage was cleared: nothing to follow
            self.saved, self.screen, self.bots = None, "setup", {}
            self._drop_choices()
            return FOLLOWED
        return REDRAW if outcome in (OURS, DAMAGED) else ""

    def _follow(self, theirs: Saved) -> None:
        """Take up another window's save, which won over this one's."""
        self._drop_choices()
        self._take(theirs)
        self.tell("elsewhere")
        if STATS_KEY not in self.keeper.unsaved:  # that window counted its hands
            self.stats = load_stats(self.storage)[0]

    def _drop_choices(self) -> None:
        self.coached, self._reason, self.review, self.confirm, self.hold_count = None, None, False, None, False
        self.muted, self._before_end = 0, {}

    def storage_changed(self, key: str | None) -> str:
        """The browser says another window changed ``key`` (None: storage cleared); what
        ``follow`` says."""
        return self.follow() if key in (SAVE_KEY, None) else ""

    def flush(self) -> bool:
        """Write again what storage refused; True when it has all been written now."""
        unsaved = self.keeper.unsaved
        if not unsaved:
            return False
        if SAVE_KEY in unsaved and self.saved is None:  # storage was cleared meanwhile
            self.keeper.written(SAVE_KEY)
        elif SAVE_KEY in unsaved:
            self.write()
        if SETTINGS_KEY in unsaved:
            self.keeper.store(SETTINGS_KEY, write_settings, self.settings)
        if STATS_KEY in unsaved:
            self.keeper.store(STATS_KEY, write_stats, self.stats)
        return not unsaved

    def unsaved_turns(self) -> int | None:
        """How many turns of the partida a reload would lose now (None: all of it; 0: only
        settings, statistics or what is on screen)."""
        return 0 if self.game is None else self.keeper.lost_turns(self.game)

    def tell(self, kind: str, **fields: str) -> None:
        """Show a notice of ``kind`` (replacing one of that kind already shown)."""
        notice = {"kind": kind}
        notice.update(fields)
        gone = (kind, EXCLUSIVE.get(kind))
        self.notices = [n for n in self.notices if n["kind"] not in gone] + [notice]

    # --- choices on screen -----------------------------------------------------------

    def toggle_card(self, position: int) -> None:
        if 0 <= position < 4 and any(a.startswith("descarte") for a in self.human_legal()):
            self.selected ^= {position}
            self.write()

    def discard_notation(self) -> str | None:
        if not self.selected:
            return None
        return "descarte " + " ".join(str(p) for p in sorted(self.selected))

    def envite_range(self) -> tuple[int, int] | None:
        """Smallest and largest amount the envido stepper offers now."""
        amounts = [envido_amount(a) or 0 for a in self.human_legal() if a.startswith("envido")]
        return (min(amounts), max(amounts)) if amounts else None

    def envido_notation(self) -> str | None:
        if self.envite_range() is None:
            return None
        amount = self.clamped_envite()
        return "envido" if amount == DEFAULT_ENVITE else f"envido {amount}"

    def step_envite(self, delta: int) -> None:
        bounds = self.envite_range()
        if bounds:
            self.set_envite(self.clamped_envite() + delta)

    def set_envite(self, amount: int) -> None:
        bounds = self.envite_range()
        if bounds:
            self.envite = max(bounds[0], min(bounds[1], amount))
            self.write()

    def clamped_envite(self) -> int:
        bounds = self.envite_range()
        return max(bounds[0], min(bounds[1], self.envite)) if bounds else self.envite

    def set_setting(self, name: str, raw: str) -> None:
        self.settings = self.settings.with_choice(name, raw)
        self.keeper.store(SETTINGS_KEY, write_settings, self.settings)
        if name in ("lang", "advice") and self.saved is not None:  # the player's, at once
            self.saved.settings = self.saved.settings.with_choice(name, raw)
            if name == "advice":
                self.talk.advise = self.saved.settings.advice
                self.talk.rebuild(self.saved.game, self.talk_from())
            self.write()

    def open_setup(self) -> None:
        self.screen = "setup"
        self.confirm = None

    def open_panel(self, name: str) -> None:
        """A panel over the table (``PANELS``), from the table or another panel."""
        if name in PANELS and self.game is not None and self.screen in ("table",) + PANELS:
            self.screen = name

    def close_panel(self) -> None:
        if self.screen in PANELS:
            self.screen = "table"

    def close_setup(self) -> None:
        if self.saved is not None:
            self.screen = "table"

    def dismiss(self, kind: str) -> None:
        self.notices = [n for n in self.notices if n["kind"] != kind]
