"""Engine throughput: random-play hands per second and ``compare`` calls per second.

Run ``python -m mus.bench [--hands N] [--seed S] [--lance L]``.

Random play chooses uniformly among ``Game.legal_actions()`` with an injected
``mus.rng.Random(seed)`` and checks cheap invariants as it goes: no exception, the
40 distinct cards at every deal, every juego ending within a bounded number of
hands (every hand scores at least one tanto, so a juego lasts at most
``2 * target - 1`` hands). The compare sweep calls ``compare(lance, a, b)`` for
all 715 × 715 pairs of rank multisets as ``Hand`` objects.
"""

from __future__ import annotations

import argparse
import os
import platform
import sys
import time
from dataclasses import dataclass
from itertools import combinations_with_replacement

from .cards import DECK_SIZE, RANKS, Card, Hand
from .game import Game
from .lances import LANCES, compare
from .rng import Random
from .rules import Rules

BETTING_PHASES = frozenset(LANCES)
MAX_ACTIONS_PER_HAND = 100_000


@dataclass(frozen=True)
class PlayResult:
    hands: int
    actions: int
    games: int
    juegos: int
    seconds: float
    cpu_seconds: float

    @property
    def hands_per_second(self) -> float:
        return self.hands / self.seconds if self.seconds else float("inf")

    @property
    def hands_per_cpu_second(self) -> float:
        return self.hands / self.cpu_seconds if self.cpu_seconds else float("inf")


@dataclass(frozen=True)
class CompareResult:
    lance: str
    calls: int
    seconds: float
    cpu_seconds: float
    wins: int
    ties: int

    @property
    def calls_per_second(self) -> float:
        return self.calls / self.seconds if self.seconds else float("inf")


def machine_info() -> str:
    return (f"python {platform.python_version()} ({platform.python_implementation()}), "
            f"{platform.platform()}, machine {platform.machine() or '?'}, "
            f"{os.cpu_count() or '?'} logical CPUs")


def _check_deal(g: Game) -> None:
    """The 40 cards, each once, across the hands, the deck and the discard pile."""
    # Private fields: the deck and the pile are not part of the public state.
    cards = [card for hand in g._hands for card in hand]
    cards += g._deck
    cards += g._pile
    if len(cards) != DECK_SIZE or len(set(cards)) != DECK_SIZE:
        raise AssertionError(
            f"expected the {DECK_SIZE} distinct cards at a deal, got {len(cards)} cards "
            f"({len(set(cards))} distinct) after actions {g.actions[-20:]}")


def random_play(hands: int, seed: int, rules: Rules | None = None) -> PlayResult:
    """Play ``hands`` hands choosing uniformly among the legal actions."""
    rules = rules or Rules()
    rng = Random(seed)
    draw = rng.random
    max_hands_per_juego = 2 * rules.target - 1
    g = Game.new(rules, seed=rng.getrandbits(32))
    _check_deal(g)
    done = actions = games = juegos = 0
    hand_actions = hands_in_juego = 0
    progress = (g.juegos, g.vacas)
    start, cpu_start = time.perf_counter(), time.process_time()
    while done < hands:
        legal = g.legal_actions()
        if not legal:
            raise AssertionError(f"expected legal actions in phase {g.phase!r}, got none")
        before = g.phase
        g = g.apply(legal[int(draw() * len(legal))])
        actions += 1
        hand_actions += 1
        phase = g.phase
        if phase == before or before not in BETTING_PHASES or phase in BETTING_PHASES:
            if hand_actions > MAX_ACTIONS_PER_HAND:
                raise AssertionError(f"expected a hand to end, still going after {hand_actions} actions")
            continue
        # A betting phase gave way to a new deal ("mus") or the end ("fin"): the hand is over.
        done += 1
        hand_actions = 0
        now = (g.juegos, g.vacas)
        if now != progress or g.is_over:
            juegos += 1
            hands_in_juego = 0
            progress = now
        else:
            hands_in_juego += 1
            if hands_in_juego >= max_hands_per_juego:
                raise AssertionError(
                    f"expected a juego to end within {max_hands_per_juego} hands, "
                    f"score {g.score} after {hands_in_juego}")
        if g.is_over:
            games += 1
            g = Game.new(rules, seed=rng.getrandbits(32))
            progress = (g.juegos, g.vacas)
        _check_deal(g)
    return PlayResult(done, actions, games, juegos, time.perf_counter() - start,
                      time.process_time() - cpu_start)


def all_hands() -> list[Hand]:
    """One suitless ``Hand`` per multiset of four ranks: 715 of them."""
    return [Hand(tuple(Card(rank) for rank in combo))
            for combo in combinations_with_replacement(RANKS, 4)]


def compare_sweep(lance: str, rules: Rules | None = None) -> CompareResult:
    """``compare(lance, a, b)`` for every ordered pair of the 715 hands."""
    rules = rules or Rules()
    hands = all_hands()
    compare(lance, hands[0], hands[0], rules)  # build the table outside the timing
    results: list[int] = []
    record = results.append
    start, cpu_start = time.perf_counter(), time.process_time()
    for a in hands:
        for b in hands:
            record(compare(lance, a, b, rules))
    seconds, cpu_seconds = time.perf_counter() - start, time.process_time() - cpu_start
    n = len(hands)
    for i in range(n):  # cheap sanity: antisymmetric, and every hand ties itself
        if results[i * n + i] != 0:
            raise AssertionError(f"expected {hands[i]} to tie itself at {lance}")
        for j in range(i):
            if results[i * n + j] != -results[j * n + i]:
                raise AssertionError(f"expected compare to be antisymmetric on {hands[i]}, {hands[j]}")
    return CompareResult(lance, len(results), seconds, cpu_seconds,
                         sum(1 for r in results if r > 0), results.count(0))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mus.bench", description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=100_000, help="random-play hands (default 100000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random play")
    parser.add_argument("--lance", choices=[*LANCES, "all", "none"], default="grande",
                        help="lance of the 715×715 compare sweep (default grande)")
    args = parser.parse_args(argv)
    if args.hands < 1:
        parser.error("--hands must be at least 1")

    print(f"machine: {machine_info()}")
    play = random_play(args.hands, args.seed)
    print(f"random play: {play.hands} hands, {play.actions} actions "
          f"({play.actions / play.hands:.1f} per hand), {play.juegos} juegos, "
          f"{play.games} partidas in {play.seconds:.2f} s ({play.cpu_seconds:.2f} s CPU)")
    print(f"random play: {play.hands_per_second:,.0f} hands/s "
          f"({play.hands_per_cpu_second:,.0f} per CPU second), "
          f"{play.actions / play.seconds:,.0f} actions/s (seed {args.seed}); invariants held")
    lances = [] if args.lance == "none" else list(LANCES) if args.lance == "all" else [args.lance]
    for lance in lances:
        sweep = compare_sweep(lance)
        print(f"compare {lance}: 715×715 = {sweep.calls} calls in {sweep.seconds:.2f} s "
              f"({sweep.cpu_seconds:.2f} s CPU), "
              f"{sweep.calls_per_second:,.0f} calls/s ({sweep.wins} wins, {sweep.ties} ties)")
    sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
