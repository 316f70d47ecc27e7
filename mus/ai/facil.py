"""Level ``facil``: fixed thresholds on its own hand, the way a beginner plays.

It counts reyes for grande, ases for chica, looks at its own pares and juego, keeps reyes
and pairs when discarding, never throws an órdago and never raises; it ignores the seat,
the partner and the score.

>>> import mus
>>> g = mus.Game.from_deal(["RRRR", "7654", "CCSA", "4422"], mano=0, seed=1)
>>> g = g.apply("no hay mus")
>>> FacilBot(1).choose(g.observation(0))
'envido'
"""

from __future__ import annotations

import random
from typing import Any

from .senas import backs, show_always
from .view import View, legalize, playable

REY, AS = 0, 9


class FacilBot:
    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: dict[str, Any]) -> str:
        view = playable(observation)
        if view.phase == "mus":
            return "no hay mus" if self._good(view) else "mus"
        if view.phase == "descarte":
            return self._discard(view)
        if view.phase == "senas":
            return show_always(view)
        bet = view.bet or {}
        strong, fair = self._grades(view, view.phase)
        fair = fair or backs(view, view.phase)   # the partner signalled this lance
        if not bet.get("answering"):
            return legalize("envido" if strong else "paso", view.legal)
        if bet.get("ordago"):
            return "quiero" if strong else "no quiero"
        stake = int(bet.get("table", 0)) + int(bet.get("pending", 0))
        return "quiero" if strong or fair and stake <= 4 else "no quiero"

    def _good(self, view: View) -> bool:
        t, hid = view.tables, view.hand_id
        reyes = view.hand_sig.count(REY)
        return reyes >= 3 or t.pares_value[hid] >= 2 or t.juego_value[hid] == 3

    def _grades(self, view: View, lance: str) -> tuple[bool, bool]:
        """(worth a bet, worth accepting a first bet) for this lance."""
        t, hid, sig = view.tables, view.hand_id, view.hand_sig
        if lance == "grande":
            return sig.count(REY) >= 2, sig.count(REY) >= 1
        if lance == "chica":
            return sig.count(AS) >= 2, sig.count(AS) >= 1 and max(sig) >= 6
        if lance == "pares":
            return t.pares_value[hid] >= 2, t.pares_value[hid] >= 1 and min(sig) <= 2
        if lance == "juego":
            return t.juego_value[hid] == 3, t.points[hid] in (31, 32)
        return t.points[hid] >= 28, t.points[hid] >= 25

    def _discard(self, view: View) -> str:
        sig_of = view.tables.card_class
        classes = [sig_of[c] for c in view.cards]
        keep = [p for p, k in enumerate(classes) if k == REY or classes.count(k) >= 2]
        thrown = [p for p in range(4) if p not in keep]
        if not thrown:
            thrown = [3]
        return "descarte " + " ".join(map(str, thrown))
