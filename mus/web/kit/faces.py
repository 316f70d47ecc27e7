"""Small drawn faces for the señas: our own inline SVG, no emoji font needed. Pure.

Each face is decorative (``aria-hidden``): a short label sits next to it, and the button
around both is named by the gesture and its meaning in words (read aloud, or shown when
tapped), for screen readers and for anyone who cannot read a tiny face.

>>> 'class="face"' in face_svg("la 31") and "<svg" in face_svg("ciego")
True
>>> face_svg("la 31") != face_svg("ciego")
True
"""

from __future__ import annotations

_SKIN, _INK, _TONGUE, _TEETH = "#f3d2b3", "#4a2f1d", "#d9546b", "#fffef8"

_EYE_OPEN_L = f'<circle cx="14" cy="18" r="2.2" fill="{_INK}"/>'
_EYE_OPEN_R = f'<circle cx="26" cy="18" r="2.2" fill="{_INK}"/>'
_EYE_SHUT_L = f'<path d="M11 18 q3 2.5 6 0" fill="none" stroke="{_INK}" stroke-width="1.6"/>'
_EYE_SHUT_R = f'<path d="M23 18 q3 2.5 6 0" fill="none" stroke="{_INK}" stroke-width="1.6"/>'
_BROWS = (f'<path d="M10 13 l7 -1 M23 12 l7 1" stroke="{_INK}" stroke-width="1.5" '
          'stroke-linecap="round"/>')
_BROWS_UP = (f'<path d="M10 9 q3.5 -3 7 -1 M23 8 q3.5 -2 7 1" fill="none" stroke="{_INK}" '
             'stroke-width="1.5" stroke-linecap="round"/>')
_MOUTH = f'<path d="M14 28 q6 3 12 0" fill="none" stroke="{_INK}" stroke-width="1.6" stroke-linecap="round"/>'

_PARTS: dict[str, tuple[str, str, str]] = {   # brows, eyes, mouth
    "dos reyes": (_BROWS, _EYE_OPEN_L + _EYE_OPEN_R,
                  f'<path d="M14 27 h12" stroke="{_INK}" stroke-width="1.6" stroke-linecap="round"/>'
                  f'<rect x="16.5" y="27" width="7" height="2.6" fill="{_TEETH}" stroke="{_INK}" stroke-width="0.8"/>'
                  f'<path d="M15 31 q5 2.5 10 0" fill="none" stroke="{_INK}" stroke-width="1.2"/>'),
    "dos ases": (_BROWS, _EYE_OPEN_L + _EYE_OPEN_R,
                 _MOUTH + f'<ellipse cx="20" cy="30.6" rx="2.4" ry="1.8" fill="{_TONGUE}"/>'),
    "medias de reyes": (_BROWS, _EYE_OPEN_L + _EYE_OPEN_R,
                        f'<path d="M14 30 q7 0 13 -5" fill="none" stroke="{_INK}" stroke-width="1.6" '
                        'stroke-linecap="round"/>'),
    "medias de ases": (_BROWS, _EYE_OPEN_L + _EYE_OPEN_R,
                       _MOUTH + f'<ellipse cx="26.5" cy="30" rx="2.6" ry="1.7" fill="{_TONGUE}" '
                       'transform="rotate(30 26.5 30)"/>'),
    "duples": (_BROWS_UP, _EYE_OPEN_L + _EYE_OPEN_R, _MOUTH),
    "la 31": (_BROWS, _EYE_OPEN_L + _EYE_SHUT_R, _MOUTH),
    "ciego": (_BROWS, _EYE_SHUT_L + _EYE_SHUT_R, _MOUTH),
}


def face_svg(sena: str) -> str:
    """The face making ``sena``'s gesture (a plain face for an unknown name)."""
    brows, eyes, mouth = _PARTS.get(sena, (_BROWS, _EYE_OPEN_L + _EYE_OPEN_R, _MOUTH))
    return (f'<svg class="face" viewBox="0 0 40 40" width="40" height="40" aria-hidden="true" '
            f'focusable="false"><circle cx="20" cy="20" r="18" fill="{_SKIN}" stroke="{_INK}" '
            f'stroke-width="1.5"/>{brows}{eyes}{mouth}</svg>')
