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

SYMBOL_OPEN, SYMBOL_CLOSE = '<symbol id="', "</symbol>"


def symbols(sprite: str) -> dict[str, str]:
    """{id: drawing} of the sprite's ``<symbol id="…" …>drawing</symbol>`` elements (the id
    first, as tools/build/make_deck.py writes them)."""
    out: dict[str, str] = {}
    at = sprite.find(SYMBOL_OPEN)
    while at >= 0:
        name_end = sprite.find('"', at + len(SYMBOL_OPEN))
        body = sprite.find(">", name_end) + 1
        end = sprite.find(SYMBOL_CLOSE, body)
        if name_end < 0 or body <= 0 or end < 0:
            break
        out[sprite[at + len(SYMBOL_OPEN):name_end]] = sprite[body:end]
        at = sprite.find(SYMBOL_OPEN, end)
    return out


class DeckArt:
    __slots__ = ("symbols",)

    def __init__(self, sprite: str) -> None:
        self.symbols = symbols(sprite)

    def __contains__(self, card: str) -> bool:
        return card in self.symbols

    def inline(self, card: str, deck_url: str) -> str:
        """The card's drawing, its references to the sprite's shared parts made absolute."""
        body = self.symbols[card].replace('href="#', 'href="%s#' % deck_url)
        return '<svg viewBox="0 0 200 300" aria-hidden="true" focusable="false">%s</svg>' % body
