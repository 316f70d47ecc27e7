"""The saved partida, against a tiny storage interface (``kit.storage``). Pure.

The save is the engine's own JSON (rules, seed, actions) inside an envelope with a schema
version, how many showdowns the player has acknowledged, how many finished hands were added
to the statistics, the settings, each seat's bot level, a revision number and the window that
wrote it. It is read as untrusted text (``mus.jsondata.load_text``: bounded in length and
depth) with strict types; a save that cannot be used is never deleted: it is moved aside
under ``mus.save.corrupt.<time>`` (``kit.storage.keep_aside``).

Two windows share one save. Each write bumps ``rev`` and names its ``writer`` (an id drawn
per window). A window that finds a stored save it did not write settles which one wins by
their content (``wins``), the same way in every window: the loser follows the winner.

Optional (saves without it still load): ``reasons``, why each bot acted, keyed by the
action's index in the game's ``actions`` (as text, JSON keys being strings): ``{"17":
{"seat": 1, "hand": 0, "reason": {...}}}`` where ``hand`` indexes ``game.history`` once
that hand is over and ``reason`` is the bot's ``Decision.reason`` (``mus.ai.explain``).
Only finished hands' reasons are written (those of the hand in progress list the bots'
cards); on load, entries that do not fit the game or that ``explain`` cannot put in words are
dropped, and the partida is kept.

>>> from mus.web.kit.storage import MemoryStorage
>>> store = MemoryStorage()
>>> game = mus.Game.new(seed=1).apply("mus")
>>> text = write_save(store, Saved(game, settings=Settings()), "w1")
>>> saved, problem = load_save(store)
>>> saved.game.observation(0) == game.observation(0), problem, saved.rev, saved.writer
(True, None, 1, 'w1')
>>> store.set(SAVE_KEY, "{oops")
True
>>> saved, problem = load_save(store)
>>> saved, problem["why"], store.get(problem["key"])
(None, 'unreadable', '{oops')
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

import mus
from mus.ai import explain
from mus.jsondata import described, dump_text, load_text
from mus.game import MAX_SAVE_TEXT

from ..kit.storage import keep_aside
from ..kit.value import Value
from .settings import LEVELS, Settings

if TYPE_CHECKING:
    from ..kit.storage import Storage

SCHEMA = 1
SAVE_KEY = "mus.save"
MAX_REV = 2**53  # what a JavaScript number holds exactly
MAX_WRITER = 40
DIGITS = "0123456789"


class Saved(Value):
    # A saved partida: the game and what the page keeps beside it.

    __slots__ = ("game", "acked", "counted", "settings", "levels", "reasons", "selected", "envite", "rev",
                 "writer")

    def __init__(self, game: mus.Game, acked: int = 0, counted: int = 0, settings: Settings | None = None,
                 levels: list[str | None] | None = None, reasons: dict[int, dict[str, Any]] | None = None,
                 selected: list[int] | None = None, envite: int = 2, rev: int = 0, writer: str = "") -> None:
        self.game = game
        self.acked = acked  # showdowns (finished hands) the player has seen and dismissed
        self.counted = counted  # finished hands already added to the statistics
        self.settings = settings if settings is not None else Settings()
        self.levels: list[str | None] = levels if levels is not None else [None, "normal", "normal", "normal"]
        self.reasons: dict[int, dict[str, Any]] = reasons if reasons is not None else {}  # action index → seat, hand, reason
        self.selected: list[int] = selected if selected is not None else []  # cards chosen to discard, kept over a reload
        self.envite = envite  # the envido stepper's amount
        self.rev = rev  # writes so far (absent from saves made before windows compared it)
        self.writer = writer  # the window that wrote this revision ("" before windows named themselves)


class SaveError(ValueError):
    """A save that cannot be used; ``why`` is unreadable, newer or invalid."""

    def __init__(self, why: str, detail: str) -> None:
        super().__init__(f"{why}: {detail}")
        self.why = why


def encode_save(saved: Saved, memo: SaveMemo | None = None) -> str:
    """The save as compact JSON, keys sorted: the same text on every runtime, with or
    without ``memo`` (the parts of the last write that this one can reuse)."""
    memo = memo if memo is not None else SaveMemo()
    fields: dict[str, Any] = {
        "schema": SCHEMA,
        "acked": saved.acked,
        "counted": saved.counted,
        "settings": saved.settings.to_dict(),
        "levels": saved.levels,
        "selected": saved.selected,
        "envite": saved.envite,
        "rev": saved.rev,
        "writer": saved.writer,
        "saved_at": int(time.time() * 1000),
    }
    memo.prepare(saved.reasons, saved.game.hands_played + 1, 4)  # the hand in progress's, for its end
    texts = {"game": memo.game_parts(saved), "reasons": (memo.reasons_text(saved.reasons, saved.game.hands_played),)}
    pieces: list[str] = []  # joined once: a long partida's save is 100 KB, and each copy of it costs
    for name in sorted(list(fields) + list(texts)):
        pieces.append(("," if pieces else "{") + dump_text(name) + ":")
        pieces.extend(texts[name] if name in texts else (dump_text(fields[name]),))
    pieces.append("}")
    return "".join(pieces)


class SaveMemo:
    """What one write of a partida leaves for the next: its actions and the bots' reasons
    only grow, and writing them all out again at each move took a third of a second of
    MicroPython by hand 30 (``tools/bench/move_phases.mjs``), four times that on a phone.

    >>> game = mus.Game.new(seed=1).apply("mus")
    >>> said = {"kind": "mus"}
    >>> reasons = {7: {"seat": 1, "hand": 0, "reason": said}, 30: {"seat": 2, "hand": 1, "reason": said},
    ...            12: {"seat": 3, "hand": 0, "reason": said}}
    >>> memo = SaveMemo()
    >>> memo.reasons_text(reasons, 1) == '{"7":%s,"12":%s}' % (dump_text(reasons[7]), dump_text(reasons[12]))
    True
    >>> memo.reasons_text(reasons, 2) == memo.reasons_text(reasons, 2) == SaveMemo().reasons_text(reasons, 2)
    True
    >>> json.loads(memo.reasons_text(reasons, 2)) == {str(i): e for i, e in reasons.items()}, sorted(memo.entries)
    (True, [7, 12, 30])
    >>> saved = Saved(game)
    >>> memo.game_text(saved) == game.to_json()
    True
    >>> saved.game = game.apply("mus")
    >>> memo.game_text(saved) == saved.game.to_json(), len(memo.actions)
    (True, 2)
    """

    __slots__ = ("saved", "actions", "head", "tail", "action_texts", "reasons", "finished", "text", "written", "entries")

    def __init__(self) -> None:
        self.saved: Saved | None = None  # whose actions these are
        self.actions: list[str] = []
        self.head = ""  # Game.to_json up to the end of those actions (its first key)
        self.tail = ""  # and after them: rules, seed, start
        self.action_texts: dict[str, str] = {}  # each action as JSON text
        self.reasons: dict[int, dict[str, Any]] | None = None  # the reasons ``text`` says
        self.finished = -1  # of the hands finished then
        self.text = ""
        self.written: dict[int, dict[str, Any]] = {}  # the entries ``text`` holds
        self.entries: dict[int, tuple[dict[str, Any], str]] = {}  # each reason (the same object), as text

    def game_text(self, saved: Saved) -> str:
        """``saved.game.to_json()``, the actions written before not written again."""
        return "".join(self.game_parts(saved))

    def game_parts(self, saved: Saved) -> tuple[str, ...]:
        """``game_text`` in parts to join."""
        actions = saved.game.actions
        known = len(self.actions)
        if saved is self.saved and actions[:known] == self.actions:
            new = actions[known:]
            if new:
                self.head += ("," if self.actions else "") + ",".join(self._action(a) for a in new)
                self.actions = actions
            return self.head, self.tail
        head = '{"actions":[' + ",".join(self._action(a) for a in actions)
        empty = saved.game.initial().to_json()  # the same game but its actions: each written out once
        if empty.startswith('{"actions":[]'):  # the actions first (keys are sorted): the rest is kept
            self.saved, self.actions, self.head, self.tail = saved, actions, head, empty[len('{"actions":['):]
            return head, self.tail
        self.saved, self.actions = None, []
        return (saved.game.to_json(),)

    def _action(self, action: str) -> str:
        """``dump_text(action)``: a partida says a few dozen different actions, hundreds of times."""
        text = self.action_texts.get(action)
        if text is None:
            text = self.action_texts[action] = dump_text(action)
        return text

    def prepare(self, reasons: dict[int, dict[str, Any]], finished: int, count: int) -> bool:
        """Write out up to ``count`` reasons of the hands before ``finished`` that a save will
        need: a restored partida's, a few at a time (on a phone, all of a long partida's at
        once would hold the page for half a second), and each move's as it comes
        (``encode_save``). True once none is left.

        >>> memo, reasons = SaveMemo(), {n: {"seat": 1, "hand": 0, "reason": {"kind": "mus"}} for n in range(5)}
        >>> memo.prepare(reasons, 1, 3), memo.prepare(reasons, 1, 3), len(memo.entries)
        (False, True, 5)
        """
        for index, entry in reasons.items():
            if entry["hand"] < finished and not (index in self.entries and self.entries[index][0] is entry):
                if count <= 0:
                    return False
                self.entries[index] = (entry, dump_text(entry))
                count -= 1
        return True

    def reasons_text(self, reasons: dict[int, dict[str, Any]], finished: int) -> str:
        """``dump_text`` of the finished hands' reasons keyed by their index as text, in the
        indexes' order: the same until another hand finishes (a bot's reason joins
        ``reasons`` in its own hand). A hand that finishes adds its reasons at the end of the
        text, each written out once (``prepare`` writes them as they come): at hand 30, writing
        all of them out again took a phone 150 ms at the move that ended a hand."""
        if reasons is self.reasons and finished == self.finished:
            return self.text
        kept = {index: entry for index, entry in reasons.items() if entry["hand"] < finished}
        old = self.written
        new = sorted(index for index in kept if index not in old)
        grows = (bool(old) and reasons is self.reasons and finished > self.finished
                 and all(kept.get(index) is entry for index, entry in old.items())
                 and (not new or new[0] > max(old)))
        if grows:
            for index in new:
                self.entries[index] = self._entry(index, kept[index])
        else:
            new = sorted(kept)
            self.entries = {index: self._entry(index, entry) for index, entry in kept.items()}
        more = ",".join('"%d":%s' % (index, self.entries[index][1]) for index in new)
        self.text = self.text[:-1] + ("," + more if more else "") + "}" if grows else "{" + more + "}"
        self.reasons, self.finished, self.written = reasons, finished, kept
        return self.text

    def _entry(self, index: int, entry: dict[str, Any]) -> tuple[dict[str, Any], str]:
        known = self.entries.get(index)
        return known if known is not None and known[0] is entry else (entry, dump_text(entry))


def _count(data: dict[str, Any], name: str, limit: int, default: int) -> int:
    value = data.get(name, default)
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= limit:
        raise SaveError("unreadable", f"expected {name} to be a whole number 0..{limit}, got {described(value)}")
    return value


def decode_save(text: str) -> Saved:
    """The save in ``text``; raises SaveError saying why it cannot be used and naming the field."""
    try:
        data = load_text(text, "a saved partida", MAX_SAVE_TEXT)
    except ValueError as error:
        raise SaveError("unreadable", str(error)) from None
    if not isinstance(data, dict):
        raise SaveError("unreadable", f"expected a saved partida as an object, got {described(data)}")
    schema = data.get("schema")
    if not isinstance(schema, int) or isinstance(schema, bool) or not 1 <= schema <= MAX_REV:
        raise SaveError("unreadable", f"expected schema to be a whole number, got {described(schema)}")
    if schema > SCHEMA:
        raise SaveError("newer", f"schema {schema} is newer than {SCHEMA}")
    try:
        game = mus.Game.from_data(data.get("game"))
    except ValueError as error:  # IllegalActionError too
        raise SaveError("invalid", str(error)) from None
    finished = game.hands_played
    levels = data.get("levels")
    if not (isinstance(levels, list) and len(levels) == 4 and levels[0] is None
            and all(isinstance(level, str) and level in LEVELS for level in levels[1:])):
        raise SaveError("unreadable", f"expected levels to be None and three bot levels, got {described(levels)}")
    writer = data.get("writer", "")
    if not isinstance(writer, str) or len(writer) > MAX_WRITER:
        raise SaveError("unreadable", f"expected writer to be a short text, got {described(writer)}")
    return Saved(game, _count(data, "acked", finished, finished), _count(data, "counted", finished, finished),
                 Settings.from_dict(data.get("settings")), list(levels),
                 _reasons(data.get("reasons"), len(game.actions), finished),
                 selected=_selected(data.get("selected")), envite=_envite(data.get("envite")),
                 rev=_count(data, "rev", MAX_REV, 0), writer=writer)


# What is on screen and what the bots said only decorate the partida: a value that does not
# fit is left out, and the partida is kept.

def _selected(value: object) -> list[int]:
    if isinstance(value, list) and all(type(p) is int and 0 <= p <= 3 for p in value):
        return sorted(set(value))
    return []


def _envite(value: object) -> int:
    return value if type(value) is int and 2 <= value <= 1000 else 2


def _reasons(data: object, actions: int, finished: int) -> dict[int, dict[str, Any]]:
    """The saved bots' reasons that fit the game and can be said; anything else is left out."""
    if not isinstance(data, dict):
        return {}
    kept: dict[int, dict[str, Any]] = {}
    for key in data:
        entry = data[key]
        if not (isinstance(key, str) and 0 < len(key) <= 6 and all(c in DIGITS for c in key)
                and int(key) < actions and isinstance(entry, dict) and isinstance(entry.get("reason"), dict)):
            continue
        seat, hand = entry.get("seat"), entry.get("hand")
        if (type(seat) is int and 1 <= seat <= 3 and type(hand) is int and 0 <= hand <= finished
                and _sayable(entry["reason"])):
            kept[int(key)] = {"seat": seat, "hand": hand, "reason": entry["reason"]}
    return kept


def _sayable(reason: dict[str, Any]) -> bool:
    """Whether ``explain`` puts a stored reason in words in both languages. A tampered one
    can fail in any way (a missing key, a list for a number), so anything raised counts."""
    try:
        explain(reason, "es")
        explain(reason, "en")
    except Exception:
        return False
    return True


def read_save(storage: Storage) -> tuple[str | None, Saved | None, SaveError | None]:
    """(the stored text, its save or None, why it cannot be used or None); touches nothing."""
    text = storage.get(SAVE_KEY)
    if text is None:
        return None, None, None
    try:
        return text, decode_save(text), None
    except SaveError as error:
        return text, None, error


def load_save(storage: Storage) -> tuple[Saved | None, dict[str, str] | None]:
    """(the saved partida or None, None) or, for a bad save, (None, {why, key, detail}) after
    moving it aside (``key`` is where it is now: under ``mus.save`` still if storage refused
    the copy)."""
    text, saved, error = read_save(storage)
    if text is None or error is None:
        return saved, None
    return None, set_aside(storage, text, error)


def set_aside(storage: Storage, text: str, error: SaveError) -> dict[str, str]:
    """Move an unusable stored save aside (unless storage refuses the copy); the notice's data."""
    aside = keep_aside(storage, SAVE_KEY, text)
    if aside is not None:
        storage.remove(SAVE_KEY)
    return {"why": error.why, "key": aside or SAVE_KEY, "detail": str(error)}


def write_save(storage: Storage, saved: Saved, writer: str, above: int = 0,
               memo: SaveMemo | None = None) -> str | None:
    """Store ``saved`` as the revision after both its own and ``above`` (another window's),
    written by ``writer``; the text stored, or None (and ``saved`` unchanged) when storage
    refused it. ``memo``: as ``encode_save``'s."""
    rev, was = saved.rev, saved.writer
    saved.rev, saved.writer = min(max(rev, above) + 1, MAX_REV), writer
    text = encode_save(saved, memo)
    if storage.set(SAVE_KEY, text):
        return text
    saved.rev, saved.writer = rev, was
    return None


def wins(a: Saved, b: Saved) -> bool:
    """Whether save ``a`` wins over ``b``, two saves written by different windows; every
    window decides the same. Of one partida (same rules, seed and start), the one whose
    actions extend the other's wins, else, for the same actions, the one with more counts
    seen, then the later revision. Of two partidas (a new one started elsewhere, or a fork),
    the later revision wins, then the one with more actions, then the greater writer id."""
    if a.game.initial().to_json() == b.game.initial().to_json():
        mine, theirs = a.game.actions, b.game.actions
        if mine == theirs:
            return (a.acked, a.rev, a.writer) > (b.acked, b.rev, b.writer)
        if mine[: len(theirs)] == theirs:
            return True
        if theirs[: len(mine)] == mine:
            return False
    return (a.rev, len(a.game.actions), a.writer) > (b.rev, len(b.game.actions), b.writer)
