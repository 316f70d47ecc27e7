"""Check lesson files and show what the engine answers, for whoever writes a lesson.

    python3 -m tools.dev.lessons                 # every lesson in static/lessons/
    python3 -m tools.dev.lessons pares cuenta    # some of them

Prints each step's actions and each question with the engine's answer (and, for a "¿qué
harías?" question, the coach's numbers to write in its ``coach``), and how the coach sees each
choice of yours (``lessons.advice``); exits 1 naming the step if a file breaks the schema, its
script is illegal, a step shows an answer before it is asked for, its coach's numbers are not
the coach's, or it rewards or plays for you a choice the coach finds clearly worse.
"""

from __future__ import annotations

import sys
from pathlib import Path

from mus.web.lessons import advice
from mus.web.lessons.lesson import Lesson
from mus.web.lessons.schema import COURSE, LessonError

LESSONS = Path(__file__).resolve().parents[2] / "static" / "lessons"


def describe(lesson: Lesson) -> list[str]:
    replay = lesson.replay()
    yours: dict[int, list[str]] = {}
    for i, game, action in advice.decisions(replay):
        judged = advice.judge(game)
        yours.setdefault(i, []).append(f"      you {action}: good {brief(judged.good)}, {judged.numbers}")
    lines = [f"{lesson.id}: {lesson.title['es']} (hands {' '.join(lesson.hands)}, mano {lesson.mano})"]
    for i, step in enumerate(lesson.steps):
        said = ", ".join(f"{seat}:{notation}" for seat, notation in replay.said[i])
        lines.append(f"  [{i}] {said or '-'}")
        lines += yours.get(i, [])
        if step.ask is not None:
            about = f" {step.ask.lance}" if step.ask.lance else ""
            lines.append(f"      ask {step.ask.kind}{about} -> {replay.answers[i] or 'none'}")
            if step.ask.backing is not None:
                lines.append(f"      coach {advice.coach_backing(replay, i).to_dict()}")
    return lines


def brief(actions: tuple[str, ...]) -> str:
    """``actions`` with the envites of every size as one."""
    sizes = [a for a in actions if a.startswith("envido ")]
    return "[%s]" % ", ".join([a for a in actions if a not in sizes] + (["envido N"] if sizes else []))


def main(argv: list[str] | None = None) -> int:
    ids = (argv if argv is not None else sys.argv[1:]) or list(COURSE)
    failed = False
    for lesson_id in ids:
        try:
            lesson = Lesson.from_json((LESSONS / f"{lesson_id}.json").read_text(encoding="utf-8"))
            print("\n".join(describe(lesson)))
            advice.check(lesson)
        except (OSError, LessonError) as error:
            print(f"{lesson_id}: {error}")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
