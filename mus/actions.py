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
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from itertools import combinations

from .errors import IllegalActionError

MUS, NO_HAY_MUS, DESCARTE = "mus", "no hay mus", "descarte"
PASO, ENVIDO, QUIERO, NO_QUIERO, ORDAGO = "paso", "envido", "quiero", "no quiero", "ordago"
_SIMPLE = {MUS, NO_HAY_MUS, PASO, QUIERO, NO_QUIERO, ORDAGO}
_ALIASES = {"órdago": ORDAGO, "no hay": NO_HAY_MUS, "envido más": ENVIDO}
DEFAULT_ENVITE = 2
_KINDS = _SIMPLE | {ENVIDO, DESCARTE}


def _whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


@dataclass(frozen=True, slots=True)
class Action:
    """``kind`` is one of mus, no hay mus, descarte, paso, envido, quiero, no quiero,
    ordago; ``amount`` is the envite (or raise) for envido; ``cards`` the hand positions
    for descarte."""

    kind: str
    amount: int = 0
    cards: tuple[int, ...] = ()
    text: str = field(default="", init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if self.kind not in _KINDS:
            raise IllegalActionError(f"expected an action kind ({', '.join(sorted(_KINDS))}), got {self.kind!r}")
        if not _whole(self.amount) or (self.kind == ENVIDO and self.amount < DEFAULT_ENVITE):
            raise IllegalActionError(f"expected a whole-number envite of at least 2, got {self.amount!r}")
        if not isinstance(self.cards, tuple) or not all(_whole(c) for c in self.cards):
            raise IllegalActionError(f"expected descarte positions as a tuple of whole numbers, got {self.cards!r}")
        object.__setattr__(self, "text", self._notation())

    @classmethod
    def parse(cls, text: str) -> Action:
        return parse_action(text)

    def __str__(self) -> str:
        return self.text

    def _notation(self) -> str:
        if self.kind == ENVIDO:
            return ENVIDO if self.amount == DEFAULT_ENVITE else f"{ENVIDO} {self.amount}"
        if self.kind == DESCARTE:
            return " ".join([DESCARTE, *map(str, self.cards)])
        return self.kind

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"


@cache
def parse_action(text: str) -> Action:
    """Parse notation (case and spacing are forgiven; 'órdago' is accepted)."""
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
        "envido [N], quiero, no quiero or ordago"
    )


def _number(text: str, word: str, default: int) -> int:
    if not word:
        return default
    if not word.isdigit():
        raise IllegalActionError(f"{text!r} is not an action: expected a number, got {word!r}")
    return int(word)


MUS_ACTIONS = (Action(MUS), Action(NO_HAY_MUS))
DESCARTE_ACTIONS = tuple(
    Action(DESCARTE, cards=combo) for n in range(1, 5) for combo in combinations(range(4), n)
)
PASO_ACTION, QUIERO_ACTION = Action(PASO), Action(QUIERO)
NO_QUIERO_ACTION, ORDAGO_ACTION = Action(NO_QUIERO), Action(ORDAGO)


@cache
def envites(maximum: int) -> tuple[Action, ...]:
    return tuple(Action(ENVIDO, n) for n in range(DEFAULT_ENVITE, maximum + 1))
