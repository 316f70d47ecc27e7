"""The documentation's shape: README is the front door, docs/ the reference, and
docs/figures.md the one table of measured figures."""

from __future__ import annotations

import pathlib
import re

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PAGES = sorted((ROOT / "docs").glob("*.md"))
# Written with the mus/web packages; a link to it may land before the page does.
PENDING_PAGES = {ROOT / "docs" / "web.md"}
_LINK = re.compile(r"\]\(([^)\s]+)\)")
# Figures are stated, not narrated: no "this session", "the session before"…
_NARRATION = re.compile(
    r"\b(this|that|latest|earlier|later|previous)\s+session|\bsessions?\s+(before|after)\b"
    r"|\bload average\b|\bmachine (was )?loaded\b", re.IGNORECASE)


def _text(path: pathlib.Path) -> str:
    return path.read_text(encoding="utf-8")


def test_readme_is_the_front_door() -> None:
    text = _text(README)
    assert len(text.splitlines()) <= 200
    for needed in ("## Prerequisites", "./play", "./check", ".ci/run", "docs/screenshot.png",
                   "docs/figures.md", "docs/rules.md"):
        assert needed in text, needed


def test_ci_runs_check() -> None:
    """README says CI runs .ci/run, which calls ./check: keep it true."""
    assert re.search(r"^\./check\b", _text(ROOT / ".ci" / "run"), re.MULTILINE)


@pytest.mark.parametrize("path", [README, *PAGES], ids=lambda p: str(p.relative_to(ROOT)))
def test_relative_links_resolve(path: pathlib.Path) -> None:
    for target in _LINK.findall(_text(path)):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        resolved = (path.parent / target.split("#")[0]).resolve()
        if resolved in PENDING_PAGES:
            continue
        assert resolved.exists(), f"{path.name} links to {target}"


@pytest.mark.parametrize("path", [README, *PAGES], ids=lambda p: str(p.relative_to(ROOT)))
def test_figures_are_stated_not_narrated(path: pathlib.Path) -> None:
    text = _text(path)
    assert not _NARRATION.search(text), _NARRATION.search(text)
    assert "/work/" not in text  # the rule texts are quoted in docs/rules.md, never linked


def test_figures_table_names_a_command_for_every_row() -> None:
    rows = [line for line in _text(ROOT / "docs" / "figures.md").splitlines()
            if line.startswith("| ") and not line.startswith("| ---")]
    header, *figures = rows
    assert header.split(" | ")[:5] == ["| figure", "value", "goal", "command", "conditions |"]
    assert len(figures) >= 30
    for row in figures:
        cells = [c.strip() for c in re.split(r"(?<!\\)\|", row)[1:-1]]
        assert len(cells) == 5, row
        figure, value, _goal, command, conditions = cells
        assert figure and value and command and conditions, row
