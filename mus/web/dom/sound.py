"""The table's sounds in the page: ``static/sound.mjs`` (Web Audio), imported only once the
player has turned them on, asked to play what ``play.sounds`` hears between two drawings.
Browser only.

Nothing here can throw from JavaScript into Python: the import is a promise that resolves to
the module or null, and the module's functions catch everything themselves.
"""

from __future__ import annotations

import asyncio
from typing import Any

from pyscript import window  # type: ignore[import-not-found]

from ..play.sounds import cues, marks
from .page import nil

MODULE = "static/sound.mjs"
_IMPORT = window.Function("path", """
  try {
    return import(new URL(path, document.baseURI).href).catch(() => null);
  } catch (error) {
    return Promise.resolve(null);
  }""")


class Sounds:
    def __init__(self) -> None:
        self.module: Any = None
        self.loading = False
        self.marks: dict[str, Any] | None = None

    def follow(self, view: dict[str, Any], on: bool) -> None:
        """What changed since the last drawing, played if the sounds are on."""
        now = marks(view)
        heard = cues(self.marks, now)
        self.marks = now
        if not on:
            return
        if self.module is None:
            self.load()
            return
        for name in heard:
            self.module.play(name)

    def load(self, wake: bool = False) -> None:
        """Import the module (once), and with ``wake`` let it start its audio (after a tap)."""
        if self.module is not None:
            if wake:
                self.module.wake()
            return
        if not self.loading:
            self.loading = True
            asyncio.create_task(self._load(wake))

    async def _load(self, wake: bool) -> None:
        try:
            module = await _IMPORT(MODULE)
            if not nil(module):
                self.module = module
                if wake:
                    module.wake()
        finally:
            self.loading = False
