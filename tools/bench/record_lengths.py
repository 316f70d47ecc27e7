#!/usr/bin/env python3
"""Length of the ``#mano=`` link codes and of the text records, over many hands.

    python -m tools.bench.record_lengths [--partidas 500] [--bot-partidas 100] [--seed 1]

Plays seeded partidas twice over: once with uniformly random legal actions (long envite
wars, many mus rounds: the worst case) and once with ``normal`` bots (table play). Every
finished hand is recorded, replayed, encoded and decoded (a failure raises), and the
lengths are summarised.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import mus  # noqa: E402
from mus.ai import make_bot  # noqa: E402


MAX_ACTIONS = 2000  # normal bots can raise each other without end (seed 34): stop there


def partida(seed: int, policy: str) -> mus.Game:
    """A partida played to its end, or its finished hands after ``MAX_ACTIONS``."""
    g = mus.Game.new(mus.Rules(), seed)
    rng = random.Random(seed)
    bots = [make_bot("normal", seed * 4 + s) for s in range(4)] if policy == "normal" else []
    while not g.is_over and len(g.actions) < MAX_ACTIONS:
        seat = g.to_play
        assert seat is not None
        g = g.apply(bots[seat].choose(g.observation(seat)) if bots else rng.choice(g.legal_actions()))
    return g


def measure(partidas: int, seed: int, policy: str) -> dict[str, list[int]]:
    codes, texts = [], []
    for n in range(partidas):
        g = partida(seed + n, policy)
        for index in range(len(g.history)):
            text = mus.record(g, index)
            assert mus.replay(text).history[-1]["ledger"] == g.history[index]["ledger"]
            code = mus.encode_record(text)
            assert mus.decode_record(code) == text
            codes.append(len(code))
            texts.append(len(text))
    return {"code": codes, "text": texts}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--partidas", type=int, default=500, help="random-play partidas")
    parser.add_argument("--bot-partidas", type=int, default=100, help="partidas of normal bots")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    for policy, partidas in (("random", args.partidas), ("normal", args.bot_partidas)):
        lengths = measure(partidas, args.seed, policy)
        n = len(lengths["code"])
        for kind, values in lengths.items():
            values.sort()
            print(f"{policy:6} {kind:4} over {n} hands: median {statistics.median(values):.0f}, "
                  f"p95 {values[int(0.95 * (n - 1))]}, max {values[-1]} characters")


if __name__ == "__main__":
    main()
