"""The test-only level that knows its partner's hand (``tools/bench/knowledge.py``).

It must never be a level anyone can pick: not in ``mus``, not among the page's levels nor the
arena's until its command adds it, and it learns the partner's cards only from the arena.
The real levels' fairness is proven in ``tests/test_ai.py`` and ``tests/test_fairness_deep.py``.
"""

from __future__ import annotations

import random

import pytest

import mus
from mus.ai import LEVELS, dificil, make_bot
from mus.ai.arena import ARENA_LEVELS, ARENA_ONLY, make_arena_bot
from mus.ai.tables import card_index
from mus.ai.view import View
from mus.cards import card_text
from mus.rng import Random
from tools.bench import knowledge
from tools.bench.knowledge import KnowingBot, KnownPartner, known_belief
from tools.bench.team_value import team_values


def test_the_knowing_level_cannot_be_picked() -> None:
    for name in (knowledge.LEVEL, knowledge.CONTROL, knowledge.BETS_ONLY, knowledge.SOLVED):
        assert name not in LEVELS and name not in ARENA_LEVELS and name not in ARENA_ONLY
        with pytest.raises(ValueError, match="expected a bot level"):
            make_bot(name, 1)
        with pytest.raises(ValueError, match="expected a bot level"):
            make_arena_bot(name, 1)


def test_its_command_plays_the_arena_and_leaves_no_level_behind(capsys: pytest.CaptureFixture[str]) -> None:
    assert knowledge.main(["--juegos", "2", "--seed", "4"]) == 0
    assert "knowing (team0) vs dificil" in capsys.readouterr().out
    assert knowledge.LEVEL not in ARENA_LEVELS and knowledge.LEVEL not in ARENA_ONLY
    assert dificil.Belief is not KnownPartner       # dificil is left as it was


def test_the_partner_is_held_to_his_real_hand() -> None:
    g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1).apply("no hay mus")
    view = View(g.observation(0))
    known = view.tables.hand_id([card_index(c) for c in g.hand(2)])
    belief = known_belief(view, Random(3), 60, known)
    assert all(ids[2] == known for ids in belief.worlds)
    assert sum(belief.weights) == pytest.approx(1.0)
    guessed = KnownPartner(view, Random(3), 60)
    assert any(ids[2] != known for ids in guessed.worlds)


@pytest.mark.parametrize("deal", [["RRC6", "7654", "CCSA", "3322"], ["RCS7", "6543", "RRAA", "CS54"],
                                  ["RR76", "SSC4", "RCA2", "7654"]])
def test_knowing_the_partner_keeps_the_deals_a_guess_has(deal: list[str]) -> None:
    """The deals are drawn with the partner's hand, not guessed and then reweighed: the
    known hand leaves about as many deals in play as guessing it does (reweighing a guess
    kept 57–77 of 160 here, where guessing keeps 110–118)."""
    g = mus.Game.from_deal(deal, mano=0, seed=1).apply("no hay mus")
    view = View(g.observation(0))
    partner = view.tables.hand_id([card_index(c) for c in g.hand(2)])
    known = known_belief(view, Random(3), 160, partner).effective_size()
    assert known >= 0.8 * KnownPartner(view, Random(3), 160).effective_size()


def test_knowing_plays_legally_and_uses_the_partners_cards() -> None:
    """Told other cards for its partner, it decides otherwise somewhere: it reads them."""
    g = mus.Game.new(mus.Rules(), seed=6)
    differ = 0
    for _ in range(16):
        seat = g.to_play
        assert seat is not None
        obs = g.observation(seat)
        told = KnowingBot(seat)
        told.partner_hand = g.hand((seat + 2) % 4)
        action = told.choose(obs)
        assert action in obs["legal_actions"]
        other = KnowingBot(seat)
        other.partner_hand = g.hand((seat + 1) % 4)   # a rival's cards, as if the partner's
        differ += other.choose(obs) != action
        g = g.apply(action)
    assert differ > 0


@pytest.mark.parametrize("solved,draws,team_draws", [(False, True, ""), (True, False, ""),
                                                     (True, False, "both"), (True, True, "")])
def test_it_reads_its_partners_cards_and_no_others(solved: bool, draws: bool, team_draws: str) -> None:
    """The rivals' cards dealt otherwise, the observation and the decision stay: the only
    hidden cards it knows are its partner's (its fairness beside the levels' own tests),
    with its own bets or the solved table's (``--solved``), its mus valued for both known
    hands (``--team-draws``) or played out for the team (``--team-playouts``)."""
    rng = random.Random(5)
    for k in range(6):
        deck = [card_text(i) for i in range(40)]
        rng.shuffle(deck)
        mano = k % 4
        seat, partner = mano, (mano + 2) % 4
        decisions = []
        for _ in range(2):
            hands = ["".join(deck[4 * s:4 * s + 4]) for s in range(4)]
            g = mus.Game.from_deal(hands, mano=mano, seed=k)
            if k % 2:
                g = g.apply("no hay mus")   # grande: the first bet of the hand
            assert g.to_play == seat
            bot = KnowingBot(k, draws=draws, solved=solved, team_draws=team_draws)
            bot.partner_hand = g.hand(partner)
            obs = g.observation(seat)
            decisions.append((obs, bot.decide(obs)))
            rivals = [c for s in range(4) if s % 2 != seat % 2 for c in deck[4 * s:4 * s + 4]] + deck[16:]
            rng.shuffle(rivals)
            for s in range(4):
                if s % 2 != seat % 2:
                    deck[4 * s:4 * s + 4], rivals = rivals[:4], rivals[4:]
        (obs_a, a), (obs_b, b) = decisions
        assert obs_a == obs_b
        assert (a.action, a.reason) == (b.action, b.reason)


def test_the_solved_variant_bets_from_the_table() -> None:
    """With ``--solved`` the bets come from ``mus.ai.cfr``'s table, read on the team's chance:
    a team holding the best grande answers an envite otherwise than one holding the worst."""
    answers = {}
    for hands in (["333C", "4455", "RRRR", "4566"], ["4566", "RRRR", "4455", "333C"]):
        g = mus.Game.from_deal(hands, mano=1, seed=1).apply("no hay mus").apply("envido")
        assert g.to_play == 2
        chosen = set()
        for k in range(12):
            bot = KnowingBot(k, draws=False, solved=True)
            bot.partner_hand = g.hand(0)
            d = bot.decide(g.observation(2))
            assert d.reason["level"] == knowledge.SOLVED
            chosen.add(d.action)
        answers[hands[2]] = chosen
    assert answers["RRRR"] != answers["4455"]
    assert "no quiero" not in answers["RRRR"]


def test_in_its_play_outs_the_partner_answers_on_the_teams_chance() -> None:
    """The partner knows our hand as we know his: every deal gives him the team's chance
    at the lance, and the rivals keep their own view of their hands."""
    g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1).apply("no hay mus")
    view = View(g.observation(0))
    KnownPartner.partner_id = view.tables.hand_id([card_index(c) for c in g.hand(2)])
    saved = dificil.Belief
    dificil.Belief = KnownPartner   # type: ignore[misc]
    try:
        valued = knowledge.KnowingDecision(view, Random(2))
    finally:
        dificil.Belief = saved   # type: ignore[misc]
        KnownPartner.partner_id = -1
    team = sum(w for w, won in zip(valued.belief.weights, valued.wins) if won)
    assert valued.seen_x[2] == [pytest.approx(team)] * len(valued.wins)
    assert all(len(set(valued.seen_x[rival])) > 1 for rival in (1, 3))   # each his own hand


def test_two_hands_are_priced_as_a_team() -> None:
    """``team_value``: a pair is worth what the better hand wins at each lance, and the
    team's pares and juego count both hands'."""
    t = View(mus.Game.new(mus.Rules(), seed=1).observation(0)).tables
    now, after = team_values(t)

    def hand(text: str) -> int:
        return t.hand_id([card_index(c) for c in text.split()])

    kings, treses, ases = hand("Ro Rc Rb Re"), hand("3o 3c 3b 3e"), hand("Ao Ac 2o 2c")
    low = hand("4o 5c 6b 7e")
    assert now.value(kings, ases) > now.value(kings, low) > now.value(low, low)   # chica too
    assert now.value(kings, ases) > now.value(ases, low)                          # grande too
    assert now.value(kings, treses) > now.value(kings, low)   # both duples and juegos count
    assert now.value(kings, low) == now.value(low, kings)
    assert after.mean > now.mean   # hands after discards hold more pares and juego


def test_team_draws_use_both_known_hands() -> None:
    """``--team-draws``: the mus is cut on both known hands, and the seat farther from the
    mano discards for the team (its partner discards as ``dificil``)."""
    cut = {}
    for partner in ("RRRR", "456S"):
        g = mus.Game.from_deal(["456C", "7766", partner, "55SS"], mano=0, seed=1)
        bot = KnowingBot(1, draws=False, team_draws="both")
        bot.partner_hand = g.hand(2)
        decision = bot.decide(g.observation(0))
        assert decision.reason["level"] == knowledge.LEVEL and "edge" in decision.reason
        cut[partner] = decision.action
    assert cut == {"RRRR": "no hay mus", "456S": "mus"}
    g = mus.Game.from_deal(["RRRR", "7766", "3C4S", "5577"], mano=0, seed=1)
    for _ in range(4):
        g = g.apply("mus")
    g = g.apply("descarte 0 1 2 3")   # seat 3 throws first, then seat 2
    bot = KnowingBot(1, draws=False, team_draws="both")
    bot.partner_hand = g.hand(0)
    decision = bot.decide(g.observation(2))
    assert decision.reason["level"] == knowledge.LEVEL and decision.action in g.observation(2)["legal_actions"]
    g = g.apply(decision.action)
    assert g.to_play == 1
    bot.partner_hand = g.hand(3)
    assert bot.decide(g.observation(1)).reason["level"] == "dificil"   # seat 1 is nearer the mano


def test_its_team_discard_reads_no_rival_card() -> None:
    """``--team-draws`` at the discard: the rivals' cards dealt otherwise, the seat farther
    from the mano throws the same cards for the same reason."""
    rng = random.Random(8)
    for k in range(4):
        deck = [card_text(i) for i in range(40)]
        rng.shuffle(deck)
        decisions = []
        for _ in range(2):
            g = mus.Game.from_deal(["".join(deck[4 * s:4 * s + 4]) for s in range(4)], mano=0, seed=k)
            for _ in range(4):
                g = g.apply("mus")
            g = g.apply("descarte 0 1")   # seat 3, then seat 2 (ours, partner of the mano)
            bot = KnowingBot(k, draws=False, team_draws="both")
            bot.partner_hand = g.hand(0)
            obs = g.observation(2)
            decisions.append((obs, bot.decide(obs)))
            rivals = deck[4:8] + deck[12:16] + deck[16:]
            rng.shuffle(rivals)
            deck[4:8], deck[12:16] = rivals[:4], rivals[4:8]
        (obs_a, a), (obs_b, b) = decisions
        assert obs_a == obs_b
        assert a.reason["level"] == knowledge.LEVEL
        assert (a.action, a.reason) == (b.action, b.reason)
