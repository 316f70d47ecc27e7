"""Actions and their notation, the format of saves, replays and tutorials.

>>> Action.parse("envido 5")
Action.parse('envido 5')
>>> str(Action.parse("envido 2")), str(Action.parse("descarte 2 0"))
('envido', 'descarte 0 2')
>>> Action.parse("envido 1")
Traceback (most recent call last):
...
mus.errors.IllegalActionError: 'envido 1' is not an action: an envite is at least 2
>>> Action("envido", 2.5)
Traceback (most recent call last):
...
mus.errors.IllegalActionError: expected a whole-number envite of at least 2, got 2.5
>>> Action.parse("sin senas")
Action.parse('sin señas')
"""

from __future__ import annotations

from typing import Any

from .combos import combinations
from .errors import IllegalActionError
from .jsondata import described
from .memo import memoized

MUS, NO_HAY_MUS, DESCARTE = "mus", "no hay mus", "descarte"
PASO, ENVIDO, QUIERO, NO_QUIERO, ORDAGO = "paso", "envido", "quiero", "no quiero", "ordago"
SENAS, SIN_SENAS = "señas", "sin señas"
_SIMPLE = {MUS, NO_HAY_MUS, PASO, QUIERO, NO_QUIERO, ORDAGO, SENAS, SIN_SENAS}
_ALIASES = {"órdago": ORDAGO, "no hay": NO_HAY_MUS, "envido más": ENVIDO,
            "senas": SENAS, "sin senas": SIN_SENAS}
DEFAULT_ENVITE = 2
_KINDS = _SIMPLE | {ENVIDO, DESCARTE}
MAX_ENVITE = 9999   # no table's envites come near: a longer number is not an envite
MAX_TEXT = 40       # the longest notation is "descarte 0 1 2 3"; more is not an action


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class Action:
    """``kind`` is one of mus, no hay mus, descarte, paso, envido, quiero, no quiero,
    ordago, señas, sin señas; ``amount`` is the envite (or raise) for envido; ``cards`` the
    hand positions for descarte. Immutable; equal when kind, amount and cards are."""

    __slots__ = ("kind", "amount", "cards", "text")
    kind: str
    amount: int
    cards: tuple[int, ...]
    text: str

    def __init__(self, kind: str, amount: int = 0, cards: tuple[int, ...] = ()) -> None:
        if not isinstance(kind, str) or kind not in _KINDS:
            raise IllegalActionError(f"expected an action kind ({', '.join(sorted(_KINDS))}), got {described(kind)}")
        if not _whole(amount) or amount < 0 or (kind == ENVIDO and amount < DEFAULT_ENVITE):
            raise IllegalActionError(f"expected a whole-number envite of at least 2, got {described(amount)}")
        if amount > MAX_ENVITE:
            raise IllegalActionError(f"expected an envite of at most {MAX_ENVITE}, got {described(amount)}")
        if not isinstance(cards, tuple) or not all(_whole(c) for c in cards):
            raise IllegalActionError(f"expected descarte positions as a tuple of whole numbers, got {described(cards)}")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "amount", amount)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "text", self._notation())

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("an Action is immutable")

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Action) and self.kind == other.kind
                and self.amount == other.amount and self.cards == other.cards)

    def __hash__(self) -> int:
        return hash((self.kind, self.amount, self.cards))

    @classmethod
    def parse(cls, text: str) -> Action:
        return parse_action(text)

    def __str__(self) -> str:
        return self.text

    def _notation(self) -> str:
        if self.kind == ENVIDO:
            return ENVIDO if self.amount == DEFAULT_ENVITE else f"{ENVIDO} {self.amount}"
        if self.kind == DESCARTE:
            return " ".join([DESCARTE] + [str(c) for c in self.cards])
        return self.kind

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


def parse_action(text: str) -> Action:
    """Parse notation (case and spacing are forgiven; 'órdago' is accepted)."""
    if not isinstance(text, str):
        raise IllegalActionError(f"expected an action's notation (text), got {str(text)[:40]}")
    return _parse(text)


@memoized(maxsize=4096)   # the notations of real play are few
def _parse(text: str) -> Action:
    if len(text) > MAX_TEXT:
        raise IllegalActionError(f"expected an action's notation, got {len(text)} characters")
    words = " ".join(text.lower().split())
    words = _ALIASES.get(words, words)
    if words in _SIMPLE:
        return Action(words)
    head, _, rest = words.partition(" ")
    if head == ENVIDO:
        amount = _number(text, rest, DEFAULT_ENVITE)
        if amount < DEFAULT_ENVITE:
            raise IllegalActionError(f"{text!r} is not an action: an envite is at least 2")
        return Action(ENVIDO, amount)
    if head == DESCARTE:
        positions = [_number(text, word, -1) for word in rest.split()]
        if not 1 <= len(positions) <= 4 or len(set(positions)) != len(positions) or not all(
            0 <= p <= 3 for p in positions
        ):
            raise IllegalActionError(
                f"{text!r} is not an action: descarte takes 1 to 4 distinct positions 0-3"
            )
        return Action(DESCARTE, cards=tuple(sorted(positions)))
    raise IllegalActionError(
        f"{text!r} is not an action: expected mus, no hay mus, descarte N…, paso, "
        "envido [N], quiero, no quiero, ordago, señas or sin señas"
    )


def _number(text: str, word: str, default: int) -> int:
    """``word`` as a whole number of ASCII digits (no sign, no other script's digits)."""
    if not word:
        return default
    if len(word) > 4 or not all(c in "0123456789" for c in word):
        raise IllegalActionError(f"{text!r} is not an action: expected a number, got {word!r}")
    return int(word)


MUS_ACTIONS = (Action(MUS), Action(NO_HAY_MUS))
DESCARTE_ACTIONS = tuple(
    Action(DESCARTE, cards=combo) for n in range(1, 5) for combo in combinations((0, 1, 2, 3), n)
)
PASO_ACTION, QUIERO_ACTION = Action(PASO), Action(QUIERO)
NO_QUIERO_ACTION, ORDAGO_ACTION = Action(NO_QUIERO), Action(ORDAGO)
SENAS_ACTIONS = (Action(SENAS), Action(SIN_SENAS))


@memoized()
def envites(maximum: int) -> tuple[Action, ...]:
    """Every envite from 2 to ``maximum`` (the table's ``max_envite``, itself bounded)."""
    return tuple(Action(ENVIDO, n) for n in range(DEFAULT_ENVITE, maximum + 1))
