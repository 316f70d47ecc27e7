"""The one event dispatcher: clicks, changes and keys in a root become commands. Browser only.

Each controller (the table, the replay dialog, a lesson) makes one ``Dispatcher`` for its root
element: one delegated ``click`` and ``change`` listener there, and one ``keydown`` listener
(on the root, or on ``keys`` when the page's keys must work with the focus anywhere). A click
on an element of the site's vocabulary (``kit.commands``: ``data-action``, ``data-ui`` with
``value``, ``data-pos``), a change of a ``data-setting`` control, becomes a ``Command`` for
``on_command``; a key becomes a ``Key`` for ``on_key``, which returns True when it used it (the
browser's default is then prevented). A handler that raises is reported in the console and the
page goes on.
"""

from __future__ import annotations

from typing import Any, Callable

from pyscript import window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from ..kit.commands import CLICKABLE, SETTING, Command, Key, command_of, setting_of
from .page import nil, text_or_none


class Dispatcher:
    def __init__(self, root: Any, name: str, on_command: Callable[[Command], object], *,
                 on_key: Callable[[Key], bool] | None = None, keys: Any = None,
                 on_click: Callable[[], object] | None = None) -> None:
        """``name`` says whose events failed in the console; ``on_click`` hears every click
        in the root, on a command or not."""
        self.root, self.name = root, name
        self.on_command, self.on_key, self.on_click = on_command, on_key, on_click
        self._proxies = [create_proxy(self._click), create_proxy(self._change), create_proxy(self._keydown)]
        root.addEventListener("click", self._proxies[0])
        root.addEventListener("change", self._proxies[1])
        if on_key is not None:
            (root if keys is None else keys).addEventListener("keydown", self._proxies[2])

    def _click(self, event: Any) -> None:
        if self.on_click is not None:
            self._safely("click", self.on_click)
        target = event.target
        if nil(target) or not hasattr(target, "closest"):
            return
        el = target.closest(CLICKABLE)
        if nil(el) or not self.root.contains(el) or el.disabled or el.getAttribute("aria-disabled") == "true":
            return
        command = command_of(lambda attribute: text_or_none(el.getAttribute(attribute)))
        if command is not None:
            self._safely(command.name, lambda: self.on_command(command))

    def _change(self, event: Any) -> None:
        el = event.target
        name = None if nil(el) or not hasattr(el, "getAttribute") else text_or_none(el.getAttribute(SETTING))
        if name:
            value = ("true" if el.checked else "false") if el.type == "checkbox" else str(el.value)
            self._safely(name, lambda: self.on_command(setting_of(name, value)))

    def _keydown(self, event: Any) -> None:
        target = event.target
        key = Key(str(event.key), shift=bool(event.shiftKey),
                  modified=bool(event.ctrlKey or event.metaKey or event.altKey),
                  tag="" if nil(target) else str(getattr(target, "tagName", "") or "").lower(),
                  target_id="" if nil(target) else str(getattr(target, "id", "") or ""))
        assert self.on_key is not None
        if self._safely(key.key, lambda: self.on_key(key) if self.on_key else False):
            event.preventDefault()

    def _safely(self, what: str, handler: Callable[[], object]) -> object:
        try:
            return handler()
        except Exception as error:  # keep the page usable; the console says what broke
            window.console.error(f"mus: {self.name} {what} failed: {error!r}")
            return None
