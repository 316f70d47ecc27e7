"""The bots' worker seen from a page: each request of ``play.brain`` goes to the worker that
``static/bots.mjs`` started (MicroPython beside the page), or, when that worker cannot start or
stops answering, to the page's own interpreter, which then runs the bots itself (the console
says so once; an error the worker answers, which may be its runtime's, is tried here too).
A page that keeps the search off its own interpreter whatever happens (a shared hand's frame,
``load_worker``) gives no ``local`` brain: it is told ``{"error": …}`` instead.
Browser only; works on Pyodide and MicroPython alike: the worker's ``ask`` never
rejects, and only text crosses between them."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from pyscript import document, window  # type: ignore[import-not-found]
from pyscript.ffi import create_proxy  # type: ignore[import-not-found]

from ..play.brain import Brain
from .page import nil

BOTS_SCRIPT = "./static/bots.mjs"  # beside the pages, as index.html loads it
_KEPT: list[Any] = []  # the proxies of load_worker's listeners, kept as long as the page


class Thinker:
    # Asks the worker, else ``local`` (a brain on this page's interpreter), if there is one;
    # ``loading``: set once ``static/bots.mjs`` has run in this page (``load_worker``).

    def __init__(self, local: Brain | None, loading: asyncio.Event | None = None) -> None:
        self.local, self.loading = local, loading
        self.on_page = False  # the worker is gone: the page thinks from now on (or nobody does)

    async def ask(self, request: dict[str, Any], first: bool) -> dict[str, Any]:
        """The answer to ``request``; ``first``: a bot's decision, before any coach's request."""
        if self.loading is not None:
            await self.loading.wait()
        worker = None if self.on_page else _worker()
        if worker is None:
            why = "no worker"
        else:
            text = await worker.ask(json.dumps(request), first)
            answer: dict[str, Any] = json.loads(text) if isinstance(text, str) and text else {}
            if answer and "error" not in answer:
                return answer
            why = str(answer.get("error") or worker.failure or "it stopped answering")
        if not self.on_page:
            self.on_page = True
            window.console.warn(f"mus: the bots' worker is not available ({why}): "
                                + ("the bots think on this page" if self.local is not None else "no coach here"))
        return {"error": why} if self.local is None else self.local.answer(request)


def load_worker() -> asyncio.Event:
    """Load ``static/bots.mjs`` into a page whose HTML does not (a shared hand's frame: a
    lesson's never needs it); like the table's, it starts the worker once the first screen
    is drawn. The event is set once the script has run, or could not load (then no worker)."""
    loaded = asyncio.Event()
    done = create_proxy(lambda _event: loaded.set())
    _KEPT.append(done)
    script = document.createElement("script")
    script.type, script.src = "module", BOTS_SCRIPT
    script.addEventListener("load", done)
    script.addEventListener("error", done)
    document.head.appendChild(script)
    return loaded


def _worker() -> Any:
    """``window.__mus.bots`` (``static/bots.mjs``) unless it is missing or has failed."""
    mus_js = getattr(window, "__mus", None)
    bots: Any = None if nil(mus_js) else getattr(mus_js, "bots", None)
    if nil(bots) or str(bots.state) == "failed":
        return None
    return bots
