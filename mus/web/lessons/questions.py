"""A lesson's question as HTML: the prompt, the controls, and feedback that fits the answer.
Pure.

A wrong answer is told why it is wrong, from the engine and never with the right answer while
a try is left: a seat without pares, a tie lost to the mano, a number too high or too low,
the cards a discard should have kept, the señas the hand does not allow, what quiero would
have met, what the weaker action risks. Once the question is settled the right
answer, its explanation (the lesson's ``explain``) and, for an action, the coach's numbers
follow.

>>> import json, pathlib
>>> from .lesson import Lesson
>>> from .player import LessonPlayer
>>> p = LessonPlayer(Lesson.from_dict(json.loads(pathlib.Path("static/lessons/envites.json").read_text())), "es")
>>> p.answer("quiero")
False
>>> print(why_wrong(p, 0, "quiero"))
Si quieres, se enseñan las cartas: en la grande gana el rival de la derecha, y el envite es para ellos.
"""

from __future__ import annotations

import math

import mus
from mus.numbers import fixed

from ..kit.faces import face_svg
from ..kit.html import attrs, esc
from ..kit.i18n import action_label, card_name, lowered, t
from .schema import NUMBER_KINDS, Question
from .player import LessonPlayer
from .script import SENAS_SEPARATOR, lance_winner

SEAT_ANSWERS = ("lance", "juego_winner", "mano")  # kinds answered by tapping a seat


def button(label: str, ui: str, value: str | None = None, *, primary: bool = False,
           disabled: bool = False) -> str:
    return "<button%s>%s</button>" % (attrs([("type", "button"), ("class", "lbtn primary" if primary else "lbtn"),
                                             ("data-ui", ui), ("value", value), ("disabled", disabled)]), esc(label))


def seat_words(lang: str, seat: int) -> str:
    """A seat said in a sentence, with its article: "el rival de la derecha", "tu compañero"."""
    return t(lang, "lesson.seat.%d" % seat)


def capital(text: str) -> str:
    """``text`` to begin a sentence."""
    return text[:1].upper() + text[1:]


def listed(lang: str, items: list[str]) -> str:
    """"a, b y c" ("a, b and c")."""
    return ", ".join(items[:-1]) + t(lang, "lesson.and") + items[-1] if len(items) > 1 else "".join(items)


def cards_words(lang: str, cards: list[str]) -> str:
    """Cards said in a sentence, each with its article: "el rey de oros y la sota de copas"."""
    return listed(lang, [t(lang, "lesson.the.S" if card[0] == "S" else "lesson.the", card=lowered(card_name(lang, card)))
                         for card in cards])


def answer_text(player: LessonPlayer, value: str, index: int | None = None) -> str:
    """The answer ``value`` (as a click gives it) in words, mid-sentence."""
    index = player.index if index is None else index
    ask, lang = player.lesson.steps[index].ask, player.lang
    assert ask is not None
    if ask.kind in ("lance", "mano"):
        return seat_words(lang, int(value))
    if ask.kind == "juego_winner":
        return t(lang, "lesson.pareja.%d" % (int(value) % 2))
    if ask.kind == "descarte":
        held = player.replay.games[index].hand(0)
        return t(lang, "lesson.throw", cards=cards_words(lang, [held[int(p)] for p in value.split()[1:]]))
    if ask.kind == "senas":
        names = [t(lang, "sena." + s) for s in mus.SENAS if s in value.split(SENAS_SEPARATOR)]
        return listed(lang, names) if names else t(lang, "lesson.senas.none")
    if ask.kind == "action":
        return lowered(action_label(lang, value))
    if ask.kind == "quiero":
        return lowered(t(lang, "lesson." + value))
    return value


def prompt(player: LessonPlayer) -> str:
    ask, lang = player.question, player.lang
    assert ask is not None
    lance = t(lang, "the." + ask.lance) if ask.lance else ""
    if ask.kind == "lance":
        return t(lang, "lesson.ask.lance.juego") if ask.lance == "juego" else t(lang, "lesson.ask.lance", lance=lance)
    if ask.kind == "juego_winner":
        if _ordago_lance(player, player.index) is not None:
            return t(lang, "lesson.ask.juego_winner.ordago")
        return t(lang, "lesson.ask.juego_winner", target=player.lesson.rules.target)
    if ask.kind == "tantos":
        return t(lang, "lesson.ask.tantos.%d" % ask.team, at=t(lang, "lesson.ask.at", lance=lance) if lance else "")
    if ask.kind in ("points", "senas"):
        if ask.seat == 0:
            return t(lang, "lesson.ask.%s.0" % ask.kind)
        return t(lang, "lesson.ask.%s.n" % ask.kind, whose=t(lang, "lesson.whose.%d" % ask.seat))
    if ask.kind == "action" and lance:
        return t(lang, "lesson.ask.action.lance", lance=lance)
    return t(lang, "lesson.ask." + ask.kind)


def _ordago_lance(player: LessonPlayer, index: int) -> str | None:
    """The lance of the órdago accepted in the hand of question ``index``, which decided its
    juego, or None."""
    history = player.replay.final.history
    number = player.replay.hand_number(index)
    if number >= len(history):
        return None
    lances = history[number]["lances"]
    return next((lance for lance in sorted(lances) if lances[lance]["kind"] == "ordago"), None)


# --- why an answer is wrong ------------------------------------------------------------------


def why_wrong(player: LessonPlayer, index: int, value: str) -> str:
    """One sentence on what is wrong with ``value``, fitted to it and to the engine's cards."""
    ask, lang, replay = player.lesson.steps[index].ask, player.lang, player.replay
    assert ask is not None
    table, rules = replay.table(index), player.lesson.rules
    correct = player.correct(index)
    you = ".you" if value == "0" else ""  # the reader's own seat is said in the second person
    if ask.kind == "lance":
        assert ask.lance is not None
        seat, best = int(value), int(correct)
        name, lance = capital(seat_words(lang, seat)), t(lang, "the." + ask.lance)
        held = "".join(table.hands[seat])
        if ask.lance in ("pares", "juego") and not (mus.pares_value if ask.lance == "pares" else mus.juego_value)(held, rules):
            return t(lang, "lesson.no.lance.none" + you, name=name, lance=ask.lance)
        if mus.compare(ask.lance, held, "".join(table.hands[best]), rules) == 0:
            return t(lang, "lesson.no.lance.tie" + you, name=name)
        return t(lang, "lesson.no.lance.beaten", whose=t(lang, "lesson.whose.%d" % seat), lance=lance)
    if ask.kind == "juego_winner":
        ordago = _ordago_lance(player, index)
        if ordago is not None:
            return t(lang, "lesson.no.juego_winner.ordago", lance=t(lang, "the." + ordago))
        return t(lang, "lesson.no.juego_winner", target=rules.target)
    if ask.kind in NUMBER_KINDS:
        return t(lang, "lesson.no.more" if int(value) < int(correct) else "lesson.no.less", n=value)
    if ask.kind == "descarte":
        return _why_discard(player, index, value)
    if ask.kind == "quiero":
        bet = replay.games[index].observation(0)["bet"]
        assert bet is not None
        winner = lance_winner(table.hands, table.mano, bet["lance"], rules, "", bet["speakers"])
        return t(lang, "lesson.no." + value, lance=t(lang, "the." + bet["lance"]), name=seat_words(lang, winner))
    if ask.kind == "mano":
        before = replay.before(index).history
        was = before[-1]["mano"] if before else -1
        key = "lesson.no.mano.was" if int(value) == was else "lesson.no.mano"
        return t(lang, key + you, name=capital(seat_words(lang, int(value))))
    if ask.kind == "senas":
        given, allowed = value.split(SENAS_SEPARATOR), correct.split(SENAS_SEPARATOR)
        extra = [t(lang, "sena." + s) for s in mus.SENAS if s in given and s not in allowed]
        if extra:
            return t(lang, "lesson.no.senas.extra", list=listed(lang, extra))
        return t(lang, "lesson.no.senas.missing", list=listed(lang, [t(lang, "sena." + s) for s in mus.SENAS
                                                                     if s in allowed and s not in given]))
    return t(lang, "lesson.no.action." + value, lance=t(lang, "the." + (ask.lance or "grande")))


def _why_discard(player: LessonPlayer, index: int, value: str) -> str:
    ask, lang = player.lesson.steps[index].ask, player.lang
    assert ask is not None
    held = player.replay.games[index].hand(0)
    thrown = {int(p) for p in value.split()[1:]}
    good = [{int(p) for p in a.split()[1:]} for a in ask.accept]
    keep = [p for p in sorted(thrown) if not any(p in g for g in good)]
    if keep:
        return t(lang, "lesson.no.descarte.keep", cards=cards_words(lang, [held[p] for p in keep]))
    throw = [p for p in range(4) if p not in thrown and all(p in g for g in good)]
    return t(lang, "lesson.no.descarte.throw", cards=cards_words(lang, [held[p] for p in throw]))


def _decimal(lang: str, x: float) -> str:
    """``x`` with one decimal, written as the reader's language writes it (2,5 in Spanish)."""
    text = fixed(x, 1)
    return text.replace(".", ",") if lang == "es" else text


def coach_line(ask: Question, lang: str) -> str:
    """The coach's numbers behind an action question, in words."""
    backing = ask.backing
    assert backing is not None
    if backing.tantos is not None:
        us, them = backing.tantos
        return t(lang, "lesson.coach.tantos", us=_decimal(lang, us), them=_decimal(lang, them))
    assert backing.chance is not None
    return t(lang, "lesson.coach.chance", lance=t(lang, "the." + (ask.lance or "grande")),
             pct=int(math.floor(backing.chance * 100 + 0.5)))


# --- the question's HTML ---------------------------------------------------------------------


def _controls(player: LessonPlayer) -> str:
    ask, lang = player.question, player.lang
    assert ask is not None
    if ask.kind in NUMBER_KINDS:
        return ('<div class="lrow"><input id="lesson-number" type="number" min="0" max="99" inputmode="numeric" '
                'aria-labelledby="lesson-prompt" placeholder="%s">%s</div>'
                % (esc(t(lang, "lesson.number")), button(t(lang, "lesson.answer"), "number", primary=True)))
    if ask.kind == "descarte":
        return '<div class="lrow">%s</div>' % button(t(lang, "act.descarte_none"), "discard", primary=True,
                                                     disabled=not player.selected)
    if ask.kind == "quiero":
        return '<div class="lrow">%s</div>' % "".join(button(t(lang, "lesson." + v), "answer", v)
                                                      for v in ("quiero", "no quiero"))
    if ask.kind == "action":
        return '<div class="lrow">%s</div>' % "".join(button(action_label(lang, v), "answer", v) for v in ask.options)
    if ask.kind == "senas":
        toggles = "".join(
            '<button%s>%s<span>%s</span></button>' % (
                attrs([("type", "button"), ("class", "lsena"), ("data-ui", "sena"), ("value", s),
                       ("aria-pressed", "true" if s in player.picked else "false")]),
                face_svg(s), esc(t(lang, "sena." + s)))
            for s in mus.SENAS)
        return '<div class="lsenas-pick">%s</div><div class="lrow">%s%s</div>' % (
            toggles, button(t(lang, "lesson.answer"), "senas", primary=True, disabled=not player.picked),
            button(t(lang, "lesson.senas.none_button"), "answer", ""))
    return ""  # a seat: the plates on the table are the controls


def question_html(player: LessonPlayer) -> str:
    ask, lang = player.question, player.lang
    if ask is None:
        return ""
    parts = ['<p class="lprompt" id="lesson-prompt" tabindex="-1">%s</p>' % esc(prompt(player))]
    tries = player.tries()
    if player.waiting:
        if tries:  # a wrong answer, and a try left
            parts.append('<p class="lverdict is-wrong" role="status">%s %s %s</p>' % (
                esc(t(lang, "lesson.no")), esc(why_wrong(player, player.index, tries[-1])), esc(t(lang, "lesson.again"))))
        parts.append(_controls(player))
        if tries:
            parts.append('<div class="lrow">%s</div>' % button(t(lang, "lesson.reveal"), "reveal"))
        return '<div class="lquestion">%s</div>' % "".join(parts)
    right = bool(tries) and player.is_right(player.index, tries[-1])
    value = player.correct() if ask.kind not in ("descarte", "action") else ask.accept[0]
    you = ".you" if ask.kind in ("lance", "mano") and value == "0" else ""  # "la respuesta eres tú"
    answer = answer_text(player, value)
    if right:
        verdict = t(lang, "lesson.right")
    elif tries and player.index not in player.revealed:
        verdict = t(lang, "lesson.wrong" + you, answer=answer) + " " + why_wrong(player, player.index, tries[-1])
    else:
        verdict = t(lang, "lesson.shown" + you, answer=answer)
    explain = ask.explain[lang]
    if ask.kind == "action":
        explain = coach_line(ask, lang) + " " + explain
    parts.append('<p class="lverdict %s" role="status">%s</p><p class="lexplain">%s</p>'
                 % ("is-right" if right else "is-wrong", esc(verdict), esc(explain)))
    return '<div class="lquestion answered">%s</div>' % "".join(parts)
