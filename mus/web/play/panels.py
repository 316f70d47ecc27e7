"""The menu's panels as HTML: the menu, the help's illustrated guide, the glossary. Pure.

Cards are the deck's (``kit.table``), badges and señas faces the table's own; links to the
lessons are drawn as the table's buttons (``.btn``), not as bare browser links.

>>> from .guide import help_view
>>> html = help_panel(help_view(40, "es"))
>>> 'class="btn btn-link" href="lessons.html?lesson=cartas"' in html, html.count('class="card face')
(True, 8)
"""

from __future__ import annotations

from typing import Any

from ..kit.faces import face_svg
from ..kit.html import button, esc
from ..kit.table import badge, face


def panel(title: str, body: str, cls: str, footer: str = "") -> str:
    """A dialog: its title, a body that scrolls inside it if it must, and a footer of buttons
    that stays in view without covering the body."""
    foot = f'<div class="buttons panel-foot">{footer}</div>' if footer else ""
    # data-said: a panel redrawn (a setting changed in it) does not rise again
    return (f'<section class="panel {cls}" role="dialog" aria-modal="true" aria-labelledby="overlay-title" '
            f'data-said="panel:{esc(cls)}">'
            f'<h2 id="overlay-title" tabindex="-1">{esc(title)}</h2><div class="panel-body">{body}</div>{foot}</section>')


def link_button(href: str, text: str) -> str:
    """A link that looks and sits like the table's buttons."""
    return f'<a class="btn btn-link" href="{esc(href)}">{esc(text)}</a>'


def spec(b: dict[str, Any]) -> str:
    return button(b["label"], action=b.get("action"), ui=b.get("ui"), kind=b.get("kind", ""),
                  id_="m-" + str(b.get("ui") or b.get("action")),
                  extra=[("value", b.get("value")), ("lang", b.get("lang")), ("aria-pressed", b.get("pressed")),
                         ("title", b.get("aria"))])


def help_panel(h: dict[str, Any]) -> str:
    parts = []
    for p in h["parts"]:
        pictures = ""
        if p["cards"]:
            cards = "".join(face(c, label, None, " mini") for c, label in zip(p["cards"], p["card_labels"]))
            pictures = f'<div class="guide-cards">{cards}<span class="guide-caption">{esc(p["caption"])}</span></div>'
        if p["badges"]:
            pictures = "<ul class=\"guide-badges\">" + "".join(
                f'<li>{badge(b["kind"], b["text"])} {esc(b["means"])}</li>' for b in p["badges"]) + "</ul>"
        if p["senas"]:
            pictures = '<div class="guide-senas" aria-hidden="true">' + "".join(
                f'<span class="sena">{face_svg(s)}</span>' for s in p["senas"]) + "</div>"
        if p["id"] == "count":
            pictures = '<ul class="stone-legend">' + "".join(
                f'<li><i class="{esc(item["kind"])}" aria-hidden="true"></i> {esc(item["text"])}</li>'
                for item in h["legend"]) + "</ul>"
        lessons = "".join(link_button(link["href"], link["text"]) for link in p["lessons"])
        parts.append(f'<section class="guide-part" data-guide="{esc(p["id"])}"><h3>{esc(p["title"])}</h3>'
                     f'<p>{esc(p["text"])}</p>{pictures}'
                     + (f'<div class="buttons guide-lessons" role="group" aria-label="{esc(p["lessons_label"])}">'
                        f'<span class="guide-lessons-label">{esc(p["lessons_label"])}</span>{lessons}</div>'
                        if lessons else "") + "</section>")
    glossary = h["glossary"]
    foot = spec(h["button"]) + spec({"ui": glossary["ui"], "label": glossary["label"]})
    return panel(h["title"], "".join(parts), "help", foot)


def glossary_panel(g: dict[str, Any]) -> str:
    def entries(items: list[dict[str, Any]]) -> str:
        return "".join(f'<div class="gloss" data-gloss="{esc(i["key"])}"><dt lang="es">{esc(i["text"])}</dt>'
                       f'<dd>{esc(i["means"])}</dd></div>' for i in items)

    body = (f'<p class="lead">{esc(g["lead"])}</p><dl class="glossary">{entries(g["phrases"])}</dl>'
            f'<h3>{esc(g["advice_title"])}</h3><p class="lead">{esc(g["advice_lead"])}</p>'
            f'<dl class="glossary">{entries(g["advice"])}</dl>')
    return panel(g["title"], body, "glossary", spec({"ui": "close", "label": g["close"], "kind": "primary"}))


def menu_panel(m: dict[str, Any], stats: str, speed: str = "") -> str:
    buttons = "".join(spec(b) for b in m["buttons"]) + link_button(m["lessons"]["href"], m["lessons"]["text"])
    cast = f'<p class="cast">{esc(m["cast"])}</p>' if m["cast"] else ""
    body = (f'<nav class="menu-items" aria-label="{esc(m["title"])}">{buttons}</nav>'
            f'{speed}{cast}<p class="rules-summary">{esc(m["rules"])}</p>{stats}')
    return panel(m["title"], body, "menu", "")
