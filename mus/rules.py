"""The table's options: one table, ``OPTIONS``, and the ``Rules`` made from it.

Everything that names an option (saves, hand records and their link codes, deal links,
lessons, the new-game screen, the rules summary) reads this table, so adding an option is
one ``Option`` here, its annotation on ``Rules``, and the rule itself where it plays.

>>> Rules()
Rules(reyes=8, real_31=False, target=40, juegos_to_win=2, vacas_to_win=1)
>>> Rules(reyes=5)
Traceback (most recent call last):
...
ValueError: expected reyes to be 8 or 4, got 5
>>> Rules(target=40.0)
Traceback (most recent call last):
...
ValueError: expected target to be a whole number from 1 to 200, got 40.0

Señas (partners signal their cards, each rival catches each player's señas with chance
``catch``) are off by default, so that recorded games keep their meaning; options that
came later are written out (in ``repr``, ``to_dict`` and the text form) only when they
are not their defaults, so games without them save exactly as before.

>>> Rules(senas=True)
Rules(reyes=8, real_31=False, target=40, juegos_to_win=2, vacas_to_win=1, senas=True)
>>> Rules.from_dict({"reyes": 4}) == Rules(reyes=4)      # missing keys: defaults
True
>>> Rules(senas=True, catch=1.5)
Traceback (most recent call last):
...
ValueError: expected catch to be a chance from 0 to 1, got 1.5

The text form (the rules line of a hand record) round-trips:

>>> str(Rules(real_31=True, senas=True, catch=0.5))
'reyes=8 real_31=yes target=40 juegos_to_win=2 vacas_to_win=1 senas=yes catch=0.5'
>>> Rules.parse("reyes=4 real_31=no target=30 juegos_to_win=3 vacas_to_win=1")
Rules(reyes=4, real_31=False, target=30, juegos_to_win=3, vacas_to_win=1)
>>> Rules.parse("reyes=4 target=３０")
Traceback (most recent call last):
...
ValueError: expected target to be a whole number from 1 to 200, got '３０'
"""

from __future__ import annotations

from typing import Any

from .jsondata import described

DEFAULT_CATCH = 0.25   # a rival catches a player's señas one time in four (docs/rules.md)
BOOL, WHOLE, CHANCE = "bool", "whole", "chance"
_YES, _NO = "yes", "no"
_TRUE_TEXTS = (_YES, "true")
_FALSE_TEXTS = (_NO, "false")
_DIGITS = "0123456789"


class Option:
    """One table option.

    ``kind`` is ``bool``, ``whole`` (a whole number, from ``choices`` or ``low``..``high``)
    or ``chance`` (a number from 0 to 1). ``offered`` are the values the new-game screen
    offers (none: not on it). ``title`` names the option and ``chip`` a value on that
    screen; ``summary`` says a value in the rules summary, by the value's text (``yes``,
    ``no``, ``1``…) or else by ``n`` (``{n}`` is the value, ``{pct}`` it as a percentage;
    no text leaves the value out). ``needs`` names a yes/no option
    without which this one does not apply. ``always`` options are written in every save
    and record; the others only when they are not their default (they came later)."""

    __slots__ = ("name", "kind", "default", "choices", "low", "high", "offered", "title",
                 "chip", "summary", "needs", "always")

    def __init__(self, name: str, kind: str, default: Any, *, choices: tuple[Any, ...] = (),
                 low: int = 0, high: int = 0, offered: tuple[Any, ...] = (),
                 title: dict[str, str], chip: dict[str, str] | None = None,
                 summary: dict[str, dict[str, str]], needs: str = "", always: bool = False) -> None:
        self.name, self.kind, self.default, self.choices = name, kind, default, choices
        self.low, self.high, self.offered = low, high, offered
        self.title, self.chip, self.summary = title, chip, summary
        self.needs, self.always = needs, always

    def __repr__(self) -> str:
        return f"<Option {self.name}>"

    def expected(self) -> str:
        if self.kind == BOOL:
            return "True or False"
        if self.kind == CHANCE:
            return "a chance from 0 to 1"
        if self.choices:
            return " or ".join(str(c) for c in self.choices)
        return f"a whole number from {self.low} to {self.high}"

    def check(self, value: object) -> Any:
        """``value`` if it is one this option takes (a chance as a float); else ValueError."""
        if self.kind == BOOL:
            ok = value is True or value is False
        elif isinstance(value, bool) or not isinstance(value, (int, float)):
            ok = False
        elif self.kind == CHANCE:
            ok = 0 <= value <= 1        # NaN compares false: refused too
            value = float(value)
        elif self.choices:
            ok = isinstance(value, int) and value in self.choices
        else:
            ok = isinstance(value, int) and self.low <= value <= self.high
        if not ok:
            raise ValueError(f"expected {self.name} to be {self.expected()}, got {described(value)}")
        return value

    def text(self, value: Any) -> str:
        """The value as records, links and addresses write it: yes / no, digits, a chance
        as its shortest decimal text."""
        if self.kind == BOOL:
            return _YES if value else _NO
        return repr(value)

    def parse(self, text: str) -> Any:
        """The value of ``text`` (``text``'s inverse; also true / false); ValueError naming
        the option for anything else."""
        word = text.strip().lower()
        if self.kind == BOOL and word in _TRUE_TEXTS + _FALSE_TEXTS:
            return word in _TRUE_TEXTS
        if self.kind == WHOLE and 0 < len(word) <= 4 and all(c in _DIGITS for c in word):
            return self.check(int(word))
        if (self.kind == CHANCE and 0 < len(word) <= 24
                and all(c in _DIGITS + ".e-" for c in word) and word.count(".") <= 1):
            try:
                return self.check(float(word))
            except ValueError:
                pass
        raise ValueError(f"expected {self.name} to be {self.expected()}, got {described(text)}")

    def says(self, value: Any, lang: str) -> str:
        """The value in the rules summary ('' when it goes without saying)."""
        forms = self.summary.get(self.text(value)) or self.summary.get("n") or {}
        form = forms.get(lang, "")
        pct = int(value * 100 + 0.5) if self.kind == CHANCE else 0
        return form.format(n=value, pct=pct)

    def chip_text(self, value: Any, lang: str) -> str:
        """The value on the new-game screen."""
        if self.chip is None:
            return self.says(value, lang)
        return self.chip[lang].format(n=value)


def _both(es: str, en: str) -> dict[str, str]:
    return {"es": es, "en": en}


OPTIONS: tuple[Option, ...] = (
    Option("reyes", WHOLE, 8, choices=(8, 4), offered=(8, 4), always=True,
           title=_both("Reyes", "Reyes (kings)"),
           summary={"n": _both("{n} reyes", "{n} reyes")}),
    Option("real_31", BOOL, False, offered=(False, True), always=True,
           title=_both("31 real (rey y tres sietes gana a cualquier 31)",
                       "31 real (a true rey and three sietes beat any 31)"),
           summary={_YES: _both("31 real", "31 real")}),
    Option("target", WHOLE, 40, low=1, high=200, offered=(40, 30), always=True,
           title=_both("Tantos por juego", "Tantos per juego"), chip=_both("{n}", "{n}"),
           summary={"n": _both("a {n} tantos", "to {n} points")}),
    Option("juegos_to_win", WHOLE, 2, low=1, high=20, offered=(1, 2, 3), always=True,
           title=_both("Juegos por vaca", "Juegos per vaca"), chip=_both("{n}", "{n}"),
           summary={"1": _both("vaca a un juego", "vaca: one juego"),
                    "n": _both("vaca a {n} juegos", "vaca: {n} juegos")}),
    Option("vacas_to_win", WHOLE, 1, low=1, high=20, offered=(1, 2, 3), always=True,
           title=_both("Vacas por partida", "Vacas per partida"), chip=_both("{n}", "{n}"),
           summary={"1": _both("partida a una vaca", "partida: one vaca"),
                    "n": _both("partida a {n} vacas", "partida: {n} vacas")}),
    Option("senas", BOOL, False, offered=(True, False),
           title=_both("Señas: el compañero ve las tuyas, un rival puede cazarlas",
                       "Señas: your partner sees yours, a rival may catch them"),
           summary={_YES: _both("con señas", "with señas"), _NO: _both("sin señas", "without señas")}),
    Option("catch", CHANCE, DEFAULT_CATCH, needs="senas",
           title=_both("Señas cazadas", "Señas caught"),
           summary={"n": _both("cada rival caza una seña {pct} % de las veces",
                               "each rival catches a seña {pct} % of the time")}),
)
OPTION: dict[str, Option] = {option.name: option for option in OPTIONS}
NAMES: tuple[str, ...] = tuple(option.name for option in OPTIONS)


class Rules:
    """The table: one value per option of ``OPTIONS``; immutable, compared by value.

    Default table: 8 reyes, no 31 real, 40 tantos, a vaca to two juegos, one vaca, no señas.
    """

    __slots__ = NAMES
    reyes: int
    real_31: bool
    target: int
    juegos_to_win: int
    vacas_to_win: int
    senas: bool
    catch: float

    def __init__(self, **values: Any) -> None:
        unknown = sorted(name for name in values if name not in OPTION)
        if unknown:
            raise ValueError(f"expected rules keys {sorted(NAMES)}, got {unknown}")
        for option in OPTIONS:
            value = values[option.name] if option.name in values else option.default
            object.__setattr__(self, option.name, option.check(value))

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError(f"Rules are immutable: use replace({name}=…)")

    def values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in NAMES)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rules) and self.values() == other.values()

    def __hash__(self) -> int:
        return hash(self.values())

    def replace(self, **changes: Any) -> Rules:
        """These rules with some options changed."""
        values = self.to_dict(every=True)
        for name in changes:
            values[name] = changes[name]
        return Rules(**values)

    @property
    def max_envite(self) -> int:
        """Largest envite offered: betting more than a whole juego is what órdago is for."""
        return max(2, self.target)

    def _written(self) -> list[Option]:
        return [o for o in OPTIONS if o.always or getattr(self, o.name) != o.default]

    def to_dict(self, every: bool = False) -> dict[str, Any]:
        """The options as JSON data (``every``: later options at their default too)."""
        return {o.name: getattr(self, o.name) for o in (OPTIONS if every else self._written())}

    @classmethod
    def from_dict(cls, data: object) -> Rules:
        """``to_dict``'s inverse; missing options take their default."""
        if not isinstance(data, dict):
            raise ValueError(f"expected the rules as an object of options, got {type(data).__name__}")
        names = [key for key in data if not isinstance(key, str)]
        if names:
            raise ValueError(f"expected rules keys {sorted(NAMES)}, got {described(names[0])}")
        return cls(**data)

    def __repr__(self) -> str:
        fields = ", ".join(f"{o.name}={getattr(self, o.name)!r}" for o in self._written())
        return f"Rules({fields})"

    def __str__(self) -> str:
        return " ".join(f"{o.name}={o.text(getattr(self, o.name))}" for o in self._written())

    @classmethod
    def parse(cls, text: str) -> Rules:
        """``str``'s inverse: ``name=value`` items; ValueError naming what is wrong."""
        values: dict[str, Any] = {}
        for item in text.split():
            name, equals, value = item.partition("=")
            if not equals or name not in OPTION:
                raise ValueError(f"expected name=value items of {', '.join(NAMES)}, got {described(item)}")
            if name in values:
                raise ValueError(f"expected {name} once, got it twice")
            values[name] = OPTION[name].parse(value)
        return cls(**values)

    def summary(self, lang: str) -> list[str]:
        """The table in words, option by option, for the rules summary."""
        out = []
        for option in OPTIONS:
            if option.needs and not getattr(self, option.needs):
                continue
            said = option.says(getattr(self, option.name), lang)
            if said:
                out.append(said)
        return out
