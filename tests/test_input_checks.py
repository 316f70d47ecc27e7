"""The engine refuses malformed input with an error that says what it wanted."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Callable

import pytest

import mus
from mus.actions import Action
from mus.game import MAX_SAVE_TEXT, MAX_SEED
from mus.rng import fresh_seed
from mus.web.play import saves

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("kind, amount, cards, wanted", [
    ("envido", 2.5, (), "whole-number envite"),
    ("envido", True, (), "whole-number envite"),
    ("envido", 1, (), "at least 2"),
    ("envido", "3", (), "whole-number envite"),
    ("descarte", 0, (0.0,), "whole numbers"),
    ("descarte", 0, [0, 1], "tuple of whole numbers"),
    ("bet", 0, (), "action kind"),
    (3, 0, (), "action kind"),
])
def test_malformed_actions_are_rejected(kind: object, amount: object, cards: object, wanted: str) -> None:
    with pytest.raises(mus.IllegalActionError, match=wanted):
        Action(kind, amount, cards)  # type: ignore[arg-type]


@pytest.mark.parametrize("action", [2, None, 2.5, ["paso"], {"kind": "paso"}])
def test_apply_rejects_what_is_neither_an_action_nor_text(action: object) -> None:
    g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], seed=1)
    with pytest.raises(mus.IllegalActionError, match="expected an Action or its notation"):
        g.apply(action)  # type: ignore[arg-type]
    assert g.phase == "mus" and g.actions == []


def test_a_valid_action_object_still_plays_and_saves() -> None:
    g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], seed=1).apply(Action("no hay mus"))
    g = g.apply(Action("envido", 5))
    assert mus.Game.from_json(g.to_json()).actions == ["no hay mus", "envido 5"]


@pytest.mark.parametrize("kwargs, wanted", [
    ({"score": (40, 0)}, "score below the target 40"),
    ({"score": (0, 52)}, "score below the target 40"),
    ({"score": (29, 30), "rules": mus.Rules(target=30)}, "score below the target 30"),
    ({"juegos": (2, 0)}, "juegos below juegos_to_win 2"),
    ({"juegos": (0, 1), "rules": mus.Rules(juegos_to_win=1)}, "juegos below juegos_to_win 1"),
    ({"vacas": (1, 0)}, "vacas below vacas_to_win 1"),
    ({"score": (True, 0)}, "whole numbers"),
])
def test_from_deal_rejects_a_finished_score(kwargs: dict[str, object], wanted: str) -> None:
    with pytest.raises(ValueError, match=wanted):
        mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], **kwargs)  # type: ignore[arg-type]


def test_from_deal_accepts_the_last_tanto_before_the_target() -> None:
    g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], score=(39, 39), juegos=(1, 1), seed=2)
    assert g.score == (39, 39) and g.juegos == (1, 1)


class Unprintable:
    def __str__(self) -> str:
        raise RuntimeError("no text")


def test_an_object_that_cannot_be_written_is_refused_in_every_phase() -> None:
    g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], seed=1, explicit_chance=True)
    for action in ["mus"] * 4 + ["descarte 0"] * 4:
        g = g.apply(action)
    assert g.is_chance
    for state in (g, g.initial()):
        with pytest.raises(mus.IllegalActionError, match="expected an Action or its notation"):
            state.apply(Unprintable())  # type: ignore[arg-type]


def test_rules_with_a_key_that_is_not_a_name_are_refused() -> None:
    with pytest.raises(ValueError, match="expected rules keys"):
        mus.Rules.from_dict({1: 2})


@pytest.mark.parametrize("version", [1.0, True, "1", 2, None])
def test_a_save_of_another_version_is_refused(version: object) -> None:
    data = json.loads(mus.Game.new(seed=1).to_json())
    data["version"] = version
    with pytest.raises(ValueError, match="expected save version 1"):
        mus.Game.from_json(json.dumps(data))


def test_fresh_seeds_take_64_bits() -> None:
    seeds = [fresh_seed() for _ in range(64)]
    assert all(0 <= s <= MAX_SEED for s in seeds) and max(seeds) >= 2**32 and len(set(seeds)) == 64


def test_one_save_limit_for_the_game_and_the_page() -> None:
    assert saves.MAX_SAVE_TEXT == MAX_SAVE_TEXT == 4_000_000
    for doc in ("engine.md", "table.md"):
        assert "4,000,000 characters" in (ROOT / "docs" / doc).read_text(encoding="utf-8"), doc


# --- the cases the fuzzing found -----------------------------------------------------------

@pytest.mark.parametrize("build", [
    lambda: mus.Rules(target=10**9), lambda: mus.Rules(reyes=8.0), lambda: mus.Rules(target=True),
    lambda: mus.Rules(catch=float("nan")), lambda: mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=1.0),
    lambda: mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=True),
])
def test_loose_types_are_refused(build: Callable[[], object]) -> None:
    with pytest.raises(ValueError, match="expected"):
        build()


def test_a_save_with_a_huge_target_or_a_float_mano_is_refused_at_once() -> None:
    good = json.loads(mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], seed=1).to_json())
    for part, key, value in (("rules", "target", 10**8), ("start", "mano", 1.0)):
        data = json.loads(json.dumps(good))
        data[part][key] = value
        start = time.perf_counter()
        with pytest.raises(ValueError, match=key):
            mus.Game.from_json(json.dumps(data))
        assert time.perf_counter() - start < 0.1


@pytest.mark.parametrize("notation, wanted", [
    ("envido ٣", "expected a number"), ("envido ²", "expected a number"),
    ("envido １２", "expected a number"), ("envido " + "9" * 30, "expected a number"),
    ("envido " + "9" * 5000, "expected an action's notation, got 5007 characters")])
def test_only_short_ascii_numbers_make_an_envite(notation: str, wanted: str) -> None:
    g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], seed=1).apply("no hay mus")
    with pytest.raises(mus.IllegalActionError, match=wanted):
        g.apply(notation)
