"""The game's and the bots' random numbers, the same on every runtime.

``Random(seed)`` draws exactly what CPython's ``random.Random(seed)`` draws for ``random``,
``getrandbits``, ``randrange``, ``choice``, ``choices`` and ``shuffle``, so every seed, save
and link made before it keeps its deals. Those methods are written here, on top of a
Mersenne Twister core: CPython's own (in C, where the runtime has it) or ``Twister``, the
same generator in plain Python, for MicroPython, whose ``random`` module is a different
generator with no ``Random`` class.

>>> r = Random(7)
>>> deck = list(range(10))
>>> r.shuffle(deck)
>>> deck
[8, 3, 1, 4, 7, 0, 9, 6, 2, 5]
>>> r.randrange(4), r.choice("abc"), r.choices([0, 1], [1.0, 3.0], k=3)
(1, 'a', [0, 1, 0])
>>> copy = r.copy()
>>> r.random() == copy.random()
True
"""

from __future__ import annotations

from typing import Any, Callable

try:
    from random import Random as _CoreRandom   # CPython and Pyodide: MT19937 in C
    _HAS_CORE = True
except ImportError:                              # MicroPython
    _HAS_CORE = False

_MASK = 0xFFFFFFFF
_N, _M = 624, 397


class Twister:
    """MT19937 with CPython's seeding of a whole number (``init_by_array`` of its 32-bit
    words, least significant first) and ``getrandbits``."""

    __slots__ = ("_state", "_index")

    def __init__(self, seed: int) -> None:
        self._state = [0] * _N
        self._index = _N
        self._init_by_array(_words(abs(seed)))

    def _init_genrand(self, s: int) -> None:
        mt = self._state
        mt[0] = s
        for i in range(1, _N):
            prev = mt[i - 1]
            mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK
        self._index = _N

    def _init_by_array(self, key: list[int]) -> None:
        self._init_genrand(19650218)
        mt = self._state
        i, j = 1, 0
        length = len(key)
        for _ in range(max(_N, length)):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + j) & _MASK
            i += 1
            j += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
            if j >= length:
                j = 0
        for _ in range(_N - 1):
            prev = mt[i - 1]
            mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK
            i += 1
            if i >= _N:
                mt[0] = mt[_N - 1]
                i = 1
        mt[0] = 0x80000000

    def _twist(self) -> None:
        mt = self._state
        for k in range(_N):
            y = (mt[k] & 0x80000000) | (mt[(k + 1) % _N] & 0x7FFFFFFF)
            mt[k] = mt[(k + _M) % _N] ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        self._index = 0

    def _next32(self) -> int:
        if self._index >= _N:
            self._twist()
        y = self._state[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def getrandbits(self, k: int) -> int:
        if k <= 32:
            return self._next32() >> (32 - k)
        out, shift = 0, 0
        while k > 0:
            word = self._next32()
            if k < 32:
                word >>= 32 - k
            out |= word << shift
            shift += 32
            k -= 32
        return out

    def getstate(self) -> tuple[int, ...]:
        return tuple(self._state) + (self._index,)

    def copy(self) -> Twister:
        twin = object.__new__(Twister)
        twin._state = list(self._state)
        twin._index = self._index
        return twin


def _words(n: int) -> list[int]:
    words = []
    while n:
        words.append(n & _MASK)
        n >>= 32
    return words or [0]


def _core(seed: int) -> Any:
    return _CoreRandom(seed) if _HAS_CORE else Twister(seed)


def _copy_core(core: Any) -> Any:
    if isinstance(core, Twister):
        return core.copy()
    twin = _CoreRandom()
    twin.setstate(core.getstate())
    return twin


class Random:
    """A seeded generator (a whole-number seed) with the draws the game and bots use."""

    __slots__ = ("_core", "getrandbits")
    getrandbits: Callable[[int], int]

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"expected a whole-number seed, got {seed!r}")
        self._core = _core(seed)
        self.getrandbits = self._core.getrandbits

    def getstate(self) -> Any:
        """The generator's whole state, to compare two generators (not to restore)."""
        return self._core.getstate()

    def copy(self) -> Random:
        """A generator that will draw what this one draws next, on its own."""
        twin = object.__new__(Random)
        twin._core = _copy_core(self._core)
        twin.getrandbits = twin._core.getrandbits
        return twin

    def random(self) -> float:
        """A float in [0, 1) from 53 random bits."""
        a = self.getrandbits(32) >> 5
        b = self.getrandbits(32) >> 6
        return (a * 67108864.0 + b) * (1.0 / 9007199254740992.0)

    def randrange(self, n: int) -> int:
        """A whole number in [0, n), n ≥ 1."""
        if n <= 0:
            raise ValueError(f"expected a range of at least one number, got {n!r}")
        k = _bit_length(n)
        r = self.getrandbits(k)
        while r >= n:
            r = self.getrandbits(k)
        return r

    def choice(self, items: Any) -> Any:
        return items[self.randrange(len(items))]

    def shuffle(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def choices(self, items: Any, weights: list[float], k: int = 1) -> list[Any]:
        """``k`` picks with replacement, each with chance proportional to its weight."""
        if len(weights) != len(items):
            raise ValueError(f"expected one weight per item, got {len(weights)} for {len(items)}")
        cumulative = []
        total = 0.0
        for weight in weights:
            total += weight
            cumulative.append(total)
        if not total > 0.0:
            raise ValueError("expected weights with a positive total")
        hi = len(items) - 1
        return [items[_bisect_right(cumulative, self.random() * total, hi)] for _ in range(k)]


def _bit_length(n: int) -> int:
    """``n.bit_length()``, which MicroPython's ints lack."""
    k = 0
    while n >> k:
        k += 1
    return k


def _bisect_right(values: list[float], x: float, hi: int) -> int:
    lo = 0
    while lo < hi:
        mid = (lo + hi) // 2
        if x < values[mid]:
            hi = mid
        else:
            lo = mid + 1
    return lo


def fresh_seed() -> int:
    """A seed nobody can guess, for a new partida, a deal or a bot: 64 bits from the
    platform's cryptographic source (the page passes its own, ``crypto.getRandomValues``,
    where MicroPython has none: then its generator, seeded at start)."""
    try:
        import secrets
        return secrets.randbits(64)
    except ImportError:                     # MicroPython
        import random
        return sum(random.getrandbits(32) << shift for shift in (0, 32))
