#!/usr/bin/env python3
"""Generate the Spanish 40-card deck SVG sprite used by the Mus web client.

Stdlib only.  Output is deterministic (same bytes on every run), so the test
suite can check that ``static/deck.svg`` is up to date.

The sprite holds one ``<symbol>`` per card, id = rank char + suit char
(``Ro``, ``Cc``, ``Se``, ``7b``, ``Ao``...) plus ``back``.  Every symbol uses
``viewBox="0 0 200 300"``.  Shared artwork (card face, suit pips, figures) is
defined once as ``<g id=...>`` inside ``<defs>`` and reused with
``<use href="#...">``.  Page usage::

    <svg viewBox="0 0 200 300"><use href="static/deck.svg#Ro"/></svg>

Design rules that keep external ``<use>`` working in browsers:

* only presentation attributes, no ``<style>``/CSS classes (stylesheets of the
  sprite document are not applied to content cloned into the page);
* nothing is inherited from the sprite's root ``<svg>`` (cloned content
  inherits from the page's ``<use>`` element), so every symbol sets its own
  fill/stroke/font attributes;
* no gradients, patterns, clip paths, masks, filters or markers (``url(#..)``
  paint servers referenced from an external document are unreliable);
* the figures are suit-neutral and take the suit colour via ``currentColor``
  set with ``color=`` on the nested ``<use>``.

The back is also written as an image of its own, ``back.svg`` beside the sprite: the pages
draw face-down cards as its CSS background.

Usage: ``python3 tools/build/make_deck.py [--out PATH]`` (default static/deck.svg).
"""

from __future__ import annotations

import argparse
import math
import os
import sys

W, H = 200, 300
VIEWBOX = f"0 0 {W} {H}"

RANKS = ["R", "C", "S", "7", "6", "5", "4", "3", "2", "A"]
SUITS = ["o", "c", "e", "b"]
# number printed in the corner index (Spanish convention)
RANK_NUMBER = {"A": "1", "2": "2", "3": "3", "4": "4", "5": "5", "6": "6",
               "7": "7", "S": "10", "C": "11", "R": "12"}
# colour of the corner index per suit
INDEX_COLOR = {"o": "#a66f00", "c": "#c62828", "e": "#1d5bb0", "b": "#2e7d32"}
# clothing colour of the figures per suit (slightly lighter than the index)
CLOTH_COLOR = {"o": "#e0a800", "c": "#d23a32", "e": "#2f6fc4", "b": "#3f9445"}

INK = "#3b2a1c"        # outline colour of figures
SKIN = "#f4cfa4"
FONT = "Georgia,'Times New Roman',serif"


def num(v: float) -> str:
    """Compact, deterministic number formatting."""
    r = round(v, 2)
    if r == int(r):
        return str(int(r))
    s = f"{r:.2f}".rstrip("0").rstrip(".")
    if s.startswith("0."):
        s = s[1:]
    elif s.startswith("-0."):
        s = "-" + s[2:]
    return s


def use(ref: str, x: float = 0, y: float = 0, s: float = 1, rot: float = 0) -> str:
    """<use> of a glyph that is drawn centred on the origin."""
    t = ""
    if x or y or s != 1 or rot:
        t = f"translate({num(x)} {num(y)})"
        if rot:
            t += f"rotate({num(rot)})"
        if s != 1:
            t += f"scale({num(s)})"
        t = f' transform="{t}"'
    return f'<use href="#{ref}"{t}/>'


# --------------------------------------------------------------------------
# shared artwork (in <defs>)
# --------------------------------------------------------------------------

def shared_parts() -> list[str]:
    """The artwork every card reuses (face, pips, figures), one element each with its id."""
    out = []
    # plain card face: rounded white card, thin grey border
    out.append('<rect id="face" x="1.5" y="1.5" width="197" height="297" rx="14" '
               'fill="#fff" stroke="#8a8a8a" stroke-width="2.5"/>')

    # ---- suit pips, each drawn centred on (0,0), about 100 units tall ----
    # oros: gold coin with inner ring and a little sun
    circ = 2 * math.pi * 21 / 32
    out.append(
        '<g id="pip-o" stroke="#8a5c00">'
        '<circle r="45" fill="#e9b824" stroke-width="5"/>'
        '<circle r="32" fill="#f7d862" stroke-width="3"/>'
        f'<circle r="21" fill="none" stroke="#cf8f00" stroke-width="10" '
        f'stroke-dasharray="{num(circ)}"/>'
        '<circle r="12" fill="#e09c06" stroke-width="3"/>'
        '</g>')
    # copas: red chalice
    out.append(
        '<g id="pip-c" stroke="#7a1212" stroke-width="4" stroke-linejoin="round" fill="#c62828">'
        '<path d="M-36-40H36C36-8 22 5 7 9V25C7 33 20 37 27 47H-27C-20 37-7 33-7 25V9'
        'C-22 5-36-8-36-40Z"/>'
        '<ellipse cy="-40" rx="36" ry="7" fill="#e8706a"/>'
        '<ellipse cy="15" rx="12" ry="5"/>'
        '<path d="M-24-26C-23-12-16-4-8 0" fill="none" stroke="#f19a94" stroke-width="5" '
        'stroke-linecap="round"/>'
        '</g>')
    # espadas: blue sword, point up
    out.append(
        '<g id="pip-e" stroke="#123a6e" stroke-width="3" stroke-linejoin="round">'
        '<path d="M0-51L11-37V17H-11V-37Z" fill="#3d7bd0"/>'
        '<path d="M0-38V12" stroke="#b9d3f3" stroke-width="4" stroke-linecap="round"/>'
        '<rect x="-29" y="15" width="58" height="11" rx="5.5" fill="#1d5bb0"/>'
        '<rect x="-6" y="26" width="12" height="16" fill="#1d5bb0"/>'
        '<circle cy="46" r="7" fill="#1d5bb0"/>'
        '</g>')
    # bastos: green knobbly club, bulbous end up, short trimmed knots with
    # light cut ends, narrow handle with a round butt
    stubs = [(-14, -22, -25, -26), (13, -8, 24, -13), (-10, 12, -20, 8), (8, 26, 17, 22)]
    stub_d = "".join(f"M{a} {b}L{c} {d}" for a, b, c, d in stubs)
    stub_ends = "".join(f'<circle cx="{c}" cy="{d}" r="3.2"/>' for _, _, c, d in stubs)
    out.append(
        '<g id="pip-b" stroke="#1b4d1f" stroke-width="3.5" stroke-linejoin="round" fill="#3f9445">'
        f'<path d="{stub_d}" stroke-width="15" stroke-linecap="round"/>'
        f'<path d="{stub_d}" stroke="#3f9445" stroke-width="8" stroke-linecap="round"/>'
        '<circle cy="44" r="7.5"/>'
        '<path d="M-6 42C-9 10-21-14-21-34C-21-58 21-58 21-34C21-14 9 10 6 42Z"/>'
        '<path d="M-9-40C-12-22-5 0-1 34" fill="none" stroke="#8fd08f" stroke-width="5" '
        'stroke-linecap="round"/>'
        f'<g fill="#ecd69c" stroke="none">{stub_ends}</g>'
        '</g>')

    # ---- figures (suit colour through currentColor) ----
    # an outlined "limb": dark wide stroke with a coloured narrower one on top
    def limb(d: str, color: str = "currentColor", w: float = 11) -> str:
        return (f'<path d="{d}" fill="none" stroke="{INK}" stroke-width="{num(w + 5)}" '
                f'stroke-linecap="round"/>'
                f'<path d="{d}" fill="none" stroke="{color}" stroke-width="{num(w)}" '
                f'stroke-linecap="round"/>')

    # sota: standing young page with a feathered cap, legs visible,
    # right hand raised holding the suit pip
    out.append(
        f'<g id="fig-S" stroke="{INK}" stroke-width="3" stroke-linejoin="round">'
        + limb("M89 190V226M111 190V226", "#efe6d8", 10) +
        f'<path d="M76 233Q78 224 92 225L94 233ZM124 233Q122 224 108 225L106 233Z" fill="{INK}"/>'
        + limb("M83 124L70 172") + limb("M117 124L142 140") +
        '<circle cx="68" cy="176" r="6" fill="' + SKIN + '"/>'
        '<path d="M84 117H116L134 194H66Z" fill="currentColor"/>'
        '<path d="M100 117V194" fill="none" stroke-width="2"/>'
        f'<path d="M74 151H126V159H74Z" fill="{INK}"/>'
        '<path d="M88 117L100 131L112 117Z" fill="#fff"/>'
        f'<circle cx="100" cy="97" r="17" fill="{SKIN}"/>'
        '<path d="M82 92C80 70 120 70 118 92C110 84 90 84 82 92Z" fill="currentColor"/>'
        '<path d="M112 78C122 62 136 60 140 64C130 66 122 72 116 82Z" fill="#fff"/>'
        f'<circle cx="94" cy="98" r="2" fill="{INK}" stroke="none"/>'
        f'<circle cx="106" cy="98" r="2" fill="{INK}" stroke="none"/>'
        '</g>')

    # caballo: horse head and neck facing left, mane and bridle in suit colour
    out.append(
        f'<g id="fig-C" stroke="{INK}" stroke-width="3" stroke-linejoin="round">'
        '<path d="M121 86C142 100 158 150 166 236L178 236L170 214L180 200L168 184L175 166'
        'L162 150L166 130L154 116L156 100L140 90Z" fill="currentColor"/>'
        '<path d="M101 88L106 58L122 86C142 100 158 150 166 236H112C110 200 106 176 98 160'
        'C88 168 74 172 63 169C52 166 47 158 49 148C54 128 76 106 101 88Z" fill="#a7683a"/>'
        '<path d="M108 66L114 84" stroke-width="3" stroke-linecap="round"/>'
        '<path d="M57 136C70 140 82 150 90 162M86 112L98 160" fill="none" '
        'stroke="currentColor" stroke-width="6" stroke-linecap="round"/>'
        f'<circle cx="98" cy="160" r="5" fill="#f0d27a"/>'
        f'<ellipse cx="92" cy="110" rx="5" ry="4" fill="{INK}" stroke="none"/>'
        f'<ellipse cx="57" cy="152" rx="4" ry="3" fill="{INK}" stroke="none"/>'
        '</g>')

    # rey: crowned, bearded king in a long robe with ermine trim,
    # right hand holding the suit pip
    dots = "".join(f'<circle cx="{x}" cy="{y}" r="2"/>'
                   for x, y in [(64, 230), (82, 230), (100, 230), (118, 230), (136, 230),
                                (100, 150), (100, 172), (100, 194)])
    out.append(
        f'<g id="fig-R" stroke="{INK}" stroke-width="3" stroke-linejoin="round">'
        + limb("M116 132L144 152", w=13) +
        '<path d="M80 122H120C132 160 142 200 152 238H48C58 200 68 160 80 122Z" fill="currentColor"/>'
        '<path d="M93 128H107V224H93ZM51 224H149L152 238H48Z" fill="#fbf7ee"/>'
        f'<g fill="{INK}" stroke="none">{dots}</g>'
        '<ellipse cx="100" cy="124" rx="26" ry="8" fill="#fbf7ee"/>'
        + limb("M84 132L76 176", w=13) +
        f'<circle cx="76" cy="180" r="6.5" fill="{SKIN}"/>'
        f'<circle cx="100" cy="101" r="17" fill="{SKIN}"/>'
        '<path d="M84 104C86 130 114 130 116 104C108 112 92 112 84 104Z" fill="#ddd6c8"/>'
        f'<circle cx="94" cy="99" r="2" fill="{INK}" stroke="none"/>'
        f'<circle cx="106" cy="99" r="2" fill="{INK}" stroke="none"/>'
        '<path d="M80 88V64L90 76L100 57L110 76L120 64V88Z" fill="#f2c230"/>'
        '<circle cx="100" cy="79" r="3.5" fill="#c62828" stroke-width="1.5"/>'
        '</g>')
    return out


def defs() -> str:
    return "<defs>" + "".join(shared_parts()) + "</defs>"


# --------------------------------------------------------------------------
# cards
# --------------------------------------------------------------------------

# pip centres for 2..7 and the pip scale used for that count
PIP_LAYOUT = {
    2: (0.62, [(100, 88), (100, 212)]),
    3: (0.56, [(100, 76), (100, 150), (100, 224)]),
    4: (0.56, [(64, 94), (136, 94), (64, 206), (136, 206)]),
    5: (0.52, [(62, 84), (138, 84), (100, 150), (62, 216), (138, 216)]),
    6: (0.5, [(64, 80), (136, 80), (64, 150), (136, 150), (64, 220), (136, 220)]),
    7: (0.48, [(64, 80), (136, 80), (48, 150), (100, 150), (152, 150),
               (64, 220), (136, 220)]),
}
# as: one big pip
ACE_SCALE = {"o": 1.45, "c": 1.55, "e": 1.8, "b": 1.75}
ACE_ROT = {"o": 0, "c": 0, "e": 0, "b": 15}
# where the figure holds the pip: (x, y, scale) per rank; per-suit scale factor
FACE_PIP = {"S": (150, 122), "C": (60, 214), "R": (150, 164)}
FACE_PIP_SCALE = {"o": 0.44, "c": 0.46, "e": 0.5, "b": 0.5}


def corner_index(card_rank: str, suit: str) -> str:
    n = RANK_NUMBER[card_rank]
    # two-digit numbers are squeezed to a fixed width so they look the same
    # whatever serif font the browser picks
    fit = ' textLength="56" lengthAdjust="spacingAndGlyphs"' if len(n) == 2 else ""
    return (f'<g fill="{INDEX_COLOR[suit]}" font-family="{FONT}" font-weight="bold" '
            f'font-size="56" font-style="normal" text-anchor="middle" stroke="none">'
            f'<text x="35" y="55"{fit}>{n}</text>'
            f'<text x="35" y="55" transform="rotate(180 100 150)"{fit}>{n}</text></g>')


def card(rank: str, suit: str) -> str:
    parts = ['<use href="#face"/>']
    pip = f"pip-{suit}"
    if rank == "A":
        parts.append(use(pip, 100, 150, ACE_SCALE[suit], ACE_ROT[suit]))
    elif rank in "234567":
        s, pts = PIP_LAYOUT[int(rank)]
        parts.extend(use(pip, x, y, s) for x, y in pts)
    else:
        parts.append(f'<use href="#fig-{rank}" color="{CLOTH_COLOR[suit]}"/>')
        x, y = FACE_PIP[rank]
        parts.append(use(pip, x, y, FACE_PIP_SCALE[suit]))
    parts.append(corner_index(rank, suit))
    return (f'<symbol id="{rank}{suit}" viewBox="{VIEWBOX}">' + "".join(parts) + "</symbol>")


def back_drawing() -> str:
    """The back's drawing in a 200 x 300 box, by reference to the face and the pips."""
    x0, y0, x1, y1 = 12, 12, 188, 288
    step = 16
    segs = []
    # diagonal lattice clipped (by arithmetic) to the inner panel
    for sign in (1, -1):
        c_min = (x0 + y0) if sign == 1 else (x0 - y1)
        c_max = (x1 + y1) if sign == 1 else (x1 - y0)
        c = c_min + step // 2
        while c < c_max:
            pts = []
            # line: y = sign*(c - x)  i.e. x + y = c  or  x - y = c
            for x in (x0, x1):
                y = (c - x) if sign == 1 else (x - c)
                if y0 <= y <= y1:
                    pts.append((x, y))
            for y in (y0, y1):
                x = (c - y) if sign == 1 else (c + y)
                if x0 < x < x1:
                    pts.append((x, y))
            pts = sorted(set(pts))
            if len(pts) >= 2:
                (ax, ay), (bx, by) = pts[0], pts[-1]
                segs.append(f"M{num(ax)} {num(ay)}L{num(bx)} {num(by)}")
            c += step
    lattice = "".join(segs)
    pips = "".join(use(f"pip-{s}", x, y, 0.3) for s, x, y in
                   [("o", 100, 104), ("c", 134, 150), ("e", 100, 196), ("b", 66, 150)])
    return (
        '<use href="#face"/>'
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="8" fill="#8e1f24"/>'
        f'<path d="{lattice}" stroke="#b8474b" stroke-width="2.5" fill="none"/>'
        f'<rect x="{x0}" y="{y0}" width="{x1 - x0}" height="{y1 - y0}" rx="8" fill="none" '
        'stroke="#e9c46a" stroke-width="4"/>'
        f'<rect x="{x0 + 8}" y="{y0 + 8}" width="{x1 - x0 - 16}" height="{y1 - y0 - 16}" rx="4" '
        'fill="none" stroke="#e9c46a" stroke-width="1.5"/>'
        '<ellipse cx="100" cy="150" rx="60" ry="78" fill="#fbf4e2" stroke="#e9c46a" stroke-width="5"/>'
        '<ellipse cx="100" cy="150" rx="52" ry="70" fill="none" stroke="#8e1f24" stroke-width="2"/>'
        + pips)


def back() -> str:
    return f'<symbol id="back" viewBox="{VIEWBOX}">{back_drawing()}</symbol>'


def back_image() -> str:
    """The back as an image of its own (``static/back.svg``): the pages draw a face-down card
    as a CSS background, where a ``<use>`` of the sprite would clone some forty elements into
    the page each time a hand is drawn anew."""
    wanted = [part for part in shared_parts() if part.startswith(('<rect id="face"', '<g id="pip-'))]
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{VIEWBOX}">\n'
            "<!-- A Spanish card's back for Mus. Generated by tools/build/make_deck.py; do not edit. -->\n"
            + "<defs>" + "".join(wanted) + "</defs>" + back_drawing() + "\n</svg>\n")


def build() -> str:
    symbols = [card(r, s) for s in SUITS for r in RANKS]
    symbols.append(back())
    return (
        '<svg xmlns="http://www.w3.org/2000/svg">\n'
        "<!-- Spanish 40-card deck for Mus. Generated by tools/build/make_deck.py; do not edit. -->\n"
        + defs() + "\n"
        + "\n".join(symbols)
        + "\n</svg>\n")


def main(argv: list[str] | None = None) -> int:
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=os.path.join(root, "static", "deck.svg"),
                    help="output path (default: static/deck.svg); the back goes beside it as back.svg")
    args = ap.parse_args(argv)
    out_dir = os.path.dirname(os.path.abspath(args.out))
    os.makedirs(out_dir, exist_ok=True)
    for path, text in ((args.out, build()), (os.path.join(out_dir, "back.svg"), back_image())):
        data = text.encode("utf-8")
        with open(path, "wb") as f:
            f.write(data)
        print(f"wrote {path} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
