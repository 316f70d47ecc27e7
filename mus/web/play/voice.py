"""The table's voice in the view: the sayings and the advice (``talk``) in the bubbles, in the
log and at the count, and the glossary that lists them all. Pure.

A saying is a button in its bubble: tapped or clicked, its plain meaning opens (a native
popover, as the señas do). Its words stay Spanish in English too; the meaning is in the
reader's language.

>>> from .talk import Said
>>> said = [Said(0, 3, 1, "phrase", "mano_nino", "grande"), Said(0, 5, 2, "advice", "envido", "grande")]
>>> spoken(said, 1, 3, "es")["text"], spoken(said, 1, 4, "es")
('¡La mano de un niño!', None)
>>> advised(said, 5, "en")["text"], advised(said, 6, "en")
('Envida! (bet)', None)
>>> [entry["key"] for entry in glossary("es")["phrases"]][:3]
['mano_nino', 'dientes_choto', 'la_raya']
"""

from __future__ import annotations

from typing import Any, Sequence

from ..kit.i18n import t
from .talk import ADVICE, PARTNER, PHRASES, Said


def item(lang: str, kind: str, key: str, seat: int, gender: str = "m") -> dict[str, Any]:
    """A saying as the view shows it: its words, its meaning (the advice's in the words of the
    partner's ``gender``), and the id of its popover."""
    text = t(lang, f"advice.{key}" if kind == "advice" else f"talk.{key}")
    means = t(lang, f"advice.{key}.means", gender=gender) + " " + t(lang, "advice.public", gender=gender) \
        if kind == "advice" else t(lang, f"talk.{key}.means")
    return {"kind": kind, "key": key, "text": text, "quoted": t(lang, "talk.quote", text=text), "means": means,
            "label": t(lang, "talk.open", text=text), "id": f"talk-{seat}"}


def spoken(said: Sequence[Said], seat: int, index: int, lang: str) -> dict[str, Any] | None:
    """The saying ``seat`` said with its call at event ``index``, if any."""
    for s in said:
        if s.kind == "phrase" and s.seat == seat and s.index == index:
            return item(lang, s.kind, s.key, seat)
    return None


def advised(said: Sequence[Said], log_length: int, lang: str, gender: str = "m") -> dict[str, Any] | None:
    """The partner's advice waiting for the player's call (the next event of a log of
    ``log_length`` events), if any; ``gender``: the partner's."""
    for s in said:
        if s.kind == "advice" and s.index == log_length:
            return item(lang, s.kind, s.key, PARTNER, gender)
    return None


def log_with_talk(lines: list[tuple[int, str]], said: Sequence[Said], lang: str,
                  names: Sequence[str]) -> list[str]:
    """The log's lines (each with the index of its event, -1 for headings) with what was said
    beyond the calls: a saying after its call, the advice before the call it was for;
    ``names``: each seat's name."""
    out: list[str] = []
    advice = [s for s in said if s.kind == "advice"]
    phrases = {s.index: s for s in said if s.kind == "phrase"}
    for index, line in lines:
        out += [t(lang, "advice.log", name=names[s.seat], text=t(lang, f"advice.{s.key}"))
                for s in advice if s.index == index and index >= 0]
        if index in phrases:
            line = t(lang, "talk.log", line=line, text=t(lang, f"talk.{phrases[index].key}"))
        out.append(line)
    last = max((index for index, _ in lines), default=-1)
    out += [t(lang, "advice.log", name=names[s.seat], text=t(lang, f"advice.{s.key}"))
            for s in advice if s.index > last]
    return out


def at_count(said: Sequence[Said], lang: str, names: Sequence[str]) -> list[dict[str, Any]]:
    """What was said at the count of a hand: who (``names``: each seat's name), and the saying."""
    out = []
    for s in said:
        if s.kind == "count":
            entry = item(lang, s.kind, s.key, s.seat)
            entry.update({"who": names[s.seat], "id": f"talk-count-{s.seat}"})
            out.append(entry)
    return out


def glossary(lang: str) -> dict[str, Any]:
    """Every saying the bots say and every advice, with its meaning."""
    return {"title": t(lang, "glossary.title"), "lead": t(lang, "glossary.lead"),
            "phrases": [item(lang, "phrase", key, -1) for key in PHRASES],
            "advice_title": t(lang, "glossary.advice"), "advice_lead": t(lang, "glossary.advice.lead"),
            "advice": [item(lang, "advice", key, -1) for key in ADVICE], "close": t(lang, "act.close")}
