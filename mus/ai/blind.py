"""Rivals who bet without looking at their cards, read from public information only.

Four kinds are told apart (``blind_kind``):

* ``"random"``: envites and raises no sensible player makes (more than ``WILD_SIZE`` at
  once this hand, or a lance of an earlier hand played for more than ``WILD_STAKE``).
  Such a player also takes the mus and discards blindly, so his hand is a random one.
* ``"ordago"``: órdagos at ``ORDAGOS`` lances (this hand's, or earlier hands' called ones),
  or at one once earlier hands showed the team betting every lance. His mus and discards
  may still be a sensible player's.
* ``"raise"``: bets at three lances with no paso or refusal, or that every-lance sign, and
  no órdago (a raiser only calls one; a loose opener's órdago is a hand's).
* ``"accept"``: ``ACCEPTED`` envites accepted, none refused, no deje, no bet of their own.

A sensible team may still bluff often: ``reading.Reading.bluff_share`` reads, from the
hands shown at the count, how many of its bets had nothing behind them, and the belief weighs
its bets by that.

Against such a player a refusal costs a tanto or two, and a hand that wins the lance nine
times in ten comes within a few hands: the chance of the juego is that of a stopping
problem, not of two sensible teams (``blind_table``).

>>> w = blind_table(40, "random")
>>> w[40][40] > 0.8, w[40][1] < w[40][40], w[1][40] > 0.99
(True, True, True)
"""

from __future__ import annotations

from typing import Final

from ..memo import memoized
from .strength import count_up_to
from .view import View, envido_amount

WILD_SIZE = 10    # no sensible player opens or raises by more than this
WILD_STAKE = 40   # nor plays a lance for more (raise wars stop where the stake decides)
ORDAGOS = 3       # lances with the rivals' órdagos that read as an órdago at every lance
ALWAYS = 4        # lances the rivals bet, shown in earlier hands where they bet every lance
ALWAYS_ORDAGO = 3  # ... for an órdago player, who may be called from the bluffs he showed
ACCEPTED = 4      # envites accepted, none ever refused: a team that accepts everything
LARGEST = 60      # targets past this keep the even table (the table costs target²)
# The chances at a lance (``_chances``), by kind: fitted in the arena (3,000 juegos, seed 1:
# against random 2 gave 91.8 %, 4 92.3 %, 6 91.2 %; against always-ordago 2 gave 92.0 %, 4
# 91.1 %), within the noise of each other.
BEST_OF: Final = {"random": 4.0, "ordago": 2.0}
STOPPING = ("random", "ordago")   # the kinds valued by ``blind_table``

# What a refusal hands over (tantos, chance): a deje of 1 at grande and chica, with the
# rivals' pares or juego on top at those lances.
_REFUSALS: Final = ((1, 0.5), (3, 0.25), (4, 0.25))
# The sizes of a blind envite (uniform from 2 to the target: their middle points) and the
# share of órdagos among his bets (one legal action in 41).
_SIZES: Final = 6
_RANDOM_ORDAGO = 1.0 / 41.0


def wild_bet(view: View) -> bool:
    """Whether a rival opened or raised by more than ``WILD_SIZE`` this hand."""
    rivals = view.rivals
    return any(seat in rivals and envido_amount(action) > WILD_SIZE for seat, _, action in view.bets)


def blind_kind(view: View, wild: bool = False) -> str:
    """How the rival team reads from what is public: ``"random"``, ``"ordago"``,
    ``"raise"``, ``"accept"`` or ``""`` (a sensible team); ``wild``: a rival bet past
    ``WILD_SIZE`` in an earlier hand, which the observation no longer shows
    (``reading.Reading.wild``)."""
    if wild or wild_bet(view):
        return "random"
    rivals = view.rivals
    ordago_lances: list[str] = []
    bet_lances: list[str] = []
    refused = passed = False
    accepted = 0
    for seat, lance, action in view.bets:
        if seat not in rivals:
            continue
        if action == "ordago" and lance not in ordago_lances:
            ordago_lances.append(lance)
        if (action == "ordago" or action.startswith("envido")) and lance not in bet_lances:
            bet_lances.append(lance)
        refused = refused or action == "no quiero"
        accepted += action == "quiero"
        passed = passed or action == "paso"
    called, querido = 0, accepted
    dejes = lances = bets = shown = 0
    for hand in view.obs.get("history") or []:
        for outcome in hand["lances"].values():
            kind = outcome["kind"]
            if kind in ("querido", "deje") and int(outcome["amount"]) > WILD_STAKE:
                return "random"
            if kind == "ordago" and int(outcome["bettor"]) in rivals:
                called += 1
            lances += kind != "sin envite"
            # a lance the rivals bet, as far as it shows (who bet an accepted envite does not)
            theirs = kind in ("deje", "ordago") and int(outcome["bettor"]) in rivals
            bets += kind == "querido" or theirs
            shown += theirs
            dejes += kind == "deje"
            querido += kind in ("querido", "ordago")
    # The rivals bet every lance of the earlier hands: a team that opens every lance.
    always = shown >= ALWAYS and bets == lances
    if len(ordago_lances) + called >= ORDAGOS or (
            ordago_lances and shown >= ALWAYS_ORDAGO and bets == lances):
        return "ordago"
    if not refused and not passed and not ordago_lances and (len(bet_lances) >= 3 or always):
        return "raise"
    if not bet_lances and not refused and not dejes and querido >= ACCEPTED:
        return "accept"
    return ""


def _chances(n: int, best_of: float) -> list[float]:
    """``n`` equally likely chances at a lance (sorted) for the team facing a blind bet:
    the better of our hands at percentile u (the largest of ``best_of`` uniforms), against
    two random hands, judged by its holder: (1 + 2 u³) / 3."""
    out = []
    for k in range(n):
        u = ((k + 0.5) / n) ** (1.0 / best_of)
        out.append((1.0 + 2.0 * u * u * u) / 3.0)
    return out


def _best(chances: list[float], tail: list[float], keep: float, won: float, lost: float) -> float:
    """Mean over ``chances`` (``tail[k]``: the sum from the k-th on) of the better of
    refusing (``keep``) and calling, which leaves ``won`` or ``lost`` as the lance goes."""
    n = len(chances)
    if won <= lost:
        return max(keep, lost)
    lo = count_up_to(chances, (keep - lost) / (won - lost))   # the chances refused
    return (lo * keep + (n - lo) * lost + (won - lost) * tail[lo]) / n


def blind_table(target: int, kind: str) -> list[list[float]] | None:
    """``w[need_us][need_them]`` as ``tables.win_table``: our chance of the juego against a
    team that bets blind at every lance, when we refuse until calling pays. Each lance we
    face a bet (an órdago for ``"ordago"``; for ``"random"`` an envite of 2 to 40, or one in
    41 an órdago) with a chance from ``_chances``, and refuse (``_REFUSALS``) or call. None past
    ``LARGEST``."""
    if target > LARGEST or kind not in STOPPING:
        return None
    return _blind_table(target, kind)


@memoized(maxsize=8)
def _blind_table(target: int, kind: str) -> list[list[float]]:
    w = [[0.5] * (target + 1) for _ in range(target + 1)]
    p = _chances(64, BEST_OF[kind])
    tail = [sum(p[k:]) for k in range(len(p) + 1)]
    top = min(40, target)
    sizes = [2 + (top - 2) * (2 * k + 1) // (2 * _SIZES) for k in range(_SIZES)]
    ordago_share = 1.0 if kind == "ordago" else _RANDOM_ORDAGO
    for a in range(1, target + 1):
        row = w[a]
        for b in range(1, target + 1):
            total = 0.0
            for cost, share in _REFUSALS:
                keep = row[b - cost] if b > cost else 0.0
                value = ordago_share * _best(p, tail, keep, 1.0, 0.0)
                if ordago_share < 1.0:
                    plain = 0.0
                    for size in sizes:
                        won = w[a - size][b] if a > size else 1.0
                        lost = row[b - size] if b > size else 0.0
                        plain += _best(p, tail, keep, won, lost)
                    value += (1.0 - ordago_share) * plain / len(sizes)
                total += share * value
            row[b] = total
    return w
