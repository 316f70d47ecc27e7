"""View pieces for the coach panel, the partner's reasons at the count and their settings. Pure.

The coach panel shows ``mus.ai.coach`` for the player's own seat (its observation only);
the DOM layer computes it after the table is painted, so until then the panel says it is
working. At the count, the partner's reasons for that hand (``Session.hand_reasons``) are
explained in the player's language; the rivals' reasons are never shown during play.

>>> from mus.web.saves import MemoryStorage
>>> from mus.web.session import Session
>>> s = Session(MemoryStorage())
>>> s.set_setting("coach", "true")
>>> s.new_game(seed=3)
>>> coach_panel(s, "es")["pending"]
True
>>> s.update_coach()
>>> [line["name"] for line in coach_panel(s, "es")["lances"]][:2]
['Grande', 'Chica']
"""

from __future__ import annotations

from typing import Any

from mus.ai import explain

from .i18n import LANCES, lance_name, t
from .session import Session

PARTNER = 2
TOGGLES = ("coach", "reasons")


def coach_panel(session: Session, lang: str) -> dict[str, Any] | None:
    """The coach's chances for the player's team, or None when the setting is off."""
    game = session.game
    if not session.settings.coach or game is None or session.screen != "table" or game.is_over:
        return None
    numbers = session.coach_now()
    panel: dict[str, Any] = {"title": t(lang, "coach.title"), "pending": numbers is None,
                             "working": t(lang, "coach.working"), "lances": [], "tantos": ""}
    if numbers is None:
        return panel
    chances = numbers["lances"]
    panel["lances"] = [{"lance": lance, "name": lance_name(lang, lance), "pct": round(100 * chances[lance])}
                       for lance in LANCES if lance in chances]
    us, them = numbers["tantos"]
    panel["tantos"] = t(lang, "coach.tantos", a=f"{us:.1f}", b=f"{them:.1f}")
    return panel


def partner_reasons(session: Session, hand: int, lang: str) -> dict[str, Any] | None:
    """The partner's reasons in finished hand ``hand``, when the setting is on."""
    if not session.settings.reasons:
        return None
    lines = [explain(reason, lang) for _, reason in session.hand_reasons(hand, (PARTNER,))]
    return {"title": t(lang, "reasons.title"), "lines": lines or [t(lang, "reasons.none")]}


def toggles(session: Session, lang: str) -> list[dict[str, Any]]:
    """Checkboxes of the new-game screen for the coach and the partner's reasons."""
    settings = session.settings.to_dict()
    return [{"name": name, "label": t(lang, f"setup.{name}"), "checked": bool(settings[name])}
            for name in TOGGLES]
