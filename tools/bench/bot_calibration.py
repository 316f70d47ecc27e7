#!/usr/bin/env python3
"""How a level opens and answers envites, by its hand's strength, beside the model that reads it.

    python -m tools.bench.bot_calibration [--level dificil] [--juegos 60] [--seed 9000]
    python -m tools.bench.bot_calibration --against normal --juegos 150 --seed 5000

Four bots of one level play whole juegos (``--against``: a team of the level against a team
of that one, seats swapped every other juego). At every betting decision of the level it
records the strength of the deciding hand as the others judge it
(``strength.perceived_for``: its team's chance at the lance from that hand alone, the
declarations known) and what it did: at an opening (no bet to answer), whether it bet;
facing an envite (not an órdago), whether it accepted or raised. It prints the share per
tenth of strength next to the chance the belief's soft model gives that action
(``belief.action_likelihood``: ``open_bet``, ``quiero``, ``raise``), the model with which
``dificil`` reads other players' bets and predicts their answers. A level the model fits
reads as its own column.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import mus  # noqa: E402
from mus.ai import LEVELS, make_bot  # noqa: E402
from mus.ai.belief import action_likelihood  # noqa: E402
from mus.ai.strength import perceived_for  # noqa: E402
from mus.ai.view import BETTING, View  # noqa: E402


def tally(level: str, against: str, juegos: int, seed: int) -> dict[tuple[str, int], list[int]]:
    """(``open`` or ``answer``, tenth of strength) -> [decisions, bets or acceptances
    (raises included), raises]."""
    out: dict[tuple[str, int], list[int]] = {}
    for n in range(juegos):
        game = mus.Game.new(mus.Rules(), seed + n)
        levels = [level, against] * 2 if n % 2 == 0 else [against, level] * 2
        bots = [make_bot(levels[s], (seed + n) * 4 + s) for s in range(4)]
        while not game.history or game.history[-1]["juego_winner"] is None:
            seat = game.to_play
            assert seat is not None
            obs = game.observation(seat)
            action = bots[seat].choose(obs)
            bet = obs["bet"] or {}
            if levels[seat] == level and obs["phase"] in BETTING and not bet.get("ordago"):
                view = View(obs)
                x = perceived_for(view, seat, obs["phase"])[view.hand_id]
                facing = bool(bet.get("answering"))
                row = out.setdefault(("answer" if facing else "open", round(x * 10)), [0, 0, 0])
                row[0] += 1
                row[1] += action != ("no quiero" if facing else "paso")
                row[2] += facing and action not in ("quiero", "no quiero")
            game = game.apply(action)
    return out


def _share(k: int, n: int) -> str:
    return f"{k / n:.2f}" if n else "–"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--level", choices=LEVELS, default="dificil")
    parser.add_argument("--against", choices=LEVELS, help="a team of this level as the rivals")
    parser.add_argument("--juegos", type=int, default=60)
    parser.add_argument("--seed", type=int, default=9000)
    args = parser.parse_args(argv)
    against = args.against or args.level
    rows = tally(args.level, against, args.juegos, args.seed)
    print(f"{args.level} against {against}, {args.juegos} juegos: share that bets (open), "
          "accepts or raises (answer), raises (raise)")
    print("| strength | open: decisions | bets | model | answer: decisions | accepts | model "
          "| raises | model |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    for tenth in range(11):
        x = tenth / 10
        cells = []
        for kind, model in (("open", "open_bet"), ("answer", "quiero")):
            n, k, raises = rows.get((kind, tenth), [0, 0, 0])
            cells.append(f"{n} | {_share(k, n)} | {action_likelihood(model, x):.2f}")
        cells.append(f"{_share(raises, n)} | {action_likelihood('raise', x):.2f}")
        print(f"| {x:.1f} | " + " | ".join(cells) + " |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
