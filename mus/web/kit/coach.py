"""The coach's numbers as the table and the replay show them: view data and HTML. Pure.

``mus.ai.coach`` gives, for one seat's observation, the chance that its team holds the best
hand at each open lance and the expected tantos of the hand. The table shows them for the
player (``play.coaching``), the replay for the seat viewed (``replay.model``); both compute
them a frame after painting, so until then the panel says it is working (``numbers`` None).

>>> panel = coach_numbers({"lances": {"chica": 0.25, "grande": 0.5}, "tantos": [3.25, 1]}, "Coach", "en")
>>> [(line["name"], line["pct"]) for line in panel["lances"]], panel["tantos"]
([('Grande (high)', 50), ('Chica (low)', 25)], 'Expected tantos this hand: us 3.2, them 1.0')
>>> 'aria-busy="true"' in coach_panel(coach_numbers(None, "Coach", "en"))
True
"""

from __future__ import annotations

from typing import Any

from .html import esc
from .i18n import LANCES, lance_name, t


def coach_numbers(numbers: dict[str, Any] | None, title: str, lang: str) -> dict[str, Any]:
    """``mus.ai.coach``'s numbers for ``coach_panel`` (None: still working)."""
    panel: dict[str, Any] = {"title": title, "pending": numbers is None,
                             "working": t(lang, "coach.working"), "lances": [], "tantos": ""}
    if numbers is None:
        return panel
    chances = numbers["lances"]
    panel["lances"] = [{"lance": lance, "name": lance_name(lang, lance), "pct": round(100 * chances[lance])}
                       for lance in LANCES if lance in chances]
    us, them = numbers["tantos"]
    panel["tantos"] = t(lang, "coach.tantos", a="%.1f" % us, b="%.1f" % them)
    return panel


def coach_panel(c: dict[str, Any] | None) -> str:
    """The coach's box (``coach_numbers``), or nothing when the coach is off."""
    if not c:
        return ""
    if c["pending"]:
        body = '<p class="coach-working">%s</p>' % esc(c["working"])
    else:
        rows = "".join('<li data-coach="%s"><span>%s</span> <meter min="0" max="100" value="%s"></meter> '
                       '<b>%s %%</b></li>' % (esc(ln["lance"]), esc(ln["name"]), ln["pct"], ln["pct"])
                       for ln in c["lances"])
        body = '<ul class="coach-lances">%s</ul><p class="coach-tantos">%s</p>' % (rows, esc(c["tantos"]))
    return ('<aside class="coach" aria-live="polite" aria-busy="%s"><h3>%s</h3>%s</aside>'
            % ("true" if c["pending"] else "false", esc(c["title"]), body))
