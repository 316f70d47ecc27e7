"""Señas as the player saw them: on each seat, in the log, and at the señas step. Pure.

The player sees señas only through ``observation(0)["senas"]`` (his own, his partner's, and
the rivals' he caught) and his log: a rival's señas he did not catch are nowhere in the view.
"""

from __future__ import annotations

from typing import Any, Mapping

import mus
from mus.observation import Observation

from ..kit.i18n import sena_text, t
from .session import HUMAN


def seen_senas(obs: Observation) -> dict[int, list[str]]:
    return {int(e["seat"]): list(e["senas"]) for e in obs.get("senas") or []}


def sena_words(obs: Observation, event: Mapping[str, Any], lang: str) -> tuple[str, str]:
    """A señas event: its words ('Hace señas', 'Sin señas') and the señas seen, for the log
    ('se muerde el labio: dos reyes')."""
    seat = event["seat"]
    if event["action"] != "señas":
        return t(lang, "say.sin señas"), ""
    key = "say.señas_caught" if event.get("caught") else "say.señas_you" if seat == HUMAN else "say.señas"
    return t(lang, key), "; ".join(sena_text(lang, s) for s in seen_senas(obs).get(seat, []))


def _sena_item(lang: str, sena: str) -> dict[str, str]:
    """A seña as drawn at the table: its short label, and the full text to read on demand."""
    return {"sena": sena, "text": sena_text(lang, sena), "short": t(lang, f"sena.short.{sena}")}


def add_senas(seats: list[dict[str, Any]], obs: Observation, lang: str, names: list[str]) -> None:
    """Each seat's señas as the player saw them (None for the others)."""
    seen = seen_senas(obs)
    for entry in seats:
        seat = entry["seat"]
        shown = seen.get(seat)
        entry["senas"] = None if shown is None else {
            "label": (t(lang, "senas.label_you") if seat == HUMAN
                      else t(lang, "senas.label", name=names[seat])),
            "caught": seat & 1 != HUMAN & 1, "caught_label": t(lang, "senas.caught"),
            "items": [_sena_item(lang, s) for s in shown],
        }


def senas_controls(obs: Observation, lang: str) -> dict[str, Any]:
    """The señas step: show them (with a preview of the gestures) or not."""
    legal = obs["legal_actions"]
    shown = mus.senas("".join(obs["hand"]), mus.Rules.from_dict(obs["rules"]))
    preview = [_sena_item(lang, s) for s in shown]
    prompt = t(lang, "prompt.senas") if shown else t(lang, "prompt.senas_none")
    buttons: list[dict[str, Any]] = [{"action": a, "label": t(lang, f"act.{a}"), "kind": "primary" if a == "señas" else ""}
                                     for a in ("señas", "sin señas") if a in legal]
    buttons[0]["main"] = True   # focused when the turn comes, not the preview before it
    return {"mine": True, "prompt": prompt, "buttons": buttons, "stepper": None, "discard": None,
            "senas_preview": {"title": t(lang, "senas.preview"), "items": preview} if shown else None}
