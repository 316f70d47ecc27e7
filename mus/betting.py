"""One lance's betting round: paso, envites, raises, órdago, quiero and no quiero.

Seats speak in turn from the mano; only ``speakers`` (all four, or the holders in
pares and juego) take part. Facing a bet, the first rival after the bettor answers,
then his partner; a bet is refused only when both have refused.

>>> r = Round.open("grande", (0, 1, 2, 3))
>>> r = r.apply(0, Action(ENVIDO, 2)).apply(1, Action(ENVIDO, 5))
>>> r.to_play, r.table, r.pending
(2, 2, 5)
>>> r = r.apply(2, NO_QUIERO_ACTION).apply(0, NO_QUIERO_ACTION)
>>> r.outcome
Outcome(kind='deje', team=1, amount=2, bettor=1)
>>> Round.open("chica", (0, 1, 2, 3)).apply(0, Action(ENVIDO, 2)).apply(1, QUIERO_ACTION).outcome
Outcome(kind='querido', team=-1, amount=2, bettor=0)
"""

from __future__ import annotations

from typing import Final

from .actions import (
    ENVIDO, NO_QUIERO, ORDAGO, PASO, QUIERO,
    NO_QUIERO_ACTION, ORDAGO_ACTION, PASO_ACTION, QUIERO_ACTION, Action, envites,
)
from .memo import memoized
from .observation import Lance, OutcomeData, OutcomeKind

PASO_RESULT: Final = "paso"
QUERIDO: Final = "querido"
DEJE: Final = "deje"
ORDAGO_QUERIDO: Final = "ordago"
SIN_ENVITE: Final = "sin envite"


class Outcome:
    """How a lance's betting ended: kind paso / querido / deje / ordago / sin envite;
    ``team`` is the team that collected a deje (or called the accepted órdago) and
    ``bettor`` the seat that made that bet."""

    __slots__ = ("kind", "team", "amount", "bettor")
    kind: OutcomeKind
    team: int
    amount: int
    bettor: int

    def __init__(self, kind: OutcomeKind, team: int = -1, amount: int = 0, bettor: int = -1) -> None:
        self.kind, self.team, self.amount, self.bettor = kind, team, amount, bettor

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Outcome) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return (f"Outcome(kind={self.kind!r}, team={self.team}, amount={self.amount}, "
                f"bettor={self.bettor})")

    def to_dict(self) -> OutcomeData:
        return {"kind": self.kind, "team": self.team, "amount": self.amount, "bettor": self.bettor}


# Facing a bet, the first rival after the bettor answers first, then his partner.
_RIVALS_AFTER = tuple(((seat + 1) % 4, (seat + 3) % 4) for seat in range(4))


@memoized()
def _openings(max_envite: int) -> tuple[Action, ...]:
    return (PASO_ACTION,) + envites(max_envite) + (ORDAGO_ACTION,)


@memoized()
def _answers(max_envite: int) -> tuple[Action, ...]:
    return (QUIERO_ACTION, NO_QUIERO_ACTION) + envites(max_envite) + (ORDAGO_ACTION,)


class Round:
    """Immutable betting state of one lance; ``apply`` returns the next one."""

    __slots__ = ("lance", "speakers", "next_speaker", "table", "pending", "ordago", "bettor",
                 "answering", "outcome")
    lance: Lance
    speakers: tuple[int, ...]
    next_speaker: int
    table: int
    pending: int
    ordago: bool
    bettor: int
    answering: tuple[int, ...]
    outcome: Outcome | None

    @classmethod
    def open(cls, lance: Lance, speakers: tuple[int, ...]) -> Round:
        r = object.__new__(cls)
        r.lance, r.speakers, r.next_speaker = lance, speakers, 0
        r.table, r.pending, r.ordago, r.bettor = 0, 0, False, -1
        r.answering, r.outcome = (), None
        return r

    def _copy(self) -> Round:
        r = object.__new__(Round)
        r.lance, r.speakers, r.next_speaker = self.lance, self.speakers, self.next_speaker
        r.table, r.pending, r.ordago, r.bettor = self.table, self.pending, self.ordago, self.bettor
        r.answering, r.outcome = self.answering, self.outcome
        return r

    @property
    def to_play(self) -> int:
        return self.answering[0] if self.answering else self.speakers[self.next_speaker]

    def legal_actions(self, max_envite: int) -> list[Action]:
        if self.ordago:
            return [QUIERO_ACTION, NO_QUIERO_ACTION]
        return list(_answers(max_envite) if self.answering else _openings(max_envite))

    def allows(self, action: Action, max_envite: int) -> bool:
        kind = action.kind
        if kind in (QUIERO, NO_QUIERO):
            return bool(self.answering)
        if self.ordago:
            return False
        if kind == PASO:
            return not self.answering
        if kind == ENVIDO:
            return 2 <= action.amount <= max_envite
        return kind == ORDAGO

    def apply(self, seat: int, action: Action) -> Round:
        r = self._copy()
        kind = action.kind
        team = seat & 1
        if kind == PASO:
            r.next_speaker += 1
            if r.next_speaker == len(r.speakers):
                r.outcome = Outcome(PASO_RESULT)
        elif kind == QUIERO:
            r.table += r.pending
            r.outcome = (Outcome(ORDAGO_QUERIDO, team ^ 1, 0, r.bettor) if r.ordago
                         else Outcome(QUERIDO, -1, r.table, r.bettor))
        elif kind == NO_QUIERO:
            r.answering = r.answering[1:]
            if not r.answering:
                r.outcome = Outcome(DEJE, team ^ 1, r.table or 1, r.bettor)
        else:
            r.table += r.pending
            r.pending = action.amount if kind == ENVIDO else 0
            r.ordago = kind == ORDAGO
            r.bettor = seat
            rivals = _RIVALS_AFTER[seat]
            r.answering = rivals if len(r.speakers) == 4 else tuple(
                s for s in rivals if s in r.speakers)
        return r
