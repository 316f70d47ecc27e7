"""Commands a test waits on, started as soon as the session knows that test will run.

A test module names its commands in ``EARLY`` (a name → the command's arguments, run from the
repository's root). Once collection is over, ``tests/conftest.py`` starts the commands of every
module with a collected test, at a lower priority: the MicroPython runs under Node then use the
core the browser tests leave mostly idle, and the test that needs one only collects its output
(``finished``). Commands no test collected are stopped when the session ends.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from pathlib import Path
from typing import IO, NamedTuple

ROOT = Path(__file__).resolve().parent.parent


class Finished(NamedTuple):
    returncode: int
    stdout: str
    stderr: str


class _Running(NamedTuple):
    process: subprocess.Popen[bytes]
    stdout: IO[bytes]
    stderr: IO[bytes]


_RUNNING: dict[str, _Running] = {}


def _lower_priority() -> None:
    os.nice(5)


def start(name: str, command: list[str]) -> None:
    """Start ``command`` under ``name`` unless it runs already (its output into temporary
    files: a pipe nobody reads would stop it once full)."""
    if name in _RUNNING:
        return
    stdout, stderr = tempfile.TemporaryFile(), tempfile.TemporaryFile()
    process = subprocess.Popen(command, cwd=ROOT, stdout=stdout, stderr=stderr, preexec_fn=_lower_priority,
                               env={**os.environ, "PYTHONPATH": str(ROOT)})
    _RUNNING[name] = _Running(process, stdout, stderr)


def finished(name: str, command: list[str], timeout: float = 900.0) -> Finished:
    """The output of ``command``, started now if it was not started early."""
    start(name, command)
    running = _RUNNING.pop(name)
    try:
        returncode = running.process.wait(timeout)
    finally:
        if running.process.poll() is None:
            running.process.kill()
    texts = []
    for stream in (running.stdout, running.stderr):
        stream.seek(0)
        texts.append(stream.read().decode("utf-8", "replace"))
        stream.close()
    return Finished(returncode, texts[0], texts[1])


def stop_all() -> None:
    """Stop what no test collected (a run cut short by ``-x``, or a failure before it)."""
    for name in list(_RUNNING):
        running = _RUNNING.pop(name)
        if running.process.poll() is None:
            running.process.kill()
            running.process.wait()
        running.stdout.close()
        running.stderr.close()
