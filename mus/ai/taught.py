"""Level ``lessons``: plays exactly what our lessons and the guide teach, nothing more.

A beginner who has read the lessons (``static/lessons/*.json``, ``docs/lessons.md``) and
plays by them at the table, counting from what he sees there: his cards, his seat, the
declarations and the señas he saw (the lessons teach how to count all of these; they never
teach reading the rivals' bets):

* **Mus** (``cortar``): cut when the pareja's tantos of the hand are ahead of the rivals',
  ask for mus when behind; with the partner and the rivals unknown that is a hand worth
  more tantos than an average hand at its seat (``Tables.equity``).
* **Discards** (``mus``, ``cortar``): keep the reyes and the other figures (the cards worth
  10: rey, caballo, sota, and the 3 with 8 reyes) and look for more; with no figure, keep
  the highest card; with four, throw the lowest.
* **Envites** (``envidar``, ``envites``): envido when the pareja wins the lance more than
  half the time, paso otherwise; quiero an envite on the same count. It never raises a
  plain envite. The chance is the team's at the lance from its hand, its seat and the
  declarations (``strength.team_chance``), from the hands that show them where it saw señas
  (``informed.seen_chance``).
* **Órdago** (``ordago``): quiero only with a hand nothing beats (a chance at the lance of
  ``SURE`` or more). The lessons teach answering an órdago, never throwing one: with that
  hand it envida like any other that wins more than half the time.
* **Señas** (``senas``): it makes every seña its hand allows.

It reads nothing else (not the score, not who bet): an arena level, the game of a reader of
the lessons, placed against ``facil`` and ``normal`` in docs/bots.md. With the coach's numbers
instead of its own count (``mus.ai.coach``, which reads every bet through ``dificil``'s
belief) the same rules won 45.5 % of 1,000 juegos against ``dificil``.

>>> import mus
>>> g = mus.Game.from_deal(["RRRA", "CCSA", "7654", "4422"], mano=0, seed=1)
>>> TaughtBot(1).choose(g.observation(0))           # worth far more than an average hand
'no hay mus'
>>> g = g.apply("no hay mus")
>>> d = TaughtBot(1).decide(g.observation(0))        # three reyes as mano: more than half
>>> d.action, d.reason["chance"] > EVEN
('envido', True)
"""

from __future__ import annotations

from typing import Any, Final

from ..observation import Observation
from .informed import seen_chance
from .reasons import Decision, rounded
from .seeded import SeededBot
from .senas import senas_decision
from .strength import team_chance
from .view import View, legalize, playable

LEVEL: Final = "lessons"
EVEN: Final = 0.5    # envido and quiero above this chance (``envidar``, ``envites``)
SURE: Final = 0.97   # quiero an órdago only from here (``ordago``)
SOTA: Final = 2      # the lowest figure's class


class TaughtBot(SeededBot):

    def decide(self, observation: Observation) -> Decision:
        view = playable(observation)
        hand = list(observation["hand"])
        if view.phase == "senas":
            return senas_decision(view, LEVEL, hand)
        thrown = discard(view)
        keep = [c for p, c in enumerate(hand) if p not in thrown]
        if view.phase == "descarte":
            action = "descarte " + " ".join(str(p) for p in thrown)
            return Decision(action, {"kind": "descarte", "level": LEVEL, "action": action, "hand": hand,
                                     "keep": keep})
        if view.phase == "mus":
            t = view.tables
            worth, average = t.equity[view.pos][view.hand_id], t.mean_equity_rand[view.pos]
            action = "no hay mus" if worth > average else "mus"
            return Decision(action, {"kind": "mus", "level": LEVEL, "action": action, "hand": hand,
                                     "keep": keep, "worth": rounded(worth), "average": rounded(average)})
        p = seen_chance(view, view.phase, self._rng)
        return self._bet(view, hand, team_chance(view, view.phase) if p is None else p)

    def _bet(self, view: View, hand: list[str], p: float) -> Decision:
        bet: dict[str, Any] = view.bet or {}
        facing = bool(bet.get("answering"))
        if bet.get("ordago"):
            choice, need = ("quiero" if p >= SURE else "no quiero"), SURE
        elif facing:
            choice, need = ("quiero" if p > EVEN else "no quiero"), EVEN
        else:
            choice, need = ("envido" if p > EVEN else "paso"), EVEN
        action = legalize(choice, view.legal)
        return Decision(action, {
            "kind": "bet", "level": LEVEL, "action": action, "lance": view.phase, "hand": hand,
            "chance": rounded(p), "threshold": need, "facing": facing, "ordago": bool(bet.get("ordago")),
            "stake": int(bet.get("table", 0)) + int(bet.get("pending", 0))})


def discard(view: View) -> list[int]:
    """Positions to throw: everything but the figures (the highest card if none; the lowest
    figure if all four are)."""
    # Ranks as the tables class them: R C S 7 6 5 4 3 2 A are 0..9, a 3 is a rey (0) and a
    # 2 an as (9) with 8 reyes; a lower class is a higher card.
    classes = [view.tables.card_class[c] for c in view.cards]
    figures = [p for p, k in enumerate(classes) if k <= SOTA]
    if not figures:
        figures = [min(range(4), key=lambda p: classes[p])]
    if len(figures) == 4:
        figures.remove(max(range(4), key=lambda p: classes[p]))
    return [p for p in range(4) if p not in figures]
