#!/usr/bin/env python3
"""Generate the bots' faces, ``static/faces.svg``: one drawn bust per name of the table's cast
(``mus/web/play/cast.py``) and their expressions, in the deck's style (its ink, skin and suit
colours, flat shapes, no gradients).

Stdlib only, deterministic (``tests/test_faces.py`` checks the file is up to date). The sprite
holds, each ``<symbol viewBox="0 0 48 48">``:

* ``p-<name>``: the person (hair, head, clothes, a beret, glasses, a moustache…), no eyes or mouth;
* ``e-<style>`` and ``m-<style>``: the eyes and the mouth of a style at rest (careful, bluffer,
  bold); ``m-talk``: a mouth that speaks.

The page draws a face as ``<use>`` of a person, then its eyes and mouth (``mus.web.kit.faces``);
a seña is drawn over the person with the señas' own gestures (also in ``kit.faces``), whose
40-unit face is this one moved by ``FACE_AT``. The same rules as the deck's sprite keep an
external ``<use>`` working: presentation attributes only, every symbol sets its own paint.

Usage: ``python3 tools/build/make_faces.py [--out PATH]`` (default static/faces.svg).
"""

from __future__ import annotations

import argparse
import os
import sys

INK = "#3b2a1c"            # the deck's outline colour
SKINS = ("#f4cfa4", "#e8b98e", "#d9a577")
CLOTH = {"o": "#e0a800", "c": "#d23a32", "e": "#2f6fc4", "b": "#3f9445"}   # the deck's suits
HAIR = {"black": "#2b211b", "brown": "#6b4326", "auburn": "#8e3b1f", "blond": "#c99a4a", "grey": "#a7a19a"}
FACE_AT = (4, 4)           # where the señas' 40-unit face sits in the 48-unit bust
SYMBOL = '<symbol id="%s" viewBox="0 0 48 48">%s</symbol>'

# Each person: (symbol id, skin, hair colour, hair style, clothes, extras). The ids are the
# cast's names in ASCII (mus.web.kit.faces.person_id).
PEOPLE = (
    ("paco", 1, "black", "short", "e", ("moustache",)),
    ("lola", 0, "black", "bun", "c", ("flower",)),
    ("chema", 2, "grey", "bald", "b", ("glasses",)),
    ("maite", 0, "brown", "bob", "o", ("earrings",)),
    ("inigo", 1, "black", "curly", "e", ("beard",)),
    ("carmen", 2, "auburn", "long", "b", ()),
    ("fermin", 0, "grey", "short", "c", ("scarf", "moustache")),
    ("begona", 0, "blond", "ponytail", "e", ("glasses",)),
    ("txomin", 1, "grey", "beret", "b", ("moustache",)),
    ("rosario", 2, "grey", "bun", "c", ("earrings",)),
    ("julian", 0, "brown", "parted", "o", ()),
    ("amaia", 1, "black", "fringe", "b", ("earrings",)),
)


def g(body: str) -> str:
    """Shapes drawn in the señas' 40-unit face, moved into the bust."""
    return '<g transform="translate(%d %d)">%s</g>' % (FACE_AT + (body,))


def person(skin: int, hair_name: str, style: str, cloth: str, extras: tuple[str, ...]) -> str:
    hair, face, shirt = HAIR[hair_name], SKINS[skin], CLOTH[cloth]
    stroke = ""  # the group's (below)
    back = ""
    if style in ("long", "fringe"):
        back = f'<path d="M5 20 Q4 6 20 4 Q36 6 35 20 L37 38 L3 38 Z" fill="{hair}" />'
    elif style == "bun":
        back = f'<circle cx="20" cy="3.5" r="5" fill="{hair}" />'
    elif style == "ponytail":
        back = f'<path d="M31 10 Q41 14 36 30 Q33 22 29 16 Z" fill="{hair}" />'
    shoulders = (f'<path d="M-2 44 Q0 34 12 33 L28 33 Q40 34 42 44 Z" fill="{shirt}" />'
                 f'<path d="M15 33 L20 39 L25 33" fill="#fffef8" />')
    neck = f'<rect x="16" y="28" width="8" height="7" fill="{face}" />'
    head = (f'<ellipse cx="6.5" cy="20" rx="2.2" ry="3" fill="{face}" />'
            f'<ellipse cx="33.5" cy="20" rx="2.2" ry="3" fill="{face}" />'
            f'<ellipse cx="20" cy="19" rx="13.5" ry="15" fill="{face}" />')
    front = {
        "short": f'<path d="M6.5 16 Q6 4 20 4 Q34 4 33.5 16 Q28 9 20 9.5 Q12 9 6.5 16 Z" fill="{hair}" />',
        "bun": f'<path d="M6.5 17 Q7 5 20 5 Q33 5 33.5 17 Q30 9 20 9 Q10 9 6.5 17 Z" fill="{hair}" />',
        "bald": f'<path d="M6.3 21 Q5.5 13 8.5 11 L9 18 Z M33.7 21 Q34.5 13 31.5 11 L31 18 Z" fill="{hair}" />',
        "bob": f'<path d="M5 26 Q3 4 20 4 Q37 4 35 26 L31 26 Q32 12 20 10 Q9 12 9 26 Z" fill="{hair}" />',
        "curly": "".join(f'<circle cx="{x}" cy="{y}" r="4" fill="{hair}" />'
                         for x, y in ((9, 11), (14, 6.5), (20, 5), (26, 6.5), (31, 11))),
        "long": f'<path d="M6.5 19 Q6 4 20 4 Q34 4 33.5 19 Q29 8 20 9 Q11 8 6.5 19 Z" fill="{hair}" />',
        "ponytail": f'<path d="M6.5 16 Q7 4 20 4 Q33 4 33.5 16 Q27 8 20 8.5 Q13 8 6.5 16 Z" fill="{hair}" />',
        "beret": (f'<ellipse cx="20" cy="7" rx="16" ry="5" fill="#22211f" />'
                  f'<path d="M19.5 2 l0.5 -2.5 l0.8 2.5" fill="none" stroke="#22211f" stroke-width="1.4"/>'),
        "parted": f'<path d="M6.5 17 Q6 4 19 4 Q34 3 33.5 15 Q27 6 15 10 Q9 12 6.5 17 Z" fill="{hair}" />',
        "fringe": f'<path d="M6.5 18 Q6 4 20 4 Q34 4 33.5 18 L33 12 Q20 14 7 12 Z" fill="{hair}" />',
    }[style]
    more = []
    if "moustache" in extras:
        more.append(f'<path d="M13 26 Q16.5 23 20 25 Q23.5 23 27 26 Q23.5 25.5 20 26.3 Q16.5 25.5 13 26 Z" '
                    f'fill="{hair}" stroke="{INK}" stroke-width="0.8"/>')
    if "beard" in extras:
        more.append(f'<path d="M7 22 Q8 34 20 35 Q32 34 33 22 Q30 28 26 28.5 Q20 26 14 28.5 Q10 28 7 22 Z" '
                    f'fill="{hair}" stroke="{INK}" stroke-width="0.8"/>')
    if "glasses" in extras:
        more.append(f'<g fill="none" stroke="{INK}" stroke-width="1.2"><circle cx="14" cy="18" r="4"/>'
                    f'<circle cx="26" cy="18" r="4"/><path d="M18 18 h4 M10 17 L7 16 M30 17 L33 16"/></g>')
    if "earrings" in extras:
        more.append(f'<circle cx="6.5" cy="24.5" r="1.3" fill="{CLOTH["o"]}" stroke="{INK}" stroke-width="0.6"/>'
                    f'<circle cx="33.5" cy="24.5" r="1.3" fill="{CLOTH["o"]}" stroke="{INK}" stroke-width="0.6"/>')
    if "flower" in extras:
        more.append(f'<g stroke="{INK}" stroke-width="0.6">'
                    + "".join(f'<circle cx="{31 + dx}" cy="{7 + dy}" r="2" fill="{CLOTH["c"]}"/>'
                              for dx, dy in ((0, -2), (2, 0), (0, 2), (-2, 0)))
                    + f'<circle cx="31" cy="7" r="1.2" fill="{CLOTH["o"]}"/></g>')
    if "scarf" in extras:
        more.append(f'<path d="M12 32 Q20 37 28 32 L29 35 Q20 40 11 35 Z M22 36 L26 42 L21 41 Z" '
                    f'fill="{CLOTH["c"]}" stroke="{INK}" stroke-width="0.8"/>')
    return g(f'<g stroke="{INK}" stroke-width="1.2">' + back + shoulders + neck + head + front + "".join(more) + "</g>")


# The expressions of the three styles, in the señas' 40-unit face (eyes at 14/26, 18; mouth at 28).
DOT_EYES = f'<circle cx="14" cy="18" r="2" fill="{INK}"/><circle cx="26" cy="18" r="2" fill="{INK}"/>'
EYES = {
    # careful: brows raised in the middle, wary
    "careful": DOT_EYES + (f'<path d="M10 13 Q13 10.5 17 12 M23 12 Q27 10.5 30 13" fill="none" stroke="{INK}" '
                           'stroke-width="1.4" stroke-linecap="round"/>'),
    # bluffer: one brow up, lids half down: he knows something (or says so)
    "bluffer": DOT_EYES + (f'<path d="M11 16.5 h6 M23 16.5 h6" stroke="{INK}" stroke-width="1.2"/>'
                           f'<path d="M10 13 L17 13.5 M23 11 Q27 9 30 11.5" fill="none" stroke="{INK}" '
                           'stroke-width="1.4" stroke-linecap="round"/>'),
    # bold: brows down toward the middle, ready to go
    "bold": DOT_EYES + (f'<path d="M10 12 L17 14.5 M23 14.5 L30 12" stroke="{INK}" stroke-width="1.6" '
                        'stroke-linecap="round"/>'),
}
MOUTHS = {
    "careful": f'<path d="M16 28.5 h8" stroke="{INK}" stroke-width="1.4" stroke-linecap="round"/>',
    "bluffer": f'<path d="M15 28 Q20 30 26 26.5" fill="none" stroke="{INK}" stroke-width="1.4" stroke-linecap="round"/>',
    "bold": (f'<path d="M13.5 26.5 Q20 33.5 26.5 26.5 Z" fill="#fffef8" stroke="{INK}" stroke-width="1.3" '
             'stroke-linejoin="round"/>'),
    "talk": (f'<ellipse cx="20" cy="28.5" rx="3.6" ry="3" fill="#5a1f1f" stroke="{INK}" stroke-width="1.2"/>'
             '<ellipse cx="20" cy="30" rx="2" ry="1.1" fill="#d9546b"/>'),
}


def sprite() -> str:
    symbols = [SYMBOL % ("p-" + pid, person(skin, hair, style, cloth, extras))
               for pid, skin, hair, style, cloth, extras in PEOPLE]
    symbols += [SYMBOL % ("e-" + name, g(body)) for name, body in EYES.items()]
    symbols += [SYMBOL % ("m-" + name, g(body)) for name, body in MOUTHS.items()]
    return ('<svg xmlns="http://www.w3.org/2000/svg">\n'
            "<!-- The bots' faces. Generated by tools/build/make_faces.py; do not edit. -->\n"
            + "\n".join(symbols) + "\n</svg>\n")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Generate static/faces.svg.")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    parser.add_argument("--out", default=os.path.join(root, "static", "faces.svg"))
    args = parser.parse_args(argv)
    with open(args.out, "w", encoding="utf-8", newline="\n") as file:
        file.write(sprite())
    print(f"{args.out}: {os.path.getsize(args.out)} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
