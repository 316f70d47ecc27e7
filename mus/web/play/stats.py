"""The player's statistics: partidas, juegos, hands and lances won, kept in ``mus.stats``. Pure.

Each counter is [won by us, played]; ``racha`` is [partidas won in a row now, the most ever
won in a row] (a lost partida sets the first back to 0). Stored statistics are read strictly: a counter that is
not two whole numbers with no more won than played raises ``ValueError`` naming it;
``load_stats`` then keeps the text aside (``mus.stats.corrupt.<time>``), takes the counters
it can read, writes them back and says so.

>>> from mus.web.kit.storage import MemoryStorage
>>> store = MemoryStorage({STATS_KEY: '{"partidas": [1, 3], "juegos": [true, 2]}'})
>>> stats, problem = load_stats(store, now_ms=9)
>>> stats["partidas"], stats["juegos"], problem["aside"], problem["why"]
([1, 3], [0, 0], 'mus.stats.corrupt.9', 'expected juegos as [won, played], two whole numbers, got a list of 2')
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Sequence

from mus.jsondata import copy_data, described, dump_text, load_text
from mus.observation import HandResult

from ..kit.storage import read_kept

if TYPE_CHECKING:
    from ..kit.storage import Storage

SCHEMA = 1
STATS_KEY = "mus.stats"
MAX_STATS_TEXT = 10_000  # about 200 characters in use
LANCES = ("grande", "chica", "pares", "juego", "punto")
COUNTERS = ("partidas", "juegos", "manos")
STREAK = "racha"
MAX_COUNT = 10**12


def empty_stats() -> dict[str, Any]:
    return {"schema": SCHEMA, "partidas": [0, 0], "juegos": [0, 0], "manos": [0, 0],
            "lances": {lance: [0, 0] for lance in LANCES}, STREAK: [0, 0]}


def _pair(name: str, value: object, strict: bool) -> list[int] | None:
    if (isinstance(value, list) and len(value) == 2
            and all(type(v) is int and 0 <= v <= MAX_COUNT for v in value) and value[0] <= value[1]):
        return list(value)
    if strict:
        shape = "[now, best], two whole numbers" if name == STREAK else "[won, played], two whole numbers"
        raise ValueError(f"expected {name} as {shape}, got {described(value)}")
    return None


def stats_from(data: object, strict: bool = False) -> dict[str, Any]:
    """The statistics in ``data``; a counter that cannot be read counts as zero, or with
    ``strict`` raises ValueError naming it (a counter left out is zero either way)."""
    stats = empty_stats()
    if not isinstance(data, dict):
        if strict:
            raise ValueError(f"expected the statistics as an object, got {described(data)}")
        return stats
    _read_pairs(stats, data, COUNTERS + (STREAK,), strict)
    lances = data.get("lances", {})
    if not isinstance(lances, dict):
        if strict:
            raise ValueError(f"expected lances as an object, got {described(lances)}")
        return stats
    _read_pairs(stats["lances"], lances, LANCES, strict)
    return stats


def _read_pairs(into: dict[str, Any], data: dict[str, Any], names: Sequence[str], strict: bool) -> None:
    """Each of ``names`` present in ``data`` read into ``into`` (left as it was if unreadable)."""
    for name in names:
        if name in data:
            into[name] = _pair(name, data[name], strict) or into[name]


def read_stats(text: str) -> dict[str, Any]:
    """Stored statistics, strictly: ValueError naming what is wrong."""
    return stats_from(load_text(text, "the statistics", MAX_STATS_TEXT), strict=True)


def load_stats(storage: Storage, now_ms: int | None = None) -> tuple[dict[str, Any], dict[str, str] | None]:
    """The stored statistics, and what was kept aside (``kit.storage.read_kept``) if they
    could not all be read: then the counters that could are taken and written back."""
    text = storage.get(STATS_KEY)
    stats, problem = read_kept(storage, STATS_KEY, read_stats, now_ms)
    if problem is None:
        return stats or empty_stats(), None
    try:
        stats = stats_from(load_text(text, "the statistics", MAX_STATS_TEXT))
    except ValueError:
        stats = empty_stats()
    if problem["aside"]:
        write_stats(storage, stats)
    return stats, problem


def write_stats(storage: Storage, stats: dict[str, Any]) -> bool:
    """Store the statistics; False when storage refused them."""
    return storage.set(STATS_KEY, dump_text(stats))


def _bump(pair: list[int], won: bool) -> None:
    pair[0] += int(won)
    pair[1] += 1


def count_hand(stats: dict[str, Any], hand: HandResult, human_team: int = 0) -> dict[str, Any]:
    """Add one finished hand (a ``history`` entry) to the statistics; returns new stats."""
    out: dict[str, Any] = copy_data(stats)
    totals = [0, 0]
    by_lance: dict[str, list[int]] = {}
    for entry in hand.get("ledger", []):
        team, points = int(entry["team"]), int(entry["points"])
        totals[team] += points
        by_lance.setdefault(str(entry["lance"]), [0, 0])[team] += points
    _bump(out["manos"], totals[human_team] > totals[1 - human_team])
    for lance in sorted(by_lance):
        split = by_lance[lance]
        if lance in out["lances"]:
            _bump(out["lances"][lance], split[human_team] > split[1 - human_team])
    if hand.get("juego_winner") is not None:
        _bump(out["juegos"], hand["juego_winner"] == human_team)
    return out


def count_partida(stats: dict[str, Any], winner: int, human_team: int = 0) -> dict[str, Any]:
    """Add one finished partida: won or not, and the run of partidas won in a row.

    >>> s = count_partida(count_partida(count_partida(empty_stats(), 0), 0), 1)
    >>> s["partidas"], s["racha"], count_partida(s, 0)["racha"]
    ([2, 3], [0, 2], [1, 2])
    """
    out: dict[str, Any] = copy_data(stats)
    won = winner == human_team
    _bump(out["partidas"], won)
    now = out[STREAK][0] + 1 if won else 0
    out[STREAK] = [now, max(now, out[STREAK][1])]
    return out
