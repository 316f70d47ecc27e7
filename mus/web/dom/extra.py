"""The game's second zip: the modules no table needs to start, loaded when first wanted.

``static/mus-extra.zip`` (built beside mus.zip, ``tools/build/vendor.py`` ``EXTRA_MODULES``) holds
the lessons, the replays and the hand records they read, and the deal links. The game page
loads it when a replay, a shared hand or a deal link first asks (the lesson pages run on
MicroPython, with all they import in ``static/mus-mpy.zip``). Its directories join the
packages mus.zip gave (their ``__path__``), so its modules import as ``mus.web.replay.model``
and so on, compiled like the rest. Browser only.
"""

from __future__ import annotations

import asyncio
import importlib

from pyscript import window  # type: ignore[import-not-found]

URL = "static/mus-extra.zip"  # beside mus.zip; every page lives at the site's top
# In Python's working directory, beside mus.zip (static/snapshot.mjs GAME_PATH).
PATH = "/home/pyodide/mus-extra.zip"

_loading: asyncio.Future[None] | None = None


async def load_extra() -> None:
    """Fetch and mount the zip once (every caller waits for the same load); a failed load,
    offline before the service worker has it, raises ``OSError`` and is tried again next time."""
    global _loading
    if _loading is None:
        _loading = asyncio.ensure_future(_load())
    try:
        await _loading
    except Exception:
        _loading = None
        raise


async def _load() -> None:
    response = await window.fetch(URL)
    if not response.ok:
        raise OSError(f"{URL}: HTTP {response.status}")
    data = (await response.arrayBuffer()).to_bytes()
    with open(PATH, "wb") as file:
        file.write(data)
    import zipfile  # here, not at the top: the table starts without it

    with zipfile.ZipFile(PATH) as archive:
        directories = {name.rpartition("/")[0] for name in archive.namelist() if "/" in name}
    # Every package with a module in the zip, and the packages above it: a package that is only
    # in this zip (mus/web/lessons/) is found through its parent's __path__. Parents first.
    packages = sorted({"/".join(d.split("/")[:n]) for d in directories for n in range(1, d.count("/") + 2)})
    for package in packages:
        paths = importlib.import_module(package.replace("/", ".")).__path__
        if f"{PATH}/{package}" not in paths:  # a package from this zip has its own path already
            paths.append(f"{PATH}/{package}")
