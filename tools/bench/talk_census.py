#!/usr/bin/env python3
"""What the bots say over many partidas at the default table: each saying's share.

    python -m tools.bench.talk_census [--partidas 200] [--level normal] [--write FILE] [--read FILE]

Plays seeded partidas of bots at the table a new player gets (``Settings()``: its rules, its
level, each bot its own style, the partner's advice aloud), with the player's seat a bot of
the same level, as the page does: each bot reads the advice said aloud, and the talk is
listened to move by move (``TableTalk.listen``). Then every partida's talk is rebuilt from
its game (``TableTalk.rebuild``, what a reload does) and counted: how often each saying is
heard, its share of all, and how many times a saying came twice in one hand.

``--write`` keeps the partidas (their seeds and calls, one line each) so that
``tests/test_talk_census.py`` counts the talk of real bot partidas in seconds: playing 200 of
them takes about 90 s of CPU, almost all the bots' thinking; ``--read`` counts those.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

import mus  # noqa: E402
from mus.ai import make_bot  # noqa: E402
from mus.web.play.cast import RANDOM, cast  # noqa: E402
from mus.web.play.settings import Settings  # noqa: E402
from mus.web.play.talk import PHRASES, Said, TableTalk  # noqa: E402

MAX_ACTIONS = 3000  # normal bots can raise each other without end: a partida stops there
# Every call a partida of the default table can hold, one character each in a kept partida.
CALLS = (["mus", "no hay mus", "paso", "quiero", "no quiero", "ordago", "señas", "sin señas", "envido"]
         + [f"envido {n}" for n in range(3, 41)]
         + ["descarte " + " ".join(str(p) for p in range(4) if mask >> p & 1) for mask in range(1, 16)])
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
CODE = {call: ALPHABET[n] for n, call in enumerate(CALLS)}
FORMAT = "mus-talk-census 1"


def styles_of(seed: int) -> list[str | None]:
    """The bots' styles of a partida dealt from ``seed`` (each its own, as by default)."""
    return [seat.style if seat else None for seat in cast(RANDOM, seed)]


def play(seed: int, level: str, rules: mus.Rules) -> mus.Game:
    """A partida of ``level`` bots, the player's seat one of them, as the page plays it."""
    styles = styles_of(seed)
    bots = [make_bot(level, seed * 4 + seat, styles[seat]) for seat in range(4)]
    game = mus.Game.new(rules, seed)
    talk = TableTalk(styles, True)
    talk.listen(None, "", game)
    while not game.is_over and len(game.actions) < MAX_ACTIONS:
        seat = game.to_play
        assert seat is not None
        obs = game.observation(seat)
        obs["advice"] = talk.heard(len(game.history))
        before, game = game, game.apply(bots[seat].choose(obs))
        talk.listen(before, game.actions[-1], game)
    return game


def write(partidas: list[tuple[int, mus.Game]], rules: mus.Rules, level: str) -> str:
    lines = [FORMAT, f"rules {rules.to_dict(every=True)}", f"level {level}"]
    lines += [f"{seed} {''.join(CODE[call] for call in game.actions)}" for seed, game in partidas]
    return "\n".join(lines) + "\n"


def read(text: str) -> tuple[mus.Rules, list[tuple[int, mus.Game]]]:
    """The kept partidas, replayed by the engine (an illegal call raises)."""
    lines = text.splitlines()
    if not lines or lines[0] != FORMAT:
        raise ValueError(f"expected a file starting {FORMAT!r}")
    rules = Settings().rules()
    if lines[1] != f"rules {rules.to_dict(every=True)}":
        raise ValueError(f"kept for other rules ({lines[1]}): write them again")
    partidas = []
    for line in lines[3:]:
        seed_text, _, calls = line.partition(" ")
        game = mus.Game.new(rules, int(seed_text))
        for char in calls:
            game = game.apply(CALLS[ALPHABET.index(char)])
        partidas.append((int(seed_text), game))
    return rules, partidas


def talk_of(seed: int, game: mus.Game) -> list[Said]:
    talk = TableTalk(styles_of(seed), True)
    talk.rebuild(game)
    return [said for said in talk.said if said.kind != "advice"]


def census(partidas: list[tuple[int, mus.Game]]) -> tuple[dict[str, int], int]:
    """How often each saying was heard, and how many times one came twice in a hand."""
    heard = {key: 0 for key in PHRASES}
    twice = 0
    for seed, game in partidas:
        seen: set[tuple[int, str]] = set()
        for said in talk_of(seed, game):
            heard[said.key] += 1
            twice += (said.hand, said.key) in seen
            seen.add((said.hand, said.key))
    return heard, twice


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--partidas", type=int, default=200)
    parser.add_argument("--level", default=Settings().level)
    parser.add_argument("--seed", type=int, default=0, help="the first partida's seed")
    parser.add_argument("--write", type=Path, help="keep the partidas played in this file")
    parser.add_argument("--read", type=Path, help="count the partidas kept in this file instead")
    args = parser.parse_args()
    started = time.process_time()
    if args.read:
        _, partidas = read(args.read.read_text(encoding="utf-8"))
    else:
        rules = Settings().rules()
        partidas = [(seed, play(seed, args.level, rules)) for seed in range(args.seed, args.seed + args.partidas)]
        if args.write:
            args.write.write_text(write(partidas, rules, args.level), encoding="utf-8")
    played = time.process_time()
    heard, twice = census(partidas)
    total = sum(heard.values())
    hands = sum(len(game.history) for _, game in partidas)
    print(f"{len(partidas)} partidas, {hands} hands: {total} sayings, {twice} twice in a hand "
          f"(CPU: {played - started:.1f} s to {'read' if args.read else 'play'}, "
          f"{time.process_time() - played:.1f} s to count)")
    for key in sorted(heard, key=lambda k: -heard[k]):
        print(f"  {key:14} {heard[key]:5}  {100 * heard[key] / max(1, total):5.1f} %")


if __name__ == "__main__":
    main()
