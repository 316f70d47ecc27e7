"""Golden playthroughs: seeded whole partidas recorded as text in ``tests/golden/*.txt``.

Each file is a header (rules, seeds, policy), then per hand: the deal, one line per
action (``seat phase action``), the cards served after each descarte, and at the end
of the hand the shown hands, the ledger lines and the resulting score, juegos and
vacas. The test plays each game again in memory and compares it byte for byte with
its file, so any change of behaviour (deals, turn order, betting, scoring) shows up
as a diff in review.

After an intended change of behaviour, regenerate the files from the repository
root and review the diff before committing:

    python -m tests.test_golden --regen
    git diff --stat tests/golden/

The actions are chosen by a fixed policy, "golden-v1": a ``random.Random`` choosing
among a filtered list of legal actions (mostly paso, quiero and no quiero, envites of
at most 5, rare órdagos), so that partidas look like table play. Changing the policy
changes every file: bump its name when you do.
"""

from __future__ import annotations

import argparse
import difflib
import random
import sys
from pathlib import Path

import pytest

from mus import Action, Game, Rules

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
REGEN = "python -m tests.test_golden --regen"
POLICY = "golden-v1"
GOLDEN: dict[str, tuple[Rules, int]] = {
    "default_seed1": (Rules(), 1),
    "default_seed2": (Rules(), 2),
    "default_seed3": (Rules(), 3),
    "reyes4_real31_seed4": (Rules(reyes=4, real_31=True), 4),
}
MAX_ACTIONS = 20_000


def choose(rng: random.Random, g: Game) -> Action:
    """The golden-v1 policy."""
    legal = g.legal_actions()
    kinds = {a.kind for a in legal}
    roll = rng.random()
    if "mus" in kinds:
        kind = "mus" if roll < 0.6 else "no hay mus"
    elif "descarte" in kinds:
        discards = [a for a in legal if len(a.cards) <= 3]
        return discards[rng.randrange(len(discards))]
    elif "ordago" not in kinds:                         # facing an órdago
        kind = "quiero" if roll < 0.35 else "no quiero"
    elif "paso" in kinds:                               # opening the lance
        kind = "paso" if roll < 0.65 else "envido" if roll < 0.985 else "ordago"
    else:                                               # facing an envite
        kind = ("quiero" if roll < 0.4 else "no quiero" if roll < 0.82
                else "envido" if roll < 0.98 else "ordago")
    options = [a for a in legal if a.kind == kind and a.amount <= 5]
    return options[rng.randrange(len(options))]


def _hands(g: Game) -> str:
    return " | ".join(f"{seat} {''.join(g.hand(seat))}" for seat in range(4))


def _pair(values: tuple[int, int] | list[int]) -> str:
    return f"{values[0]}-{values[1]}"


def _hand_header(g: Game) -> list[str]:
    return ["", f"hand {len(g.history) + 1}: mano {g.mano}, score {_pair(g.score)}, "
            f"juegos {_pair(g.juegos)}, vacas {_pair(g.vacas)}",
            f"dealt: {_hands(g)}"]


def _hand_footer(g: Game) -> list[str]:
    """``g`` is the state just after the hand ended."""
    entry = g.history[-1]
    lines = []
    if entry["hands"] is None:
        lines.append("shown: nothing (a refused envite won the juego)")
    else:
        lines.append("shown: " + " | ".join(f"{seat} {''.join(cards)}"
                                            for seat, cards in enumerate(entry["hands"])))
    for line in entry["ledger"]:
        lines.append(f"ledger: team {line['team']} +{line['points']} {line['reason']} "
                     f"({line['lance']}, seat {line['seat']})")
    state = f"score {_pair(g.score)}, juegos {_pair(g.juegos)}, vacas {_pair(g.vacas)}"
    winner = entry["juego_winner"]
    if winner is None:
        lines.append(f"result: {state}")
    else:
        lines.append(f"result: juego to team {winner} at {_pair(entry['score'])}; {state}")
    return lines


def render(name: str) -> str:
    """Play golden game ``name`` and return its text."""
    rules, seed = GOLDEN[name]
    rng = random.Random(1000 + seed)
    g = Game.new(rules, seed=seed)
    rule_text = " ".join(f"{key}={value}" for key, value in rules.to_dict().items())
    lines = [
        "# Golden playthrough of the mus engine, checked by tests/test_golden.py.",
        f"# After an intended change of behaviour: {REGEN}",
        f"rules: {rule_text}",
        f"seed: {seed} (game), {1000 + seed} (policy {POLICY})",
        *_hand_header(g),
    ]
    actions = 0
    while not g.is_over:
        actions += 1
        if actions > MAX_ACTIONS:
            raise AssertionError(f"expected golden game {name} to end within {MAX_ACTIONS} actions")
        action = choose(rng, g)
        h = g.apply(action)
        lines.append(f"{g.to_play} {g.phase} {action}")
        if g.phase == "descarte" and h.phase == "mus":
            lines.append(f"served: {_hands(h)}")
        if len(h.history) > len(g.history):
            lines += _hand_footer(h)
            if not h.is_over:
                lines += _hand_header(h)
        g = h
    lines += ["", f"end: team {g.winner} wins the partida after {len(g.history)} hands "
              f"and {actions} actions"]
    return "\n".join(lines) + "\n"


def golden_path(name: str) -> Path:
    return GOLDEN_DIR / f"{name}.txt"


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_golden_playthrough(name: str) -> None:
    path = golden_path(name)
    assert path.exists(), f"missing {path}: create it with `{REGEN}`"
    expected = path.read_bytes()
    actual = render(name).encode("utf-8")
    if actual == expected:
        return
    diff = list(difflib.unified_diff(
        expected.decode("utf-8", errors="replace").splitlines(),
        actual.decode("utf-8").splitlines(),
        f"{path.name} (recorded)", f"{path.name} (engine now)", lineterm="", n=2))
    shown = "\n".join(diff[:80]) + (f"\n… {len(diff) - 80} more diff lines" if len(diff) > 80 else "")
    pytest.fail(f"golden playthrough {name} changed. If the change is intended, run "
                f"`{REGEN}` from the repository root and review `git diff tests/golden/`.\n"
                f"{shown}", pytrace=False)


def test_golden_files_are_all_known() -> None:
    names = {path.stem for path in GOLDEN_DIR.glob("*.txt")}
    assert names == set(GOLDEN), (
        f"expected golden files for {sorted(GOLDEN)}, found {sorted(names)}: "
        f"delete stale files or add them to GOLDEN, then run `{REGEN}`")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.test_golden",
                                     description="Check or regenerate tests/golden/*.txt.")
    parser.add_argument("--regen", action="store_true", help="rewrite the golden files")
    args = parser.parse_args(argv)
    changed = 0
    for name in sorted(GOLDEN):
        path = golden_path(name)
        text = render(name).encode("utf-8")
        same = path.exists() and path.read_bytes() == text
        if not same and args.regen:
            GOLDEN_DIR.mkdir(exist_ok=True)
            path.write_bytes(text)
        changed += not same
        status = "unchanged" if same else "rewritten" if args.regen else "DIFFERS"
        lines = text.count(b"\n")
        print(f"{path.relative_to(GOLDEN_DIR.parent.parent)}: {status} ({lines} lines)")
    return 1 if changed and not args.regen else 0


if __name__ == "__main__":
    sys.exit(main())
