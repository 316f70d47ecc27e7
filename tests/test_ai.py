"""The bots: fair (they see only their seat's observation), legal, and sensible.

Fairness is checked for real: a position is rebuilt with every card the bot cannot see
dealt differently (same public record), and the observation and the decision must not
change. The check is shown to catch a bot that peeks at the live game.
"""

from __future__ import annotations

import gc
import json
import math
import random
import statistics
import sys
import time
import traceback
from typing import Any

import pytest

import mus
from mus.ai import LEVELS, STYLES, Decision, explain, make_bot
from mus.ai.arena import ARENA_ONLY, make_arena_bot
from mus.cards import card_text
from mus.lances import juego_value, pares_value

RULE_SETS = [
    mus.Rules(),
    mus.Rules(reyes=4),
    mus.Rules(real_31=True, target=30),
]
# Every level, then every style over a level (``level/style``): the styled bots are held to
# the same fairness and consistency as the plain ones.
STYLED = ("facil/bold", "normal/careful", "normal/bluffer", "normal/bold", "dificil/careful", "dificil/bluffer")
BOTS = LEVELS + tuple(ARENA_ONLY) + STYLED   # the arena's own levels are held to it too
SLOW = ("dificil", "montecarlo", "lessons")   # levels that sample deals: fewer positions
assert {spec.partition("/")[2] for spec in STYLED} == set(STYLES)
SENAS_RULE_SETS = [
    mus.Rules(senas=True),
    mus.Rules(senas=True, reyes=4, catch=0.6),
    mus.Rules(senas=True, real_31=True, catch=1.0),
]


# --- building positions ---------------------------------------------------------------------

def _deal(rng: random.Random, fixed: dict[int, list[str]] | None = None) -> list[list[str]]:
    fixed = fixed or {}
    used = {c for hand in fixed.values() for c in hand}
    deck = [card_text(i) for i in range(40) if card_text(i) not in used]
    rng.shuffle(deck)
    hands = []
    for seat in range(4):
        if seat in fixed:
            hands.append(list(fixed[seat]))
        else:
            hands.append([deck.pop() for _ in range(4)])
    return hands


def _flags(hand: list[str], rules: mus.Rules, senas_seen: bool = False) -> tuple[object, ...]:
    """What must stay when a hidden hand is dealt again: its pares and juego, and with
    señas whether it has any (its legal actions) or, if the bot saw them, which."""
    text = "".join(hand)
    flags: tuple[object, ...] = (pares_value(text, rules) > 0, juego_value(text, rules) > 0)
    if rules.senas:
        shown = mus.senas(text, rules)
        flags += (shown if senas_seen else bool(shown),)
    return flags


def _discards(rng: random.Random, count: int) -> list[str]:
    return ["descarte " + " ".join(map(str, sorted(rng.sample(range(4), rng.randint(1, 3)))))
            for _ in range(count)]


def _script(rng: random.Random) -> list[str]:
    """A plausible public record for one hand, cut at a random point; ``?`` marks a
    betting action to be picked among the legal ones while replaying."""
    kind = rng.random()
    if kind < 0.15:
        return ["mus"] * rng.randrange(4)
    if kind < 0.3:
        return ["mus"] * 4 + _discards(rng, rng.randrange(4))
    served = ["mus"] * 4 + _discards(rng, 4) if kind < 0.6 else []
    script = served + ["mus"] * rng.randrange(4) + ["no hay mus"] + ["?"] * rng.randrange(20)
    return script[:rng.randint(1, len(script))] if rng.random() < 0.25 else script


def _betting_choice(rng: random.Random, legal: list[str]) -> str:
    weights = [8.0 if a in ("paso", "quiero", "no quiero") else 3.0 if a in ("envido", "envido 5")
               else 0.3 if a == "ordago" else 0.05 for a in legal]
    return rng.choices(legal, weights=weights)[0]


def _replay(hands: list[list[str]], mano: int, score: tuple[int, int], rules: mus.Rules,
            seed: int, actions: list[str]) -> mus.Game | None:
    g = mus.Game.from_deal(["".join(h) for h in hands], mano, score, rules, seed)
    for action in actions:
        if g.history or g.is_over:
            return None
        try:
            g = g.apply(action)
        except mus.IllegalActionError:   # other hands, other señas: this record cannot be
            return None
    return None if g.history or g.to_play is None else g


def positions(count: int, seed: int, rule_sets: list[mus.Rules] = RULE_SETS) -> list[dict[str, Any]]:
    """Positions inside a hand (before any serve or count), as replayable records."""
    rng = random.Random(seed)
    out: list[dict[str, Any]] = []
    while len(out) < count:
        rules = rng.choice(rule_sets)
        hands = _deal(rng)
        mano = rng.randrange(4)
        score = (rng.randrange(rules.target), rng.randrange(rules.target))
        game_seed = rng.randrange(10**6)
        g = mus.Game.from_deal(["".join(h) for h in hands], mano, score, rules, game_seed)
        actions: list[str] = []
        for step in _script(rng):
            if g.history or g.to_play is None:
                break
            action = _betting_choice(rng, [str(a) for a in g.legal_actions()]) if step == "?" else step
            if action not in [str(a) for a in g.legal_actions()]:
                break
            g = g.apply(action)
            actions.append(action)
        if g.history or g.to_play is None:
            continue
        out.append({"rules": rules, "hands": hands, "mano": mano, "score": score,
                    "seed": game_seed, "actions": actions, "seat": g.to_play})
    return out


def alternative(pos: dict[str, Any], rng: random.Random) -> list[list[str]] | None:
    """Other hands for every seat but the bot's, with the same public record.

    Before any serve, every unseen card is dealt again (the deck changes too), keeping
    each seat's pares and juego so that declarations and speakers stay the same. After a
    serve, the other three hands are shuffled among themselves (the deck, and so the
    cards the bot was served, stay put) until the public record matches."""
    rules, seat = pos["rules"], pos["seat"]
    if sum(1 for a in pos["actions"] if a.startswith("descarte")) == 4:
        hidden = [c for s in range(4) if s != seat for c in pos["hands"][s]]
        obs = _observe(pos, pos["hands"])
        for _ in range(300):
            rng.shuffle(hidden)
            hands = [list(pos["hands"][seat]) if s == seat else [] for s in range(4)]
            rest = iter(hidden)
            for s in range(4):
                if s != seat:
                    hands[s] = [next(rest) for _ in range(4)]
            if hands != pos["hands"] and _observe(pos, hands) == obs:
                return hands
        return None
    seen = {e["seat"] for e in (_observe(pos, pos["hands"]) or {}).get("senas", [])}
    for _ in range(1000):
        hands = [[], [], [], []]
        hands[seat] = list(pos["hands"][seat])
        deck = [card_text(i) for i in range(40) if card_text(i) not in hands[seat]]
        for s in range(4):
            if s == seat:
                continue
            for _try in range(500):
                cards = rng.sample(deck, 4)
                if _flags(cards, rules, s in seen) == _flags(pos["hands"][s], rules, s in seen):
                    break
            else:
                break
            hands[s] = cards
            deck = [c for c in deck if c not in cards]
        else:
            if hands != pos["hands"]:
                return hands
    raise AssertionError("no alternative deal found")


def _observe(pos: dict[str, Any], hands: list[list[str]]) -> dict[str, Any] | None:
    g = _replay(hands, pos["mano"], pos["score"], pos["rules"], pos["seed"], pos["actions"])
    return None if g is None or g.to_play != pos["seat"] else g.observation(pos["seat"])


def bot_of(spec: str, seed: int) -> Any:
    """The bot of ``spec``: a level, or ``level/style``."""
    level, _, style = spec.partition("/")
    return make_arena_bot(level, seed, style or None)


def heard_advice(obs: dict[str, Any]) -> list[dict[str, Any]]:
    """Advice said aloud by the seat's rivals, as the page adds it: an envite at this lance
    from one, mus from the other."""
    seat = obs["seat"]
    return [{"seat": (seat + 1) % 4, "phase": obs["phase"], "advice": "envido"},
            {"seat": (seat + 3) % 4, "phase": "mus", "advice": "mus"}]


def decide(level: str, seed: int, pos: dict[str, Any], hands: list[list[str]],
           heard: bool = False) -> tuple[dict[str, Any], Decision]:
    """Build the game, give the bot its observation (the game is alive meanwhile), drop it;
    ``heard``: with rivals' advice in it."""
    g = _replay(hands, pos["mano"], pos["score"], pos["rules"], pos["seed"], pos["actions"])
    assert g is not None and g.to_play == pos["seat"]
    obs = g.observation(pos["seat"])
    if heard:
        obs["advice"] = heard_advice(obs)
    decision = bot_of(level, seed).decide(obs) if level != "cheat" else CheatingBot().decide(obs)
    del g
    return obs, decision


class CheatingBot:
    """Not fair on purpose: finds the live game and looks at the next seat's cards."""

    def decide(self, obs: dict[str, Any]) -> Decision:
        return Decision(self.choose(obs), {"kind": "random", "action": self.choose(obs)})

    def choose(self, obs: dict[str, Any]) -> str:
        legal = obs["legal_actions"]
        for o in gc.get_objects():
            if isinstance(o, mus.Game) and o.to_play == obs["seat"] and o.hand(obs["seat"]) == obs["hand"]:
                peek = "".join(o.hand((obs["seat"] + 1) % 4))
                return str(legal[sum(map(ord, peek)) % len(legal)])
        return str(legal[0])


def unfair_positions(level: str, count: int, seed: int,
                     rule_sets: list[mus.Rules] = RULE_SETS, heard: bool = False) -> int:
    """How many positions changed the observation, the decision or its reason when hidden
    cards moved. A reason may name only the bot's own cards."""
    rng = random.Random(seed)
    bad = swapped = 0
    for k, pos in enumerate(positions(count, seed, rule_sets)):
        other = alternative(pos, rng)
        if other is None:
            continue
        swapped += 1
        obs_a, decision_a = decide(level, k, pos, pos["hands"], heard)
        obs_b, decision_b = decide(level, k, pos, other, heard)
        text = json.dumps(obs_a, ensure_ascii=False)
        hidden = {c for s in range(4) if s != pos["seat"] for c in pos["hands"][s]}
        assert not any(f'"{c}"' in text for c in hidden), "the observation shows hidden cards"
        assert obs_a == obs_b, "the observation depends on hidden cards"
        assert decision_a.action in obs_a["legal_actions"]
        reason_text = json.dumps(decision_a.reason, ensure_ascii=False)
        own = set(obs_a["hand"])
        named = {c for c in (*pos["hands"][pos["seat"]], *hidden) if f'"{c}"' in reason_text}
        assert named <= own, f"the reason names cards the bot cannot see: {named - own}"
        bad += decision_a != decision_b
    assert swapped >= 0.8 * count
    return bad


# --- fairness ---------------------------------------------------------------------------------

@pytest.mark.parametrize("level", BOTS)
def test_decisions_ignore_hidden_cards(level: str) -> None:
    assert unfair_positions(level, 100 if level.startswith(SLOW) else 200, seed=11) == 0


@pytest.mark.parametrize("level", BOTS)
def test_decisions_with_senas_ignore_hidden_cards(level: str) -> None:
    """The same with señas on: the señas a bot saw stay, every other hidden card moves."""
    assert unfair_positions(level, 60 if level.startswith(SLOW) else 150, seed=12,
                            rule_sets=SENAS_RULE_SETS) == 0


@pytest.mark.parametrize("level", STYLED)
def test_decisions_with_advice_heard_ignore_hidden_cards(level: str) -> None:
    """Styled bots read the advice said aloud (public, in the observation): with it there,
    moving every card they cannot see still changes nothing."""
    assert unfair_positions(level, 40 if level.startswith("dificil") else 120, seed=14, heard=True) == 0


def test_senas_positions_cover_the_senas_step_and_seen_senas() -> None:
    records = positions(150, seed=12, rule_sets=SENAS_RULE_SETS)
    observed = [_observe(pos, pos["hands"]) for pos in records]
    assert sum(1 for obs in observed if obs and obs["phase"] == "senas") >= 10
    assert sum(1 for obs in observed if obs and obs["phase"] != "senas" and obs["senas"]) >= 20


def test_fairness_check_catches_a_peeking_bot() -> None:
    assert unfair_positions("cheat", 25, seed=5) > 0


@pytest.mark.parametrize("level", BOTS)
def test_decision_is_a_function_of_the_observation_and_seed(level: str) -> None:
    """The same observation (even rebuilt from JSON, without any game alive) and seed give
    the same decision."""
    for k, pos in enumerate(positions(25, seed=3)):
        obs, decision = decide(level, k, pos, pos["hands"])
        copy = json.loads(json.dumps(obs))
        assert bot_of(level, k).choose(copy) == decision.action
        assert bot_of(level, k).decide(copy) == decision


@pytest.mark.parametrize("level", BOTS)
def test_choose_is_decide_with_the_same_random_draws(level: str) -> None:
    """One bot answering a run of positions: ``choose`` and ``decide`` agree at every step,
    so they draw the same random numbers; reasons are JSON, explained in both languages."""
    chooser, decider = bot_of(level, 5), bot_of(level, 5)
    kinds = set()
    for k, pos in enumerate(positions(40, seed=9)):
        obs, _ = decide(level, k, pos, pos["hands"])
        decision = decider.decide(obs)
        assert chooser.choose(obs) == decision.action
        assert json.loads(json.dumps(decision.reason)) == decision.reason
        assert decision.reason["action"] == decision.action
        kinds.add(decision.reason["kind"])
        for lang in ("es", "en"):
            text = explain(decision.reason, lang)
            assert text.startswith(decision.action + ": ") and len(text) < 160, text
    assert kinds >= ({"random"} if level == "random" else {"mus", "descarte", "bet"})


def test_unknown_style() -> None:
    with pytest.raises(ValueError, match="expected a style"):
        make_bot("normal", 1, "timid")


# --- legality ---------------------------------------------------------------------------------

def play(levels: list[str], rules: mus.Rules, seed: int, hands: int) -> int:
    """Play ``hands`` hands (or the partida) with these bots; returns the hands played."""
    g = mus.Game.new(rules.replace(juegos_to_win=20, vacas_to_win=20), seed)  # no end in sight
    bots = [make_bot(levels[s], seed * 4 + s) for s in range(4)]
    while g.hands_played < hands and not g.is_over:  # hands_played: no copy of them all
        seat = g.to_play
        assert seat is not None
        obs = g.observation(seat)
        choice = bots[seat].choose(obs)
        assert choice in obs["legal_actions"], (levels[seat], obs["phase"], choice)
        g = g.apply(choice)
    return g.hands_played


LEGALITY_TABLES = {"default": RULE_SETS[0], "4reyes": RULE_SETS[1], "real31-30": RULE_SETS[2],
                   "target3": mus.Rules(target=3, juegos_to_win=1), "senas": mus.Rules(senas=True, catch=0.5)}
# The legality partidas (40 s of CPU) run in a process of their own from the end of
# collection (tests/early.py), beside the browser tests: ``python -m tests.test_ai``.
EARLY = {"test_ai.legality": [sys.executable, "-m", "tests.test_ai"]}
_LEGALITY: dict[str, str] = {}


def legal_hands(rules: mus.Rules) -> int:
    """Hands played by every level on ``rules``, each choice checked legal by ``play``."""
    played = 0
    for seed in range(9):   # short partidas: each observation copies every finished hand
        played += play(["random", "facil", "normal", "random"], rules, seed, 50)
        played += play(["facil", "normal", "facil", "normal"], rules, seed + 100, 20)
    played += play(["dificil", "normal", "dificil", "random"], rules, 7, 25)
    played += play(["dificil", "facil", "random", "dificil"], rules, 8, 25)
    return played


@pytest.mark.parametrize("table", LEGALITY_TABLES)
def test_every_level_plays_only_legal_actions(table: str) -> None:
    if not _LEGALITY:
        from tests import early
        done = early.finished("test_ai.legality", EARLY["test_ai.legality"])
        assert done.returncode == 0, done.stderr[-3000:]
        _LEGALITY.update(line.split(" ", 1) for line in done.stdout.splitlines() if " " in line)
    assert _LEGALITY.get(table) == str(9 * 70 + 50), _LEGALITY.get(table)


def main() -> None:
    """Each table's legality partidas, a line each: its name and the hands played, or why not."""
    for name, rules in LEGALITY_TABLES.items():
        try:
            print(name, legal_hands(rules), flush=True)
        except Exception:
            print(name, "failed: " + traceback.format_exc().replace("\n", " | "), flush=True)


# --- sanity -----------------------------------------------------------------------------------

def _at(hands: list[str], actions: list[str], mano: int = 0,
        score: tuple[int, int] = (0, 0)) -> dict[str, Any]:
    g = mus.Game.from_deal(hands, mano, score, mus.Rules(), seed=1)
    for a in actions:
        g = g.apply(a)
    assert g.to_play is not None
    return g.observation(g.to_play)


def _until(hands: list[str], lance: str, mano: int = 0) -> list[str]:
    g = mus.Game.from_deal(hands, mano, (0, 0), mus.Rules(), seed=1).apply("no hay mus")
    actions = ["no hay mus"]
    while g.phase != lance:
        g = g.apply("paso")
        actions.append("paso")
    return actions


@pytest.mark.parametrize("level", ["normal", "dificil"])
@pytest.mark.parametrize("seed", range(4))
def test_unbeatable_hands_are_never_refused(level: str, seed: int) -> None:
    # The 31 of the mano at juego (holders: seats 0, 1 and 3) facing bets, a raise, an órdago.
    hands = ["RRRA", "CCSA", "7654", "CCS2"]
    base = _until(hands, "juego")
    for answer in (["paso", "envido"], ["envido", "envido 5"], ["paso", "ordago"],
                   ["paso", "paso", "envido 10"]):
        obs = _at(hands, base + answer)
        assert obs["seat"] == 0 and obs["bet"]["answering"][0] == 0
        assert make_bot(level, seed).choose(obs) != "no quiero"
    # Four reyes of the mano at grande, facing an envido and an órdago of the postre.
    hands = ["RRRR", "CCSA", "7654", "CS7A"]
    for answer in ("envido", "ordago"):
        obs = _at(hands, ["no hay mus", "paso", "paso", "paso", answer])
        assert obs["seat"] == 0
        assert make_bot(level, seed).choose(obs) != "no quiero"


@pytest.mark.parametrize("seed", range(4))
def test_facil_bets_four_reyes_at_grande(seed: int) -> None:
    obs = _at(["RRRR", "CCSA", "7654", "CS7A"], ["no hay mus"])
    assert make_bot("facil", seed).choose(obs) == "envido"


@pytest.mark.parametrize("level", ["normal", "dificil"])
def test_mus_and_discards_by_hand_quality(level: str) -> None:
    assert make_bot(level, 1).choose(_at(["RRRA", "CCSA", "7654", "CS7A"], [])) == "no hay mus"
    assert make_bot(level, 1).choose(_at(["7654", "CCSA", "RRRA", "CS7A"], [])) == "mus"
    # The postre discards first: with R R 6 4 it keeps its reyes.
    obs = _at(["CCSA", "7754", "CS7A", "RR64"], ["mus"] * 4)
    assert obs["seat"] == 3
    thrown = [int(p) for p in make_bot(level, 1).choose(obs).split()[1:]]
    assert thrown and all(obs["hand"][p][0] != "R" for p in thrown)


@pytest.mark.parametrize("seed", range(3))
def test_dificil_does_not_refuse_the_juego_away(seed: int) -> None:
    # Rivals at 39 and our partner already refused: a second refusal hands them the juego.
    hands = ["CS65", "RRRC", "7654", "CC7A"]
    obs = _at(hands, ["no hay mus", "paso", "paso", "paso", "envido", "no quiero"], score=(10, 39))
    assert obs["seat"] == 2
    assert make_bot("dificil", seed).choose(obs) != "no quiero"


def test_dificil_answers_fast() -> None:
    times = []
    for k, pos in enumerate(positions(40, seed=21)):
        g = _replay(pos["hands"], pos["mano"], pos["score"], pos["rules"], pos["seed"], pos["actions"])
        assert g is not None
        obs = g.observation(pos["seat"])
        bot = make_bot("dificil", k)
        start = time.perf_counter()
        bot.choose(obs)
        times.append(time.perf_counter() - start)
    assert statistics.median(times) < 0.05   # the arena measures the real figures


def test_unknown_level() -> None:
    with pytest.raises(ValueError, match="expected a bot level"):
        make_bot("imposible", 1)


# --- señas ------------------------------------------------------------------------------------

def _senas_obs(hands: list[str], shows: list[str], catch: float, seat: int) -> dict[str, Any]:
    g = mus.Game.from_deal(hands, 0, (0, 0), mus.Rules(senas=True, catch=catch), seed=1)
    g = g.apply("no hay mus")
    for choice in shows:
        g = g.apply(choice)
    return g.observation(seat)


def test_belief_keeps_only_hands_showing_the_senas_seen() -> None:
    """A partner's "dos reyes" removes every sampled hand without a par of reyes; a caught
    rival's señas likewise (catch=1.0: every rival catches)."""
    from mus.ai.belief import Belief
    from mus.ai.view import View
    hands = ["CS65", "RRC7", "RR64", "7654"]   # partner (2): dos reyes; right rival (1): dos reyes
    obs = _senas_obs(hands, ["sin señas", "señas", "señas", "sin señas"], 1.0, 0)
    assert obs["phase"] == "grande"
    assert {e["seat"]: e["senas"] for e in obs["senas"]} == {1: ["dos reyes"], 2: ["dos reyes"]}
    view = View(obs)
    t = view.tables
    belief = Belief(view, random.Random(3), 200)
    for world in belief.worlds:
        for seat in (1, 2):
            sig = t.sigs[world[seat]]
            assert sig.count(0) == 2                  # class 0: the reyes (and treses)
            assert mus.senas("".join("RCS765432A"[k] for k in sig)) == ("dos reyes",)
    # without señas seen, plenty of sampled partner hands hold no par of reyes
    plain = Belief(View(_senas_obs(hands, ["sin señas"] * 4, 1.0, 0)), random.Random(3), 200)
    assert sum(1 for w in plain.worlds if t.sigs[w[2]].count(0) != 2) > 100


def test_a_partner_who_saw_our_senas_bets_for_the_team() -> None:
    """After we showed "dos reyes" our partner envida the grande whatever he holds, since
    the team has it: his envite says little of his own hand. Without our señas the same
    envite says he holds a good grande."""
    from mus.ai.belief import Belief
    from mus.ai.view import View
    hands = ["RRC6", "7654", "CS54", "7643"]   # we (0) hold dos reyes; the partner (2) little

    def partner_grande(shows: list[str]) -> float:
        g = mus.Game.from_deal(hands, 0, (0, 0), mus.Rules(senas=True, catch=0.0), seed=1)
        for action in ["no hay mus"] + shows + ["paso", "paso", "envido"]:
            g = g.apply(action)
        view = View(g.observation(0))
        belief = Belief(view, random.Random(5), 400)
        pct = view.tables.pct["grande"]
        return sum(w * pct[ids[2]] for ids, w in zip(belief.worlds, belief.weights))

    shown = partner_grande(["señas", "sin señas", "sin señas", "sin señas"])
    hidden = partner_grande(["sin señas"] * 4)
    assert hidden > shown + 0.15
    assert 0.35 < shown < 0.65   # about a random hand's standing


def test_rivals_who_bet_past_any_sensible_size_are_read_as_playing_at_random_for_the_partida() -> None:
    """Once a rival opens an envite of 15, ``dificil`` reads that team as playing at random,
    at this lance and in the hands after it: their mus votes then say nothing of their hands."""
    from mus.ai.dificil import DificilBot

    wild, fresh = DificilBot(3), DificilBot(3)
    g = mus.Game.from_deal(["7654", "RRC6", "CS54", "7643"], mano=0, seed=1).apply("no hay mus")
    g = g.apply("envido 15")
    wild.decide(g.observation(1))
    assert wild.reading.wild
    asked = mus.Game.from_deal(["7654", "RRC6", "CS54", "7643"], mano=0, seed=2).apply("mus")
    assert fresh.decide(asked.observation(1)).reason["weak_rivals"] == 1
    assert wild.decide(asked.observation(1)).reason["weak_rivals"] == 0
    envido = mus.Game.from_deal(["7654", "RRC6", "CS54", "7643"], mano=0, seed=1).apply("no hay mus").apply("envido")
    fresh.decide(envido.observation(1))
    assert not fresh.reading.wild   # an envite of 2 is anyone's


def test_a_rivals_bet_may_be_made_on_his_partners_senas() -> None:
    """With señas at the table a rival's envite may be made on señas his partner showed
    him, which we did not catch: read so, it says less of his own hand and more of his
    partner's (here the partner does hold dos reyes)."""
    from mus.ai.belief import Belief
    from mus.ai.view import View
    hands = ["7654", "CS54", "7643", "RR54"]
    g = mus.Game.from_deal(hands, 0, (0, 0), mus.Rules(senas=True, catch=0.0), seed=1)
    for action in ["no hay mus", "sin señas", "sin señas", "sin señas", "señas", "paso", "envido"]:
        g = g.apply(action)
    view = View(g.observation(0))
    pct = view.tables.pct["grande"]

    def grande(informed: float) -> list[float]:
        belief = Belief(view, random.Random(5), 400, informed)
        assert any(1 in saw for saw in belief.saw) == (informed > 0)
        return [sum(w * pct[ids[s]] for ids, w in zip(belief.worlds, belief.weights))
                for s in (1, 3)]

    bettor_alone, partner_alone = grande(0.0)
    bettor_team, partner_team = grande(1.0)
    assert bettor_alone > bettor_team + 0.1
    assert partner_team > partner_alone + 0.1


def _habit_after(catch: float, rivals_show: bool, hands: int) -> list[float]:
    """``senas.habit`` for seat 0 at the start of each of the first hands of a partida of
    ``normal`` bots, where the rivals (seats 1 and 3) show their señas or never do."""
    from mus.ai.senas import habit
    from mus.ai.view import View
    g = mus.Game.new(mus.Rules(senas=True, catch=catch), seed=4)
    bots = [make_bot("normal", s) for s in range(4)]
    out = [habit(View(g.observation(0)))]
    while len(out) <= hands:
        seat = g.to_play
        assert seat is not None
        action = bots[seat].choose(g.observation(seat))
        if g.phase == "senas" and seat & 1 and not rivals_show:
            action = "sin señas"
        done = len(g.history)
        g = g.apply(action)
        if len(g.history) > done:
            out.append(habit(View(g.observation(0))))
    return out


def test_dificil_learns_whether_the_rivals_show_their_senas() -> None:
    """Each hand in which a rival held señas and we caught nothing makes it likelier that
    the rivals never show them; a single catch proves they do; with a catch of 0 nothing
    can be learnt."""
    from mus.ai.senas import HABIT_PRIOR
    silent = _habit_after(0.25, False, 6)
    assert silent[0] == HABIT_PRIOR
    assert all(a >= b for a, b in zip(silent, silent[1:])) and silent[-1] < 0.15, silent
    assert _habit_after(1.0, True, 2)[1:] == [1.0, 1.0]
    assert _habit_after(0.0, True, 3) == [HABIT_PRIOR] * 4
    assert _habit_after(0.0, False, 3) == [HABIT_PRIOR] * 4


def test_rivals_who_show_and_were_not_caught_likely_hold_no_senas() -> None:
    """If the rivals show every seña, not catching one at 1 in 2 makes a hand with señas
    half as likely for each rival; if they never show, it tells nothing."""
    from mus.ai.belief import Belief
    from mus.ai.senas import hand_senas
    from mus.ai.view import View
    g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1,
                           rules=mus.Rules(senas=True, catch=0.5)).apply("no hay mus")
    for _ in range(4):
        g = g.apply("sin señas")
    view = View(g.observation(0))
    senas_of = hand_senas(view.tables, 8)

    def with_senas(habit: float) -> float:
        belief = Belief(view, random.Random(3), 400, habit)
        return sum(w for ids, w in zip(belief.worlds, belief.weights) if senas_of[ids[1]])

    never, always = with_senas(0.0), with_senas(1.0)
    odds = (always / (1 - always)) / (never / (1 - never))
    assert 0.4 < odds < 0.6, (never, always)


@pytest.mark.parametrize("seed", range(3))
def test_who_shows_senas(seed: int) -> None:
    hands = ["RRC6", "7654", "CCSA", "RC76"]     # dos reyes / ciego / la 31 / nothing
    obs = _senas_obs(hands, [], 0.25, 0)
    assert obs["legal_actions"] == ["señas", "sin señas"]
    assert make_bot("facil", seed).choose(obs) == "señas"
    assert make_bot("normal", seed).choose(obs) == "señas"
    assert make_bot("dificil", seed).choose(obs) == "sin señas"  # at 1 in 4 rivals gain more
    rare = _senas_obs(hands, [], 0.1, 0)
    assert make_bot("dificil", seed).choose(rare) == "señas"    # rarely caught: showing pays
    assert make_bot("random", seed).choose(obs) in obs["legal_actions"]
    nothing = _senas_obs(hands, ["sin señas"] * 3, 0.25, 3)
    assert nothing["legal_actions"] == ["sin señas"]
    for level in LEVELS:
        assert make_bot(level, seed).choose(nothing) == "sin señas"


def test_dificil_hides_senas_when_rivals_catch_too_often() -> None:
    from mus.ai.senas import worth_showing
    from mus.ai.tables import tables_for
    t = tables_for(8, False)
    hand = t.id_of((0, 0, 1, 4))                 # RRC6: dos reyes
    assert worth_showing(t, 8, hand, 0.1) and worth_showing(t, 8, hand, 0.0)
    assert not worth_showing(t, 8, hand, 0.25) and not worth_showing(t, 8, hand, 1.0)
    obs = _senas_obs(["RRC6", "7654", "CCSA", "RC76"], [], 1.0, 0)
    assert make_bot("dificil", 1).choose(obs) == "sin señas"


def test_random_shows_uniformly() -> None:
    obs = _senas_obs(["RRC6", "7654", "CCSA", "RC76"], [], 0.25, 0)
    shown = sum(make_bot("random", seed).choose(obs) == "señas" for seed in range(400))
    assert 160 < shown < 240


def test_facil_accepts_on_its_partners_sena() -> None:
    # Grande: a weak hand facing an envido refuses, unless the partner showed dos reyes.
    hands = ["CS65", "7654", "RR64", "CS7A"]
    base = ["no hay mus", "sin señas", "sin señas"]
    for shows, expected in ((["sin señas"], "no quiero"), (["señas"], "quiero")):
        g = mus.Game.from_deal(hands, 0, (0, 0), mus.Rules(senas=True, catch=0.0), seed=1)
        for a in base + shows + ["sin señas", "paso", "paso", "paso", "envido"]:
            g = g.apply(a)
        obs = g.observation(0)
        assert obs["bet"]["answering"][0] == 0
        assert make_bot("facil", 1).choose(obs) == expected


def test_arena_plays_with_senas_and_a_silent_team(capsys: pytest.CaptureFixture[str]) -> None:
    from mus.ai.arena import Silent, main, play_juego
    obs = _senas_obs(["RRC6", "7654", "CCSA", "RC76"], [], 0.25, 0)
    assert Silent(make_bot("facil", 1)).choose(obs) == "sin señas"
    winner, _, points, _ = play_juego(("facil", "random"), 5, 5, mus.Rules(senas=True), (True, False))
    assert winner in (0, 1) and points
    assert main(["--team0", "facil", "--team1", "random", "--juegos", "2", "--senas", "team0"]) == 0
    assert "señas team0, catch 0.25" in capsys.readouterr().out
    with pytest.raises(ValueError, match="expected catch"):
        main(["--team0", "facil", "--team1", "random", "--juegos", "2", "--senas", "both",
              "--catch", "2"])


def test_arena_tallies_envites_from_either_side(capsys: pytest.CaptureFixture[str]) -> None:
    from mus.ai.arena import main, play_juego, tally_envites
    ours: dict[tuple[str, str, str], list[int]] = {}
    theirs: dict[tuple[str, str, str], list[int]] = {}
    for seed in (3, 4, 5):
        for entry in play_juego(("dificil", "normal"), seed, seed)[3]:
            tally_envites(entry, 0, ours)
            tally_envites(entry, 1, theirs)
    assert sum(n for n, _ in ours.values()) >= 10
    # Accepted envites are told apart by who made them (the outcome names the bettor).
    assert {who for _, who, kind in ours if kind == "querido"} == {"us", "them"}
    flip = {"us": "them", "them": "us"}
    for (lance, who, kind), (n, tantos) in ours.items():
        assert theirs[lance, flip[who], kind] == [n, -tantos]
        if kind == "deje":   # a refused bet pays its bettor at least a tanto
            assert (tantos > 0) == (who == "us") and abs(tantos) >= n
    assert main(["--team0", "facil", "--team1", "random", "--juegos", "2", "--envites"]) == 0
    out = capsys.readouterr().out
    assert "envites from facil's side" in out and "refused (tantos)" in out


def test_normal_bots_never_raise_without_end() -> None:
    """Facing a refusal that hands over the juego, two sure hands used to raise each other
    forever (seed 34: an envite of thousands). A raise past what wins the juego is pointless."""
    game = mus.Game.new(mus.Rules(), 34)
    bots = [make_bot("normal", 34 * 4 + seat) for seat in range(4)]
    stakes = []
    for _ in range(3000):
        if game.is_over:
            break
        assert game.to_play is not None
        game = game.apply(bots[game.to_play].choose(game.observation(game.to_play)))
        bet = game.observation(0)["bet"]
        if bet:
            stakes.append(bet["table"] + bet["pending"])
    assert game.is_over
    assert max(stakes) <= 2 * game.rules.target


def _to_speak_at(lance: str, hands: list[str], score: tuple[int, int], before: list[str]) -> mus.Game:
    """Seat 0, mano with ``hands[0]``, about to speak at ``lance``; ``before`` is played from
    the grande on, then every other lance goes en paso."""
    g = mus.Game.from_deal(hands, mano=0, score=score, seed=1).apply("no hay mus")
    for action in before:
        g = g.apply(action)
    while g.phase != lance:
        g = g.apply("paso" if "paso" in g.legal_actions() else g.legal_actions()[0])
    assert g.to_play == 0
    return g


def _at_juego(score: tuple[int, int], before: list[str]) -> mus.Game:
    """Seat 0 with the 31 (sure of the juego), about to speak at juego."""
    return _to_speak_at("juego", ["RRRA", "CCSA", "7654", "4422"], score, before)


def _at_pares(hand: str, score: tuple[int, int], before: list[str]) -> mus.Game:
    """Seat 0 with ``hand``, about to speak at pares (a rival has a pair of 4s)."""
    return _to_speak_at("pares", [hand, "CSA5", "7654", "442A"], score, before)


def test_normal_keeps_its_ordagos_for_the_end() -> None:
    """A near-sure hand bets big until the rivals are close to the juego, then throws the
    órdago; a sure one throws it at any score; and a team throws one órdago a hand at most
    (docs/bots.md)."""
    from mus.ai.normal import SURE
    from mus.ai.strength import team_chance
    from mus.ai.view import playable
    bot = make_bot("normal", 1)
    near = _at_pares("CCSS", (0, 0), []).observation(0)   # duples: near-sure, not sure
    assert 0.93 <= team_chance(playable(near), "pares") < SURE
    assert bot.choose(near) == "envido 5"
    assert bot.choose(_at_pares("CCSS", (30, 0), []).observation(0)) == "envido 5"
    assert bot.choose(_at_pares("CCSS", (0, 30), []).observation(0)) == "ordago"
    sure = _at_pares("RRSS", (0, 0), []).observation(0)
    assert team_chance(playable(sure), "pares") >= SURE
    assert bot.choose(sure) == "ordago"
    late = mus.Game.from_deal(["RRRA", "CCSA", "7654", "4422"], mano=0, score=(0, 35), seed=1).apply("no hay mus")
    assert bot.choose(late.observation(0)) == "ordago"   # three reyes at grande, the rivals at 35
    assert bot.choose(_at_pares("RRSS", (0, 35), ["ordago", "no quiero", "no quiero"]).observation(0)) == "envido 5"


def test_dificil_throws_an_ordago_only_where_it_clearly_pays() -> None:
    """An órdago valued within ORDAGO_EDGE tantos of the best other option is not thrown
    (the other is played); one that clears it stays among the options."""
    from mus.ai.dificil import ORDAGO_EDGE, TILT, Decision
    from mus.ai.tables import win_table
    from mus.ai.view import View
    from mus.rng import Random
    obs = _at_juego((10, 20), []).observation(0)
    w = win_table(40, TILT)
    tanto = abs(w[29][20] - w[30][20])   # what one tanto more is worth at 10-20
    for margin, thrown in ((ORDAGO_EDGE - 0.05, 0), (ORDAGO_EDGE + 2.0, 40)):
        picks = []
        for seed in range(40):
            valued = Decision(View(obs), Random(seed))
            others = [("paso", 0.5), ("envido", 0.5), ("envido 5", 0.5), ("envido 10", 0.5)]
            valued.options = lambda: others + [("ordago", 0.5 + margin * tanto)]  # type: ignore[method-assign]
            picks.append(valued.choose())
        assert picks.count("ordago") >= thrown if thrown else "ordago" not in picks, (margin, picks)


# --- reading the table ------------------------------------------------------------------------

def _chica_answer(grande: list[str]) -> dict[str, Any]:
    """Seat 1 (dificil) answering last an envido of 2 at chica from seat 2, which its
    partner refused; ``grande`` is how the grande went. The cards are the same in both
    positions. (An envite of 3 would say a strong chica: sizes past 2 are read as a strong
    hand's, ``reading``.)"""
    g = mus.Game.from_deal(["RRAA", "S7A4", "CS76", "RC75"], 0, (0, 0), mus.Rules(), seed=1)
    for action in ["no hay mus"] + grande + ["paso", "paso", "envido", "no quiero"]:
        g = g.apply(action)
    obs = g.observation(1)
    assert obs["phase"] == "chica" and obs["bet"]["answering"] == [1]
    return obs


def test_dificil_reads_a_rivals_bet() -> None:
    """The only difference between the two positions is the rival's envite at grande (which
    our side accepted, so the score is the same). An honest envite at grande says his cards
    are high, so his envite at chica is likelier a bluff: dificil gives its side a
    better chance at chica and accepts, where after his paso at grande it refuses. It
    answers last, so its refusal is the deje and nobody else's answer blurs the margin."""
    from mus.ai.dificil import Decision as Valued
    from mus.ai.view import View
    from mus.rng import Random
    quiet = _chica_answer(["paso"] * 4)                            # everybody passed at grande
    clue = _chica_answer(["paso", "paso", "envido", "quiero"])     # seat 2's envite, accepted
    gaps = []
    for obs in (quiet, clue):
        valued = Valued(View(obs), Random(1))
        values = dict(valued.options())
        gaps.append((valued._my_chance, values["quiero"] - values["no quiero"]))
    (chance_quiet, gap_quiet), (chance_clue, gap_clue) = gaps
    assert chance_quiet + 0.15 < chance_clue
    assert gap_quiet < 0.0 < gap_clue
    assert sum(make_bot("dificil", seed).choose(quiet) == "quiero" for seed in range(10)) <= 1
    assert sum(make_bot("dificil", seed).choose(clue) == "quiero" for seed in range(10)) >= 8


def _answers(juegos: int) -> list[tuple[bool, float, bool]]:
    """normal's answers to plain envites in normal-vs-normal juegos with free señas: (saw
    its partner's señas, its strength as the belief reads it, refused)."""
    from mus.ai.senas import seen
    from mus.ai.strength import perceived_for
    from mus.ai.view import View
    out = []
    for seed in range(juegos):
        g = mus.Game.new(mus.Rules(senas=True, catch=0.0), seed)
        bots = [make_bot("normal", seed * 4 + s) for s in range(4)]
        while not (g.history and g.history[-1]["juego_winner"] is not None):
            obs = g.observation(g.to_play)
            bet = obs["bet"]
            action = bots[g.to_play].choose(obs)
            if bet and g.to_play in bet["answering"] and not bet["ordago"]:
                view = View(obs)
                x = perceived_for(view, view.seat, bet["lance"])[view.hand_id]
                out.append((view.partner in seen(view), x, action == "no quiero"))
            g = g.apply(action)
    return out


def test_a_rival_who_saw_senas_is_read_as_answering_from_higher_up() -> None:
    """Once it saw its partner's señas, ``normal`` answers an envite by a chance that also
    reads the bettor (``seen_chance``), so against the team strength it saw it calls only
    from much higher up. The belief's model for such a player fits those answers better
    than its plain model, and the plain one fits the answers made on the hand alone."""
    from mus.ai.belief import action_likelihood

    def fit(rows: list[tuple[bool, float, bool]], seen: bool) -> float:
        return sum(math.log(action_likelihood("no_quiero", x, seen) if refused
                            else 1.0 - action_likelihood("no_quiero", x, seen))
                   for _, x, refused in rows)

    rows = _answers(6)
    informed = [r for r in rows if r[0]]
    alone = [r for r in rows if not r[0]]
    assert len(informed) >= 40 and len(alone) >= 10, (len(informed), len(alone))
    assert fit(informed, True) > fit(informed, False) + 10
    assert fit(alone, False) > fit(alone, True) + 5



# --- what the rivals' envites meant ------------------------------------------------------------

def _shown_opening(opener: str, envite: str, partner_of_ours: str = "CSA4") -> tuple[Any, Any]:
    """Hand 1: seat 1 opens grande with ``envite`` from ``opener``, we refuse, the count shows
    the hands; a ``Reading`` of seat 0 that saw the envite and then the count."""
    from mus.ai.reading import Reading
    from mus.ai.view import View
    g = mus.Game.from_deal(["CS76", opener, partner_of_ours, "7744"], mano=0, seed=1)
    g = g.apply("no hay mus").apply("paso").apply(envite)
    reading = Reading()
    reading.see(View(g.observation(0)))
    g = g.apply("no quiero").apply("no quiero")
    while g.hands_played == 0:
        g = g.apply(str(g.legal_actions()[0]))
    reading.see(View(g.observation(0)))
    return reading, g


def test_the_sizes_of_the_rivals_openings_are_learnt_from_the_count() -> None:
    """An envite of 4 from a poor hand, once shown, says that the rivals' sizes tell nothing:
    the read of a size moves to the plain one (a few such hands take it there). Openings of 2 from middling hands say the
    sizes mean strength, and a later envite of 4 reads as a strong hand's. Each finished hand
    is read once, however often the reading looks."""
    from mus.ai.reading import Reading
    from mus.ai.view import View
    prior = Reading()
    prior.seat = 0
    weak, strong, _ = prior.size_weights(1, 4, "grande") or (1.0, 1.0, 1.0)
    poor, _ = _shown_opening("CS54", "envido 4")
    assert poor.sizes == {4: 1} and poor.openings == 1 and poor.sized < prior.sized
    assert strong / weak > 10   # before: an envite of 4 is read as a strong hand's
    poor.sized -= 10.0          # as after a few such hands
    poor_weak, poor_strong, _ = poor.size_weights(1, 4, "grande") or (0.0, 0.0, 0.0)
    assert poor_strong / poor_weak < 1.5
    middling, g = _shown_opening("RRCS", "envido")
    assert middling.sizes == {2: 1} and middling.sized >= prior.sized
    assert middling.size_weights(0, 4, "grande") is None     # our own team's sizes are not read
    middling.see(View(g.observation(0)))            # the same hand again: read once
    assert middling.openings == 1
    wild, _ = _shown_opening("RRCS", "envido 25")   # no sensible player's size: sizes say nothing
    assert wild.sized < 0.0 < prior.sized


def test_a_rival_opening_of_4_reads_stronger_once_sizes_have_meant_strength() -> None:
    """Facing an envite of 4 at grande, with a reading where the rivals' openings of 2 came
    from middling hands, the belief holds the bettor to stronger hands than with no reading."""
    from mus.ai.belief import Belief
    from mus.ai.strength import perceived_for
    from mus.ai.view import View
    from mus.rng import Random
    reading, _ = _shown_opening("RRCS", "envido")
    reading.sized += 3.0   # as after a few such hands
    g = mus.Game.from_deal(["CS76", "RS54", "CSA4", "7744"], mano=0, seed=1)
    view = View(g.apply("no hay mus").apply("paso").apply("envido 4").observation(0))
    x = perceived_for(view, 1, "grande")
    strength = []
    for read in (None, reading):
        belief = Belief(view, Random(1), 300, reading=read)
        strength.append(sum(w * x[ids[1]] for ids, w in zip(belief.worlds, belief.weights)))
    assert strength[1] > strength[0] + 0.02, strength

if __name__ == "__main__":
    main()
