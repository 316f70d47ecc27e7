#!/usr/bin/env python3
"""What a long partida costs at the table: its restore at every start and each hand's replay.

    python -m tools.bench.long_partida [--partidas 2] [--seed 1] [--repeat 3]

Plays real partidas at the largest table of the new-game screen (40 tantos, 3 juegos, 3
vacas: 82–96 hands) with four ``normal`` bots, dealt as the page deals (reseeded at every
hand, ``baraja N``), and stores each as the page stores it (``play.saves``), with the
bots' reasons. For each, and for its first 12 hands (a partida in progress), it prints side
by side: the CPU time of the table's start on that save (``Session.restore``: the partida
rebuilt, its talk and its bots, then the table drawn), per action and as a ratio to the
12-hand start; and the CPU time of opening the first and the last hand's replay from the
"Manos" list (the record written, replayed, and its first step drawn). The best of
``--repeat`` runs of each is kept.
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
from mus.game import REPARTO  # noqa: E402
from mus.web.kit.storage import MemoryStorage  # noqa: E402
from mus.web.play.saves import SAVE_KEY, Saved, write_save  # noqa: E402
from mus.web.play.session import Session  # noqa: E402
from mus.web.play.settings import Settings  # noqa: E402
from mus.web.play.view import build_view  # noqa: E402
from mus.web.replay.model import Dialog, replay_view  # noqa: E402

SETTINGS = Settings(target=40, juegos_to_win=3, vacas_to_win=3)   # señas on, as the page starts
RULES = SETTINGS.rules()
SHORT = 12          # hands of the partida in progress it is compared with
LONG = (82, 96)     # hands of a full partida at this table, as the issue measured them


def partida(seed: int) -> tuple[mus.Game, dict[int, dict[str, object]]]:
    """A whole partida of four ``normal`` bots, reseeded at each hand, and the bots' reasons."""
    deals = mus.Random(seed)
    g = mus.Game.new(RULES, seed, reseed=True)
    bots = [make_bot("normal", seed * 4 + s) for s in range(4)]
    reasons: dict[int, dict[str, object]] = {}
    while not g.is_over:
        if g.phase == REPARTO:
            g = g.apply(f"baraja {deals.getrandbits(64)}")
            continue
        seat = g.to_play
        assert seat is not None
        decision = bots[seat].decide(g.observation(seat))
        if seat:
            reasons[g.action_count] = {"seat": seat, "hand": g.hands_played, "reason": decision.reason}
        g = g.apply(decision.action)
    return g, reasons


def first_hands(game: mus.Game, hands: int) -> mus.Game:
    """``game`` as it stood right after the count of its hand number ``hands``, dealt on."""
    g = game.initial()
    for notation in game.actions:
        if g.hands_played == hands and g.phase != REPARTO:
            break
        g = g.apply(notation)
    return g


def stored(game: mus.Game, reasons: dict[int, dict[str, object]]) -> MemoryStorage:
    store = MemoryStorage()
    kept = {i: r for i, r in reasons.items() if i < game.action_count}
    played = game.hands_played
    write_save(store, Saved(game, played, played, SETTINGS, reasons=kept), "bench")
    return store


def cpu(run: object, repeat: int) -> float:
    """The least CPU time of ``repeat`` calls of ``run``."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()  # type: ignore[operator]
        best = min(best, time.process_time() - start)
    return best


def restore(store: MemoryStorage) -> None:
    session = Session(MemoryStorage(dict(store.data)), instant=True)
    session.restore()
    assert session.game is not None
    build_view(session)


def open_hand(game: mus.Game, reasons: dict[int, dict[str, object]], index: int) -> None:
    dialog = Dialog()
    dialog.open_hand(game, index, reasons)
    assert dialog.replay is not None
    replay_view(dialog.replay, "es")


def measure(game: mus.Game, reasons: dict[int, dict[str, object]], repeat: int) -> dict[str, float]:
    store = stored(game, reasons)
    played = game.hands_played
    return {
        "hands": played, "actions": game.action_count,
        "restore": cpu(lambda: restore(store), repeat),
        "first": cpu(lambda: open_hand(game, reasons, 0), repeat),
        "last": cpu(lambda: open_hand(game, reasons, played - 1), repeat),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--partidas", type=int, default=2, help="full partidas of 82–96 hands")
    parser.add_argument("--seed", type=int, default=1, help="the first seed tried")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each measure (the least counts)")
    args = parser.parse_args()
    print(f"{'partida':>12} {'hands':>5} {'actions':>7} {'restore s':>9} {'µs/action':>9} "
          f"{'×12-hand':>8} {'replay 1st s':>12} {'replay last s':>13}")
    seed, found = args.seed, 0
    while found < args.partidas:
        game, reasons = partida(seed)
        seed += 1
        if not LONG[0] <= game.hands_played <= LONG[1]:
            continue
        found += 1
        rows = [measure(first_hands(game, SHORT), reasons, args.repeat), measure(game, reasons, args.repeat)]
        short_rate = rows[0]["restore"] / rows[0]["actions"]
        for row in rows:
            rate = row["restore"] / row["actions"]
            print(f"{'seed ' + str(seed - 1):>12} {row['hands']:>5} {row['actions']:>7} {row['restore']:>9.3f} "
                  f"{rate * 1e6:>9.0f} {rate / short_rate:>8.2f} {row['first']:>12.3f} {row['last']:>13.3f}",
                  flush=True)


if __name__ == "__main__":
    main()
