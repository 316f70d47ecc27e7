#!/usr/bin/env python3
"""Knowledge that pays (issue 45.3): a ``dificil`` that knows its partner's hand.

    python -m tools.bench.knowledge --juegos 3000 --seed 1 --jobs 2
    python -m tools.bench.knowledge --control --juegos 1000    # the same play, partner guessed
    python -m tools.bench.knowledge --bets-only --juegos 1000  # dificil's own mus and discards
    python -m tools.bench.knowledge --solved --late 10 --juegos 1000   # bets from mus.ai.cfr
    python -m tools.bench.knowledge --solved --late 10 --where openings --team-playouts
    python -m tools.bench.knowledge --bets-only --team-draws           # mus, discards by team_value

An experiment, never a level: the level ``knowing`` lives here (not in ``mus``, not in the
page's bundles, not in ``mus.ai.LEVELS`` nor in the arena's levels until this command adds
it) and learns its partner's four cards only from the arena, which tells a bot that has a
``partner_hand`` attribute (``mus.ai.arena.play_juego``). It plays ``dificil`` against
``dificil``, on the arena's seeds and seatings, with the partner's cards used in:

* the bets and the answers: ``dificil``'s own valuation, its belief holding the partner to
  his real hand (``KnownPartner``), and its play-outs having the partner answer on the
  team's chance, which he knows as well as we do (both seats of the team know);
* the mus and the discards: for the team, not for one hand. Each option is played out
  (``mus.ai.playout``) in the belief's guessed deals of the rivals: cutting plays the two
  known hands as they are; asking for mus, and each of the four best discards, has the
  partner keep what a sensible player keeps, the rivals too, every seat draw from the
  guessed deck, and the new hands played out.

``--control`` plays the same bot with the partner's hand guessed by the belief like the
rivals' (the team-minded mus and discards without the knowledge), to tell what the
knowledge pays from what the other way of choosing the mus and discards pays; ``--bets-only``
plays ``dificil``'s own mus and discards, the partner's hand known at the bets alone.
``--solved`` plays those too, and bets and answers from the table solved offline
(``mus.ai.cfr``, ``tools/build/cfr_table.py``) on the team's chance at the lance (the belief
holding the partner to his hand, read from everything public but this lance's bets), but for
an órdago, bets the table's tree does not reach, and once a team needs ``--late`` tantos or
fewer (the table counts tantos, not the juego), where it bets as ``--bets-only``; ``--lances``
keeps the table to some lances, ``--where`` to the openings or the answers.
``--team-playouts`` (with ``--solved``) chooses the mus and the discards for the team by
play-outs, as ``knowing`` does. ``--team-draws`` (with ``--bets-only`` or ``--solved``) cuts
the mus and makes the discard of the seat farther from the mano on both known hands, priced
from the hand tables (``tools/bench/team_value.py``) rather than by play-outs.
``--solved-guessed`` is plain ``dificil`` (its partner guessed by its belief) betting so: the
table as ``dificil`` could use it. Other options go to the arena (``--envites``, ``--ordagos``).
"""

from __future__ import annotations

import argparse
import copy
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from mus.ai import arena, cfr, dificil  # noqa: E402
from mus.ai.belief import Belief, action_likelihood  # noqa: E402
from mus.ai.deals import current_discards  # noqa: E402
from mus.ai.playout import Playout  # noqa: E402
from mus.ai.showdown import lance_columns  # noqa: E402
from mus.ai.reasons import Decision, rounded  # noqa: E402
from mus.ai.view import BETTING, View, best_discard, legalize, playable  # noqa: E402
from mus.ai.tables import card_index  # noqa: E402
from mus.observation import Observation  # noqa: E402
from mus.rng import Random  # noqa: E402
from tools.bench.team_value import team_values  # noqa: E402

LEVEL = "knowing"
CONTROL = "team-minded"
BETS_ONLY = "knowing-bets"
SOLVED = "knowing-cfr"
GUESSED = "dificil-cfr"
SAMPLES = 120     # deals played out for a mus or discard decision
DISCARDS = 4      # discards played out, the best by the tables' value after the draw


class KnownPartner(Belief):
    """``dificil``'s belief with the partner held to his real hand: every deal is drawn with
    that hand for him, so the rivals' hands are weighed by how they fit beside it."""

    partner_id = -1   # set by KnowingBot before each decision

    def _may_hold(self, view: View, seat: int) -> list[bool] | None:
        if seat == view.partner and self.partner_id >= 0:
            return [i == self.partner_id for i in range(len(view.tables.sigs))]
        return super()._may_hold(view, seat)


def known_belief(view: View, rng: Random, samples: int, partner: int) -> KnownPartner:
    """A ``KnownPartner`` belief of ``samples`` deals, the partner held to hand id ``partner``."""
    KnownPartner.partner_id = partner
    try:
        return KnownPartner(view, rng, samples)
    finally:
        KnownPartner.partner_id = -1


class KnowingDecision(dificil.Decision):
    """``dificil``'s valuation of a bet; in its play-outs the partner, who knows our hand as
    we know his, answers on the team's chance rather than on his hand's."""

    def _evaluate(self) -> None:
        super()._evaluate()
        if KnownPartner.partner_id < 0:
            return
        team = sum(w for w, won in zip(self.belief.weights, self.wins) if won)
        self.seen_x[self.view.partner] = [team] * len(self.wins)


class KnowingBot(dificil.DificilBot):
    """``dificil`` told its partner's cards (``partner_hand``, set by the arena before each
    decision); with ``know`` False (the control) it guesses them as ``dificil`` does; with
    ``draws`` False it asks for mus and discards as ``dificil`` does."""

    def __init__(self, seed: int | None = None, know: bool = True, draws: bool = True,
                 solved: bool = False, late: int = 0, team_draws: str = "") -> None:
        super().__init__(seed)
        self.know = know
        self.draws = draws
        # The phases it plays for the team (``team_value``): "both", "mus", "descarte" or "" (none).
        self.team_draws: tuple[str, ...] = ("mus", "descarte") if team_draws == "both" else (
            (team_draws,) if team_draws else ())
        self.solved = solved   # bets and answers from the solved table (``mus.ai.cfr``)
        self.late = late       # ... but dificil's once a team needs this many tantos or fewer
        self.partner_hand: list[str] = []

    def decide(self, observation: Observation) -> Decision:
        view = playable(observation)
        partner = view.tables.hand_id([card_index(c) for c in self.partner_hand]) if self.know else -1
        facing = bool((view.bet or {}).get("answering"))
        if self.know and view.phase in self.team_draws:
            decision = self._team_table_draw(view, list(observation["hand"]))
            if decision is not None:
                return decision
        if self.solved and view.phase in LANCES[0] and WHERE[0] in (
                "both", "answers" if facing else "openings") and min(
                view.target - view.us, view.target - view.them) > self.late:
            choice = cfr.team_choice(view, self._team_chance(view, partner), self._rng)
            if choice is not None:
                action = legalize(choice, view.legal)
                return Decision(action, {"kind": "bet", "level": SOLVED if self.know else GUESSED,
                                         "action": action, "lance": view.phase,
                                         "hand": list(observation["hand"])})
        saved = dificil.Belief, dificil.Decision
        KnownPartner.partner_id = partner
        dificil.Belief, dificil.Decision = KnownPartner, KnowingDecision   # type: ignore[misc]
        try:
            if view.phase in ("mus", "descarte") and self.draws:
                return self._team_draw(view, list(observation["hand"]))
            return super().decide(observation)
        finally:
            dificil.Belief, dificil.Decision = saved   # type: ignore[misc]
            KnownPartner.partner_id = -1

    def _team_chance(self, view: View, partner: int) -> float:
        """The team's chance at the lance over the belief's deals, read from everything
        public but this lance's bets (the solved game reads those)."""
        lance = view.phase
        before = copy.copy(view)
        before.bets = [b for b in view.bets if b[1] != lance]
        belief = known_belief(before, self._rng, dificil.SAMPLES, partner)
        _, wins, _ = lance_columns(before, "juego" if lance == "punto" else lance, belief.worlds)
        return sum(w for w, won in zip(belief.weights, wins) if won)

    def _team_table_draw(self, view: View, hand: list[str]) -> Decision | None:
        """The mus, and the discard of the team's seat farther from the mano, that are worth
        most to the team's two hands (``team_value``): None where ``dificil``'s is kept."""
        t, pos = view.tables, view.pos
        now, after = team_values(t)
        partner = [card_index(c) for c in self.partner_hand]
        ppos = (pos + 2) % 4
        unseen = dificil._unseen(view)
        avail = list(unseen)
        for c in partner:
            avail[t.card_class[c]] -= 1
        partner_avail = list(t.class_size)
        for c in partner:
            partner_avail[t.card_class[c]] -= 1

        def kept(cards: list[int], thrown: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(sorted(t.card_class[cards[p]] for p in range(4) if p not in thrown))

        partner_keep = kept(partner, best_discard(t, partner, t.equity_imp[ppos], partner_avail)[0])
        if view.phase == "descarte":
            if pos < 2:   # the seat nearer the mano throws as dificil, and his partner knows it
                return None
            options: dict[tuple[int, ...], tuple[int, ...]] = {}
            for mask in range(1, 16):
                thrown = tuple(p for p in range(4) if mask >> p & 1)
                k = kept(view.cards, thrown)
                if k not in options or len(thrown) < len(options[k]):
                    options[k] = thrown
            valued = sorted(((after.expected(k, partner_keep, avail, self._rng), -len(th), th)
                             for k, th in options.items()), reverse=True)
            thrown = valued[0][2]
            action = "descarte " + " ".join(str(p) for p in thrown)
            return Decision(action, {"kind": "descarte", "level": LEVEL, "action": action, "hand": hand,
                                     "keep": [c for p, c in enumerate(hand) if p not in thrown],
                                     "expected": rounded(valued[0][0])})
        mine = kept(view.cards, best_discard(t, view.cards, t.equity_imp[pos], unseen)[0])
        value_now = now.value(view.hand_id, t.hand_id(partner)) - now.mean
        later = after.expected(mine, partner_keep, avail, self._rng) - after.mean
        weak_rivals = sum(1 for s in view.rivals if view.votes.get(s) == "mus")
        edge = value_now - later + 0.15 * weak_rivals
        if abs(edge) < dificil.MUS_MIX:
            action = "no hay mus" if self._rng.random() < 0.5 + edge * 0.5 / dificil.MUS_MIX else "mus"
        else:
            action = "no hay mus" if edge > 0 else "mus"
        return Decision(action, {"kind": "mus", "level": LEVEL, "action": action, "hand": hand,
                                 "now": rounded(value_now), "later": rounded(later), "edge": rounded(edge)})

    def _team_draw(self, view: View, hand: list[str]) -> Decision:
        """The mus or the discard that is worth most to the team, by play-outs."""
        t = view.tables
        belief = KnownPartner(view, self._rng, SAMPLES)
        playout = Playout(view)
        counts = current_discards(view)
        pool = list(t.class_size)
        for c in view.cards + view.thrown:
            pool[t.card_class[c]] -= 1
        decks = []
        for ids in belief.worlds:
            left = list(pool)
            for s in range(4):
                if s != view.seat:
                    for k, m in t.class_counts[ids[s]]:
                        left[k] = max(0, left[k] - m)
            deck = [k for k in range(10) for _ in range(left[k])]
            self._rng.shuffle(deck)
            decks.append(deck)
        classes = [t.card_class[c] for c in view.cards]
        options: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        for mask in range(1, 16):
            kept = tuple(sorted(classes[p] for p in range(4) if not mask >> p & 1))
            if all(kept != k for k, _ in options):
                options.append((kept, tuple(p for p in range(4) if mask >> p & 1)))
        options.sort(key=lambda o: -t.keep_value[o[0]])
        options = options[:DISCARDS]

        def after(ids: list[int], deck: list[int], mine: tuple[int, ...]) -> float:
            kept: list[tuple[int, ...] | None] = [
                t.keep[counts[s]][ids[s]] if s in counts else None for s in range(4)]
            kept[view.seat] = mine
            return playout.value(*playout.from_start(playout.redeal(ids, deck, kept)))

        outcomes = [[after(ids, deck, kept) for ids, deck in zip(belief.worlds, decks)] for kept, _ in options]
        values = [sum(w * v for w, v in zip(belief.weights, out)) for out in outcomes]
        best = max(range(len(options)), key=lambda i: (values[i], -i))
        if view.phase == "descarte":
            thrown = options[best][1]
            action = "descarte " + " ".join(str(p) for p in thrown)
            return Decision(action, {"kind": "descarte", "level": LEVEL, "action": action, "hand": hand,
                                     "keep": [c for p, c in enumerate(hand) if p not in thrown]})
        # A mus asked for is a mus only if no rival still to speak cuts: one who would (by
        # the belief's model of a vote) plays the hands as they are, ours included.
        to_speak = [s for s in view.rivals if s not in view.votes]
        cuts = [playout.value(*playout.from_start(ids)) for ids in belief.worlds]
        cut = sum(w * v for w, v in zip(belief.weights, cuts))
        ask = values[best]
        for ids, w, v, later in zip(belief.worlds, belief.weights, cuts, outcomes[best]):
            served = 1.0
            for s in to_speak:
                served *= 1.0 - action_likelihood("cut", t.equity_pct[view.rel(s)][ids[s]])
            ask -= w * (1.0 - served) * (later - v)
        action = "no hay mus" if cut > ask else "mus"
        return Decision(action, {"kind": "mus", "level": LEVEL, "action": action, "hand": hand,
                                 "cut": rounded(cut), "ask": rounded(ask)})


def make_knowing(seed: int) -> Any:
    return KnowingBot(seed)


def make_control(seed: int) -> Any:
    return KnowingBot(seed, know=False)


def make_bets_only(seed: int) -> Any:
    return KnowingBot(seed, draws=False, team_draws=TEAM_DRAWS[0])


def make_solved(seed: int) -> Any:
    return KnowingBot(seed, draws=TEAM_PLAYOUTS[0], solved=True, late=LATE[0], team_draws=TEAM_DRAWS[0])


def make_guessed(seed: int) -> Any:
    return KnowingBot(seed, know=False, draws=False, solved=True, late=LATE[0])


LATE = [0]   # set by --late
TEAM_DRAWS = [""]   # set by --team-draws: "both", "mus", "descarte" or "" (none)
TEAM_PLAYOUTS = [False]   # set by --team-playouts
LANCES: list[tuple[str, ...]] = [BETTING]   # set by --lances: where the solved table bets
WHERE = ["both"]   # set by --where: its openings, its answers or both


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.bench.knowledge", description=__doc__.split("\n")[0])
    parser.add_argument("--juegos", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    which = parser.add_mutually_exclusive_group()
    which.add_argument("--control", action="store_true",
                       help="the same team-minded mus and discards, the partner's hand guessed")
    which.add_argument("--bets-only", action="store_true",
                       help="the partner's hand known at the bets; dificil's own mus and discards")
    which.add_argument("--solved", action="store_true",
                       help="the partner's hand known; bets and answers from the solved table")
    which.add_argument("--solved-guessed", action="store_true",
                       help="plain dificil (the partner guessed) betting from the solved table")
    parser.add_argument("--late", type=int, default=0,
                        help="with --solved: dificil's bets once a team needs this many tantos or fewer")
    parser.add_argument("--lances", default="", help="with --solved: only at these lances (comma-separated)")
    parser.add_argument("--where", choices=("both", "openings", "answers"), default="both",
                        help="with --solved: the table's openings, answers or both")
    parser.add_argument("--team-draws", nargs="?", const="both", default="", choices=("both", "mus", "descarte"),
                        help="with --solved or --bets-only: the mus and discards (or one) valued for both known hands")
    parser.add_argument("--team-playouts", action="store_true",
                        help="with --solved: the mus and discards chosen for the team by play-outs, as knowing does")
    args, extra = parser.parse_known_args(argv)   # the rest goes to the arena (--envites ...)
    LATE[0] = args.late
    TEAM_DRAWS[0] = args.team_draws
    TEAM_PLAYOUTS[0] = args.team_playouts
    WHERE[0] = args.where
    LANCES[0] = tuple(args.lances.split(",")) if args.lances else BETTING
    name, make = ((CONTROL, make_control) if args.control else (BETS_ONLY, make_bets_only)
                  if args.bets_only else (SOLVED, make_solved) if args.solved else (GUESSED, make_guessed)
                  if args.solved_guessed else (LEVEL, make_knowing))
    arena.ARENA_ONLY[name] = make
    levels = arena.ARENA_LEVELS
    arena.ARENA_LEVELS = levels + (name,)
    try:
        return arena.main(["--team0", name, "--team1", "dificil", "--juegos", str(args.juegos),
                           "--seed", str(args.seed), "--jobs", str(args.jobs), *extra])
    finally:
        del arena.ARENA_ONLY[name]
        arena.ARENA_LEVELS = levels


if __name__ == "__main__":
    sys.exit(main())
