"""Counting helpers the engine and the bots share (MicroPython's ``itertools`` and ``math``
have neither combinations nor ``comb``).

>>> combinations((0, 1, 2), 2)
[(0, 1), (0, 2), (1, 2)]
>>> multisets((0, 1), 2)
[(0, 0), (0, 1), (1, 1)]
>>> comb(40, 4), comb(3, 5)
(91390, 0)
"""

from __future__ import annotations

from typing import Any


def combinations(items: tuple[Any, ...] | list[Any], k: int) -> list[tuple[Any, ...]]:
    """The ``k``-element choices of ``items`` in order, as ``itertools.combinations`` gives."""
    if k == 0:
        return [()]
    out = []
    for i in range(len(items) - k + 1):
        for rest in combinations(items[i + 1:], k - 1):
            out.append((items[i],) + rest)
    return out


def multisets(items: tuple[Any, ...] | list[Any], k: int) -> list[tuple[Any, ...]]:
    """The ``k``-element choices with repetition, as ``combinations_with_replacement``."""
    if k == 0:
        return [()]
    out = []
    for i in range(len(items)):
        for rest in multisets(items[i:], k - 1):
            out.append((items[i],) + rest)
    return out


def comb(n: int, k: int) -> int:
    """Ways to choose ``k`` of ``n`` (0 when ``k`` > ``n``)."""
    if k < 0 or k > n:
        return 0
    out = 1
    for i in range(min(k, n - k)):
        out = out * (n - i) // (i + 1)
    return out
