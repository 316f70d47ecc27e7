"""Lessons as data: every file matches the schema and replays through the engine; answers come
from it; no step shows an answer before it is given; the "¿qué harías?" answers are the ones
the coach's numbers favour; the texts use the game's words.

Each file in static/lessons/ is loaded, validated and replayed by ``Lesson.from_json``; an
illegal step, a script that contradicts the engine's answer or a step that shows an answer
still asked is a ``LessonError``. The player, its feedback and the page are in
``tests/test_lessons_player.py``.
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path
from typing import Any

import pytest

import mus
from mus.ai import coach
from mus.web.lessons import advice
from mus.web.lessons.lesson import Lesson
from mus.web.lessons.schema import (
    BET_CHOICE, CHANCE_MARGIN, COURSE, KINDS, MUS_CHOICE, NUMBER_KINDS, TANTOS_MARGIN, LessonError,
)
from mus.web.lessons.player import LessonPlayer
from mus.web.lessons.render import count_line, player_html
from mus.web.play.deal_link import parse_deal
from mus.web.lessons.shown import numbers_in

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "static" / "lessons"
# The ids other pages link to (the table's help): they never change.
STABLE_IDS = ("cartas", "mus", "grande", "chica", "pares", "declaraciones", "juego", "punto", "real",
              "envites", "ordago", "cuenta", "juegos", "vacas", "senas", "cortar", "envidar")


def raw(lesson_id: str) -> dict[str, Any]:
    return json.loads((LESSONS / f"{lesson_id}.json").read_text(encoding="utf-8"))


def load(lesson_id: str) -> Lesson:
    return Lesson.from_json((LESSONS / f"{lesson_id}.json").read_text(encoding="utf-8"))


ALL = {lesson_id: load(lesson_id) for lesson_id in COURSE}


def questions(lesson: Lesson) -> list[int]:
    return [i for i, step in enumerate(lesson.steps) if step.ask is not None]


def test_the_course_is_exactly_the_files_and_its_ids_stay() -> None:
    assert sorted(p.stem for p in LESSONS.glob("*.json")) == sorted(COURSE)
    assert COURSE == STABLE_IDS
    for lesson_id, lesson in ALL.items():
        assert lesson.id == lesson_id
        assert all(lesson.title[lang] and lesson.intro[lang] for lang in ("es", "en"))
        assert all(step.say["es"] and step.say["en"] for step in lesson.steps)
    ids = (ROOT / "docs" / "lessons.md").read_text(encoding="utf-8").split("## Lesson ids")[1].split("##")[0]
    assert re.findall(r"^\| `([a-z]+)` \|", ids, re.M) == list(COURSE)


@pytest.mark.parametrize("lesson_id", COURSE)
def test_lesson_replays_and_every_question_has_an_engine_answer(lesson_id: str) -> None:
    lesson = ALL[lesson_id]
    replay = lesson.replay()
    assert questions(lesson), "a lesson asks at least one question"
    assert sorted(replay.answers) == questions(lesson)
    for i in questions(lesson):
        ask = lesson.steps[i].ask
        assert ask is not None and ask.explain["es"] and ask.explain["en"]
    # the hands finished after each step, as the replay tracks them, are the engine's
    assert list(replay.done) == [len(game.history) for game in replay.games]


def test_every_kind_of_question_is_used() -> None:
    used = {step.ask.kind for lesson in ALL.values() for step in lesson.steps if step.ask}
    assert used == set(KINDS)


def ledgers(lesson: Lesson) -> list[dict[str, Any]]:
    return [entry for hand in lesson.replay().final.history for entry in hand["ledger"]]


def test_the_course_covers_what_a_beginner_needs() -> None:
    reasons = [e["reason"] for lesson in ALL.values() for e in ledgers(lesson)]
    for wanted in ("de duples", "de medias", "de pareja", "de la 31", "2 de juego", "1 de punto",
                   "1 de grande", "1 de chica", "porque no", "de envite a chica", "órdago a pares"):
        assert any(wanted in r for r in reasons), wanted
    said = [n for lesson in ALL.values() for words in lesson.replay().said for _, n in words]
    for wanted in ("mus", "no hay mus", "descarte 2 3", "envido", "envido 5", "quiero", "no quiero", "ordago",
                   "señas", "sin señas"):
        assert wanted in said, wanted
    assert any(lesson.rules.real_31 for lesson in ALL.values())
    assert any(lesson.rules.senas for lesson in ALL.values())
    assert any(lesson.mano != 0 for lesson in ALL.values())
    finals = [lesson.replay().final for lesson in ALL.values()]
    assert any(max(g.juegos) for g in finals) and any(max(g.vacas) for g in finals)  # a juego, a vaca won


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


@pytest.mark.parametrize("lesson_id", ["juegos", "vacas"])
def test_the_mano_moves_to_the_right_over_two_hands(lesson_id: str) -> None:
    """A juego is won, the score starts again, and the next hand's mano is the seat after the
    last one (seat numbers upwards: to the right)."""
    lesson = ALL[lesson_id]
    replay = lesson.replay()
    i = next(i for i in questions(lesson) if lesson.steps[i].ask.kind == "mano")  # type: ignore[union-attr]
    first = replay.final.history[0]
    assert first["juego_winner"] is not None and replay.marks[1].score == (0, 0)
    assert replay.hand_number(i) == 1 and replay.answers[i] == str((first["mano"] + 1) % 4)
    assert replay.marks[1].juegos != lesson.juegos or replay.marks[1].vacas != lesson.vacas


def test_the_senas_lesson_teaches_the_table_of_rules_md_and_our_catch_chance() -> None:
    lesson = ALL["senas"]
    assert lesson.rules.senas and lesson.rules.catch == 0.25
    texts = " ".join(step.say["es"] for step in lesson.steps)
    rules_md = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for sena in mus.SENAS:  # every seña of the table, with the gesture rules.md gives it
        gesture = re.search(r"^\| %s \| ([^|]+) \|" % sena, rules_md, re.M)
        assert gesture is not None and f"{gesture.group(1).strip()}: {sena}" in texts.lower()
    missed = (1 - lesson.rules.catch) ** 2  # each of the two rivals misses them
    assert "1 de cada 4" in texts and "%d de cada 16" % round(16 * (1 - missed)) in texts
    answers = [lesson.replay().answers[i] for i in questions(lesson)]
    assert "" in answers and any("," in a for a in answers)  # none, and all of several


# --- the schema and the engine reject bad lessons -------------------------------------------


def broken(change: Any, lesson_id: str = "envites") -> dict[str, Any]:
    data = copy.deepcopy(raw(lesson_id))
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
    (lambda d: d.update(juegos=[2, 0]), "juegos\\[0\\]: expected a whole number 0..1"),
    (lambda d: d["steps"][0]["ask"].update(kind="guess"), "kind: expected one of"),
    (lambda d: d["steps"][0]["do"].insert(1, "quiero"), "'quiero' is not legal"),
    (lambda d: d["steps"][1].update(do=["quiero"]), "the engine's answer is 'no quiero'"),
    (lambda d: d["steps"][1]["ask"].update(kind="descarte", accept=["descarte 0"]), "needs your discard next"),
    (lambda d: d["steps"][3].update(do=[]), "does not finish hand 1"),
    (lambda d: d["steps"][1]["ask"].update(accept=["descarte 1"]), "for a descarte question only"),
    (lambda d: d["steps"][1]["ask"].update(prefer="paso"), "options, prefer and coach in an action question only"),
    (lambda d: d["steps"][2].update(deal=True), "deal: expected the step before to finish a hand"),
    # an answer written in its own step
    (lambda d: d["steps"][1]["say"].update(en="The rivals collect 2."), "the answer 2 is written in the step"),
])
def test_bad_lessons_are_refused(change: Any, message: str) -> None:
    with pytest.raises(LessonError, match=message):
        Lesson.from_dict(broken(change))


def ask_step(lesson_id: str, kind: str) -> int:
    return next(i for i, s in enumerate(raw(lesson_id)["steps"]) if s.get("ask", {}).get("kind") == kind)


@pytest.mark.parametrize("lesson_id, change, message", [
    # a lance question on pares where a single seat has declared pares
    ("declaraciones", lambda d: d.update(hands=["RoCc6o5o", "RcCeSe7b", "Sb7o6e4b", "ReRb5c4e"]),
     "the declarations \\(a single holder\\)"),
    # a señas question after the señas are on the table
    ("senas", lambda d: d["steps"].append({"say": d["steps"][0]["say"], "ask": d["steps"][2]["ask"]}),
     "shows the answer before it is given \\(the señas already made\\)"),
    # a mano question with the new hand's first words on the table
    ("juegos", lambda d: d["steps"][1].update(do=["no hay mus"], deal=False),
     "the words said in the new hand"),
    # numbers that favour the other action, or too close to call
    ("envidar", lambda d: d["steps"][1]["ask"]["coach"].update(chance=0.3), "favour 'paso', not 'envido'"),
    ("envidar", lambda d: d["steps"][1]["ask"]["coach"].update(chance=0.55), "favour None, not 'envido'"),
    ("cortar", lambda d: d["steps"][0]["ask"]["coach"].update(tantos=[2.0, 2.5]), "favour None, not 'mus'"),
    ("envidar", lambda d: d["steps"][1]["ask"].update(options=["paso", "ordago"]), "options: expected"),
    ("envidar", lambda d: d["steps"][1]["ask"].update(lance="chica"), "needs you to speak at chica"),
    ("cortar", lambda d: d["steps"][0]["ask"].pop("coach"), "an action question with options, prefer and coach"),
])
def test_bad_new_kinds_of_question_are_refused(lesson_id: str, change: Any, message: str) -> None:
    with pytest.raises(LessonError, match=message):
        Lesson.from_dict(broken(change, lesson_id))


def test_a_descarte_answer_must_be_legal_and_played() -> None:
    data = raw("mus")
    data["steps"][1]["ask"]["accept"] = ["descarte 0 1"]
    with pytest.raises(LessonError, match="goes on with 'descarte 1 2 3'"):
        Lesson.from_dict(data)
    assert isinstance(LessonError("x"), ValueError)
    with pytest.raises(LessonError, match="unreadable"):
        Lesson.from_json("{")


# --- nothing is shown before it is asked -----------------------------------------------------


def reader_at(lesson: Lesson, i: int, answered_before: int) -> LessonPlayer:
    """A reader on step ``i`` who has answered right every question before ``answered_before``."""
    player = LessonPlayer(lesson, "es")
    for k in questions(lesson):
        if k < answered_before and k <= i:
            player.given[k] = [player.correct(k)]
    player.index = i
    return player


def count_lines(html: str) -> list[str]:
    block = re.search(r'<div class="lcount">(.*?)</div>', html)
    return re.findall(r"<li[^>]*>(.*?)</li>", block.group(1)) if block else []


@pytest.mark.parametrize("lesson_id", COURSE)
def test_no_step_shows_an_answer_before_the_reader_gives_it(lesson_id: str) -> None:
    """Rendered as the reader sees it, every step of a question's hand up to the question shows
    nothing that answers it: read from the page, against the engine's own count."""
    lesson = ALL[lesson_id]
    replay = lesson.replay()
    for j in questions(lesson):
        ask, answer = lesson.steps[j].ask, replay.answers[j]
        assert ask is not None
        number = replay.hand_number(j)
        start = replay.marks[number]
        hand = replay.final.history[number] if len(replay.final.history) > number else None
        for i in range(j + 1):
            if replay.hand_number(i) != number:
                continue
            html = player_html(reader_at(lesson, i, j), embed=True)
            where = f"{lesson_id}: step {i} before question {j} ({ask.kind})"
            shown_lines = count_lines(html)
            score = tuple(int(x) for x in re.search(r'data-score="(\d+)-(\d+)"', html).groups())  # type: ignore[union-attr]
            if ask.kind in ("tantos", "juego_winner") and hand is not None:
                asked = [e for e in hand["ledger"] if ask.kind == "juego_winner" or
                         (e["team"] == ask.team and ask.lance in (None, e["lance"]))]
                assert not any(count_line("es", e) in line for e in asked for line in shown_lines), where
                assert all(score[e["team"]] == start.score[e["team"]] for e in asked), where
                if ask.kind == "juego_winner":
                    juegos = re.search(r'data-juegos="(\d+)-(\d+)"', html)
                    assert max(score) < lesson.rules.target, where
                    assert juegos is None or tuple(int(x) for x in juegos.groups()) == start.juegos, where
            if ask.kind == "lance" and hand is not None:
                assert not any(count_line("es", e) in line for e in hand["ledger"] if e["lance"] == ask.lance
                               for line in shown_lines), where
            if ask.kind == "mano":
                assert "badge-mano" not in html and "badge-postre" not in html and "data-bubble" not in html, where
            if ask.kind == "senas":
                assert f'data-senas="{ask.seat}"' not in html, where
            if ask.kind == "action":  # only the reader's cards, as the coach sees them
                assert html.count("hidden-hand") == 3, where
                for seat in (1, 2, 3):
                    assert not any(f"deck.svg#{c}" in html for c in replay.table(i).hands[seat]), where
            if ask.kind in NUMBER_KINDS and i == j:
                said = re.search(r'<p class="lsay"[^>]*>(.*?)</p>', html).group(1)  # type: ignore[union-attr]
                intro = re.search(r'<p class="lintro">(.*?)</p>', html)
                assert answer not in numbers_in(said + (intro.group(1) if intro else "")), where


def test_a_question_about_the_count_hides_it_until_the_hand_has_no_question_left() -> None:
    lesson = ALL["cuenta"]
    player = LessonPlayer(lesson)
    assert "3 de duples" not in player_html(player, embed=True)
    player.answer(player.correct())
    player.next()
    player.answer(player.correct())  # who wins the juego: still the tantos to ask on this hand
    html = player_html(player, embed=True)
    assert "3 de duples" not in html and 'data-score="37-37"' in html
    player.next()
    player.answer(player.correct())
    html = player_html(player, embed=True)
    assert "3 de duples" in html and 'data-score="38-41"' in html and 'data-juegos="0-1"' in html


# --- "¿qué harías?": the coach backs the preferred answer ------------------------------------------


ACTION_QUESTIONS = [(lesson_id, i) for lesson_id, lesson in ALL.items() for i, _ in advice.backings(lesson)]


def test_both_decisions_are_taught_both_ways() -> None:
    prefer = {(tuple(ALL[lid].steps[i].ask.options), ALL[lid].steps[i].ask.accept[0])  # type: ignore[union-attr]
              for lid, i in ACTION_QUESTIONS}
    assert prefer == {(MUS_CHOICE, "mus"), (MUS_CHOICE, "no hay mus"), (BET_CHOICE, "envido"), (BET_CHOICE, "paso")}


@pytest.mark.parametrize("lesson_id, i", ACTION_QUESTIONS)
def test_the_preferred_answer_is_the_one_the_coachs_numbers_favour(lesson_id: str, i: int) -> None:
    """The coach, run here for the reader's seat where the question is asked, gives the numbers
    the file carries, and they favour the lesson's answer by a clear margin."""
    lesson = ALL[lesson_id]
    ask = lesson.steps[i].ask
    assert ask is not None and ask.backing is not None
    numbers = coach(lesson.replay().games[i].observation(0))
    if ask.options == MUS_CHOICE:
        us, them = numbers["tantos"]
        assert ask.backing.tantos == (us, them)
        assert abs(us - them) >= TANTOS_MARGIN
        assert ask.accept[0] == ("no hay mus" if us > them else "mus")
    else:
        assert ask.lance is not None
        chance = numbers["lances"][ask.lance]
        assert ask.backing.chance == chance and abs(chance - 0.5) >= CHANCE_MARGIN
        assert ask.accept[0] == ("envido" if chance > 0.5 else "paso")
    advice.check(lesson)
    # the lesson says which number backs it, once answered
    player = reader_at(lesson, i, i)
    player.answer(ask.accept[0])
    html = player_html(player, embed=True)
    number = ("%d de cada 100" % round(100 * ask.backing.chance) if ask.backing.chance is not None
              else "%s tantos a vuestra pareja" % ("%.1f" % ask.backing.tantos[0]).replace(".", ","))  # type: ignore[index]
    assert "El entrenador" in html and number in html


@pytest.mark.parametrize("lesson_id", COURSE)
def test_no_lesson_rewards_or_plays_for_you_a_choice_the_coach_finds_worse(lesson_id: str) -> None:
    """Every choice of the reader's, asked or played by the script, as the coach sees it from
    the reader's seat: a question accepts exactly what the numbers favour, and the script never
    plays for the reader what they find clearly worse."""
    lesson = ALL[lesson_id]
    replay = lesson.replay()
    advice.check(lesson)
    for i in questions(lesson):
        ask = lesson.steps[i].ask
        assert ask is not None
        if ask.kind in ("descarte", "quiero", "action"):
            judged = advice.judge(replay.games[i])
            accepted = {replay.answers[i]} if ask.kind == "quiero" else set(ask.accept)
            assert accepted and accepted <= set(judged.good), (i, judged.numbers)
            others = {"quiero", "no quiero"} - accepted if ask.kind == "quiero" else set(ask.options) - accepted
            assert not others & set(judged.good), (i, judged.numbers)
            if ask.kind == "descarte":  # every discard as good as the best is accepted
                assert accepted == {a for a in judged.good}, (i, judged.numbers)
    for i, game, action in advice.decisions(replay):
        assert action not in advice.judge(game).bad, (i, action)


def test_every_kind_of_choice_is_judged() -> None:
    """The course asks for a discard, a quiero and both actions, and the script plays for the
    reader a mus, a cut, a discard, an envite and both answers to one."""
    played = {action.split()[0] if action.startswith("descarte") else action
              for lesson in ALL.values() for _, _, action in advice.decisions(lesson.replay())}
    assert {"mus", "no hay mus", "descarte", "envido", "quiero", "no quiero"} <= played


@pytest.mark.parametrize("lesson_id, change, message", [
    # the old `mus`: la 31 with two reyes, and the reader asks for mus
    ("mus", lambda d: (d.update(hands=["RoRc7b4e", "CcSe6o5c", "CeSb6c4b", "ReCb7o7c"]),
                       d["steps"][1]["ask"].update(accept=["descarte 2 3"]), d["steps"][2].update(do=["descarte 2 3"])),
     "the script plays 'mus' for you, which the coach finds clearly worse"),
    # a worse discard accepted: keeping the 6 with the rey
    ("mus", lambda d: (d["steps"][1]["ask"].update(accept=["descarte 2 3"]), d["steps"][2].update(do=["descarte 2 3"])),
     "the coach favours \\['descarte 1 2 3'\\].*the lesson accepts \\['descarte 2 3'\\]"),
    # a clearly worse discard accepted beside the best: throwing the rey too
    ("mus", lambda d: d["steps"][1]["ask"].update(accept=["descarte 1 2 3", "descarte 0 1 2 3"]),
     "the lesson accepts \\['descarte 1 2 3', 'descarte 0 1 2 3'\\]"),
    # the old `envites`: an envite at grande with 5, 4, as, as
    ("envites", lambda d: d["hands"].__setitem__(0, "5c4eAcAe"),
     "the script plays 'envido' for you, which the coach finds clearly worse"),
])
def test_a_choice_the_coach_finds_worse_is_refused(lesson_id: str, change: Any, message: str) -> None:
    try:
        lesson = Lesson.from_dict(broken(change, lesson_id))
    except LessonError as error:  # the schema or the engine refused it first: not what is tested
        raise AssertionError(error) from None
    with pytest.raises(LessonError, match=message):
        advice.check(lesson)


def test_a_quiero_the_cards_answer_but_the_coach_does_not_is_refused() -> None:
    """Seen whole, rey, rey, caballo and as lose grande to rey, rey, caballo, 7 (no quiero);
    from the reader's seat they win it 88 times in 100 against one envite: the lesson would
    teach refusing it."""
    say = {"es": "…", "en": "…"}
    lesson = Lesson.from_dict({
        "id": "demo", "title": say, "intro": say, "hands": ["RoRcCoAe", "ReRbCc7b", "Se6o5e4b", "Ce7o6cAb"],
        "mano": 0, "steps": [{"say": say, "do": ["no hay mus", "paso", "envido", "no quiero"],
                              "ask": {"kind": "quiero", "explain": say}},
                             {"say": say, "do": ["no quiero"]}]})
    assert lesson.replay().answers == {0: "no quiero"}
    with pytest.raises(LessonError, match="the coach favours \\['quiero'\\] \\(chance 0.881 at grande"):
        advice.check(lesson)


def test_numbers_that_are_not_the_coachs_are_refused() -> None:
    data = raw("envidar")
    data["steps"][1]["ask"]["coach"]["chance"] = 0.9
    with pytest.raises(LessonError, match="the coach says \\{'chance': 0.882\\}"):
        advice.check(Lesson.from_dict(data))


def test_the_authors_tool_prints_engine_answers_and_coach_and_fails_on_a_bad_file(
        capsys: pytest.CaptureFixture[str]) -> None:
    from tools.dev.lessons import main

    assert main(["cuenta", "envidar", "senas"]) == 0
    out = capsys.readouterr().out
    assert "ask juego_winner -> 1" in out and "0:no hay mus" in out
    assert "coach {'chance': 0.882}" in out and "ask senas -> none" in out
    assert main(["no-such-lesson"]) == 1


# --- the words ----------------------------------------------------------------------------------

# English slips for the game's words, which stay Spanish in English too, and the Spanish slip of
# "dos pares de reyes" (that reads as duples) for a par of reyes.
ENGLISH_SLIPS = re.compile(r"\b(bets?|betting|bettor|kings?|aces?|dealer|pairs? of|two pares|big|small)\b", re.I)
SPANISH_SLIPS = re.compile(r"\bdos pares de\b|\brival (derecho|izquierdo)\b", re.I)


def texts(data: Any) -> list[dict[str, str]]:
    if isinstance(data, dict):
        if set(data) == {"es", "en"}:
            return [data]
        return [t for v in data.values() for t in texts(v)]
    if isinstance(data, list):
        return [t for v in data for t in texts(v)]
    return []


@pytest.mark.parametrize("lesson_id", COURSE)
def test_lesson_texts_keep_the_games_words(lesson_id: str) -> None:
    for text in texts(raw(lesson_id)):
        assert not ENGLISH_SLIPS.search(text["en"]), text["en"]
        assert not SPANISH_SLIPS.search(text["es"]), text["es"]


def test_the_slip_checks_catch_the_slips() -> None:
    assert SPANISH_SLIPS.search("dos pares de reyes") and not SPANISH_SLIPS.search("duples (dos pares, o cuatro)")
    assert ENGLISH_SLIPS.search("you bet 2") and not ENGLISH_SLIPS.search("an envite of 2")


# --- nothing given away in a link or a caption ---------------------------------------------------


LANGS = ("es", "en")


def seat_sections(html: str) -> dict[int, str]:
    return {int(seat): body for seat, body in re.findall(r'<section class="lseat lseat-\d" data-seat="(\d)">(.*?)</section>', html)}


def readers(lesson: Lesson) -> list[tuple[int, LessonPlayer]]:
    """A reader at each step, before and after its question, in both languages."""
    out = []
    for lang in LANGS:
        for i in range(len(lesson.steps)):
            for answered in ((i, i + 1) if lesson.steps[i].ask is not None else (i,)):
                player = reader_at(lesson, i, answered)
                player.lang = lang
                out.append((i, player))
    return out


@pytest.mark.parametrize("lesson_id", COURSE)
def test_no_link_carries_a_card_or_an_answer_the_step_keeps_back(lesson_id: str) -> None:
    """"Juega esta mano" carries the hands the step shows face up and the mano it shows, or
    is not offered: never a card turned down ("¿qué harías?") nor the mano still asked."""
    offered = 0
    for i, player in readers(ALL[lesson_id]):
        html = player_html(player, embed=True)
        link = re.search(r'<a class="lbtn play" href="index\.html\?([^"]*)"', html)
        if link is None:
            continue
        offered += 1
        query = link.group(1).replace("&amp;", "&")
        request = parse_deal(query)
        assert request is not None
        seats = seat_sections(html)
        where = f"{lesson_id} step {i} ({player.lang}): {query}"
        for seat, cards in enumerate(request.hands):
            assert "hidden-hand" not in seats[seat], where
            face_up = re.findall(r"deck\.svg#(\w\w)", seats[seat])
            assert [cards[k:k + 2] for k in range(0, len(cards), 2)] == face_up, where
        assert "badge-mano" in seats[request.mano], where
    assert offered, f"{lesson_id} never offers to play its hand"


def test_the_links_of_the_what_would_you_do_lessons_wait_for_the_cards() -> None:
    for lesson_id in ("cortar", "envidar"):
        html = player_html(LessonPlayer(ALL[lesson_id]), embed=True)
        assert html.count("hidden-hand") == 3 and "deal=" not in html, lesson_id


SEAT_NAMES = {
    "es": {1: ("rival de la derecha",), 2: ("compañero",), 3: ("rival de la izquierda", "el de la izquierda")},
    "en": {1: ("right-hand rival", "right-hand one"), 2: ("partner",), 3: ("left-hand rival", "left-hand one")},
}
NEAR = 12  # characters between a seat's name and a number that is said of it ("tu compañero 31")


def tells_total(text: str, lang: str, seat: int, total: int) -> bool:
    """Whether ``text`` pairs seat ``seat``'s name with ``total`` right after it."""
    lowered = text.lower()
    for name in SEAT_NAMES[lang][seat]:
        at = lowered.find(name)
        while at >= 0:
            after = lowered[at + len(name):at + len(name) + NEAR]
            if str(total) in numbers_in(after.split(".")[0]):
                return True
            at = lowered.find(name, at + 1)
    return False


def before_question(lesson: Lesson, j: int, lang: str) -> list[str]:
    """The texts a reader has read in question ``j``'s hand when it is asked: the captions up
    to it, the explanations of the questions before it, the intro in the first hand."""
    replay = lesson.replay()
    number = replay.hand_number(j)
    texts = [lesson.intro[lang]] if number == 0 else []
    for i in range(j + 1):
        if replay.hand_number(i) == number:
            texts.append(lesson.steps[i].say[lang])
            ask = lesson.steps[i].ask
            if ask is not None and i < j:
                texts.append(ask.explain[lang])
    return texts


def totals_told(lesson: Lesson) -> list[str]:
    replay = lesson.replay()
    told = []
    for j in questions(lesson):
        ask = lesson.steps[j].ask
        assert ask is not None
        if ask.kind != "lance" or ask.lance not in ("juego", "punto"):
            continue
        hands = replay.table(j).hands
        for lang in LANGS:
            for text in before_question(lesson, j, lang):
                told += [f"step {j} ({lang}) tells seat {seat}'s {mus.points(''.join(hands[seat]), lesson.rules)}: {text}"
                         for seat in (1, 2, 3)
                         if tells_total(text, lang, seat, mus.points("".join(hands[seat]), lesson.rules))]
    return told


@pytest.mark.parametrize("lesson_id", COURSE)
def test_no_text_tells_the_totals_a_juego_or_punto_question_asks_about(lesson_id: str) -> None:
    """Before "who wins juego (or punto)?", nothing the reader has read in that hand names
    another seat's total: adding the cards up is the question."""
    assert totals_told(ALL[lesson_id]) == []


def test_the_totals_check_catches_the_old_juego_caption() -> None:
    data = raw("juego")
    data["steps"][1]["say"] = {
        "es": "Todos tienen juego: tú 32, el rival de la derecha 40, tu compañero 31 y el rival de la izquierda 37.",
        "en": "Everyone has juego: you 32, the right-hand rival 40, your partner 31 and the left-hand rival 37."}
    told = totals_told(Lesson.from_dict(data))
    assert len(told) == 6 and all("step 1" in line for line in told)
