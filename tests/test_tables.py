"""The bots' hand tables built in short steps (``mus.ai.tables.tables_in_steps``), as the
table's page builds them for the partner's advice: the same tables as built at once."""

from __future__ import annotations

import pytest

from mus.ai import tables
from mus.ai.tables import Tables, tables_for, tables_in_steps, tables_ready


@pytest.fixture
def unbuilt(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tables, "_BUILT", {})
    monkeypatch.setattr(tables, "_BUILDING", {})


def test_a_build_in_steps_gives_the_tables_built_at_once(unbuilt: None) -> None:
    steps = sum(1 for _ in tables_in_steps(8, False))
    assert steps >= 30   # short steps: the longest loops go sixty hands a step
    assert tables_ready(8, False) and not tables_ready(4, False)
    assert vars(tables_for(8, False)) == vars(Tables(8, False))


def test_tables_for_finishes_a_build_begun_in_steps(unbuilt: None) -> None:
    page = tables_in_steps(4, True)
    for _ in range(10):
        next(page)
    assert not tables_ready(4, True)
    built = tables_for(4, True)   # the advice could not wait: the rest at once
    assert list(page) == [] and tables_for(4, True) is built
    assert vars(built) == vars(Tables(4, True))
