"""What a seat saw of the hand's events: the public log as each seat reads it, and señas.

Señas are seen by the shower's partner, and by a rival only if he caught them: to a rival
who did not, showing none and showing uncaught señas look the same (nothing at all), and
nobody learns whether his own señas were caught. A descarte tells everyone how many cards
were thrown, and only the seat that threw them which ones. The serve's cards and the
declarations' reasons stay in the engine.

>>> public_event((1, "descarte", "descarte 0 2", (4, 9)), 3)
{'seat': 1, 'phase': 'descarte', 'action': 'descarte', 'count': 2}
>>> public_event((0, "senas", "señas", (3,)), 1) is None, public_event((0, "senas", "señas", (3,)), 3)
(True, {'seat': 0, 'phase': 'senas', 'action': 'señas', 'caught': True})
"""

from __future__ import annotations

from typing import Callable

from .actions import DESCARTE, SENAS
from .cards import card_text
from .observation import LogEvent, SenasSeen
from .played import Event


def public_event(event: Event, seat: int) -> LogEvent | None:
    """What ``seat`` saw of ``event`` (None: nothing)."""
    who, phase, text, private = event
    if phase == "senas":
        if who & 1 == seat & 1:
            return {"seat": who, "phase": phase, "action": text}
        return {"seat": who, "phase": phase, "action": text, "caught": True} if seat in private else None
    if phase == "descarte":
        out: LogEvent = {"seat": who, "phase": phase, "action": DESCARTE, "count": len(private)}
        if who == seat:
            out["own"], out["cards"] = text, [card_text(card) for card in private]
        return out
    return {"seat": who, "phase": phase, "action": text}


def public_log(events: list[Event], seat: int) -> list[LogEvent]:
    """The hand's log as ``seat`` saw it."""
    return [shown for event in events if (shown := public_event(event, seat)) is not None]


def senas_seen(events: list[Event], seat: int, senas_of: Callable[[int], tuple[str, ...]]) -> list[SenasSeen]:
    """The señas ``seat`` saw this hand: its own, its partner's, rivals' it caught
    (``senas_of(seat)``: the señas a seat's hand makes)."""
    return [{"seat": who, "senas": list(senas_of(who))} for who, phase, text, caught in events
            if phase == "senas" and text == SENAS and (who & 1 == seat & 1 or seat in caught)]
