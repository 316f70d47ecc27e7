"""The count at the end of a hand: who wins each lance and what each team collects.

Tantos are listed in the order they are collected, lance by lance, so the game can
stop the moment a team reaches the target.
"""

from __future__ import annotations

from .betting import DEJE, PASO_RESULT, QUERIDO, Outcome
from .lances import Signature, Table
from .observation import LedgerLine

ARTICLE = {"grande": "a grande", "chica": "a chica", "pares": "a pares",
           "juego": "a juego", "punto": "al punto"}


class Entry:
    """One line of the ledger: ``team`` scores ``points`` for ``reason`` in ``lance``
    (``seat``: whose hand or bet it was)."""

    __slots__ = ("team", "points", "reason", "lance", "seat")
    team: int
    points: int
    reason: str
    lance: str
    seat: int

    def __init__(self, team: int, points: int, reason: str, lance: str, seat: int = -1) -> None:
        self.team, self.points, self.reason, self.lance, self.seat = team, points, reason, lance, seat

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Entry) and self.to_dict() == other.to_dict()

    def __repr__(self) -> str:
        return (f"Entry(team={self.team}, points={self.points}, reason={self.reason!r}, "
                f"lance={self.lance!r}, seat={self.seat})")

    def to_dict(self) -> LedgerLine:
        return {"team": self.team, "points": self.points, "reason": self.reason,
                "lance": self.lance, "seat": self.seat}


def by_position(seats: list[int], mano: int) -> list[int]:
    """Seats ordered from the mano: the order in which ties are won."""
    return sorted(seats, key=lambda s: (s - mano) % 4)


def lance_winner(lance: str, sigs: tuple[Signature, ...], seats: list[int], mano: int,
                 table: Table) -> int:
    """Best hand at ``lance`` among ``seats``; ties go to the seat closer to the mano."""
    keys = table.keys[lance]
    return max(by_position(seats, mano), key=lambda s: (keys[sigs[s]], -((s - mano) % 4)))


def holders(lance: str, sigs: tuple[Signature, ...], table: Table) -> list[int]:
    values = table.pares_value if lance == "pares" else table.juego_value
    return [seat for seat in range(4) if values[sigs[seat]]]


def count(sigs: tuple[Signature, ...], mano: int, results: tuple[tuple[str, Outcome], ...],
          table: Table) -> tuple[list[Entry], dict[str, int]]:
    """Ledger lines of the count and the seat that took each lance: the best hand, or
    after a refused bet the bettor (in pares, juego and punto, the best hand of the
    bettor's team, which collects there)."""
    entries: list[Entry] = []
    winners: dict[str, int] = {}
    for lance, outcome in results:    # in the order the lances were played
        if lance in ("grande", "chica"):
            if outcome.kind == DEJE:
                winners[lance] = outcome.bettor
                continue
            seat = winners[lance] = lance_winner(lance, sigs, [0, 1, 2, 3], mano, table)
            if outcome.kind == PASO_RESULT:
                entries.append(Entry(seat & 1, 1, f"1 de {lance}", lance, seat))
            elif outcome.kind == QUERIDO:
                entries.append(_envite(seat, outcome, lance))
        elif lance == "punto":
            if outcome.kind == DEJE:
                seat = _best_of_team(outcome.team, lance, sigs, [0, 1, 2, 3], mano, table)
            else:
                seat = lance_winner(lance, sigs, [0, 1, 2, 3], mano, table)
            winners[lance] = seat
            if outcome.kind == QUERIDO:
                entries.append(_envite(seat, outcome, lance))
            entries.append(Entry(seat & 1, 1, "1 de punto", lance, seat))
        else:
            entries += _values(lance, outcome, sigs, mano, table, winners)
    return entries, winners


def _envite(seat: int, outcome: Outcome, lance: str) -> Entry:
    return Entry(seat & 1, outcome.amount, f"{outcome.amount} de envite {ARTICLE[lance]}", lance, seat)


def _best_of_team(team: int, lance: str, sigs: tuple[Signature, ...], seats: list[int],
                  mano: int, table: Table) -> int:
    return lance_winner(lance, sigs, [s for s in seats if s & 1 == team], mano, table)


def _values(lance: str, outcome: Outcome, sigs: tuple[Signature, ...], mano: int,
            table: Table, winners: dict[str, int]) -> list[Entry]:
    """Pares or juego: the winner's and his partner's values, plus an accepted envite."""
    seats = holders(lance, sigs, table)
    if not seats:
        return []
    if outcome.kind == DEJE:
        seat = _best_of_team(outcome.team, lance, sigs, seats, mano, table)
    else:
        seat = lance_winner(lance, sigs, seats, mano, table)
    winners[lance] = seat
    entries = [_envite(seat, outcome, lance)] if outcome.kind == QUERIDO else []
    for holder, suffix in ((seat, ""), ((seat + 2) % 4, " del compañero")):
        if holder in seats:
            points, reason = _value_line(lance, sigs[holder], table, suffix)
            entries.append(Entry(seat & 1, points, reason, lance, holder))
    return entries


def _value_line(lance: str, sig: Signature, table: Table, suffix: str) -> tuple[int, str]:
    if lance == "pares":
        value = table.pares_value[sig]
        return value, f"{value} de {table.pares_name[sig]}{suffix}"
    value = table.juego_value[sig]
    return value, (f"3 de la 31{suffix}" if value == 3 else f"2 de juego{suffix}")

