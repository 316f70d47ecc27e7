"""Saved partida, remembered settings and statistics, against a tiny storage interface
(``kit.storage``). Pure.

The save is the engine's own JSON (rules, seed, actions) inside an envelope with a schema
version, how many showdowns the player has acknowledged, how many finished hands were added
to the statistics, the settings, each seat's bot level and a revision number. A save that
cannot be used is never deleted: it is moved aside under ``mus.save.corrupt.<time>``.

Two windows share one save. Each write bumps ``rev`` and happens only if the stored save is
still the revision this window read or wrote last, so a stale window never writes an older
partida over a newer one: ``write_save`` returns False and the window reloads the save instead.

Optional (saves without it still load): ``reasons``, why each bot acted, keyed by the
action's index in the game's ``actions`` (as text, JSON keys being strings): ``{"17":
{"seat": 1, "hand": 0, "reason": {...}}}`` where ``hand`` indexes ``game.history`` once
that hand is over and ``reason`` is the bot's ``Decision.reason`` (``mus.ai.explain``).
Entries that do not fit the game are dropped on load; the partida is kept.

>>> from mus.web.kit.storage import MemoryStorage
>>> store = MemoryStorage()
>>> game = mus.Game.new(seed=1).apply("mus")
>>> write_save(store, Saved(game, acked=0, counted=0, settings=Settings(), levels=[None, "normal", "normal", "normal"]))
True
>>> saved, problem = load_save(store)
>>> saved.game.observation(0) == game.observation(0), problem, saved.rev
(True, None, 1)
>>> stale = load_save(store)[0]
>>> write_save(store, saved), write_save(store, stale), stored_rev(store)
(True, False, 2)
>>> store.set(SAVE_KEY, "{oops")
>>> saved, problem = load_save(store)
>>> saved, problem["why"], store.get(problem["key"])
(None, 'unreadable', '{oops')
"""

from __future__ import annotations

import json
import time
from typing import TYPE_CHECKING, Any

import mus
from mus.jsondata import dump_text
from mus.observation import HandResult

from ..kit.value import Value
from .settings import LEVELS, Settings

if TYPE_CHECKING:
    from ..kit.storage import Storage

SCHEMA = 1
SAVE_KEY = "mus.save"
SETTINGS_KEY = "mus.settings"
STATS_KEY = "mus.stats"
ASIDE_PREFIX = "mus.save.corrupt"
LANCES = ("grande", "chica", "pares", "juego", "punto")
MAX_REV = 2**53  # what a JavaScript number holds exactly


# --- the saved partida ------------------------------------------------------------------


class Saved(Value):
    # A saved partida: the game and what the page keeps beside it. (Classes in mus.zip keep
    # their docstrings, tools/build/compile_pyc.mjs: this one says it in a comment.)

    __slots__ = ("game", "acked", "counted", "settings", "levels", "reasons", "selected", "envite", "rev")

    def __init__(self, game: mus.Game, acked: int = 0, counted: int = 0, settings: Settings | None = None,
                 levels: list[str | None] | None = None, reasons: dict[int, dict[str, Any]] | None = None,
                 selected: list[int] | None = None, envite: int = 2, rev: int = 0) -> None:
        self.game = game
        self.acked = acked  # showdowns (finished hands) the player has seen and dismissed
        self.counted = counted  # finished hands already added to the statistics
        self.settings = settings if settings is not None else Settings()
        self.levels: list[str | None] = levels if levels is not None else [None, "normal", "normal", "normal"]
        self.reasons: dict[int, dict[str, Any]] = reasons if reasons is not None else {}  # action index → seat, hand, reason
        self.selected: list[int] = selected if selected is not None else []  # cards chosen to discard, kept over a reload
        self.envite = envite  # the envido stepper's amount
        self.rev = rev  # writes so far; absent from saves made before windows compared it


class SaveError(ValueError):
    """A save that cannot be used; ``why`` is unreadable, newer or invalid."""

    def __init__(self, why: str, detail: str) -> None:
        super().__init__(f"{why}: {detail}")
        self.why = why


def encode_save(saved: Saved) -> str:
    """The save as compact JSON, keys sorted: the same text on every runtime."""
    return dump_text({
        "schema": SCHEMA,
        "game": json.loads(saved.game.to_json()),
        "acked": saved.acked,
        "counted": saved.counted,
        "settings": saved.settings.to_dict(),
        "levels": saved.levels,
        "selected": saved.selected,
        "envite": saved.envite,
        "reasons": {str(index): entry for index, entry in sorted(saved.reasons.items())},
        "rev": saved.rev,
        "saved_at": int(time.time() * 1000),
    })


def _count(value: object, limit: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= limit:
        raise SaveError("unreadable", f"expected a count 0..{limit}, got {value!r}")
    return value


def decode_save(text: str) -> Saved:
    """The save in ``text``; raises SaveError saying why it cannot be used."""
    try:
        data = json.loads(text)
    except (TypeError, ValueError) as error:
        raise SaveError("unreadable", f"not JSON ({error})") from None
    if not isinstance(data, dict) or not isinstance(data.get("schema"), int):
        raise SaveError("unreadable", "not a saved partida")
    if data["schema"] > SCHEMA:
        raise SaveError("newer", f"schema {data['schema']} is newer than {SCHEMA}")
    if data["schema"] != SCHEMA or not isinstance(data.get("game"), dict):
        raise SaveError("unreadable", f"schema {data['schema']} without a game")
    try:
        game = mus.Game.from_json(json.dumps(data["game"]))
    except Exception as error:  # ValueError (IllegalActionError too) or a tampered shape
        raise SaveError("invalid", str(error)) from None
    finished = len(game.history)
    levels = data.get("levels")
    if not (isinstance(levels, list) and len(levels) == 4 and levels[0] is None
            and all(level in LEVELS for level in levels[1:])):
        raise SaveError("unreadable", f"expected four seat levels, got {levels!r}")
    selected = data.get("selected")  # optional: saves from before it was kept
    if not (isinstance(selected, list) and all(p in (0, 1, 2, 3) and type(p) is int for p in selected)):
        selected = []
    envite = data.get("envite")
    if type(envite) is not int or not 2 <= envite <= 1000:
        envite = 2
    return Saved(game, _count(data.get("acked", finished), finished),
                 _count(data.get("counted", finished), finished),
                 Settings.from_dict(data.get("settings")), list(levels),
                 _reasons(data.get("reasons"), len(game.actions), finished),
                 selected=sorted(set(selected)), envite=envite,
                 rev=_count(data.get("rev", 0), MAX_REV))


def _reasons(data: object, actions: int, finished: int) -> dict[int, dict[str, Any]]:
    """The saved bots' reasons that fit the game; anything else is left out."""
    if not isinstance(data, dict):
        return {}
    kept: dict[int, dict[str, Any]] = {}
    for key, entry in data.items():
        if not (isinstance(key, str) and key.isdigit() and int(key) < actions
                and isinstance(entry, dict) and isinstance(entry.get("reason"), dict)):
            continue
        seat, hand = entry.get("seat"), entry.get("hand")
        if (isinstance(seat, int) and not isinstance(seat, bool) and 1 <= seat <= 3
                and isinstance(hand, int) and not isinstance(hand, bool) and 0 <= hand <= finished):
            kept[int(key)] = {"seat": seat, "hand": hand, "reason": entry["reason"]}
    return kept


def stored_rev(storage: Storage) -> int | None:
    """The revision of the stored save: 0 when there is none, None when it cannot be read."""
    text = storage.get(SAVE_KEY)
    if text is None:
        return 0
    try:
        rev = json.loads(text).get("rev", 0)
    except (TypeError, ValueError, AttributeError):
        return None
    return rev if isinstance(rev, int) and not isinstance(rev, bool) else None


def write_save(storage: Storage, saved: Saved) -> bool:
    """Store ``saved`` as the next revision, unless another window wrote since ``saved.rev``.

    Returns False (and writes nothing) when the stored save is newer. A stored save that
    cannot be read is moved aside first, never overwritten.
    """
    current = stored_rev(storage)
    if current is None:
        move_aside(storage, storage.get(SAVE_KEY) or "")
    elif current != saved.rev:
        return False
    saved.rev += 1
    storage.set(SAVE_KEY, encode_save(saved))
    return True


def clear_save(storage: Storage) -> None:
    storage.remove(SAVE_KEY)


def move_aside(storage: Storage, text: str, now_ms: int | None = None) -> str:
    """Keep ``text`` under a fresh ``mus.save.corrupt.<time>`` key; return that key."""
    stamp = int(time.time() * 1000) if now_ms is None else now_ms
    existing = set(storage.keys())
    key, n = f"{ASIDE_PREFIX}.{stamp}", 1
    while key in existing:
        n += 1
        key = f"{ASIDE_PREFIX}.{stamp}-{n}"
    storage.set(key, text)
    return key


def load_save(storage: Storage) -> tuple[Saved | None, dict[str, str] | None]:
    """(the saved partida or None, None) or, for a bad save, (None, {why, key}) after
    moving it aside."""
    text = storage.get(SAVE_KEY)
    if text is None:
        return None, None
    try:
        return decode_save(text), None
    except SaveError as error:
        key = move_aside(storage, text)
        storage.remove(SAVE_KEY)
        return None, {"why": error.why, "key": key}


# --- settings -----------------------------------------------------------------------------


def load_settings(storage: Storage) -> Settings:
    try:
        return Settings.from_dict(json.loads(storage.get(SETTINGS_KEY) or "null"))
    except ValueError:
        return Settings()


def write_settings(storage: Storage, settings: Settings) -> None:
    storage.set(SETTINGS_KEY, dump_text(settings.to_dict()))


# --- statistics -----------------------------------------------------------------------------


def empty_stats() -> dict[str, Any]:
    """Each counter is [won by us, played]."""
    return {"schema": SCHEMA, "partidas": [0, 0], "juegos": [0, 0], "manos": [0, 0],
            "lances": {lance: [0, 0] for lance in LANCES}}


def _pair(value: object) -> list[int] | None:
    if (isinstance(value, list) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value)
            and value[0] <= value[1]):
        return list(value)
    return None


def load_stats(storage: Storage) -> dict[str, Any]:
    """The statistics; anything unreadable in them counts as zero."""
    stats = empty_stats()
    try:
        data = json.loads(storage.get(STATS_KEY) or "null")
    except ValueError:
        return stats
    if not isinstance(data, dict):
        return stats
    for key in ("partidas", "juegos", "manos"):
        stats[key] = _pair(data.get(key)) or stats[key]
    lances = data.get("lances")
    if isinstance(lances, dict):
        for lance in LANCES:
            stats["lances"][lance] = _pair(lances.get(lance)) or stats["lances"][lance]
    return stats


def write_stats(storage: Storage, stats: dict[str, Any]) -> None:
    storage.set(STATS_KEY, dump_text(stats))


def _bump(pair: list[int], won: bool) -> None:
    pair[0] += int(won)
    pair[1] += 1


def count_hand(stats: dict[str, Any], hand: HandResult, human_team: int = 0) -> dict[str, Any]:
    """Add one finished hand (a ``history`` entry) to the statistics; returns new stats."""
    out: dict[str, Any] = json.loads(json.dumps(stats))
    totals = [0, 0]
    by_lance: dict[str, list[int]] = {}
    for entry in hand.get("ledger", []):
        team, points = int(entry["team"]), int(entry["points"])
        totals[team] += points
        by_lance.setdefault(str(entry["lance"]), [0, 0])[team] += points
    _bump(out["manos"], totals[human_team] > totals[1 - human_team])
    for lance, split in by_lance.items():
        if lance in out["lances"]:
            _bump(out["lances"][lance], split[human_team] > split[1 - human_team])
    if hand.get("juego_winner") is not None:
        _bump(out["juegos"], hand["juego_winner"] == human_team)
    return out


def count_partida(stats: dict[str, Any], winner: int, human_team: int = 0) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(json.dumps(stats))
    _bump(out["partidas"], winner == human_team)
    return out
