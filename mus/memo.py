"""Remembering results: the tables and chances that are costly to build and asked often.

MicroPython has no ``functools.cache``; this is the one memo the engine and bots share.

>>> calls = []
>>> @memoized(maxsize=2)
... def square(n):
...     calls.append(n)
...     return n * n
>>> square(3), square(3), calls
(9, 9, [3])
"""

from __future__ import annotations

from typing import Any, Callable, TypeVar

T = TypeVar("T")


def memoized(maxsize: int = 0) -> Callable[[Callable[..., T]], Callable[..., T]]:
    """A decorator that keeps each result by its (positional, hashable) arguments; with
    ``maxsize`` it starts afresh once that many are kept. Callers must not change what
    it returns: the same object is handed to every later call."""
    def decorate(function: Callable[..., T]) -> Callable[..., T]:
        results: dict[Any, T] = {}

        def remembered(*args: Any) -> T:
            if args not in results:
                if maxsize and len(results) >= maxsize:
                    results.clear()
                results[args] = function(*args)
            return results[args]

        return remembered
    return decorate
