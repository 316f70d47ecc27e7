"""The lesson player and the lessons index as HTML strings, in Spanish and English. Pure.

Clicks are read by ``dom/lessons.py`` from ``data-lesson-ui`` (next, back, restart, index,
answer, discard, number), ``data-lesson-seat``, ``data-lesson-card`` and ``data-lesson-open``.

>>> import json, pathlib
>>> from .lesson import Lesson
>>> from .player import LessonPlayer
>>> p = LessonPlayer(Lesson.from_dict(json.loads(pathlib.Path("static/lessons/grande.json").read_text())), "en")
>>> "Who wins grande?" in player_html(p, embed=True)
True
"""

from __future__ import annotations

from html import escape
from typing import Any

from ..kit.html import DECK
from ..kit.i18n import card_name, lance_name, speech, t
from ..kit.links import deal_query
from .lesson import NUMBER_KINDS, Lesson
from .player import LessonPlayer

COUNT_KINDS = ("tantos", "juego_winner")
DECLARED = ("pares", "juego")  # the declarations a seat shows, in this order


def card_html(lang: str, card: str) -> str:
    return (f'<span class="lcard" role="img" aria-label="{escape(card_name(lang, card))}">'
            f'<svg viewBox="0 0 200 300" aria-hidden="true" focusable="false">'
            f'<use href="{DECK}#{card}"/></svg></span>')


def answer_text(player: LessonPlayer, value: str) -> str:
    ask, lang = player.question, player.lang
    assert ask is not None
    if ask.kind == "lance":
        name = t(lang, "seat", seat=int(value))
        return name[0].lower() + name[1:]  # mid-sentence
    if ask.kind == "juego_winner":
        name = t(lang, "team", team=int(value) % 2)
        return name[0].lower() + name[1:]
    if ask.kind == "descarte":
        hand = player.game.hand(0)
        return ", ".join(card_name(lang, hand[int(p)]) for p in value.split()[1:])
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


def _seat_html(player: LessonPlayer, seat: int, hand: list[str], mano: int,
               finished: dict[str, Any] | None) -> str:
    lang, game, ask = player.lang, player.game, player.question
    tags = [t(lang, "mano")] if seat == mano else [t(lang, "postre")] if seat == (mano + 3) % 4 else []
    declared = (finished or {}).get("declared") or game.observation(0)["declared"]
    for lance in DECLARED:
        if lance in declared:
            has = declared[lance][seat]
            tags.append(t(lang, "plate.yes" if has else "plate.no", lance=lance_name(lang, lance)))
    # what the seat said in this step, as the table's bubbles say it
    words = [speech(lang, n, count=len(n.split()) - 1) for s, n in player.replay.said[player.index] if s == seat]
    bubble = f'<span class="lsaid">{escape(words[-1])}</span>' if words else ""
    choosing = ask is not None and ask.kind == "descarte" and player.waiting and seat == 0
    cards = []
    for position, card in enumerate(hand):
        if choosing:
            pressed = "true" if position in player.selected else "false"
            cards.append(f'<button type="button" class="lcard-btn" data-lesson-card="{position}" '
                         f'aria-pressed="{pressed}">{card_html(lang, card)}</button>')
        else:
            cards.append(card_html(lang, card))
    name = escape(t(lang, "seat", seat=seat))
    pickable = ask is not None and ask.kind in ("lance", "juego_winner") and player.waiting
    plate = (f'<button type="button" class="lplate" data-lesson-seat="{seat}">{name}</button>' if pickable
             else f'<span class="lplate">{name}</span>')
    tag_html = "".join(f'<span class="ltag">{escape(tag)}</span>' for tag in tags)
    return (f'<section class="lseat lseat-{seat}" data-seat="{seat}">{plate}{tag_html}{bubble}'
            f'<div class="lhand" data-hand="{seat}">{"".join(cards)}</div></section>')


def _count_html(lang: str, finished: dict[str, Any]) -> str:
    lines = [f'<li class="team-{e["team"]}">{escape(t(lang, "team", team=e["team"]))} '
             f'+{e["points"]} · {escape(e["reason"])}</li>' for e in finished["ledger"]]
    a, b = finished["score"]
    body = "".join(lines) or f'<li>{escape(t(lang, "lesson.nothing"))}</li>'
    return (f'<div class="lcount"><h3>{escape(t(lang, "count.count"))}</h3><ol>{body}</ol>'
            f'<p>{escape(t(lang, "lesson.after", a=a, b=b))}</p></div>')


def _question_html(player: LessonPlayer) -> str:
    ask, lang = player.question, player.lang
    if ask is None:
        return ""
    parts = [f'<p class="lprompt" id="lesson-prompt">{escape(prompt(player))}</p>']
    if player.waiting:
        if ask.kind in NUMBER_KINDS:
            parts.append(f'<div class="lrow"><input id="lesson-number" type="number" min="0" max="99" '
                         f'inputmode="numeric" aria-labelledby="lesson-prompt" placeholder="{escape(t(lang, "lesson.number"))}">'
                         f'<button type="button" class="lbtn primary" data-lesson-ui="number">'
                         f'{escape(t(lang, "lesson.answer"))}</button></div>')
        elif ask.kind == "descarte":
            disabled = "" if player.selected else " disabled"
            parts.append(f'<div class="lrow"><button type="button" class="lbtn primary" data-lesson-ui="discard"'
                         f'{disabled}>{escape(t(lang, "act.descarte_none"))}</button></div>')
        elif ask.kind == "quiero":
            parts.append('<div class="lrow">' + "".join(
                f'<button type="button" class="lbtn" data-lesson-ui="answer" value="{v}">{escape(t(lang, "lesson." + v))}</button>'
                for v in ("quiero", "no quiero")) + "</div>")
        return f'<div class="lquestion">{"".join(parts)}</div>'
    right = player.right(player.index)
    verdict = t(lang, "lesson.right") if right else t(lang, "lesson.wrong", answer=answer_text(player, player.correct()))
    parts.append(f'<p class="lverdict {"is-right" if right else "is-wrong"}" role="status">{escape(verdict)}</p>'
                 f'<p class="lexplain">{escape(ask.explain[lang])}</p>')
    return f'<div class="lquestion answered">{"".join(parts)}</div>'


def play_href(lesson: Lesson) -> str:
    start = lesson.start()
    return "index.html?" + deal_query(["".join(start.hand(s)) for s in range(4)], lesson.mano, lesson.score, lesson.rules)


def player_html(player: LessonPlayer, *, embed: bool, next_lesson: Lesson | None = None) -> str:
    """The lesson; ``next_lesson`` is offered once this one is done (lessons.html)."""
    lesson, lang, game = player.lesson, player.lang, player.game
    table = player.replay.table(player.index)
    finished = table.finished
    seats = "".join(_seat_html(player, seat, table.hands[seat], table.mano, finished) for seat in (2, 3, 1, 0))
    ask = player.question
    # A question about the count is asked before the count is shown.
    asking_count = player.waiting and ask is not None and ask.kind in COUNT_KINDS
    count, (a, b) = "", (player.before.score if finished else game.score)
    if finished is not None and not asking_count:
        count, (a, b) = _count_html(lang, finished), finished["score"]
    step = lesson.steps[player.index]
    nav = []
    if player.index:
        nav.append(f'<button type="button" class="lbtn" data-lesson-ui="back">{escape(t(lang, "step.prev"))}</button>')
    if player.finished:
        right, total = player.score()
        nav.append(f'<p class="ldone" role="status">{escape(t(lang, "lesson.done", right=right, total=total))}</p>')
        if next_lesson is not None:
            nav.append(f'<button type="button" class="lbtn primary" data-lesson-open="{next_lesson.id}">'
                       f'{escape(t(lang, "lesson.next", title=next_lesson.title[lang]))}</button>')
        nav.append(f'<button type="button" class="lbtn" data-lesson-ui="restart">{escape(t(lang, "lesson.restart"))}</button>')
    else:
        disabled = " disabled" if player.waiting else ""
        nav.append(f'<button type="button" class="lbtn primary" data-lesson-ui="next"{disabled}>'
                   f'{escape(t(lang, "step.next"))}</button>')
    target = ' target="_blank" rel="noopener"' if embed else ""
    nav.append(f'<a class="lbtn play" href="{escape(play_href(lesson))}"{target}>{escape(t(lang, "lesson.play"))}</a>')
    if embed and player.finished:
        nav.append(f'<a class="lbtn play" href="lessons.html?lang={lang}" target="_blank" rel="noopener">'
                   f'{escape(t(lang, "lesson.index"))}</a>')
    if not embed:
        nav.append(f'<button type="button" class="lbtn" data-lesson-ui="index">{escape(t(lang, "lesson.index"))}</button>')
        nav.append(lang_button(lang))
    heading = "h2" if embed else "h1"
    intro = f'<p class="lintro">{escape(lesson.intro[lang])}</p>' if player.index == 0 and lesson.intro[lang] else ""
    return (
        f'<article class="lesson" data-lesson="{escape(lesson.id)}" data-step="{player.index}" '
        f'data-waiting="{str(player.waiting).lower()}" lang="{lang}">'
        f'<header class="lhead"><{heading} class="ltitle">{escape(lesson.title[lang])}</{heading}>'
        f'<span class="lstep">{escape(t(lang, "step", k=player.index + 1, n=len(lesson.steps)))}</span></header>'
        f'{intro}<div class="ltable">{seats}</div>'
        f'<p class="lscore" data-score="{a}-{b}">{escape(t(lang, "lesson.score", a=a, b=b, target=lesson.rules.target))}</p>'
        f'<p class="lsay" aria-live="polite">{escape(step.say[lang])}</p>'
        f'{count}'
        f'{_question_html(player)}<nav class="lnav">{"".join(nav)}</nav></article>'
    )


def lang_button(lang: str) -> str:
    other = "en" if lang == "es" else "es"
    return (f'<button type="button" class="lbtn" data-lesson-ui="lang" value="{other}" lang="{other}" '
            f'aria-label="{escape(t(lang, "act.lang.label"))}">{escape(t(lang, "act.lang"))}</button>')


def index_html(lang: str, lessons: list[Lesson], progress: dict[str, dict[str, Any]], memory: bool) -> str:
    items = []
    for lesson in lessons:
        mine = progress.get(lesson.id, {})
        total = sum(1 for step in lesson.steps if step.ask is not None)
        right = mine.get("right", 0)
        state = ("progress.done" if mine.get("done") else "progress.started" if mine else "progress.new")
        items.append(
            f'<li class="litem" data-lesson-item="{lesson.id}" data-progress="{state.split(".")[1]}">'
            f'<button type="button" class="litem-open" data-lesson-open="{lesson.id}">'
            f'<strong>{escape(lesson.title[lang])}</strong>'
            f'<span class="litem-intro">{escape(lesson.intro[lang])}</span>'
            f'<span class="lprogress">{escape(t(lang, "lessons." + state, right=right, total=total))}</span></button></li>')
    note = f'<p class="lnote" role="status">{escape(t(lang, "lessons.memory"))}</p>' if memory else ""
    done = sum(1 for lesson in lessons if progress.get(lesson.id, {}).get("done"))
    note += f'<p class="lsummary" data-done="{done}">{escape(t(lang, "lessons.summary", done=done, total=len(lessons)))}</p>'
    return (f'<section class="lindex"><h1>{escape(t(lang, "lessons.title"))}</h1>'
            f'<p>{escape(t(lang, "lessons.lead"))}</p>{note}<ol class="llist">{"".join(items)}</ol>'
            f'<p class="lnav"><a class="lbtn" href="index.html">{escape(t(lang, "lessons.game"))}</a>'
            f'{lang_button(lang)}</p></section>')
