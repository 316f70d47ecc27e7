"""What a team's two hands are worth together, from the hand tables alone (issue 45.3).

The test-only level ``knowing`` (``tools/bench/knowledge.py``) knows its partner's four
cards. ``dificil`` cuts the mus and discards on one hand's equity (``Tables.equity``); a
team's two hands are worth less than the sum where they win the same lance and more where
they complement: the team wins a lance when the better of its two hands beats both rivals',
and its pares and juego both count when it wins there. ``TeamValue`` prices a pair of hands
so, against rival hands dealt from the deck (``now``) or after a round of sensible discards
(``after``), cheaply enough for every mus and discard decision:

    value = 1.6 F_grande(best)^2 + 1.3 F_chica(best)^2
          + F_pares(best)^2 (pares of both + 1.5) + F_juego(best)^2 (juego of both + 2)
          + 1.4 G_punto(best)^2   (when neither holds juego)

where ``F(x)`` is the share of rival hands below ``x`` at the lance (ties halved) and
``G`` the share without juego and below at punto; the weights are ``Tables.equity``'s.
"""

from __future__ import annotations

from bisect import bisect_left

from mus.ai.tables import LANCE_NAMES, Tables, draws_cached
from mus.rng import Random

_WORTH = (1.6, 1.3, 1.5, 2.0, 1.4)   # as ``mus.ai.tables``: grande, chica, pares and juego bonus, punto
BASELINE_PAIRS = 20000                 # random pairs the mean value is taken over
PAIRS = 600                            # completion pairs an expected value is sampled over


class TeamValue:
    """A pair's value against rivals dealt from weights ``w`` (one per hand id)."""

    def __init__(self, t: Tables, w: list[float]) -> None:
        self.t = t
        n = len(t.sigs)
        total = sum(w)
        self.share: dict[str, list[float]] = {}
        for lance in LANCE_NAMES:
            keys = list(t.key[lance])
            if lance == "punto":   # a rival with juego is not below at punto: punto is not played
                top = max(keys) + 1
                keys = [top if j else k for k, j in zip(keys, t.has_juego)]
            by_key: dict[int, float] = {}
            for k, wi in zip(keys, w):
                by_key[k] = by_key.get(k, 0.0) + wi
            order = sorted(by_key)
            below = [0.0] * len(order)
            for i in range(1, len(order)):
                below[i] = below[i - 1] + by_key[order[i - 1]]
            self.share[lance] = [_share(order, below, by_key, k) / total for k in t.key[lance]]
        cum: list[float] = []
        acc = 0.0
        for wi in w:
            acc += wi
            cum.append(acc)
        rng = Random(45)
        ids = [min(n - 1, bisect_left(cum, rng.random() * acc)) for _ in range(2 * BASELINE_PAIRS)]
        self.mean = sum(self.value(ids[2 * i], ids[2 * i + 1]) for i in range(BASELINE_PAIRS)) / BASELINE_PAIRS

    def value(self, a: int, b: int) -> float:
        t, s = self.t, self.share
        total = 0.0
        for place, lance in enumerate(("grande", "chica")):
            f = max(s[lance][a], s[lance][b])
            total += _WORTH[place] * f * f
        pa, pb = t.pares_value[a], t.pares_value[b]
        if pa or pb:
            f = max(s["pares"][a] if pa else 0.0, s["pares"][b] if pb else 0.0)
            total += f * f * (pa + pb + _WORTH[2])
        ja, jb = t.juego_value[a], t.juego_value[b]
        if ja or jb:
            f = max(s["juego"][a] if ja else 0.0, s["juego"][b] if jb else 0.0)
            total += f * f * (ja + jb + _WORTH[3])
        else:
            f = max(s["punto"][a], s["punto"][b])
            total += _WORTH[4] * f * f
        return total

    def expected(self, kept_a: tuple[int, ...], kept_b: tuple[int, ...], avail: list[int],
                 rng: Random) -> float:
        """The mean value once each hand keeps its classes and draws the rest from ``avail``
        (cards left per class, both hands out): exact when small, else sampled."""
        a = _completions(self.t, kept_a, avail)
        b = _completions(self.t, kept_b, avail)
        if len(a) * len(b) <= PAIRS:
            return sum(p * q * self.value(i, j) for i, p in a for j, q in b)
        return sum(self.value(_pick(a, rng), _pick(b, rng)) for _ in range(PAIRS)) / PAIRS


def _share(order: list[int], below: list[float], by_key: dict[int, float], x: int) -> float:
    """The weight of keys below ``x``, and half of that equal to it."""
    i = bisect_left(order, x)
    if i == len(order):
        return below[-1] + by_key[order[-1]]
    return below[i] + by_key[x] / 2 if order[i] == x else below[i]


def _completions(t: Tables, kept: tuple[int, ...], avail: list[int]) -> list[tuple[int, float]]:
    left = list(avail)
    for k in kept:
        left[k] -= 1
    if min(left) < 0:   # the classes kept are not all in ``avail``: draw from the full deck
        left = [max(0, x) for x in left]
    code_kept = t.code(kept)
    if len(kept) == 4:
        return [(t.code_to_id[code_kept], 1.0)]
    return [(t.code_to_id[code_kept + code], p) for code, p in draws_cached(t, tuple(left), 4 - len(kept))]


def _pick(options: list[tuple[int, float]], rng: Random) -> int:
    x = rng.random()
    for hid, p in options:
        x -= p
        if x <= 0:
            return hid
    return options[-1][0]


_CACHE: dict[int, tuple[TeamValue, TeamValue]] = {}


def team_values(t: Tables) -> tuple[TeamValue, TeamValue]:
    """(now, after): against hands dealt from the deck, and after a round of discards."""
    key = id(t)
    if key not in _CACHE:
        _CACHE[key] = (TeamValue(t, [float(x) for x in t.weight]), TeamValue(t, t.improved_weight))
    return _CACHE[key]
