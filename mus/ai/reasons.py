"""Why a bot chose its action: a ``Decision`` carries the action and a ``reason``.

A reason is plain JSON-able data taken from the bot's own computation (never from cards it
cannot see): ``kind`` says which part of the hand it is about (``random``, ``mus``,
``descarte``, ``bet``), ``action`` is the action chosen, and the rest is what the bot
weighed: its own ``hand``, the ``chance`` it gave its team at the lance, the ``threshold``
compared, the ``options`` it valued... ``explain`` turns one into a short sentence; game
words stay Spanish in English too.

>>> explain({"kind": "bet", "level": "normal", "action": "envido", "lance": "grande",
...          "hand": ["Ro", "Rc", "Co", "7e"], "chance": 0.78, "threshold": 0.62,
...          "facing": False, "stake": 0})
'envido: gano la grande 78 % con R R C 7'
>>> explain({"kind": "bet", "level": "normal", "action": "no quiero", "lance": "chica",
...          "hand": ["Ro", "Rc", "Co", "7e"], "chance": 0.31, "threshold": 0.42,
...          "facing": True, "stake": 2}, lang="en")
'no quiero: 31 % at chica against their envite of 2 (I need 42 %)'
>>> explain({"kind": "mus", "level": "facil", "action": "mus", "hand": ["4o", "6c", "7o", "Ae"],
...          "keep": ["7o"]})
'mus: tengo 4 6 7 A, busco mejor mano con 7'
>>> explain({"kind": "random", "level": "random", "action": "paso"})
'paso: al azar'
"""

from __future__ import annotations

import math
from typing import Any

from ..numbers import fixed


class Decision:
    """A bot's action and why: ``reason`` is JSON-able data (see ``explain``)."""

    __slots__ = ("action", "reason")
    action: str
    reason: dict[str, Any]

    def __init__(self, action: str, reason: dict[str, Any]) -> None:
        self.action, self.reason = action, reason

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and (self.action, self.reason) == (other.action, other.reason)

    def __repr__(self) -> str:
        return f"Decision(action={self.action!r}, reason={self.reason!r})"


def cards_text(cards: list[str]) -> str:
    """Ranks only, the way players say a hand: ``['Ro', 'Rc', '7e'] → 'R R 7'``."""
    return " ".join(c[0] for c in cards)


def pct(x: float) -> str:
    return f"{round(100 * x)} %"


def rounded(x: float) -> float:
    """Reasons keep three decimals: enough to explain, stable to compare and to store
    (rounded half up by hand: ``round(x, 3)`` rounds differently on MicroPython)."""
    return math.floor(float(x) * 1000 + 0.5) / 1000


_THE = {"grande": "la grande", "chica": "la chica", "pares": "los pares", "juego": "el juego",
        "punto": "el punto"}


def explain(reason: dict[str, Any], lang: str = "es") -> str:
    """A short sentence, in ``lang`` (``es`` or ``en``), for a bot's ``reason``; a style's
    shift (``mus.ai.styles``) is said at its end."""
    if lang not in ("es", "en"):
        raise ValueError(f"expected a language (es or en), got {lang!r}")
    es = lang == "es"
    text = _explain(reason, es)
    note = _SHIFTS.get(str(reason.get("shift")))
    if note is None:
        return text
    instead = str(reason.get("instead", ""))
    return text + (f"; {note[0]} (mi nivel decía {instead})" if es else f"; {note[1]} (my level said {instead})")


# Why a style played otherwise than its level (``mus.ai.styles``).
_SHIFTS = {
    "bold cut": ("lanzado: corto con una mano regular", "bold: I cut with a fair hand"),
    "quitar mano": ("lanzado: ¡a la mano con un pimiento!", "bold: I take the mano's mus away"),
    "heard mus": ("el rival pidió mus en voz alta", "the rival advised mus aloud"),
    "careful refusal": ("prudente: no me arriesgo", "careful: I take no risk"),
    "heard envite": ("el rival aconsejó envidar aquí", "the rival advised an envite here"),
    "bold raise": ("lanzado: subo", "bold: I raise"),
    "careful pass": ("prudente: paso", "careful: I pass"),
    "bold bet": ("lanzado: envido fuerte", "bold: a big envite"),
    "careful ordago": ("prudente: envite, no órdago", "careful: an envite, not an órdago"),
    "bluff": ("farol", "a bluff"),
}


def _explain(reason: dict[str, Any], es: bool) -> str:
    action = str(reason.get("action", ""))
    kind = reason.get("kind")
    hand = cards_text(reason.get("hand", []))
    if kind == "random":
        return f"{action}: " + ("al azar" if es else "at random")
    if kind == "mus":
        return f"{action}: " + _mus(reason, hand, es)
    if kind == "descarte":
        keep = cards_text(reason.get("keep", [])) or "-"
        text = f"guardo {keep}" if es else f"I keep {keep}"
        if "expected" in reason:
            value = reason["expected"]
            text += f" (vale {fixed(value, 1)} tantos tras robar)" if es else f" (worth {fixed(value, 1)} tantos after the draw)"
        return f"{action}: {text}"
    if kind == "bet":
        return f"{action}: " + _bet(reason, hand, es)
    if kind == "senas":
        return f"{action}: " + _senas(reason, es)
    raise ValueError(f"expected a reason of kind random, mus, descarte, bet or senas, got {kind!r}")


def _senas(reason: dict[str, Any], es: bool) -> str:
    shown = ", ".join(reason.get("senas", []))
    if not shown:
        return "mi mano no tiene señas" if es else "my hand has no señas"
    if "partner" not in reason:
        return f"enseño {shown}" if es else f"I show {shown}"
    partner, rivals = reason["partner"], reason["rivals"]
    if reason["action"] == "señas":
        return (f"enseño {shown}: a mi compañero le vale {fixed(partner, 2)}, a los rivales que la cacen {fixed(rivals, 2)}"
                if es else f"I show {shown}: worth {fixed(partner, 2)} to my partner, {fixed(rivals, 2)} to rivals who catch it")
    return (f"callo {shown}: a los rivales que la cacen les valdría {fixed(rivals, 2)}, a mi compañero {fixed(partner, 2)}"
            if es else f"I keep {shown} hidden: worth {fixed(rivals, 2)} to rivals who catch it, {fixed(partner, 2)} to my partner")


def _mus(reason: dict[str, Any], hand: str, es: bool) -> str:
    cut = reason["action"] == "no hay mus"
    parts = []
    if "strength" in reason:
        strength, need = pct(reason["strength"]), pct(reason["threshold"])
        parts.append(f"mi mano es mejor que el {strength} de las posibles y corto a partir del {need}" if es
                     else f"my hand beats {strength} of hands and I cut from {need}")
    if "now" in reason:
        now, later = reason["now"], reason["after"]
        parts.append(f"ahora vale {fixed(now, 1)} tantos y tras descartar {fixed(later, 1)}" if es
                     else f"worth {fixed(now, 1)} tantos now and {fixed(later, 1)} after a discard")
    if "reyes" in reason:
        parts.append(f"{reason['reyes']} reyes, pares {reason['pares']}, juego {reason['juego']}")
    keep = cards_text(reason.get("keep", []))
    if cut:
        head = f"tengo {hand}" if es else f"I hold {hand}"
    elif keep:
        head = f"tengo {hand}, busco mejor mano con {keep}" if es else f"I hold {hand}, I look for a better hand with {keep}"
    else:
        head = f"tengo {hand}, busco mano nueva" if es else f"I hold {hand}, I want new cards"
    return "; ".join([head] + parts) if parts and reason.get("level") != "facil" else head


def _bet(reason: dict[str, Any], hand: str, es: bool) -> str:
    lance = str(reason["lance"])
    action = str(reason["action"])
    the = _THE.get(lance, lance) if es else lance
    if reason.get("level") == "facil":
        grade = {"strong": ("buena", "good"), "fair": ("regular", "fair"),
                 "weak": ("floja", "weak")}[reason["grade"]]
        return (f"mano {grade[0]} para {the} ({reason['rule']}), tengo {hand}" if es
                else f"{grade[1]} hand at {lance} ({reason['rule']}), I hold {hand}")
    chance = pct(reason["chance"])
    stake = int(reason.get("stake", 0))
    if not reason.get("facing"):
        if action == "paso":
            text = f"{chance} en {the}" if es else f"{chance} at {lance}"
        elif reason["chance"] >= 0.5:
            text = f"gano {the} {chance} con {hand}" if es else f"I win {lance} {chance} with {hand}"
        else:
            text = f"{chance} en {the} con {hand}" if es else f"{chance} at {lance} with {hand}"
    elif action in ("quiero", "no quiero"):
        bet = ("su órdago" if es else "their órdago") if reason.get("ordago") else (
            f"su envite de {stake}" if es else f"their envite of {stake}")
        text = f"{chance} en {the} contra {bet}" if es else f"{chance} at {lance} against {bet}"
    else:
        text = f"{chance} en {the}, subo" if es else f"{chance} at {lance}, I raise"
    if "threshold" in reason and action in ("paso", "no quiero", "quiero"):
        need = pct(reason["threshold"])
        text += f" (pido al menos {need})" if es else f" (I need {need})"
    options: dict[str, float] = reason.get("options") or {}
    valued = reason.get("valued", action)
    # In the order options are weighed (a reason's dict keeps none on MicroPython), so
    # that a tie names the same option everywhere.
    others = sorted((k for k in options if k != valued), key=_weighing_order)
    if valued in options and others:
        other = max(others, key=lambda k: options[k])
        text += (f"; gano el juego un {pct(options[valued])} así y un {pct(options[other])} con {other}" if es
                 else f"; I win the juego {pct(options[valued])} so, {pct(options[other])} with {other}")
    pick = reason.get("pick")
    if pick in _PICKS:
        text += "; " + _PICKS[pick][0 if es else 1]
    return text


_WEIGHED = ("paso", "quiero", "no quiero", "envido", "envido 5", "envido 10", "ordago")


def _weighing_order(option: str) -> tuple[int, str]:
    return (_WEIGHED.index(option) if option in _WEIGHED else len(_WEIGHED), option)


# How ``dificil`` picked among its options, when it was not simply the best one.
_PICKS = {"bluff": ("farol", "a bluff"), "slow": ("callo mi jugada", "slow-playing"),
          "mixed": ("opciones parecidas, varío", "close options, I vary")}
