"""Numbers written alike on every runtime, for what the pages and the bots' reasons show.

A float format such as ``.1f`` or ``round(x, 1)`` rounds some halves differently on
MicroPython, so shown numbers are rounded half up by hand.

>>> fixed(0.25, 1), fixed(-1.05, 1), fixed(3, 2)
('0.3', '-1.0', '3.00')
"""

from __future__ import annotations

import math


def fixed(x: float, places: int) -> str:
    """``x`` with ``places`` decimals, rounded half up."""
    scale = 10 ** places
    n = math.floor(float(x) * scale + 0.5)
    digits = str(abs(n) % scale)
    return f"{'-' if n < 0 else ''}{abs(n) // scale}.{'0' * (places - len(digits))}{digits}"
