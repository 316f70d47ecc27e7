"""When the table makes a sound: the deal, a bet, an órdago, a juego won by the player's team.
Pure.

The page draws a view after every change; ``marks`` reads from it what a sound follows and
``cues`` compares two of them: what changed between two drawings is what is heard. The first
drawing of a page says nothing (a reload is not a deal). The sounds themselves are made in
the page (``static/sound.mjs``, Web Audio: no files), only when the player turned them on.

>>> before = {"deal": (1, ("Ro",)), "bets": 0, "ordagos": 0, "juego": None}
>>> cues(None, before), cues(before, dict(before, bets=1)), cues(before, dict(before, deal=(2, ("Ao",))))
([], ['bet'], ['deal'])
>>> cues(before, dict(before, ordagos=1, juego=3))
['ordago', 'juego']
"""

from __future__ import annotations

from typing import Any

from mus.observation import Observation

SOUNDS = ("deal", "bet", "ordago", "juego")


def bets_said(obs: Observation) -> tuple[int, int]:
    """How many envites and órdagos were said so far in the hand shown."""
    actions = [event["action"] for event in obs["log"]]
    return sum(1 for a in actions if a.startswith("envido")), actions.count("ordago")


def marks(view: dict[str, Any]) -> dict[str, Any]:
    """What the sounds follow in a drawn view: the deal (the hand and the player's cards),
    the bets said, and the count of a juego the player's team won (its hand's number)."""
    seats = view.get("seats")
    cards = seats[0]["cards"] if seats and view.get("phase") != "fin" else None  # over: no hand to come
    showdown = view.get("showdown")
    won = None
    if showdown is not None and not showdown["review"] and showdown["juego_winner"] == 0:
        won = showdown["number"]
    bets = view.get("bets_said") or (0, 0)
    return {"deal": (view.get("hand_number"), tuple(c["card"] for c in cards)) if cards else None,
            "bets": bets[0], "ordagos": bets[1], "juego": won}


def cues(before: dict[str, Any] | None, after: dict[str, Any]) -> list[str]:
    """The sounds between two drawings (``marks``), in the order of ``SOUNDS``."""
    if before is None:
        return []
    out = []
    if after["deal"] and after["deal"] != before["deal"]:
        out.append("deal")
    same_hand = after["deal"] is not None and before["deal"] is not None and after["deal"][0] == before["deal"][0]
    if after["bets"] > before["bets"] and same_hand:
        out.append("bet")
    if after["ordagos"] > before["ordagos"] and same_hand:
        out.append("ordago")
    if after["juego"] is not None and after["juego"] != before["juego"]:
        out.append("juego")
    return out
