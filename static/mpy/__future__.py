# MicroPython has no __future__ module; ``from __future__ import annotations`` only has to
# import (MicroPython never evaluates annotations anyway).
annotations = True
