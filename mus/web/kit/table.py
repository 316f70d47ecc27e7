"""Cards, hands and the parts of a seat, drawn one way for the table, the replay and the lessons.
Pure.

A card is ``.card``: a face (``.card.face``, ``role="img"`` named by the card), drawn from
the sprite by reference or, when the page has the deck's art (``DeckArt``), inline, or a back
(``.card.back``, drawn by the style sheet); the reader's own cards to choose from are buttons
(``data-pos``, their position in the hand, and ``aria-pressed``). A hand is ``.hand`` (``.hidden-hand`` face down,
named by how many cards it hides). A seat shows its name (``.seat-name``, with a short one for
phones), badges (``.badge``) and the words it just said (``.bubble``). Each page lays its
seats out with its own style sheet (``static/style.css``, ``static/lessons.css``).

>>> face("Ro", "Rey de oros")
'<span class="card face" role="img" aria-label="Rey de oros"><svg viewBox="0 0 200 300" aria-hidden="true" focusable="false"><use href="static/deck.svg#Ro"></use></svg></span>'
>>> hidden_hand(2, "Compañero: 2 cartas boca abajo", [("data-hand", 2)]).count('class="card back"')
2
>>> chosen("Ro", "Rey de oros", 0, selected=True, selectable=True)[:69]
'<button type="button" class="card face selected" id="card-0" data-car'
>>> seat_name("Rival de la derecha", "Derecha")
'<span class="seat-name"><span class="long">Rival de la derecha</span><span class="short" aria-hidden="true">Derecha</span></span>'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Mapping

from .html import DECK, attrs, esc, svg_use

if TYPE_CHECKING:
    from .deckart import DeckArt

POSITIONS = ("bottom", "right", "top", "left")  # where seat n sits, seen from the player (seat 0)


def drawing(card: str, art: DeckArt | None = None) -> str:
    """The card's own drawing when the page has the deck's art (the table's count shows the
    hand just played after the next is dealt), else a reference into the sprite."""
    return art.inline(card, DECK) if art is not None and card in art else svg_use(card)


def face(card: str, label: str, art: DeckArt | None = None, extra_class: str = "") -> str:
    """A card face up, named for screen readers."""
    return '<span class="card face%s" role="img" aria-label="%s">%s</span>' % (
        extra_class, esc(label), drawing(card, art))


def back(extra_class: str = "") -> str:
    # drawn by the style sheet (static/back.svg as its background): a hand drawn anew then
    # adds no element of the sprite's to the page
    return '<span class="card back%s"></span>' % extra_class


def chosen(card: str, label: str, pos: int, *, selected: bool, selectable: bool, thrown: bool = False) -> str:
    """One of the reader's cards as a button: pressed when chosen to throw, disabled (but
    still read out) when nothing is to be chosen; ``thrown`` once thrown, until new ones come."""
    pairs = attrs([("id", "card-%d" % pos), ("data-card", card), ("data-pos", pos), ("aria-label", label),
                   ("aria-pressed", ("true" if selected else "false") if selectable else None),
                   ("aria-disabled", None if selectable else "true")])
    return '<button type="button" class="card face%s%s"%s>%s</button>' % (
        " selected" if selected else "", " thrown" if thrown else "", pairs, svg_use(card))


def hand(inner: str, pairs: Iterable[tuple[str, object]]) -> str:
    """A hand of cards already drawn (``pairs``: its attributes, ``class`` first)."""
    return "<div%s>%s</div>" % (attrs(pairs), inner)


def face_hand(cards: list[dict[str, str]], pairs: Iterable[tuple[str, object]], art: DeckArt | None = None) -> str:
    """Cards face up (``{"card", "label"}``), in a ``.hand``."""
    return hand("".join(face(c["card"], c["label"], art) for c in cards), [("class", "hand")] + list(pairs))


def hidden_hand(count: int, label: str, pairs: Iterable[tuple[str, object]], thrown: Iterable[int] = (),
                over: str = "") -> str:
    """``count`` cards face down, one image named by ``label`` for screen readers; those at
    the positions ``thrown`` are thrown, until new ones come (``over``: drawn on them, such as
    their holder's face)."""
    out = set(thrown)
    inner = "".join(back(" thrown" if i in out else "") for i in range(count)) + over
    return hand(inner, [("class", "hand hidden-hand")] + list(pairs) + [("role", "img"), ("aria-label", label)])


def seat_name(name: str, short: str | None = None) -> str:
    """A seat's name; with ``short``, the one phones show (the full one is still read out)."""
    if short is None:
        return '<span class="seat-name">%s</span>' % esc(name)
    return ('<span class="seat-name"><span class="long">%s</span><span class="short" aria-hidden="true">%s</span>'
            '</span>' % (esc(name), esc(short)))


def badge(kind: str, text: str, said: str | None = None) -> str:
    """A small label beside a seat's name: mano, postre, a declaration, the bet… (``said``:
    the moment it came, so that a redraw does not show it coming again)."""
    return '<span class="badge badge-%s"%s>%s</span>' % (kind, attrs([("data-said", said)]), esc(text))


def bubble(seat: int, words: str | None, talk: Mapping[str, str] | None = None, said: str | None = None) -> str:
    """What seat ``seat`` just said (an empty bubble keeps its place); ``said`` names the
    moment it was said (a page redrawing the same words need not pop them again). With
    ``talk`` (a saying: its ``text``, its ``means``, a popover ``id`` and a ``label``) the
    bubble is a button that opens what the saying means."""
    return "".join(bubble_parts(seat, words, talk, said))


def bubble_parts(seat: int, words: str | None, talk: Mapping[str, str] | None = None,
                 said: str | None = None) -> tuple[str, ...]:
    """``bubble``'s elements, one a part: the bubble, and with ``talk`` the popover of its meaning."""
    if not words and not talk:
        return ('<div class="bubble empty" aria-hidden="true"></div>',)
    pairs: list[tuple[str, object]] = [("data-bubble", seat), ("data-said", said)]
    if not talk:
        return ('<div class="bubble"%s>%s</div>' % (attrs(pairs), esc(words)),)
    said_words = '<span class="said">%s</span>' % esc(words) if words else ""
    return ('<button type="button" class="bubble has-talk"%s><span class="bubble-words">%s<span class="talk-text">%s</span>'
            '</span></button>' % (
                attrs([("data-bubble", seat), ("data-said", said), ("data-talk", talk["key"]),
                       ("popovertarget", talk["id"]), ("title", talk["label"])]),
                said_words, esc(talk["quoted"])),
            '<div class="talk-means" id="%s" popover><p class="talk-quote">%s</p><p>%s</p></div>' % (
                esc(talk["id"]), esc(talk["quoted"]), esc(talk["means"])))


