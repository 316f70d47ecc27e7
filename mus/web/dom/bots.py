"""The bots' worker seen from the table: each request of ``play.brain`` goes to the worker that
``static/bots.mjs`` started (MicroPython beside the page), or, when that worker cannot start or
stops answering, to the page's own interpreter, which then runs the bots itself (the console
says so once; an error the worker answers, which may be its runtime's, is tried here too).
Browser only; works on Pyodide and MicroPython alike: the worker's ``ask`` never
rejects, and only text crosses between them."""

from __future__ import annotations

import json
from typing import Any

from pyscript import window  # type: ignore[import-not-found]

from ..play.brain import Brain
from .page import nil


class Thinker:
    # Asks the worker, else ``local`` (the session's own brain) on this page's interpreter.

    def __init__(self, local: Brain) -> None:
        self.local = local
        self.on_page = False  # the worker is gone: the page thinks from now on

    async def ask(self, request: dict[str, Any], first: bool) -> dict[str, Any]:
        """The answer to ``request``; ``first``: a bot's decision, before any coach's request."""
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
            window.console.warn(f"mus: the bots' worker is not available ({why}): the bots think on this page")
        return self.local.answer(request)


def _worker() -> Any:
    """``window.__mus.bots`` (``static/bots.mjs``) unless it is missing or has failed."""
    mus_js = getattr(window, "__mus", None)
    bots: Any = None if nil(mus_js) else getattr(mus_js, "bots", None)
    if nil(bots) or str(bots.state) == "failed":
        return None
    return bots
