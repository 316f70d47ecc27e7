"""This window's side of the storage it shares with other windows: writes that may be
refused, saves that other windows wrote, texts that cannot be read. Pure.

``Keeper`` remembers the save's text as this window last read or wrote it (``stored``): any
other text there was written by another window, and ``saves.wins`` settles, by content and
the same way in every window, whose partida goes on; the loser follows the winner, the
winner writes itself back. A stored save that cannot be read is kept aside and this
window's partida written over it; one that storage refuses to copy aside is left where it
is, and nothing is written over it.

A write that storage refuses (a full quota, a private mode) leaves its key in ``unsaved``,
and the player is told at once (the ``unsaved`` notice); ``retry`` writes again, and when
everything is written the notice says so (``saved``).

>>> from mus.web.kit.storage import MemoryStorage
>>> from .settings import Settings
>>> told = []
>>> a = Keeper(MemoryStorage(), "a", lambda kind, **fields: told.append(kind))
>>> saved = Saved(mus.Game.new(seed=1), settings=Settings())
>>> a.write(saved), saved.rev, a.unsaved
(None, 1, set())
>>> b = Keeper(a.storage, "b", lambda kind, **fields: None)
>>> theirs = b.load()
>>> theirs.game = theirs.game.apply("mus")
>>> b.write(theirs), a.settle(saved)[0]           # b played on: a follows b
(None, 'theirs')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import mus

from ..kit.storage import keep_aside
from .saves import SAVE_KEY, SaveError, SaveMemo, Saved, decode_save, read_save, set_aside, wins, write_save

if TYPE_CHECKING:
    from ..kit.storage import Storage

NOT_STORED = -1  # the partida on the table has never been stored
# What ``settle`` found: the save as this window left it, storage cleared, another window's
# save taken up, this window's partida written (back), a stored save that cannot be read.
SAME, CLEARED, THEIRS, OURS, DAMAGED = "same", "cleared", "theirs", "ours", "damaged"
Tell = Callable[..., None]  # tell(kind, **fields): a notice for the player


class Keeper:
    __slots__ = ("storage", "writer", "tell", "stored", "stored_actions", "unsaved", "blocked", "texts")

    def __init__(self, storage: Storage, writer: str, tell: Tell) -> None:
        self.storage = storage
        self.writer = writer  # names this window's writes to the save
        self.tell = tell
        self.stored: str | None = None  # the save's text as this window last read or wrote it
        self.stored_actions = NOT_STORED  # how many actions of the partida on the table are stored
        self.unsaved: set[str] = set()  # keys whose last write storage refused
        self.blocked: dict[str, str] = {}  # unreadable texts to keep aside before their key is written
        self.texts = SaveMemo()  # what the last write of the partida leaves for the next

    # --- the partida ----------------------------------------------------------------------

    def load(self) -> Saved | None:
        """The stored partida, or None; one that cannot be read is kept aside and told."""
        text, saved, error = read_save(self.storage)
        if error is not None and text is not None:
            self.tell("corrupt", **set_aside(self.storage, text, error))
        elif saved is not None:
            self.took(saved, text)
        return saved

    def took(self, saved: Saved, text: str | None) -> None:
        """``saved``, stored as ``text``, is now the partida on the table."""
        self.stored, self.stored_actions = text, len(saved.game.actions)

    def started(self) -> None:
        """A new partida is on the table, not stored yet."""
        self.stored_actions = NOT_STORED

    def write(self, saved: Saved) -> Saved | None:
        """Store ``saved``; None, or another window's save that wins over it (taken up here:
        the caller puts it on the table)."""
        text = self.storage.get(SAVE_KEY)
        above = 0
        if text is not None and text != self.stored:  # another window wrote since
            try:
                theirs = decode_save(text)
            except SaveError as error:
                problem = set_aside(self.storage, text, error)
                self.tell("corrupt-other", **problem)
                if problem["key"] == SAVE_KEY:  # storage refused the copy: it stays, untouched
                    self.refused(SAVE_KEY)
                    return None
            else:
                if wins(theirs, saved):
                    self.took(theirs, text)
                    return theirs
                above = theirs.rev
        written = write_save(self.storage, saved, self.writer, above, self.texts)
        if written is None:
            self.refused(SAVE_KEY)
        else:
            self.took(saved, written)
            self.written(SAVE_KEY)
        return None

    def prepare(self, saved: Saved, count: int = 25) -> bool:
        """Ready ``count`` more of what writing ``saved`` will need (``SaveMemo.prepare``),
        then the texts of its actions and of its reasons, a call each; True once all is
        (the first write of a partida restored at hand 30 took 55 ms of a desktop's CPU)."""
        texts, finished = self.texts, saved.game.hands_played
        if not texts.prepare(saved.reasons, finished, count):
            return False
        if texts.saved is not saved:
            texts.game_text(saved)
            return texts.saved is not saved  # a game whose text cannot be reused: nothing to ready
        texts.reasons_text(saved.reasons, finished)
        return True

    def settle(self, saved: Saved | None) -> tuple[str, Saved | None]:
        """Settle with a stored save that another window may have changed: (``SAME``,
        ``CLEARED``, ``DAMAGED`` or ``OURS``, None) or (``THEIRS``, the save taken up)."""
        text = self.storage.get(SAVE_KEY)
        if text == self.stored:
            return SAME, None
        if text is None:
            self.stored = None
            return CLEARED, None
        try:
            theirs = decode_save(text)
        except SaveError as error:
            if saved is None:
                self.tell("corrupt", **set_aside(self.storage, text, error))
                self.stored = self.storage.get(SAVE_KEY)
                return DAMAGED, None
            theirs = None  # write keeps it aside, then writes this window's partida
        if saved is not None and (theirs is None or not wins(theirs, saved)):
            won = self.write(saved)
            return (OURS, None) if won is None else (THEIRS, won)
        assert theirs is not None
        self.took(theirs, text)
        return THEIRS, theirs

    def lost_turns(self, game: mus.Game) -> int | None:
        """How many turns of ``game`` (on the table) a reload would lose; None: all of it."""
        if SAVE_KEY not in self.unsaved:
            return 0
        if self.stored_actions == NOT_STORED:
            return None
        return sum(1 for a in game.actions[self.stored_actions:] if not a.startswith("baraja"))

    # --- settings and statistics --------------------------------------------------------------

    def kept(self, what: str, key: str, problem: dict[str, str] | None) -> None:
        """Tell the player that stored ``what`` could not all be read, and where it is kept."""
        if problem is None:
            return
        if not problem["aside"]:  # still under key: kept aside before key is written
            text = self.storage.get(key)
            if text is not None:
                self.blocked[key] = text
        self.tell("kept-" + what, key=problem["aside"] or key, detail=problem["why"])

    def store(self, key: str, write: Callable[[Storage, Any], bool], value: Any) -> None:
        """Write settings or statistics with ``write``."""
        if key in self.blocked:
            aside = keep_aside(self.storage, key, self.blocked[key])
            if aside is None:
                self.refused(key)
                return
            del self.blocked[key]
            self.tell("kept-" + key.rpartition(".")[2], key=aside)
        if write(self.storage, value):
            self.written(key)
        else:
            self.refused(key)

    # --- refused writes -----------------------------------------------------------------------

    def refused(self, key: str) -> None:
        self.unsaved.add(key)
        self.tell("unsaved")

    def written(self, key: str) -> None:
        if key in self.unsaved:
            self.unsaved.discard(key)
            if not self.unsaved:
                self.tell("saved")
