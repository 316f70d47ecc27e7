"""The arena: bots of two levels play whole juegos against each other.

    python -m mus.arena --team0 dificil --team1 normal --juegos 1000 --seed 1 --jobs 2

Every juego is a fresh ``Game.new(Rules(), seed)`` played until a team reaches the target
(``history[-1]["juego_winner"]``). Each game seed is played twice, with the ``team0``
level on seats 0/2 and then on seats 1/3, so both sides get the same first deal and the
luck of the cards partly cancels. Prints the share of juegos won by ``team0`` with a 95 %
interval (computed over the pairs) and the decision times of each level.

Señas: ``--senas both`` plays with ``Rules(senas=True, catch=--catch)`` and every bot
decides for itself whether to show; ``--senas team0`` (or ``team1``) plays the same rules
but the other team never shows (it still reads what it sees and catches), which measures
what signalling is worth to a level:

    python -m mus.arena --team0 dificil --team1 dificil --senas team0 --juegos 1000 --jobs 2

Styles (``mus.ai.styles``): ``--style0 careful`` plays team0's level in that style, and
``--style1`` team1's; what a style costs or gains is its level styled against the plain level:

    python -m mus.arena --team0 normal --style0 bluffer --team1 normal --juegos 1000 --jobs 2
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from collections.abc import Iterable
from typing import Any

from ..observation import HandResult, Observation
from ..game import Game
from ..rules import Rules
from . import LEVELS, STYLES, make_bot
from .exploiters import EXPLOITERS, make_exploiter
from .loose import LooseBot
from .montecarlo import MonteCarloBot
from .styles import Styled
from .taught import TaughtBot
from .view import BETTING

Tally = dict[tuple[str, str, str], list[int]]   # (lance, who bet, how it ended) -> [envites, tantos]
# team0 wins (0..2), times, points, envites, órdagos by level (team0's, team1's; see ORDAGO_COUNTS)
Result = tuple[int, dict[str, list[float]], list[int], Tally, list[list[int]]]
SENAS_MODES = ("off", "both", "team0", "team1")
Styles = tuple[str | None, str | None]   # each team's style (None: the plain level)
# Levels of the arena only (the page offers LEVELS): the lessons' beginner, a strong bot of
# another design and a loose opener (docs/bots.md).
ARENA_ONLY: dict[str, Any] = {"lessons": TaughtBot, "montecarlo": MonteCarloBot, "loose": LooseBot}
ARENA_LEVELS = LEVELS + tuple(sorted(ARENA_ONLY)) + EXPLOITERS


def make_arena_bot(level: str, seed: int, style: str | None = None) -> Any:
    """A bot of any arena level (a page level or an arena-only one, in a style, or an
    exploiter)."""
    if level in EXPLOITERS:
        return make_exploiter(level, seed)
    if level in ARENA_ONLY:
        bot = ARENA_ONLY[level](seed)
        return Styled(bot, style, seed) if style is not None else bot
    return make_bot(level, seed, style)


class Silent:
    """A bot that never shows its señas and otherwise plays as ``bot``."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def choose(self, observation: Observation) -> str:
        if observation["phase"] == "senas":
            return "sin señas"
        return str(self.bot.choose(observation))


def arena_rules(senas: str = "off", catch: float = 0.25) -> Rules:
    return Rules(senas=senas != "off", catch=catch)


def play_juego(levels: tuple[str, str], game_seed: int, bot_seed: int,
               rules: Rules | None = None, silent: tuple[bool, bool] = (False, False),
               styles: Styles = (None, None), ordagos: Ordagos | None = None,
               ) -> tuple[int, dict[str, list[float]], list[int], list[Any]]:
    """Play one juego; ``levels[t]`` sits on team t, in ``styles[t]`` (never showing señas if
    ``silent[t]``). Returns the winning team, the decision times (seconds) by level, the
    tantos each team scored in each hand and the hands' history. With ``ordagos``, adds to
    it, by team, the hands played and the órdagos thrown, called and won (``ORDAGO_COUNTS``)."""
    game = Game.new(rules or Rules(), game_seed)
    bots: list[Any] = [make_arena_bot(levels[s % 2], bot_seed * 4 + s, styles[s % 2]) for s in range(4)]
    bots = [Silent(bot) if silent[s % 2] else bot for s, bot in enumerate(bots)]
    times: dict[str, list[float]] = {levels[0]: [], levels[1]: []}
    while True:
        seat = game.to_play
        assert seat is not None
        obs = game.observation(seat)
        if hasattr(bots[seat], "partner_hand"):   # only tools/bench/knowledge.py's experiment
            bots[seat].partner_hand = game.hand((seat + 2) % 4)
        start = time.perf_counter()
        choice = bots[seat].choose(obs)
        times[levels[seat % 2]].append(time.perf_counter() - start)
        if choice not in obs["legal_actions"]:
            raise RuntimeError(f"{levels[seat % 2]} bot chose illegal {choice!r} in {obs['phase']}")
        if ordagos is not None:
            count_ordago(ordagos, obs, seat % 2, choice)
        game = game.apply(choice)
        history = game.history
        if history and history[-1]["juego_winner"] is not None:
            if ordagos is not None:
                winner = int(history[-1]["juego_winner"])
                for team in (0, 1):
                    ordagos[team][0] += len(history)
                    if thrower_called(history[-1]) == team:
                        ordagos[team][3] += winner == team
            hand_points: list[int] = []
            for entry in history:
                got = [0, 0]
                for line in entry["ledger"]:
                    got[line["team"]] += line["points"]
                hand_points += got
            return int(history[-1]["juego_winner"]), times, hand_points, history


# Per team: hands played, órdagos thrown, órdagos of its that were called, and of those won.
ORDAGO_COUNTS = ("hands", "thrown", "called", "won")
Ordagos = list[list[int]]   # [team][ORDAGO_COUNTS index]


def count_ordago(ordagos: Ordagos, obs: Observation, team: int, choice: str) -> None:
    """Counts an órdago thrown by ``team``, or the call of one thrown by the other team."""
    if obs["phase"] not in BETTING:
        return
    if choice == "ordago":
        ordagos[team][1] += 1
    elif choice == "quiero" and obs["bet"] and obs["bet"]["ordago"]:
        ordagos[1 - team][2] += 1


def thrower_called(entry: HandResult) -> int | None:
    """The team whose órdago was called in this hand (it decides the juego), or None."""
    for lance in sorted(entry["lances"]):
        info = entry["lances"][lance]
        if info["kind"] == "ordago":
            return int(info["bettor"]) % 2
    return None


def play_pair(team0: str, team1: str, seed: int, index: int, senas: str = "off",
              catch: float = 0.25, styles: Styles = (None, None)) -> Result:
    """The same deal seed with ``team0`` on seats 0/2, then on seats 1/3."""
    game_seed = seed * 1_000_003 + index
    wins = 0
    times: dict[str, list[float]] = {team0: [], team1: []}
    points: list[int] = []
    tally: Tally = {}
    rules = arena_rules(senas, catch)
    quiet = (senas == "team1", senas == "team0")   # (team0 silent, team1 silent)
    by_level = [[0] * len(ORDAGO_COUNTS) for _ in range(2)]
    for swap in (0, 1):
        levels = (team1, team0) if swap else (team0, team1)
        silent = (quiet[1], quiet[0]) if swap else quiet
        seated: Styles = (styles[1], styles[0]) if swap else styles
        ordagos = [[0] * len(ORDAGO_COUNTS) for _ in range(2)]
        winner, t, p, history = play_juego(levels, game_seed, game_seed * 2 + swap, rules, silent, seated,
                                           ordagos)
        wins += winner == swap
        for entry in history:
            tally_envites(entry, swap, tally)
        for level, values in t.items():
            times[level] += values
        points += p
        for team in (0, 1):   # team0's level sat on team ``swap``
            for k, n in enumerate(ordagos[team]):
                by_level[team ^ swap][k] += n
    return wins, times, points, tally, by_level


def tally_envites(entry: dict[str, Any], team: int, tally: Tally) -> None:
    """Adds the envites of one hand of the history to ``tally``, from ``team``'s side:
    (lance, "us" or "them" for the team that bet last, "deje" / "querido" / "ordago") to
    [how many, tantos won by ``team`` minus tantos lost]. An órdago counts one: the juego."""
    for lance in sorted(entry["lances"]):
        info = entry["lances"][lance]
        kind = info["kind"]
        if kind not in ("deje", "querido", "ordago"):
            continue
        if kind == "deje":
            winner, amount = info["team"], info["amount"]
        elif kind == "querido":   # unpaid when the juego ended in the count before this lance
            seat = entry["winners"].get(lance)
            winner, amount = (team, 0) if seat is None else (seat % 2, info["amount"])
        else:
            winner, amount = entry["juego_winner"], 1
        row = tally.setdefault((lance, "us" if info["bettor"] % 2 == team else "them", kind), [0, 0])
        row[0] += 1
        row[1] += amount if winner == team else -amount


def print_envites(name: str, tally: Tally) -> None:
    """The ``--envites`` table: where the tantos of the bets went, from team0's side."""
    print(f"  envites from {name}'s side (bet by: us = {name}; tantos: won − lost; órdagos: juegos):")
    print("    lance    bet by   refused (tantos)   accepted (tantos)   órdagos (won − lost)")
    for lance in BETTING:
        for who in ("us", "them"):
            cells = [tally.get((lance, who, kind), [0, 0]) for kind in ("deje", "querido", "ordago")]
            print(f"    {lance:8} {who:6} " + "   ".join(f"{n:6} ({t:+6})" for n, t in cells))


def _pair_job(args: tuple[str, str, int, int, str, float, Styles]) -> Result:
    return play_pair(*args)


def run(team0: str, team1: str, pairs: int, seed: int, jobs: int, senas: str = "off",
        catch: float = 0.25, styles: Styles = (None, None)) -> list[Result]:
    """Play ``pairs`` game seeds, each with both seatings."""
    tasks = [(team0, team1, seed, i, senas, catch, styles) for i in range(pairs)]
    if jobs <= 1:
        return [_pair_job(t) for t in tasks]
    import multiprocessing
    with multiprocessing.get_context("fork").Pool(jobs) as pool:
        return list(pool.imap(_pair_job, tasks, chunksize=8))


def interval(results: list[Result]) -> tuple[float, float]:
    """Share of juegos won by team0 and the half-width of its 95 % interval, over the
    seat-swapped pairs."""
    scores = [result[0] / 2 for result in results]
    mean = statistics.fmean(scores)
    sd = statistics.stdev(scores) if len(scores) > 1 else 0.0
    return mean, 1.96 * sd / math.sqrt(len(scores))


def summarise_times(values: Iterable[float]) -> str:
    ms = sorted(v * 1000 for v in values)
    if not ms:
        return "no decisions"
    p95 = ms[min(len(ms) - 1, int(0.95 * len(ms)))]
    return (f"{len(ms)} decisions, mean {statistics.fmean(ms):.2f} ms, median "
            f"{statistics.median(ms):.2f} ms, p95 {p95:.2f} ms, max {ms[-1]:.1f} ms")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mus.arena", description="Bots of two levels play whole juegos.")
    parser.add_argument("--team0", choices=ARENA_LEVELS, help="required, but with --panel (default dificil)")
    parser.add_argument("--team1", choices=ARENA_LEVELS, help="required, but with --panel")
    parser.add_argument("--panel", action="store_true",
                        help="play team0 against every opponent of the panel (mus.ai.panel), one table")
    parser.add_argument("--opponents", help="with --panel: only these rows, comma-separated (level or level/style)")
    parser.add_argument("--juegos", type=int, default=200,
                        help="juegos to play (an even number: each game seed with both seatings); "
                             "with --panel, against each opponent")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--points", action="store_true", help="print tantos per team per hand")
    parser.add_argument("--envites", action="store_true",
                        help="print, lance by lance, the bets each team made and what they paid")
    parser.add_argument("--senas", choices=SENAS_MODES, default="off",
                        help="play with señas: both teams may show, or only team0 / team1 "
                             "(the other never shows; same rules for both)")
    parser.add_argument("--catch", type=float, default=0.25,
                        help="chance that a rival catches a player's señas")
    parser.add_argument("--ordagos", action="store_true",
                        help="print each team's órdagos per hand, how many were called and won")
    parser.add_argument("--style0", choices=STYLES, help="team0's level played in this style")
    parser.add_argument("--style1", choices=STYLES, help="team1's level played in this style")
    args = parser.parse_args(argv)
    if args.panel:
        return _panel(parser, args)
    if args.team0 is None or args.team1 is None:
        parser.error("expected --team0 and --team1 (or --panel)")
    styles: Styles = (args.style0, args.style1)
    names = [level + (f" ({style})" if style else "") for level, style in zip((args.team0, args.team1), styles)]
    arena_rules(args.senas, args.catch)   # a bad --catch fails here, with the rules' message
    start = time.perf_counter()
    results = run(args.team0, args.team1, max(1, (args.juegos + 1) // 2), args.seed, args.jobs,
                  args.senas, args.catch, styles)
    wall = time.perf_counter() - start
    n = len(results)
    mean, half = interval(results)
    total = 2 * n
    print(f"{names[0]} (team0) vs {names[1]}: {names[0]} won {sum(w for w, _, _, _, _ in results)}"
          f" of {total} juegos = {100 * mean:.1f} % "
          f"(95 % interval {max(0.0, 100 * (mean - half)):.1f}–{min(100.0, 100 * (mean + half)):.1f} %, "
          f"over {n} seat-swapped pairs)"
          + (f", señas {args.senas}, catch {args.catch}" if args.senas != "off" else ""))
    for level in dict.fromkeys((args.team0, args.team1)):
        print(f"  {level}: {summarise_times(t for _, times, _, _, _ in results for t in times[level])}")
    print(f"  wall time {wall:.0f} s with {args.jobs} job(s)")
    if args.points:
        points = [p for _, _, pts, _, _ in results for p in pts]
        hist: dict[int, int] = {}
        for p in points:
            hist[min(p, 40)] = hist.get(min(p, 40), 0) + 1
        print("  tantos per team per hand:", {k: round(v / len(points), 4) for k, v in sorted(hist.items())})
    if args.ordagos:
        for team, name in enumerate(names):
            hands, thrown, called, won = (sum(r[4][team][k] for r in results) for k in range(4))
            print(f"  órdagos by {name}: {thrown} in {hands} hands = {thrown / max(hands, 1):.3f} a hand "
                  f"(one in {hands / max(thrown, 1):.0f}); {called} called, {won} of them won")
    if args.envites:
        tally: Tally = {}
        for _, _, _, part, _ in results:
            for key, (n, tantos) in part.items():
                row = tally.setdefault(key, [0, 0])
                row[0] += n
                row[1] += tantos
        print_envites(names[0], tally)
    return 0


def _panel(parser: argparse.ArgumentParser, args: argparse.Namespace) -> int:
    from .panel import PANEL, panel_rows   # the panel plays through this module
    opponents = args.opponents.split(",") if args.opponents else list(PANEL)
    for name in opponents:
        level, _, style = name.partition("/")
        if level not in ARENA_LEVELS or style and style not in STYLES:
            parser.error(f"expected opponents among {', '.join(ARENA_LEVELS)} (level/style: {', '.join(STYLES)}), got {name!r}")
    level = args.team0 or "dificil"
    start = time.perf_counter()
    panel_rows(level, args.juegos, args.seed, args.jobs, opponents, show=lambda text: print(text, flush=True))
    print(f"  wall time {time.perf_counter() - start:.0f} s with {args.jobs} job(s), --juegos {args.juegos} --seed {args.seed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
