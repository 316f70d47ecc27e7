"""The new-game screen's choices: validated, with defaults, and the rules they make. Pure.

>>> s = Settings.from_dict({"level": "dificil", "target": 30, "speed": "nope"})
>>> s.level, s.target, s.speed
('dificil', 30, 'normal')
>>> s.rules()                 # señas are on at the table unless the player turns them off
Rules(reyes=8, real_31=False, target=30, juegos_to_win=2, vacas_to_win=1, senas=True)
"""

from __future__ import annotations

from typing import Any

import mus

from ..kit.i18n import DEFAULT_LANG, LANGS
from ..kit.value import Value

FIELDS = ("level", "reyes", "real_31", "target", "juegos", "speed", "lang", "senas", "coach", "reasons")
LEVELS = ("facil", "normal", "dificil")
SPEEDS = ("lenta", "normal", "rapida", "instantanea")
# Seconds a bot waits before it speaks, by speed.
BOT_PAUSE = {"lenta": 1.6, "normal": 0.9, "rapida": 0.4, "instantanea": 0.0}
CHOICES: dict[str, tuple[Any, ...]] = {
    "level": LEVELS,
    "reyes": (8, 4),
    "real_31": (False, True),
    "target": (40, 30),
    "juegos": (1, 2, 3),
    "speed": SPEEDS,
    "lang": LANGS,
    "senas": (True, False),
    "coach": (False, True),     # the coach's chances beside the table while playing
    "reasons": (False, True),   # the partner's reasons at the count
}


class Settings(Value):
    # The table's choices (immutable: replace and with_choice make new ones). Classes in mus.zip
    # keep their docstrings (tools/compile_pyc.mjs): this one says it in a comment.

    __slots__ = FIELDS

    def __init__(self, level: str = "normal", reyes: int = 8, real_31: bool = False, target: int = 40,
                 juegos: int = 2, speed: str = "normal", lang: str = DEFAULT_LANG, senas: bool = True,
                 coach: bool = False, reasons: bool = False) -> None:
        self.level, self.reyes, self.real_31, self.target, self.juegos = level, reyes, real_31, target, juegos
        self.speed, self.lang, self.senas, self.coach, self.reasons = speed, lang, senas, coach, reasons

    @classmethod
    def from_dict(cls, data: object) -> Settings:
        """Known keys with allowed values are kept; anything else gets the default."""
        if not isinstance(data, dict):
            return cls()
        kept: dict[str, Any] = {}
        for name in FIELDS:
            value = data.get(name)
            if any(value == c and type(value) is type(c) for c in CHOICES[name]):
                kept[name] = value
        return cls(**kept)

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in FIELDS}

    def replace(self, **changes: Any) -> Settings:
        """These settings with ``changes``."""
        values = self.to_dict()
        values.update(changes)
        return Settings(**values)

    def with_choice(self, name: str, raw: str) -> Settings:
        """This with ``name`` set from a form value (text); unknown values are ignored."""
        if name not in CHOICES:
            return self
        for choice in CHOICES[name]:
            if str(choice).lower() == raw.lower():
                return self.replace(**{name: choice})
        return self

    def rules(self) -> mus.Rules:
        return mus.Rules(reyes=self.reyes, real_31=self.real_31, target=self.target,
                         juegos_to_win=self.juegos, vacas_to_win=1, senas=self.senas)

    @property
    def pause(self) -> float:
        return BOT_PAUSE[self.speed]
