"""Card faces copied out of ``static/deck.svg`` for the showdown. Pure.

At the count, the revealed hands of the hand just played are drawn with each card's
own drawing instead of ``<use href="deck.svg#Ro">``: the next hand is already dealt
then, and the page never names a card it does not own in an attribute. The drawing
only refers to the sprite's shared parts (``#face``, ``#fig-R``, ``#pip-o``), which
are left in the external file.

>>> art = DeckArt('<svg><symbol id="Ro" viewBox="0 0 200 300"><use href="#face"/></symbol></svg>')
>>> art.inline("Ro", "static/deck.svg")
'<svg viewBox="0 0 200 300" aria-hidden="true" focusable="false"><use href="static/deck.svg#face"/></svg>'
"""

from __future__ import annotations

import re

_SYMBOL = re.compile(r'<symbol id="([^"]+)"[^>]*>(.*?)</symbol>', re.S)
_HREF = re.compile(r'href="#([^"]+)"')


class DeckArt:
    def __init__(self, sprite: str) -> None:
        self.symbols = {m.group(1): m.group(2) for m in _SYMBOL.finditer(sprite)}

    def __contains__(self, card: str) -> bool:
        return card in self.symbols

    def inline(self, card: str, deck_url: str) -> str:
        body = _HREF.sub(lambda m: f'href="{deck_url}#{m.group(1)}"', self.symbols[card])
        return f'<svg viewBox="0 0 200 300" aria-hidden="true" focusable="false">{body}</svg>'
