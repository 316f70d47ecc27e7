"""Cards and hands: the Spanish 40-card deck and its text notation.

A card is written as its rank and, optionally, its suit: ``Ro`` is the rey de oros,
``7`` a seven of unknown suit. Ranks: R C S 7 6 5 4 3 2 A; suits: o c e b.

>>> hand = parse_hand("RoCcSe4b")
>>> str(hand), hand.ranks
('RoCcSe4b', 'RCS4')
>>> parse_hand("rcs4")
Traceback (most recent call last):
...
ValueError: expected a rank (one of R C S 7 6 5 4 3 2 A) at position 0 of 'rcs4', got 'r'
"""

from __future__ import annotations

from typing import Any

RANKS = "RCS765432A"
SUITS = "oceb"
RANK_NAMES = {
    "R": "rey", "C": "caballo", "S": "sota", "7": "siete", "6": "seis",
    "5": "cinco", "4": "cuatro", "3": "tres", "2": "dos", "A": "as",
}
SUIT_NAMES = {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"}
DECK_SIZE = len(RANKS) * len(SUITS)


class Card:
    """One card; ``suit`` is None when only the rank matters. Immutable, ordered by
    (rank, suit) as text."""

    __slots__ = ("rank", "suit")
    rank: str
    suit: str | None

    def __init__(self, rank: str, suit: str | None = None) -> None:
        if not isinstance(rank, str) or len(rank) != 1 or rank not in RANKS:
            raise ValueError(f"expected a rank (one of {' '.join(RANKS)}), got {rank!r}")
        if suit is not None and (not isinstance(suit, str) or len(suit) != 1 or suit not in SUITS):
            raise ValueError(f"expected a suit (one of {' '.join(SUITS)}), got {suit!r}")
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "suit", suit)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Card is immutable")

    def _key(self) -> tuple[str, str]:
        return self.rank, self.suit or ""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Card) and self._key() == other._key()

    def __lt__(self, other: Card) -> bool:
        return self._key() < other._key()

    def __hash__(self) -> int:
        return hash(self._key())

    @classmethod
    def parse(cls, text: str) -> Card:
        """``Card.parse("Ro")`` is the rey de oros; ``Card.parse("7")`` a seven."""
        hand = parse_hand(text)
        if len(hand.cards) != 1:
            raise ValueError(f"expected one card such as 'Ro' or '7', got {text!r}")
        return hand.cards[0]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """Cards of a full deck are numbered 0..39, rank-major in RANKS order."""
        return cls(RANKS[index >> 2], SUITS[index & 3])

    @property
    def index(self) -> int:
        if self.suit is None:
            raise ValueError(f"card {self} has no suit, so it has no place in the deck")
        return RANKS.index(self.rank) << 2 | SUITS.index(self.suit)

    @property
    def name(self) -> str:
        """Spanish name, e.g. 'rey de oros'."""
        base = RANK_NAMES[self.rank]
        return f"{base} de {SUIT_NAMES[self.suit]}" if self.suit else base

    def __str__(self) -> str:
        return self.rank + (self.suit or "")

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


class Hand:
    """Four cards (any number while parsing); order is kept as written. ``rank_indices``
    are the rank indices sorted ascending, the key of the precomputed lance tables."""

    __slots__ = ("cards", "rank_indices")
    cards: tuple[Card, ...]
    rank_indices: tuple[int, ...]

    def __init__(self, cards: tuple[Card, ...]) -> None:
        object.__setattr__(self, "cards", tuple(cards))
        object.__setattr__(self, "rank_indices",
                           tuple(sorted(RANKS.index(card.rank) for card in self.cards)))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Hand is immutable")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and self.cards == other.cards

    def __hash__(self) -> int:
        return hash(self.cards)

    @property
    def ranks(self) -> str:
        return "".join(card.rank for card in self.cards)

    def __str__(self) -> str:
        return "".join(str(card) for card in self.cards)

    def __repr__(self) -> str:
        return f"parse_hand({str(self)!r})"


def parse_hand(text: str) -> Hand:
    """Parse ranks with optional suits: ``RCS4``, ``RoCcSe4b`` or a mix."""
    cards: list[Card] = []
    position = 0
    while position < len(text):
        rank = text[position]
        if rank not in RANKS:
            raise ValueError(
                f"expected a rank (one of {' '.join(RANKS)}) at position {position} "
                f"of {text!r}, got {rank!r}"
            )
        position += 1
        suit = None
        if position < len(text) and text[position] in SUITS:
            suit = text[position]
            position += 1
        cards.append(Card(rank, suit))
    if not cards:
        raise ValueError("expected at least one card, got an empty string")
    return Hand(tuple(cards))


def card_text(index: int) -> str:
    """Notation of deck card ``index`` (0..39), e.g. 0 → 'Ro'."""
    return RANKS[index >> 2] + SUITS[index & 3]
