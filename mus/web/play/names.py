"""How the table names each seat: the player, and the bots by their names and styles. Pure."""

from __future__ import annotations

from ..kit.i18n import t
from .session import Session
from .talk import PARTNER


def seat_names(session: Session, lang: str) -> list[str]:
    """How the table names each seat: the player, then the bots by their names."""
    return [session_name(session, lang, seat) for seat in range(4)]


def session_name(session: Session, lang: str, seat: int) -> str:
    bot = session.cast[seat]
    return bot.name if bot else t(lang, "seat", seat=seat)


def short_name(lang: str, seat: int, names: list[str]) -> str:
    """The name phones show: a bot's own, or the seat's short one when it has none."""
    full = t(lang, "seat", seat=seat)
    return t(lang, "seat.short", seat=seat) if names[seat] == full else names[seat]


def cast_line(session: Session, lang: str) -> str | None:
    """Who the bots are: 'Chema (lanzado) es tu compañero; Lola (farolera) y ...'."""
    seats = session.cast
    if not any(seats):
        return None
    said = {n: t(lang, "cast.seat", name=seat.name, style=t(lang, f"style.{seat.style}.{seat.gender}"))
            for n, seat in enumerate(seats) if seat}
    partner = seats[PARTNER]
    return t(lang, "cast.line", partner=said[PARTNER], right=said[1], left=said[3],
             gender=partner.gender if partner else "m")
