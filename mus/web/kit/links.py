"""The site's links: a shared hand in a fragment, a deal in a query. Pure.

A shared hand comes as ``#mano=<code>`` (the code of ``mus.encode_record``), in the fragment
so that it never reaches a server; a lesson's deal as ``index.html?deal=…`` ("Juega esta
mano"), which the table reads back once (``play.deal_link``). Both are read here before the
modules that serve them, which ship in the game's second zip (``dom.extra``), are loaded.

>>> code_from_fragment("#mano=AbC-1")
'AbC-1'
>>> code_from_fragment("#mano=") is None, code_from_fragment("#otra=1") is None
(True, True)
>>> hand_link("https://mus.example/index.html?seed=1#old", "AbC")
'https://mus.example/index.html?seed=1#mano=AbC'
>>> import mus
>>> deal_query(["RoRcC6", "7654", "CCSA", "3322"], 0, (37, 37), mus.Rules(real_31=True))
'deal=RoRcC6,7654,CCSA,3322&mano=0&score=37,37&reyes=8&real_31=true&target=40'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import mus

LINK_KEY = "mano"  # the page's fragment: #mano=<code>
DEAL_KEY = "deal"  # the query parameter with a deal's hands: ?deal=RoRcC6,7654,…
# Every parameter of a deal link, in the order deal_query writes them.
DEAL_KEYS = (DEAL_KEY, "mano", "score", "reyes", "real_31", "target")


def code_from_fragment(fragment: str) -> str | None:
    """The code of a ``#mano=<code>`` fragment, or None."""
    key, _, code = fragment.lstrip("#").partition("=")
    return code if key == LINK_KEY and code else None


def hand_link(page_url: str, code: str) -> str:
    """The share link of a hand: this page with the code in the fragment."""
    return "%s#%s=%s" % (page_url.split("#", 1)[0], LINK_KEY, code)


def deal_query(hands: list[str], mano: int, score: tuple[int, int], rules: mus.Rules) -> str:
    """The query of a link that starts a partida from ``hands`` (seats 0..3) at the table."""
    values = (",".join(hands), mano, "%d,%d" % (score[0], score[1]), rules.reyes,
              "true" if rules.real_31 else "false", rules.target)
    return "&".join("%s=%s" % (key, value) for key, value in zip(DEAL_KEYS, values))
