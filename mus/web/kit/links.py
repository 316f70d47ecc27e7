"""The site's links: a shared hand in a fragment, a deal in a query. Pure.

A shared hand comes as ``#mano=<code>`` (the code of ``mus.encode_record``), in the fragment
so that it never reaches a server; a lesson's deal as ``index.html?deal=…`` ("Juega esta
mano"), which the table reads back once (``play.deal_link``). Both are read here before the
modules that serve them, which ship in the game's second zip (``dom.extra``), are loaded. A
deal link names the table's options from the one options table (``mus.rules.OPTIONS``): those
every record writes, and the others when they are not their default.

A query is read here too (``query_pairs``), without ``urllib``: MicroPython has none, and
so is ``?seed=N`` (``parse_seed``: ASCII digits only, a seed the engine takes).

>>> code_from_fragment("#mano=AbC-1")
'AbC-1'
>>> code_from_fragment("#mano=") is None, code_from_fragment("#otra=1") is None
(True, True)
>>> hand_link("https://mus.example/index.html?seed=1#old", "AbC")
'https://mus.example/index.html?seed=1#mano=AbC'
>>> import mus
>>> deal_query(["RoRcC6", "7654", "CCSA", "3322"], 0, (37, 37), mus.Rules(real_31=True))
'deal=RoRcC6,7654,CCSA,3322&mano=0&score=37,37&reyes=8&real_31=yes&target=40&juegos_to_win=2&vacas_to_win=1'
>>> query_pairs("?deal=RR%2C7&x=a+b&flag")
[('deal', 'RR,7'), ('x', 'a b'), ('flag', '')]
>>> parse_seed("42")
42
>>> parse_seed("²")
Traceback (most recent call last):
...
ValueError: expected ?seed= to be a whole number 0..18446744073709551615 in ASCII digits, got '²'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from mus.game import MAX_SEED
from mus.jsondata import described
from mus.rules import NAMES, OPTIONS

if TYPE_CHECKING:
    import mus

LINK_KEY = "mano"  # the page's fragment: #mano=<code>
DEAL_KEY = "deal"  # the query parameter with a deal's hands: ?deal=RoRcC6,7654,…
# Every parameter of a deal link, in the order deal_query writes them.
DEAL_KEYS = (DEAL_KEY, "mano", "score") + NAMES
_HEX = "0123456789abcdefABCDEF"
_DIGITS = "0123456789"


def code_from_fragment(fragment: str) -> str | None:
    """The code of a ``#mano=<code>`` fragment, or None."""
    key, _, code = fragment.lstrip("#").partition("=")
    return code if key == LINK_KEY and code else None


def hand_link(page_url: str, code: str) -> str:
    """The share link of a hand: this page with the code in the fragment."""
    return "%s#%s=%s" % (page_url.split("#", 1)[0], LINK_KEY, code)


def deal_query(hands: list[str], mano: int, score: tuple[int, int], rules: mus.Rules) -> str:
    """The query of a link that starts a partida from ``hands`` (seats 0..3) at the table."""
    pairs = [(DEAL_KEY, ",".join(hands)), ("mano", str(mano)), ("score", "%d,%d" % (score[0], score[1]))]
    pairs += [(o.name, o.text(getattr(rules, o.name))) for o in OPTIONS
              if o.always or getattr(rules, o.name) != o.default]
    return "&".join("%s=%s" % pair for pair in pairs)


def query_pairs(query: str) -> list[tuple[str, str]]:
    """The (name, value) pairs of a query string (with or without '?'), in order, decoded
    (``%XX`` escapes, ``+`` as a space)."""
    return [(_decoded(name), _decoded(value)) for name, _, value in
            (item.partition("=") for item in query.lstrip("?").split("&") if item)]


def _decoded(text: str) -> str:
    data = text.replace("+", " ").encode()
    out = bytearray()
    i = 0
    while i < len(data):
        if data[i] == 37 and i + 2 < len(data) and chr(data[i + 1]) in _HEX and chr(data[i + 2]) in _HEX:
            out.append(int(data[i + 1:i + 3].decode(), 16))
            i += 3
        else:
            out.append(data[i])
            i += 1
    return bytes(out).decode("utf-8", "replace")


def parse_seed(text: str) -> int:
    """The seed of ``?seed=N``; ValueError for anything but a whole number the engine takes,
    written in ASCII digits (``isdigit`` would take "²", which ``int`` then refuses)."""
    if not 0 < len(text) <= len(str(MAX_SEED)) or not all(c in _DIGITS for c in text) or int(text) > MAX_SEED:
        raise ValueError(f"expected ?seed= to be a whole number 0..{MAX_SEED} in ASCII digits, got {described(text)}")
    return int(text)
