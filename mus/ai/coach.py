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

import random
from typing import Any

from .belief import Belief
from .dificil import SAMPLES, _count_lines
from .reasons import rounded
from .view import View

LANCES = ("grande", "chica", "pares", "juego", "punto")


def coach(observation: dict[str, Any], seed: int = 0) -> dict[str, Any]:
    """Chances at each open lance and expected tantos, from ``observation`` only."""
    view = View(observation)
    t = view.tables
    team = view.team
    belief = Belief(view, random.Random(seed), SAMPLES)
    order = [(view.mano + i) % 4 for i in range(4)]
    hand_points = [0.0, 0.0]
    for entry in observation.get("ledger") or []:
        hand_points[int(entry["team"])] += int(entry["points"])
    won = dict.fromkeys(LANCES, 0.0)
    tantos = [0.0, 0.0]

    def winner(lance: str, ids: list[int], seats: list[int]) -> int:
        key = t.key[lance]
        best = seats[0]
        for s in seats:   # seats run from the mano: ties stay with the first
            if key[ids[s]] > key[ids[best]]:
                best = s
        return best

    for ids, weight in zip(belief.worlds, belief.weights):
        if not weight:
            continue
        ours = 0
        theirs = 0
        for lance in ("grande", "chica", "pares", "juego"):
            seats = order
            vals = (0, 0)
            name = lance
            if lance in ("pares", "juego"):
                values = t.pares_value if lance == "pares" else t.juego_value
                seats = [s for s in order if values[ids[s]]]
                if not seats and lance == "juego":
                    name, seats, vals = "punto", order, (1, 1)
                else:
                    vals = (values[ids[view.seat]] + values[ids[view.partner]],
                            values[ids[view.rivals[0]]] + values[ids[view.rivals[1]]])
            if not seats:
                continue
            ours_wins = winner(name, ids, seats) & 1 == team
            if ours_wins:
                won[name] += weight
            for mine, points in _count_lines(name, view.lances.get(name), ours_wins, vals, team):
                if mine:
                    ours += points
                else:
                    theirs += points
        tantos[team] += weight * ours
        tantos[1 - team] += weight * theirs
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
