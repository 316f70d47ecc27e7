"""A long partida costs per action what a short one does: its restore at the table's start,
and the replay of any of its hands.

Ratios of CPU times measured side by side (the least of a few runs of each), never a
wall-clock bound: a cost that grows with the square of the partida gives ×7 and more
(``python -m tools.bench.long_partida`` measures real partidas of bots).
"""

from __future__ import annotations

import time
from typing import Callable

import mus
from mus.game import REPARTO
from tools.bench.long_partida import RULES, first_hands, open_hand, restore, stored


def quick_partida() -> mus.Game:
    """A whole partida at the largest table, played fast: nobody asks for mus, the first
    legal action otherwise (señas shown, every lance passed or its envite accepted)."""
    g = mus.Game.new(RULES, 5, reseed=True)
    deals = mus.Random(5)
    while not g.is_over:
        if g.phase == REPARTO:
            g = g.apply(f"baraja {deals.getrandbits(64)}")
        else:
            g = g.apply("no hay mus" if g.phase == "mus" else str(g.legal_actions()[0]))
    return g


def least(run: Callable[[], None], times: int) -> float:
    best = float("inf")
    for _ in range(times):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def test_a_long_partida_restores_and_replays_at_the_cost_of_a_short_one() -> None:
    game = quick_partida()
    short = first_hands(game, 12)
    assert game.hands_played >= 60 and short.hands_played == 12
    long_store, short_store = stored(game, {}), stored(short, {})
    per_action = [least(lambda: restore(store), 3) / g.action_count
                  for store, g in ((short_store, short), (long_store, game))]
    assert per_action[1] < 2 * per_action[0], per_action
    first, last = (least(lambda: open_hand(game, {}, index), 5) for index in (0, game.hands_played - 1))
    assert last < 3 * first + 0.002, (first, last)
