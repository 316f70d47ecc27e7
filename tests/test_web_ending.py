"""The end of a partida (its moments, the record, the result to share) and the table's sounds,
in pure code."""

from __future__ import annotations

import pytest

import mus
from mus.web.kit.storage import MemoryStorage
from mus.web.play.ending import share_text
from mus.web.play.moments import partida_moments
from mus.web.play.saves import decode_save
from mus.web.play.session import Session
from mus.web.play.sounds import cues, marks
from mus.web.play.stats import STATS_KEY, load_stats
from mus.web.play.view import build_view
from tools.dev.ending import _choose, ending_save


def _over(seed: int) -> mus.Game:
    """A whole partida played by the seeded player of ``tools.dev.ending`` at every seat."""
    game, rng = mus.Game.new(mus.Rules(senas=True), seed), mus.Random(seed)
    while not game.is_over:
        game = game.apply(_choose(game, rng))
    return game


def _ordagos_by_hand(game: mus.Game) -> list[tuple[int, int, str]]:
    """(hand index, thrower's seat, answer) of each órdago, read from the actions and the
    public log of a replay: another way than the moments read them."""
    out, index = [], 0
    replay = game.initial()
    pending: tuple[int, int] | None = None
    for action in game.actions:
        seat = replay.to_play
        if pending is not None and action in ("quiero", "no quiero"):
            if action == "quiero" or replay.apply(action).observation(0)["bet"] is None:
                out.append((pending[0], pending[1], action))
                pending = None
        if action == "ordago":
            pending = (index, seat)
        after = replay.apply(action)
        index += after.hands_played - replay.hands_played
        replay = after
    return out


@pytest.mark.parametrize("seed", [3, 8, 21])
def test_moments_agree_with_the_history(seed: int) -> None:
    game = _over(seed)
    history = game.history
    m = partida_moments(game)
    assert m.hands == len(history)
    assert m.juegos == [(h["score"][0], h["score"][1], h["juego_winner"]) for h in history
                        if h["juego_winner"] is not None]
    assert m.vacas == list(game.vacas) and sum(m.vacas) == 1
    thrown = _ordagos_by_hand(game)
    assert sum(m.ordagos) == len(thrown) == game.actions.count("ordago")
    won = 0
    for hand, seat, answer in thrown:
        lances = history[hand]["lances"]
        lance = next(name for name, outcome in lances.items()
                     if outcome["kind"] in ("ordago", "deje") and outcome["bettor"] == seat)
        team = history[hand]["winners"][lance] & 1 if answer == "quiero" else seat & 1
        won += team == 0
    assert m.ordagos[0] == won
    wanted = [(o["amount"], i) for i, h in enumerate(history) for o in h["lances"].values() if o["kind"] == "querido"]
    assert (m.biggest.amount if m.biggest else None) == (max(wanted)[0] if wanted else None)
    shown = [(i, seat) for i, h in enumerate(history) if h["hands"] for seat in range(4)]
    assert m.best is None if not shown else (m.best.hand, m.best.seat) in shown
    for i, seat in shown:  # nothing shown ranks above the best hand at pares
        cards = "".join(history[i]["hands"][seat])
        assert mus.compare("pares", cards, "".join(m.best.cards), game.rules) <= 0


def test_a_refused_ordago_is_won_by_who_threw_it() -> None:
    game = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, score=(10, 10), seed=5)
    for action in ["no hay mus", "ordago", "no quiero", "no quiero"]:   # ours, refused
        game = game.apply(action)
    while game.hands_played == 0:  # the hand goes on at chica: it counts once over
        game = game.apply("paso")
    assert partida_moments(game).ordagos == [1, 0]


def test_the_end_names_the_winners_and_tells_the_record() -> None:
    store = MemoryStorage()
    s = Session(store)
    s.saved = decode_save(ending_save(1, 0))
    s._make_bots()
    s.screen = "table"
    assert s.play("quiero") and s.game.is_over and s.ack()
    fin = build_view(s)["fin"]
    names = [seat.name if seat else "" for seat in s.cast]
    assert fin["winners"] == f"Ganadores: tú y {names[2]}"
    assert fin["share"]["text"] == f"Gané {fin['score'][0]}–{fin['score'][1]} a {names[1]} y {names[3]}"
    assert fin["score"] == [2, 1] and fin["record"] == "Tus partidas: 1 ganada de 1 · racha: 1 (mejor: 1)"
    assert [m["kind"] for m in fin["moments"]] == ["best", "ordagos", "envite", "juegos"]
    assert load_stats(store)[0]["racha"] == [1, 1]
    s.set_setting("lang", "en")
    fin = build_view(s)["fin"]
    assert fin["share"]["text"].startswith("I won 2–1 against ") and fin["winners"].startswith("Winners: you and ")
    assert [m["label"] for m in fin["moments"]] == ["Best hand", "Órdagos", "Biggest envite", "Juegos"]
    assert share_text("en", False, [0, 2], ["Lola", "Paco"]) == "I lost 0–2 to Lola and Paco"


def test_a_stored_streak_is_read_strictly() -> None:
    store = MemoryStorage({STATS_KEY: '{"partidas": [2, 3], "racha": [3, 1]}'})
    stats, problem = load_stats(store, now_ms=4)
    assert stats["partidas"] == [2, 3] and stats["racha"] == [0, 0]
    assert problem is not None and problem["why"] == "expected racha as [now, best], two whole numbers, got a list of 2"
    assert load_stats(MemoryStorage({STATS_KEY: '{"partidas": [2, 3]}'}))[0]["racha"] == [0, 0]  # older stats


def test_sounds_follow_the_deal_the_bets_and_a_juego_won() -> None:
    s = Session(MemoryStorage(), instant=True)
    s.saved = decode_save(ending_save(1, 0))
    s._make_bots()
    s.screen = "table"
    first = marks(build_view(s))
    assert cues(None, first) == []                       # a page drawn anew says nothing
    assert s.play("quiero")                              # the órdago wanted ends the partida
    count = marks(build_view(s))
    assert cues(first, count) == ["juego"]               # our juego, at its count
    assert s.ack() and cues(count, marks(build_view(s))) == []
    s.rematch(seed=4)
    dealt = marks(build_view(s))
    assert cues(count, dealt) == ["deal"]
    while s.bot_to_play() is not None or "envido" not in s.human_legal():
        if s.bot_to_play() is not None:
            s.bot_move()
        else:
            legal = s.human_legal()
            assert legal, "the hand ended before the player could bet"
            s.play("descarte 0" if legal[0].startswith("descarte") else "mus" if "mus" in legal else legal[0])
        dealt = marks(build_view(s)) if cues(dealt, marks(build_view(s))) == ["deal"] else dealt
    before = marks(build_view(s))
    assert s.play("envido")
    assert cues(before, marks(build_view(s))) in (["bet"], ["bet", "ordago"])
