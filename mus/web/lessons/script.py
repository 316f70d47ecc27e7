"""A lesson's script played through the engine, and the engine's answer to each question. Pure.

``Replay.of(lesson)`` applies every step's actions to the lesson's deal with ``mus.Game``: an
illegal action raises ``LessonError`` naming the step. Each question's correct answer is
computed, never written in the file: who wins a lance (by the cards, ties to the mano), the
tantos of the count (the hand's ledger), the juego's winner, quiero when your pareja's cards
win the lance, the mano of the hand, the señas a hand allows (``mus.senas``). After a
question that is a choice (a discard, quiero, an action), the script must go on with the
answer counted as right. (``shown.check`` then refuses a step that shows an answer still
asked; ``lesson.Lesson`` runs both.)

>>> import json, pathlib
>>> from .schema import LessonData
>>> replay = Replay.of(LessonData.from_dict(json.loads(pathlib.Path("static/lessons/juegos.json").read_text())))
>>> [replay.hand_number(i) for i in range(len(replay.games))], replay.marks[1].juegos
([0, 1], (1, 0))
"""

from __future__ import annotations

import mus
from mus.observation import HandResult, Observation

from ..kit.value import Value
from .schema import MUS_CHOICE, LessonData, LessonError, Question, fail

SENAS_SEPARATOR = ","  # a senas answer: the señas in the order of mus.SENAS, "" for none


class Table(Value):
    """The cards a step shows: the hands by seat, the mano, and the finished hand's history entry
    when the step finished it."""

    __slots__ = ("hands", "mano", "finished")

    def __init__(self, hands: list[list[str]], mano: int, finished: HandResult | None) -> None:
        self.hands, self.mano, self.finished = hands, mano, finished


class SenasMade(Value):
    """A seat's señas made this hand, and the rivals who caught them."""

    __slots__ = ("seat", "senas", "caught_by")

    def __init__(self, seat: int, senas: tuple[str, ...], caught_by: tuple[int, ...]) -> None:
        self.seat, self.senas, self.caught_by = seat, senas, caught_by

    @property
    def seen_by_reader(self) -> bool:
        """Whether the reader's seat saw them: his own, his partner's, or caught."""
        return self.seat % 2 == 0 or 0 in self.caught_by


class Mark(Value):
    """The scores as a hand begins (``Replay.marks[n]``: hand ``n``; ``marks[n + 1]`` is also
    how hand ``n`` left them)."""

    __slots__ = ("score", "juegos", "vacas")

    def __init__(self, game: mus.Game) -> None:
        self.score, self.juegos, self.vacas = game.score, game.juegos, game.vacas


class Replay:
    """The game after each step's actions, and the correct answer of each question. A game's
    history is copied at every read, so what the steps show is worked out once, here."""

    __slots__ = ("lesson", "games", "said", "answers", "final", "first", "anchors", "marks", "done", "_tables",
                 "_observed", "_senas")

    def __init__(self, lesson: LessonData, games: tuple[mus.Game, ...], said: tuple[tuple[tuple[int, str], ...], ...],
                 first: mus.Game, anchors: tuple[int, ...], marks: tuple[Mark, ...], done: tuple[int, ...]) -> None:
        self.lesson, self.games, self.first, self.anchors, self.marks = lesson, games, first, anchors, marks
        self.said = said  # each step's actions as (seat, notation)
        self.done = done  # how many hands are finished after each step
        self.final = games[-1]
        self.answers: dict[int, str] = {}
        self._tables: dict[int, Table] = {}
        self._observed: dict[int, Observation] = {}
        self._senas: dict[int, tuple[SenasMade, ...]] = {}

    @classmethod
    def of(cls, lesson: LessonData) -> Replay:
        game = first = lesson.start()
        games: list[mus.Game] = []
        said: list[tuple[tuple[int, str], ...]] = []
        marks = [Mark(game)]
        done: list[int] = []
        anchors: list[int] = []  # a step without actions stays on the table of the one before
        for i, step in enumerate(lesson.steps):
            if step.deal and (not i or done[i - 1] == (done[anchors[i - 1] - 1] if anchors[i - 1] else 0)):
                raise fail(f"lesson {lesson.id!r}, steps[{i}].deal", "the step before to finish a hand", True)
            anchors.append(i if step.do or step.deal or not i else anchors[-1])
            words = []
            for notation in step.do:
                seat, was = game.to_play, game
                try:
                    game = game.apply(notation)
                except ValueError as error:
                    raise LessonError(f"lesson {lesson.id!r}, steps[{i}]: {error}") from None
                words.append((-1 if seat is None else seat, str(mus.Action.parse(notation))))
                if _ended_hand(was, game):
                    marks.append(Mark(game))
            games.append(game)
            said.append(tuple(words))
            done.append(len(marks) - 1)
        replay = cls(lesson, tuple(games), tuple(said), first, tuple(anchors), tuple(marks), tuple(done))
        for i, step in enumerate(lesson.steps):
            if step.ask is not None:
                where = f"lesson {lesson.id!r}, steps[{i}].ask"
                replay.answers[i] = _answer(step.ask, replay, i, where)
                _check_script_follows(lesson, i, step.ask, replay.answers[i], where)
        return replay

    def before(self, i: int) -> mus.Game:
        """The game as step ``i`` began (as the last step with actions began, for a step
        without them)."""
        i = self.anchors[i]
        return self.games[i - 1] if i else self.first

    def hand_number(self, i: int) -> int:
        """Which hand step ``i`` shows (0: the lesson's deal)."""
        i = self.anchors[i]
        return self.done[i - 1] if i else 0

    def observed(self, i: int) -> Observation:
        """What the reader's seat sees after step ``i``."""
        if i not in self._observed:
            self._observed[i] = self.games[i].observation(0)
        return self._observed[i]

    def senas(self, i: int) -> tuple[SenasMade, ...]:
        """The señas made so far in the hand after step ``i``, by seat (what each seat saw)."""
        if i not in self._senas:
            game = self.games[i]
            seen = [game.observation(seat)["senas"] for seat in range(4)] if game.rules.senas else [[]] * 4
            made = []
            for seat in range(4):
                own = [s["senas"] for s in seen[seat] if s["seat"] == seat]
                if own:
                    rivals = sorted(((seat + 1) % 4, (seat + 3) % 4))
                    caught = tuple(r for r in rivals if any(s["seat"] == seat for s in seen[r]))
                    made.append(SenasMade(seat, tuple(own[0]), caught))
            self._senas[i] = tuple(made)
        return self._senas[i]

    def table(self, i: int) -> Table:
        """What step ``i`` shows: the hand it began in stays on the table after its count,
        rather than the next deal."""
        if i not in self._tables:
            game, number = self.games[i], self.hand_number(i)
            if self.done[i] > number:
                before = self.before(i)
                finished = game.history[number]
                hands = finished["hands"] or [before.hand(s) for s in range(4)]
                self._tables[i] = Table(hands, finished["mano"], finished)
            else:
                self._tables[i] = Table([game.hand(s) for s in range(4)], game.mano, None)
        return self._tables[i]


def _ended_hand(was: mus.Game, game: mus.Game) -> bool:
    """Whether the action from ``was`` to ``game`` finished a hand: the next one is dealt at
    once (its mus begins, the mus of a serve aside), or the partida is over."""
    if game.is_over:
        return not was.is_over
    return game.phase == "mus" and was.phase not in ("mus", "descarte")


def _answer(ask: Question, replay: Replay, i: int, where: str) -> str:
    """The correct answer, as the text the reader's click produces."""
    game, table = replay.games[i], replay.table(i)
    rules = game.rules
    if ask.kind == "lance":
        assert ask.lance is not None
        return str(lance_winner(table.hands, table.mano, ask.lance, rules, where))
    if ask.kind == "points":
        return str(mus.points("".join(table.hands[ask.seat]), rules))
    if ask.kind == "mano":
        return str(table.mano)
    if ask.kind == "senas":
        return SENAS_SEPARATOR.join(mus.senas("".join(table.hands[ask.seat]), rules))
    if ask.kind in ("descarte", "action"):
        return _choice(ask, game, where)
    if ask.kind == "quiero":
        bet = game.observation(0)["bet"]
        if game.to_play != 0 or bet is None or bet["bettor"] is None:
            raise LessonError(f"{where}: a quiero question needs you to answer a bet, "
                              f"got phase {game.phase!r} with seat {game.to_play} to play")
        seat = lance_winner(table.hands, table.mano, bet["lance"], rules, where, bet["speakers"])
        return "quiero" if seat % 2 == 0 else "no quiero"
    hand = hand_result(replay.hand_number(i), replay.final, where)
    if ask.kind == "juego_winner":
        if hand["juego_winner"] is None:
            raise LessonError(f"{where}: nobody wins the juego in this hand")
        return str(hand["juego_winner"])
    return str(sum(e["points"] for e in hand["ledger"]
                   if e["team"] == ask.team and ask.lance in (None, e["lance"])))


def _choice(ask: Question, game: mus.Game, where: str) -> str:
    """A discard or an action the reader picks: legal for him here, the right one listed first."""
    if ask.kind == "descarte":
        wanted, needs = "descarte", "your discard next"
    elif ask.options == MUS_CHOICE:
        wanted, needs = "mus", "you to speak at the mus"
    else:
        wanted, needs = str(ask.lance), f"you to speak at {ask.lance}"
    if game.to_play != 0 or game.phase != wanted:
        raise LessonError(f"{where}: a {ask.kind} question needs {needs}, "
                          f"got phase {game.phase!r} with seat {game.to_play} to play")
    legal = {str(a) for a in game.legal_actions()}
    wrong = [a for a in ask.accept + ask.options if a not in legal]
    if wrong:
        raise fail(f"{where}.{'accept' if ask.kind == 'descarte' else 'options'}", "legal actions", wrong)
    return ask.accept[0]


def _check_script_follows(lesson: LessonData, i: int, ask: Question, answer: str, where: str) -> None:
    """After a choice (a discard, quiero, an action), the script plays what was right."""
    if ask.kind not in ("descarte", "quiero", "action"):
        return
    following = next((s.do[0] for s in lesson.steps[i + 1:] if s.do), None)
    right = (answer,) if ask.kind == "quiero" else ask.accept
    if following is None or str(mus.Action.parse(following)) not in right:
        raise LessonError(f"{where}: the script goes on with {following!r}, "
                          f"but the engine's answer is {' or '.join(right)!r}")


def lance_winner(hands: list[list[str]], mano: int, lance: str, rules: mus.Rules, where: str,
                 seats: list[int] | None = None) -> int:
    """The seat whose cards win ``lance`` (ties to the seat closer to the mano); in pares and
    juego only holders compete."""
    held = {s: "".join(hands[s]) for s in (seats or range(4))}
    if lance in ("pares", "juego"):
        value = mus.pares_value if lance == "pares" else mus.juego_value
        held = {s: h for s, h in held.items() if value(h, rules)}
        if not held:
            raise LessonError(f"{where}: nobody has {lance}")
    order = sorted(held, key=lambda s: (s - mano) % 4)
    best = order[0]
    for seat in order[1:]:
        if mus.compare(lance, held[seat], held[best], rules) > 0:
            best = seat
    return best


def hand_result(number: int, final: mus.Game, where: str) -> HandResult:
    """The count of hand ``number`` (0 = the lesson's deal): the script must finish it."""
    if len(final.history) <= number:
        raise LessonError(f"{where}: the question is about the count, but the script "
                          f"does not finish hand {number + 1}")
    return final.history[number]
