"""The lesson player: tries and feedback that fits the answer given, the controls of each kind of
question, progress, the page's commands and focus, "Juega esta mano", the table's words.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any, Callable

import pytest

from mus.web.kit.commands import Command
from mus.web.kit.i18n import t
from mus.web.kit.storage import MemoryStorage, SafeStorage
from mus.web.lessons.lesson import Lesson
from mus.web.lessons.schema import COURSE, KINDS
from mus.web.lessons.page import MOVE_ON_FOCUS, QUESTION_FOCUS, LessonsPage
from mus.web.lessons.player import PROGRESS_KEY, TRIES, LessonPlayer, load_progress, save_progress
from mus.web.lessons.render import index_html, play_href, player_html
from mus.web.play.deal_link import parse_deal, play_deal
from mus.web.play.session import Session

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "static" / "lessons"
ALL = {lesson_id: Lesson.from_json((LESSONS / f"{lesson_id}.json").read_text(encoding="utf-8")) for lesson_id in COURSE}


def at_question(lesson_id: str, kind: str, lang: str = "es", nth: int = 0) -> LessonPlayer:
    """A reader at the lesson's ``nth`` question of ``kind``, every question before answered right."""
    player = LessonPlayer(ALL[lesson_id], lang)
    seen = 0
    while True:
        ask = player.question
        if ask is not None and ask.kind == kind and player.waiting:
            if seen == nth:
                return player
            seen += 1
        if player.waiting:
            player.answer(player.correct())
        assert player.next(), f"{lesson_id} has no question {kind} #{nth}"


def play_to_end(player: LessonPlayer, answer: Callable[[LessonPlayer], str]) -> None:
    while True:
        while player.waiting:
            assert player.answer(answer(player)) is not None
        if not player.next():
            break


def wrong_answer(player: LessonPlayer) -> str:
    """A wrong answer not given yet to the question on screen."""
    ask, correct, tried = player.question, player.correct(), player.tries()
    assert ask is not None
    if ask.kind == "descarte":
        return "descarte %d" % len(tried)
    if ask.kind == "quiero":
        return "quiero" if correct == "no quiero" else "no quiero"
    if ask.kind == "action":
        return next(o for o in ask.options if o != ask.accept[0])
    if ask.kind == "senas":
        return ["la 31", "medias de ases"][len(tried)]
    if ask.kind in ("lance", "mano", "juego_winner"):
        return next(str(s) for s in range(4) if not player.is_right(player.index, str(s)) and str(s) not in tried)
    return str(int(correct) + 1 + len(tried))


def verdict(html: str) -> str:
    return re.search(r'<p class="lverdict[^"]*"[^>]*>(.*?)</p>', html).group(1)  # type: ignore[union-attr]


# --- tries and feedback ----------------------------------------------------------------------------


def test_a_wrong_answer_can_be_tried_again_and_its_feedback_fits_it() -> None:
    player = at_question("grande", "lance")
    explain = player.question.explain["es"]  # type: ignore[union-attr]
    assert player.answer("3") is False and player.waiting and not player.next()
    html = player_html(player, embed=True)
    assert verdict(html) == ("No. Hay cartas mejores que las del rival de la izquierda en la grande. "
                             "Prueba otra vez.")
    assert explain not in html and "la respuesta es" not in html  # neither the answer nor why, yet
    assert re.search(r'<button type="button" class="lplate" data-ui="answer" value="3" disabled>', html)
    assert html.count('class="lplate" data-ui="answer"') == 4 and 'data-ui="reveal"' in html
    assert player.answer("3") is None  # the same wrong answer again takes no try
    assert player.answer("1") is False and not player.waiting  # the last try
    html = player_html(player, embed=True)
    assert verdict(html).startswith("No: la respuesta eres tú. Hay cartas mejores que las del rival de la derecha")
    assert explain in html and 'data-ui="answer"' not in html
    assert player.answer("0") is None and player.score() == (0, 2)
    assert player.next() and player.index == 1


def test_a_right_answer_at_the_second_try_settles_but_does_not_count() -> None:
    player = at_question("cartas", "points")
    assert player.answer("30") is False
    assert "No son 30: son más." in player_html(player, embed=True)
    assert player.answer("40") is False  # too many, and the last try
    assert "No: la respuesta es 37. No son 40: son menos." in player_html(player, embed=True)
    player = at_question("cartas", "points")
    assert player.answer("36") is False and player.answer("37") is True
    assert not player.waiting and player.right(player.index) is False
    assert verdict(player_html(player, embed=True)) == "¡Bien!"


def test_a_yes_or_no_question_takes_one_answer_and_the_next_step_fits_either() -> None:
    """A wrong quiero is told what quiero would have met, not the words written for no quiero;
    the script's next caption is true whichever was answered."""
    player = at_question("envites", "quiero")
    assert player.answer("quiero") is False and not player.waiting
    html = player_html(player, embed=True)
    assert verdict(html) == ("No: la respuesta es no quiero. Si quieres, se enseñan las cartas: en la grande gana "
                             "el rival de la derecha, y el envite es para ellos.")
    player.next()
    assert not player_html(player, embed=True).count("No quieres")
    ordago = at_question("ordago", "quiero", "en")
    assert ordago.answer("no quiero") is False
    assert "but your team wins pares: accepting, the envite would be yours." in player_html(ordago, embed=True)
    assert not any("No quieres" in s.say["es"] or "Quieres:" in s.say["es"] for lesson in ALL.values()
                   for s in lesson.steps)


def test_the_reader_can_ask_to_see_the_answer() -> None:
    page = LessonsPage(SafeStorage(MemoryStorage()), lang="es", lessons=[ALL["chica"]])
    page.command(Command("lesson", "chica"))
    player = page.player
    assert player is not None
    assert page.command(Command("answer", "1")) == QUESTION_FOCUS  # wrong: back to the question
    assert player.waiting
    assert page.command(Command("reveal")) == MOVE_ON_FOCUS and not player.waiting
    html = page.html()
    assert verdict(html) == "La respuesta eres tú." and player.question.explain["es"] in html  # type: ignore[union-attr]
    assert player.score()[0] == 0
    page.command(Command("step", "next"))
    assert page.command(Command("number", "3")) == "#lesson-number"  # typed wrong: the box again
    assert page.command(Command("number", "1")) == MOVE_ON_FOCUS


def test_feedback_on_discards_senas_mano_and_seats_without_the_lance() -> None:
    mus_ = at_question("mus", "descarte")
    mus_.answer("descarte 0 2")
    assert "Tiras el rey de oros, que te convenía guardar." in player_html(mus_, embed=True)
    mus_.answer("descarte 2")  # the last try: the answer, with the cards it throws
    assert "No: la respuesta es tirar el seis de bastos, el cinco de espadas y el cuatro de espadas. " \
           "Te quedas el seis de bastos y el cuatro de espadas, que te convenía tirar." in player_html(mus_, embed=True)
    mus_ = at_question("mus", "descarte", "en")
    mus_.answer("descarte 2")
    assert "You keep the six of clubs and the four of swords, which you should throw." in player_html(mus_, embed=True)
    senas = at_question("senas", "senas", nth=1)  # the partner: dos reyes, dos ases, duples
    senas.answer("dos reyes")
    assert "Falta: dos ases y duples. Quien hace señas las hace todas." in player_html(senas, embed=True)
    senas.answer("dos reyes,dos ases,duples,la 31")
    assert "Esa mano no permite: la 31. Las señas son siempre verdad." in player_html(senas, embed=True)
    mano = at_question("juegos", "mano")
    mano.answer("0")  # the reader was mano in the hand before
    assert "No. Eras mano en la jugada anterior: la mano se mueve en cada jugada." in player_html(mano, embed=True)
    mano.answer("2")
    assert "Tu compañero no es mano: la mano pasa al jugador de la derecha" in player_html(mano, embed=True)
    assert "No: la respuesta es el rival de la derecha." in player_html(mano, embed=True)
    mano = at_question("juegos", "mano", "en")
    mano.answer("2")
    assert "Your partner is not mano: the mano passes to the player on the right" in player_html(mano, embed=True)
    pares = at_question("pares", "lance")
    pares.answer("3")
    assert "El rival de la izquierda no tiene pares." in player_html(pares, embed=True)
    pares = at_question("pares", "lance", "en")
    pares.answer("3")
    assert "The left-hand rival has no pares." in player_html(pares, embed=True)


def test_a_tie_lost_to_the_mano_is_named() -> None:
    lesson = Lesson.from_dict({
        "id": "tie", "title": {"es": "x", "en": "x"}, "intro": {"es": "", "en": ""},
        "hands": ["RoRcCo6o", "ReRbCe6e", "7b6c5c4e", "Sb7o6b4b"], "mano": 0,
        "steps": [{"say": {"es": "x", "en": "x"}, "do": ["no hay mus"],
                   "ask": {"kind": "lance", "lance": "grande", "explain": {"es": "x", "en": "x"}}}]})
    player = LessonPlayer(lesson)
    player.answer("1")
    assert "El rival de la derecha empata, pero el empate es de quien está más cerca de la mano." in \
        player_html(player, embed=True)


def test_each_question_takes_the_tries_its_choices_allow() -> None:
    for lesson in ALL.values():
        for i, step in enumerate(lesson.steps):
            if step.ask is None:
                continue
            player = LessonPlayer(lesson)
            player.index = i
            tries = 0
            while player.waiting:
                assert player.answer(wrong_answer(player)) is False
                tries += 1
            assert tries == (1 if step.ask.kind in ("quiero", "juego_winner", "action") else TRIES), (lesson.id, i)


def test_unreadable_answers_are_refused_and_take_no_try() -> None:
    for lesson_id, kind, bad in [("grande", "lance", "7"), ("cartas", "points", "treinta"), ("envites", "quiero", "sí"),
                                 ("senas", "senas", "dos reyes,tres reyes"), ("cortar", "action", "envido"),
                                 ("mus", "descarte", "descarte 9")]:
        player = at_question(lesson_id, kind)
        assert player.answer(bad) is None and player.tries() == [] and player.waiting, (lesson_id, bad)


# --- each kind's controls, progress, the page ----------------------------------------------------


def test_each_kind_of_question_offers_its_own_controls() -> None:
    controls = {"lance": 'class="lplate" data-ui="answer"', "juego_winner": 'class="lplate" data-ui="answer"',
                "mano": 'class="lplate" data-ui="answer"',
                "tantos": 'id="lesson-number"', "points": 'id="lesson-number"',
                "descarte": 'data-pos="', "quiero": 'value="no quiero"',
                "senas": 'data-ui="sena" value="duples" aria-pressed="false"', "action": 'data-ui="answer" value="'}
    seen = set()
    for lesson in ALL.values():
        player = LessonPlayer(lesson, "en")
        for i, step in enumerate(lesson.steps):
            player.index = i
            if step.ask is not None:
                assert controls[step.ask.kind] in player_html(player, embed=False)
                seen.add(step.ask.kind)
    assert seen == set(KINDS)


def test_senas_are_picked_then_answered_and_none_is_an_answer() -> None:
    page = LessonsPage(SafeStorage(MemoryStorage()), lang="es", lessons=[ALL["senas"]])
    page.command(Command("lesson", "senas"))
    page.command(Command("step", "next"))
    assert 'data-ui="senas" disabled' in page.html()  # nothing picked yet
    assert page.command(Command("sena", "dos reyes")) == '[data-ui=sena][value="dos reyes"]'
    assert page.command(Command("sena", "x\"]")) == QUESTION_FOCUS  # not a seña: nothing picked
    assert 'value="dos reyes" aria-pressed="true"' in page.html()
    assert page.command(Command("senas")) == MOVE_ON_FOCUS
    assert verdict(page.html()) == "¡Bien!"
    player = at_question("senas", "senas", nth=2)  # the left-hand rival: none
    assert player.answer("") is True


def test_answers_right_and_wrong_are_scored_and_progress_keeps_the_best() -> None:
    store = MemoryStorage()
    for lesson_id in COURSE:
        right = LessonPlayer(ALL[lesson_id])
        play_to_end(right, lambda p: p.correct() if p.question.kind not in ("descarte", "action")  # type: ignore[union-attr]
                    else p.question.accept[0])  # type: ignore[union-attr]
        assert right.finished and right.score() == (len(right.replay.answers),) * 2, lesson_id
        wrong = LessonPlayer(ALL[lesson_id])
        play_to_end(wrong, wrong_answer)
        assert wrong.finished and wrong.score()[0] == 0, lesson_id
        save_progress(store, right)
        save_progress(store, wrong)
    progress, problem = load_progress(store)
    assert problem is None and progress["envites"] == {"done": True, "right": 3, "questions": 3}
    html = index_html("es", list(ALL.values()), progress, memory=False)
    assert 'data-lesson-item="envites" data-progress="done"' in html and "3 de 3 bien a la primera" in html
    assert 'data-lesson-item="pares" data-progress="done"' in html


def test_juego_winner_accepts_either_player_of_the_pareja() -> None:
    player = at_question("cuenta", "juego_winner")
    assert player.answer("3") is True


def test_unreadable_progress_counts_as_none_and_is_kept_aside() -> None:
    store = MemoryStorage({PROGRESS_KEY: "{oops"})
    progress, problem = load_progress(store)
    assert progress == {} and problem is not None
    assert problem["aside"].startswith(PROGRESS_KEY + ".corrupt.") and store.get(problem["aside"]) == "{oops"
    assert "expected the lessons' progress in JSON" in problem["why"]
    player = LessonPlayer(ALL["chica"])
    save_progress(store, player)
    assert load_progress(store) == ({"chica": {"done": False, "right": 0, "questions": 2}}, None)


def test_the_index_says_where_unreadable_progress_was_kept() -> None:
    from mus.web.kit.storage import SafeStorage
    from mus.web.lessons.page import LessonsPage

    store = MemoryStorage({PROGRESS_KEY: "[" * 100_000})
    page = LessonsPage(SafeStorage(store), lang="en", lessons=list(ALL.values()))
    html = page.html()
    aside = [k for k in store.keys() if k.startswith(PROGRESS_KEY + ".corrupt.")]
    assert len(aside) == 1 and store.get(aside[0]) == "[" * 100_000
    assert f"kept aside as “{aside[0]}”" in html
    assert f"kept aside as “{aside[0]}”" in page.html()  # said again at each drawing, not only once


def test_the_table_keeps_the_lesson_cards_after_the_count() -> None:
    player = LessonPlayer(ALL["cuenta"])
    play_to_end(player, lambda p: p.correct())
    html = player_html(player, embed=True)
    for card in player.replay.table(0).hands[2]:
        assert f"deck.svg#{card}" in html
    assert "1 de grande" in html and "3 de duples" in html  # the count is shown
    english = LessonPlayer(ALL["cuenta"], "en")
    play_to_end(english, lambda p: p.correct())
    assert "3 for duples (two pairs)" in player_html(english, embed=True)  # the count in the reader's words


def test_a_action_question_shows_the_other_hands_once_answered() -> None:
    player = at_question("envidar", "action")
    assert player_html(player, embed=True).count("hidden-hand") == 3
    player.answer("envido")
    player.next()
    assert player_html(player, embed=True).count("hidden-hand") == 3  # the hand has questions left
    play_to_end(player, lambda p: p.question.accept[0])  # type: ignore[union-attr]
    html = player_html(player, embed=True)
    assert "hidden-hand" not in html and "deck.svg#Ce" in html


def test_the_senas_made_and_caught_are_on_the_table() -> None:
    player = LessonPlayer(ALL["senas"])
    play_to_end(player, lambda p: p.correct())
    html = player_html(player, embed=True)
    mine = re.search(r'<div class="lsenas" data-senas="0".*?</div>', html).group(0)  # type: ignore[union-attr]
    assert 'data-sena="dos reyes"' in mine and "Cazadas por el rival de la izquierda" in mine
    assert 'aria-label="Tus señas"' in mine
    theirs = re.search(r'<div class="lsenas" data-senas="1".*?</div>', html).group(0)  # type: ignore[union-attr]
    assert "Cazadas por ti" in theirs and 'aria-label="Señas del rival de la derecha"' in theirs
    assert html.count('data-sena="') == 5 and 'data-senas="3"' not in html  # 1 + 1 + 3; none from the left


def test_a_finished_lesson_offers_the_next_one_and_the_index_counts_it() -> None:
    player = LessonPlayer(ALL["punto"])
    play_to_end(player, lambda p: p.correct())
    html = player_html(player, embed=False, next_lesson=ALL["real"])
    assert 'data-ui="lesson" value="real"' in html and "Siguiente: La 31 real" in html
    assert 'href="lessons.html?lang=es"' in player_html(player, embed=True)
    store = MemoryStorage()
    save_progress(store, player)
    assert f"1 de {len(ALL)} lecciones hechas" in index_html("es", list(ALL.values()), load_progress(store)[0], memory=False)


def test_lessons_use_the_tables_words() -> None:
    """One i18n table: a lesson names seats, teams, the mano and the calls as the table does."""
    from mus.web.kit.i18n import speech

    player = LessonPlayer(ALL["envites"], "es")
    while not player.replay.said[player.index]:
        assert player.next() or player.answer(player.correct()) is not None
    html = player_html(player, embed=True)
    for seat in range(4):
        assert f">{t('es', 'seat', seat=seat)}<" in html
    seat, notation = player.replay.said[player.index][-1]
    assert f">{speech('es', notation, count=len(notation.split()) - 1)}<" in html
    assert "Rival derecho" not in html and "vosotros" not in html
    assert "Tanteo: nosotros" in html and ">Mano<" in html
    partner = at_question("cartas", "points", nth=1)
    assert "¿Cuántos puntos suman las cartas de tu compañero?" in player_html(partner, embed=True)


# --- "Juega esta mano" -------------------------------------------------------------------------


@pytest.mark.parametrize("lesson_id", ["cuenta", "real", "chica", "senas"])
def test_play_link_starts_a_partida_from_the_lesson_deal(lesson_id: str) -> None:
    lesson = ALL[lesson_id]
    href = play_href(LessonPlayer(lesson))
    assert href is not None
    request = parse_deal(href.split("?", 1)[1])
    assert request is not None
    session = Session(MemoryStorage())
    play_deal(session, request, seed=5)
    game = session.game
    assert game is not None
    start = lesson.start()
    assert [game.hand(s) for s in range(4)] == [start.hand(s) for s in range(4)]
    assert (game.mano, game.score, game.rules.real_31) == (lesson.mano, lesson.score, lesson.rules.real_31)
    assert game.rules.senas or not lesson.rules.senas
    again = Session(session.storage)
    again.restore()  # the deal is saved like any partida
    assert again.game is not None and again.game.hand(0) == start.hand(0)


URL_RE = re.compile(r"""\b(?:https?|wss?)://|["'(=]\s*//[\w-]""")  # absolute or protocol-relative


@pytest.mark.parametrize("name", ["embed.html", "lessons.html", "article.html",
                                  "static/embed.js", "static/lessons.css", "tests/pages/wheel.html"])
def test_lesson_pages_reference_no_other_origin(name: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    assert URL_RE.findall(text) == []


def test_embed_script_stays_small_and_plain() -> None:
    """The script's code stays under 14 KB (7.6 KB until it told an author's mistakes in two
    languages, followed the page's colours, sized frames without a card and retried offline:
    13.1 KB since); the lessons' catalogue the build writes into it (what each card shows,
    which spares the article a request per lesson: tools/build/catalogue.py) stays under 600
    bytes a lesson. Over the wire the whole file is 6.5 KB (brotli, docs/figures.md)."""
    text = (ROOT / "static" / "embed.js").read_text(encoding="utf-8")
    head, catalogue, tail = text.split("/*CATALOGUE*/")
    assert len((head + tail).encode()) < 14_000
    assert len(catalogue.encode()) < 600 * len(list((ROOT / "static" / "lessons").glob("*.json")))
    assert "import " not in text and "pyscript" not in text.lower() and "pyodide" not in text.lower()


# --- the words, in every lesson and both languages ---------------------------------------------------

SENTENCES = re.compile(r'<(p|li|span) class="(lverdict[^"]*|lexplain|lsay|lprompt|lintro|lcaught|team-\d)"[^>]*>(.*?)</\1>')
# A seat named in a sentence without its article ("Rival de la izquierda no tiene juego", "La
# respuesta es compañero", "Partner is not mano").
BARE_SEAT = {
    "es": re.compile(r"(?<![Ee]l )(?<![Tt]u )(?<![Ss]u )(?<!del )\b(rival de la (derecha|izquierda)|compañero)\b", re.I),
    "en": re.compile(r"(?<![Tt]he )(?<![Yy]our )(?<![Hh]is )\b(right-hand rival|left-hand rival|partner)\b", re.I),
}


def every_answer(player: LessonPlayer) -> list[str]:
    """Every answer a reader can give to the question on screen, right and wrong."""
    ask = player.question
    assert ask is not None
    if ask.kind in ("lance", "mano", "juego_winner"):
        return ["0", "1", "2", "3"]
    if ask.kind in ("quiero",):
        return ["quiero", "no quiero"]
    if ask.kind == "action":
        return list(ask.options)
    if ask.kind == "descarte":
        return ["descarte " + " ".join(str(p) for p in range(4) if m >> p & 1) for m in range(1, 16)]
    if ask.kind == "senas":
        return ["", "dos reyes", "la 31", "dos reyes,dos ases,duples", "ciego"]
    correct = int(player.correct())
    return [str(n) for n in (correct - 1, correct, correct + 1) if n >= 0]


def sentences_read(lesson: Lesson, lang: str) -> list[str]:
    """Every sentence of the lesson's page in ``lang``: captions, prompts, the count, the señas
    caught, and the verdict and feedback of every answer (a first try, and the last)."""
    out = []
    for i, step in enumerate(lesson.steps):
        player = LessonPlayer(lesson, lang)
        for k in sorted(player.replay.answers):
            if k < i:
                player.given[k] = [player.correct(k)]
        player.index = i
        pages = [player_html(player, embed=True)]
        if step.ask is not None:
            for value in every_answer(player):
                tried = LessonPlayer(lesson, lang)
                tried.given, tried.index = {k: list(v) for k, v in player.given.items()}, i
                if tried.answer(value) is not None:
                    pages.append(player_html(tried, embed=True))
                    while tried.waiting and tried.answer(wrong_answer(tried)) is not None:
                        pages.append(player_html(tried, embed=True))
        out += [re.sub(r"<[^>]+>", "", m.group(3)) for page in pages for m in SENTENCES.finditer(page)]
    return out


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("lesson_id", COURSE)
def test_every_sentence_names_a_seat_with_its_article(lesson_id: str, lang: str) -> None:
    read = sentences_read(ALL[lesson_id], lang)
    assert read
    bare = [s for s in read if BARE_SEAT[lang].search(s)]
    assert bare == []
    assert not [s for s in read if "Las caza:" in s or "Caught by:" in s or " de Tú" in s]


def test_the_bare_seat_check_catches_the_old_words() -> None:
    for lang, text in (("es", "Rival de la izquierda no tiene juego."), ("es", "La respuesta es compañero."),
                       ("es", "Las caza: Rival de la derecha"), ("en", "Partner is not mano."),
                       ("en", "No: the answer is left-hand rival.")):
        assert BARE_SEAT[lang].search(text), text
    assert not BARE_SEAT["es"].search("El rival de la izquierda no tiene juego; tu compañero, sí.")
    assert not BARE_SEAT["en"].search("The left-hand rival has no juego; your partner's does.")


@pytest.mark.parametrize("lang", ["es", "en"])
@pytest.mark.parametrize("lesson_id", COURSE)
def test_the_count_is_said_from_your_seat(lesson_id: str, lang: str) -> None:
    """Each line of the count says whose cards scored it as the reader calls them ("tu
    compañero: 3 de la 31"), never as the winner would ("2 de juego del compañero" for the
    reader's own 32)."""
    lesson = ALL[lesson_id]
    player = LessonPlayer(lesson, lang)
    play_to_end(player, lambda p: p.correct() if p.question.kind not in ("descarte", "action")  # type: ignore[union-attr]
                else p.question.accept[0])  # type: ignore[union-attr]
    lines = [re.sub(r"<[^>]+>", "", li) for li in re.findall(r"<li[^>]*>(.*?)</li>", player_html(player, embed=True))]
    for line in lines:
        assert "del compañero" not in line and "partner's" not in line, line
    hand = player.replay.final.history[player.replay.hand_number(player.index)] \
        if len(player.replay.final.history) > player.replay.hand_number(player.index) else None
    if hand is None or not lines or t(lang, "lesson.nothing") in lines:
        return
    assert len(lines) == len(hand["ledger"])
    for line, entry in zip(lines, hand["ledger"]):
        assert t(lang, "lesson.seat.%d" % entry["seat"]) + ":" in line, (line, entry)


def test_the_juego_lance_and_the_juego_to_40_are_asked_apart() -> None:
    """`cuenta` asks who wins the juego lance, then which pareja wins the juego (to 40): the two
    questions read differently, in both languages, and every question a lesson asks reads as
    what it asks."""
    for lang in ("es", "en"):
        lance = at_question("cuenta", "lance", lang)
        winner = at_question("cuenta", "juego_winner", lang)
        assert lance.question.lance == "juego"  # type: ignore[union-attr]
        lance_html, winner_html = player_html(lance, embed=True), player_html(winner, embed=True)
        assert ("lance de juego" if lang == "es" else "juego lance") in lance_html
        assert ("llega antes a 40" if lang == "es" else "reaches 40 first") in winner_html
        for lesson in ALL.values():
            prompts: dict[str, tuple[Any, ...]] = {}
            for i, step in enumerate(lesson.steps):
                if step.ask is None:
                    continue
                player = LessonPlayer(lesson, lang)
                player.index = i
                prompt = re.search(r'<p class="lprompt"[^>]*>(.*?)</p>', player_html(player, embed=True)).group(1)  # type: ignore[union-attr]
                asked = (step.ask.kind, step.ask.lance, step.ask.team, step.ask.seat)
                assert prompts.setdefault(prompt, asked) == asked, (lesson.id, prompt)


def test_a_juego_won_by_an_accepted_ordago_is_not_told_as_a_count() -> None:
    for lang, said, not_said in (("es", "querido, el juego entero se decide en los pares", "lance por lance"),
                                 ("en", "once accepted, the whole juego is decided at pares", "lance by lance")):
        player = at_question("ordago", "juego_winner", lang)
        assert ("gana el órdago" if lang == "es" else "wins the órdago") in player_html(player, embed=True)
        player.answer("1")
        html = player_html(player, embed=True)
        assert said in html and not_said not in html
        other = at_question("cuenta", "juego_winner", lang)
        other.answer("0")
        assert not_said in player_html(other, embed=True)
