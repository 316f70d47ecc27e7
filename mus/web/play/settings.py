"""The new-game screen's choices: the player's preferences and the table's options. Pure.

The table's options come from the one table of options (``mus.rules.OPTIONS``): the screen
offers each option's ``offered`` values, and a stored choice that is not one of them is
dropped for the default. Señas are on at the table (they are off in the engine's default
``Rules``, so that recorded games keep their meaning).

>>> s = Settings.from_dict({"level": "dificil", "target": 30, "vacas_to_win": 2, "speed": "nope"})
>>> s.level, s.speed, s.style, s.advice, s.rules()
('dificil', 'normal', 'random', True, Rules(reyes=8, real_31=False, target=30, juegos_to_win=2, vacas_to_win=2, senas=True))
>>> s.with_choice("reyes", "4").with_choice("target", "35").rules().summary("es")[:2]
['4 reyes', 'a 30 tantos']

Stored settings (``mus.settings``) are read strictly: a value of the wrong type or not on
offer raises ``ValueError`` naming it. ``load_settings`` then keeps the text aside
(``mus.settings.corrupt.<time>``), takes what it can read, writes that back and says so:

>>> from mus.web.kit.storage import MemoryStorage
>>> store = MemoryStorage({SETTINGS_KEY: '{"lang": "en", "target": 40.0}'})
>>> settings, problem = load_settings(store, now_ms=5)
>>> settings.lang, problem["aside"], problem["why"]
('en', 'mus.settings.corrupt.5', 'expected target to be one of 40, 30, got 40.0')
>>> store.get("mus.settings.corrupt.5"), load_settings(store)[1]
('{"lang": "en", "target": 40.0}', None)
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import mus
from mus.jsondata import described, dump_text, load_text
from mus.rules import OPTION, OPTIONS

from ..kit.i18n import DEFAULT_LANG, LANGS
from ..kit.storage import read_kept
from ..kit.value import Value
from .cast import RANDOM, STYLE_CHOICES

if TYPE_CHECKING:
    from ..kit.storage import Storage

SETTINGS_KEY = "mus.settings"
MAX_SETTINGS_TEXT = 10_000  # a few hundred characters in use

PREFERENCES = ("level", "speed", "lang", "coach", "reasons", "style", "advice")
LEVELS = ("facil", "normal", "dificil")
SPEEDS = ("lenta", "normal", "rapida", "instantanea")
# Seconds a bot waits before it speaks, by speed.
BOT_PAUSE = {"lenta": 1.6, "normal": 0.9, "rapida": 0.4, "instantanea": 0.0}
CHOICES: dict[str, tuple[Any, ...]] = {
    "level": LEVELS,
    "speed": SPEEDS,
    "lang": LANGS,
    "coach": (False, True),     # the coach's chances beside the table while playing
    "reasons": (False, True),   # the partner's reasons at the count
    "style": STYLE_CHOICES,     # the bots' style: one for all three, or each its own at random
    "advice": (False, True),    # the partner advises the player aloud (play.talk)
}
TABLE = tuple(o for o in OPTIONS if o.offered)   # the options the new-game screen offers
TABLE_RULES = mus.Rules(senas=True)              # the table before the player chooses
LEGACY_KEYS = {"juegos": "juegos_to_win"}        # stored settings from before the options table


class Settings(Value):
    # The player's choices (immutable: replace and with_choice make new ones).

    __slots__ = PREFERENCES + ("table",)

    def __init__(self, level: str = "normal", speed: str = "normal", lang: str = DEFAULT_LANG,
                 coach: bool = False, reasons: bool = False, style: str = RANDOM, advice: bool = True,
                 table: mus.Rules = TABLE_RULES, **options: Any) -> None:
        """``options``: the table's, by name (``target=30``), over ``table``."""
        self.level, self.speed, self.lang, self.coach, self.reasons = level, speed, lang, coach, reasons
        self.style, self.advice = style, advice
        self.table = table.replace(**options) if options else table

    @classmethod
    def from_dict(cls, data: object, strict: bool = False) -> Settings:
        """Known keys with allowed values are kept; anything else gets the default, or with
        ``strict`` raises ValueError naming it (unknown keys are left alone)."""
        if not isinstance(data, dict):
            if strict:
                raise ValueError(f"expected the settings as an object, got {described(data)}")
            return cls()
        kept: dict[str, Any] = {}
        for name in PREFERENCES:
            if name in data and _allowed(name, data[name], CHOICES[name], strict):
                kept[name] = data[name]
        for option in TABLE:
            keys = [option.name] + [old for old, new in sorted(LEGACY_KEYS.items()) if new == option.name]
            for key in keys:
                if key in data and _allowed(key, data[key], option.offered, strict):
                    kept[option.name] = data[key]
                    break
        return cls(**kept)

    def to_dict(self) -> dict[str, Any]:
        out = {name: getattr(self, name) for name in PREFERENCES}
        for option in TABLE:
            out[option.name] = getattr(self.table, option.name)
        return out

    def replace(self, **changes: Any) -> Settings:
        """These settings with ``changes`` (preferences, or the table's options by name)."""
        values: dict[str, Any] = {name: getattr(self, name) for name in PREFERENCES}
        values["table"] = self.table
        for name in changes:
            values[name] = changes[name]
        return Settings(**values)

    def with_choice(self, name: str, raw: str) -> Settings:
        """This with ``name`` set from a form value (text); values not offered are ignored."""
        if name in CHOICES:
            for choice in CHOICES[name]:
                if str(choice).lower() == raw.lower():
                    return self.replace(**{name: choice})
            return self
        option = OPTION.get(name)
        if option is None or not option.offered:
            return self
        try:
            value = option.parse(raw)
        except ValueError:
            return self
        return self.replace(**{name: value}) if value in option.offered else self

    def rules(self) -> mus.Rules:
        return self.table

    @property
    def pause(self) -> float:
        return BOT_PAUSE[self.speed]


def _allowed(name: str, value: object, choices: tuple[Any, ...], strict: bool) -> bool:
    if any(value == c and type(value) is type(c) for c in choices):
        return True
    if strict:
        offered = ", ".join(str(c).lower() if isinstance(c, bool) else str(c) for c in choices)
        raise ValueError(f"expected {name} to be one of {offered}, got {described(value)}")
    return False


# --- in storage -----------------------------------------------------------------------------


def read_settings(text: str) -> Settings:
    """Stored settings, strictly: ValueError naming what is wrong."""
    return Settings.from_dict(load_text(text, "the settings", MAX_SETTINGS_TEXT), strict=True)


def load_settings(storage: Storage, now_ms: int | None = None) -> tuple[Settings, dict[str, str] | None]:
    """The stored settings, and what was kept aside (``kit.storage.read_kept``) if they could
    not all be read: then what could is taken and written back."""
    text = storage.get(SETTINGS_KEY)
    settings, problem = read_kept(storage, SETTINGS_KEY, read_settings, now_ms)
    if problem is None:
        return settings or Settings(), None
    try:
        settings = Settings.from_dict(load_text(text, "the settings", MAX_SETTINGS_TEXT))
    except ValueError:
        settings = Settings()
    if problem["aside"]:
        write_settings(storage, settings)
    return settings, problem


def write_settings(storage: Storage, settings: Settings) -> bool:
    """Store the settings; False when storage refused them."""
    return storage.set(SETTINGS_KEY, dump_text(settings.to_dict()))
