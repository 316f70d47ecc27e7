"""The panels the menu opens over the table: the menu (☰) itself, the help's illustrated guide
and the glossary of the table's sayings, as plain view data. Pure.

The guide says what the table assumes (8 reyes: a 3 is a rey and a 2 an as, so "3 C S 2" is
31; the card points; how pares and juego rank and pay; the plates' badges; señas), drawn with
our own deck and the table's own badges and faces; each part links to its lesson
(``lessons.html?lesson=<id>``).

>>> g = help_view(40, "es")
>>> [part["id"] for part in g["parts"]][:3], g["parts"][0]["cards"]
(['cards', 'lances', 'pares'], ['3e', 'Cc', 'So', '2b'])
>>> g["parts"][0]["lessons"][0]["href"]
'lessons.html?lesson=cartas'
"""

from __future__ import annotations

from typing import Any

from ..kit.i18n import card_name, t

# Each part of the guide: its id, the lessons it links to, the cards it shows.
PARTS = (
    ("cards", ("cartas",), ("3e", "Cc", "So", "2b")),
    ("lances", ("mus", "cortar", "grande", "chica"), ()),
    ("pares", ("pares", "declaraciones"), ("Ro", "3c", "Ae", "2o")),
    ("juego", ("juego", "punto", "real"), ()),
    ("envites", ("envites", "envidar", "ordago"), ()),
    ("count", ("cuenta", "juegos", "vacas"), ()),
    ("badges", (), ()),
    ("senas", ("senas",), ()),
    ("keys", (), ()),
)
LESSON_TITLES = {
    "es": {"cartas": "Las cartas", "mus": "El mus", "cortar": "Cortar el mus", "grande": "La grande",
           "chica": "La chica", "pares": "Pares", "declaraciones": "Declarar", "juego": "El juego",
           "punto": "El punto", "real": "La 31 real", "envites": "Envites", "envidar": "Cuándo envidar",
           "ordago": "El órdago", "cuenta": "El recuento", "juegos": "Juegos", "vacas": "Vacas",
           "senas": "Las señas"},
    "en": {"cartas": "The cards", "mus": "The mus", "cortar": "Cutting the mus", "grande": "Grande",
           "chica": "Chica", "pares": "Pares", "declaraciones": "Declaring", "juego": "Juego",
           "punto": "Punto", "real": "La 31 real", "envites": "Envites", "envidar": "When to bet",
           "ordago": "The órdago", "cuenta": "The count", "juegos": "Juegos", "vacas": "Vacas",
           "senas": "Señas"},
}
# The badges a plate shows, as the guide draws them: (kind, text drawn, what it means).
BADGES = (("mano", "mano", "mano"), ("postre", "postre", "postre"), ("discards", "⇄ 3 · 1", "discards"),
          ("declared yes", "P✓", "pares"), ("declared no", "J✗", "juego"), ("bet", "bet", "bet"))
SENAS_SHOWN = ("dos reyes", "la 31", "ciego")


def lesson_link(lang: str, lesson: str) -> dict[str, str]:
    return {"href": f"lessons.html?lesson={lesson}" + ("&lang=en" if lang == "en" else ""),
            "text": LESSON_TITLES[lang][lesson]}


def _badge(lang: str, kind: str, drawn: str, means: str) -> dict[str, str]:
    text = {"mano": t(lang, "mano"), "postre": t(lang, "postre"), "bet": t(lang, "plate.bet", n=2)}.get(drawn, drawn)
    return {"kind": kind, "text": text, "means": t(lang, f"guide.badge.{means}")}


def help_view(target: int, lang: str) -> dict[str, Any]:
    """The guide: its parts in order, each with its words, its pictures and its lessons."""
    parts = []
    for part, lessons, cards in PARTS:
        entry: dict[str, Any] = {
            "id": part, "title": t(lang, f"guide.{part}.title"), "text": t(lang, f"guide.{part}.text", n=target),
            "cards": list(cards), "card_labels": [card_name(lang, c) for c in cards],
            "lessons": [lesson_link(lang, lesson) for lesson in lessons], "lessons_label": t(lang, "guide.lessons"),
            "caption": None,
            "badges": [], "senas": []}
        if part == "cards":
            entry["caption"] = t(lang, "guide.cards.sum")
        elif part == "pares":
            entry["caption"] = t(lang, "hand.duples", a=t(lang, "rank.R"), b=t(lang, "rank.A"))
        elif part == "badges":
            entry["badges"] = [_badge(lang, *b) for b in BADGES]
        elif part == "senas":
            entry["senas"] = list(SENAS_SHOWN)
        parts.append(entry)
    return {"title": t(lang, "help.title"), "parts": parts,
            "legend": [{"kind": "piedra", "text": t(lang, "help.piedra")},
                       {"kind": "amarraco", "text": t(lang, "help.amarraco")}],
            "glossary": {"ui": "glossary", "label": t(lang, "menu.glossary")},
            "button": {"ui": "close", "label": t(lang, "act.close"), "kind": "primary"}}


def menu_view(lang: str, *, previous: bool, manos: bool, rules: str, cast: str | None,
              stats: dict[str, Any], speed: dict[str, Any] | None = None,
              sound: bool = False) -> dict[str, Any]:
    """The menu: back to the game, the panels, the lessons, the language, a new partida, the
    speed, the sounds."""
    other = "en" if lang == "es" else "es"
    buttons = [{"ui": "close", "label": t(lang, "menu.continue"), "kind": "primary"}]
    if previous:
        buttons.append({"ui": "previous", "label": t(lang, "act.previous"), "kind": ""})
    if manos:
        buttons.append({"ui": "manos", "label": t(lang, "replay.manos.title"), "kind": ""})
    buttons += [{"ui": "help", "label": t(lang, "menu.help"), "kind": ""},
                {"ui": "glossary", "label": t(lang, "menu.glossary"), "kind": ""},
                {"ui": "lang", "value": other, "label": t(lang, "act.lang"), "kind": "", "lang": other},
                {"ui": "sound", "label": t(lang, "act.sound.on" if sound else "act.sound.off"), "kind": "",
                 "pressed": "true" if sound else "false", "aria": t(lang, "act.sound.label")},
                {"ui": "setup", "label": t(lang, "menu.new"), "kind": ""}]
    return {"title": t(lang, "menu.title"), "buttons": buttons, "rules": rules, "cast": cast,
            "lessons": {"href": "lessons.html" + ("?lang=en" if lang == "en" else ""), "text": t(lang, "menu.lessons")},
            "stats": stats, "speed": speed}
