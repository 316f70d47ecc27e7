"""The game's save: its format, its limits, and the checks of what a save says.

A save is ``(rules, seed, start, actions)`` as JSON (``Game.to_json``): the start is None
(a partida from ``Game.new``), ``{"reseed": true}``, or the hands, mano, score, juegos and
vacas of ``Game.from_deal``. It is read as untrusted text: within ``MAX_SAVE_TEXT``
characters and ``MAX_ACTIONS`` actions, each part of the type it must be, or ValueError
naming what was expected.

>>> read_save({"format": "mus-game", "version": 1.0, "rules": {}, "seed": 1, "actions": []})
Traceback (most recent call last):
...
ValueError: expected save version 1, got 1.0
>>> checked_seed(2**64)
Traceback (most recent call last):
...
ValueError: expected the seed to be a whole number 0..18446744073709551615, got 18446744073709551616
"""

from __future__ import annotations

from typing import Any

from .jsondata import described
from .rules import Rules

SAVE_FORMAT, SAVE_VERSION = "mus-game", 1
MAX_SEED = 2**64 - 1      # seeds are whole numbers 0..MAX_SEED
MAX_ACTIONS = 50_000      # a save longer than this is not a partida (a long one has ~2,000)
# A save's text, the game's (``Game.from_json``) or the page's around it with the bots'
# reasons (``mus.web.play.saves``): one bound for both, well within a browser's storage.
MAX_SAVE_TEXT = 4_000_000


def whole(value: object) -> bool:
    """A whole number (not a bool, not a float that looks like one)."""
    return isinstance(value, int) and not isinstance(value, bool)


def checked_seed(value: object) -> int:
    if not whole(value) or not 0 <= value <= MAX_SEED:   # type: ignore[operator]
        raise ValueError(f"expected the seed to be a whole number 0..{MAX_SEED}, got {described(value)}")
    return value    # type: ignore[return-value]


def checked_pair(values: object, name: str) -> tuple[int, int]:
    if (not isinstance(values, (list, tuple)) or len(values) != 2
            or not all(whole(v) and 0 <= v <= 10_000 for v in values)):
        raise ValueError(f"expected {name} as two whole numbers 0..10000, got {described(values)}")
    return values[0], values[1]


def read_save(data: object) -> tuple[Rules, int, object, list[str]]:
    """The rules, seed, start (checked by the constructor it goes to) and actions of a save
    read as JSON data; ValueError naming what is wrong."""
    if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
        raise ValueError(f"expected a saved game with format {SAVE_FORMAT!r}")
    version = data.get("version")
    if not whole(version) or version != SAVE_VERSION:
        raise ValueError(f"expected save version {SAVE_VERSION}, got {described(version)}")
    for key in ("rules", "seed", "actions"):
        if key not in data:
            raise ValueError(f"expected a saved game with rules, seed and actions, missing {key!r}")
    rules = Rules.from_dict(data["rules"])
    actions = data["actions"]
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS:
        raise ValueError(f"expected actions as a list of at most {MAX_ACTIONS} notations")
    if not all(isinstance(a, str) for a in actions):
        raise ValueError("expected every action as its notation (text)")
    return rules, checked_seed(data["seed"]), data.get("start"), actions


def save_data(rules: Rules, seed: int, start: dict[str, Any] | None, actions: list[str]) -> dict[str, Any]:
    """What ``Game.to_json`` writes."""
    return {"format": SAVE_FORMAT, "version": SAVE_VERSION, "rules": rules.to_dict(), "seed": seed,
            "start": start, "actions": actions}
