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

from ..kit.i18n import card_name
from ..kit.links import deal_query
from .lesson import NUMBER_KINDS, Lesson
from .player import LessonPlayer

DECK = "static/deck.svg"
COUNT_KINDS = ("tantos", "juego_winner")
THE_LANCE = {
    "es": {"grande": "la grande", "chica": "la chica", "pares": "los pares", "juego": "el juego",
           "punto": "el punto"},
    "en": {lance: lance for lance in ("grande", "chica", "pares", "juego", "punto")},
}
STRINGS: dict[str, dict[str, str]] = {
    "es": {
        "seat.0": "Tú", "seat.1": "Rival derecho", "seat.2": "Compañero", "seat.3": "Rival izquierdo",
        "team.0": "vosotros", "team.1": "ellos", "mano": "mano", "postre": "postre",
        "step": "Paso {n} de {total}", "score": "Tanteo: vosotros {a} – ellos {b} (a {target})",
        "ask.lance": "¿Quién gana {lance}? Toca al jugador.",
        "ask.juego_winner": "¿Qué pareja gana el juego? Toca a uno de sus jugadores.",
        "ask.tantos.0": "¿Cuántos tantos cobra vuestra pareja{at}?",
        "ask.tantos.1": "¿Cuántos tantos cobran los rivales{at}?",
        "ask.at": " en {lance}",
        "ask.points.0": "¿Cuántos puntos suman tus cartas?",
        "ask.points.n": "¿Cuántos puntos suman las cartas de {name}?",
        "ask.descarte": "¿Qué descartas? Toca las cartas y pulsa «Descartar».",
        "ask.quiero": "¿Quieres?",
        "answer": "Responder", "discard": "Descartar", "number": "Tu respuesta",
        "quiero": "Quiero", "no quiero": "No quiero",
        "right": "¡Bien!", "wrong": "No: la respuesta es {answer}.",
        "next": "Siguiente", "back": "Atrás", "restart": "Empezar de nuevo",
        "index": "Todas las lecciones", "play": "Juega esta mano", "next_lesson": "Siguiente: {title}",
        "summary": "{done} de {total} lecciones hechas",
        "done": "Lección terminada: {right} de {total} respuestas bien.",
        "count": "El recuento", "after": "Después: vosotros {a} – ellos {b}", "declared.pares": "pares", "declared.juego": "juego",
        "yes": "sí", "no": "no", "nothing": "Ni tú ni nadie tiene nada que contar.",
        "said.mus": "mus", "said.no hay mus": "no hay mus", "said.paso": "paso",
        "said.envido": "envido", "said.envido_n": "envido {n}", "said.quiero": "quiero",
        "said.no quiero": "no quiero", "said.ordago": "¡órdago!", "said.descarte": "descarta {n}",
        "lessons": "Aprende a jugar al mus", "lessons.lead": "Lecciones cortas con manos de verdad: "
        "mira, responde y juega la mano contra los bots.",
        "progress.new": "sin empezar", "progress.started": "{right} de {total} bien",
        "progress.done": "✓ hecha · {right} de {total} bien", "open": "Empezar",
        "memory": "Este navegador no deja guardar: tu progreso no se recordará.",
        "game": "Jugar una partida", "other_lang": "English", "other_lang.label": "Lessons in English",
    },
    "en": {
        "seat.0": "You", "seat.1": "Right rival", "seat.2": "Partner", "seat.3": "Left rival",
        "team.0": "you", "team.1": "them", "mano": "mano", "postre": "postre",
        "step": "Step {n} of {total}", "score": "Score: you {a} – them {b} (to {target})",
        "ask.lance": "Who wins {lance}? Tap the player.",
        "ask.juego_winner": "Which pareja wins the juego? Tap one of its players.",
        "ask.tantos.0": "How many tantos does your pareja collect{at}?",
        "ask.tantos.1": "How many tantos do the rivals collect{at}?",
        "ask.at": " at {lance}",
        "ask.points.0": "How many points are your cards worth?",
        "ask.points.n": "How many points are the cards of {name} worth?",
        "ask.descarte": "What do you discard? Tap the cards, then “Discard”.",
        "ask.quiero": "Do you accept (quiero)?",
        "answer": "Answer", "discard": "Discard", "number": "Your answer",
        "quiero": "Quiero (accept)", "no quiero": "No quiero (decline)",
        "right": "Right!", "wrong": "No: the answer is {answer}.",
        "next": "Next", "back": "Back", "restart": "Start again",
        "index": "All lessons", "play": "Play this hand", "next_lesson": "Next: {title}",
        "summary": "{done} of {total} lessons done",
        "done": "Lesson done: {right} of {total} answers right.",
        "count": "The count", "after": "Then: you {a} – them {b}", "declared.pares": "pares", "declared.juego": "juego",
        "yes": "yes", "no": "no", "nothing": "Nobody has anything to count.",
        "said.mus": "mus", "said.no hay mus": "no mus", "said.paso": "pass",
        "said.envido": "envido (2)", "said.envido_n": "envido {n}", "said.quiero": "quiero",
        "said.no quiero": "no quiero", "said.ordago": "órdago!", "said.descarte": "discards {n}",
        "lessons": "Learn to play Mus", "lessons.lead": "Short lessons with real hands: "
        "look, answer and play the hand against the bots.",
        "progress.new": "not started", "progress.started": "{right} of {total} right",
        "progress.done": "✓ done · {right} of {total} right", "open": "Start",
        "memory": "This browser does not let us save: your progress will not be remembered.",
        "game": "Play a game", "other_lang": "Español", "other_lang.label": "Lecciones en español",
    },
}


def t(lang: str, key: str, **values: Any) -> str:
    return STRINGS.get(lang, STRINGS["es"])[key].format(**values)


def card_html(lang: str, card: str) -> str:
    return (f'<span class="lcard" role="img" aria-label="{escape(card_name(lang, card))}">'
            f'<svg viewBox="0 0 200 300" aria-hidden="true" focusable="false">'
            f'<use href="{DECK}#{card}"/></svg></span>')


def said_text(lang: str, notation: str) -> str:
    head, _, rest = notation.partition(" ")
    if head == "descarte":
        return t(lang, "said.descarte", n=len(rest.split()))
    if head == "envido" and rest:
        return t(lang, "said.envido_n", n=rest)
    return t(lang, f"said.{notation}")


def answer_text(player: LessonPlayer, value: str) -> str:
    ask, lang = player.question, player.lang
    assert ask is not None
    if ask.kind == "lance":
        name = t(lang, f"seat.{value}")
        return name[0].lower() + name[1:]  # mid-sentence
    if ask.kind == "juego_winner":
        return t(lang, f"team.{int(value) % 2}")
    if ask.kind == "descarte":
        hand = player.game.hand(0)
        return ", ".join(card_name(lang, hand[int(p)]) for p in value.split()[1:])
    if ask.kind == "quiero":
        return t(lang, value)
    return value


def prompt(player: LessonPlayer) -> str:
    ask, lang = player.question, player.lang
    assert ask is not None
    lance = THE_LANCE[lang].get(ask.lance or "", "")
    if ask.kind == "lance":
        return t(lang, "ask.lance", lance=lance)
    if ask.kind == "tantos":
        return t(lang, f"ask.tantos.{ask.team}", at=t(lang, "ask.at", lance=lance) if lance else "")
    if ask.kind == "points":
        return t(lang, "ask.points.0") if ask.seat == 0 else t(lang, "ask.points.n", name=t(lang, f"seat.{ask.seat}"))
    return t(lang, f"ask.{ask.kind}")


# --- the table -------------------------------------------------------------------------------


def _seat_html(player: LessonPlayer, seat: int, hand: list[str], mano: int,
               finished: dict[str, Any] | None) -> str:
    lang, game, ask = player.lang, player.game, player.question
    tags = [t(lang, "mano")] if seat == mano else [t(lang, "postre")] if seat == (mano + 3) % 4 else []
    declared = (finished or {}).get("declared") or game.observation(0)["declared"]
    for lance, flags in declared.items():
        tags.append(f'{t(lang, "declared." + lance)}: {t(lang, "yes" if flags[seat] else "no")}')
    words = [said_text(lang, n) for s, n in player.replay.said[player.index] if s == seat]
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
    name = escape(t(lang, f"seat.{seat}"))
    pickable = ask is not None and ask.kind in ("lance", "juego_winner") and player.waiting
    plate = (f'<button type="button" class="lplate" data-lesson-seat="{seat}">{name}</button>' if pickable
             else f'<span class="lplate">{name}</span>')
    tag_html = "".join(f'<span class="ltag">{escape(tag)}</span>' for tag in tags)
    return (f'<section class="lseat lseat-{seat}" data-seat="{seat}">{plate}{tag_html}{bubble}'
            f'<div class="lhand" data-hand="{seat}">{"".join(cards)}</div></section>')


def _count_html(lang: str, finished: dict[str, Any]) -> str:
    lines = [f'<li class="team-{e["team"]}">{escape(t(lang, "team." + str(e["team"])).capitalize())} '
             f'+{e["points"]} · {escape(e["reason"])}</li>' for e in finished["ledger"]]
    a, b = finished["score"]
    body = "".join(lines) or f'<li>{escape(t(lang, "nothing"))}</li>'
    return (f'<div class="lcount"><h3>{escape(t(lang, "count"))}</h3><ol>{body}</ol>'
            f'<p>{escape(t(lang, "after", a=a, b=b))}</p></div>')


def _question_html(player: LessonPlayer) -> str:
    ask, lang = player.question, player.lang
    if ask is None:
        return ""
    parts = [f'<p class="lprompt" id="lesson-prompt">{escape(prompt(player))}</p>']
    if player.waiting:
        if ask.kind in NUMBER_KINDS:
            parts.append(f'<div class="lrow"><input id="lesson-number" type="number" min="0" max="99" '
                         f'inputmode="numeric" aria-labelledby="lesson-prompt" placeholder="{escape(t(lang, "number"))}">'
                         f'<button type="button" class="lbtn primary" data-lesson-ui="number">'
                         f'{escape(t(lang, "answer"))}</button></div>')
        elif ask.kind == "descarte":
            disabled = "" if player.selected else " disabled"
            parts.append(f'<div class="lrow"><button type="button" class="lbtn primary" data-lesson-ui="discard"'
                         f'{disabled}>{escape(t(lang, "discard"))}</button></div>')
        elif ask.kind == "quiero":
            parts.append('<div class="lrow">' + "".join(
                f'<button type="button" class="lbtn" data-lesson-ui="answer" value="{v}">{escape(t(lang, v))}</button>'
                for v in ("quiero", "no quiero")) + "</div>")
        return f'<div class="lquestion">{"".join(parts)}</div>'
    right = player.right(player.index)
    verdict = t(lang, "right") if right else t(lang, "wrong", answer=answer_text(player, player.correct()))
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
        nav.append(f'<button type="button" class="lbtn" data-lesson-ui="back">{escape(t(lang, "back"))}</button>')
    if player.finished:
        right, total = player.score()
        nav.append(f'<p class="ldone" role="status">{escape(t(lang, "done", right=right, total=total))}</p>')
        if next_lesson is not None:
            nav.append(f'<button type="button" class="lbtn primary" data-lesson-open="{next_lesson.id}">'
                       f'{escape(t(lang, "next_lesson", title=next_lesson.title[lang]))}</button>')
        nav.append(f'<button type="button" class="lbtn" data-lesson-ui="restart">{escape(t(lang, "restart"))}</button>')
    else:
        disabled = " disabled" if player.waiting else ""
        nav.append(f'<button type="button" class="lbtn primary" data-lesson-ui="next"{disabled}>'
                   f'{escape(t(lang, "next"))}</button>')
    target = ' target="_blank" rel="noopener"' if embed else ""
    nav.append(f'<a class="lbtn play" href="{escape(play_href(lesson))}"{target}>{escape(t(lang, "play"))}</a>')
    if embed and player.finished:
        nav.append(f'<a class="lbtn play" href="lessons.html?lang={lang}" target="_blank" rel="noopener">'
                   f'{escape(t(lang, "index"))}</a>')
    if not embed:
        nav.append(f'<button type="button" class="lbtn" data-lesson-ui="index">{escape(t(lang, "index"))}</button>')
        nav.append(lang_button(lang))
    heading = "h2" if embed else "h1"
    intro = f'<p class="lintro">{escape(lesson.intro[lang])}</p>' if player.index == 0 and lesson.intro[lang] else ""
    return (
        f'<article class="lesson" data-lesson="{escape(lesson.id)}" data-step="{player.index}" '
        f'data-waiting="{str(player.waiting).lower()}" lang="{lang}">'
        f'<header class="lhead"><{heading} class="ltitle">{escape(lesson.title[lang])}</{heading}>'
        f'<span class="lstep">{escape(t(lang, "step", n=player.index + 1, total=len(lesson.steps)))}</span></header>'
        f'{intro}<div class="ltable">{seats}</div>'
        f'<p class="lscore" data-score="{a}-{b}">{escape(t(lang, "score", a=a, b=b, target=lesson.rules.target))}</p>'
        f'<p class="lsay" aria-live="polite">{escape(step.say[lang])}</p>'
        f'{count}'
        f'{_question_html(player)}<nav class="lnav">{"".join(nav)}</nav></article>'
    )


def lang_button(lang: str) -> str:
    other = "en" if lang == "es" else "es"
    return (f'<button type="button" class="lbtn" data-lesson-ui="lang" value="{other}" lang="{other}" '
            f'aria-label="{escape(t(lang, "other_lang.label"))}">{escape(t(lang, "other_lang"))}</button>')


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
            f'<span class="lprogress">{escape(t(lang, state, right=right, total=total))}</span></button></li>')
    note = f'<p class="lnote" role="status">{escape(t(lang, "memory"))}</p>' if memory else ""
    done = sum(1 for lesson in lessons if progress.get(lesson.id, {}).get("done"))
    note += f'<p class="lsummary" data-done="{done}">{escape(t(lang, "summary", done=done, total=len(lessons)))}</p>'
    return (f'<section class="lindex"><h1>{escape(t(lang, "lessons"))}</h1>'
            f'<p>{escape(t(lang, "lessons.lead"))}</p>{note}<ol class="llist">{"".join(items)}</ol>'
            f'<p class="lnav"><a class="lbtn" href="index.html">{escape(t(lang, "game"))}</a>'
            f'{lang_button(lang)}</p></section>')
