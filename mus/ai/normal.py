"""Level ``normal``: solid, honest play from the strength of its own hand at each lance.

It cuts the mus with a good hand, discards to keep the cards worth most, bets and accepts
by its team's chances at the lance (its hand, its seat, the declarations) and looks at the
score: it accepts rather than hand the rivals the juego with a refusal, and keeps its
órdagos for the end of the juego, once a hand, when the rivals are close to winning it.

>>> import mus
>>> g = mus.Game.from_deal(["RRRR", "7654", "CCSA", "4422"], mano=0, seed=1)
>>> NormalBot(1).choose(g.observation(0))
'no hay mus'
"""

from __future__ import annotations

from typing import Any

from ..observation import Observation
from .informed import seen_chance
from .reasons import Decision, rounded
from .seeded import SeededBot
from .senas import senas_decision
from .strength import team_chance
from .view import View, best_discard, legalize, playable

CUT_PCT = (0.78, 0.76, 0.74, 0.72)   # mus strength needed to cut, by seat from the mano
# Órdagos are for the end of the juego: once the rivals need CLOSING tantos or fewer (a
# near-sure hand at pares or juego, or raising a strong one), and from 6 with DESPERATE at
# any lance; before that only a hand SURE on its own cards at pares or juego (not on the
# partner's señas, which make sure team chances common), the price of calling it loosely;
# and once a hand (docs/bots.md).
CLOSING = 10
DESPERATE = 0.8
SURE = 0.97


class NormalBot(SeededBot):

    def decide(self, observation: Observation) -> Decision:
        view = playable(observation)
        hand = list(observation["hand"])
        if view.phase in ("mus", "descarte"):
            thrown, expected = best_discard(view.tables, view.cards, view.tables.mean_equity)
            keep = [c for p, c in enumerate(hand) if p not in thrown]
            if view.phase == "descarte":
                action = "descarte " + " ".join(map(str, thrown))
                return Decision(action, {"kind": "descarte", "level": "normal", "action": action,
                                         "hand": hand, "keep": keep,
                                         "expected": rounded(expected)})
            pct = view.tables.equity_pct[view.pos][view.hand_id]
            action = "no hay mus" if pct >= CUT_PCT[view.pos] else "mus"
            return Decision(action, {"kind": "mus", "level": "normal", "action": action,
                                     "hand": hand, "keep": keep, "strength": rounded(pct),
                                     "threshold": CUT_PCT[view.pos]})
        if view.phase == "senas":
            return senas_decision(view, "normal", hand)
        choice, p, need = self._bet(view)
        action = legalize(choice, view.legal)
        bet = view.bet or {}
        reason = {"kind": "bet", "level": "normal", "action": action, "lance": view.phase,
                  "hand": hand, "chance": rounded(p), "facing": bool(bet.get("answering")),
                  "ordago": bool(bet.get("ordago")),
                  "stake": int(bet.get("table", 0)) + int(bet.get("pending", 0))}
        if need is not None:
            reason["threshold"] = need
        return Decision(action, reason)

    def _bet(self, view: View) -> tuple[str, float, float | None]:
        """The bet, the team's chance at the lance and the chance it was compared with."""
        lance = view.phase
        p = seen_chance(view, lance, self._rng)
        if p is None:
            p = team_chance(view, lance)
        bet = view.bet or {}
        table, pending = int(bet.get("table", 0)), int(bet.get("pending", 0))
        facing = bool(bet.get("answering"))
        them_left = view.target - view.them
        us_left = view.target - view.us
        # Before the end a near-sure hand bets big: an órdago is called by few, so it would
        # earn the deje an envite earns too.
        closing = them_left <= CLOSING and not _thrown(view)
        sure = team_chance(view, lance) >= SURE and lance in ("pares", "juego") and not _thrown(view)
        if not facing:
            if p >= 0.93 and lance in ("pares", "juego"):
                return ("ordago", p, 0.93) if closing or sure else ("envido 5", p, 0.93)
            if p >= DESPERATE and them_left <= 6 and closing:
                return "ordago", p, DESPERATE
            if p >= 0.85:
                return ("envido 4" if self._rng.random() < 0.5 else "envido"), p, 0.85
            return ("envido" if p >= 0.62 else "paso"), p, 0.62
        stake = table + pending
        deje = table or 1
        if bet.get("ordago"):
            need = 0.72
            if them_left <= deje + 2:
                need = 0.3        # refusing as good as loses the juego
            elif us_left <= 4:
                need = 0.85       # we are nearly there: no need to gamble
            return ("quiero" if p >= need else "no quiero"), p, need
        if them_left <= deje:
            # Refusing hands them the juego. Raise only while the stake does not already
            # win ours: past that a raise changes nothing, and two sure hands would raise forever.
            return ("envido" if p >= 0.8 and stake < us_left else "quiero"), p, None
        if p >= 0.9 and closing or sure:
            return "ordago", p, 0.9
        if p >= 0.8 and stake < 12:
            return "envido", p, 0.8
        need = 0.5 if stake <= 2 else 0.55 if stake <= 6 else 0.6
        return ("quiero" if p >= need else "no quiero"), p, need


def _thrown(view: View) -> bool:
    """Whether our team threw an órdago this hand already (refused, or we would not bet)."""
    return any(action == "ordago" and seat % 2 == view.team for seat, _, action in view.bets)
