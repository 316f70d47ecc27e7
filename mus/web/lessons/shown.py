"""What a lesson's step shows the reader, and the rule that it never shows an answer still asked.
Pure.

``shown(replay, i, resolved)`` is everything the page draws at step ``i`` besides the texts
(the cards, badges, words said, señas, count and score), given the questions already
``resolved``; ``render`` draws nothing else. While a question about this hand is still open,
at this step or a later one:

* the count lines it asks about are kept back (``withholds``): the count appears only once
  none is, and the score line adds only the lines shown, so it stays at the hand's start;
* a ``mano`` question hides the mano's and the postre's badges;
* an ``action`` question ("¿qué harías?") turns the other seats' cards face down, and shows
  only the señas the reader saw: the coach's numbers come from what the reader's seat sees.

``check(replay)`` then holds every lesson to it when it loads: for each question, at every
step of its hand up to it, what is shown must not give the answer away (a count line, a score
at the target, a single holder's declaration, the señas already made, the mano's badge or the
words of the new hand, the other hands), and a question answered by a number must not find it
in its own step's texts.

>>> import json, pathlib
>>> from .schema import LessonData
>>> from .script import Replay
>>> replay = Replay.of(LessonData.from_dict(json.loads(pathlib.Path("static/lessons/cuenta.json").read_text())))
>>> [(s.count, s.score) for s in (shown(replay, 0, set()), shown(replay, 2, {0, 1}), shown(replay, 2, {0, 1, 2}))]
[(False, (37, 37)), (False, (37, 37)), (True, (38, 41))]
"""

from __future__ import annotations

from mus.observation import LedgerLine

from ..kit.value import Value
from .schema import NUMBER_KINDS, LessonError, Question
from .script import Replay, SenasMade

OTHER_SEATS = (1, 2, 3)


class Shown(Value):
    """What a step draws: ``hands`` by seat (``face_down``: seats whose cards are hidden), the
    ``mano`` (None: not shown), ``declared`` pares and juego, the words ``said`` in the step,
    the ``senas`` made, the count ``lines`` shown (all of the hand's when ``count``), the
    ``score`` and, when the lesson goes through them, the ``juegos`` and ``vacas``."""

    __slots__ = ("hands", "face_down", "mano", "declared", "said", "senas", "lines", "count", "score",
                 "juegos", "vacas")

    def __init__(self, hands: list[list[str]], face_down: tuple[int, ...], mano: int | None,
                 declared: dict[str, list[bool]], said: tuple[tuple[int, str], ...], senas: tuple[SenasMade, ...],
                 lines: list[LedgerLine], count: bool, score: tuple[int, int], juegos: tuple[int, int] | None,
                 vacas: tuple[int, int] | None) -> None:
        self.hands, self.face_down, self.mano, self.declared, self.said = hands, face_down, mano, declared, said
        self.senas, self.lines, self.count, self.score = senas, lines, count, score
        self.juegos, self.vacas = juegos, vacas


def withholds(ask: Question, line: LedgerLine) -> bool:
    """Whether count line ``line`` answers (part of) question ``ask``."""
    if ask.kind == "juego_winner":
        return True  # the running score tells who gets there first
    if ask.kind == "lance":
        return line["lance"] == ask.lance
    if ask.kind == "tantos":
        return line["team"] == ask.team and ask.lance in (None, line["lance"])
    if ask.kind == "points":  # "3 de la 31": a juego line names the points
        return line["team"] == ask.seat % 2 and line["lance"] in ("juego", "punto")
    return False


def open_questions(replay: Replay, i: int, resolved: set[int] | frozenset[int]) -> list[Question]:
    """The questions of step ``i``'s hand, at ``i`` or later, still to be answered."""
    number = replay.hand_number(i)
    steps = replay.lesson.steps
    out = []
    for j in sorted(replay.answers):
        ask = steps[j].ask
        if ask is not None and j >= i and j not in resolved and replay.hand_number(j) == number:
            out.append(ask)
    return out


def shown(replay: Replay, i: int, resolved: set[int] | frozenset[int]) -> Shown:
    table = replay.table(i)
    number = replay.hand_number(i)
    asks = open_questions(replay, i, resolved)
    finished = table.finished
    if finished is not None:
        entries = finished["ledger"]
        dejes = sum(1 for lance in sorted(finished["lances"]) if finished["lances"][lance]["kind"] == "deje")
        played = entries[:dejes]  # a refused bet scores as it happens, before the count
    else:
        entries = played = replay.observed(i)["ledger"]
    kept = [k for k, line in enumerate(entries) if any(withholds(ask, line) for ask in asks)]
    count = finished is not None and not kept
    lines = list(entries) if count else [line for k, line in enumerate(played) if k not in kept]
    start = replay.marks[number]
    score = (start.score[0] + sum(ln["points"] for ln in lines if ln["team"] == 0),
             start.score[1] + sum(ln["points"] for ln in lines if ln["team"] == 1))
    mark = replay.marks[number + 1] if count else start
    face_down = OTHER_SEATS if any(ask.kind == "action" for ask in asks) else ()
    declared = finished["declared"] if finished is not None and finished["declared"] else replay.observed(i)["declared"]
    senas = () if finished is not None else tuple(s for s in replay.senas(i) if s.seen_by_reader or not face_down)
    return Shown(table.hands, face_down, None if any(ask.kind == "mano" for ask in asks) else table.mano,
                 declared, replay.said[i], senas, lines, count, score,
                 mark.juegos if any(m.juegos != (0, 0) for m in replay.marks) else None,
                 mark.vacas if any(m.vacas != (0, 0) for m in replay.marks) else None)


# --- the check -------------------------------------------------------------------------------


def gives_away(ask: Question, view: Shown, target: int) -> str | None:
    """What in ``view`` gives away the answer of ``ask`` (a question of the same hand), or None."""
    if any(withholds(ask, line) for line in view.lines):
        return "the count or the score"
    if ask.kind == "juego_winner" and max(view.score) >= target:
        return "the score"
    if ask.kind == "lance" and ask.lance in ("pares", "juego") and ask.lance in view.declared \
            and sum(1 for has in view.declared[ask.lance] if has) == 1:
        return "the declarations (a single holder)"
    if ask.kind == "mano" and (view.mano is not None or view.said):
        return "the mano's badge" if view.mano is not None else "the words said in the new hand"
    if ask.kind == "senas" and any(s.seat == ask.seat for s in view.senas):
        return "the señas already made"
    if ask.kind == "action" and view.face_down != OTHER_SEATS:
        return "the other seats' cards"
    return None


def numbers_in(text: str) -> list[str]:
    """The whole numbers written in ``text``, as digits.

    >>> numbers_in("Rey 10 + 7 = 17, la 31.")
    ['10', '7', '17', '31']
    """
    out, run = [], ""
    for ch in text + " ":
        if "0" <= ch <= "9":
            run += ch
        elif run:
            out.append(run)
            run = ""
    return out


def check(replay: Replay) -> None:
    """Refuse a lesson that shows a question's answer before the reader gives it."""
    lesson = replay.lesson
    asked = sorted(replay.answers)
    for j in asked:
        ask = lesson.steps[j].ask
        assert ask is not None
        where = f"lesson {lesson.id!r}, steps[{j}].ask"
        if ask.kind in NUMBER_KINDS:
            texts = [lesson.steps[j].say[lang] for lang in sorted(lesson.steps[j].say)]
            if j == 0:
                texts += [lesson.intro[lang] for lang in sorted(lesson.intro)]
            if any(replay.answers[j] in numbers_in(text) for text in texts):
                raise LessonError(f"{where}: the answer {replay.answers[j]} is written in the step's own text")
        for i in range(j + 1):
            if replay.hand_number(i) != replay.hand_number(j):
                continue
            view = shown(replay, i, frozenset(k for k in asked if k <= i and k < j))
            what = gives_away(ask, view, lesson.rules.target)
            if what is not None:
                raise LessonError(f"{where}: step {i} shows the answer before it is given ({what})")
