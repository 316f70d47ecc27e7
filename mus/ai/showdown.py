"""One guessed deal counted as the showdown would count it, lance by lance.

``dificil`` values its options and the coach gives its chances over the same guessed
deals; both read each deal through ``lance_lines`` (who takes part in each lance, who
wins it, what it pays besides the bets) and ``count_lines`` (what a lance adds to the score).

>>> import mus
>>> from mus.ai.tables import card_index
>>> from mus.ai.view import View
>>> g = mus.Game.from_deal(["RRRA", "CCSA", "7654", "4422"], mano=0, seed=1)
>>> view = View(g.observation(0))
>>> t = view.tables
>>> ids = [t.hand_id([card_index(c) for c in g.hand(s)]) for s in range(4)]
>>> for line in lance_lines(view, ids):
...     print(line)
Line(lance='grande', name='grande', won=True, vals=(0, 0))
Line(lance='chica', name='chica', won=False, vals=(0, 0))
Line(lance='pares', name='pares', won=False, vals=(2, 4))
Line(lance='juego', name='juego', won=True, vals=(3, 3))
>>> count_lines("pares", None, False, (2, 4), team=0)   # en paso: the duples of the rivals
[(False, 4)]
"""

from __future__ import annotations

from typing import Any, TypeAlias

from ..observation import OutcomeData
from .view import View

ORDER = ("grande", "chica", "pares", "juego")

Entry: TypeAlias = "tuple[bool, int]"   # (scored by us, tantos)


class Line:
    """How one lance of a deal goes, from the side of the viewing seat's team."""

    __slots__ = ("lance", "name", "won", "vals")
    lance: str               # grande, chica, pares or juego: its place in the hand
    name: str                # the lance actually played: punto when nobody has juego
    won: bool                # our team holds the best hand among those taking part
    vals: tuple[int, int]    # (ours, theirs): tantos it pays besides the bets

    def __init__(self, lance: str, name: str, won: bool, vals: tuple[int, int]) -> None:
        self.lance, self.name, self.won, self.vals = lance, name, won, vals

    def __repr__(self) -> str:
        return f"Line(lance={self.lance!r}, name={self.name!r}, won={self.won}, vals={self.vals})"


def lance_lines(view: View, ids: list[int]) -> list[Line]:
    """The lances of the deal ``ids`` (a hand id per seat) that somebody takes part in."""
    out = []
    for lance in ORDER:
        names, wins, vals = lance_columns(view, lance, [ids])
        name = names[0]
        if name is not None:
            out.append(Line(lance, name, wins[0], vals[0]))
    return out


def lance_columns(view: View, lance: str, deals: list[list[int]]) -> tuple[
        list[str | None], list[bool], list[tuple[int, int]]]:
    """How ``lance`` goes in each of ``deals`` (a hand id per seat): the lance actually
    played (None if nobody takes part, punto when nobody has juego), whether our team
    holds the best hand among those taking part, and what it pays (ours, theirs) besides
    the bets. Many deals at once, the four seats written out: the dificil bot counts
    hundreds a decision. Ties go to the seat closer to the mano."""
    t = view.tables
    team = view.team
    first, second, third, fourth = [(view.mano + i) % 4 for i in range(4)]
    me, partner = view.seat, view.partner
    rival, other = view.rivals
    n = len(deals)
    names: list[str | None] = [lance] * n
    wins = [False] * n
    vals = [(0, 0)] * n
    if lance in ("grande", "chica"):
        key = t.key[lance]
        for d in range(n):
            ids = deals[d]
            best, best_key = first, key[ids[first]]
            k = key[ids[second]]
            if k > best_key:
                best, best_key = second, k
            k = key[ids[third]]
            if k > best_key:
                best, best_key = third, k
            if key[ids[fourth]] > best_key:
                best = fourth
            wins[d] = best & 1 == team
        return names, wins, vals
    values = t.pares_value if lance == "pares" else t.juego_value
    key, punto = t.key[lance], t.key["punto"]
    for d in range(n):
        ids = deals[d]
        best, best_key = -1, -1
        for s in (first, second, third, fourth):
            if values[ids[s]]:
                k = key[ids[s]]
                if best < 0 or k > best_key:
                    best, best_key = s, k
        if best >= 0:
            vals[d] = (values[ids[me]] + values[ids[partner]], values[ids[rival]] + values[ids[other]])
        elif lance == "pares":   # nobody has pares: nobody takes part
            names[d] = None
            continue
        else:   # nobody has juego: punto, everyone plays for one more tanto
            names[d] = "punto"
            vals[d] = (1, 1)
            best, best_key = first, punto[ids[first]]
            for s in (second, third, fourth):
                k = punto[ids[s]]
                if k > best_key:
                    best, best_key = s, k
        wins[d] = best & 1 == team
    return names, wins, vals


def count_lines(lance: str, outcome: OutcomeData | None, won: bool,
                vals: tuple[int, int], team: int) -> list[Entry]:
    """Count lines (ours?, tantos) of a lance: decided (``outcome``) or to come (en paso)."""
    kind = outcome["kind"] if outcome else "paso"
    if kind == "deje":
        to_us = outcome is not None and outcome["team"] == team
        extra = vals[0 if to_us else 1]
        return [(to_us, extra)] if extra else []
    base = vals[0 if won else 1]
    if lance in ("grande", "chica"):
        base = 1 if kind == "paso" else 0
    amount = int(outcome["amount"]) if outcome and kind == "querido" else 0
    total = base + amount
    return [(won, total)] if total else []
