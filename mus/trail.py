"""An append-only list that successive states share, each seeing its own first items.

A game's states each keep every action since the start, every event of the hand and every
finished hand. Copying those lists at each action costs the square of a game's length, and
a chain of nested pairs (``(previous, item)``) is freed recursively: a long one overflows
the browser's stack. A ``Trail`` is one Python list and a length instead: appending to the
newest state's trail grows the list in place (older states still see only their part), and
only an older state that branches off copies its part first. Nothing in it recurses.

>>> start = Trail()
>>> one = start.appended("mus")
>>> two = one.appended("mus")
>>> other = one.appended("no hay mus")      # an older state branches: ``two`` keeps its own
>>> two.items(), other.items(), len(one), one[-1], start.items()
(['mus', 'mus'], ['mus', 'no hay mus'], 1, 'mus', [])
>>> other.with_last("paso").items(), other.items()
(['mus', 'paso'], ['mus', 'no hay mus'])
"""

from __future__ import annotations

from typing import Any


class Trail:
    """Immutable to its holders: ``appended`` and ``with_last`` return new trails (the
    items' type is the holder's to say: MicroPython has no ``typing.Generic``)."""

    __slots__ = ("_items", "_length")
    _items: list[Any]
    _length: int

    def __init__(self) -> None:
        self._items, self._length = [], 0

    def appended(self, item: Any) -> Trail:
        """This trail and ``item`` after it."""
        items = self._items
        if len(items) != self._length:   # a later state appended already: branch off
            items = items[:self._length]
        items.append(item)
        return _trail(items, self._length + 1)

    def with_last(self, item: Any) -> Trail:
        """This trail with its last item replaced by ``item``."""
        if not self._length:
            raise IndexError("a trail with no items has no last one")
        items = self._items[:self._length - 1]
        items.append(item)
        return _trail(items, self._length)

    def items(self) -> list[Any]:
        """Its items, oldest first (a fresh list)."""
        return self._items[:self._length]

    def since(self, start: int) -> list[Any]:
        """Its items from index ``start`` on (a fresh list)."""
        return self._items[start:self._length]

    def __len__(self) -> int:
        return self._length

    def __getitem__(self, index: int) -> Any:
        if not -self._length <= index < self._length:
            raise IndexError(f"expected an index within {self._length} items, got {index}")
        return self._items[index if index >= 0 else self._length + index]


def _trail(items: list[Any], length: int) -> Trail:
    trail: Trail = object.__new__(Trail)
    trail._items, trail._length = items, length
    return trail
