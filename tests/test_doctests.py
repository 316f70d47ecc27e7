"""The examples in the engine's docstrings and in the documentation (docs/*.md, README.md) run
as written."""

from __future__ import annotations

import doctest
import importlib
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
ENGINE_MODULES = sorted(
    ".".join(path.relative_to(ROOT).with_suffix("").parts)
    for path in (ROOT / "mus").rglob("*.py")
    if "web" not in path.relative_to(ROOT / "mus").parts and path.name != "__main__.py"
)
# Every Markdown page with an interactive example (">>> "), README's too if it has one.
DOC_PAGES = sorted(
    path for path in [ROOT / "README.md", *(ROOT / "docs").glob("*.md")]
    if ">>> " in path.read_text(encoding="utf-8")
)


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_module_doctests(name: str) -> None:
    module = importlib.import_module(name.removesuffix(".__init__"))
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


@pytest.mark.parametrize("path", DOC_PAGES, ids=lambda path: str(path.relative_to(ROOT)))
def test_doc_page_examples(path: pathlib.Path) -> None:
    result = doctest.testfile(str(path), module_relative=False, encoding="utf-8",
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
    assert result.attempted > 0


def test_engine_contract_is_shown_as_doctests() -> None:
    assert ROOT / "docs" / "engine.md" in DOC_PAGES
    assert ROOT / "docs" / "rules.md" in DOC_PAGES
    result = doctest.testfile(str(ROOT / "docs" / "engine.md"), module_relative=False,
                              encoding="utf-8", optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.attempted >= 10, "docs/engine.md should show the engine contract as doctests"
