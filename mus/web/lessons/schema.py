"""The lesson files' schema: what a lesson says, checked field by field. Pure.

A lesson is data (``static/lessons/<id>.json``); ``LessonData.from_dict`` checks it against the
schema below and raises ``LessonError`` (a ValueError) naming the field and what was expected.
Only which cards to throw is listed by the lesson (the engine checks it is legal), and a
"¿qué harías?" question (``action``) names the action the coach's numbers favour, with those
numbers (``Backing``). Playing the script through the engine is ``script``'s, keeping the
answers out of sight ``shown``'s; ``lesson.Lesson`` is a lesson that passed both.
"""

from __future__ import annotations

from typing import Any, TypeVar

import mus
from mus.rules import NAMES

from ..kit.value import Value

# The course, in the order the lessons index lists it; one file per id in static/lessons/.
# The ids are stable: the table's help links each of its parts to one (docs/lessons.md).
COURSE = ("cartas", "mus", "grande", "chica", "pares", "declaraciones", "juego", "punto", "real",
          "envites", "ordago", "cuenta", "juegos", "vacas", "senas", "cortar", "envidar")
LANGS = ("es", "en")
KINDS = ("lance", "juego_winner", "tantos", "points", "descarte", "quiero", "mano", "senas", "action")
# Kinds answered by a number (the others: a seat, cards, señas or an action).
NUMBER_KINDS = ("tantos", "points")
# The "¿qué harías?" decisions the coach's numbers can back, and how clearly they must: the
# expected tantos of the hand apart by a whole tanto, a lance's chance a tenth away from even
# (an accepted envite of 2 gains on the paso exactly when the chance is above one half).
MUS_CHOICE = ("mus", "no hay mus")
BET_CHOICE = ("paso", "envido")
TANTOS_MARGIN = 1.0
CHANCE_MARGIN = 0.1
DEFAULT_SEED = 1
ID_CHARS = set("abcdefghijklmnopqrstuvwxyz0123456789-")
LESSON_URL = "static/lessons/%s.json"  # one file per lesson, beside the pages


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


def fail(where: str, expected: str, got: Any) -> LessonError:
    return LessonError(f"{where}: expected {expected}, got {got!r}")


def _keys(data: Any, where: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict[str, Any]:
    if not isinstance(data, dict):
        raise fail(where, "an object", data)
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
            raise fail(f"{where}.{lang}", "a string", texts[lang])
    return {lang: texts[lang] for lang in LANGS}


def _int(data: Any, where: str, low: int, high: int) -> int:
    if not isinstance(data, int) or isinstance(data, bool) or not low <= data <= high:
        raise fail(where, f"a whole number {low}..{high}", data)
    return data


def _number(data: Any, where: str, low: float, high: float) -> float:
    if not isinstance(data, (int, float)) or isinstance(data, bool) or not low <= data <= high:
        raise fail(where, f"a number {low}..{high}", data)
    return float(data)


def _notations(data: Any, where: str) -> tuple[str, ...]:
    if not isinstance(data, list) or not all(isinstance(a, str) for a in data):
        raise fail(where, "a list of actions in engine notation such as 'descarte 2 3'", data)
    try:
        return tuple(str(mus.Action.parse(a)) for a in data)
    except ValueError as error:
        raise LessonError(f"{where}: {error}") from None


class Backing(Value):
    """The coach's numbers behind an ``action`` question, as ``mus.ai.coach`` gives them for
    the reader's seat: the expected tantos of the hand ``[us, them]`` (a mus decision) or the
    chance of winning the lance being bet (an envite)."""

    __slots__ = ("tantos", "chance")

    def __init__(self, tantos: tuple[float, float] | None = None, chance: float | None = None) -> None:
        self.tantos, self.chance = tantos, chance

    @classmethod
    def from_dict(cls, data: Any, where: str, options: tuple[str, ...]) -> Backing:
        if options == MUS_CHOICE:
            pair = _keys(data, where, ("tantos",))["tantos"]
            if not isinstance(pair, list) or len(pair) != 2:
                raise fail(f"{where}.tantos", "[your pareja's expected tantos, the rivals']", pair)
            return cls(tantos=(_number(pair[0], f"{where}.tantos[0]", 0, 200),
                               _number(pair[1], f"{where}.tantos[1]", 0, 200)))
        return cls(chance=_number(_keys(data, where, ("chance",))["chance"], f"{where}.chance", 0, 1))

    def to_dict(self) -> dict[str, Any]:
        return {"tantos": list(self.tantos)} if self.tantos is not None else {"chance": self.chance}

    def favours(self) -> str | None:
        """The action these numbers favour, or None when they are too close to call."""
        if self.tantos is not None:
            us, them = self.tantos
            return "no hay mus" if us - them >= TANTOS_MARGIN else "mus" if them - us >= TANTOS_MARGIN else None
        assert self.chance is not None
        return "envido" if self.chance >= 0.5 + CHANCE_MARGIN else "paso" if self.chance <= 0.5 - CHANCE_MARGIN else None


class Question(Value):
    """A step's question: its kind, the explanation shown once answered, and what it is about."""

    __slots__ = ("kind", "explain", "lance", "team", "seat", "accept", "options", "backing")

    def __init__(self, kind: str, explain: dict[str, str], lance: str | None = None, team: int = 0,
                 seat: int = 0, accept: tuple[str, ...] = (), options: tuple[str, ...] = (),
                 backing: Backing | None = None) -> None:
        self.kind, self.explain = kind, explain
        self.lance = lance  # lance: the lance asked about; tantos: only that lance's lines; action: the lance bet
        self.team = team  # tantos: the team whose tantos are asked (0 = the reader's)
        self.seat = seat  # points, senas: whose hand
        self.accept = accept  # descarte: the discards counted as right; action: the one preferred
        self.options = options  # action: what the reader chooses from
        self.backing = backing  # action: the coach's numbers behind the preferred one

    @property
    def two_answers(self) -> bool:
        """Whether only two answers are possible (quiero or not, which pareja, an action
        between two): after a wrong one, another try would only be the other."""
        return self.kind in ("quiero", "juego_winner") or (self.kind == "action" and len(self.options) == 2)

    @classmethod
    def from_dict(cls, data: Any, where: str) -> Question:
        raw = _keys(data, where, ("kind", "explain"), ("lance", "team", "seat", "accept", "options", "prefer", "coach"))
        kind = raw["kind"]
        if kind not in KINDS:
            raise fail(f"{where}.kind", f"one of {', '.join(KINDS)}", kind)
        lance = raw.get("lance")
        if (kind == "lance" or lance is not None) and lance not in mus.LANCES:
            raise fail(f"{where}.lance", f"one of {', '.join(mus.LANCES)}", lance)
        accept = _notations(raw.get("accept", []), f"{where}.accept")
        if (kind == "descarte") != bool(accept):
            raise fail(f"{where}.accept", "a list of discards for a descarte question only", list(accept))
        options: tuple[str, ...] = ()
        backing = None
        if kind == "action":
            if not all(k in raw for k in ("options", "prefer", "coach")):
                raise fail(where, "an action question with options, prefer and coach", sorted(raw))
            options = _notations(raw["options"], f"{where}.options")
            if options not in (MUS_CHOICE, BET_CHOICE):
                raise fail(f"{where}.options", f"{list(MUS_CHOICE)} or {list(BET_CHOICE)}", list(options))
            backing = Backing.from_dict(raw["coach"], f"{where}.coach", options)
            prefer = raw["prefer"]
            if backing.favours() != prefer:
                raise LessonError(f"{where}.prefer: the coach's numbers {backing.to_dict()} favour "
                                  f"{backing.favours()!r}, not {prefer!r}")
            accept = (prefer,)
        elif any(k in raw for k in ("options", "prefer", "coach")):
            raise fail(where, "options, prefer and coach in an action question only", sorted(raw))
        return cls(kind, _text(raw["explain"], f"{where}.explain"), lance,
                   _int(raw.get("team", 0), f"{where}.team", 0, 1),
                   _int(raw.get("seat", 0), f"{where}.seat", 0, 3), accept, options, backing)


class Step(Value):
    """A step: its caption, the actions it plays (engine notation), maybe a question; ``deal``
    shows the next hand (dealt by the engine) on a step that plays nothing."""

    __slots__ = ("say", "do", "ask", "deal")

    def __init__(self, say: dict[str, str], do: tuple[str, ...] = (), ask: Question | None = None,
                 deal: bool = False) -> None:
        self.say, self.do, self.ask, self.deal = say, do, ask, deal

    @classmethod
    def from_dict(cls, data: Any, where: str) -> Step:
        raw = _keys(data, where, ("say",), ("do", "ask", "deal"))
        do = raw.get("do", [])
        if not isinstance(do, list) or not all(isinstance(a, str) for a in do):
            raise fail(f"{where}.do", "a list of actions in engine notation", do)
        deal = raw.get("deal", False)
        if deal is not True and deal is not False:
            raise fail(f"{where}.deal", "true or false", deal)
        ask = raw.get("ask")
        return cls(_text(raw["say"], f"{where}.say"), tuple(do),
                   None if ask is None else Question.from_dict(ask, f"{where}.ask"), deal)


LESSON_FIELDS = ("id", "title", "intro", "hands", "mano", "score", "steps", "rules", "seed", "juegos", "vacas")


L = TypeVar("L", bound="LessonData")


class LessonData(Value):
    """A lesson as its file says: texts in each language, the deal and the steps, each field
    checked against the schema (``from_dict``); not yet played through the engine."""

    __slots__ = LESSON_FIELDS

    def __init__(self, id: str, title: dict[str, str], intro: dict[str, str], hands: tuple[str, ...], mano: int,
                 score: tuple[int, int], steps: tuple[Step, ...], rules: mus.Rules | None = None,
                 seed: int = DEFAULT_SEED, juegos: tuple[int, int] = (0, 0), vacas: tuple[int, int] = (0, 0)) -> None:
        self.id, self.title, self.intro, self.hands, self.mano = id, title, intro, hands, mano
        self.score, self.steps, self.seed, self.juegos, self.vacas = score, steps, seed, juegos, vacas
        self.rules = rules if rules is not None else mus.Rules()

    def fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in LESSON_FIELDS)  # what the file says, nothing derived

    def __repr__(self) -> str:
        return "%s(id=%r)" % (type(self).__name__, self.id)

    @classmethod
    def from_dict(cls: type[L], data: Any) -> L:
        raw = _keys(data, "lesson", ("id", "title", "intro", "hands", "mano", "steps"),
                    ("score", "rules", "seed", "juegos", "vacas"))
        lesson_id = raw["id"]
        if not isinstance(lesson_id, str) or not lesson_id or not set(lesson_id) <= ID_CHARS:
            raise fail("lesson.id", "a short lowercase word (a-z, 0-9, -)", lesson_id)
        where = f"lesson {lesson_id!r}"
        hands = raw["hands"]
        if not isinstance(hands, list) or len(hands) != 4 or not all(isinstance(h, str) for h in hands):
            raise fail(f"{where}.hands", "4 hands by seat such as 'RoRcC6'", hands)
        rules_raw = _keys(raw.get("rules", {}), f"{where}.rules", (), NAMES)   # the options table
        try:
            rules = mus.Rules.from_dict(rules_raw)
        except ValueError as error:
            raise LessonError(f"{where}.rules: {error}") from None
        steps = raw["steps"]
        if not isinstance(steps, list) or not steps:
            raise fail(f"{where}.steps", "a non-empty list of steps", steps)
        return cls(
            lesson_id, _text(raw["title"], f"{where}.title"), _text(raw["intro"], f"{where}.intro"),
            tuple(hands), _int(raw["mano"], f"{where}.mano", 0, 3),
            _pair(raw.get("score", [0, 0]), f"{where}.score", rules.target - 1,
                  "[tantos of your pareja, tantos of the rivals]"),
            tuple(Step.from_dict(s, f"{where}.steps[{i}]") for i, s in enumerate(steps)),
            rules, _int(raw.get("seed", DEFAULT_SEED), f"{where}.seed", 0, 2**31 - 1),
            _pair(raw.get("juegos", [0, 0]), f"{where}.juegos", rules.juegos_to_win - 1,
                  "[juegos of your pareja, juegos of the rivals]"),
            _pair(raw.get("vacas", [0, 0]), f"{where}.vacas", rules.vacas_to_win - 1,
                  "[vacas of your pareja, vacas of the rivals]"))

    def start(self) -> mus.Game:
        """The game at the lesson's first step: the deal, at the mano's mus."""
        try:
            return mus.Game.from_deal(list(self.hands), self.mano, self.score, self.rules, self.seed,
                                      juegos=self.juegos, vacas=self.vacas)
        except ValueError as error:
            raise LessonError(f"lesson {self.id!r}: the deal is not playable: {error}") from None


def _pair(data: Any, where: str, high: int, expected: str) -> tuple[int, int]:
    if not isinstance(data, list) or len(data) != 2:
        raise fail(where, expected, data)
    return _int(data[0], f"{where}[0]", 0, high), _int(data[1], f"{where}[1]", 0, high)
