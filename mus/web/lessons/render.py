"""The lesson player and the lessons index as HTML strings, in Spanish and English. Pure.

Seats, hands and cards are drawn by ``kit.table`` as the table draws them; the words are the
one i18n table's. A step draws what ``shown`` says it shows, nothing more: the count and
the score wait for the questions about them. The question itself is ``questions``. Commands
use the site's one vocabulary (``kit.commands``): ``data-ui`` ``step`` (value ``next`` or
``prev``), ``restart``, ``index``, ``lesson`` (value: a lesson id), ``answer`` (value: a seat,
``quiero`` / ``no quiero``, an action, or no señas), ``discard``, ``number``, ``sena`` (value:
a seña to pick), ``senas``, ``reveal``, ``lang``; the reader's cards to throw carry
``data-pos``.

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

from mus.observation import LedgerLine

from ..kit.faces import face_svg
from ..kit.html import attrs, esc
from ..kit.i18n import card_name, lance_name, reason_text, speech, t
from ..kit.links import deal_query
from ..kit.table import badge, bubble, chosen, face_hand, hand, hidden_hand, seat_name
from .lesson import Lesson
from .player import LessonPlayer
from .questions import SEAT_ANSWERS, button, capital, listed, question_html, seat_words
from .script import SenasMade
from .shown import Shown

DECLARED = ("pares", "juego")  # the declarations a seat shows, in this order
PARTNERS = " del compañero"  # how the engine's count names the winner's partner's cards
SEATS = (2, 3, 1, 0)  # in the order the table is laid out: partner, left, right, you


# --- the table -------------------------------------------------------------------------------


def _senas_html(lang: str, made: SenasMade) -> str:
    faces = "".join('<span class="lsena-shown" data-sena="%s">%s<span>%s</span></span>'
                    % (esc(s), face_svg(s), esc(t(lang, "sena.short." + s))) for s in made.senas)
    caught = ""
    if made.caught_by:
        names = listed(lang, [t(lang, "lesson.by.0") if r == 0 else seat_words(lang, r) for r in made.caught_by])
        caught = '<span class="lcaught">%s</span>' % esc(t(lang, "lesson.caught_by", names=names))
    label = capital(t(lang, "lesson.senas.label.0") if made.seat == 0 else
                    t(lang, "lesson.senas.label", whose=t(lang, "lesson.whose.%d" % made.seat)))
    return '<div class="lsenas" data-senas="%d" role="group" aria-label="%s">%s%s</div>' % (
        made.seat, esc(label), faces, caught)


def _seat_html(player: LessonPlayer, view: Shown, seat: int) -> str:
    lang, ask = player.lang, player.question
    badges = ""
    if view.mano is not None and seat == view.mano:
        badges += badge("mano", t(lang, "mano"))
    elif view.mano is not None and seat == (view.mano + 3) % 4:
        badges += badge("postre", t(lang, "postre"))
    for lance in DECLARED:
        if lance in view.declared:
            has = view.declared[lance][seat]
            badges += badge("declared", t(lang, "plate.yes" if has else "plate.no", lance=lance_name(lang, lance)))
    # what the seat said in this step, as the table's bubbles say it
    words = [speech(lang, n, count=len(n.split()) - 1) for s, n in view.said if s == seat]
    name = seat_name(t(lang, "seat", seat=seat), t(lang, "seat.short", seat=seat))  # short on phones, as at the table
    if ask is not None and ask.kind in SEAT_ANSWERS and player.waiting:  # the answer is a seat
        tried = [v for v in player.tries() if v == str(seat) or (ask.kind == "juego_winner" and int(v) % 2 == seat % 2)]
        plate = "<button%s>%s</button>" % (attrs([("type", "button"), ("class", "lplate"), ("data-ui", "answer"),
                                                  ("value", seat), ("disabled", bool(tried))]), name)
    else:
        plate = '<span class="lplate">%s</span>' % name
    marker: list[tuple[str, object]] = [("data-hand", seat)]
    cards = view.hands[seat]
    if seat in view.face_down:
        held = hidden_hand(len(cards), t(lang, "face_down", name=t(lang, "seat", seat=seat), n=len(cards)), marker)
    elif ask is not None and ask.kind == "descarte" and player.waiting and seat == 0:  # the answer is cards
        held = hand("".join(chosen(card, card_name(lang, card), pos, selected=pos in player.selected, selectable=True)
                            for pos, card in enumerate(cards)), [("class", "hand selectable")] + marker)
    else:
        held = face_hand([{"card": card, "label": card_name(lang, card)} for card in cards], marker)
    senas = "".join(_senas_html(lang, made) for made in view.senas if made.seat == seat)
    return '<section class="lseat lseat-%d" data-seat="%d">%s%s%s%s%s</section>' % (
        seat, seat, plate, badges, bubble(seat, words[-1]) if words else "", senas, held)


def count_line(lang: str, entry: LedgerLine) -> str:
    """A line of the count as the reader says it: whose cards scored it, from his seat ("tu
    compañero: 3 de la 31"), where the engine says it from the winner's ("… del compañero")."""
    line: dict[str, Any] = dict(entry)
    if line["reason"].endswith(PARTNERS):
        line["reason"] = line["reason"][:-len(PARTNERS)]
    said = reason_text(lang, line)
    return "%s: %s" % (seat_words(lang, line["seat"]), said) if line["seat"] >= 0 else said


def _count_html(lang: str, view: Shown) -> str:
    lines = ['<li class="team-%s">%s +%s · %s</li>' % (e["team"], esc(t(lang, "team", team=e["team"])), e["points"],
                                                      esc(count_line(lang, e))) for e in view.lines]
    a, b = view.score
    body = "".join(lines) or "<li>%s</li>" % esc(t(lang, "lesson.nothing"))
    return '<div class="lcount"><h3>%s</h3><ol>%s</ol><p>%s</p></div>' % (
        esc(t(lang, "count.count")), body, esc(t(lang, "lesson.after", a=a, b=b)))


def _score_html(lesson: Lesson, lang: str, view: Shown) -> str:
    a, b = view.score
    rules = lesson.rules
    lines = [t(lang, "lesson.score", a=a, b=b, target=rules.target)]
    if view.juegos is not None:
        lines.append(t(lang, "lesson.juegos", a=view.juegos[0], b=view.juegos[1], n=rules.juegos_to_win))
    if view.vacas is not None:
        lines.append(t(lang, "lesson.vacas", a=view.vacas[0], b=view.vacas[1], n=rules.vacas_to_win))
    juegos = "" if view.juegos is None else ' data-juegos="%d-%d"' % view.juegos
    return '<p class="lscore" data-score="%d-%d"%s>%s</p>' % (a, b, juegos, " · ".join(esc(line) for line in lines))


def play_href(player: LessonPlayer, view: Shown | None = None) -> str | None:
    """"Juega esta mano": a partida from the hand the step shows, its mano and the score it
    began at; None while the step hides what the link would carry (hands face down, or the
    mano still asked): a link never holds a card or an answer the page keeps back."""
    view = player.view() if view is None else view
    if view.face_down or view.mano is None:
        return None
    replay = player.replay
    start = replay.marks[replay.hand_number(player.index)].score
    return "index.html?" + deal_query(["".join(h) for h in view.hands], view.mano, start, player.lesson.rules)


def player_html(player: LessonPlayer, *, embed: bool, next_lesson: Lesson | None = None) -> str:
    """The lesson; ``next_lesson`` is offered once this one is done (lessons.html)."""
    lesson, lang = player.lesson, player.lang
    view = player.view()
    seats = "".join(_seat_html(player, view, seat) for seat in SEATS)
    count = _count_html(lang, view) if view.count else ""
    step = lesson.steps[player.index]
    nav = []
    if player.index:
        nav.append(button(t(lang, "step.prev"), "step", "prev"))
    if player.finished:
        right, total = player.score()
        nav.append('<p class="ldone" role="status">%s</p>' % esc(t(lang, "lesson.done", right=right, total=total)))
        if next_lesson is not None:
            nav.append(button(t(lang, "lesson.next", title=next_lesson.title[lang]), "lesson", next_lesson.id,
                              primary=True))
        nav.append(button(t(lang, "lesson.restart"), "restart"))
    else:
        nav.append(button(t(lang, "step.next"), "step", "next", primary=True, disabled=player.waiting))
    target = ' target="_blank" rel="noopener"' if embed else ""
    href = play_href(player, view)
    if href is not None:
        nav.append('<a class="lbtn play" href="%s"%s>%s</a>' % (esc(href), target, esc(t(lang, "lesson.play"))))
    if embed and player.finished:
        nav.append('<a class="lbtn play" href="lessons.html?lang=%s" target="_blank" rel="noopener">%s</a>'
                   % (lang, esc(t(lang, "lesson.index"))))
    if not embed:
        nav.append(button(t(lang, "lesson.index"), "index"))
        nav.append(lang_button(lang))
    heading = "h2" if embed else "h1"
    intro = '<p class="lintro">%s</p>' % esc(lesson.intro[lang]) if player.index == 0 and lesson.intro[lang] else ""
    return (
        '<article class="lesson" data-lesson="%s" data-step="%d" data-waiting="%s" lang="%s">'
        '<header class="lhead"><%s class="ltitle">%s</%s><span class="lstep">%s</span></header>'
        '%s<div class="ltable">%s</div>%s'
        '<p class="lsay" aria-live="polite">%s</p>%s%s<nav class="lnav">%s</nav></article>'
        % (esc(lesson.id), player.index, "true" if player.waiting else "false", lang,
           heading, esc(lesson.title[lang]), heading, esc(t(lang, "step", k=player.index + 1, n=len(lesson.steps))),
           intro, seats, _score_html(lesson, lang, view),
           esc(step.say[lang]), count, question_html(player), "".join(nav)))


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
