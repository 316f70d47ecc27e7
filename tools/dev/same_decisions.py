"""Whether a change to the bots kept every decision: this tree against another checkout.

    python3 -m tools.dev.same_decisions /path/to/other/checkout [--positions 1500] [--level dificil]

Plays partidas of ``dificil`` and ``normal`` bots on five tables (the default, señas at 1 in 4
and 1 in 2, 4 reyes with the 31 real to 30, a target of 200) and keeps positions at random;
then one bot of ``--level`` decides every position in turn, in each checkout (a process each,
its own ``mus`` package first on the path), and prints the first position whose action or
reason differs, with the coach's numbers every tenth betting position. Exits 1 if any differs.
A faster bot that means to play as before is held to this, beside the differential test.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

MAKE = r'''
import json, sys
import mus
from mus.ai import make_bot
from mus.rng import Random
TABLES = [mus.Rules(), mus.Rules(senas=True, catch=0.25), mus.Rules(reyes=4, real_31=True, target=30),
          mus.Rules(senas=True, catch=0.5, target=30), mus.Rules(target=200)]
out, rng, count = [], Random(int(sys.argv[1])), int(sys.argv[2])
while len(out) < count:
    rules = TABLES[rng.randrange(len(TABLES))]
    game = mus.Game.new(rules, rng.randrange(1 << 30))
    bots = [make_bot("dificil" if rng.random() < 0.5 else "normal", rng.randrange(1 << 30)) for _ in range(4)]
    steps = 0
    while not game.is_over and steps < 400 and len(out) < count:
        obs = game.observation(game.to_play)
        if len(obs["legal_actions"]) > 1 and rng.random() < 0.3:
            out.append(obs)
        game = game.apply(bots[game.to_play].choose(obs))
        steps += 1
json.dump(out, sys.stdout)
'''

DECIDE = r'''
import json, sys
from mus.ai import coach, make_bot
positions = json.load(open(sys.argv[1]))
bot = make_bot(sys.argv[2], 7)
for k, obs in enumerate(positions):
    d = bot.decide(obs)
    line = [d.action, d.reason]
    if k % 10 == 0 and obs["phase"] in ("grande", "chica", "pares", "juego", "punto"):
        line.append(coach(obs, k))
    print(json.dumps(line, sort_keys=True))
'''


def run(tree: Path, code: str, *args: str) -> str:
    """``code`` run by this Python with ``tree``'s ``mus`` first on the path."""
    done = subprocess.run([sys.executable, "-c", f"import sys; sys.path.insert(0, {str(tree)!r})\n{code}", *args],
                          capture_output=True, text=True, check=True)
    return done.stdout


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("other", type=Path, help="the other checkout (its mus/ is used)")
    parser.add_argument("--positions", type=int, default=1500)
    parser.add_argument("--seed", type=int, default=5)
    parser.add_argument("--level", default="dificil")
    args = parser.parse_args(argv)
    with tempfile.NamedTemporaryFile("w", suffix=".json") as positions:
        positions.write(run(ROOT, MAKE, str(args.seed), str(args.positions)))
        positions.flush()
        ours = run(ROOT, DECIDE, positions.name, args.level).splitlines()
        theirs = run(args.other.resolve(), DECIDE, positions.name, args.level).splitlines()
    for k, (a, b) in enumerate(zip(ours, theirs)):
        if a != b:
            print(f"position {k} differs:\n  this tree: {a[:600]}\n  other:     {b[:600]}")
            return 1
    if len(ours) != len(theirs):
        print(f"this tree decided {len(ours)} positions, the other {len(theirs)}")
        return 1
    print(f"{len(ours)} positions, the same {args.level} decisions and reasons (and coach) in both trees")
    return 0


if __name__ == "__main__":
    sys.exit(main())
