"""Precomputed hand tables shared by the bots, built once per rules variant and cached.

Cards are deck indices 0..39 (rank-major, see ``mus.cards``). Ranks that play alike are
merged into *classes*: with 8 reyes every 3 is a rey and every 2 an as (unless 31 real
needs to tell a true rey from a 3). A hand's class multiset is its *signature*; each one
gets a small integer id, and the tables below are lists indexed by that id:

* ``key[lance][id]``: the engine's lance key (larger wins), ``pares_value``, ``juego_value``;
* ``pct[lance][id]``: how good the hand is in that lance against a random hand, in 0..1
  (pares and juego among the hands that hold them, punto among those without juego);
* ``best[lance][pos][id]``: chance the hand is the best of four at that lance, sitting
  ``pos`` seats after the mano (ties go to the seat closer to the mano);
* ``equity[pos][id]``: an estimate of the tantos a hand is worth, weighing every lance;
* ``keep_value``/``keep``: what keeping a sub-multiset is worth once the rest is drawn.

>>> t = tables_for(8, False)
>>> len(t.sigs), t.total_weight
(330, 91390)
>>> t.hand_id([0, 1, 2, 3]) == t.id_of((0, 0, 0, 0))   # four reyes de any suit
True
>>> t.pct["grande"][t.id_of((0, 0, 0, 0))] > 0.99
True
"""

from __future__ import annotations

import math
from typing import Final, Generator, Iterator, TypeAlias

from ..combos import comb, combinations, multisets
from ..lances import signature, table_for
from ..memo import memoized
from ..rules import Rules

Sig: TypeAlias = "tuple[int, ...]"
LANCE_NAMES: Final = ("grande", "chica", "pares", "juego", "punto")
POW: Final = tuple(5 ** i for i in range(10))
STEP_HANDS: Final = 60   # hands a step of a build in steps goes through in its longest loops
# Rough worth (tantos, bets included) of winning each lance, for discards and mus.
_GRANDE_WORTH, _CHICA_WORTH, _PARES_BONUS, _JUEGO_BONUS, _PUNTO_WORTH = 1.6, 1.3, 1.5, 2.0, 1.4


def _sub_multisets(sig: Sig, size: int) -> list[Sig]:
    return sorted(set(combinations(sig, size)))


class Tables:
    """All per-signature tables of one rules variant (``reyes``, ``real_31``)."""

    def __init__(self, reyes: int, real_31: bool) -> None:
        for _ in self._steps(reyes, real_31):
            pass

    def _steps(self, reyes: int, real_31: bool) -> Iterator[None]:
        """Builds the tables, yielding between short steps (``tables_in_steps``)."""
        table = table_for(Rules(reyes=reyes, real_31=real_31))
        rank_class = list(range(10))
        if reyes == 8:
            rank_class[8] = 9           # a 2 is an as
            if not real_31:
                rank_class[7] = 0       # a 3 is a rey
        self.rank_class: list[int] = rank_class
        self.card_class: list[int] = [rank_class[c >> 2] for c in range(40)]
        self.card_code: list[int] = [POW[k] for k in self.card_class]
        size = [0] * 10
        for r in range(10):
            size[rank_class[r]] += 4
        self.class_size: list[int] = size
        self.classes: list[int] = [k for k in range(10) if size[k]]
        self.sigs: list[Sig] = [
            s for s in multisets(self.classes, 4)
            if all(s.count(k) <= size[k] for k in set(s))
        ]
        yield
        self.code_to_id: dict[int, int] = {self.code(s): i for i, s in enumerate(self.sigs)}
        n = len(self.sigs)
        self.weight: list[int] = [self._combos(s) for s in self.sigs]
        self.total_weight: int = sum(self.weight)
        yield
        # A signature of classes is one of ranks: each class is its first rank.
        codes = [signature(s) for s in self.sigs]
        self.key: dict[str, list[int]] = {
            lance: [table.keys[lance][c] for c in codes] for lance in LANCE_NAMES}
        self.pares_value: list[int] = [table.pares_value[c] for c in codes]
        self.juego_value: list[int] = [table.juego_value[c] for c in codes]
        self.points: list[int] = [table.points[c] for c in codes]
        self.class_counts: list[tuple[tuple[int, int], ...]] = [
            tuple((k, sg.count(k)) for k in sorted(set(sg))) for sg in self.sigs]
        self.has_pares: list[bool] = [v > 0 for v in self.pares_value]
        self.has_juego: list[bool] = [v > 0 for v in self.juego_value]
        w = [float(x) for x in self.weight]
        yield
        self.pct, self.less, self.eq, self.best = yield from self._strengths(w)
        self.p_juego: float = sum(wi for wi, j in zip(w, self.has_juego) if j) / sum(w)
        self.p_pares: float = sum(wi for wi, j in zip(w, self.has_pares) if j) / sum(w)
        self.equity: list[list[float]] = []
        for pos in range(4):
            self.equity.append(self._equity(self.best, pos))
            yield
        mean_eq = [sum(self.equity[p][i] for p in range(4)) / 4 for i in range(n)]
        self.mean_equity: list[float] = mean_eq
        self.equity_pct: list[list[float]] = []
        for pos in range(4):
            self.equity_pct.append(self._percentiles(self.equity[pos], w))
            yield
        self.keep_value: dict[Sig, float] = {}
        for kept_size in range(4):
            for j, kept in enumerate(multisets(self.classes, kept_size)):
                if all(kept.count(k) <= size[k] for k in set(kept)):
                    self.keep_value[kept] = self.expected_after_draw(kept, size, mean_eq)
                if j % STEP_HANDS == STEP_HANDS - 1:
                    yield
            yield
        # keep[d][id]: the sub-multiset a sensible player keeps when discarding d cards.
        self.keep: list[list[Sig]] = [[()] * n for _ in range(5)]
        for i, s in enumerate(self.sigs):
            for d in range(1, 5):
                options = _sub_multisets(s, 4 - d)
                self.keep[d][i] = max(options, key=lambda k: self.keep_value[k])
            if i % STEP_HANDS == STEP_HANDS - 1:
                yield
        self.best_discard_count: list[int] = [
            max(range(1, 5), key=lambda d: self.keep_value[self.keep[d][i]]) for i in range(n)]
        yield
        # The hands players hold after one round of sensible discards, and equity against them.
        # after_discard[d][id]: how likely a player who threw d cards holds each hand.
        # Kept multisets in the order first met, so that the sums below add up alike on
        # every runtime (MicroPython's dicts keep no order).
        after: list[dict[Sig, float]] = [{} for _ in range(6)]
        met: list[list[Sig]] = [[] for _ in range(6)]
        for i in range(n):
            for d in range(1, 6):
                kept = self.keep[d if d < 5 else self.best_discard_count[i]][i]
                if kept not in after[d]:
                    after[d][kept] = 0.0
                    met[d].append(kept)
                after[d][kept] += w[i]
        self.after_discard: list[list[float]] = [list(w)]
        for d in range(1, 6):
            dist = [0.0] * n
            for j, kept in enumerate(met[d]):
                weight = after[d][kept]
                for hid, p in self._completions(kept):
                    dist[hid] += weight * p
                if j % STEP_HANDS == STEP_HANDS - 1:
                    yield
            self.after_discard.append(dist)
            yield
        improved = self.after_discard.pop()
        self.improved_weight: list[float] = improved
        best_imp = (yield from self._strengths(improved))[3]
        self.equity_imp: list[list[float]] = []
        for pos in range(4):
            self.equity_imp.append(self._equity(best_imp, pos))
            yield
        # Mean equity of a hand at each seat, before and after discards: the baselines
        # against which a hand's share of the tantos is judged.
        total_imp = sum(improved)
        self.mean_equity_rand: list[float] = [
            sum(e * wi for e, wi in zip(self.equity[p], w)) / sum(w) for p in range(4)]
        self.mean_equity_imp: list[float] = [
            sum(e * wi for e, wi in zip(self.equity_imp[p], improved)) / total_imp for p in range(4)]

    # --- helpers --------------------------------------------------------------------------

    @staticmethod
    def code(sig: Sig) -> int:
        return sum(POW[k] for k in sig)

    def id_of(self, sig: Sig) -> int:
        return self.code_to_id[self.code(sig)]

    def hand_id(self, cards: list[int] | tuple[int, ...]) -> int:
        code = self.card_code
        return self.code_to_id[sum(code[c] for c in cards)]

    def sig_of_cards(self, cards: list[int] | tuple[int, ...]) -> Sig:
        return tuple(sorted(self.card_class[c] for c in cards))

    def _combos(self, sig: Sig) -> int:
        out = 1
        for k in set(sig):
            out *= comb(self.class_size[k], sig.count(k))
        return out

    @staticmethod
    def _percentiles(values: list[float], w: list[float]) -> list[float]:
        order = sorted(range(len(values)), key=lambda i: values[i])
        total = sum(w)
        out = [0.0] * len(values)
        below = 0.0
        j = 0
        while j < len(order):
            k = j
            group = 0.0
            while k < len(order) and values[order[k]] == values[order[j]]:
                group += w[order[k]]
                k += 1
            for m in range(j, k):
                out[order[m]] = (below + group / 2) / total
            below += group
            j = k
        return out

    def _less_equal(self, keys: list[int], w: list[float]) -> tuple[list[float], list[float]]:
        """For every id: weight share of hands with a smaller key, and with an equal key."""
        total = sum(w)
        by_key: dict[int, float] = {}
        for k, wi in zip(keys, w):
            by_key[k] = by_key.get(k, 0.0) + wi
        below: dict[int, float] = {}
        acc = 0.0
        for k in sorted(by_key):
            below[k] = acc
            acc += by_key[k]
        return [below[k] / total for k in keys], [by_key[k] / total for k in keys]

    def _strengths(self, w: list[float]) -> Generator[None, None, tuple[
            dict[str, list[float]], dict[str, list[float]], dict[str, list[float]],
            dict[str, list[list[float]]]]]:
        """pct, less, eq and best tables against hands distributed by weight ``w``, a lance
        a step."""
        n = len(self.sigs)
        pct: dict[str, list[float]] = {}
        less_of: dict[str, list[float]] = {}
        eq_of: dict[str, list[float]] = {}
        best: dict[str, list[list[float]]] = {}
        for lance in LANCE_NAMES:
            keys = list(self.key[lance])
            if lance == "punto":   # punto is only played when nobody has juego
                keys = [k if not j else -1 for k, j in zip(keys, self.has_juego)]
            less, equal = self._less_equal(keys, w)
            if lance in ("pares", "juego", "punto"):
                holds = self.has_pares if lance == "pares" else (
                    self.has_juego if lance == "juego" else [not j for j in self.has_juego])
                sub = [wi if h else 0.0 for wi, h in zip(w, holds)]
                hl, he = self._less_equal(keys, sub)
                less_of[lance], eq_of[lance] = hl, he
                pct[lance] = [(hl[i] + he[i] / 2) if holds[i] else 0.0 for i in range(n)]
                best[lance] = [[
                    (less[i] + equal[i]) ** (3 - pos) * less[i] ** pos if holds[i] else 0.0
                    for i in range(n)] for pos in range(4)]
            else:
                less_of[lance], eq_of[lance] = less, equal
                pct[lance] = [less[i] + equal[i] / 2 for i in range(n)]
                best[lance] = [[
                    (less[i] + equal[i]) ** (3 - pos) * less[i] ** pos for i in range(n)]
                    for pos in range(4)]
            yield
        return pct, less_of, eq_of, best

    def _equity(self, best: dict[str, list[list[float]]], pos: int) -> list[float]:
        out = []
        for i in range(len(self.sigs)):
            value = (_GRANDE_WORTH * best["grande"][pos][i] + _CHICA_WORTH * best["chica"][pos][i]
                     + best["pares"][pos][i] * (self.pares_value[i] + _PARES_BONUS)
                     + best["juego"][pos][i] * (self.juego_value[i] + _JUEGO_BONUS)
                     + _PUNTO_WORTH * best["punto"][pos][i])
            out.append(value)
        return out

    def _completions(self, kept: Sig) -> list[tuple[int, float]]:
        """Hands made of ``kept`` and cards drawn from the rest of the deck, with chances."""
        avail = list(self.class_size)
        for k in kept:
            avail[k] -= 1
        code_kept = self.code(kept)
        return [(self.code_to_id[code_kept + code], p)
                for code, p in draws_cached(self, tuple(avail), 4 - len(kept))]

    def draws(self, avail: list[int], count: int) -> list[tuple[int, float]]:
        """Every class multiset of ``count`` cards drawn from ``avail`` (cards left per class)
        that can be drawn, as its ``code``, with its probability."""
        total = comb(sum(avail), count)
        out = []
        for code, pairs in _shapes(tuple(self.classes), count):
            p = 1
            for k, m in pairs:
                p *= COMB[avail[k]][m]
            if p:
                out.append((code, p / total))
        return out

    def expected_after_draw(self, kept: Sig, avail_full: list[int], value: list[float]) -> float:
        """Expected ``value`` of the hand made of ``kept`` plus cards drawn from what is left."""
        avail = list(avail_full)
        for k in kept:
            avail[k] -= 1
        code_kept = self.code(kept)
        ids = self.code_to_id
        total = 0.0
        for code, p in draws_cached(self, tuple(avail), 4 - len(kept)):
            total += p * value[ids[code_kept + code]]
        return total


# COMB[n][k]: ways to choose k of n cards of a class (a class has at most 8).
COMB: Final = [[comb(n, k) for k in range(5)] for n in range(9)]


@memoized()
def _shapes(classes: tuple[int, ...], count: int) -> list[tuple[int, tuple[tuple[int, int], ...]]]:
    """Every multiset of ``count`` classes, in ``multisets`` order, as its code and its
    (class, how many) pairs."""
    return [(Tables.code(drawn), tuple((k, drawn.count(k)) for k in sorted(set(drawn))))
            for drawn in multisets(classes, count)]


@memoized(maxsize=256)
def draws_cached(t: Tables, avail: tuple[int, ...], count: int) -> list[tuple[int, float]]:
    return t.draws(list(avail), count)


# Variants built, and builds begun in steps, by ``reyes * 2 + real_31``.
_BUILT: dict[int, Tables] = {}
_BUILDING: dict[int, Iterator[None]] = {}


def tables_for(reyes: int, real_31: bool) -> Tables:
    """The tables of a variant, built on first use (or a build in steps finished now)."""
    if not tables_ready(reyes, real_31):
        for _ in tables_in_steps(reyes, real_31):
            pass
    return _BUILT[_variant(reyes, real_31)]


def tables_ready(reyes: int, real_31: bool) -> bool:
    """Whether ``tables_for`` of a variant returns at once."""
    return _variant(reyes, real_31) in _BUILT


def tables_in_steps(reyes: int, real_31: bool) -> Iterator[None]:
    """Builds the tables of a variant a short step per ``next`` (10 ms at most on
    MicroPython under Node, where the whole build takes 140 ms, and four times that on a
    phone): for a page whose every task must stay short. ``tables_for`` finishes a build
    begun here, and this one then ends at once.

    >>> for _ in tables_in_steps(8, False):
    ...     pass   # a page lets the browser run its next task here
    >>> tables_ready(8, False), list(tables_in_steps(8, False))
    (True, [])
    """
    key = _variant(reyes, real_31)
    if key in _BUILT:
        return
    steps = _BUILDING.get(key)
    if steps is None:
        steps = _BUILDING[key] = _build(key, reyes, real_31)
    yield from steps


def _variant(reyes: int, real_31: bool) -> int:
    return reyes * 2 + int(real_31)


def _build(key: int, reyes: int, real_31: bool) -> Iterator[None]:
    tables: Tables = object.__new__(Tables)   # its build is the steps below, not __init__
    yield from tables._steps(reyes, real_31)
    _BUILT[key] = tables
    del _BUILDING[key]


def card_index(text: str) -> int:
    """'Ro' → 0: a card in notation to its deck index."""
    return "RCS765432A".index(text[0]) << 2 | "oceb".index(text[1])


# --- chances of winning a juego from a score ---------------------------------------------

# Tantos one team scores in a hand between two reasonable players (measured in the arena):
# index = tantos, value = relative frequency.
_HAND_POINTS: Final = (2, 9, 13, 14, 13, 11, 9, 7, 6, 4, 3, 2.5, 2, 1.5, 1, 1, 0.7, 0.5, 0.4, 0.3, 0.3)


# Up to this target the table is exact; past it, it is built in units of several tantos
# and read between its points (a target of 200 would cost seconds exactly: O(target² · hands)).
EXACT_TARGET: Final = 60


def win_table(target: int, tilt: float = 0.0) -> list[list[float]]:
    """``w[need_us][need_them]``: chance of winning the juego when each team still needs
    that many tantos (1..target), assuming independent hands of typical tantos. A
    positive ``tilt`` makes our hands worth more than theirs (a stronger team), so that
    gambles such as an órdago look as bad as they are for the better side. Past
    ``EXACT_TARGET`` tantos (on either side) they are counted in units of
    ``ceil(target / EXACT_TARGET)`` and the table is interpolated between them.

    >>> w = win_table(40)
    >>> w[40][40], w[1][40] > 0.99, w[40][1] < 0.01
    (0.5, True, True)
    >>> big = win_table(200)
    >>> len(big), round(big[200][200], 6), big[100][150] > big[100][100] > big[150][100]
    (201, 0.5, True)
    """
    return _win_table(target, tilt)


@memoized()
def _win_table(target: int, tilt: float) -> list[list[float]]:
    total = sum(_HAND_POINTS)
    base = [x / total for x in _HAND_POINTS]
    pmfs = (_tilted(base, tilt), _tilted(base, -tilt))
    if target <= EXACT_TARGET:
        return _exact_table(target, pmfs[0], pmfs[1])
    unit = (target + EXACT_TARGET - 1) // EXACT_TARGET
    coarse = (target + unit - 1) // unit
    cw = _exact_table(coarse, _in_units(pmfs[0], unit), _in_units(pmfs[1], unit))
    # Needs up to EXACT_TARGET on both sides are exact (the chance depends on the needs
    # only); past that, need ``a`` tantos is a / unit units, read between the coarse
    # table's points.
    exact = _exact_table(EXACT_TARGET, pmfs[0], pmfs[1])
    w = [row + [0.5] * (target - EXACT_TARGET) for row in exact]
    w += [[0.5] * (target + 1) for _ in range(target - EXACT_TARGET)]
    spots = [(1, 1, 0.0)] + [_spot(a, unit, coarse) for a in range(1, target + 1)]
    for a in range(1, target + 1):
        i0, i1, fi = spots[a]
        r0, r1 = cw[i0], cw[i1]
        row = w[a]
        for b in range(1 if a > EXACT_TARGET else EXACT_TARGET + 1, target + 1):
            j0, j1, fj = spots[b]
            top = r0[j0] + (r0[j1] - r0[j0]) * fj
            bottom = r1[j0] + (r1[j1] - r1[j0]) * fj
            row[b] = top + (bottom - top) * fi
    return w


def _spot(need: int, unit: int, coarse: int) -> tuple[int, int, float]:
    """Where ``need`` tantos fall between two points of a table in units: the two needs in
    units and the share of the way from the first to the second."""
    if need <= unit:
        return 1, 1, 0.0
    lower = need // unit
    rest = need - lower * unit
    if rest == 0 or lower >= coarse:
        return min(lower, coarse), min(lower, coarse), 0.0
    return lower, lower + 1, rest / unit


def _in_units(pmf: list[float], unit: int) -> list[float]:
    """Tantos of a hand counted in units of ``unit`` tantos, split between the two nearest."""
    out = [0.0] * ((len(pmf) - 1) // unit + 2)
    for x, p in enumerate(pmf):
        low = x // unit
        share = (x - low * unit) / unit
        out[low] += p * (1.0 - share)
        out[low + 1] += p * share
    return out


def _exact_table(target: int, ours: list[float], theirs: list[float]) -> list[list[float]]:
    mean = sum(x * p for x, p in enumerate(ours))
    hands_max = max(8, int(target * 2 / max(mean, 0.5)) + 10)
    finished = [_finished(target, ours, hands_max), _finished(target, theirs, hands_max)]
    w = [[0.5] * (target + 1) for _ in range(target + 1)]
    for a in range(1, target + 1):
        fa = finished[0][a]
        for b in range(1, target + 1):
            fb = finished[1][b]
            p = 0.0
            for h in range(1, hands_max + 1):
                at_h = fa[h] - fa[h - 1]
                if at_h:
                    p += at_h * ((1.0 - fb[h]) + 0.5 * (fb[h] - fb[h - 1]))
            w[a][b] = p
    return w


def _tilted(pmf: list[float], tilt: float) -> list[float]:
    raw = [p * math.exp(tilt * x) for x, p in enumerate(pmf)]
    total = sum(raw)
    return [p / total for p in raw]


def _finished(target: int, pmf: list[float], hands_max: int) -> list[list[float]]:
    """``f[need][h]``: chance of having scored at least ``need`` after ``h`` hands."""
    dist = [[0.0] * target for _ in range(hands_max + 1)]
    dist[0][0] = 1.0
    for h in range(hands_max):
        row, nxt = dist[h], dist[h + 1]
        for s, p in enumerate(row):
            if p:
                for x, q in enumerate(pmf):
                    if s + x < target:
                        nxt[s + x] += p * q
    finished = [[0.0] * (hands_max + 1) for _ in range(target + 1)]
    for h in range(hands_max + 1):
        row = dist[h]
        below = 0.0
        for need in range(target + 1):
            finished[need][h] = 1.0 - below
            if need < target:
                below += row[need]
    return finished
