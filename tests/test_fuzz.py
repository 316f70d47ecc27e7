"""Untrusted input reaches the engine: every entry point either takes it or raises ValueError,
and answers fast, whatever it is given.

Each test feeds one entry point thousands of generated inputs (seeded, so a failure comes
back): wrong types, NaN, bools for numbers, other scripts' digits, huge numbers, deep
nesting, long text, valid inputs with one part changed, and long well-formed ones at the
limits (a save of 50,000 actions, envite wars and mus rounds without end, a link code of
8,000 characters). An input passes when the call returns or raises ``ValueError``
(``IllegalActionError`` is one) within ``LIMIT`` seconds, and what it returned works (a game
rebuilt from a save lists its legal actions and its observations).

The module runs unchanged on MicroPython (no pytest, ``mus.Random`` for the draws: the same
inputs on both runtimes). ``python -m tests.test_fuzz`` and ``node tools/dev/mpy_run.mjs
tests/test_fuzz.py`` print how many inputs each test tried; pytest runs it in CPython and a
slice of it in MicroPython (``test_a_slice_runs_on_micropython``).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any, Callable

import mus
from mus.game import MAX_ACTIONS
from mus.records import MAX_CODE

MICROPYTHON = sys.implementation.name == "micropython"
# Seconds for one input (the link that froze a tab took about 50 s); MicroPython runs the
# engine some 10 times slower than CPython. A long input at the limits has its own.
LIMIT = 10.0 if MICROPYTHON else 1.0
LONG_LIMIT = 120.0 if MICROPYTHON else 10.0
TRIED: dict[str, int] = {}
EARLY = {"fuzz.micropython": ["node", "tools/dev/mpy_run.mjs", "tests/fuzz_slice.py"]}

ODD_VALUES: list[Any] = [
    None, True, False, 0, -1, 1, 2, 3, 4, 8, 40, 2**31, 2**63, 10**9, 10**100, -(10**9),
    0.5, 1.0, 8.0, float("nan"), float("inf"), -0.0, "", "8", "٣", "²", "１２", "x" * 10_000,
    [], [1, 2], [[[]]], {}, {"a": 1}, "RRC6", "no hay mus",
]
DIGITS = "0123456789٣²１"
ALPHABET = "abcdeimnopqrsuvñ 0123456789ó-_.,=:;#?/&" + "٣²１\x00\n\t\"\\{}[]"


def clock() -> float:
    """Seconds of this process's CPU (of wall time on MicroPython, which has no CPU clock): an
    input's cost, not how busy the machine is with other work."""
    ticks = getattr(time, "ticks_ms", None)
    return ticks() / 1000 if ticks else time.process_time()


def call(name: str, function: Callable[[], object], tried: dict[str, int] = TRIED,
         limit: float = LIMIT) -> object:
    """Run one input; it must return or raise ValueError, within ``limit`` seconds (counted
    in ``tried``; the result is None when it raised)."""
    tried[name] = tried.get(name, 0) + 1
    start = clock()
    try:
        result = function()
    except ValueError:
        result = None
    elapsed = clock() - start
    assert elapsed < limit, f"{name}: one input took {elapsed:.1f} s"
    return result


def between(rng: mus.Random, low: int, high: int) -> int:
    """``random.Random.randrange(low, high)``, drawn alike (mus.Random takes one bound)."""
    return low + rng.randrange(high - low)


def text(rng: mus.Random, longest: int = 30) -> str:
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randrange(longest)))


def changed(rng: mus.Random, value: Any, top: bool = True) -> Any:
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


def random_game(rng: mus.Random, rules: mus.Rules, seed: int, moves: int) -> mus.Game:
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

def test_actions(scale: float = 1.0) -> None:
    rng = mus.Random(1)
    states = [random_game(rng, mus.Rules(senas=True), seed, rng.randrange(40)) for seed in range(12)]
    notations = ["mus", "no hay mus", "descarte 0 2", "paso", "envido", "envido 5", "quiero",
                 "no quiero", "ordago", "señas", "sin señas", "servido Ab", "cazada 1", "baraja 3"]
    for _ in range(int(4000 * scale)):
        g = rng.choice(states)
        base = rng.choice(notations)
        action: Any = rng.choice([
            text(rng), base + " " + text(rng, 6), base.replace("5", rng.choice(DIGITS)),
            base + " " + "9" * between(rng, 1, 60), rng.choice(ODD_VALUES)])
        works(call("actions", lambda: g.apply(action)))


def test_rules(scale: float = 1.0) -> None:
    rng = mus.Random(2)
    names = [o.name for o in mus.rules.OPTIONS] + ["other"]
    for _ in range(int(4000 * scale)):
        values = {rng.choice(names): rng.choice(ODD_VALUES) for _ in range(rng.randrange(4))}
        rules = call("rules", lambda: mus.Rules.from_dict(values))
        if isinstance(rules, mus.Rules):
            works(call("rules", lambda: random_game(rng, rules, 1, 30)))
        line = " ".join(f"{rng.choice(names)}={rng.choice(['8', '4', 'yes', 'true', '0.5', '٣', '1' * 30, text(rng, 5)])}"
                        for _ in range(rng.randrange(5)))
        call("rules", lambda: mus.Rules.parse(line))


def test_deals(scale: float = 1.0) -> None:
    rng = mus.Random(3)
    good: dict[str, Any] = {"hands": ["RRC6", "7654", "CCSA", "3322"], "mano": 0, "score": [37, 37],
                            "rules": mus.Rules(), "seed": 1, "juegos": [0, 0], "vacas": [0, 0],
                            "explicit_chance": False}
    for _ in range(int(3000 * scale)):
        args = changed(rng, {k: v for k, v in good.items() if k != "rules"})
        args["rules"] = good["rules"]
        works(call("deals", lambda: mus.Game.from_deal(
            args.get("hands"), args.get("mano"), args.get("score"), args["rules"], args.get("seed"),
            args.get("juegos"), args.get("vacas"), args.get("explicit_chance"))))


def test_saves(scale: float = 1.0) -> None:
    rng = mus.Random(4)
    saves = [json.loads(random_game(rng, rules, seed, 60).to_json()) for seed, rules in
             enumerate([mus.Rules(), mus.Rules(senas=True, catch=0.5), mus.Rules(reyes=4, target=30)])]
    saves.append(json.loads(mus.Game.new(mus.Rules(), 7, reseed=True).to_json()))
    for _ in range(int(3000 * scale)):
        data = changed(rng, rng.choice(saves))
        save = json.dumps(data) if rng.random() < 0.9 else json.dumps(data)[: rng.randrange(200)]
        works(call("saves", lambda: mus.Game.from_json(save)))
    for deep in (1000, 100_000):
        works(call("saves", lambda: mus.Game.from_json("[" * deep + "]" * deep)))


def test_records_and_link_codes(scale: float = 1.0) -> None:
    rng = mus.Random(5)
    games = [random_game(rng, rules, seed, 80) for seed, rules in
             enumerate([mus.Rules(), mus.Rules(senas=True, catch=0.5), mus.Rules(real_31=True)])]
    texts = [mus.record(g, i) for g in games for i in range(len(g.history))]
    codes = [mus.encode_record(t) for t in texts]
    assert texts and codes
    for _ in range(int(1500 * scale)):
        lines = rng.choice(texts).splitlines()
        i = rng.randrange(len(lines))
        lines[i] = rng.choice([text(rng), lines[i] + " " + text(rng, 6), "", "".join(reversed(list(lines[i]))),
                               lines[i].replace("40", rng.choice(["10000000000", "٣", "4.0"]))])
        works(call("records", lambda: mus.replay("\n".join(lines))))
        code = list(rng.choice(codes))
        for _ in range(between(rng, 1, 4)):
            code[rng.randrange(len(code))] = rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        works(call("link codes", lambda: mus.HandRecord.decode("".join(code)).replay()))
        works(call("link codes", lambda: mus.HandRecord.decode(text(rng, 80))))
    # the 53-character link whose rules said target 10**9 froze a tab for 50 s
    works(call("link codes", lambda: mus.HandRecord.decode("AA" + "__________z" + codes[0][4:])))


def war(actions: int) -> dict[str, Any]:
    """A save of ``actions`` actions: no mus, then one envite war in grande (each envido a
    raise of 2, the table growing without end) to its last action, a quiero when room is left."""
    data: dict[str, Any] = json.loads(mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], seed=1).to_json())
    data["actions"] = ["no hay mus"] + ["envido"] * (actions - 2) + ["quiero"]
    return data


def mus_rounds(actions: int) -> dict[str, Any]:
    """A save of ``actions`` actions of mus rounds: four mus, four descartes, again and again
    (the discards shuffled into a new deck each time it runs out)."""
    data: dict[str, Any] = json.loads(mus.Game.new(mus.Rules(senas=True), 3).to_json())
    data["actions"] = (["mus"] * 4 + ["descarte 0 1"] * 4) * (actions // 8)
    return data


def longest_code(longest: int) -> str:
    """The link code of a finished hand with the longest war that fits in ``longest`` characters."""
    short = mus.Game.from_data(war(12))
    while short.hands_played == 0:
        short = short.apply(short.legal_actions()[0])
    extra = len(mus.encode_record(mus.record(short, 0))) - 12
    g = mus.Game.from_data(war(longest - extra))
    while g.hands_played == 0:  # the rest of the hand passed, or its envites taken
        g = g.apply(g.legal_actions()[0])
    return mus.encode_record(mus.record(g, 0))


def test_long_inputs(longest: int = MAX_ACTIONS) -> None:
    """Well-formed inputs at the limits open, and a step past them is refused at once."""
    for build in (war, mus_rounds):
        data = build(longest)
        save = json.dumps(data)
        g = call("long inputs", lambda: mus.Game.from_json(save), limit=LONG_LIMIT)
        assert isinstance(g, mus.Game) and g.actions == data["actions"]
        works(g)
        assert mus.Game.from_json(g.to_json()).actions == g.actions
        if longest == MAX_ACTIONS:
            more = build(longest + 8)
            more["actions"] = more["actions"][:MAX_ACTIONS + 1]
            over = json.dumps(more)
            assert call("long inputs", lambda: mus.Game.from_json(over)) is None
    code = longest_code(min(MAX_CODE, longest))
    assert MAX_CODE - 20 <= len(code) <= MAX_CODE or longest < MAX_CODE
    record = call("long inputs", lambda: mus.HandRecord.decode(code), limit=LONG_LIMIT)
    assert isinstance(record, mus.HandRecord)
    works(call("long inputs", lambda: record.replay(), limit=LONG_LIMIT))
    assert call("long inputs", lambda: mus.HandRecord.decode(code + "A" * (MAX_CODE + 1 - len(code)))) is None


def test_an_observation_is_a_copy() -> None:
    g = random_game(mus.Random(6), mus.Rules(), 3, 120)
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
    assert set(TRIED) >= {"actions", "rules", "deals", "saves", "records", "link codes", "long inputs"}
    assert all(n >= 1000 for name, n in TRIED.items() if name != "long inputs"), TRIED


def test_a_slice_runs_on_micropython() -> None:
    """Both fuzz commands, on a slice of their inputs and long inputs the length of the save
    that killed the page's Pyodide (engine) or shorter (the page), in MicroPython under Node
    (``tests/fuzz_slice.py``, started once collection is over: tests/early.py)."""
    from tests import early
    done = early.finished("fuzz.micropython", EARLY["fuzz.micropython"])
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert [line.startswith("micropython inputs tried:") and line.endswith("failures: 0")
            for line in lines if "inputs tried" in line] == [True, True], done.stdout


def steps(scale: float = 1.0, longest: int = MAX_ACTIONS) -> list[Callable[[], None]]:
    """Every test with ``scale`` times its inputs, long ones up to ``longest`` actions, then
    the counts printed."""
    out = [scaled(test, scale) for test in (
        test_actions, test_rules, test_deals, test_saves, test_records_and_link_codes)]
    out.append(lambda: test_long_inputs(longest))
    out.append(test_an_observation_is_a_copy)
    out.append(report)
    return out


def scaled(test: Callable[[float], None], scale: float) -> Callable[[], None]:
    return lambda: test(scale)


def run(todo: list[Callable[[], None]]) -> None:
    for step in todo:
        step()


def report() -> None:
    print(sys.implementation.name, "inputs tried:",
          ", ".join(f"{name} {n}" for name, n in sorted(TRIED.items())), "; failures: 0")


def main(scale: float = 1.0, longest: int = MAX_ACTIONS) -> None:
    run(steps(scale, longest))


if __name__ == "__main__":
    # On MicroPython each step runs in a call of its own (tools/dev/mpy_run.mjs calls each of
    # __steps__): that MicroPython frees memory only between calls into Python.
    if MICROPYTHON:
        __steps__ = steps()
    else:
        main()
