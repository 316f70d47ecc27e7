"""Browser entry point: ``index.html`` runs ``from mus.web.dom.main import start; await start()``.

``start`` restores the saved partida (or shows the new-game screen), draws the table and
marks ``<html class="ready">``; the loading screen and the browser tests wait for that class.
"""

from __future__ import annotations

from pyscript import document  # type: ignore[import-not-found]

from .play import App, run


async def start() -> App:
    app = await run()
    document.documentElement.classList.add("ready")
    return app
