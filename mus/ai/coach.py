"""The coach: a seat's chances at each lance and the tantos the hand should bring.

It reads one seat's observation only and guesses the other three hands with the same
belief sampling as ``dificil`` (``belief.Belief``: the declarations, discard counts, mus
votes and bets seen so far), then counts every guessed deal as the showdown would.

* ``lances``: for every lance not yet settled by a deje, the chance that the seat's team
  holds the best hand there with the cards held now (the draw to come is not guessed).
  Pares and juego count a deal where nobody holds as a loss for both teams; ``punto`` is
  the chance that nobody has juego and the team wins the punto (only ``juego`` once juego
  is declared by someone, only ``punto`` once nobody has it).
* ``tantos``: expected tantos of the hand for each team ``[team0, team1]``: what this hand
  has scored already (dejes), what accepted bets and the count will bring, and every lance
  still open counted as if it went en paso.

>>> import mus
>>> g = mus.Game.from_deal(["RRRA", "CCSA", "7654", "4422"], mano=0, seed=1).apply("no hay mus")
>>> c = coach(g.observation(0))
>>> sorted(c["lances"])
['chica', 'grande', 'juego', 'pares', 'punto']
>>> c["lances"]["juego"]          # the 31 of the mano: already declared, cannot lose
1.0
>>> c["lances"]["grande"] > 0.9, c["tantos"][0] > c["tantos"][1]
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..observation import Observation
from ..rng import Random
from .reasons import rounded
from .showdown import ORDER, count_lines, lance_columns
from .view import View

LANCES = ("grande", "chica", "pares", "juego", "punto")


def coach(observation: Observation, seed: int = 0) -> dict[str, Any]:
    """Chances at each open lance and expected tantos, from ``observation`` only."""
    # dificil's belief, imported when first asked: ``mus.ai`` exports this function, and a
    # page whose coach thinks in a worker (the table) imports ``mus.ai`` without the search
    from .belief import Belief
    from .dificil import SAMPLES

    view = View(observation)
    team = view.team
    belief = Belief(view, Random(seed), SAMPLES)
    hand_points = [0.0, 0.0]
    for entry in observation.get("ledger") or []:
        hand_points[int(entry["team"])] += int(entry["points"])
    won = {lance: 0.0 for lance in LANCES}
    tantos = [0.0, 0.0]

    weights = belief.weights
    ours = [0] * len(weights)
    theirs = [0] * len(weights)
    for lance in ORDER:   # every deal at once, a lance at a time
        names, wins, vals = lance_columns(view, lance, belief.worlds)
        for k, name in enumerate(names):
            if name is None or not weights[k]:
                continue
            if wins[k]:
                won[name] += weights[k]
            for mine, points in count_lines(name, view.lances.get(name), wins[k], vals[k], team):
                if mine:
                    ours[k] += points
                else:
                    theirs[k] += points
    for weight, mine_k, theirs_k in zip(weights, ours, theirs):
        if weight:
            tantos[team] += weight * mine_k
            tantos[1 - team] += weight * theirs_k
    return {
        "seat": view.seat,
        "team": team,
        "lances": {lance: rounded(won[lance]) for lance in _open(view)},
        "tantos": [rounded(hand_points[k] + tantos[k]) for k in (0, 1)],
        "samples": len(belief.worlds),
    }


def _open(view: View) -> list[str]:
    """Lances whose winner is still to be decided, as far as the public record tells."""
    out = []
    pares = view.declared.get("pares")
    juego = view.declared.get("juego")
    for lance in LANCES:
        outcome = view.lances.get(lance)
        if outcome is not None and outcome.get("kind") == "deje":
            continue
        if lance == "pares" and pares is not None and not any(pares):
            continue
        if lance == "juego" and juego is not None and not any(juego):
            continue
        if lance == "punto" and juego is not None and any(juego):
            continue
        out.append(lance)
    return out
