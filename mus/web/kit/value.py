"""A plain value class: what ``dataclasses`` gave, in the Python MicroPython runs too. Pure.

A subclass lists its fields in ``__slots__`` and sets them in ``__init__``; it is then equal
to another of its class with equal fields, hashed by them and shown by them.

>>> class Point(Value):
...     __slots__ = ("x", "y")
...     def __init__(self, x: int, y: int) -> None:
...         self.x, self.y = x, y
>>> Point(1, 2), Point(1, 2) == Point(1, 2), Point(1, 2) == Point(2, 1), len({Point(1, 2), Point(1, 2)})
(Point(x=1, y=2), True, False, 1)
"""

from __future__ import annotations

from typing import Any


class Value:
    __slots__: tuple[str, ...] = ()

    def fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and isinstance(other, Value) and other.fields() == self.fields()

    def __ne__(self, other: object) -> bool:
        return not self == other

    def __hash__(self) -> int:
        return hash(self.fields())

    def __repr__(self) -> str:
        return "%s(%s)" % (type(self).__name__,
                           ", ".join("%s=%r" % (name, getattr(self, name)) for name in self.__slots__))
