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

from array import array
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
    words, least significant first), ``getrandbits`` and ``random``.

    Each twist and its tempering work on the whole state at once, as one whole number of
    624 lanes of 32 bits (``_packed``), so that MicroPython does them in C rather than a
    word at a time in bytecode (a draw costs a fifth of it); the tempered words are then
    kept in arrays, as they are and shifted for ``random``, whose parts stay small ints.
    """

    __slots__ = ("_packed", "_index", "_words", "_high", "_low")

    def __init__(self, seed: int) -> None:
        self._index = _N
        self._pack(_seeded(_words(abs(seed))))

    def _pack(self, state: list[int]) -> None:
        self._packed = int.from_bytes(bytes(array("I", state)), "little")
        self._words = self._high = self._low = array("I")
        if self._index < _N:
            self._temper()

    def _state(self) -> list[int]:
        return list(array("I", self._packed.to_bytes(_N * 4, "little")))

    def _twist(self) -> None:
        # mt[k] = mt[k + 397] ^ (y >> 1) ^ (0x9908B0DF if y odd), y the top bit of mt[k]
        # and the rest of mt[k + 1], for k = 0..623 in turn: lanes 0..226 read old lanes,
        # 227..453 the new 0..226, 454..622 the new 227..395, and 623 the new 0 and 396.
        old = self._packed
        first = _mix(old, old >> 32, old >> 12704, _LANES_227)
        second = _mix(old >> 7264, old >> 7296, first, _LANES_227)
        third = _mix(old >> 14528, old >> 14560, second, _LANES_169)
        y = (old >> 19936 & 0x80000000) | (first & 0x7FFFFFFF)
        last = (second >> 5408 & _MASK) ^ (y >> 1) ^ (0x9908B0DF if y & 1 else 0)
        self._packed = first | second << 7264 | third << 14528 | last << 19936
        self._index = 0
        self._temper()

    def _temper(self) -> None:
        y = self._packed
        y ^= y >> 11 & _TEMPER[0]
        y ^= y << 7 & _TEMPER[1]
        y ^= y << 15 & _TEMPER[2]
        y ^= y >> 18 & _TEMPER[3]
        size = _N * 4
        self._words = array("I", y.to_bytes(size, "little"))
        self._high = array("I", (y >> 5 & _TEMPER[4]).to_bytes(size, "little"))
        self._low = array("I", (y >> 6 & _TEMPER[5]).to_bytes(size, "little"))

    def _next32(self) -> int:
        if self._index >= _N:
            self._twist()
        self._index += 1
        return int(self._words[self._index - 1])

    def random(self) -> float:
        """CPython's ``random()``: 27 bits of one word and 26 of the next."""
        i = self._index
        if i + 2 > _N:   # the draw reaches into the next twist
            return ((self._next32() >> 5) * 67108864.0 + (self._next32() >> 6)) * (1.0 / 9007199254740992.0)
        self._index = i + 2
        return (self._high[i] * 67108864.0 + self._low[i + 1]) * (1.0 / 9007199254740992.0)

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
        return tuple(self._state()) + (self._index,)

    def copy(self) -> Twister:
        twin = object.__new__(Twister)
        twin._packed, twin._index = self._packed, self._index
        twin._words, twin._high, twin._low = self._words, self._high, self._low
        return twin


_GENRAND: list[tuple[int, ...]] = []


def _genrand_19650218() -> tuple[int, ...]:
    """MT19937's ``init_genrand(19650218)``, where ``init_by_array`` starts from for every
    seed: made once (a third of each generator's seeding on MicroPython)."""
    if not _GENRAND:
        mt, mask = [19650218] * _N, _MASK
        for i in range(1, _N):
            prev = mt[i - 1]
            mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & mask
        _GENRAND.append(tuple(mt))
    return _GENRAND[0]


def _lanes(word: int, count: int) -> int:
    """``word`` in each of ``count`` lanes of 32 bits."""
    return word * ((1 << 32 * count) - 1) // _MASK


def _mix(current: int, following: int, far: int, lanes: tuple[int, int, int, int]) -> int:
    """One block of the twist over lanes: ``far ^ (y >> 1) ^ (MAG if y odd)``."""
    every, top, rest, one = lanes
    y = (current & top) | (following & rest)
    return (far & every) ^ (y >> 1 & rest) ^ (y & one) * 0x9908B0DF


def _lane_masks(count: int) -> tuple[int, int, int, int]:
    return _lanes(_MASK, count), _lanes(0x80000000, count), _lanes(0x7FFFFFFF, count), _lanes(1, count)


_LANES_227 = _lane_masks(227)
_LANES_169 = _lane_masks(169)
# Tempering's masks (>> 11, << 7, << 15, >> 18) and random()'s 27 and 26 bits, in every lane.
_TEMPER = tuple(_lanes(word, _N) for word in (0x001FFFFF, 0x9D2C5680, 0xEFC60000, 0x00003FFF,
                                               0x07FFFFFF, 0x03FFFFFF))


def _seeded(key: list[int]) -> list[int]:
    """The state ``init_by_array(key)`` gives."""
    # Constants and locals rather than module globals in the loops: MicroPython looks a
    # global up in a dict at each use, and these loops run thousands of times at a start.
    mt = list(_genrand_19650218())
    n, mask = _N, _MASK
    i, j = 1, 0
    length = len(key)
    for _ in range(max(n, length)):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + key[j] + j) & mask
        i += 1
        j += 1
        if i >= n:
            mt[0] = mt[n - 1]
            i = 1
        if j >= length:
            j = 0
    for _ in range(n - 1):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & mask
        i += 1
        if i >= n:
            mt[0] = mt[n - 1]
            i = 1
    mt[0] = 0x80000000
    return mt


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

    __slots__ = ("_core", "getrandbits", "random")
    getrandbits: Callable[[int], int]
    random: Callable[[], float]   # a float in [0, 1) from 53 random bits

    def __init__(self, seed: int) -> None:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"expected a whole-number seed, got {seed!r}")
        self._attach(_core(seed))

    def _attach(self, core: Any) -> None:
        self._core = core
        self.getrandbits = core.getrandbits
        self.random = core.random

    def getstate(self) -> Any:
        """The generator's whole state, to compare two generators (not to restore)."""
        return self._core.getstate()

    def copy(self) -> Random:
        """A generator that will draw what this one draws next, on its own."""
        twin = object.__new__(Random)
        twin._attach(_copy_core(self._core))
        return twin

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
        # Each pick is the first item whose cumulative weight exceeds its draw (the last
        # item at most): found in one sweep over the draws in increasing order.
        draws = [self.random() * total for _ in range(k)]
        picks = [items[0]] * k
        last = len(items) - 1
        j = 0
        for m in sorted(range(k), key=lambda m: draws[m]):
            x = draws[m]
            while j < last and not x < cumulative[j]:
                j += 1
            picks[m] = items[j]
        return picks


def _bit_length(n: int) -> int:
    """``n.bit_length()``, which MicroPython's ints lack."""
    k = 0
    while n >> k:
        k += 1
    return k


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
