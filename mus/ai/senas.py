"""Señas for the bots: reading the ones a seat saw, and deciding whether to show its own.

Reading. ``observation["senas"]`` lists what the seat saw: its partner's señas and those
of rivals it caught. Señas are all or none and always true, so a seat seen to show
``["dos reyes"]`` holds exactly the hands whose señas are that list: ``allowed`` is the
filter the belief sampling applies (``normal`` and ``dificil``), and ``backs`` is the
plain reading of ``facil`` (the partner promised this lance).

Showing. ``random`` picks uniformly, ``facil`` and ``normal`` always show, ``dificil``
weighs what its partner gains against what a catching rival gains (``gains``); the
decision carries its reason (``kind`` "senas", see ``reasons.explain``).

>>> import mus
>>> from mus.ai.view import View
>>> g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1,
...                        rules=mus.Rules(senas=True, catch=1.0)).apply("no hay mus")
>>> g = g.apply("señas").apply("sin señas").apply("señas")
>>> v = View(g.observation(0))
>>> seen(v)
{2: ('la 31',)}
>>> ok = allowed(v, 2)
>>> ok[v.tables.id_of((0, 1, 2, 9))], ok[v.tables.id_of((0, 0, 1, 5))]   # RCSA, RRC6
(True, False)
"""

from __future__ import annotations

from typing import Final

from ..memo import memoized
from ..lances import signature
from ..signs import senas_table
from .reasons import Decision, rounded
from .tables import Tables, card_index
from .view import View

SHOW, HIDE = "señas", "sin señas"
# Rough worth of winning each lance (tantos, bets included), as the tables weigh them.
_WORTH: Final = {"grande": 1.6, "chica": 1.3, "pares": 2.5, "juego": 3.0, "punto": 1.4}
# How much more a catching rival makes of what he learnt than our partner does, by whether
# the señas say our hand is stronger than he thought at that lance (he refuses our bets and
# saves what we would have won) or weaker (he bets into it). Calibrated in the arena: with
# 1.5 / 0.5 dificil showed every hand at the table's 1 in 4 and that team won only 45.6 %
# of 1000 juegos against dificil players who never show (docs/figures.md).
_RIVAL_USE_STRONG, _RIVAL_USE_WEAK = 3.0, 2.2
# Late in the juego (see ``gains``): from LATE_FROM tantos still needed by either team.
LATE_FROM, LATE_STEPS = 15, 5
LATE_PARTNER, LATE_RIVAL = 2.0, 0.5
# Before any evidence, how likely the rivals are to show each other their señas (as
# ``normal`` does and the rules texts advise; many players never do). Even odds: a
# silent rival read as showing seems to answer on his team's cards, from higher up
# (``belief``), and at 0.8 that misreading cost more than it gained (docs/bots.md).
HABIT_PRIOR = 0.5


def shown(view: View) -> dict[int, tuple[str, ...]]:
    """Señas we know each seat showed its partner this hand: ours, our partner's, caught
    rivals'."""
    return {int(e["seat"]): tuple(str(s) for s in e["senas"]) for e in view.obs.get("senas") or []}


def seen(view: View) -> dict[int, tuple[str, ...]]:
    """Señas the seat saw from others this hand: its partner's and caught rivals'."""
    out = shown(view)
    out.pop(view.seat, None)
    return out


@memoized(maxsize=8)
def hand_senas(t: Tables, reyes: int) -> list[tuple[str, ...]]:
    """The señas of every hand id of the tables (a signature of classes is one of ranks)."""
    table = senas_table(reyes)
    return [table[signature(sig)] for sig in t.sigs]


def allowed(view: View, seat: int) -> list[bool] | None:
    """For every hand id, whether ``seat`` may hold it given the señas we saw it show;
    None when we saw none from it (it showed none, or we did not catch them)."""
    shown = seen(view).get(seat)
    if shown is None:
        return None
    return [s == shown for s in hand_senas(view.tables, reyes_of(view))]


def backs(view: View, lance: str) -> bool:
    """Whether the partner's señas promise a good hand at ``lance`` (facil's reading)."""
    shown = set(seen(view).get(view.partner, ()))
    if lance == "grande":
        return bool(shown & {"dos reyes", "medias de reyes"})
    if lance == "chica":
        return bool(shown & {"dos ases", "medias de ases", "ciego"})
    if lance == "pares":
        return bool(shown & {"duples", "medias de reyes", "medias de ases", "dos reyes"})
    if lance == "juego":
        return "la 31" in shown
    return False


def senas_decision(view: View, level: str, hand: list[str]) -> Decision:
    """The señas step for ``facil``/``normal`` (always show) and ``dificil`` (weighs it)."""
    shown = list(hand_senas(view.tables, reyes_of(view))[view.hand_id])
    reason: dict[str, object] = {"kind": "senas", "level": level, "hand": hand, "senas": shown}
    if SHOW not in view.legal:
        action = HIDE
    elif level == "dificil":
        catch = float(view.obs["rules"].get("catch", 0.25))
        late = lateness(view.target, view.us, view.them)
        partner, rivals = gains(view.tables, reyes_of(view), view.hand_id, catch, late)
        action = SHOW if partner >= rivals else HIDE
        reason["partner"], reason["rivals"] = rounded(partner), rounded(rivals)
    else:
        action = SHOW
    reason["action"] = action
    return Decision(action, reason)


def lateness(target: int, us: int, them: int) -> int:
    """How near the juego is to its end, in steps 0..LATE_STEPS: 0 while both teams need
    LATE_FROM tantos or more, LATE_STEPS when one needs a single tanto."""
    need = min(target - us, target - them)
    return max(0, min(LATE_STEPS, (LATE_FROM - need) * LATE_STEPS // (LATE_FROM - 1)))


def worth_showing(t: Tables, reyes: int, hand_id: int, catch: float, late: int = 0) -> bool:
    """Whether ``dificil`` shows the señas of ``hand_id`` (see ``gains``)."""
    partner, rivals = gains(t, reyes, hand_id, catch, late)
    return bool(hand_senas(t, reyes)[hand_id]) and partner >= rivals


@memoized(maxsize=4096)
def gains(t: Tables, reyes: int, hand_id: int, catch: float, late: int = 0) -> tuple[float, float]:
    """Weigh the partner's gain against the catching rivals' gain.

    What a seña tells is, lance by lance, how far it moves an observer's estimate of our
    hand's standing (its percentile against a random hand): from the hands with the same
    pares and juego (the declarations will tell those to everyone anyway) to the hands
    that show the same señas. That shift times the lance's worth is what knowing it is
    worth to whoever sees it. The partner always sees it; each rival catches it with
    chance ``catch``, so 2 × catch rivals on average, and a rival makes more of a seña
    that says we are strong (he stops paying our bets) than of one that says we are weak.
    Late in the juego (``late`` of LATE_STEPS, see ``lateness``) the partner makes more of
    it (×1 up to ×(1 + LATE_PARTNER)): his órdagos and his answers to órdagos decide the
    juego, and knowing our hand is what makes them right; a rival makes less of it
    (×1 down to ×(1 - LATE_RIVAL)): the bets he refuses because he caught a strong seña
    pay us dejes, which near the end may be all we need.
    Returns (partner's gain, rivals' expected gain); ``dificil`` shows when the first is
    at least the second.
    """
    senas_of = hand_senas(t, reyes)
    shown = senas_of[hand_id]
    if not shown:
        return 0.0, 0.0
    same_decl = [i for i in range(len(t.sigs))
                 if t.has_pares[i] == t.has_pares[hand_id] and t.has_juego[i] == t.has_juego[hand_id]]
    same_senas = [i for i in same_decl if senas_of[i] == shown]
    partner = rivals = 0.0
    lances = ["grande", "chica"]
    if t.has_pares[hand_id]:
        lances.append("pares")
    lances.append("juego" if t.has_juego[hand_id] else "punto")
    for lance in lances:
        pct = t.pct[lance]
        before = _mean(t, pct, same_decl)
        after = _mean(t, pct, same_senas)
        shift = abs(after - before) * _WORTH[lance]
        partner += shift
        rivals += shift * (_RIVAL_USE_STRONG if after > before else _RIVAL_USE_WEAK)
    share = late / LATE_STEPS
    return partner * (1.0 + LATE_PARTNER * share), 2 * catch * rivals * (1.0 - LATE_RIVAL * share)


def _mean(t: Tables, values: list[float], ids: list[int]) -> float:
    total = sum(t.weight[i] for i in ids)
    return sum(values[i] * t.weight[i] for i in ids) / total if total else 0.0


def habit(view: View) -> float:
    """How likely the rivals are to show each other every seña their hands allow, from
    what this seat caught in the partida.

    A rival who shows is caught by us with chance ``catch`` each time his hand has señas,
    so catching one settles it (1.0), and each time he held señas and we caught nothing
    (his hand shown at the count tells; an unshown hand held señas with ``senas_share``)
    the odds fall by that chance. With ``catch`` 0 nothing can be learnt: the prior stays.
    This hand's own evidence (whether the hands in a sampled deal have señas we would have
    caught) is weighed by the belief, per deal.
    """
    rules = view.obs["rules"]
    if not rules.get("senas"):
        return 0.0
    if any(s in view.rivals for s in shown(view)) or any(
            int(e["seat"]) in view.rivals for e in view.obs.get("caught") or []):
        return 1.0
    catch = float(rules.get("catch", 0.25))
    odds = HABIT_PRIOR / (1.0 - HABIT_PRIOR)
    t, reyes = view.tables, reyes_of(view)
    senas_of = hand_senas(t, reyes)
    missed = 1.0 - catch * senas_share(t, reyes)
    for past in view.obs.get("history") or []:
        hands = past["hands"]
        for seat in view.rivals:
            if hands is None:
                odds *= missed
            elif senas_of[t.hand_id([card_index(c) for c in hands[seat]])]:
                odds *= 1.0 - catch
    return odds / (1.0 + odds)


@memoized(maxsize=8)
def senas_share(t: Tables, reyes: int) -> float:
    """The share of dealt hands that allow some seña."""
    senas_of = hand_senas(t, reyes)
    return _mean(t, [1.0 if senas_of[i] else 0.0 for i in range(len(t.sigs))],
                 list(range(len(t.sigs))))


def reyes_of(view: View) -> int:
    return int(view.obs["rules"]["reyes"])
