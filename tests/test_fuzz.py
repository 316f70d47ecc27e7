"""Untrusted input reaches the engine: every entry point either takes it or raises ValueError,
and answers fast, whatever it is given.

Each test feeds one entry point thousands of generated inputs (seeded, so a failure comes
back): wrong types, NaN, bools for numbers, other scripts' digits, huge numbers, deep
nesting, long text, and valid inputs with one part changed. An input passes when the call
returns or raises ``ValueError`` (``IllegalActionError`` is one) within ``LIMIT`` seconds,
and what it returned works (a game rebuilt from a save lists its legal actions and its
observations). ``python -m tests.test_fuzz`` prints how many inputs each test tried.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable
from typing import Any

import pytest

import mus
from mus.actions import Action

LIMIT = 1.0          # seconds for one input; the link that froze a tab took about 50 s
TRIED: dict[str, int] = {}

ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 2, 3, 4, 8, 40, 2**31, 2**63, 10**9, 10**100, -(10**9),
    0.5, 1.0, 8.0, float("nan"), float("inf"), -0.0, "", "8", "٣", "²", "１２", "x" * 10_000,
    [], [1, 2], [[[]]], {}, {"a": 1}, "RRC6", "no hay mus",
]
DIGITS = "0123456789٣²１"
ALPHABET = "abcdeimnopqrsuvñ 0123456789ó-_.,=:;#?/&" + "٣²１\x00\n\t\"\\{}[]"


def call(name: str, function: Callable[[], object], tried: dict[str, int] = TRIED) -> object:
    """Run one input; it must return or raise ValueError, within LIMIT seconds (counted in
    ``tried``; the result is None when it raised)."""
    tried[name] = tried.get(name, 0) + 1
    start = time.perf_counter()
    try:
        result = function()
    except ValueError:
        result = None
    elapsed = time.perf_counter() - start
    assert elapsed < LIMIT, f"{name}: one input took {elapsed:.1f} s"
    return result


def text(rng: random.Random, longest: int = 30) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(longest)))


def changed(rng: random.Random, value: Any, top: bool = True) -> Any:
    """``value`` (JSON-like) with one part replaced, deepened, dropped or stretched (a dict
    at the top stays a dict)."""
    if isinstance(value, dict) and value and (top or rng.random() < 0.8):
        key = rng.choice(sorted(value))
        out = dict(value)
        if rng.random() < 0.1:
            del out[key]
        else:
            out[key] = changed(rng, out[key], False)
        return out
    if isinstance(value, list) and value and rng.random() < 0.8:
        out = list(value)
        i = rng.randrange(len(out))
        out[i] = changed(rng, out[i], False)
        return out
    choice = rng.random()
    if choice < 0.5:
        return rng.choice(ODD_VALUES)
    if choice < 0.6:
        nest: Any = value
        for _ in range(rng.choice((2, 50, 500))):   # deeper: as text, in test_saves
            nest = [nest]
        return nest
    if choice < 0.8 and isinstance(value, str):
        return value + text(rng) if rng.random() < 0.5 else value[: rng.randrange(len(value) + 1)]
    return text(rng)


def random_game(rng: random.Random, rules: mus.Rules, seed: int, moves: int) -> mus.Game:
    g = mus.Game.new(rules, seed)
    for _ in range(moves):
        if g.is_over:
            break
        g = g.apply(rng.choice(g.legal_actions()))
    return g


def works(g: object) -> None:
    if isinstance(g, mus.Game):
        g.legal_actions()
        for seat in range(4):
            g.observation(seat)


# --- the entry points ---------------------------------------------------------------------

def test_actions() -> None:
    rng = random.Random(1)
    states = [random_game(rng, mus.Rules(senas=True), seed, rng.randrange(40)) for seed in range(12)]
    notations = ["mus", "no hay mus", "descarte 0 2", "paso", "envido", "envido 5", "quiero",
                 "no quiero", "ordago", "señas", "sin señas", "servido Ab", "cazada 1", "baraja 3"]
    for _ in range(4000):
        g = rng.choice(states)
        base = rng.choice(notations)
        action: Any = rng.choice([
            text(rng), base + " " + text(rng, 6), base.replace("5", rng.choice(DIGITS)),
            base + " " + "9" * rng.randrange(1, 60), rng.choice(ODD_VALUES)])
        works(call("actions", lambda: g.apply(action)))


def test_rules() -> None:
    rng = random.Random(2)
    names = [o.name for o in mus.rules.OPTIONS] + ["other"]
    for _ in range(4000):
        values = {rng.choice(names): rng.choice(ODD_VALUES) for _ in range(rng.randrange(4))}
        rules = call("rules", lambda: mus.Rules.from_dict(values))
        if isinstance(rules, mus.Rules):
            works(call("rules", lambda: random_game(rng, rules, 1, 30)))
        line = " ".join(f"{rng.choice(names)}={rng.choice(['8', '4', 'yes', 'true', '0.5', '٣', '1' * 30, text(rng, 5)])}"
                        for _ in range(rng.randrange(5)))
        call("rules", lambda: mus.Rules.parse(line))


def test_deals() -> None:
    rng = random.Random(3)
    good: dict[str, Any] = {"hands": ["RRC6", "7654", "CCSA", "3322"], "mano": 0, "score": [37, 37],
                            "rules": mus.Rules(), "seed": 1, "juegos": [0, 0], "vacas": [0, 0],
                            "explicit_chance": False}
    for _ in range(3000):
        args = changed(rng, {k: v for k, v in good.items() if k != "rules"})
        args["rules"] = good["rules"]
        works(call("deals", lambda: mus.Game.from_deal(
            args.get("hands"), args.get("mano"), args.get("score"), args["rules"], args.get("seed"),
            args.get("juegos"), args.get("vacas"), args.get("explicit_chance"))))


def test_saves() -> None:
    rng = random.Random(4)
    saves = [json.loads(random_game(rng, rules, seed, 60).to_json()) for seed, rules in
             enumerate([mus.Rules(), mus.Rules(senas=True, catch=0.5), mus.Rules(reyes=4, target=30)])]
    saves.append(json.loads(mus.Game.new(mus.Rules(), 7, reseed=True).to_json()))
    for _ in range(3000):
        data = changed(rng, rng.choice(saves))
        save = json.dumps(data) if rng.random() < 0.9 else json.dumps(data)[: rng.randrange(200)]
        works(call("saves", lambda: mus.Game.from_json(save)))
    for deep in (1000, 100_000):
        works(call("saves", lambda: mus.Game.from_json("[" * deep + "]" * deep)))


def test_records_and_link_codes() -> None:
    rng = random.Random(5)
    games = [random_game(rng, rules, seed, 80) for seed, rules in
             enumerate([mus.Rules(), mus.Rules(senas=True, catch=0.5), mus.Rules(real_31=True)])]
    texts = [mus.record(g, i) for g in games for i in range(len(g.history))]
    codes = [mus.encode_record(t) for t in texts]
    assert texts and codes
    for _ in range(1500):
        lines = rng.choice(texts).splitlines()
        i = rng.randrange(len(lines))
        lines[i] = rng.choice([text(rng), lines[i] + " " + text(rng, 6), "", lines[i][::-1],
                               lines[i].replace("40", rng.choice(["10000000000", "٣", "4.0"]))])
        works(call("records", lambda: mus.replay("\n".join(lines))))
        code = list(rng.choice(codes))
        for _ in range(rng.randrange(1, 4)):
            code[rng.randrange(len(code))] = rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        works(call("link codes", lambda: mus.HandRecord.decode("".join(code)).replay()))
        works(call("link codes", lambda: mus.HandRecord.decode(text(rng, 80))))
    # the 53-character link whose rules said target 10**9 froze a tab for 50 s
    works(call("link codes", lambda: mus.HandRecord.decode("AA" + "__________z" + codes[0][4:])))


# --- the cases the issue found ------------------------------------------------------------

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


def test_an_observation_is_a_copy() -> None:
    g = random_game(random.Random(6), mus.Rules(), 3, 120)
    assert g.history
    before = g.to_json(), g.history, [g.observation(s) for s in range(4)]
    obs = g.observation(1)
    obs["history"][0]["score"] = [99, 99]
    obs["history"][0]["ledger"].clear()
    obs["log"].clear()
    obs["hand"][0] = "Ro"
    g.history[0]["winners"].clear()
    assert (g.to_json(), g.history, [g.observation(s) for s in range(4)]) == before


def test_every_entry_point_was_tried() -> None:
    # run after the others in this module (pytest keeps file order)
    assert set(TRIED) >= {"actions", "rules", "deals", "saves", "records", "link codes"}
    assert all(n >= 1000 for n in TRIED.values()), TRIED


if __name__ == "__main__":
    for test in (test_actions, test_rules, test_deals, test_saves, test_records_and_link_codes):
        test()
    print("inputs tried:", ", ".join(f"{name} {n:,}" for name, n in sorted(TRIED.items())), "; failures: 0")
