"""Random-simulation invariants of the engine.

Thousands of hands are played over several rule variants with an injected
``random.Random`` choosing among ``Game.legal_actions()``, and every state is held to
the engine's promises: the 40 cards, scores that never go down within a juego,
juegos that end, exact JSON replays, no use of the global ``random``, immutable
states, illegal actions refused without side effects, observations that hide the
other seats' cards, and hands shown after the count.

Tests may read private fields (``_hands``, ``_deck``, ``_pile``, ``_discards``, ``_rng``):
the deck and the pile have no public accessor.

Run from the repository root: ``python -m pytest tests/test_invariants.py``.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Any

import pytest

import mus
from mus import Action, Game, IllegalActionError, Rules

VARIANTS = [
    pytest.param(Rules(), id="default"),
    pytest.param(Rules(reyes=4), id="reyes4"),
    pytest.param(Rules(real_31=True), id="real31"),
    pytest.param(Rules(target=30, juegos_to_win=3), id="target30-juegos3"),
    pytest.param(Rules(vacas_to_win=2), id="vacas2"),
    pytest.param(Rules(senas=True), id="senas"),
    pytest.param(Rules(senas=True, reyes=4, catch=0.6), id="senas-reyes4-catch60"),
]
HANDS_PER_VARIANT = 700          # 7 variants: 4,900 hands of fully checked random play
SAMPLE_DEEP = 0.03               # share of states where every legal and illegal action is tried
SAMPLE_LEAK = 0.25               # share of unchanged-phase states whose observations are scanned
MAX_ACTIONS_PER_HAND = 5_000     # a hand longer than this is taken as a loop
BETTING_PHASES = frozenset(("grande", "chica", "pares", "juego", "punto"))
RANKS, SUITS = "RCS765432A", "oceb"
CARD_CODES = frozenset(rank + suit for rank in RANKS for suit in SUITS)
CARD_TOKEN = re.compile(f"[{RANKS}][{SUITS}]")

Policy = Callable[[random.Random, Game], Action]


# --- policies ------------------------------------------------------------------------

def uniform(rng: random.Random, g: Game) -> Action:
    """Uniform over the legal actions (envites dominate: raise wars, many órdagos)."""
    legal = g.legal_actions()
    return legal[rng.randrange(len(legal))]


def by_kind(rng: random.Random, g: Game) -> Action:
    """Uniform over the kinds of legal action, then over that kind: pasos and counts
    become common, so juegos last many hands and the deck sometimes runs out."""
    legal = g.legal_actions()
    kinds = sorted({a.kind for a in legal})
    kind = kinds[rng.randrange(len(kinds))]
    options = [a for a in legal if a.kind == kind]
    return options[rng.randrange(len(options))]


def tame(rng: random.Random, g: Game) -> Action:
    """Table-like play: frequent mus, mostly paso, small envites, rare órdagos, so that
    juegos last many hands and reach the count, and the deck now and then runs out."""
    legal = g.legal_actions()
    kinds = {a.kind for a in legal}
    roll = rng.random()
    if "mus" in kinds:
        kind = "mus" if roll < 0.6 else "no hay mus"
    elif "descarte" in kinds or "sin señas" in kinds:
        return legal[rng.randrange(len(legal))]
    elif "ordago" not in kinds:                       # facing an órdago
        kind = "quiero" if roll < 0.3 else "no quiero"
    elif "paso" in kinds:
        kind = "paso" if roll < 0.7 else "envido" if roll < 0.99 else "ordago"
    else:
        kind = "quiero" if roll < 0.4 else "no quiero" if roll < 0.85 else \
            "envido" if roll < 0.98 else "ordago"
    options = [a for a in legal if a.kind == kind and a.amount <= 5]
    return options[rng.randrange(len(options))]


# --- helpers -------------------------------------------------------------------------

def cards_in_play(g: Game) -> list[int]:
    """Hands (less the cards already thrown this round), deck and pile, as deck indices."""
    cards = [card for seat, hand in enumerate(g._hands) for card in hand
             if card not in g._discards[seat]]
    return cards + list(g._deck) + list(g._pile)


def assert_cards(g: Game) -> None:
    cards = cards_in_play(g)
    assert sorted(cards) == list(range(40)), (
        f"expected the 40 distinct cards across hands, deck and pile, got {len(cards)} cards, "
        f"{len(set(cards))} distinct, in phase {g.phase} after {g.actions[-12:]}")
    for seat in range(4):
        hand = g.hand(seat)
        assert len(hand) == 4 and len(set(hand)) == 4 and set(hand) <= CARD_CODES, (
            f"expected seat {seat} to hold 4 distinct cards, got {hand}")


def light(g: Game) -> tuple[Any, ...]:
    """Cheap full-state fingerprint: everything that decides the future, cards included."""
    return (g.phase, g.to_play, g.mano, g.score, g.juegos, g.vacas, g.winner, g._hands,
            g._deck, g._pile, g._discards, g.hands_played, g._rng.getstate())


def full(g: Game) -> tuple[Any, ...]:
    """Everything observable about a state, and its generator."""
    return (light(g), g.to_json(), [g.observation(s) for s in range(4)], g.history,
            [str(a) for a in g.legal_actions()], g.actions)


def candidate_actions(rules: Rules) -> list[Action]:
    """Every action that can be legal somewhere, plus an envite one over the limit."""
    texts = ["mus", "no hay mus", "paso", "quiero", "no quiero", "ordago", "señas", "sin señas"]
    texts += [f"envido {n}" for n in range(2, rules.max_envite + 2)]
    texts += ["descarte " + " ".join(map(str, cards))
              for n in range(1, 5) for cards in combinations(range(4), n)]
    return [Action.parse(t) for t in texts]


def assert_names_legal(message: str, legal: list[Action]) -> None:
    """The error message lists the legal actions (a run of envites as 'first … last')."""
    assert "legal actions: " in message, message
    items = message.split("legal actions: ", 1)[1].split(", ")
    envites = [str(a) for a in legal if a.kind == "envido"]
    for text in (str(a) for a in legal if a.kind != "envido"):
        assert text in items, f"expected {text!r} among the legal actions named in {message!r}"
    if envites:
        assert (envites[0] in items and envites[-1] in items) or \
            f"{envites[0]} … {envites[-1]}" in items, message


def assert_no_leak(g: Game, seat: int) -> None:
    """observation(seat), outside the history of finished hands, mentions no card that
    another seat holds now: card codes are searched in the JSON text, so a code inside
    any string (a concatenated hand, a log line, a key) is found too."""
    obs = g.observation(seat)
    assert obs["hand"] == g.hand(seat)
    assert obs["legal_actions"] == ([str(a) for a in g.legal_actions()]
                                    if seat == g.to_play else [])
    del obs["history"]
    # Its own discards this hand are the seat's own knowledge, wherever they went since;
    # they may be named only in its own descarte lines.
    own_discards = [e.pop("cards") for e in obs["log"] if e["phase"] == "descarte" and "cards" in e]
    assert all(e["seat"] == seat for e in obs["log"] if "own" in e)
    text = json.dumps(obs, ensure_ascii=False)
    others = {card for other in range(4) if other != seat for card in g.hand(other)}
    leaked = others.intersection(CARD_TOKEN.findall(text))
    assert all(len(cards) in range(1, 5) for cards in own_discards)
    assert not leaked, f"observation({seat}) shows other seats' cards {sorted(leaked)}: {text}"
    assert_senas_seen(g, obs, seat)


def assert_senas_seen(g: Game, obs: dict[str, Any], seat: int) -> None:
    """The señas in observation(seat) are true, and only its own, its partner's and those
    of rivals it caught (their lines in its log say so); a rival's señas line is there
    only when caught, so an uncaught seña and none look alike."""
    lines = {e["seat"]: e for e in obs["log"] if e["phase"] == "senas"}
    if not g.rules.senas:
        assert obs["senas"] == [] and not lines
        return
    for entry in obs["senas"]:
        who = entry["seat"]
        assert set(entry) == {"seat", "senas"} and entry["senas"], entry
        assert entry["senas"] == list(mus.senas("".join(g.hand(who)), g.rules))
        assert lines[who]["action"] == "señas"
        assert who & 1 == seat & 1 or lines[who].get("caught") is True, (seat, entry)
    shown = {e["seat"] for e in obs["senas"]}
    for who, line in lines.items():
        if who & 1 != seat & 1:
            assert line == {"seat": who, "phase": "senas", "action": "señas", "caught": True}
        assert (who in shown) == (line["action"] == "señas")


def legal_step_check(g: Game) -> None:
    """Every legal action applies and leaves ``g`` unchanged; every other candidate is
    refused with IllegalActionError naming the legal ones, also leaving ``g`` unchanged;
    none of it touches the global ``random`` state."""
    before = full(g)
    global_state = random.getstate()
    legal = g.legal_actions()
    for action in legal:
        after = g.apply(action)
        assert_cards(after)
        assert after.is_over or after.legal_actions(), "expected legal actions after a legal one"
        assert after.actions == g.actions + [str(action)]
    legal_set = set(legal)
    candidates = candidate_actions(g.rules)
    assert legal_set <= set(candidates) and len(legal_set) == len(legal), f"odd legal actions {legal}"
    for action in candidates:
        if action in legal_set:
            continue
        for form in (action, str(action)):
            with pytest.raises(IllegalActionError) as info:
                g.apply(form)
            assert isinstance(info.value, ValueError)
            assert_names_legal(str(info.value), legal)
    assert random.getstate() == global_state, "the engine used the global random module"
    assert full(g) == before, "apply changed the state it was called on"


class Checker:
    """Follows a run of play and checks each transition."""

    def __init__(self, g: Game, rng: random.Random) -> None:
        self.rng = rng
        self.rules = g.rules
        self.hand_start_score = g.score
        self.hands_in_juego = 0
        self.actions_in_hand = 0
        self.hands = 0
        self.counts = 0
        self.juegos = 0
        assert_cards(g)

    def start_game(self, g: Game) -> None:
        self.hand_start_score = g.score
        self.hands_in_juego = 0
        self.actions_in_hand = 0
        assert_cards(g)
        assert g.phase == "mus" and g.to_play == g.mano and len(g._deck) == 24

    def step(self, g: Game, h: Game) -> None:
        """``h`` is ``g`` after one action."""
        rules = self.rules
        self.actions_in_hand += 1
        assert self.actions_in_hand <= MAX_ACTIONS_PER_HAND, "expected the hand to end"
        assert_cards(h)
        if h.is_over:
            assert h.to_play is None and h.legal_actions() == [] and h.winner in (0, 1)
        else:
            assert h.to_play in range(4) and h.legal_actions(), (
                f"expected legal actions while the game is not over, phase {h.phase}")
        ended = h.hands_played > g.hands_played
        if not ended:
            assert (h.juegos, h.vacas) == (g.juegos, g.vacas)
            assert h.score[0] >= g.score[0] and h.score[1] >= g.score[1], (
                f"expected scores never to go down within a hand, {g.score} → {h.score}")
            assert max(h.score) < rules.target
        else:
            self.end_of_hand(g, h)
        if h.phase != g.phase or ended:
            seats = list(range(4))
        else:
            seats = [self.rng.randrange(4)] if self.rng.random() < SAMPLE_LEAK else []
        for seat in seats:
            assert_no_leak(h, seat)
        if self.rng.random() < SAMPLE_DEEP:
            legal_step_check(h)

    def end_of_hand(self, g: Game, h: Game) -> None:
        rules = self.rules
        self.hands += 1
        self.actions_in_hand = 0
        assert h.hands_played == g.hands_played + 1
        entry = h.hand_result(-1)
        ledger = entry["ledger"]
        winner = entry["juego_winner"]
        assert entry["number"] == h.hands_played and entry["mano"] == g.mano
        assert ledger and all(line["points"] >= 1 for line in ledger), (
            f"expected every hand to score, every line at least 1 tanto: {ledger}")
        totals = list(self.hand_start_score)
        for line in ledger:
            totals[line["team"]] += line["points"]
        assert totals == entry["score"], f"expected the ledger {ledger} to add up to {entry['score']}"
        # Hands are shown whenever the hand reached the count (or an accepted órdago);
        # only a refused envite that wins the juego ends the hand unseen.
        by_deje = winner is not None and ledger[-1]["reason"].endswith("porque no")
        if by_deje:
            assert entry["hands"] is None
        else:
            self.counts += 1
            assert entry["hands"] == [g.hand(s) for s in range(4)], (
                f"expected the four hands {[g.hand(s) for s in range(4)]} shown, got {entry['hands']}")
            assert h.history[-1]["hands"] == entry["hands"]
        if winner is None:
            assert max(entry["score"]) < rules.target and h.score == tuple(entry["score"])
            assert (h.juegos, h.vacas) == (g.juegos, g.vacas)
            self.hands_in_juego += 1
            # Every hand scores, so a juego cannot outlast 2 * target - 1 hands.
            assert self.hands_in_juego < 2 * rules.target - 1, "expected the juego to end"
        else:
            assert entry["score"][winner] >= rules.target > entry["score"][1 - winner]
            assert ledger[-1]["team"] == winner
            assert h.score == (0, 0), "expected the tantos to start again after a juego"
            juegos = list(g.juegos)
            vacas = list(g.vacas)
            juegos[winner] += 1
            if juegos[winner] == rules.juegos_to_win:
                juegos = [0, 0]
                vacas[winner] += 1
            assert (list(h.juegos), list(h.vacas)) == (juegos, vacas)
            assert h.is_over == (vacas[winner] == rules.vacas_to_win)
            self.hands_in_juego = 0
            self.juegos += 1
        self.hand_start_score = h.score
        if not h.is_over:
            assert h.mano == (g.mano + 1) % 4, "expected the mano to move one seat on"
            assert h.phase == "mus" and h.to_play == h.mano
            assert len(h._deck) == 24 and h._pile == ()
            assert h.observation(0)["ledger"] == [] and h.observation(0)["log"] == []
            assert all(h.observation(s)["senas"] == [] for s in range(4))


def play(rules: Rules, seed: int, policy: Policy, hands: int, checker: bool = True,
         stats: dict[str, int] | None = None) -> Iterator[tuple[Game, Action, Game]]:
    """Yield (state, action, next state) for ``hands`` hands, starting new partidas as
    needed; the checker looks at every transition, ``stats`` gets its counters."""
    rng = random.Random(seed)
    check_rng = random.Random(seed + 1)
    g = Game.new(rules, seed=rng.getrandbits(32))
    c = Checker(g, check_rng)
    while c.hands < hands:
        if g.is_over:
            g = Game.new(rules, seed=rng.getrandbits(32))
            c.start_game(g)
        action = policy(rng, g)
        before = light(g) if checker and check_rng.random() < 0.2 else None
        h = g.apply(action)
        if checker:
            assert before is None or light(g) == before, "apply changed the state it was called on"
            c.step(g, h)
        else:
            c.hands += h.hands_played - g.hands_played
        yield g, action, h
        g = h
    if stats is not None:
        for key in ("hands", "counts", "juegos"):
            stats[key] = stats.get(key, 0) + getattr(c, key)


# --- the simulations -------------------------------------------------------------------

@pytest.mark.parametrize("rules", VARIANTS)
def test_random_play_invariants(rules: Rules) -> None:
    stats: dict[str, int] = {}
    for policy, seed, share in ((uniform, 11, 0.5), (by_kind, 12, 0.2), (tame, 13, 0.3)):
        for _ in play(rules, seed, policy, round(HANDS_PER_VARIANT * share), stats=stats):
            pass
    # Not vacuous: most hands were shown at the count, and many juegos were played out.
    assert stats["hands"] == HANDS_PER_VARIANT
    assert stats["counts"] > HANDS_PER_VARIANT // 2 and stats["juegos"] > 50, stats


def record(rules: Rules, seed: int, policy: Policy, hands: int) -> tuple[list[Game], list[Action]]:
    """States and actions of one partida (cut after ``hands`` hands)."""
    rng = random.Random(seed)
    g = Game.new(rules, seed=seed)
    states, actions = [g], []
    while not g.is_over and g.hands_played < hands:
        action = policy(rng, g)
        g = g.apply(action)
        states.append(g)
        actions.append(action)
    return states, actions


@pytest.mark.parametrize("rules", VARIANTS)
def test_json_round_trip_replays_identically(rules: Rules) -> None:
    """from_json(to_json()) at random points, then the same actions: identical states,
    observations, histories and saves from there on, later deals included."""
    pick = random.Random(99)
    for seed, policy in ((1, uniform), (2, by_kind), (3, tame)):
        states, actions = record(rules, seed, policy, hands=60)
        points = sorted(pick.sample(range(len(states)), min(6, len(states)))) + [0]
        for i in points:
            restored = Game.from_json(states[i].to_json())
            assert full(restored) == full(states[i]), (
                f"from_json(to_json()) differs from the saved state after action {i}")
            later = range(i + 1, len(actions) + 1)
            checkpoints = set(pick.sample(later, min(3, len(later))))
            for j in range(i, len(actions)):
                restored = restored.apply(str(actions[j]) if j % 2 else actions[j])
                assert light(restored) == light(states[j + 1]), f"replay diverged at action {j}"
                if j + 1 in checkpoints:
                    assert full(restored) == full(states[j + 1]), (
                        f"replay from action {i} differs after action {j}")
            assert full(restored) == full(states[-1]), f"replay from action {i} differs at the end"


def test_json_round_trip_from_a_given_deal() -> None:
    g = Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=1, score=(12, 30),
                       seed=5, juegos=(1, 0), vacas=(0, 0))
    rng = random.Random(5)
    states = [g]
    while not g.is_over and g.hands_played < 40:
        g = g.apply(tame(rng, g))
        states.append(g)
    for i in (0, 1, len(states) // 2, len(states) - 1):
        restored = Game.from_json(states[i].to_json())
        assert full(restored) == full(states[i]), (
            f"from_json(to_json()) of a given deal differs after action {i}")
        for state in states[i + 1:]:
            restored = restored.apply(state.actions[-1])
            assert light(restored) == light(state)
        assert full(restored) == full(states[-1]), (
            f"replay of a given deal from action {i} differs at the end")


def test_engine_leaves_global_random_alone() -> None:
    """Disturbing the global generator between steps changes nothing, and no engine call
    changes the global generator's state."""
    saved = random.getstate()
    try:
        for rules, seed in ((Rules(), 21), (Rules(reyes=4, real_31=True), 22)):
            states, actions = record(rules, seed, tame, hands=40)
            random.seed(seed)
            g = Game.new(rules, seed=seed)
            for i, action in enumerate(actions):
                random.seed(i * 7919)
                random.random()
                state = random.getstate()
                g = g.apply(action)
                g.legal_actions()
                g.observation(i % 4)
                assert random.getstate() == state, f"engine call changed global random at step {i}"
                assert light(g) == light(states[i + 1]), f"disturbed replay diverged at step {i}"
            random.seed(-1)
            state = random.getstate()
            restored = Game.from_json(g.to_json())
            Game.new(rules)                       # no seed: drawn from secrets, not random
            Game.new(rules, seed=3)
            Game.from_deal(["RRC6", "7654", "CCSA", "3322"], seed=4)
            assert random.getstate() == state
            assert full(restored) == full(g) == full(states[-1]), (
                "from_json or Game.new changed under a disturbed global random")
    finally:
        random.setstate(saved)


# --- illegal actions -------------------------------------------------------------------

@pytest.mark.parametrize("text", ["envido 1", "envido x", "descarte", "descarte 4",
                                  "descarte 0 0", "hola", "", "quiero 2"])
def test_malformed_actions_are_refused(text: str) -> None:
    g = Game.new(Rules(), seed=3)
    before = full(g)
    with pytest.raises(IllegalActionError):
        g.apply(text)
    assert full(g) == before, "a refused action changed the state"


def test_actions_after_the_end_are_refused() -> None:
    g = Game.new(Rules(target=1), seed=8)
    rng = random.Random(8)
    while not g.is_over:
        g = g.apply(uniform(rng, g))
    assert g.legal_actions() == [] and g.to_play is None
    before = full(g)
    for action in candidate_actions(g.rules):
        with pytest.raises(IllegalActionError, match="partida is over"):
            g.apply(action)
    assert full(g) == before, "a refused action changed the state"
    for seat in range(4):
        assert_no_leak(g, seat)


def test_error_is_a_value_error() -> None:
    assert issubclass(mus.IllegalActionError, ValueError)


# --- deck exhaustion ---------------------------------------------------------------------

def mus_rounds(rules: Rules, seed: int, rounds: int,
               discard: Callable[[random.Random], str]) -> Iterator[tuple[Game, Game, list[dict[str, Any]]]]:
    """Everyone says mus and discards ``rounds`` times. Yields, per round, the state
    before the round, after it, and per seat the hand and discarded cards as that
    seat observed them."""
    rng = random.Random(seed)
    g = Game.new(rules, seed=seed)
    for _ in range(rounds):
        start = g
        for _ in range(4):
            assert g.phase == "mus"
            g = g.apply("mus")
            assert_cards(g)
        seen: list[dict[str, Any]] = [{} for _ in range(4)]
        for _ in range(4):
            assert g.phase == "descarte" and g.to_play is not None
            seat = g.to_play
            obs = g.observation(seat)
            action = Action.parse(discard(rng))
            g = g.apply(action)
            assert_cards(g)
            own = [e for e in g.observation(seat)["log"] if e.get("own")]
            assert own[-1]["own"] == str(action)
            seen[seat] = {"hand": obs["hand"],
                          "thrown": {obs["hand"][p] for p in action.cards},
                          "deck_left": obs["deck_left"]}
        assert g.phase == "mus" and g.to_play == g.mano
        for seat in range(4):
            seen[seat]["new"] = g.observation(seat)["hand"]
        yield start, g, seen


def discard_all(rng: random.Random) -> str:
    return "descarte 0 1 2 3"


def discard_some(rng: random.Random) -> str:
    cards = sorted(rng.sample(range(4), rng.randint(1, 4)))
    return "descarte " + " ".join(map(str, cards))


EXHAUSTION = [(rules, seed, discard) for rules in (Rules(), Rules(reyes=4))
              for seed in range(12) for discard in (discard_all, discard_some)]


def test_deck_exhaustion_keeps_hands_valid() -> None:
    """Many mus rounds in a row: the deck runs out and the pile is reshuffled, hands stay
    four distinct cards, the 40 cards stay whole, and the hand then plays out."""
    for rules, seed, discard in EXHAUSTION:
        g = None
        reshuffles = 0
        for start, g, seen in mus_rounds(rules, seed, 10, discard):
            for seat in range(4):
                kept = set(seen[seat]["hand"]) - seen[seat]["thrown"]
                assert kept <= set(seen[seat]["new"]) and len(seen[seat]["new"]) == 4
            thrown = sum(len(s["thrown"]) for s in seen)
            reshuffles += thrown > len(start._deck)
        assert g is not None and reshuffles, "expected the deck to run out at least once"
        rng = random.Random(seed)
        g = g.apply("no hay mus")
        c = Checker(g, rng)
        while c.hands == 0:
            h = g.apply(by_kind(rng, g))
            c.step(g, h)
            g = h


def test_deck_exhaustion_never_serves_own_discards() -> None:
    """Rules: 'a player is never served his own discards of the current round' — not
    even a seat served after the pile had to be reshuffled for an earlier seat."""
    failures = []
    for rules, seed, discard in EXHAUSTION:
        for n, (_, g, seen) in enumerate(mus_rounds(rules, seed, 10, discard), 1):
            for seat in range(4):
                back = seen[seat]["thrown"] & set(seen[seat]["new"])
                if back:
                    failures.append(f"reyes={rules.reyes} seed={seed} {discard.__name__} round {n}: "
                                    f"seat {seat} (mano {g.mano}) got back {sorted(back)}")
    assert not failures, (f"{len(failures)} seats were served their own discards, e.g.:\n"
                          + "\n".join(failures[:8]))
