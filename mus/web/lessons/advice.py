"""The coach's numbers behind every choice of the reader, checked against ``mus.ai``. Pure.

A lesson must never reward, or play for the reader, a choice the coach finds clearly worse.
Every decision of the reader's seat is judged from what that seat sees, with the margins of
the "¿qué harías?" questions (``schema.TANTOS_MARGIN``, ``schema.CHANCE_MARGIN``):

* at the mus, the expected tantos of the hand (``mus.ai.coach``): cut when yours are a whole
  tanto ahead, ask for mus when a whole tanto behind;
* a discard, by what the hand is worth once the rest is drawn (``mus.ai.discard_worth``, as
  ``normal`` weighs discards): the discards within ``DISCARD_MARGIN`` of the best are good;
* an envite or a raise, by the chance at the lance (``coach``'s ``lances``): above one half by
  a tenth, envido; below by a tenth, paso;
* quiero or no quiero, by that chance against the one at which both answers are worth the
  same: an órdago at one half, an envite of ``stake`` whose refusal gives ``deje`` away at
  ``(stake - deje) / (2 stake)``.

A question's accepted answers must be exactly the ones favoured (for a discard: every one
within the margin, no other); an action the script plays for the reader must not be the
other one when the numbers are clear. A paso the script plays is not judged: the lessons pass
to show the lances en paso, and never ask for it but in an ``action`` question.

An ``action`` question also carries the numbers that back its preferred answer (``Backing``),
which the page shows without running the coach (over a second on MicroPython); ``check``
refuses numbers that are not the coach's. The authors' tool and the tests run it on every
lesson.

>>> import json, pathlib
>>> from .lesson import Lesson
>>> lesson = Lesson.from_dict(json.loads(pathlib.Path("static/lessons/envidar.json").read_text()))
>>> [(i, b.chance, lesson.steps[i].ask.accept[0]) for i, b in backings(lesson)]
[(1, 0.882, 'envido'), (2, 0.293, 'paso'), (4, 0.0, 'paso')]
>>> check(lesson)
"""

from __future__ import annotations

import mus
from mus.ai import coach, discard_worth, fixed

from .lesson import Lesson
from .schema import CHANCE_MARGIN, MUS_CHOICE, TANTOS_MARGIN, Backing, LessonError
from .script import Replay

# Discards whose kept cards are worth this much less than the best (in the tables' tantos)
# are clearly worse; the ones within it are as good as makes no difference to a reader.
DISCARD_MARGIN = 0.25
JUDGED_PHASES = ("mus", "descarte") + mus.LANCES
NOT_JUDGED = ("paso", "pares sí", "pares no", "juego sí", "juego no", "señas", "sin señas")


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


class Judgement:
    """The reader's choices at one decision: those the numbers favour (``good``), those they
    find clearly worse (``bad``), and the numbers in words (``numbers``)."""

    __slots__ = ("good", "bad", "numbers")

    def __init__(self, good: tuple[str, ...], bad: tuple[str, ...], numbers: str) -> None:
        self.good, self.bad, self.numbers = good, bad, numbers


def _by_chance(chance: float, even: float, bold: tuple[str, ...],
               safe: tuple[str, ...]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(good, bad): the ``bold`` choices when ``chance`` is clearly above ``even``, the
    ``safe`` ones when clearly below, neither in between."""
    if chance >= even + CHANCE_MARGIN:
        return bold, safe
    if chance <= even - CHANCE_MARGIN:
        return safe, bold
    return (), ()


def judge(game: mus.Game) -> Judgement:
    """How the coach sees the choices of the reader's seat, whose turn it is in ``game``."""
    if game.to_play != 0 or game.phase not in JUDGED_PHASES:
        raise ValueError(f"expected the reader's seat to decide, got phase {game.phase!r} "
                         f"with seat {game.to_play} to play")
    if game.phase == "descarte":
        return _judge_discard(game)
    observation = game.observation(0)
    numbers = coach(observation)
    if game.phase == "mus":
        us, them = numbers["tantos"]
        favoured = "no hay mus" if us - them >= TANTOS_MARGIN else "mus" if them - us >= TANTOS_MARGIN else None
        other = tuple(c for c in MUS_CHOICE if c != favoured)
        return Judgement((favoured,) if favoured else (), other if favoured else (),
                         f"tantos {us} for you, {them} for the rivals")
    chance = numbers["lances"].get(game.phase, 0.0)
    raises = tuple(str(a) for a in game.legal_actions() if str(a).startswith("envido") or str(a) == "ordago")
    bet = observation["bet"]
    if bet is None or bet["bettor"] is None:  # an envite or paso: even at one half
        good, bad = _by_chance(chance, 0.5, raises, ("paso",))
        return Judgement(good, bad, f"chance {chance} at {game.phase}")
    # quiero or not: even where winning the stake as often as losing it costs the deje; a
    # raise risks more, and is judged like an envite
    stake, deje = bet["table"] + bet["pending"], bet["table"] or 1
    even = 0.5 if bet["ordago"] else (stake - deje) / (2 * stake)
    good, bad = _by_chance(chance, even, ("quiero",), ("no quiero",))
    bolder, worse = _by_chance(chance, 0.5, raises, ())
    return Judgement(good + bolder, bad + worse, f"chance {chance} at {game.phase}, quiero even at {fixed(even, 3)}")


def _judge_discard(game: mus.Game) -> Judgement:
    worth = discard_worth(game.observation(0))
    best = max(worth.values())
    ranked = sorted(worth, key=lambda n: (-worth[n], n))
    good = tuple(n for n in ranked if worth[n] >= best - DISCARD_MARGIN)
    return Judgement(good, tuple(n for n in ranked if n not in good),
                     "the hand is worth after the draw " + ", ".join("%s (%s)" % (fixed(worth[n], 2), n)
                                                                     for n in ranked[:3]))


def decisions(replay: Replay) -> list[tuple[int, mus.Game, str]]:
    """Every action the script plays for the reader's seat and the coach judges: (step, the
    game before it, the action)."""
    out = []
    game = replay.first
    for i, step in enumerate(replay.lesson.steps):
        for notation in step.do:
            action = str(mus.Action.parse(notation))
            if game.to_play == 0 and game.phase in JUDGED_PHASES and action not in NOT_JUDGED:
                out.append((i, game, action))
            game = game.apply(notation)
    return out


def check(lesson: Lesson) -> None:
    """Refuse numbers that are not what the coach computes, an answer the coach does not
    favour, and an action played for the reader that it finds clearly worse."""
    replay = lesson.replay()
    where = f"lesson {lesson.id!r}"
    for i, written in backings(lesson):
        computed = coach_backing(replay, i)
        if computed != written:
            raise LessonError(f"{where}, steps[{i}].ask.coach: the coach says {computed.to_dict()}, "
                              f"the file {written.to_dict()}")
    for i, step in enumerate(lesson.steps):
        ask = step.ask
        if ask is None or ask.kind not in ("descarte", "quiero", "action"):
            continue
        judged = judge(replay.games[i])
        accepted = (replay.answers[i],) if ask.kind == "quiero" else ask.accept
        choices = ask.options if ask.kind == "action" else ("quiero", "no quiero") if ask.kind == "quiero" else None
        good = tuple(g for g in judged.good if choices is None or g in choices)
        if sorted(good) != sorted(accepted):
            raise LessonError(f"{where}, steps[{i}].ask: the coach favours {list(good)} ({judged.numbers}), "
                              f"the lesson accepts {list(accepted)}")
    for i, game, action in decisions(replay):
        judged = judge(game)
        if action in judged.bad:
            raise LessonError(f"{where}, steps[{i}]: the script plays {action!r} for you, which the coach "
                              f"finds clearly worse ({judged.numbers}; it favours {list(judged.good)})")

