"""View pieces for the coach panel, the partner's reasons at the count and their settings. Pure.

The coach panel shows ``mus.ai.coach`` for the player's own seat (its observation only);
the DOM layer computes it after the table is painted, so until then the panel says it is
working. At the count, the partner's reasons for that hand (``Session.hand_reasons``) are
explained in the player's language; the rivals' reasons are never shown during play.

>>> from mus.web.kit.storage import MemoryStorage
>>> from mus.web.play.session import Session
>>> s = Session(MemoryStorage())
>>> s.set_setting("coach", "true")
>>> s.new_game(seed=3)
>>> coach_view(s, "es")["pending"]
True
>>> s.update_coach()
>>> [line["name"] for line in coach_view(s, "es")["lances"]][:2]
['Grande', 'Chica']
"""

from __future__ import annotations

from typing import Any

from mus.ai import explain

from ..kit.coach import coach_numbers
from ..kit.i18n import t
from .session import Session

PARTNER = 2
TOGGLES = ("advice", "coach", "reasons")


def coach_view(session: Session, lang: str) -> dict[str, Any] | None:
    """The coach's chances for the player's team, or None when the setting is off."""
    game = session.game
    if not session.settings.coach or game is None or session.screen != "table" or game.is_over:
        return None
    return coach_numbers(session.coach_now(), t(lang, "coach.title"), lang)


def partner_reasons(session: Session, hand: int, lang: str) -> dict[str, Any] | None:
    """The partner's reasons in finished hand ``hand``, when the setting is on."""
    if not session.settings.reasons:
        return None
    lines = [explain(reason, lang) for _, reason in session.hand_reasons(hand, (PARTNER,))]
    partner = session.cast[PARTNER]
    gender = partner.gender if partner else "m"
    return {"title": t(lang, "reasons.title", gender=gender), "lines": lines or [t(lang, "reasons.none", gender=gender)]}


def toggles(session: Session, lang: str) -> list[dict[str, Any]]:
    """Checkboxes of the new-game screen for the partner's advice aloud, the coach and the
    partner's reasons."""
    settings = session.settings.to_dict()
    return [{"name": name, "label": t(lang, f"setup.{name}"), "checked": bool(settings[name])}
            for name in TOGGLES]
