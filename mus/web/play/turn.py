"""The middle of the table and the player's turn: the lances' chips, the phase, the bet and
whose turn it is; the calls the player may make, with the stake on them. Pure.
"""

from __future__ import annotations

from typing import Any, Mapping

from mus.observation import Observation

from ..kit.i18n import LANCES, action_label, lance_name, t
from .session import HUMAN, Session

QUICK_AMOUNTS = (2, 5, 10)


def _stakes(obs: Observation) -> tuple[int, int, int] | None:
    """(raise, total if accepted, what a refusal gives the bettor) of the bet on the table."""
    bet = obs["bet"]
    if not bet or not bet["answering"]:
        return None
    return bet["pending"], bet["table"] + bet["pending"], bet["table"] or 1



def _lance_chips(obs: Observation, lang: str) -> list[dict[str, Any]]:
    played = obs["lances"]
    shown = [lance for lance in LANCES if lance != "punto"]
    if "punto" in played or obs["phase"] == "punto":
        shown[-1] = "punto"
    chips = []
    for lance in shown:
        outcome = played.get(lance)
        if outcome:
            status = t(lang, f"lance.{outcome['kind']}", n=outcome.get("amount", 0))
        elif obs["phase"] == lance:
            status = t(lang, "lance.now")
        else:
            status = ""
        chips.append({"lance": lance, "name": lance_name(lang, lance), "status": status,
                      "current": obs["phase"] == lance and not outcome, "done": bool(outcome)})
    return chips


def center_view(obs: Observation, lang: str, names: list[str], finished: bool = False) -> dict[str, Any]:
    bet = obs["bet"]
    bet_text = None
    if bet and bet["ordago"]:
        bet_text = t(lang, "bet.ordago")
    elif bet and bet["answering"]:
        bet_text = t(lang, "bet.pending", n=bet["pending"]) + (
            " · " + t(lang, "bet.table", n=bet["table"]) if bet["table"] else "")
    to_play = obs["to_play"]
    if obs["is_over"]:
        status = t(lang, "phase.fin")
    elif to_play is None:
        status = ""
    elif to_play == HUMAN:
        status = t(lang, "turn.you")
    else:
        status = t(lang, "turn.bot", name=names[to_play])
    return {
        "phase": obs["phase"], "phase_name": lance_name(lang, obs["phase"]),
        "hand_number": obs["hand_number"], "lances": _lance_chips(obs, lang),
        "bet": bet_text, "status": status, "to_play": to_play, "finished": finished,
    }


def controls_view(session: Session, obs: Observation, lang: str) -> dict[str, Any]:
    legal = session.human_legal() if obs["to_play"] == HUMAN else []
    phase = obs["phase"]
    if not legal:  # whose turn it is the table says (its status), not this box again
        return {"mine": False, "prompt": "", "buttons": [], "stepper": None, "discard": None,
                "quick": [], "ordago": None}
    buttons: list[dict[str, Any]] = []
    stepper: dict[str, Any] | None = None
    discard: dict[str, Any] | None = None
    ordago: dict[str, Any] | None = None
    quick: list[dict[str, Any]] = []
    if phase == "mus":
        prompt = t(lang, "prompt.mus")
        buttons = [{"action": a, "label": action_label(lang, a), "kind": "primary" if a == "mus" else ""}
                   for a in legal]
    elif phase == "descarte":
        prompt = t(lang, "prompt.descarte")
        notation = session.discard_notation()
        discard = {"action": notation, "label": action_label(lang, notation or "descarte"),
                   "enabled": notation is not None}
    else:
        bet: Mapping[str, Any] = obs["bet"] or {}
        to = t(lang, f"to.{phase}")
        stakes = _stakes(obs)
        facing = stakes is not None
        if bet.get("ordago"):
            prompt = t(lang, "prompt.ordago", to=to, keep=stakes[2] if stakes else 1)
        elif stakes and bet.get("table"):
            prompt = t(lang, "prompt.raise", n=stakes[0], total=stakes[1], keep=stakes[2])
        elif stakes:
            prompt = t(lang, "prompt.envite", n=stakes[0], to=to)
        else:
            prompt = t(lang, "prompt.bet", to=to)
        confirming = session.confirm == "ordago"
        if confirming:
            prompt = t(lang, "prompt.ordago_confirm", to=to)
        for a in ("paso", "quiero", "no quiero"):
            if a not in legal:
                continue
            label = action_label(lang, a)
            if a == "quiero" and stakes:
                label = t(lang, "act.quiero_ordago") if bet.get("ordago") else t(lang, "act.quiero_n", n=stakes[1])
            elif a == "no quiero" and stakes:
                label = t(lang, "act.no_quiero_n", n=stakes[2])
            buttons.append({"action": a, "label": label, "kind": "primary" if a == "quiero" else ""})
        if "ordago" in legal:
            ordago = ({"confirm": {"action": "ordago", "label": t(lang, "act.ordago_confirm"), "kind": "danger"},
                       "cancel": {"ui": "cancel", "label": t(lang, "act.cancel"), "kind": ""}}
                      if confirming else {"ui": "ordago", "label": action_label(lang, "ordago"), "kind": "danger"})
        bounds = session.envite_range()
        envido = session.envido_notation()
        if bounds and envido:
            amount = session.clamped_envite()
            label = (t(lang, "act.raise_total", n=amount, total=stakes[1] + amount) if facing and stakes
                     else action_label(lang, envido))
            stepper = {
                "action": envido, "amount": amount, "min": bounds[0], "max": bounds[1],
                "label": label,
                "less": t(lang, "stepper.less"), "more": t(lang, "stepper.more"),
                "group_label": t(lang, "stepper.label"),
            }
            quick = [{"ui": "envite-set", "value": str(n), "label": str(n), "pressed": n == amount,
                      "aria": t(lang, "act.quick_n", n=n)}
                     for n in QUICK_AMOUNTS if bounds[0] <= n <= bounds[1]]
    # The decision's main control, which has the focus when the turn comes: the discard, the
    # primary answer or bet, and while an órdago waits to be confirmed, "Cancelar" (Enter
    # twice throws nothing; Shift+Tab, Enter throws it).
    mains = [ordago["cancel"] if ordago and "cancel" in ordago else None, discard,
             next((b for b in buttons if b["kind"] == "primary"), None), stepper, buttons[0] if buttons else None, ordago]
    main = next((spec for spec in mains if spec is not None), None)
    if main is not None:
        main["main"] = True
    return {"mine": True, "prompt": prompt, "buttons": buttons, "stepper": stepper, "discard": discard,
            "quick": quick, "quick_label": t(lang, "act.quick"), "ordago": ordago}
