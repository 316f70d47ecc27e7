"""The one vocabulary of commands in the pages' HTML, and what an event becomes. Pure.

Every page writes its controls with these attributes, and ``dom/events.py`` (one delegated
listener per root) turns each click, change and key into a ``Command`` or a ``Key`` for the
page's controller (``dom/play.py``, ``dom/replay.py``, ``dom/lessons.py``), which hands it to
the page's pure code:

=============================  =================================================================
``data-action="<notation>"``   play an engine action (the table): ``Command("action", notation)``
``data-ui="<name>"`` (+value)  any other command, its argument in ``value``: ``Command(name, value)``
``data-pos="<n>"``             choose or unchoose card ``n`` of the reader's hand: ``Command("pos", n)``
``data-setting="<name>"``      on a form control: its change sets ``name`` to its value
                               (a checkbox: ``"true"`` / ``"false"``): ``Command("setting", value, name)``
=============================  =================================================================

A disabled control (``disabled`` or ``aria-disabled="true"``) sends nothing.

>>> attributes = {"data-ui": "step", "value": "next"}
>>> command_of(attributes.get)
Command(name='step', value='next', target=None)
>>> command_of({"data-action": "envido 5", "data-ui": "x"}.get) == Command("action", "envido 5")
True
>>> command_of({"data-pos": "2"}.get) == Command("pos", "2"), command_of({"data-pos": "x"}.get), command_of({}.get)
(True, None, None)
>>> setting_of("level", "dificil")
Command(name='setting', value='dificil', target='level')
"""

from __future__ import annotations

from typing import Callable

from .value import Value

# What a click looks for, from its target up: the nearest element that carries a command.
CLICKABLE = "[data-action], [data-ui], [data-pos]"
SETTING = "data-setting"
# The reserved command names; every other name is a data-ui command.
ACTION, POS, CHANGE = "action", "pos", "setting"


# What each class holds is said in comments.

class Command(Value):
    # What the reader asked for: ``name`` and its argument ``value`` (``target``: the setting a
    # ``setting`` command changes).

    __slots__ = ("name", "value", "target")

    def __init__(self, name: str, value: str | None = None, target: str | None = None) -> None:
        self.name, self.value, self.target = name, value, target

    @property
    def number(self) -> int | None:
        """``value`` as a whole number, or None."""
        return int(self.value) if self.value is not None and self.value.isdigit() else None


def command_of(get: Callable[[str], str | None]) -> Command | None:
    """The command of a clicked element, from ``get(attribute name)`` (None when absent)."""
    action = get("data-action")
    if action:
        return Command(ACTION, action)
    ui = get("data-ui")
    if ui:
        return Command(ui, get("value"))
    pos = get("data-pos")
    if pos is not None and pos.isdigit():
        return Command(POS, pos)
    return None


def setting_of(name: str, value: str) -> Command:
    """The command of a changed form control with ``data-setting="<name>"``."""
    return Command(CHANGE, value, name)


class Key(Value):
    # A key pressed: its name ("Escape", "1"), Shift, any of Ctrl / Meta / Alt, and the focused
    # element's tag (lower case) and id.

    __slots__ = ("key", "shift", "modified", "tag", "target_id")

    def __init__(self, key: str, *, shift: bool = False, modified: bool = False, tag: str = "",
                 target_id: str = "") -> None:
        self.key, self.shift, self.modified, self.tag, self.target_id = key, shift, modified, tag, target_id

    @property
    def typing(self) -> bool:
        """The focus is in a field the reader types into."""
        return self.tag in ("input", "select", "textarea")
