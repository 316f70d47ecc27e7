"""The hand's calls in words, as the player heard them: each seat's bubble and the log. Pure.

Everything here reads ``observation(0)`` only (its public log, the player's own discards,
the señas he saw), so no call shows more than the player could know.
"""

from __future__ import annotations

from typing import Any, Sequence, TypeAlias

from mus.observation import Observation

from ..kit.i18n import card_name, envido_amount, join_words, lance_name, lowered, speech, t
from .senas import sena_words
from .session import HUMAN
from .talk import Said
from .voice import log_with_talk


# What a seat said at an event of the hand: (seat or None for the table, phase, the words as
# said aloud, what only the log adds — the player's own discarded cards —, the event's index).
Speech: TypeAlias = "tuple[int | None, str, str, str, int]"


def speeches(obs: Observation, lang: str) -> list[Speech]:
    """What was said at each public event of this hand, in order."""
    out: list[Speech] = []
    betting: set[str] = set()
    for index, event in enumerate(obs["log"]):
        seat, phase, action = event["seat"], event["phase"], event["action"]
        if action == "servido":
            out.append((None, phase, t(lang, "log.servido"), "", index))
            continue
        if phase == "senas":
            words, shown = sena_words(obs, event, lang)
            out.append((seat, phase, words, shown, index))
            continue
        raise_ = phase in betting
        if envido_amount(action) is not None or action == "ordago":
            betting.add(phase)
        words = speech(lang, action, raise_=raise_ and envido_amount(action) is not None,
                       count=event.get("count", 0))
        detail = ""
        if event.get("cards"):  # the player's own discards: which cards went
            detail = join_words(lang, [card_name(lang, card, running=True) for card in event["cards"]])
        out.append((seat, phase, words, detail, index))
    return out


def bubble_words(obs: Observation, lang: str) -> dict[int, tuple[str, int]]:
    """Each seat's last words in the phase being played (or the very last words said), with
    the index of their event."""
    said = speeches(obs, lang)
    segment: list[Speech] = []
    for item in reversed(said):
        if item[0] is None or item[1] != obs["phase"]:
            break
        segment.insert(0, item)
    if not segment and said and said[-1][0] is not None:
        segment = [said[-1]]
    # señas are made, not said: the bubble only marks them (the faces on the seat show which)
    return {seat: (t(lang, "bubble.señas") if phase == "senas" and words != t(lang, "say.sin señas") else words, index)
            for seat, phase, words, _, index in segment if seat is not None}



def log_view(obs: Observation, lang: str, names: list[str], said: Sequence[Said] = ()) -> dict[str, Any]:
    """The hand's calls, one line each, with what was said beyond them (``voice``)."""
    mano = obs["mano"]
    head = t(lang, "log.hand.0", n=obs["hand_number"]) if mano == HUMAN else \
        t(lang, "log.hand.bot", n=obs["hand_number"], name=names[mano])
    lines = [(-1, head)]
    current = "mus"
    for seat, phase, words, detail, index in speeches(obs, lang):
        if phase != current:
            current = phase
            lines.append((-1, f"— {lance_name(lang, phase)} —"))
        if detail:  # the señas seen, the player's own discarded cards
            words += " — " + detail if phase == "senas" else f" ({detail})"
        if seat is not None:
            words = t(lang, "log.line", name=names[seat], text=lowered(words))
        lines.append((index, words))
    return {"title": t(lang, "log.title"),
            "lines": log_with_talk(lines, said, lang, names)}
