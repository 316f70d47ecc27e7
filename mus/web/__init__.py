"""The browser pages: the table (the game), the lessons and the replays. ``docs/web.md``.

Packages, and what each may import (``tests/test_purity.py`` reads these lists):

* ``kit``: what every page shares, pure: HTML helpers, the one i18n table, the card, hand and
  seat renderer, storage, deck art, señas faces, links, the coach's numbers, the commands'
  ``data-*`` vocabulary. Imports ``mus`` and ``mus.ai`` only.
* the pages, pure, one package each: ``play`` (the table), ``lessons``, ``replay``. Each
  imports ``mus``, ``mus.ai`` and ``kit``, never another page.
* ``dom``: the only code that touches the browser (``pyscript``, ``js``, ``pyodide``): the
  page entry points, the one event dispatcher and the three controllers.

Pure means it runs, and is tested, in CPython as well; it is also written in the Python that
MicroPython runs (no dataclasses, no ``{**a}`` or ``[*a]``, output never ordered by a dict).
The engine never imports this package.
"""

KIT = "kit"
PAGES = ("play", "lessons", "replay")
PURE = (KIT,) + PAGES  # no browser import, nothing from BROWSER
BROWSER = ("dom",)
