"""Señas: the true signs a player may make to his partner about the hand he holds.

The table and its conditions are those of the rules (``docs/rules.md``, "Señas"): with
8 reyes a 3 is a rey and a 2 an as here too. A player shows all the señas his hand
allows or none, once the mus is over; there are only 715 rank multisets, so each
variant is tabulated once.

>>> senas("RRA4")
('dos reyes',)
>>> senas("RR22")                 # duples con reyes: a 2 is an as with 8 reyes
('dos reyes', 'dos ases', 'duples')
>>> senas("RRSA")                 # 31: ten, ten, ten and one
('dos reyes', 'la 31')
>>> senas("7654"), senas("RC76")  # no pares and 22 points; 37 points shows nothing
(('ciego',), ())
>>> senas("3354", Rules(reyes=4))
()
"""

from __future__ import annotations

from typing import Final

from .cards import RANKS, Hand
from .lances import DEFAULT_RULES, SIGNATURES, Signature, Table, hand_signature, signature, signature_ranks, table_for
from .memo import memoized
from .rules import Rules

SENAS: Final = ("dos reyes", "dos ases", "medias de reyes", "medias de ases", "duples",
                "la 31", "ciego")
CIEGO_BELOW: Final = 29   # ciego: no pares and fewer points than this
_REY, _TRES, _DOS, _AS = (RANKS.index(r) for r in "R32A")


def senas(hand: Hand | str, rules: Rules = DEFAULT_RULES) -> tuple[str, ...]:
    """The señas ``hand`` allows, in the order of ``SENAS`` (empty if none)."""
    return signature_senas(hand_signature(hand), rules.reyes)


@memoized()
def signature_senas(sig: Signature, reyes: int) -> tuple[str, ...]:
    """Señas of the hands of signature ``sig`` with ``reyes`` 8 or 4: one signature at a
    time, so the engine's señas step never waits for the whole table (``senas_table``,
    some 30 ms of MicroPython, which a phone's page once spent in a bot's turn)."""
    return _senas_of(sig, reyes, table_for(Rules(reyes=reyes)))


@memoized()
def senas_table(reyes: int) -> dict[Signature, tuple[str, ...]]:
    """Señas of every hand signature with ``reyes`` 8 or 4 (the bots read them all)."""
    table = table_for(Rules(reyes=reyes))
    out: dict[Signature, tuple[str, ...]] = {}
    for ranks in SIGNATURES:
        sig = signature(ranks)
        out[sig] = _senas_of(sig, reyes, table)
    return out


def _senas_of(sig: Signature, reyes: int, table: Table) -> tuple[str, ...]:
    """The señas of signature ``sig``, read from the lances' ``table`` of its variant."""
    ranks = signature_ranks(sig)
    reyes_ranks = (_REY, _TRES) if reyes == 8 else (_REY,)
    ases_ranks = (_DOS, _AS) if reyes == 8 else (_AS,)
    kind = table.pares_value[sig]          # 0 none, 1 par, 2 medias, 3 duples
    points = table.points[sig]
    n_reyes = sum(1 for r in ranks if r in reyes_ranks)
    n_ases = sum(1 for r in ranks if r in ases_ranks)
    # A par alone, or one of the two pairs of duples (four reyes are two pairs).
    paired = (2,) if kind == 1 else (2, 4) if kind == 3 else ()
    shown = {
        "dos reyes": n_reyes in paired,
        "dos ases": n_ases in paired,
        "medias de reyes": kind == 2 and n_reyes == 3,
        "medias de ases": kind == 2 and n_ases == 3,
        "duples": kind == 3,
        "la 31": points == 31,
        "ciego": kind == 0 and points < CIEGO_BELOW,
    }
    return tuple(name for name in SENAS if shown[name])
