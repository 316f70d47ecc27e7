"""The same scenarios on CPython and on MicroPython must print the same lines.

``tests/differential.py`` plays random play and every bot level under several tables,
saves and reloads, writes and replays each hand's record and link code, and asks the bots
why and the coach how likely; it runs here in CPython and in MicroPython under Node
(``tools/dev/mpy_run.mjs``: the MicroPython build that PyScript's pinned core loads, vendored
from npm), each scenario as its own call into Python (its ``__steps__``: MicroPython frees
memory only between calls, so the scenarios can grow without exhausting its heap). The first
line that differs fails the test, with both versions of it.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "differential.py"


def run(command: list[str]) -> list[str]:
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, timeout=900,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert done.returncode == 0, f"{command[0]} failed:\n{done.stderr[-3000:]}"
    return done.stdout.splitlines()


def test_cpython_and_micropython_agree_line_for_line() -> None:
    cpython = run([sys.executable, str(SCENARIOS)])
    micropython = run(["node", str(ROOT / "tools" / "dev" / "mpy_run.mjs"), str(SCENARIOS)])
    assert cpython and cpython[-1] == "done", "the scenarios did not run to the end on CPython"
    for number, (ours, theirs) in enumerate(zip(cpython, micropython), start=1):
        assert ours == theirs, f"line {number} differs:\nCPython:     {ours[:2000]}\nMicroPython: {theirs[:2000]}"
    assert len(micropython) == len(cpython), (
        f"MicroPython printed {len(micropython)} lines, CPython {len(cpython)}")
