"""A team's chance at a lance once señas were seen: ``normal``'s reading of them.

``normal`` judges a lance from its own hand against unknown ones (``strength``). When it
saw señas (its partner's, or a rival's it caught), those hands are no longer unknown: it
samples the other hands with the belief (which keeps only hands showing exactly those
señas) and counts how often its team holds the best hand at the lance.

>>> import mus
>>> from mus.rng import Random
>>> from mus.ai.view import View
>>> g = mus.Game.from_deal(["7654", "CCSA", "RRRR", "CS7A"], mano=0, seed=1,
...                        rules=mus.Rules(senas=True, catch=0.0)).apply("no hay mus")
>>> g = g.apply("sin señas").apply("señas").apply("señas").apply("sin señas")
>>> v = View(g.observation(0))                 # the partner showed dos reyes and duples
>>> from mus.ai.strength import team_chance
>>> round(team_chance(v, "grande"), 2), round(seen_chance(v, "grande", Random(1)), 2)
(0.33, 0.79)
"""

from __future__ import annotations


from ..rng import Random
from .belief import Belief
from .senas import seen
from .view import View

SAMPLES = 120


def seen_chance(view: View, lance: str, rng: Random) -> float | None:
    """Our team's chance of winning ``lance`` given the señas seen; None if none seen."""
    if not seen(view):
        return None
    belief = Belief(view, rng, SAMPLES)
    t = view.tables
    order = [(view.mano + i) % 4 for i in range(4)]
    values = t.pares_value if lance == "pares" else t.juego_value if lance == "juego" else None
    key = t.key[lance]
    won = total = 0.0
    for ids, weight in zip(belief.worlds, belief.weights):
        seats = order if values is None else [s for s in order if values[ids[s]]]
        if not seats:
            continue
        best = max(seats, key=lambda s: (key[ids[s]], -order.index(s)))
        total += weight
        won += weight if best & 1 == view.team else 0.0
    return won / total if total else None
