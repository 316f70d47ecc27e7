"""Who sits at the table: each bot's name and style (``mus.ai.styles``). Pure.

Both follow from the partida's seed and the style chosen on the new-game screen (one style
for the three bots, or ``random``: each its own), so a save needs nothing new to bring the
same people back to the table.

>>> [(seat.name, seat.style) for seat in cast("random", 3)[1:]]
[('Julián', 'bold'), ('Lola', 'bluffer'), ('Chema', 'bluffer')]
>>> [seat.style for seat in cast("bluffer", 3)[1:]]
['bluffer', 'bluffer', 'bluffer']
"""

from __future__ import annotations

import mus
from mus.ai import STYLES

from ..kit.value import Value

RANDOM = "random"
STYLE_CHOICES = (RANDOM,) + STYLES
# Names, each with the grammatical gender its style's adjective takes in Spanish.
NAMES = (("Paco", "m"), ("Lola", "f"), ("Chema", "m"), ("Maite", "f"), ("Íñigo", "m"), ("Carmen", "f"),
         ("Fermín", "m"), ("Begoña", "f"), ("Txomin", "m"), ("Rosario", "f"), ("Julián", "m"), ("Amaia", "f"))
SALT = 0xCA57


class Seat(Value):
    # A bot at the table: its name, the gender of its name, its style.
    __slots__ = ("name", "gender", "style")

    def __init__(self, name: str, gender: str, style: str) -> None:
        self.name, self.gender, self.style = name, gender, style


def cast(style: str, seed: int) -> list[Seat | None]:
    """Seat by seat (None for the player's own), the bots of a partida dealt from ``seed``."""
    rng = mus.Random(seed ^ SALT)
    names = list(NAMES)
    rng.shuffle(names)
    out: list[Seat | None] = [None]
    for seat in (1, 2, 3):
        name, gender = names[seat]
        out.append(Seat(name, gender, rng.choice(STYLES) if style not in STYLES else style))
    return out
