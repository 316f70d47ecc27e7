"""Lessons: a fixed deal, a script in engine notation, and questions the engine answers. Pure.

A lesson is data (``static/lessons/<id>.json``); ``Lesson.from_dict`` checks it against the
schema below and raises ``LessonError`` (a ValueError) naming the field and what was expected.
``Lesson.replay`` plays the script through ``mus.Game``: an illegal step raises, and every
question's correct answer comes from the engine (who wins a lance, the tantos of the count,
the juego's winner, quiero when your pareja wins the lance), except which cards to throw,
which the lesson lists and the engine only checks for legality.

>>> lesson = Lesson.from_dict({
...     "id": "demo", "title": {"es": "Demo", "en": "Demo"}, "intro": {"es": "", "en": ""},
...     "hands": ["RRC6", "7654", "CCSA", "3322"], "mano": 0, "score": [37, 37],
...     "steps": [
...         {"say": {"es": "Nadie quiere mus.", "en": "Nobody wants mus."}, "do": ["no hay mus"],
...          "ask": {"kind": "lance", "lance": "grande", "explain": {"es": "Dos reyes y caballo.", "en": "Two kings."}}},
...         {"say": {"es": "Todos pasan.", "en": "All pass."}, "do": ["paso"] * 11,
...          "ask": {"kind": "juego_winner", "explain": {"es": "Llegan antes.", "en": "They get there first."}}}]})
>>> [lesson.replay().answers[i] for i in (0, 1)]
['0', '1']
"""

from __future__ import annotations

from typing import Any

import mus
from mus.jsondata import load_text
from mus.rules import NAMES
from mus.observation import HandResult

from ..kit.value import Value

# The course, in the order the lessons index lists it; one file per id in static/lessons/.
COURSE = ("cartas", "mus", "grande", "chica", "pares", "declaraciones", "juego", "punto", "real",
          "envites", "ordago", "cuenta")
LANGS = ("es", "en")
KINDS = ("lance", "juego_winner", "tantos", "points", "descarte", "quiero")
# Kinds answered by a number (the others: a seat, cards, quiero / no quiero).
NUMBER_KINDS = ("tantos", "points")
DEFAULT_SEED = 1
ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")
LESSON_URL = "static/lessons/%s.json"  # one file per lesson, beside the pages
MAX_LESSON_TEXT = 100_000  # characters: the longest lesson is a few thousand


class LessonError(ValueError):
    """A lesson file does not match the schema or its script disagrees with the engine."""


def lesson_url(lesson_id: str) -> str:
    """Where a page fetches lesson ``lesson_id`` (one of the ``COURSE``), relative to it.

    >>> lesson_url("pares")
    'static/lessons/pares.json'
    """
    if lesson_id not in COURSE:
        raise ValueError("expected a lesson id (%s), got %r" % (", ".join(COURSE), lesson_id))
    return LESSON_URL % lesson_id


# --- the schema --------------------------------------------------------------------------


def _fail(where: str, expected: str, got: Any) -> LessonError:
    return LessonError(f"{where}: expected {expected}, got {got!r}")


def _keys(data: Any, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise _fail(where, "an object", data)
    missing = [k for k in required if k not in data]
    unknown = sorted(k for k in data if k not in required + optional)
    if missing or unknown:
        raise LessonError(f"{where}: expected keys {list(required)} (optional {list(optional)}); "
                          f"missing {missing}, unknown {unknown}")
    return data


def _text(data: Any, where: str) -> dict[str, str]:
    texts = _keys(data, where, LANGS)
    for lang in LANGS:
        if not isinstance(texts[lang], str):
            raise _fail(f"{where}.{lang}", "a string", texts[lang])
    return {lang: texts[lang] for lang in LANGS}


def _int(data: Any, where: str, low: int, high: int) -> int:
    if not isinstance(data, int) or isinstance(data, bool) or not low <= data <= high:
        raise _fail(where, f"a whole number {low}..{high}", data)
    return data


class Question(Value):
    """A step's question: its kind, the explanation shown once answered, and what it is about."""

    __slots__ = ("kind", "explain", "lance", "team", "seat", "accept")

    def __init__(self, kind: str, explain: dict[str, str], lance: str | None = None, team: int = 0,
                 seat: int = 0, accept: tuple[str, ...] = ()) -> None:
        self.kind, self.explain = kind, explain
        self.lance = lance  # lance: the lance asked about; tantos: only that lance's lines
        self.team = team  # tantos: the team whose tantos are asked (0 = the reader's)
        self.seat = seat  # points: whose hand is added up
        self.accept = accept  # descarte: the discards counted as right

    @classmethod
    def from_dict(cls, data: Any, where: str) -> Question:
        raw = _keys(data, where, ("kind", "explain"), ("lance", "team", "seat", "accept"))
        kind = raw["kind"]
        if kind not in KINDS:
            raise _fail(f"{where}.kind", f"one of {', '.join(KINDS)}", kind)
        lance = raw.get("lance")
        if (kind == "lance" or lance is not None) and lance not in mus.LANCES:
            raise _fail(f"{where}.lance", f"one of {', '.join(mus.LANCES)}", lance)
        accept = raw.get("accept", [])
        if (kind == "descarte") != bool(accept):
            raise _fail(f"{where}.accept", "a list of discards for a descarte question only", accept)
        if not isinstance(accept, list) or not all(isinstance(a, str) for a in accept):
            raise _fail(f"{where}.accept", "a list of notations such as 'descarte 2 3'", accept)
        normal = tuple(str(mus.Action.parse(a)) for a in accept)
        return cls(kind, _text(raw["explain"], f"{where}.explain"), lance,
                   _int(raw.get("team", 0), f"{where}.team", 0, 1),
                   _int(raw.get("seat", 0), f"{where}.seat", 0, 3), normal)


class Step(Value):
    """A step: its caption, the actions it plays (engine notation), maybe a question."""

    __slots__ = ("say", "do", "ask")

    def __init__(self, say: dict[str, str], do: tuple[str, ...] = (), ask: Question | None = None) -> None:
        self.say, self.do, self.ask = say, do, ask

    @classmethod
    def from_dict(cls, data: Any, where: str) -> Step:
        raw = _keys(data, where, ("say",), ("do", "ask"))
        do = raw.get("do", [])
        if not isinstance(do, list) or not all(isinstance(a, str) for a in do):
            raise _fail(f"{where}.do", "a list of actions in engine notation", do)
        ask = raw.get("ask")
        return cls(_text(raw["say"], f"{where}.say"), tuple(do),
                   None if ask is None else Question.from_dict(ask, f"{where}.ask"))


class Lesson(Value):
    """A lesson as its file says: texts in each language, the deal and the steps."""

    __slots__ = ("id", "title", "intro", "hands", "mano", "score", "steps", "rules", "seed")

    def __init__(self, id: str, title: dict[str, str], intro: dict[str, str], hands: tuple[str, ...], mano: int,
                 score: tuple[int, int], steps: tuple[Step, ...], rules: mus.Rules | None = None,
                 seed: int = DEFAULT_SEED) -> None:
        self.id, self.title, self.intro, self.hands, self.mano = id, title, intro, hands, mano
        self.score, self.steps, self.seed = score, steps, seed
        self.rules = rules if rules is not None else mus.Rules()

    @classmethod
    def from_json(cls, text: str) -> Lesson:
        try:  # json's own error class differs by runtime (MicroPython has no JSONDecodeError)
            data = load_text(text, "a lesson", MAX_LESSON_TEXT)
        except ValueError as error:
            raise LessonError(str(error)) from None
        return cls.from_dict(data)

    @classmethod
    def from_dict(cls, data: Any) -> Lesson:
        raw = _keys(data, "lesson", ("id", "title", "intro", "hands", "mano", "steps"),
                    ("score", "rules", "seed"))
        lesson_id = raw["id"]
        if not isinstance(lesson_id, str) or not lesson_id or not set(lesson_id) <= ID_CHARS:
            raise _fail("lesson.id", "a short lowercase word (a-z, 0-9, -)", lesson_id)
        where = f"lesson {lesson_id!r}"
        hands = raw["hands"]
        if not isinstance(hands, list) or len(hands) != 4 or not all(isinstance(h, str) for h in hands):
            raise _fail(f"{where}.hands", "4 hands by seat such as 'RoRcC6'", hands)
        score = raw.get("score", [0, 0])
        if not isinstance(score, list) or len(score) != 2:
            raise _fail(f"{where}.score", "[tantos of your pareja, tantos of the rivals]", score)
        rules_raw = _keys(raw.get("rules", {}), f"{where}.rules", (), NAMES)   # the options table
        try:
            rules = mus.Rules.from_dict(rules_raw)
        except ValueError as error:
            raise LessonError(f"{where}.rules: {error}") from None
        steps = raw["steps"]
        if not isinstance(steps, list) or not steps:
            raise _fail(f"{where}.steps", "a non-empty list of steps", steps)
        lesson = cls(
            lesson_id, _text(raw["title"], f"{where}.title"), _text(raw["intro"], f"{where}.intro"),
            tuple(hands), _int(raw["mano"], f"{where}.mano", 0, 3),
            (_int(score[0], f"{where}.score[0]", 0, rules.target - 1),
             _int(score[1], f"{where}.score[1]", 0, rules.target - 1)),
            tuple(Step.from_dict(s, f"{where}.steps[{i}]") for i, s in enumerate(steps)),
            rules, _int(raw.get("seed", DEFAULT_SEED), f"{where}.seed", 0, 2**31 - 1))
        lesson.replay()  # the script must be legal and every question answerable
        return lesson

    def start(self) -> mus.Game:
        """The game at the lesson's first step: the deal, at the mano's mus."""
        try:
            return mus.Game.from_deal(list(self.hands), self.mano, self.score, self.rules, self.seed)
        except ValueError as error:
            raise LessonError(f"lesson {self.id!r}: the deal is not playable: {error}") from None

    def replay(self) -> Replay:
        """The script played through the engine. A page loads a lesson (which replays it to
        check it) and then opens it: the second call gets the same replay, not a second one."""
        if _last_replay and _last_replay[0][0] is self:
            return _last_replay[0][1]
        replay = Replay.of(self)
        _last_replay[:] = [(self, replay)]
        return replay


_last_replay: list[tuple[Lesson, Replay]] = []  # the lesson last replayed, its replay; lessons never change


# --- the script played through the engine ------------------------------------------------


class Table(Value):
    """What a step shows: the hands by seat, the mano, and the finished hand's history entry
    when the step finished it."""

    __slots__ = ("hands", "mano", "finished")

    def __init__(self, hands: list[list[str]], mano: int, finished: HandResult | None) -> None:
        self.hands, self.mano, self.finished = hands, mano, finished


class Replay(Value):
    """The game after each step's actions, and the correct answer of each question."""

    __slots__ = ("games", "said", "answers", "final", "first", "anchors")

    def __init__(self, games: tuple[mus.Game, ...], said: tuple[tuple[tuple[int, str], ...], ...],
                 answers: dict[int, str], final: mus.Game, first: mus.Game, anchors: tuple[int, ...]) -> None:
        self.games = games
        self.said = said  # each step's actions as (seat, notation)
        self.answers, self.final, self.first, self.anchors = answers, final, first, anchors

    @classmethod
    def of(cls, lesson: Lesson) -> Replay:
        first = game = lesson.start()  # states never change: the first stays as it was dealt
        games: list[mus.Game] = []
        said: list[tuple[tuple[int, str], ...]] = []
        for i, step in enumerate(lesson.steps):
            words = []
            for notation in step.do:
                seat = game.to_play
                try:
                    game = game.apply(notation)
                except ValueError as error:
                    raise LessonError(f"lesson {lesson.id!r}, steps[{i}]: {error}") from None
                words.append((-1 if seat is None else seat, str(mus.Action.parse(notation))))
            games.append(game)
            said.append(tuple(words))
        anchors: list[int] = []  # a step without actions stays on the table of the one before
        for i, step in enumerate(lesson.steps):
            anchors.append(i if step.do or not i else anchors[-1])
        replay = cls(tuple(games), tuple(said), {}, game, first, tuple(anchors))
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

    def table(self, i: int) -> Table:
        """What step ``i`` shows: the hand it began in stays on the table after its count,
        rather than the next deal."""
        before, game = self.before(i), self.games[i]
        number = len(before.history)
        if len(game.history) > number:
            finished = game.history[number]
            hands = finished["hands"] or [before.hand(s) for s in range(4)]
            return Table(hands, finished["mano"], finished)
        return Table([game.hand(s) for s in range(4)], game.mano, None)


def _answer(ask: Question, replay: Replay, i: int, where: str) -> str:
    """The correct answer, as the text the player's click produces."""
    game, table = replay.games[i], replay.table(i)
    rules = game.rules
    if ask.kind == "lance":
        assert ask.lance is not None
        return str(lance_winner(table.hands, table.mano, ask.lance, rules, where))
    if ask.kind == "points":
        return str(mus.points("".join(table.hands[ask.seat]), rules))
    if ask.kind == "descarte":
        if game.phase != "descarte" or game.to_play != 0:
            raise LessonError(f"{where}: a descarte question needs your discard next, "
                              f"got phase {game.phase!r} with seat {game.to_play} to play")
        legal = {str(a) for a in game.legal_actions()}
        wrong = [a for a in ask.accept if a not in legal]
        if wrong:
            raise _fail(f"{where}.accept", "legal discards", wrong)
        return ask.accept[0]
    if ask.kind == "quiero":
        bet = game.observation(0)["bet"]
        if game.to_play != 0 or bet is None or bet["bettor"] is None:
            raise LessonError(f"{where}: a quiero question needs you to answer a bet, "
                              f"got phase {game.phase!r} with seat {game.to_play} to play")
        seat = lance_winner(table.hands, table.mano, bet["lance"], rules, where, bet["speakers"])
        return "quiero" if seat % 2 == 0 else "no quiero"
    hand = hand_result(len(replay.before(i).history), replay.final, where)
    if ask.kind == "juego_winner":
        if hand["juego_winner"] is None:
            raise LessonError(f"{where}: nobody wins the juego in this hand")
        return str(hand["juego_winner"])
    return str(sum(e["points"] for e in hand["ledger"]
                   if e["team"] == ask.team and ask.lance in (None, e["lance"])))


def _check_script_follows(lesson: Lesson, i: int, ask: Question, answer: str, where: str) -> None:
    """After a descarte or quiero question, the script plays what the reader should have."""
    if ask.kind not in ("descarte", "quiero"):
        return
    following = next((s.do[0] for s in lesson.steps[i + 1:] if s.do), None)
    right = ask.accept if ask.kind == "descarte" else (answer,)
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
