#!/usr/bin/env python3
"""A save one tap from the end of a partida, to look at (and test) the ending screen quickly.

    python -m tools.dev.ending [--seed N] [--lose] > save.json

Plays partidas dealt from seed N (then N+1, …) with a simple seeded player at every seat
(mostly paso, mus and quiero, now and then an envite, rarely an órdago: no bots, so the
partida is the same whatever the bots become) until, at the juego that decides it, the left
rival throws an órdago that the player answers first and that ends the partida when he
wants it: the player won it (or, with ``--lose``, lost it). Prints the save (``mus.save``)
at the player's answer: put it in localStorage, open the page, press *Quiero*, then the
count's button, and the ending shows, whatever the page's bots would play.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import mus  # noqa: E402
from mus.web.play.saves import Saved, encode_save  # noqa: E402
from mus.web.play.settings import Settings  # noqa: E402

RULES = mus.Rules(senas=True)
LEFT_RIVAL = 3  # the player answers his bets first
BETTING = ("grande", "chica", "pares", "juego", "punto")
MAX_SEEDS = 200


def _choose(game: mus.Game, rng: mus.Random) -> str:
    legal = [str(a) for a in game.legal_actions()]
    roll = rng.random()
    if legal[0].startswith("descarte"):
        return legal[rng.randrange(len(legal))]
    for action, chance in (("ordago", 0.015), ("envido", 0.2), ("quiero", 0.6), ("mus", 0.5), ("señas", 0.5)):
        if action in legal and roll < chance:
            return action
    for action in ("paso", "no quiero", "no hay mus", "sin señas", "mus", "señas"):
        if action in legal:
            return action
    return legal[0]


def near_end(seed: int, winner: int = 0) -> mus.Game | None:
    """The partida dealt from ``seed``, stopped where the left rival's órdago, wanted by the
    player, ends it with ``winner`` (team) winning; None if it never comes."""
    game = mus.Game.new(RULES, seed)
    rng = mus.Random(seed)
    while not game.is_over:
        deciding = max(game.juegos) == RULES.juegos_to_win - 1 and max(game.vacas) == RULES.vacas_to_win - 1
        if deciding and game.to_play == LEFT_RIVAL and game.phase in BETTING \
                and "ordago" in [str(a) for a in game.legal_actions()]:
            thrown = game.apply("ordago")
            wanted = thrown.apply("quiero") if thrown.to_play == 0 else None
            if wanted is not None and wanted.is_over and wanted.winner == winner:
                return thrown
        game = game.apply(_choose(game, rng))
    return None


def ending_save(seed: int = 1, winner: int = 0) -> str:
    """The save text (``mus.save``) of the first partida from ``seed`` on that ``near_end`` stops."""
    for tried in range(seed, seed + MAX_SEEDS):
        game = near_end(tried, winner)
        if game is not None:
            played = game.hands_played
            return encode_save(Saved(game, acked=played, counted=played, settings=Settings(),
                                     levels=[None, "normal", "normal", "normal"]))
    raise RuntimeError(f"no partida from seeds {seed}..{seed + MAX_SEEDS - 1} ends that way")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="A save one tap from the end of a partida.")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--lose", action="store_true", help="the rivals win it")
    args = parser.parse_args(argv)
    print(ending_save(args.seed, 1 if args.lose else 0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
