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

import sys
from pathlib import Path

from tests import early

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ROOT / "tests" / "differential.py"
# Started once collection is over (tests/early.py): both run while other tests do.
EARLY = {"differential.cpython": [sys.executable, str(SCENARIOS)],
         "differential.micropython": ["node", str(ROOT / "tools" / "dev" / "mpy_run.mjs"), str(SCENARIOS)]}


def run(command: list[str]) -> list[str]:
    """The lines ``command`` printed; one of ``EARLY``'s has been running since collection."""
    name = next((name for name, early_command in EARLY.items() if early_command == command), " ".join(command))
    done = early.finished(name, command)
    assert done.returncode == 0, f"{command[0]} failed:\n{done.stderr[-3000:]}"
    return done.stdout.splitlines()


def test_cpython_and_micropython_agree_line_for_line() -> None:
    cpython = run(EARLY["differential.cpython"])
    micropython = run(EARLY["differential.micropython"])
    assert cpython and cpython[-1] == "done", "the scenarios did not run to the end on CPython"
    for number, (ours, theirs) in enumerate(zip(cpython, micropython), start=1):
        assert ours == theirs, f"line {number} differs:\nCPython:     {ours[:2000]}\nMicroPython: {theirs[:2000]}"
    assert len(micropython) == len(cpython), (
        f"MicroPython printed {len(micropython)} lines, CPython {len(cpython)}")
