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

from typing import Any

from ..observation import Observation
from .reasons import Decision
from .seeded import SeededBot
from .senas import backs, senas_decision
from .view import View, legalize, playable

REY, AS = 0, 9
_PARES_NAMES = ("sin pares", "pareja", "medias", "duples")


class FacilBot(SeededBot):

    def decide(self, observation: Observation) -> Decision:
        view = playable(observation)
        hand = list(observation["hand"])
        t, hid = view.tables, view.hand_id
        if view.phase in ("mus", "descarte"):
            thrown = self._discard(view)
            keep = [c for p, c in enumerate(hand) if p not in thrown]
            if view.phase == "descarte":
                action = "descarte " + " ".join(map(str, thrown))
                return Decision(action, {"kind": "descarte", "level": "facil", "action": action,
                                         "hand": hand, "keep": keep})
            action = "no hay mus" if self._good(view) else "mus"
            return Decision(action, {"kind": "mus", "level": "facil", "action": action,
                                     "hand": hand, "keep": keep,
                                     "reyes": view.hand_sig.count(REY),
                                     "pares": t.pares_value[hid], "juego": t.juego_value[hid]})
        if view.phase == "senas":
            return senas_decision(view, "facil", hand)
        bet = view.bet or {}
        strong, fair, rule = self._grades(view, view.phase)
        fair = fair or backs(view, view.phase)   # the partner signalled this lance
        stake = int(bet.get("table", 0)) + int(bet.get("pending", 0))
        if not bet.get("answering"):
            action = legalize("envido" if strong else "paso", view.legal)
        elif bet.get("ordago"):
            action = "quiero" if strong else "no quiero"
        else:
            action = "quiero" if strong or fair and stake <= 4 else "no quiero"
        grade = "strong" if strong else "fair" if fair else "weak"
        return Decision(action, {"kind": "bet", "level": "facil", "action": action,
                                 "lance": view.phase, "hand": hand, "grade": grade, "rule": rule,
                                 "facing": bool(bet.get("answering")), "stake": stake})

    def _good(self, view: View) -> bool:
        t, hid = view.tables, view.hand_id
        reyes = view.hand_sig.count(REY)
        return reyes >= 3 or t.pares_value[hid] >= 2 or t.juego_value[hid] == 3

    def _grades(self, view: View, lance: str) -> tuple[bool, bool, str]:
        """(worth a bet, worth accepting a first bet, what it counted) for this lance."""
        t, hid, sig = view.tables, view.hand_id, view.hand_sig
        if lance == "grande":
            reyes = sig.count(REY)
            return reyes >= 2, reyes >= 1, f"{reyes} rey" if reyes == 1 else f"{reyes} reyes"
        if lance == "chica":
            ases = sig.count(AS)
            return ases >= 2, ases >= 1 and max(sig) >= 6, f"{ases} as" if ases == 1 else f"{ases} ases"
        if lance == "pares":
            return (t.pares_value[hid] >= 2, t.pares_value[hid] >= 1 and min(sig) <= 2,
                    _PARES_NAMES[t.pares_value[hid]])
        if lance == "juego":
            return t.juego_value[hid] == 3, t.points[hid] in (31, 32), f"{t.points[hid]} de juego"
        return t.points[hid] >= 28, t.points[hid] >= 25, f"{t.points[hid]} al punto"

    def _discard(self, view: View) -> list[int]:
        sig_of = view.tables.card_class
        classes = [sig_of[c] for c in view.cards]
        keep = [p for p, k in enumerate(classes) if k == REY or classes.count(k) >= 2]
        thrown = [p for p in range(4) if p not in keep]
        if not thrown:
            thrown = [3]
        return thrown
