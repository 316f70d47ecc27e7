"""The new-game screen (the level, every table option, the speed, the language), the
player's statistics and the rules in one line. Pure.
"""

from __future__ import annotations

from typing import Any

import mus
from mus.rules import BOOL

from ..kit.i18n import LANCES, lance_name, t
from .coaching import toggles
from .session import HUMAN, Session
from .settings import CHOICES, TABLE, Settings


def _preference(lang: str, name: str, value: Any, chosen: Any) -> dict[str, Any]:
    return {"value": str(value).lower(), "label": t(lang, f"{name}.{value}"), "checked": chosen == value,
            "lang": value if name == "lang" else None}


def played(game: mus.Game | None) -> bool:
    """Whether the player has made a call in ``game`` (a hand finished, or one of theirs now)."""
    return game is not None and (game.hands_played > 0 or any(
        e["seat"] == HUMAN for e in game.observation(HUMAN, last_hands=0)["log"]))


def setup_view(session: Session, lang: str) -> dict[str, Any]:
    """The new-game screen: the level, then every option the table offers (``TABLE``, from
    the one options table: a yes/no one as a checkbox, the others as a choice), then the
    speed and the language."""
    settings = session.settings
    groups: list[dict[str, Any]] = [
        {"name": name, "legend": t(lang, f"setup.{name}"),
         "options": [_preference(lang, name, v, getattr(settings, name)) for v in CHOICES[name]]}
        for name in ("level", "style")]
    for option in TABLE:
        chosen = getattr(settings.table, option.name)
        if option.kind == BOOL:
            groups.append({"name": option.name, "check": {"label": option.title[lang], "checked": chosen}})
        else:
            groups.append({"name": option.name, "legend": option.title[lang], "options": [
                {"value": option.text(v), "label": option.chip_text(v, lang), "checked": chosen == v,
                 "lang": None} for v in option.offered]})
    for name in ("speed", "lang"):
        groups.append({"name": name, "legend": t(lang, f"setup.{name}"),
                       "options": [_preference(lang, name, v, getattr(settings, name)) for v in CHOICES[name]]})
    game = session.game
    # Starting over asks first once the player has played in the partida (the ``nueva`` action
    # comes in the confirm); not over the hand a first visit was dealt and has only looked at.
    in_progress = game is not None and not game.is_over and played(game)
    buttons = [{"ui" if in_progress else "action": "nueva", "label": t(lang, "act.nueva"), "kind": "primary"}]
    if game is not None:
        buttons.append({"ui": "volver", "label": t(lang, "act.volver"), "kind": ""})
    return {
        "title": t(lang, "setup.title"), "groups": groups,
        "toggles": toggles(session, lang),
        "warning": t(lang, "setup.resume") if in_progress else None,
        "rules_summary": rules_summary(session.settings, lang),
        "buttons": buttons, "stats": stats_view(session, lang),
    }


def stats_view(session: Session, lang: str) -> dict[str, Any]:
    s = session.stats
    lines = []
    if s["manos"][1] == 0 and s["partidas"][1] == 0:
        lines.append(t(lang, "stats.none"))
    for key in ("partidas", "juegos", "manos"):
        won, n = s[key]
        lines.append(t(lang, f"stats.{key}.one" if won == 1 else f"stats.{key}", won=won, n=n))
    lances = [t(lang, "stats.lance", lance=lance_name(lang, lance), won=s["lances"][lance][0],
                n=s["lances"][lance][1]) for lance in LANCES if s["lances"][lance][1]]  # not "Punto: 0 de 0"
    return {"title": t(lang, "stats.title"), "lines": lines, "lances_title": t(lang, "stats.lances"),
            "lances": lances}


def rules_summary(settings: Settings, lang: str) -> str:
    """The table's rules in one line (``Rules.summary``), with the chance that a rival
    catches a seña."""
    return t(lang, "rules.title", list=" · ".join(settings.rules().summary(lang)))
