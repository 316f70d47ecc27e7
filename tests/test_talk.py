"""Table talk (``mus.web.play.talk``): each saying is said in the state it belongs to, not every
time, and never from cards the speaker cannot see.

Every position is a scripted partida (``Script``): its deals given by hand (the engine's
explicit chance), then the actions. A saying is checked three ways: it is said there (with a
draw that always speaks) and not with one that never does; it is not said in a neighbouring
state it does not belong to; and when every card the speaker cannot see is dealt again (the
others' hands, with the same pares and juego so the public record replays), the speaker's
observation is the same and so are the saying and its moment, as ``TableTalk`` records them.
"""

from __future__ import annotations

import random
import pytest

import mus
from mus.ai import tables
from mus.cards import card_text
from mus.web.play.talk import (
    PARTNER, PHRASES, TableTalk, advice, call_phrase, count_phrase, draw, is_solomillo,
)
from tests.test_ai import _flags

ALWAYS, NEVER = 0.0, 0.9999


class Script:
    """A partida from given deals: ``deals[i]`` (cards with suits, by seat) opens hand i and
    ``actions[i]`` are played in it."""

    def __init__(self, deals: list[list[str]], actions: list[list[str]], mano: int = 0,
                 score: tuple[int, int] = (0, 0), juegos: tuple[int, int] = (0, 0),
                 rules: mus.Rules | None = None) -> None:
        self.deals, self.actions, self.mano, self.score, self.juegos = deals, actions, mano, score, juegos
        self.rules = rules or mus.Rules()

    def play(self, deals: list[list[str]] | None = None) -> mus.Game:
        deals = deals or self.deals
        g = mus.Game.from_deal(deals[0], self.mano, self.score, self.rules, seed=1, juegos=self.juegos,
                               explicit_chance=True)
        for n, actions in enumerate(self.actions):
            if n:
                g = g.apply("reparto " + " ".join(deals[n]))
            for action in actions:
                g = g.apply(action)
        return g

    def redealt(self, speaker: int, rng: random.Random) -> list[mus.Game]:
        """The same partida with every hand of the last deal but the speaker's dealt again."""
        out = []
        last = self.deals[-1]
        while len(out) < 3:
            mine = set(last[speaker][i:i + 2] for i in range(0, 8, 2))
            deck = [card_text(i) for i in range(40) if card_text(i) not in mine]
            hands = list(last)
            for seat in range(4):
                if seat == speaker:
                    continue
                while True:
                    cards = rng.sample(deck, 4)
                    if _flags(cards, self.rules) == _flags(_cards(last[seat]), self.rules):
                        break
                hands[seat] = "".join(cards)
                deck = [c for c in deck if c not in cards]
            try:
                out.append(self.play(self.deals[:-1] + [hands]))
            except mus.IllegalActionError:  # another record with these hands: deal again
                continue
        return out


def _cards(hand: str) -> list[str]:
    return [hand[i:i + 2] for i in range(0, len(hand), 2)]


DEAL = ["RoRcCo6o", "7o6c5c4c", "CcSeSbAe", "3o3c2e2b"]      # pareja de reyes / ciego / la 31 / duples


def said_alike(script: Script, speaker: int, action: str | None, key: str, *,
               styles: list[str | None] | None = None) -> None:
    """``key`` is said by ``speaker`` (with ``action``, or as advice when None) at the end of
    ``script`` and in every deal of the hidden cards again: the same saying, the same moment."""
    game = script.play()
    styles = styles or [None, None, None, None]
    heard = []
    for variant in [game] + script.redealt(speaker, random.Random(7)):
        assert variant.observation(speaker) == game.observation(speaker)   # nothing it can see moved
        talk = TableTalk(styles, True)
        if action is None:
            talk.listen(None, "", variant)
        else:
            talk.listen(variant, action, variant.apply(action))
        heard.append([s for s in talk.said if s.seat == speaker])
    assert heard[0] and heard[0][0].key == key and all(h == heard[0] for h in heard), heard


# --- sayings said with a call ----------------------------------------------------------------

CALLS = {
    # key: (script, speaker (a bot), its call, a call it is not said with)
    "mano_nino": (Script([DEAL], [["no hay mus"]], mano=1), 1, "envido 5", "envido 4"),
    "dientes_choto": (Script([DEAL], [["no hay mus"]], mano=1), 1, "envido 18", "envido 17"),
    "la_raya": (Script([DEAL], [["no hay mus"]], mano=1), 1, "ordago", "paso"),
    "convite": (Script([DEAL], [["no hay mus", "envido"]]), 1, "quiero", "no quiero"),
    "pimiento": (Script([DEAL], [["mus"]]), 1, "no hay mus", "mus"),
    "tran_tran": (Script([DEAL], [["no hay mus"] + ["paso"] * 8], mano=1), 2, "paso", "envido"),
}


@pytest.fixture
def speaks(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every moment's draw speaks (the draws themselves: test_talk_rebuilt_from_the_game...)."""
    monkeypatch.setattr("mus.web.play.talk.draw", lambda *_: ALWAYS)


@pytest.mark.usefixtures("speaks")
@pytest.mark.parametrize("key", CALLS)
def test_a_saying_with_a_call_is_said_with_that_call(key: str) -> None:
    script, speaker, call, other = CALLS[key]
    obs = script.play().observation(speaker)
    assert obs["to_play"] == speaker and call in obs["legal_actions"]
    assert call_phrase(obs, call, None, ALWAYS) == key
    assert call_phrase(obs, call, None, NEVER) is None        # not every time
    assert call_phrase(obs, other, None, ALWAYS) != key       # not with another call
    said_alike(script, speaker, call, key)


def test_pimiento_is_for_a_rival_who_takes_the_manos_mus() -> None:
    """"A la mano con un pimiento": the mano wants mus and a rival cuts; not the mano's partner."""
    g = Script([DEAL], [["mus", "mus"]]).play()
    assert g.to_play == 2 and call_phrase(g.observation(2), "no hay mus", None, ALWAYS) is None
    g = Script([DEAL], [["mus"]], mano=3).play()   # seat 3 (mano) wants mus; seat 0 is his rival
    assert call_phrase(g.observation(0), "no hay mus", None, ALWAYS) == "pimiento"


def test_convite_accepts_a_first_envite_of_two_only() -> None:
    g = Script([DEAL], [["no hay mus", "envido 5"]]).play()
    assert call_phrase(g.observation(1), "quiero", None, ALWAYS) is None


# --- sayings at a player's first call of a hand, from the scores ------------------------------

NEXT = ["Rb7b6b5b", "CoSoSc4o", "RoRcCe6o", "7o6c5c4c"]   # the second hand's deal


def _won_first_juego(juegos: tuple[int, int], juegos_to_win: int) -> Script:
    """Hand 1 at 39–0: our grande en paso reaches 40 and wins a juego; hand 2, the right
    rival (mano) has said mus and our partner is to speak."""
    rules = mus.Rules(juegos_to_win=juegos_to_win, vacas_to_win=2)
    return Script([DEAL, NEXT], [["no hay mus"] + ["paso"] * 11, ["mus"]], score=(39, 0), juegos=juegos,
                  rules=rules)


FIRSTS = {
    # key: (script ending at the speaker's first call of a hand, speaker, style)
    "dientes_choto": (Script([DEAL], [[]], mano=1, score=(15, 18)), 1, None),   # his team counts 18
    # 10–11 before hand 1, 16–15 after it: we were losing and now win
    "llueve_menos": (Script([DEAL, NEXT], [["no hay mus"] + ["paso"] * 11, ["mus"]], score=(10, 11)), 2, None),
    "gandul": (Script([DEAL], [[]], mano=1, score=(0, 19)), 1, None),
    "witiza": (Script([DEAL], [[]], mano=1, score=(35, 36)), 1, None),
    "pico": (Script([DEAL], [[]], mano=1, score=(5, 25)), 1, None),
    "mano_cinco": (Script([DEAL], [[]], mano=1), 1, "bold"),
}


@pytest.mark.usefixtures("speaks")
@pytest.mark.parametrize("key", FIRSTS)
def test_a_saying_of_the_first_call_is_said_by_its_speaker_once_a_hand(key: str) -> None:
    script, speaker, style = FIRSTS[key]
    game = script.play()
    assert game.to_play == speaker
    obs = game.observation(speaker)
    assert call_phrase(obs, "mus", style, ALWAYS) == key
    assert call_phrase(obs, "mus", style, NEVER) is None
    # once it has spoken in this hand, its next calls say it no more
    assert call_phrase(game.apply("mus").observation(speaker), "paso", style, ALWAYS) is None
    said_alike(script, speaker, "mus", key, styles=[None, style, style, style])


def test_first_call_sayings_need_their_moment() -> None:
    assert call_phrase(Script([DEAL], [[]], mano=1, score=(18, 15)).play().observation(1), "mus", None,
                       ALWAYS) != "dientes_choto"   # the rivals' 18 is not his to say
    assert call_phrase(Script([DEAL], [[]], mano=0, score=(0, 19)).play().observation(1), "mus", None,
                       ALWAYS) != "gandul"   # 19 but not mano (19–0 ahead, it may say "pico")
    ahead = Script([DEAL, NEXT],
                   [["no hay mus"] + ["paso"] * 11, []], score=(20, 15))
    assert call_phrase(ahead.play().observation(2), "mus", None, ALWAYS) != "llueve_menos"  # was not losing
    assert call_phrase(Script([DEAL], [[]], mano=1).play().observation(1), "mus", "careful", ALWAYS) is None


def test_nothing_is_said_with_senas_and_the_first_call_aloud_comes_after() -> None:
    """Señas are made, not said (and the player may not see a rival's): a saying of the first
    call waits for the speaker's first call aloud."""
    rules = mus.Rules(senas=True)
    g = Script([DEAL], [["no hay mus"]], mano=0, score=(5, 25), rules=rules).play()
    assert g.phase == "senas" and g.to_play == 0
    g = g.apply("señas").apply("cazada")
    assert g.to_play == 1 and call_phrase(g.observation(1), "señas", None, ALWAYS) is None
    for call in ("señas", "cazada", "sin señas", "señas", "cazada", "paso"):
        g = g.apply(call)
    assert g.to_play == 1 and call_phrase(g.observation(1), "paso", None, ALWAYS) == "pico"


def test_each_saying_at_most_once_a_hand() -> None:
    obs = Script([DEAL], [[]], mano=1, score=(5, 25)).play().observation(1)
    assert call_phrase(obs, "mus", "bold", ALWAYS) == "pico"
    assert call_phrase(obs, "mus", "bold", ALWAYS, said=("pico",)) == "mano_cinco"   # the next that fits
    assert call_phrase(obs, "mus", "bold", ALWAYS, said=("pico", "mano_cinco")) is None


# --- sayings at the count ---------------------------------------------------------------------

def test_solomillo_is_three_reyes_and_an_as_shown_at_the_count() -> None:
    assert is_solomillo(["Ro", "3c", "Rc", "2o"], 8) and is_solomillo(["Ro", "Rc", "Re", "Ab"], 4)
    assert not is_solomillo(["Ro", "3c", "Rc", "2o"], 4) and not is_solomillo(["Ro", "Rc", "Re", "Rb"], 8)
    deal = ["RoRc3oAo", "7o6c5c4c", "CcSeSbAe", "3c7b2e2b"]
    script = Script([deal, ["Rb7e6b5b", "CoSoSc4o", "ReRcCe6o", "7c6c5o4e"]], [["no hay mus"] + ["paso"] * 11, []])
    game = script.play()
    assert game.history[0]["hands"][0] == ["Ro", "Rc", "3o", "Ao"]
    # the player's partner says it of his own team's hand; the rivals do not boast of it
    assert count_phrase(game.observation(2), None, ALWAYS) == "solomillo"
    assert count_phrase(game.observation(2), None, NEVER) is None
    assert count_phrase(game.observation(1), None, ALWAYS) is None
    assert count_phrase(game.observation(3), None, ALWAYS) is None
    # the next hand's hidden cards dealt otherwise: the same saying, the same silence
    for seat in (1, 2, 3):
        alike = {count_phrase(g.observation(seat), None, ALWAYS) for g in script.redealt(seat, random.Random(3))}
        assert alike == {"solomillo" if seat == 2 else None}


def test_muerte_dulce_and_zapateria_at_the_count() -> None:
    exact = Script([DEAL], [["no hay mus"] + ["paso"] * 11], score=(39, 0)).play()
    assert exact.history[0]["juego_winner"] == 0 and exact.history[0]["score"][0] == 40
    assert count_phrase(exact.observation(2), None, ALWAYS) == "muerte_dulce"
    assert count_phrase(exact.observation(1), None, ALWAYS) is None   # the losers do not say it
    ordago = Script([DEAL], [["no hay mus", "ordago", "quiero"]], score=(30, 0)).play()
    assert ordago.history[0]["juego_winner"] == 0 and ordago.history[0]["score"][0] == 40
    assert count_phrase(ordago.observation(2), None, ALWAYS) != "muerte_dulce"   # an órdago is no surprise
    rules = mus.Rules(juegos_to_win=3)
    shoe = Script([DEAL], [["no hay mus"] + ["paso"] * 11], score=(39, 0), juegos=(2, 0), rules=rules).play()
    assert shoe.is_over and count_phrase(shoe.observation(2), None, ALWAYS, (), (2, 0)) == "zapateria"


def test_zamora_at_two_juegos_to_none() -> None:
    """"Dos a cero, y Zamora de portero": said at the count that makes it two juegos to none;
    at the default table that ends the partida, with a zapatería too."""
    ahead = _won_first_juego((1, 0), 3).play()   # a third juego to go
    assert not ahead.is_over and count_phrase(ahead.observation(2), None, ALWAYS, (), (1, 0)) == "zamora"
    assert count_phrase(ahead.observation(1), None, ALWAYS, (), (1, 0)) is None        # not the losers
    assert count_phrase(ahead.observation(2), None, ALWAYS, (), (0, 0)) != "zamora"    # one to none
    final = Script([DEAL], [["no hay mus"] + ["paso"] * 11], score=(39, 0), juegos=(1, 0)).play()
    assert final.is_over and count_phrase(final.observation(2), None, ALWAYS, (), (1, 0)) == "zapateria"
    assert count_phrase(final.observation(2), None, ALWAYS, ("zapateria",), (1, 0)) == "zamora"


# --- the partner's advice -----------------------------------------------------------------------

ADVICE = {
    # key: the partner's hand (seat 2) and the record until the player (seat 0) is to play
    "mus": (Script([["RoRcCo6o", "CcSeSbAe", "7o6c5c4c", "3o3c2e2b"]], [["mus", "mus", "mus"]], mano=1)),
    "envido": (Script([["7o6c5c4c", "CcSeSbAe", "RoRcRe3o", "CoSo4e4b"]], [["no hay mus", "paso"]], mano=3)),
    "ordago": (Script([["CoSoCcAb", "6o6c5c4c", "RoRcReAo", "SbSc7e4e"]],
                      [["no hay mus"] + ["paso"] * 14], mano=2)),
}


@pytest.mark.usefixtures("speaks")
@pytest.mark.parametrize("key", ADVICE)
def test_the_partner_advises_from_his_own_hand_before_the_players_call(key: str) -> None:
    script = ADVICE[key]
    game = script.play()
    assert game.to_play == 0
    obs = game.observation(PARTNER)
    assert advice(obs, None, ALWAYS, ()) == key
    assert advice(obs, None, NEVER, ()) is None                     # not every time
    assert advice(obs, None, ALWAYS, (game.phase,)) is None         # once a lance
    said_alike(script, PARTNER, None, key)


def test_no_advice_when_the_partner_is_weak_or_it_is_not_the_players_turn() -> None:
    weak = Script([["7o6c5c4c", "CcSeSbAe", "RoRc6e4o", "CoSo4e4b"]], [["no hay mus", "paso"]], mano=3).play()
    assert advice(weak.observation(PARTNER), None, ALWAYS, ()) is None
    strong = Script([["7o6c5c4c", "CcSeSbAe", "RoRcRe3o", "CoSo4e4b"]], [["no hay mus"]], mano=3).play()
    assert strong.to_play == 3 and advice(strong.observation(PARTNER), None, ALWAYS, ()) is None


# --- a whole partida -----------------------------------------------------------------------------

def test_talk_rebuilt_from_the_game_is_what_was_said_move_by_move() -> None:
    bots = [mus.ai.make_bot("normal", seat) for seat in range(4)]
    game = mus.Game.new(mus.Rules(), 11)
    talk = TableTalk([None, "bold", "bluffer", "careful"], True)
    talk.listen(None, "", game)
    while not game.is_over and len(game.history) < 12:
        seat = game.to_play
        assert seat is not None
        obs = game.observation(seat)
        obs["advice"] = talk.heard(len(game.history))
        before, game = game, game.apply(bots[seat].choose(obs))
        talk.listen(before, str(game.actions[-1]), game)
    again = TableTalk(talk.styles, True)
    again.rebuild(game)
    assert again.said == talk.said
    kinds = {s.kind for s in talk.said}
    assert {"phrase", "advice"} <= kinds and all(s.key in PHRASES or s.kind == "advice" for s in talk.said)
    hands = len(game.history)
    assert len([s for s in talk.said if s.kind == "phrase"]) <= 3 * hands   # now and then, not every call
    assert draw(11, 1, 5, 0) == draw(11, 1, 5, 0) != draw(11, 1, 6, 0)


def test_advice_waiting_for_the_hand_tables_is_said_where_it_would_have_been(
        monkeypatch: pytest.MonkeyPatch) -> None:
    game = mus.Game.new(mus.Rules(), 11)
    for _ in range(40):   # a hand and more of first legal actions: the player's turns come
        game = game.apply(game.legal_actions()[0])
    tables.tables_for(8, False)
    told = TableTalk([None, "bold", "bluffer", "careful"], True)
    told.rebuild(game)   # the tables built: every advice said at its moment
    assert any(s.kind == "advice" for s in told.said) and not told.due
    monkeypatch.setattr(tables, "_BUILT", {})   # a page whose tables are still being built
    monkeypatch.setattr(tables, "_BUILDING", {})
    waiting = TableTalk(told.styles, True)
    waiting.rebuild(game)
    assert waiting.due and not tables.tables_ready(8, False)
    assert [s for s in waiting.said if s.kind != "advice"] == [s for s in told.said if s.kind != "advice"]
    assert not any(s.kind == "advice" for s in waiting.said)
    assert waiting.settle() and waiting.said == told.said and not waiting.due
    again = TableTalk(told.styles, True)
    again.rebuild(game)   # the bots ask what was heard: nothing waits then
    assert again.heard(game.hands_played) == told.heard(game.hands_played) and again.said == told.said
