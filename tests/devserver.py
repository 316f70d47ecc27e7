"""Run ``tools/dev/serve.py`` in a subprocess for tests."""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path
from types import TracebackType

ROOT = Path(__file__).resolve().parent.parent
SERVE = ROOT / "tools" / "dev" / "serve.py"


class DevServer:
    """``with DevServer(root) as url:`` serves ``root`` on a free 127.0.0.1 port."""

    def __init__(self, root: Path = ROOT, *, start_timeout: float = 30.0) -> None:
        self.root = root
        self.start_timeout = start_timeout
        self.proc: subprocess.Popen[str] | None = None
        self.url = ""
        self.output: list[str] = []

    def start(self) -> str:
        self.proc = subprocess.Popen(
            [sys.executable, str(SERVE), "0", "--quiet", "--root", str(self.root)],
            stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        )
        timer = threading.Timer(self.start_timeout, self.proc.kill)
        timer.start()
        try:
            first = self.proc.stdout.readline() if self.proc.stdout else ""
        finally:
            timer.cancel()
        if not first.startswith("Serving http://"):
            rest = self.proc.stdout.read() if self.proc.stdout else ""
            self.stop()
            raise RuntimeError(f"tools/dev/serve.py did not start: {first}{rest}")
        self.url = first.split()[1]
        threading.Thread(target=self._drain, daemon=True).start()
        return self.url

    def _drain(self) -> None:
        assert self.proc is not None and self.proc.stdout is not None
        for line in self.proc.stdout:
            self.output.append(line)

    def stop(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def __enter__(self) -> str:
        return self.start()

    def __exit__(
        self, exc_type: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None
    ) -> None:
        self.stop()
