"""Saves, settings and statistics against the storage interface (no browser)."""

from __future__ import annotations

import json
import re

import pytest

import mus
from mus.web.kit.storage import MemoryStorage, SafeStorage, keep_aside
from mus.web.play.keeper import Keeper
from mus.web.play.saves import SAVE_KEY, SCHEMA, Saved, decode_save, load_save, write_save
from mus.web.play.settings import SETTINGS_KEY, Settings, load_settings, write_settings
from mus.web.play.stats import STATS_KEY, count_hand, count_partida, empty_stats, load_stats

LEVELS = [None, "normal", "normal", "normal"]
ASIDE_PREFIX = SAVE_KEY + ".corrupt."


def _game(moves: int = 5, seed: int = 4) -> mus.Game:
    g = mus.Game.new(mus.Rules(target=30), seed=seed)
    for _ in range(moves):
        g = g.apply(str(g.legal_actions()[0]))
    return g


def _saved_text(store: MemoryStorage) -> str:
    text = store.get(SAVE_KEY)
    assert text is not None
    return text


def test_round_trip_restores_the_same_state() -> None:
    store = MemoryStorage()
    game = _game(9)
    write_save(store, Saved(game, acked=0, counted=0, settings=Settings(level="dificil"), levels=LEVELS), "w")
    saved, problem = load_save(store)
    assert problem is None and saved is not None
    assert saved.game.to_json() == game.to_json()
    for seat in range(4):
        assert saved.game.observation(seat) == game.observation(seat)
    assert saved.settings.level == "dificil"
    assert saved.levels == LEVELS


def test_save_holds_the_engine_json_and_a_schema_version() -> None:
    store = MemoryStorage()
    game = _game(3)
    write_save(store, Saved(game, settings=Settings(), levels=LEVELS), "w")
    data = json.loads(_saved_text(store))
    assert data["schema"] == SCHEMA
    assert data["game"] == json.loads(game.to_json())
    assert set(data) >= {"acked", "counted", "settings", "levels"}


def test_nothing_saved() -> None:
    assert load_save(MemoryStorage()) == (None, None)


def _tampered_actions(store: MemoryStorage) -> str:
    data = json.loads(_saved_text(store))
    data["game"]["actions"].append("quiero")  # never legal at the mus decision after paso…
    data["game"]["actions"][0] = "envido 7"  # …and the first decision is mus / no hay mus
    return json.dumps(data)


@pytest.mark.parametrize(("make", "why"), [
    (lambda store: "{not json", "unreadable"),
    (lambda store: "[1, 2]", "unreadable"),
    (lambda store: json.dumps({**json.loads(_saved_text(store)), "schema": SCHEMA + 1}), "newer"),
    (_tampered_actions, "invalid"),
    (lambda store: json.dumps({**json.loads(_saved_text(store)), "game": {"format": "mus-game", "version": 1}}),
     "invalid"),
    (lambda store: json.dumps({**json.loads(_saved_text(store)), "acked": 99}), "unreadable"),
    (lambda store: json.dumps({**json.loads(_saved_text(store)), "levels": ["x"]}), "unreadable"),
])
def test_bad_saves_are_moved_aside_not_wiped(make, why: str) -> None:
    store = MemoryStorage()
    write_save(store, Saved(_game(4), settings=Settings(), levels=LEVELS), "w")
    bad = make(store)
    store.set(SAVE_KEY, bad)
    saved, problem = load_save(store)
    assert saved is None and problem is not None
    assert problem["why"] == why
    assert problem["key"].startswith(ASIDE_PREFIX)
    assert store.get(problem["key"]) == bad
    assert store.get(SAVE_KEY) is None


def test_two_bad_saves_in_the_same_millisecond_keep_both() -> None:
    store = MemoryStorage()
    a = keep_aside(store, SAVE_KEY, "one", now_ms=5)
    b = keep_aside(store, SAVE_KEY, "two", now_ms=5)
    assert a is not None and b is not None
    assert a != b and store.get(a) == "one" and store.get(b) == "two"


def test_decode_rejects_illegal_sequence_through_the_engine() -> None:
    game = _game(2)
    data = {"schema": SCHEMA, "game": json.loads(game.to_json()), "acked": 0, "counted": 0,
            "settings": {}, "levels": LEVELS}
    data["game"]["actions"] = ["no hay mus", "quiero"]
    with pytest.raises(ValueError) as info:
        decode_save(json.dumps(data))
    assert "invalid" in str(info.value)


class Broken:
    """A storage that throws like Safari's private mode or a sandboxed iframe."""

    def __init__(self, after: int = 0) -> None:
        self.calls = 0
        self.after = after
        self.data: dict[str, str] = {}

    def _maybe_fail(self) -> None:
        self.calls += 1
        if self.calls > self.after:
            raise RuntimeError("SecurityError: The operation is insecure.")

    def get(self, key: str) -> str | None:
        self._maybe_fail()
        return self.data.get(key)

    def set(self, key: str, value: str) -> None:
        self._maybe_fail()
        self.data[key] = value

    def remove(self, key: str) -> None:
        self._maybe_fail()
        self.data.pop(key, None)

    def keys(self) -> list[str]:
        self._maybe_fail()
        return list(self.data)


def test_throwing_storage_falls_back_to_memory() -> None:
    store = SafeStorage(Broken())
    assert store.fallback
    store.set("a", "1")
    assert store.get("a") == "1"
    assert store.keys() == ["a"]
    store.remove("a")
    assert store.get("a") is None


def test_missing_storage_is_memory() -> None:
    store = SafeStorage(None)
    assert store.fallback
    write_save(store, Saved(_game(1), settings=Settings(), levels=LEVELS), "w")
    assert load_save(store)[0] is not None


class Full(MemoryStorage):
    """A storage that reads but refuses writes while ``full``, like a full quota."""

    __slots__ = ("full",)

    def __init__(self) -> None:
        super().__init__()
        self.full = False

    def set(self, key: str, value: str) -> bool:
        if self.full:
            raise RuntimeError("QuotaExceededError: the quota has been exceeded.")
        return super().set(key, value)


def test_a_storage_that_refuses_writes_says_so_and_keeps_what_it_had() -> None:
    backend = Full()
    store = SafeStorage(backend)
    assert store.set("k", "v") is True
    backend.full = True
    assert store.set("k", "w") is False
    assert not store.fallback and store.get("k") == "v"   # reads go on: nothing switches to memory
    backend.full = False
    assert store.set("k", "w") is True and backend.get("k") == "w"


def test_settings_are_remembered_and_validated() -> None:
    store = MemoryStorage()
    assert load_settings(store) == (Settings(), None)
    chosen = Settings(level="facil", lang="en", target=30, juegos_to_win=1, vacas_to_win=3, speed="instantanea")
    write_settings(store, chosen)
    assert load_settings(store) == (chosen, None)
    store.set(SETTINGS_KEY, '{"level": "imposible", "target": 35, "real_31": 1, "vacas_to_win": 9, "lang": "en"}')
    assert load_settings(store)[0] == Settings(lang="en")
    store.set(SETTINGS_KEY, '{"juegos": 3}')   # stored before the options table named it juegos_to_win
    assert load_settings(store) == (Settings(juegos_to_win=3), None)
    store.set(SETTINGS_KEY, "][")
    assert load_settings(store)[0] == Settings()


def test_settings_from_form_values() -> None:
    s = Settings()
    assert s.with_choice("reyes", "4").rules().reyes == 4
    assert s.with_choice("real_31", "true").rules().real_31 is True
    assert s.with_choice("target", "35") == s                      # not a value the table offers
    assert s.with_choice("target", "٣٠") == s and s.with_choice("catch", "0.5") == s
    assert s.with_choice("nope", "1") == s
    assert s.with_choice("juegos_to_win", "3").rules().juegos_to_win == 3
    assert s.with_choice("vacas_to_win", "2").rules().vacas_to_win == 2


def test_statistics_count_hands_lances_juegos_and_partidas() -> None:
    stats = empty_stats()
    hand = {"ledger": [
        {"team": 0, "points": 2, "reason": "2 de envite a grande", "lance": "grande", "seat": 0},
        {"team": 1, "points": 1, "reason": "1 de chica", "lance": "chica", "seat": 1},
        {"team": 0, "points": 3, "reason": "3 de duples", "lance": "pares", "seat": 2},
    ], "juego_winner": 0}
    stats = count_hand(stats, hand)
    assert stats["manos"] == [1, 1]
    assert stats["juegos"] == [1, 1]
    assert stats["lances"]["grande"] == [1, 1]
    assert stats["lances"]["chica"] == [0, 1]
    assert stats["lances"]["juego"] == [0, 0]
    stats = count_partida(stats, winner=1)
    assert stats["partidas"] == [0, 1]


def test_statistics_survive_storage_and_garbage() -> None:
    store = MemoryStorage()
    assert load_stats(store) == (empty_stats(), None)
    store.set(STATS_KEY, '{"partidas": [1, 3], "juegos": [9, 2], "lances": {"grande": [1, 1]}}')
    stats = load_stats(store)[0]
    assert stats["partidas"] == [1, 3]
    assert stats["juegos"] == [0, 0]  # won more than played: ignored
    assert stats["lances"]["grande"] == [1, 1]
    store.set(STATS_KEY, "garbage")
    assert load_stats(store)[0] == empty_stats()


# --- two windows, one save ---------------------------------------------------------------


def _current_schema_save_without_rev(game: mus.Game) -> str:
    """A save exactly as the version before windows compared revisions wrote it."""
    return json.dumps({"schema": SCHEMA, "game": json.loads(game.to_json()), "acked": 0, "counted": 0,
                       "settings": Settings().to_dict(), "levels": LEVELS, "saved_at": 1})


def test_a_save_from_the_current_schema_without_revision_keeps_working() -> None:
    game = _game(7)
    store = MemoryStorage({SAVE_KEY: _current_schema_save_without_rev(game)})
    saved, problem = load_save(store)
    assert problem is None and saved is not None and saved.rev == 0
    assert saved.game.to_json() == game.to_json()
    assert write_save(store, saved, "w") and json.loads(_saved_text(store))["rev"] == 1


def test_a_stale_window_never_writes_an_older_partida_over_a_newer_one() -> None:
    from mus.web.play.session import Session

    store = MemoryStorage()
    a = Session(store)
    a.new_game(seed=5)
    b = Session(store)
    b.restore()
    moves = 0
    while moves < 8:  # eight moves of the player in window B, bots answering
        if b.bot_move() is None:
            if b.showdown_index() is not None:
                b.ack()
                continue
            b.play(b.human_legal()[0])
            moves += 1
    newer = _saved_text(store)
    assert json.loads(newer)["rev"] > 8
    if a.bot_to_play() is not None:
        a.bot_move()  # window A, which heard nothing, moves on its old state: refused
    else:
        a.play(a.human_legal()[0])
    assert _saved_text(store) == newer
    assert a.saved is not None and a.saved.game.to_json() == b.saved.game.to_json()  # type: ignore[union-attr]
    assert {"kind": "elsewhere"} in a.notices
    if a.human_legal():  # now it plays on from there
        a.play(a.human_legal()[0])
    else:
        a.bot_move()
    after = json.loads(_saved_text(store))
    assert after["game"]["actions"][: len(json.loads(newer)["game"]["actions"])] == json.loads(newer)["game"]["actions"]


def test_a_window_follows_the_storage_event() -> None:
    from mus.web.play.session import Session

    store = MemoryStorage()
    a, b = Session(store), Session(store)
    a.restore()
    b.restore()
    b.new_game(seed=2)
    assert a.game is None
    assert not a.storage_changed("mus.settings")  # other keys do not touch the partida
    assert a.storage_changed(SAVE_KEY) and a.game is not None
    assert a.game.to_json() == b.game.to_json()  # type: ignore[union-attr]
    assert not a.storage_changed(SAVE_KEY)  # nothing new
    store.remove(SAVE_KEY)  # the other window cleared the storage
    assert a.storage_changed(None) and a.game is None and a.screen == "setup"


def test_a_bot_choice_made_before_another_window_moved_on_is_not_played() -> None:
    from mus.web.play.session import Session

    store = MemoryStorage()
    a = Session(store)
    a.new_game(seed=5)
    while a.bot_to_play() is None:  # the player's mus vote, so a bot is to speak next
        a.play(a.human_legal()[0])
    choice = a.bot_choice()
    assert choice is not None
    b = Session(store)
    b.restore()
    played = 0
    while played == 0 or b.bot_to_play() != choice[0]:  # B plays on until that bot speaks again
        if b.showdown_index() is not None:
            b.ack()
        elif b.bot_move() is None:
            b.play(b.human_legal()[0])
        played += 1
    assert a.storage_changed(SAVE_KEY)
    moved_on = _saved_text(store)
    assert a.bot_to_play() == choice[0]
    assert not a.bot_play(*choice)  # chosen on a state that is gone: dropped, nothing written
    assert _saved_text(store) == moved_on


def test_an_unreadable_stored_save_is_moved_aside_before_a_write() -> None:
    store = MemoryStorage({SAVE_KEY: "{oops"})
    told: list[str] = []
    assert Keeper(store, "w", lambda kind, **fields: told.append(kind)).write(Saved(_game(1), levels=LEVELS)) is None
    assert [store.get(k) for k in store.keys() if k.startswith(ASIDE_PREFIX)] == ["{oops"]
    assert json.loads(_saved_text(store))["writer"] == "w" and told == ["corrupt-other"]


def _without_time(text: str) -> str:
    return re.sub(r'"saved_at":\d+', '"saved_at":0', text)


def test_each_write_of_a_partida_is_the_text_of_one_written_from_nothing() -> None:
    """The keeper writes only what is new (``SaveMemo``: actions as they come, a finished
    hand's reasons added at the end): over hands that end, and after a restore readied a
    call at a time (``Keeper.prepare``), each stored text is the one a fresh write makes."""
    from mus.web.play.saves import SaveMemo, encode_save
    from mus.web.play.session import Session
    from tools.dev.drive import step

    s = Session(MemoryStorage(), instant=True)
    s.set_setting("level", "facil")
    s.new_game(seed=3)
    checked = 0
    while s.game is not None and s.game.hands_played < 3:
        step(s)
        s.write()
        assert s.saved is not None and s.saved.reasons
        assert _without_time(_saved_text(s.storage)) == _without_time(encode_save(s.saved, SaveMemo()))
        checked += 1
    again = Session(MemoryStorage(dict(s.storage.data)), instant=True)  # type: ignore[attr-defined]
    again.restore()
    assert again.saved is not None
    steps = 0
    while not again.keeper.prepare(again.saved, 5):
        steps += 1
    assert steps > 2  # a call at a time
    for _ in range(40):
        step(again)
        again.write()
        assert _without_time(_saved_text(again.storage)) == _without_time(encode_save(again.saved, SaveMemo()))
    assert checked > 40 and again.game is not None and again.game.hands_played > 3
