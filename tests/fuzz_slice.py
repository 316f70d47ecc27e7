"""A slice of both fuzz commands for MicroPython under Node (``tests/test_fuzz.py``'s
``test_a_slice_runs_on_micropython``): a hundredth of the engine's inputs with long ones of
7,006 actions, the save that killed the page's Pyodide, and a two-hundredth of the page's."""

import tests.test_fuzz as engine
import tests.test_web_fuzz as page

engine.main(0.01, 7006)
page.main(0.005, 1000)
