"""What a page's address asks for, read before the modules that serve it are loaded. Pure.

A shared hand comes as ``#mano=<code>`` (``replay.Replay.link``) and a lesson's deal as
``?deal=…`` (``deal_link``); both modules ship in the second zip (``extra``), so the table
asks here whether it needs them.

>>> code_from_fragment("#mano=AbC-1")
'AbC-1'
>>> code_from_fragment("#mano=") is None, code_from_fragment("#otra=1") is None
(True, True)
"""

from __future__ import annotations

LINK_KEY = "mano"  # the page's fragment: #mano=<code>
DEAL_KEY = "deal"  # the query parameter with a deal's hands: ?deal=RoRcC6,7654,…


def code_from_fragment(fragment: str) -> str | None:
    """The code of a ``#mano=<code>`` fragment, or None."""
    key, _, code = fragment.lstrip("#").partition("=")
    return code if key == LINK_KEY and code else None
