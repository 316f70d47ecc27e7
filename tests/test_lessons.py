"""Lessons: every file matches the schema and replays through the engine; answers come from it.

Each file in static/lessons/ is loaded, validated and replayed by ``Lesson.from_json``; an
illegal step or a script that contradicts the engine's answer is a ``LessonError``.
"""

from __future__ import annotations

import copy
import re
import json
from pathlib import Path
from typing import Any

import pytest

import mus
from mus.web.play.deal_link import parse_deal, play_deal
from mus.web.lessons.lesson import COURSE, KINDS, Lesson, LessonError
from mus.web.lessons.player import PROGRESS_KEY, LessonPlayer, load_progress, save_progress
from mus.web.lessons.render import index_html, play_href, player_html
from mus.web.kit.storage import MemoryStorage
from mus.web.play.session import Session

LESSONS = Path(__file__).resolve().parent.parent / "static" / "lessons"


def raw(lesson_id: str) -> dict[str, Any]:
    return json.loads((LESSONS / f"{lesson_id}.json").read_text(encoding="utf-8"))


def load(lesson_id: str) -> Lesson:
    return Lesson.from_json((LESSONS / f"{lesson_id}.json").read_text(encoding="utf-8"))


ALL = {lesson_id: load(lesson_id) for lesson_id in COURSE}


def test_the_course_is_exactly_the_files() -> None:
    assert sorted(p.stem for p in LESSONS.glob("*.json")) == sorted(COURSE)
    assert {"cartas", "mus", "grande", "chica", "pares", "juego", "envites", "ordago", "cuenta"} <= set(COURSE)
    for lesson_id, lesson in ALL.items():
        assert lesson.id == lesson_id
        assert all(lesson.title[lang] and lesson.intro[lang] for lang in ("es", "en"))
        assert all(step.say["es"] and step.say["en"] for step in lesson.steps)


@pytest.mark.parametrize("lesson_id", COURSE)
def test_lesson_replays_and_every_question_has_an_engine_answer(lesson_id: str) -> None:
    lesson = ALL[lesson_id]
    replay = lesson.replay()
    asked = [i for i, step in enumerate(lesson.steps) if step.ask is not None]
    assert asked, "a lesson asks at least one question"
    assert sorted(replay.answers) == asked
    for i in asked:
        ask = lesson.steps[i].ask
        assert ask is not None and ask.explain["es"] and ask.explain["en"]


def test_every_kind_of_question_is_used() -> None:
    used = {step.ask.kind for lesson in ALL.values() for step in lesson.steps if step.ask}
    assert used == set(KINDS)


def ledgers(lesson: Lesson) -> list[dict[str, Any]]:
    return [entry for hand in lesson.replay().final.history for entry in hand["ledger"]]


def test_the_course_covers_what_a_beginner_needs() -> None:
    reasons = {lesson_id: [e["reason"] for e in ledgers(lesson)] for lesson_id, lesson in ALL.items()}
    every = [r for rs in reasons.values() for r in rs]
    for wanted in ("de duples", "de medias", "de pareja", "de la 31", "2 de juego", "1 de punto",
                   "1 de grande", "1 de chica", "porque no", "de envite a chica", "órdago a pares"):
        assert any(wanted in r for r in every), wanted
    said = [n for lesson in ALL.values() for words in lesson.replay().said for _, n in words]
    for wanted in ("mus", "no hay mus", "descarte 2 3", "envido", "envido 5", "quiero", "no quiero", "ordago"):
        assert wanted in said, wanted
    assert any(lesson.rules.real_31 for lesson in ALL.values())
    assert any(lesson.mano != 0 for lesson in ALL.values())


def test_the_37_37_example_of_the_rules() -> None:
    lesson = ALL["cuenta"]
    assert lesson.score == (37, 37)
    hand = lesson.replay().final.history[0]
    assert [(e["team"], e["reason"]) for e in hand["ledger"]] == [
        (0, "1 de grande"), (1, "1 de chica"), (1, "3 de duples")]
    assert hand["score"] == [38, 41] and hand["juego_winner"] == 1
    answers = lesson.replay().answers
    assert answers == {0: "2", 1: "1", 2: "1"}  # the 31 is the partner's, they win, you got 1


def test_31_real_changes_the_juego_winner() -> None:
    lesson = ALL["real"]
    step = next(i for i, s in enumerate(lesson.steps) if s.ask and s.ask.kind == "lance")
    plain = Lesson.from_dict({**raw("real"), "rules": {}, "steps": raw("real")["steps"][:step + 1]})
    assert lesson.replay().answers[step] == "0"
    assert plain.replay().answers[step] == "1"  # without the option the mano's 31 wins the tie


# --- the schema and the engine reject bad lessons -------------------------------------------


def broken(change: Any) -> dict[str, Any]:
    data = copy.deepcopy(raw("envites"))
    change(data)
    return data


@pytest.mark.parametrize("change, message", [
    (lambda d: d.pop("hands"), "missing \\['hands'\\]"),
    (lambda d: d.update(extra=1), "unknown \\['extra'\\]"),
    (lambda d: d["title"].pop("en"), "title: expected keys"),
    (lambda d: d.update(id="Pares!"), "short lowercase word"),
    (lambda d: d.update(mano=4), "mano: expected a whole number 0..3"),
    (lambda d: d.update(hands=["RRRRR", "7654", "CCSA", "3322"]), "deal is not playable"),
    (lambda d: d.update(rules={"reyes": 5}), "expected reyes to be 8 or 4"),
    (lambda d: d["steps"][0]["ask"].update(kind="guess"), "kind: expected one of"),
    (lambda d: d["steps"][0]["do"].insert(1, "quiero"), "'quiero' is not legal"),
    (lambda d: d["steps"][1].update(do=["quiero"]), "the engine's answer is 'no quiero'"),
    (lambda d: d["steps"][1]["ask"].update(kind="descarte", accept=["descarte 0"]), "needs your discard next"),
    (lambda d: d["steps"][3].update(do=[]), "does not finish hand 1"),
    (lambda d: d["steps"][1]["ask"].update(accept=["descarte 1"]), "for a descarte question only"),
])
def test_bad_lessons_are_refused(change: Any, message: str) -> None:
    with pytest.raises(LessonError, match=message):
        Lesson.from_dict(broken(change))


def test_a_descarte_answer_must_be_legal_and_played() -> None:
    data = raw("mus")
    data["steps"][1]["ask"]["accept"] = ["descarte 0 1"]
    with pytest.raises(LessonError, match="goes on with 'descarte 2 3'"):
        Lesson.from_dict(data)
    assert isinstance(LessonError("x"), ValueError)
    with pytest.raises(LessonError, match="unreadable"):
        Lesson.from_json("{")


# --- the player, its progress and its view ------------------------------------------------------


def play_to_end(player: LessonPlayer, answer: Any) -> None:
    while True:
        if player.waiting:
            assert player.answer(answer(player)) is not None
        if not player.next():
            break


def test_a_question_waits_for_an_answer_and_says_what_was_right() -> None:
    player = LessonPlayer(ALL["grande"], "es")
    assert player.waiting and not player.next()
    html = player_html(player, embed=True)
    assert html.count('class="lplate" data-ui="answer"') == 4 and "¿Quién gana la grande?" in html
    assert player.answer("3") is False
    html = player_html(player, embed=True)
    assert "No: la respuesta es tú." in html and ALL["grande"].steps[0].ask.explain["es"] in html  # type: ignore[union-attr]
    assert 'data-ui="answer"' not in html
    assert player.answer("0") is None  # answered already
    assert player.next() and player.index == 1


def test_each_kind_of_question_offers_its_own_controls() -> None:
    controls = {"lance": 'class="lplate" data-ui="answer"', "juego_winner": 'class="lplate" data-ui="answer"',
                "tantos": 'id="lesson-number"', "points": 'id="lesson-number"',
                "descarte": 'data-pos="', "quiero": 'value="no quiero"'}
    seen = set()
    for lesson in ALL.values():
        player = LessonPlayer(lesson, "en")
        for i, step in enumerate(lesson.steps):
            player.index = i
            if step.ask is not None:
                assert controls[step.ask.kind] in player_html(player, embed=False)
                seen.add(step.ask.kind)
    assert seen == set(KINDS)


def wrong_answer(player: LessonPlayer) -> str:
    kind, correct = player.question.kind, player.correct()  # type: ignore[union-attr]
    if kind == "descarte":
        return "descarte 0"
    if kind == "quiero":
        return "quiero" if correct == "no quiero" else "no quiero"
    return str(int(correct) + 1)  # the next seat is the other pareja; a number one off


def test_answers_right_and_wrong_are_scored_and_progress_keeps_the_best() -> None:
    store = MemoryStorage()
    for lesson_id in ("envites", "mus", "cuenta", "cartas"):
        right = LessonPlayer(ALL[lesson_id])
        play_to_end(right, lambda p: p.correct())
        assert right.finished and right.score() == (len(right.replay.answers),) * 2
        wrong = LessonPlayer(ALL[lesson_id])
        play_to_end(wrong, wrong_answer)
        assert wrong.score()[0] == 0
        save_progress(store, right)
        save_progress(store, wrong)
    progress, problem = load_progress(store)
    assert problem is None and progress["envites"] == {"done": True, "right": 3, "questions": 3}
    html = index_html("es", list(ALL.values()), progress, memory=False)
    assert 'data-lesson-item="envites" data-progress="done"' in html
    assert 'data-lesson-item="pares" data-progress="new"' in html


def test_juego_winner_accepts_either_player_of_the_pareja() -> None:
    player = LessonPlayer(ALL["cuenta"])
    player.answer("2")
    assert player.next()
    assert player.question is not None and player.question.kind == "juego_winner"
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
    html = player_html(player, embed=True)
    for card in player.replay.table(0).hands[2]:
        assert f"deck.svg#{card}" in html
    assert "1 de grande" in html and "3 de duples" in html  # the count is shown


# --- "Juega esta mano" -------------------------------------------------------------------------


@pytest.mark.parametrize("lesson_id", ["cuenta", "real", "chica"])
def test_play_link_starts_a_partida_from_the_lesson_deal(lesson_id: str) -> None:
    lesson = ALL[lesson_id]
    request = parse_deal(play_href(lesson).split("?", 1)[1])
    assert request is not None
    session = Session(MemoryStorage())
    play_deal(session, request, seed=5)
    game = session.game
    assert game is not None
    start = lesson.start()
    assert [game.hand(s) for s in range(4)] == [start.hand(s) for s in range(4)]
    assert (game.mano, game.score, game.rules.real_31) == (lesson.mano, lesson.score, lesson.rules.real_31)
    again = Session(session.storage)
    again.restore()  # the deal is saved like any partida
    assert again.game is not None and again.game.hand(0) == start.hand(0)


URL_RE = re.compile(r"""\b(?:https?|wss?)://|["'(=]\s*//[\w-]""")  # absolute or protocol-relative


@pytest.mark.parametrize("name", ["embed.html", "lessons.html", "article.html",
                                  "static/embed.js", "static/lessons.css", "tests/pages/wheel.html"])
def test_lesson_pages_reference_no_other_origin(name: str) -> None:
    text = (LESSONS.parent.parent / name).read_text(encoding="utf-8")
    assert URL_RE.findall(text) == []


def test_embed_script_stays_small_and_plain() -> None:
    text = (LESSONS.parent / "embed.js").read_text(encoding="utf-8")
    assert len(text.encode()) < 8_000
    assert "import " not in text and "pyscript" not in text.lower() and "pyodide" not in text.lower()


def test_the_authors_tool_prints_engine_answers_and_fails_on_a_bad_file(capsys: pytest.CaptureFixture[str]) -> None:
    from tools.dev.lessons import main

    assert main(["cuenta"]) == 0
    out = capsys.readouterr().out
    assert "ask juego_winner -> 1" in out and "0:no hay mus" in out
    assert main(["no-such-lesson"]) == 1


def test_a_question_about_the_count_hides_the_count_until_answered() -> None:
    player = LessonPlayer(ALL["cuenta"])
    player.answer("2")
    player.next()
    html = player_html(player, embed=True)
    assert "3 de duples" not in html and 'data-score="37-37"' in html
    player.answer("1")
    html = player_html(player, embed=True)
    assert "3 de duples" in html and 'data-score="38-41"' in html


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
    from mus.web.kit.i18n import speech, t

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
