"""Level ``loose`` (arena only): ``normal`` that opens every lance from a weak hand.

Many players envida most of their hands at grande and chica. A stranger that plays so (a
rule-based bot of another project, docs/bots.md) cost ``dificil`` far more than its play is
worth: ``dificil`` reads an opening envite as an honest player's and pays the deje. This
level keeps that opponent in the panel: it plays as ``normal`` in everything but opening a
lance, where it envida from a team chance of ``OPEN_FROM`` (``normal``: 0.62).

>>> import mus
>>> g = mus.Game.from_deal(["R765", "7654", "CCSA", "4422"], mano=0, seed=1).apply("no hay mus")
>>> NormalBot(1).choose(g.observation(0)), LooseBot(1).choose(g.observation(0))
('paso', 'envido')
"""

from __future__ import annotations

from .normal import NormalBot
from .view import View

OPEN_FROM = 0.3


class LooseBot(NormalBot):
    """``normal`` whose opening envite comes from ``OPEN_FROM``."""

    def _bet(self, view: View) -> tuple[str, float, float | None]:
        choice, chance, need = super()._bet(view)
        if choice == "paso" and chance >= OPEN_FROM:   # normal passes only when opening
            return "envido", chance, OPEN_FROM
        return choice, chance, need
