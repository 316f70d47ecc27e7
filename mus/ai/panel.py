"""The panel: one level against every kind of opponent, in one table.

    python -m mus.arena --panel --juegos 1000 --seed 1 --jobs 1

A change to a bot is judged on the panel's minimum and mean, never on one row. The level
(``--team0``, default ``dificil``) plays, in turn, each opponent of ``PANEL``: the page's
levels below it (``random``, ``facil``, the lessons' beginner ``lessons``, ``normal``),
``normal`` in each style, ``loose`` (``normal`` opening from weak hands, as a stranger
did), the Monte-Carlo search ``montecarlo`` (another design, built to judge ours) and each
exploiter. Every row is an arena run (``mus.ai.arena``: each game seed
with both seatings, a 95 % interval over the pairs); ``--opponents`` plays only some rows
(to give the rows near a target more juegos). The goals of ``dificil`` (issue 45) are
printed beside its rows.

>>> [row.opponent for row in panel_rows("normal", 2, 1, 1, ["random", "never-bet"])]
['random', 'never-bet']
"""

from __future__ import annotations

import statistics
import time
from typing import Callable, Final

from .arena import interval, run
from .exploiters import EXPLOITERS

PANEL: Final = ("random", "facil", "lessons", "normal", "normal/careful", "normal/bluffer",
                "normal/bold", "loose", "montecarlo") + EXPLOITERS
# dificil's goals against each opponent, in % of juegos (issue 45).
GOALS: Final = {"random": 93.0, "normal": 82.0, "montecarlo": 60.0, **{name: 92.0 for name in EXPLOITERS}}


class Row:
    """One opponent's arena run: juegos won by the level, of how many, and the interval."""

    __slots__ = ("opponent", "won", "juegos", "mean", "half", "seconds")

    def __init__(self, opponent: str, won: int, juegos: int, mean: float, half: float, seconds: float) -> None:
        self.opponent, self.won, self.juegos = opponent, won, juegos
        self.mean, self.half, self.seconds = mean, half, seconds


def panel_rows(level: str, juegos: int, seed: int, jobs: int, opponents: list[str] | None = None,
               show: Callable[[str], None] | None = None) -> list[Row]:
    """Play ``level`` against each of ``opponents`` (default ``PANEL``; ``level/style``
    plays that level in that style), ``juegos`` juegos each; with ``show``, the table is
    written as it is played (``show`` takes each line)."""
    if show:
        show(header(level))
    rows = []
    for opponent in opponents or list(PANEL):
        name, _, style = opponent.partition("/")
        start = time.perf_counter()
        results = run(level, name, max(1, (juegos + 1) // 2), seed, jobs, styles=(None, style or None))
        mean, half = interval(results)
        rows.append(Row(opponent, sum(result[0] for result in results), 2 * len(results), mean, half,
                        time.perf_counter() - start))
        if show:
            show(line(level, rows[-1]))
    if show:
        show(footer(rows))
    return rows


def header(level: str) -> str:
    return (f"panel of {level}: juegos won against each opponent (95 % interval over seat-swapped pairs)\n"
            f"  {'opponent':16} {'won':>11} {'%':>6}   {'interval':>11}   {'goal':>6}   {'time':>7}")


def line(level: str, row: Row) -> str:
    goal = GOALS.get(row.opponent) if level == "dificil" else None
    mark = "" if goal is None else f"≥ {goal:.0f}" + (" ✓" if 100 * row.mean >= goal else " ✗")
    low, high = max(0.0, row.mean - row.half), min(1.0, row.mean + row.half)
    won = f"{row.won}/{row.juegos}"
    return (f"  {row.opponent:16} {won:>11} {100 * row.mean:6.1f}   "
            f"{100 * low:5.1f}–{100 * high:5.1f}   {mark:>6}   {row.seconds:5.0f} s")


def footer(rows: list[Row]) -> str:
    """The panel's minimum and mean: what a change to a bot is judged on."""
    worst = min(rows, key=lambda r: r.mean)
    return (f"  minimum {100 * worst.mean:.1f} % (against {worst.opponent}); "
            f"mean {100 * statistics.fmean(r.mean for r in rows):.1f} % over {len(rows)} opponents")
