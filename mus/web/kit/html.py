"""HTML helpers shared by every page: escaping, attributes, buttons, a card of the deck. Pure.

Attributes are given as a list of (name, value) pairs and written in that order (a value of
None or False leaves the attribute out, True writes the bare name), so the HTML is the same
on every Python, whatever order a dict would keep.

>>> esc('<b class="x">Tom & Jerry\\'s</b>')
'&lt;b class=&quot;x&quot;&gt;Tom &amp; Jerry&#x27;s&lt;/b&gt;'
>>> attrs([("class", "btn"), ("id", None), ("disabled", True), ("hidden", False), ("value", 3)])
' class="btn" disabled value="3"'
>>> button("Mus", action="mus", kind="primary", id_="b-mus")
'<button type="button" class="btn btn-primary" id="b-mus" data-action="mus">Mus</button>'
>>> svg_use("Ro")
'<svg viewBox="0 0 200 300" aria-hidden="true" focusable="false"><use href="static/deck.svg#Ro"></use></svg>'
"""

from __future__ import annotations

from typing import Iterable

DECK = "static/deck.svg"  # the card sprite, at the pages' static/ path
CARD_VIEWBOX = "0 0 200 300"


def esc(text: object) -> str:
    """Text made safe for HTML and attribute values (as ``html.escape(text, quote=True)``)."""
    return (str(text).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;").replace("'", "&#x27;"))


def attrs(pairs: Iterable[tuple[str, object]]) -> str:
    """`` name="value"`` for each pair, in order."""
    out = []
    for name, value in pairs:
        if value is None or value is False:
            continue
        out.append(" " + name if value is True else ' %s="%s"' % (name, esc(value)))
    return "".join(out)


def button(label: str, *, action: str | None = None, ui: str | None = None, kind: str = "",
           id_: str | None = None, class_extra: str = "",
           extra: Iterable[tuple[str, object]] = ()) -> str:
    """A ``.btn`` button: an engine action (``data-action``) or another command (``data-ui``,
    its argument in ``value``; see ``commands``)."""
    classes = " ".join(c for c in ("btn", "btn-" + kind if kind else "", class_extra) if c)
    pairs: list[tuple[str, object]] = [("class", classes), ("id", id_), ("data-action", action), ("data-ui", ui)]
    pairs.extend(extra)
    return '<button type="button"%s>%s</button>' % (attrs(pairs), esc(label))


def svg_use(symbol: str) -> str:
    """A card drawn from the sprite by reference."""
    return ('<svg viewBox="%s" aria-hidden="true" focusable="false"><use href="%s#%s"></use></svg>'
            % (CARD_VIEWBOX, DECK, esc(symbol)))
