"""No peeking, deep in a partida: later hands (a history of finished hands in the
observation), scores near the target, several mus rounds, señas.

Each position is a partida played with every chance step given as an action
(``explicit_chance``): ``normal`` bots play a few hands, then the hand of the position is
dealt and played by a script (mus rounds with their discards and serves, señas with their
catches, betting picked at random among the legal actions). The same partida is then
played again with every card the deciding seat cannot see dealt and served differently:
its own cards, its own serves and the catches stay, the other hands keep their pares,
juego and señas (exactly the señas the seat saw). The observation and the decision (and
its reason) must not change.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import mus
from mus.ai import LEVELS, make_bot
from mus.ai.arena import ARENA_ONLY, make_arena_bot
from mus.cards import card_text
from mus.lances import juego_value, pares_value, table_for
from tests.test_ai import CheatingBot

RULES = [mus.Rules(senas=True), mus.Rules(), mus.Rules(senas=True, catch=0.5, target=30),
         mus.Rules(reyes=4, senas=True, catch=1.0)]


def _text(cards: list[int]) -> str:
    return "".join(card_text(c) for c in sorted(cards))


def _sorted(cards: list[int], rules: mus.Rules) -> list[int]:
    order = table_for(rules).card_order
    return sorted(cards, key=lambda c: order[c])


class Hand:
    """The chance steps of one hand: the deal and every serve, by seat."""

    def __init__(self, dealt: list[list[int]], served: list[list[list[int]]]) -> None:
        self.dealt, self.served = dealt, served    # served[round][seat]

    def final(self, rules: mus.Rules, thrown: list[list[tuple[int, ...]]]) -> list[list[int]]:
        """Each seat's hand once the rounds' discards (positions) and serves are done."""
        hands = [_sorted(list(h), rules) for h in self.dealt]
        for r, positions in enumerate(thrown):
            hands = [_sorted([c for p, c in enumerate(h) if p not in positions[s]] + self.served[r][s], rules)
                     for s, h in enumerate(hands)]
        return hands


def _draw_hand(rng: random.Random, rules: mus.Rules, thrown: list[list[tuple[int, ...]]],
               keep_seat: int | None = None, keep: Hand | None = None) -> Hand:
    """A deal and its serves for the discards ``thrown`` (positions by round and seat); with
    ``keep``, the cards ``keep_seat`` was dealt and served stay as in ``keep``."""
    fixed: list[int] = []
    if keep is not None and keep_seat is not None:
        fixed = list(keep.dealt[keep_seat]) + [c for rnd in keep.served for c in rnd[keep_seat]]
    pool = [c for c in range(40) if c not in fixed]
    rng.shuffle(pool)
    dealt = []
    for s in range(4):
        dealt.append(list(keep.dealt[s]) if keep is not None and s == keep_seat
                     else [pool.pop() for _ in range(4)])
    served = []
    for r, positions in enumerate(thrown):
        served.append([list(keep.served[r][s]) if keep is not None and s == keep_seat
                       else [pool.pop() for _ in positions[s]] for s in range(4)])
    return Hand(dealt, served)


def _flags(cards: list[int], rules: mus.Rules, exact: bool) -> tuple[object, ...]:
    text = _text(cards)
    shown = mus.senas(text, rules)
    return (pares_value(text, rules) > 0, juego_value(text, rules) > 0,
            shown if exact else bool(shown))


def _chance_before(g: mus.Game, rng: random.Random) -> mus.Game:
    """Prefix hands: deals and serves drawn here, catches at random."""
    while g.is_chance:
        if g.phase == "reparto":
            deck = list(range(40))
            rng.shuffle(deck)
            g = g.apply("reparto " + " ".join(_text(deck[4 * s:4 * s + 4]) for s in range(4)))
        elif g.phase == "servicio":
            obs = [g.observation(s) for s in range(4)]
            held = {c for s in range(4) for c in g.hand(s)}
            thrown = {c for o in obs for e in o["log"] if e.get("cards") for c in e["cards"]}
            counts = [0, 0, 0, 0]
            for e in obs[0]["log"][::-1]:
                if e["phase"] == "descarte":
                    if counts[e["seat"]]:
                        break
                    counts[e["seat"]] = e["count"]
                elif e["action"] == "servido":
                    break
            stock = [card_text(c) for c in range(40) if card_text(c) not in held | thrown]
            rng.shuffle(stock)
            if sum(counts) > len(stock):
                raise _Skip
            g = g.apply("servido " + " ".join("".join(stock.pop() for _ in range(n)) for n in counts))
        else:
            g = g.apply(rng.choice(_catches(g)))
    return g


def _bet(legal: list[str], r: int) -> str:
    """A betting action for the script's number ``r``: mostly calm, some envites."""
    calm = [a for a in legal if a in ("paso", "quiero", "no quiero")]
    envites = [a for a in legal if a in ("envido", "envido 5")]
    if r % 10 < 7 and calm:
        return calm[r // 10 % len(calm)]
    if r % 10 < 9 and envites:
        return envites[r // 10 % len(envites)]
    return legal[r // 10 % len(legal)]


def _catches(g: mus.Game) -> list[str]:
    """The catches chance may give now (in phase caza)."""
    try:
        g.apply("cazada")
        options = ["cazada"]
    except mus.IllegalActionError:
        options = []
    for extra in ("0", "1", "2", "3", "0 2", "1 3"):
        try:
            g.apply("cazada " + extra)
            options.append("cazada " + extra)
        except mus.IllegalActionError:
            pass
    return options


class _Skip(Exception):
    pass


def _prefix(rng: random.Random, rules: mus.Rules) -> tuple[mus.Game, list[str]] | None:
    """A partida from a random score, ``normal`` bots for a few hands, stopped at a deal."""
    deck = list(range(40))
    rng.shuffle(deck)
    target = rules.target
    score = (rng.randrange(target // 2, target), rng.randrange(target // 2, target))
    g = mus.Game.from_deal([_text(deck[4 * s:4 * s + 4]) for s in range(4)], rng.randrange(4), score,
                           rules, seed=rng.randrange(10**6), explicit_chance=True)
    bots = [make_bot("normal", rng.randrange(1000)) for _ in range(4)]
    hands = rng.randint(1, 4)
    try:
        while len(g.history) < hands and not g.is_over:
            if g.is_chance:
                if g.phase == "reparto" and len(g.history) == hands:
                    break
                g = _chance_before(g, rng)
                continue
            g = g.apply(bots[g.to_play].choose(g.observation(g.to_play)))
    except _Skip:
        return None
    if g.is_over or g.phase != "reparto":
        return None
    return g, list(g.actions)


def _play_hand(start: mus.Game, rules: mus.Rules, hand: Hand, script: dict[str, Any],
               stop: int) -> mus.Game | None:
    """The hand of the position from its deal, ``stop`` actions (chance ones included)."""
    g = start.apply("reparto " + " ".join(_text(h) for h in hand.dealt))
    done = len(start.history)
    steps = 0
    rounds = 0
    descartes = iter(script["descartes"])
    votes = iter(script["votes"])
    bets = iter(script["bets"])
    senas = iter(script["senas"])
    catches = iter(script["catches"])
    while steps < stop:
        if len(g.history) > done or g.to_play is None and not g.is_chance:
            return None
        phase = g.phase
        try:
            if phase == "servicio":
                g = g.apply("servido " + " ".join(_text(c) for c in hand.served[rounds]))
                rounds += 1
            elif phase == "caza":
                options = _catches(g)
                g = g.apply(options[next(catches) % len(options)])
            elif phase == "mus":
                g = g.apply(next(votes))
            elif phase == "descarte":
                positions = next(descartes)
                g = g.apply("descarte " + " ".join(map(str, positions)))
            elif phase == "senas":
                legal = [str(a) for a in g.legal_actions()]
                want = next(senas)
                g = g.apply(want if want in legal else "sin señas")
            else:
                g = g.apply(_bet([str(a) for a in g.legal_actions()], next(bets)))
        except (StopIteration, mus.IllegalActionError):
            return None
        steps += 1
    return None if len(g.history) > done or g.to_play is None else g


def _script(rng: random.Random) -> tuple[dict[str, Any], list[list[tuple[int, ...]]]]:
    rounds = rng.choice([0, 1, 1, 2, 2, 3])
    thrown = [[tuple(sorted(rng.sample(range(4), rng.randint(1, 2)))) for _ in range(4)]
              for _ in range(rounds)]
    descartes = []
    votes = []
    for r in range(rounds):
        votes += ["mus"] * 4
        descartes.append(thrown[r])
    votes += ["mus"] * rng.randrange(4) + ["no hay mus"]
    script = {"thrown": thrown, "votes": votes, "descartes": [], "bets": [rng.randrange(1000) for _ in range(30)],
              "senas": [rng.choice(["señas", "sin señas"]) for _ in range(4)],
              "catches": [rng.randrange(1000) for _ in range(4)]}
    return script, thrown


def deep_positions(count: int, seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < count:
        rules = rng.choice(RULES)
        start = _prefix(rng, rules)
        if start is None:
            continue
        g0, prefix = start
        script, thrown = _script(rng)
        mano = (g0.mano + 1) % 4
        # descarte order: from the postre to the mano, positions by seat
        script["descartes"] = [rnd[(mano + 3 - k) % 4] for rnd in thrown for k in range(4)]
        hand = _draw_hand(rng, rules, thrown)
        mus_steps = len(thrown) * 9 + len(script["votes"]) - 4 * len(thrown)
        length = mus_steps + rng.randint(1, 18) if rng.random() < 0.7 else rng.randint(1, mus_steps + 8)
        g = _play_for(g0, rules, hand, script, length)
        if g is None:
            continue
        out.append({"rules": rules, "start": g0, "prefix": prefix, "hand": hand, "thrown": thrown,
                    "script": script, "steps": g[1], "seat": g[0].to_play})
    return out


def _play_for(g0: mus.Game, rules: mus.Rules, hand: Hand, script: dict[str, Any],
              length: int) -> tuple[mus.Game, int] | None:
    """The longest prefix of the script up to ``length`` actions that ends at a decision
    of a seat, but not a chance step."""
    for stop in range(length, 0, -1):
        g = _play_hand(g0, rules, hand, script, stop)
        if g is not None and not g.is_chance and g.to_play is not None:
            return g, stop
    return None


def _alternative(pos: dict[str, Any], rng: random.Random) -> Hand | None:
    rules, seat = pos["rules"], pos["seat"]
    g = _play_hand(pos["start"], rules, pos["hand"], pos["script"], pos["steps"])
    assert g is not None
    obs = g.observation(seat)
    seen = {e["seat"] for e in obs["senas"]}
    thrown_done = pos["thrown"][:sum(1 for e in obs["log"] if e["action"] == "servido")]
    original = pos["hand"].final(rules, thrown_done)
    for _ in range(3000):
        other = _draw_hand(rng, rules, pos["thrown"], seat, pos["hand"])
        final = other.final(rules, thrown_done)
        if all(s == seat or _flags(final[s], rules, s in seen) == _flags(original[s], rules, s in seen)
               for s in range(4)) and final != original:
            return other
    return None


def _decide(level: str, k: int, pos: dict[str, Any], hand: Hand) -> tuple[dict[str, Any], Any]:
    g = _play_hand(pos["start"], pos["rules"], hand, pos["script"], pos["steps"])
    assert g is not None and g.to_play == pos["seat"]
    obs = g.observation(pos["seat"])
    return obs, (CheatingBot() if level == "cheat" else make_arena_bot(level, k)).decide(obs)


def unfair_deep_positions(level: str, count: int) -> int:
    """How many deep positions changed the observation or the decision when hidden cards
    moved (the observation must never change)."""
    rng = random.Random(7)
    records = deep_positions(count, seed=17)
    swapped = bad = 0
    for k, pos in enumerate(records):
        other = _alternative(pos, rng)
        if other is None:
            continue
        swapped += 1
        obs_a, decision_a = _decide(level, k, pos, pos["hand"])
        obs_b, decision_b = _decide(level, k, pos, other)
        assert obs_a == obs_b, "the observation depends on hidden cards"
        bad += decision_a != decision_b
    assert swapped >= 0.8 * len(records)
    return bad


@pytest.mark.parametrize("level", LEVELS + tuple(ARENA_ONLY))   # the arena's own levels too
def test_decisions_deep_in_a_partida_ignore_hidden_cards(level: str) -> None:
    assert unfair_deep_positions(level, 40 if level in ("dificil", "montecarlo", "lessons") else 60) == 0


def test_deep_check_catches_a_peeking_bot() -> None:
    assert unfair_deep_positions("cheat", 25) > 0


def test_deep_positions_are_deep() -> None:
    records = deep_positions(60, seed=17)
    observed = []
    for pos in records:
        g = _play_hand(pos["start"], pos["rules"], pos["hand"], pos["script"], pos["steps"])
        assert g is not None
        observed.append(g.observation(pos["seat"]))
    assert all(o["history"] for o in observed)                                  # later hands
    assert sum(1 for o in observed if max(o["score"]) >= o["rules"]["target"] - 8) >= 10
    assert sum(1 for o in observed
               if sum(1 for e in o["log"] if e["action"] == "servido") >= 2) >= 10
    assert sum(1 for o in observed if o["phase"] not in ("mus", "descarte", "senas")) >= 20
    assert sum(1 for o in observed if any(e["seat"] != o["seat"] for e in o["senas"])) >= 5
