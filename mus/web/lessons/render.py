"""The lesson player and the lessons index as HTML strings, in Spanish and English. Pure.

Seats, hands and cards are drawn by ``kit.table`` as the table draws them; the words are the
one i18n table's. Commands use the site's one vocabulary (``kit.commands``): ``data-ui``
``step`` (value ``next`` or ``prev``), ``restart``, ``index``, ``lesson`` (value: a lesson
id), ``answer`` (value: a seat, or ``quiero`` / ``no quiero``), ``discard``, ``number``,
``lang``; the reader's cards to throw carry ``data-pos``.

>>> import json, pathlib
>>> from .lesson import Lesson
>>> from .player import LessonPlayer
>>> p = LessonPlayer(Lesson.from_dict(json.loads(pathlib.Path("static/lessons/grande.json").read_text())), "en")
>>> html = player_html(p, embed=True)
>>> "Who wins grande?" in html, html.count('data-ui="answer"')
(True, 4)
"""

from __future__ import annotations

from typing import Any

from mus.observation import HandResult

from ..kit.html import attrs, esc
from ..kit.i18n import card_name, lance_name, speech, t
from ..kit.links import deal_query
from ..kit.table import badge, bubble, chosen, face_hand, hand, seat_name
from .lesson import NUMBER_KINDS, Lesson
from .player import LessonPlayer

COUNT_KINDS = ("tantos", "juego_winner")
DECLARED = ("pares", "juego")  # the declarations a seat shows, in this order
SEATS = (2, 3, 1, 0)  # in the order the table is laid out: partner, left, right, you


def _button(label: str, ui: str, value: str | None = None, *, primary: bool = False,
            disabled: bool = False) -> str:
    return "<button%s>%s</button>" % (attrs([("type", "button"), ("class", "lbtn primary" if primary else "lbtn"),
                                             ("data-ui", ui), ("value", value), ("disabled", disabled)]), esc(label))


def answer_text(player: LessonPlayer, value: str) -> str:
    """The answer ``value`` (as a click gives it) in words, mid-sentence."""
    ask, lang = player.question, player.lang
    assert ask is not None
    if ask.kind in ("lance", "juego_winner"):
        name = t(lang, "seat", seat=int(value)) if ask.kind == "lance" else t(lang, "team", team=int(value) % 2)
        return name[0].lower() + name[1:]
    if ask.kind == "descarte":
        held = player.game.hand(0)
        return ", ".join(card_name(lang, held[int(p)]) for p in value.split()[1:])
    if ask.kind == "quiero":
        return t(lang, "lesson." + value)
    return value


def prompt(player: LessonPlayer) -> str:
    ask, lang = player.question, player.lang
    assert ask is not None
    lance = t(lang, "the." + ask.lance) if ask.lance else ""
    if ask.kind == "lance":
        return t(lang, "lesson.ask.lance", lance=lance)
    if ask.kind == "tantos":
        return t(lang, "lesson.ask.tantos.%d" % ask.team, at=t(lang, "lesson.ask.at", lance=lance) if lance else "")
    if ask.kind == "points":
        if ask.seat == 0:
            return t(lang, "lesson.ask.points.0")
        return t(lang, "lesson.ask.points.n", name=t(lang, "seat", seat=ask.seat))
    return t(lang, "lesson.ask." + ask.kind)


# --- the table -------------------------------------------------------------------------------


def _seat_html(player: LessonPlayer, seat: int, cards: list[str], mano: int,
               finished: HandResult | None) -> str:
    lang, ask = player.lang, player.question
    badges = ""
    if seat == mano:
        badges += badge("mano", t(lang, "mano"))
    elif seat == (mano + 3) % 4:
        badges += badge("postre", t(lang, "postre"))
    declared = (finished["declared"] if finished is not None and finished["declared"]
                else player.game.observation(0)["declared"])
    for lance in DECLARED:
        if lance in declared:
            has = declared[lance][seat]
            badges += badge("declared", t(lang, "plate.yes" if has else "plate.no", lance=lance_name(lang, lance)))
    # what the seat said in this step, as the table's bubbles say it
    words = [speech(lang, n, count=len(n.split()) - 1) for s, n in player.replay.said[player.index] if s == seat]
    name = seat_name(t(lang, "seat", seat=seat), t(lang, "seat.short", seat=seat))  # short on phones, as at the table
    if ask is not None and ask.kind in ("lance", "juego_winner") and player.waiting:  # the answer is a seat
        plate = '<button type="button" class="lplate" data-ui="answer" value="%d">%s</button>' % (seat, name)
    else:
        plate = '<span class="lplate">%s</span>' % name
    marker: list[tuple[str, object]] = [("data-hand", seat)]
    if ask is not None and ask.kind == "descarte" and player.waiting and seat == 0:  # the answer is cards
        held = hand("".join(chosen(card, card_name(lang, card), pos, selected=pos in player.selected, selectable=True)
                            for pos, card in enumerate(cards)), [("class", "hand selectable")] + marker)
    else:
        held = face_hand([{"card": card, "label": card_name(lang, card)} for card in cards], marker)
    return '<section class="lseat lseat-%d" data-seat="%d">%s%s%s%s</section>' % (
        seat, seat, plate, badges, bubble(seat, words[-1]) if words else "", held)


def _count_html(lang: str, finished: HandResult) -> str:
    lines = ['<li class="team-%s">%s +%s · %s</li>' % (e["team"], esc(t(lang, "team", team=e["team"])), e["points"],
                                                      esc(e["reason"])) for e in finished["ledger"]]
    a, b = finished["score"]
    body = "".join(lines) or "<li>%s</li>" % esc(t(lang, "lesson.nothing"))
    return '<div class="lcount"><h3>%s</h3><ol>%s</ol><p>%s</p></div>' % (
        esc(t(lang, "count.count")), body, esc(t(lang, "lesson.after", a=a, b=b)))


def _question_html(player: LessonPlayer) -> str:
    ask, lang = player.question, player.lang
    if ask is None:
        return ""
    parts = ['<p class="lprompt" id="lesson-prompt">%s</p>' % esc(prompt(player))]
    if player.waiting:
        if ask.kind in NUMBER_KINDS:
            parts.append('<div class="lrow"><input id="lesson-number" type="number" min="0" max="99" '
                         'inputmode="numeric" aria-labelledby="lesson-prompt" placeholder="%s">%s</div>'
                         % (esc(t(lang, "lesson.number")), _button(t(lang, "lesson.answer"), "number", primary=True)))
        elif ask.kind == "descarte":
            parts.append('<div class="lrow">%s</div>' % _button(t(lang, "act.descarte_none"), "discard", primary=True,
                                                                disabled=not player.selected))
        elif ask.kind == "quiero":
            parts.append('<div class="lrow">%s</div>' % "".join(
                _button(t(lang, "lesson." + v), "answer", v) for v in ("quiero", "no quiero")))
        return '<div class="lquestion">%s</div>' % "".join(parts)
    right = player.right(player.index)
    verdict = t(lang, "lesson.right") if right else t(lang, "lesson.wrong", answer=answer_text(player, player.correct()))
    parts.append('<p class="lverdict %s" role="status">%s</p><p class="lexplain">%s</p>'
                 % ("is-right" if right else "is-wrong", esc(verdict), esc(ask.explain[lang])))
    return '<div class="lquestion answered">%s</div>' % "".join(parts)


def play_href(lesson: Lesson) -> str:
    start = lesson.start()
    return "index.html?" + deal_query(["".join(start.hand(s)) for s in range(4)], lesson.mano, lesson.score, lesson.rules)


def player_html(player: LessonPlayer, *, embed: bool, next_lesson: Lesson | None = None) -> str:
    """The lesson; ``next_lesson`` is offered once this one is done (lessons.html)."""
    lesson, lang, game = player.lesson, player.lang, player.game
    table = player.replay.table(player.index)
    finished = table.finished
    seats = "".join(_seat_html(player, seat, table.hands[seat], table.mano, finished) for seat in SEATS)
    ask = player.question
    # A question about the count is asked before the count is shown.
    asking_count = player.waiting and ask is not None and ask.kind in COUNT_KINDS
    count, (a, b) = "", (player.before.score if finished else game.score)
    if finished is not None and not asking_count:
        count, (a, b) = _count_html(lang, finished), finished["score"]
    step = lesson.steps[player.index]
    nav = []
    if player.index:
        nav.append(_button(t(lang, "step.prev"), "step", "prev"))
    if player.finished:
        right, total = player.score()
        nav.append('<p class="ldone" role="status">%s</p>' % esc(t(lang, "lesson.done", right=right, total=total)))
        if next_lesson is not None:
            nav.append(_button(t(lang, "lesson.next", title=next_lesson.title[lang]), "lesson", next_lesson.id,
                               primary=True))
        nav.append(_button(t(lang, "lesson.restart"), "restart"))
    else:
        nav.append(_button(t(lang, "step.next"), "step", "next", primary=True, disabled=player.waiting))
    target = ' target="_blank" rel="noopener"' if embed else ""
    nav.append('<a class="lbtn play" href="%s"%s>%s</a>' % (esc(play_href(lesson)), target, esc(t(lang, "lesson.play"))))
    if embed and player.finished:
        nav.append('<a class="lbtn play" href="lessons.html?lang=%s" target="_blank" rel="noopener">%s</a>'
                   % (lang, esc(t(lang, "lesson.index"))))
    if not embed:
        nav.append(_button(t(lang, "lesson.index"), "index"))
        nav.append(lang_button(lang))
    heading = "h2" if embed else "h1"
    intro = '<p class="lintro">%s</p>' % esc(lesson.intro[lang]) if player.index == 0 and lesson.intro[lang] else ""
    return (
        '<article class="lesson" data-lesson="%s" data-step="%d" data-waiting="%s" lang="%s">'
        '<header class="lhead"><%s class="ltitle">%s</%s><span class="lstep">%s</span></header>'
        '%s<div class="ltable">%s</div><p class="lscore" data-score="%s-%s">%s</p>'
        '<p class="lsay" aria-live="polite">%s</p>%s%s<nav class="lnav">%s</nav></article>'
        % (esc(lesson.id), player.index, "true" if player.waiting else "false", lang,
           heading, esc(lesson.title[lang]), heading, esc(t(lang, "step", k=player.index + 1, n=len(lesson.steps))),
           intro, seats, a, b, esc(t(lang, "lesson.score", a=a, b=b, target=lesson.rules.target)),
           esc(step.say[lang]), count, _question_html(player), "".join(nav)))


def lang_button(lang: str) -> str:
    other = "en" if lang == "es" else "es"
    return "<button%s>%s</button>" % (attrs([("type", "button"), ("class", "lbtn"), ("data-ui", "lang"),
                                             ("value", other), ("lang", other),
                                             ("aria-label", t(lang, "act.lang.label"))]), esc(t(lang, "act.lang")))


def index_html(lang: str, lessons: list[Lesson], progress: dict[str, dict[str, Any]], memory: bool,
               kept: str = "") -> str:
    """The course with the reader's progress; ``kept``: where progress that could not be
    read was kept aside."""
    items = []
    for lesson in lessons:
        mine = progress.get(lesson.id, {})
        total = sum(1 for step in lesson.steps if step.ask is not None)
        right = mine.get("right", 0)
        state = "done" if mine.get("done") else "started" if mine else "new"
        items.append(
            '<li class="litem" data-lesson-item="%s" data-progress="%s">'
            '<button type="button" class="litem-open" data-ui="lesson" value="%s"><strong>%s</strong>'
            '<span class="litem-intro">%s</span><span class="lprogress">%s</span></button></li>'
            % (lesson.id, state, lesson.id, esc(lesson.title[lang]), esc(lesson.intro[lang]),
               esc(t(lang, "lessons.progress." + state, right=right, total=total))))
    note = '<p class="lnote" role="status">%s</p>' % esc(t(lang, "lessons.memory")) if memory else ""
    if kept:
        note += '<p class="lnote" role="status">%s</p>' % esc(t(lang, "lessons.kept", key=kept))
    done = sum(1 for lesson in lessons if progress.get(lesson.id, {}).get("done"))
    note += '<p class="lsummary" data-done="%d">%s</p>' % (done, esc(t(lang, "lessons.summary", done=done,
                                                                         total=len(lessons))))
    return ('<section class="lindex"><h1>%s</h1><p>%s</p>%s<ol class="llist">%s</ol>'
            '<p class="lnav"><a class="lbtn" href="index.html">%s</a>%s</p></section>'
            % (esc(t(lang, "lessons.title")), esc(t(lang, "lessons.lead")), note, "".join(items),
               esc(t(lang, "lessons.game")), lang_button(lang)))
