"""The judge: how each lance ranks a hand, from tables precomputed over all rank multisets.

Every lance's rule lives in one ``_*_key`` function that maps a multiset of rank
indices to an integer; a larger key wins and equal keys tie (ties go to the seat
closer to the mano, which the game decides, not this module). There are only 715
multisets of four ranks, so each rules variant is tabulated once.

>>> compare("grande", "R2A7", "CCCS")
1
>>> compare("juego", "RRCA", "RRRR")   # 31 beats 40
1
"""

from __future__ import annotations

from typing import Final

from .cards import DECK_SIZE, RANKS, Hand, parse_hand
from .combos import multisets
from .memo import memoized
from .rules import Rules

LANCES: Final = ("grande", "chica", "pares", "juego", "punto")
DEFAULT_RULES: Final = Rules()

# Per rank index in RANKS order (R C S 7 6 5 4 3 2 A).
_STRENGTH_8 = (12, 11, 10, 7, 6, 5, 4, 12, 1, 1)   # 3 is a rey, 2 an as
_STRENGTH_4 = (12, 11, 10, 7, 6, 5, 4, 3, 2, 1)
_POINTS_8 = (10, 10, 10, 7, 6, 5, 4, 10, 1, 1)
_POINTS_4 = (10, 10, 10, 7, 6, 5, 4, 3, 2, 1)
_JUEGO_ORDER = {31: 9, 32: 8, 40: 7, 37: 6, 36: 5, 35: 4, 34: 3, 33: 2}
_REAL_31 = (0, 3, 3, 3)  # a true rey and three sietes
_TYPES_NAMES = {1: "pareja", 2: "medias", 3: "duples"}

# A hand's ranks as one whole number: its four rank indices sorted ascending, as decimal
# digits (RRRA is 0009). Integer keys make the tables quick on every runtime.
Signature = int
SIGNATURES: Final = tuple(multisets(tuple(range(len(RANKS))), 4))


def signature(rank_indices: tuple[int, ...] | list[int]) -> Signature:
    """The signature of four rank indices, in any order."""
    a, b, c, d = sorted(rank_indices)
    return ((a * 10 + b) * 10 + c) * 10 + d


def signature_ranks(sig: Signature) -> tuple[int, int, int, int]:
    """The four rank indices of a signature, ascending (``signature``'s inverse).

    >>> signature_ranks(signature((9, 0, 0, 0)))
    (0, 0, 0, 9)
    """
    return (sig // 1000, sig // 100 % 10, sig // 10 % 10, sig % 10)


def _pares_kind(strengths: tuple[int, ...] | list[int]) -> tuple[int, int, int]:
    """(kind, higher pair, lower pair) of four strengths sorted from the highest: kind 3
    duples (four equal are two pairs), 2 medias, 1 par, 0 nothing."""
    a, b, c, d = strengths
    if a == d:
        return 3, a, a
    if a == b and c == d:
        return 3, a, c
    if a == c or b == d:
        return 2, b, 0
    if a == b or b == c:
        return 1, b, 0
    if c == d:
        return 1, c, 0
    return 0, 0, 0


class Table:
    """All lance keys and values of one rules variant, indexed by rank signature.

    Each lance's key packs what decides it into hexadecimal digits, most significant first:
    grande the strengths from the highest, chica from the lowest (negated: lower wins), pares
    (kind, higher pair, lower pair), juego the place of its points in ``_JUEGO_ORDER``, punto
    the points. Built in one pass with plain arithmetic: a lesson's first comparison waits for
    it, on MicroPython too."""

    def __init__(self, reyes: int, real_31: bool) -> None:
        strength = _STRENGTH_8 if reyes == 8 else _STRENGTH_4
        value = _POINTS_8 if reyes == 8 else _POINTS_4
        grande: dict[Signature, int] = {}
        chica: dict[Signature, int] = {}
        pares: dict[Signature, int] = {}
        juego: dict[Signature, int] = {}
        self.points: dict[Signature, int] = {}
        self.keys: dict[str, dict[Signature, int]] = {
            "grande": grande, "chica": chica, "pares": pares, "juego": juego, "punto": self.points}
        self.pares_value: dict[Signature, int] = {}
        self.juego_value: dict[Signature, int] = {}
        self.pares_name: dict[Signature, str] = {}
        # Display order of deck cards 0..39: strongest rank first, then by suit.
        self.card_order = tuple(-strength[card >> 2] * 64 + card for card in range(DECK_SIZE))
        for ranks in SIGNATURES:
            a, b, c, d = ranks
            sig = ((a * 10 + b) * 10 + c) * 10 + d
            high = sorted((strength[a], strength[b], strength[c], strength[d]), reverse=True)
            w, x, y, z = high
            grande[sig] = ((w * 16 + x) * 16 + y) * 16 + z
            chica[sig] = -(((z * 16 + y) * 16 + x) * 16 + w)
            kind, pair, lower = _pares_kind(high)
            pares[sig] = (kind * 16 + pair) * 16 + lower
            points = value[a] + value[b] + value[c] + value[d]
            if points < 31:
                juego[sig] = 0
            else:
                juego[sig] = 10 if real_31 and ranks == _REAL_31 else _JUEGO_ORDER[points]
            self.points[sig] = points
            self.pares_value[sig] = kind
            self.pares_name[sig] = _TYPES_NAMES.get(kind, "")
            self.juego_value[sig] = (3 if points == 31 else 2) if points >= 31 else 0


def table_for(rules: Rules) -> Table:
    """The tables of ``rules``' variant, built on first use."""
    return _table(rules.reyes, rules.real_31)


@memoized()
def _table(reyes: int, real_31: bool) -> Table:
    return Table(reyes, real_31)


def hand_signature(hand: Hand | str) -> Signature:
    parsed = parse_hand(hand) if isinstance(hand, str) else hand
    if len(parsed.cards) != 4:
        raise ValueError(f"expected a hand of 4 cards, got {len(parsed.cards)} in {str(parsed)!r}")
    return signature(parsed.rank_indices)


def lance_key(lance: str, hand: Hand | str, rules: Rules = DEFAULT_RULES) -> int:
    """The integer a hand scores at ``lance``; larger wins."""
    if lance not in LANCES:
        raise ValueError(f"expected a lance (one of {', '.join(LANCES)}), got {lance!r}")
    return table_for(rules).keys[lance][hand_signature(hand)]


def compare(lance: str, a: Hand | str, b: Hand | str, rules: Rules = DEFAULT_RULES) -> int:
    """>0 if ``a`` beats ``b`` at ``lance``, 0 if equal (seat decides), <0 if ``b`` wins.

    Pares and juego: a hand without them loses to any hand with them; two hands
    without them are equal. Punto compares totals.
    """
    ka, kb = lance_key(lance, a, rules), lance_key(lance, b, rules)
    return (ka > kb) - (ka < kb)


def points(hand: Hand | str, rules: Rules = DEFAULT_RULES) -> int:
    """Card total for juego and punto."""
    return table_for(rules).points[hand_signature(hand)]


def pares_value(hand: Hand | str, rules: Rules = DEFAULT_RULES) -> int:
    """Tantos the hand's pares are worth at the count: 0, 1 pareja, 2 medias, 3 duples."""
    return table_for(rules).pares_value[hand_signature(hand)]


def juego_value(hand: Hand | str, rules: Rules = DEFAULT_RULES) -> int:
    """Tantos the hand's juego is worth: 0 without juego, 3 for the 31, 2 otherwise."""
    return table_for(rules).juego_value[hand_signature(hand)]
