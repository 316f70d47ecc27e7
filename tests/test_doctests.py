"""The examples in the engine's docstrings and in README.md run as written."""

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


@pytest.mark.parametrize("name", ENGINE_MODULES)
def test_module_doctests(name: str) -> None:
    module = importlib.import_module(name.removesuffix(".__init__"))
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0


def test_readme_examples() -> None:
    result = doctest.testfile(str(ROOT / "README.md"), module_relative=False,
                              optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert result.failed == 0
    assert result.attempted >= 10, "README should show the engine contract as doctests"
