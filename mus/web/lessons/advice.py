"""The coach's numbers behind the "¿qué harías?" questions, checked against ``mus.ai.coach``. Pure.

An ``action`` question carries the numbers that back its preferred answer (``Backing``): the
expected tantos of the hand for a mus decision, the chance at the lance for an envite. The
page shows them from the file, without running the coach (over a second on MicroPython);
``check`` runs ``mus.ai.coach`` for the reader's seat where the question is asked and refuses
a file whose numbers are not the coach's (the lesson schema already refuses a preferred
answer the numbers do not favour). The authors' tool and the tests run it on every lesson.

>>> import json, pathlib
>>> from .lesson import Lesson
>>> lesson = Lesson.from_dict(json.loads(pathlib.Path("static/lessons/envidar.json").read_text()))
>>> [(i, b.chance, lesson.steps[i].ask.accept[0]) for i, b in backings(lesson)]
[(1, 0.882, 'envido'), (2, 0.293, 'paso'), (4, 0.0, 'paso')]
>>> check(lesson)
"""

from __future__ import annotations

from mus.ai import coach

from .lesson import Lesson
from .schema import Backing, LessonError
from .script import Replay


def coach_backing(replay: Replay, i: int) -> Backing:
    """What ``mus.ai.coach`` says for the reader's seat at step ``i``'s question."""
    ask = replay.lesson.steps[i].ask
    assert ask is not None and ask.backing is not None
    numbers = coach(replay.games[i].observation(0))
    if ask.backing.tantos is not None:
        us, them = numbers["tantos"]
        return Backing(tantos=(us, them))
    assert ask.lance is not None
    return Backing(chance=numbers["lances"][ask.lance])


def backings(lesson: Lesson) -> list[tuple[int, Backing]]:
    """The coach's numbers as the lesson's file gives them, by step."""
    return [(i, step.ask.backing) for i, step in enumerate(lesson.steps)
            if step.ask is not None and step.ask.backing is not None]


def check(lesson: Lesson) -> None:
    """Refuse numbers that are not what the coach computes."""
    replay = lesson.replay()
    for i, written in backings(lesson):
        computed = coach_backing(replay, i)
        if computed != written:
            raise LessonError(f"lesson {lesson.id!r}, steps[{i}].ask.coach: the coach says {computed.to_dict()}, "
                              f"the file {written.to_dict()}")
