"""What the table does with untrusted storage, a storage that refuses writes, two windows at
once and secret deals: played through the session, without a browser."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import mus
from mus.rng import Random
from mus.web.kit.storage import MemoryStorage, SafeStorage
from mus.web.play.saves import SAVE_KEY, Saved, decode_save, encode_save
from mus.web.play.session import FOLLOWED, Session
from mus.web.play.settings import SETTINGS_KEY, Settings
from mus.web.play.stats import STATS_KEY
from mus.web.play.view import build_view

DEEP = "[" * 100_000 + "]" * 100_000


class Full(MemoryStorage):
    """A storage that reads but refuses writes while ``full``, like a full quota."""

    __slots__ = ("full",)

    def __init__(self, data: dict[str, str] | None = None) -> None:
        super().__init__(data)
        self.full = False

    def set(self, key: str, value: str) -> bool:
        if self.full:
            raise RuntimeError("QuotaExceededError")
        return super().set(key, value)


def aside(store: MemoryStorage, key: str) -> list[str]:
    """The texts kept aside from ``key``."""
    return [store.data[k] for k in sorted(store.data) if k.startswith(key + ".corrupt.")]


def notice_texts(s: Session) -> dict[str, str]:
    return {n["kind"]: n["text"] for n in build_view(s)["notices"]}


def to_human(s: Session, or_end: bool = False) -> None:
    """Let the bots play (and counts be read) until the player has a decision, or with
    ``or_end`` until the partida ends, whichever comes first."""
    while not s.human_legal() and not (or_end and s.game.is_over):
        if s.bot_move() is None:
            assert s.ack(), "nothing to do and nobody to play"


def stored_actions(store: MemoryStorage) -> list[str]:
    return list(json.loads(store.data[SAVE_KEY])["game"]["actions"])


def a_save(moves: int = 6, **saved: Any) -> str:
    s = Session(MemoryStorage(), instant=True)
    s.new_game()
    for _ in range(moves):
        to_human(s)
        s.play(s.human_legal()[0])
    assert s.saved is not None
    for name, value in saved.items():
        setattr(s.saved, name, value)
    return encode_save(s.saved)


# --- 1. any stored value ----------------------------------------------------------------------

def _with(text: str, path: tuple[str, ...], value: Any) -> str:
    data = json.loads(text)
    node = data
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    return json.dumps(data)


BAD_SAVES = {
    "deep": lambda good: DEEP,
    "nan": lambda good: re.sub('"acked":[0-9]+', '"acked":NaN', good),
    "bool for a count": lambda good: _with(good, ("counted",), True),
    "float seed": lambda good: _with(good, ("game", "seed"), 1.0),
    "other digits": lambda good: _with(good, ("game", "actions"), ["envido ٣"]),
    "huge target": lambda good: _with(good, ("game", "rules", "target"), 10**9),
    "long text": lambda good: '"' + "x" * 5_000_000 + '"',
    "a list": lambda good: "[1, 2]",
}


@pytest.mark.parametrize("make", BAD_SAVES.values(), ids=list(BAD_SAVES))
def test_a_bad_save_is_kept_aside_and_told_and_the_page_starts(make: Any) -> None:
    bad = make(a_save())
    store = MemoryStorage({SAVE_KEY: bad})
    s = Session(store)
    s.restore()
    assert s.game is None and s.screen == "setup"
    assert aside(store, SAVE_KEY) == [bad] and SAVE_KEY not in store.data
    (notice,) = [n for n in s.notices if n["kind"] == "corrupt"]
    assert notice["detail"] and "expected" in notice["detail"]
    assert notice["key"] in notice_texts(s)["corrupt"]
    s.new_game()
    assert decode_save(store.data[SAVE_KEY]).game.actions == s.game.actions  # type: ignore[union-attr]


@pytest.mark.parametrize("key, text, field", [
    (SETTINGS_KEY, DEEP, "at most 10000 characters"), (SETTINGS_KEY, "[" * 50 + "]" * 50, "nested at most 32"),
    (SETTINGS_KEY, '{"target": NaN}', "target"),
    (SETTINGS_KEY, '{"coach": 1}', "coach"), (SETTINGS_KEY, '{"level": "' + "x" * 20_000 + '"}', "10000 characters"),
    (STATS_KEY, DEEP, "at most 10000 characters"), (STATS_KEY, '{"a": ' * 40 + "1" + "}" * 40, "nested at most 32"),
    (STATS_KEY, '{"manos": [NaN, 1]}', "manos"),
    (STATS_KEY, '{"partidas": [true, 1]}', "partidas"), (STATS_KEY, '{"lances": {"chica": ["١", 2]}}', "chica"),
], ids=["settings-deep", "settings-nested", "settings-nan", "settings-bool", "settings-long", "stats-deep",
        "stats-nested", "stats-nan", "stats-bool", "stats-digits"])
def test_bad_settings_or_statistics_are_kept_aside_told_and_what_can_be_read_is_kept(
        key: str, text: str, field: str) -> None:
    store = MemoryStorage({key: text, SETTINGS_KEY if key == STATS_KEY else STATS_KEY: "{}"})
    s = Session(store)
    s.restore()
    kind = "kept-" + key.partition(".")[2]
    (notice,) = [n for n in s.notices if n["kind"] == kind]
    assert field in notice["detail"]
    assert aside(store, key) == [text] and notice["key"] in notice_texts(s)[kind]
    assert s.settings == Settings() and s.stats["manos"] == [0, 0]
    again = Session(store)  # what was written back reads cleanly
    assert not again.notices


def test_readable_settings_survive_beside_a_bad_one() -> None:
    store = MemoryStorage({SETTINGS_KEY: '{"lang": "en", "level": "dificil", "speed": 0.5}'})
    s = Session(store)
    assert (s.settings.lang, s.settings.level, s.settings.speed) == ("en", "dificil", "normal")
    assert aside(store, SETTINGS_KEY) and json.loads(store.data[SETTINGS_KEY])["lang"] == "en"


def test_a_reason_missing_a_key_is_dropped_and_the_count_still_shows() -> None:
    s = Session(MemoryStorage(), instant=True)
    s.set_setting("reasons", "true")
    s.new_game()
    while s.showdown_index() is None:  # to the first count, where the partner's reasons show
        if s.bot_move() is None:
            s.play(s.human_legal()[0])
    assert s.saved is not None
    partner = [i for i, e in s.saved.reasons.items() if e["seat"] == 2]
    assert partner
    for index in partner:
        del s.saved.reasons[index]["reason"]["action"]
        s.saved.reasons[index]["reason"].pop("lance", None)
        s.saved.reasons[index]["reason"]["kind"] = "bet"
    store = MemoryStorage({SAVE_KEY: encode_save(s.saved)})
    again = Session(store)
    again.restore()
    assert again.saved is not None and again.showdown_index() == 0
    assert not any(e["seat"] == 2 for e in again.saved.reasons.values())
    assert build_view(again)["showdown"] is not None


def test_another_windows_corrupt_save_never_drops_this_windows_partida() -> None:
    store = MemoryStorage()
    s = Session(store)
    s.new_game()
    to_human(s)
    mine = s.game.actions  # type: ignore[union-attr]
    store.set(SAVE_KEY, "{oops")  # another window
    assert s.storage_changed(SAVE_KEY)
    assert s.game is not None and s.game.actions == mine
    assert stored_actions(store) == mine and aside(store, SAVE_KEY) == ["{oops"]
    assert "{oops" not in notice_texts(s)["corrupt-other"] and "corrupt-other" in notice_texts(s)


def test_a_bad_save_that_cannot_be_kept_aside_is_never_written_over() -> None:
    backend = Full({SAVE_KEY: "{oops"})
    backend.full = True
    s = Session(SafeStorage(backend))
    s.restore()
    assert s.notices[0]["key"] == SAVE_KEY  # it stays where it is, and the player is told where
    s.new_game()
    assert backend.data == {SAVE_KEY: "{oops"} and "unsaved" in notice_texts(s)
    backend.full = False
    assert s.flush()
    assert aside(backend, SAVE_KEY) == ["{oops"] and stored_actions(backend) == s.game.actions  # type: ignore[union-attr]
    assert "saved" in notice_texts(s) and "unsaved" not in notice_texts(s)


# --- 2. writes that fail ----------------------------------------------------------------------

def test_a_full_storage_is_told_at_once_with_what_a_reload_loses_then_written_back() -> None:
    backend = Full()
    s = Session(SafeStorage(backend), instant=True)
    s.new_game()
    to_human(s)
    before = stored_actions(backend)
    backend.full = True
    for _ in range(3):
        s.play(s.human_legal()[0])
        to_human(s)
    assert stored_actions(backend) == before  # nothing reached storage...
    turns = s.unsaved_turns()
    assert turns is not None and turns >= 3
    text = notice_texts(s)["unsaved"]  # ...and the player knows, with what a reload would lose
    assert "lleno" in text and f"hace {turns} turnos" in text
    assert not s.flush()  # still full
    backend.full = False
    assert s.flush()
    assert stored_actions(backend) == s.game.actions  # type: ignore[union-attr]
    assert "saved" in notice_texts(s) and s.unsaved_turns() == 0
    again = Session(backend)
    again.restore()
    assert again.game is not None and again.game.actions == s.game.actions  # type: ignore[union-attr]


def test_a_new_partida_that_cannot_be_stored_says_the_whole_partida_is_at_stake() -> None:
    backend = Full()
    backend.full = True
    s = Session(SafeStorage(backend))
    s.new_game()
    assert s.unsaved_turns() is None and "perderás esta partida" in notice_texts(s)["unsaved"]
    s.set_setting("lang", "en")
    assert "this match will be lost" in notice_texts(s)["unsaved"]


# --- 3. two windows ---------------------------------------------------------------------------

class Shared:
    """One storage seen by several windows through caches that hear of each other's writes
    late, as browsers propagate ``localStorage`` between tabs: each write reaches the others
    (and their ``storage`` event) only at ``deliver``."""

    def __init__(self) -> None:
        self.caches: list[MemoryStorage] = []
        self.sessions: list[Session] = []
        self.pending: list[tuple[int, str, str]] = []
        self.heard: list[list[str]] = []  # what each window's storage event said

    def window(self) -> Session:
        index = len(self.caches)
        cache = MemoryStorage(dict(self.caches[0].data) if self.caches else {})
        shared = self

        class Cache(MemoryStorage):
            def get(self, key: str) -> str | None:
                return cache.get(key)

            def set(self, key: str, value: str) -> bool:
                cache.set(key, value)
                shared.pending.append((index, key, value))
                return True

            def remove(self, key: str) -> None:
                cache.remove(key)

            def keys(self) -> list[str]:
                return cache.keys()

        self.caches.append(cache)
        self.heard.append([])
        session = Session(Cache(), instant=True)
        self.sessions.append(session)
        session.restore()
        return session

    def deliver(self) -> None:
        while self.pending:
            writer, key, value = self.pending.pop(0)
            for index, cache in enumerate(self.caches):
                if index != writer:
                    cache.set(key, value)
                    self.heard[index].append(self.sessions[index].storage_changed(key))


def test_two_windows_answering_one_decision_at_once_never_fork() -> None:
    shared = Shared()
    a = shared.window()
    a.new_game()
    shared.deliver()
    b = shared.window()
    rng = Random(5)
    races = 0
    while races < 12:
        to_human(a, or_end=True)
        if a.game.is_over:  # the bots' órdagos ended it (the deal is secret): race on in a new one
            a.new_game()
            shared.deliver()
            continue
        races += 1
        shared.deliver()
        assert b.game is not None and a.game is not None and b.game.actions == a.game.actions
        legal = [action for action in a.human_legal() if action != "ordago"]  # the partida goes on
        mine, theirs = legal[0], legal[-1]
        before = list(a.game.actions)
        a.dismiss("elsewhere")
        b.dismiss("elsewhere")
        for heard in shared.heard:
            heard.clear()
        a.play(mine)  # both windows answer before either hears of the other
        b.play(theirs)
        shared.deliver()
        shared.deliver()
        assert a.game.actions == b.game.actions, "the two windows kept different partidas"
        assert [c.data[SAVE_KEY] for c in shared.caches][0] == shared.caches[1].data[SAVE_KEY]
        assert stored_actions(shared.caches[0]) == a.game.actions
        assert a.game.actions[: len(before)] == before and a.game.actions[len(before)] in (mine, theirs)
        if mine != theirs:  # the loser follows the winner, and says so
            winner, loser = (a, b) if a.game.actions[len(before)] == mine else (b, a)
            assert [n["kind"] for n in loser.notices] == ["elsewhere"] and winner.notices == []
            # the winner's bots go on: only the loser's wait for its player
            assert FOLLOWED not in shared.heard[shared.sessions.index(winner)]
            assert FOLLOWED in shared.heard[shared.sessions.index(loser)]
        if rng.random() < 0.5:
            a, b = b, a


def test_alternating_windows_lose_nothing() -> None:
    shared = Shared()
    a = shared.window()
    a.new_game()
    shared.deliver()
    b = shared.window()
    played: list[str] = []
    for turn in range(10):
        window = (a, b)[turn % 2]
        to_human(window)
        shared.deliver()
        action = window.human_legal()[0]
        window.play(action)
        played.append(action)
        shared.deliver()
    assert a.game is not None and b.game is not None and a.game.actions == b.game.actions
    assert stored_actions(shared.caches[0]) == a.game.actions


def test_a_new_partida_started_in_another_window_is_followed() -> None:
    shared = Shared()
    a = shared.window()
    a.new_game()
    to_human(a)
    shared.deliver()
    b = shared.window()
    b.new_game()
    shared.deliver()
    assert a.game is not None and b.game is not None
    assert a.game.to_json() == b.game.to_json() and not a.game.actions[:1] == ["baraja"]


# --- 5. secret deals --------------------------------------------------------------------------

def test_the_stored_save_of_a_hand_in_progress_does_not_determine_the_next_hand() -> None:
    s = Session(MemoryStorage(), instant=True)
    s.new_game()
    to_human(s)
    assert s.saved is not None
    if not s.saved.reasons:  # the player is mano: let the bots speak too
        s.play(s.human_legal()[0])
        to_human(s)
    assert s.game is not None and not s.game.history
    mid_hand = s.storage.get(SAVE_KEY)
    assert mid_hand is not None
    data = json.loads(mid_hand)
    assert data["game"]["start"] == {"reseed": True}
    assert s.saved is not None and s.saved.reasons and data["reasons"] == {}  # the hand's reasons stay out
    calls: list[str] = []
    next_hands = set()
    for attempt in range(3):  # the same save, played to the end of the hand with the same calls
        again = Session(MemoryStorage({SAVE_KEY: mid_hand}), instant=True)
        again.restore()
        assert again.game is not None
        if attempt == 0:
            while not again.game.history:
                choice = again.bot_move()
                calls.append(choice[1] if choice else again.human_legal()[0])
                if choice is None:
                    again.play(calls[-1])
        else:
            for call in calls:
                if again.human_legal():
                    assert again.play(call)
                else:
                    seat = again.bot_to_play()
                    assert seat is not None and again.bot_choice() is not None and again.bot_play(seat, call)
        assert len(again.game.history) == 1 and again.game.phase != "reparto"
        next_hands.add(tuple(tuple(again.game.hand(seat)) for seat in range(4)))
    assert len(next_hands) == 3


def test_the_table_between_hands_looks_as_before_and_the_next_deal_is_a_chance_action() -> None:
    s = Session(MemoryStorage(), instant=True)
    s.new_game()
    while s.showdown_index() is None:
        if s.bot_move() is None:
            s.play(s.human_legal()[0])
    assert s.game is not None and s.game.phase == "mus" and len(s.game.history) == 1
    view = build_view(s)
    assert view["showdown"] is not None and view["phase"] != "reparto"
    assert s.game.actions[-1].startswith("baraja ")
    s.ack()
    assert build_view(s)["showdown"] is None and s.game.hand(0)


def test_the_bots_are_seeded_apart_from_the_deal() -> None:
    made: list[int] = []

    def factory(level: str, seed: int, style: str | None) -> Any:
        made.append(seed)
        return mus.ai.make_bot(level, seed, style)

    s = Session(MemoryStorage(), bot_factory=factory)
    s.new_game()
    assert s.game is not None
    game_seed = s.game.seed
    first = [s.bots[seat].seed for seat in (1, 2, 3)]
    again = Session(s.storage, bot_factory=factory)
    again.restore()  # the same save: the bots get other seeds, so none comes from it
    assert len(set(first)) == 3 and set(first).isdisjoint(again.bots[seat].seed for seat in (1, 2, 3))
    for seat, seed in zip((1, 2, 3), first):
        assert seed not in (game_seed, (game_seed * 31 + seat) & 0x7FFFFFFF)
    while len(made) < 3:  # the bots that decide are made from those seeds, once each
        if s.bot_move() is None:
            s.play(s.human_legal()[0])
    assert sorted(made) == sorted(first)


def test_an_old_save_without_reseed_loads_and_plays_on() -> None:
    game = mus.Game.new(mus.Rules(senas=True), seed=8)
    store = MemoryStorage({SAVE_KEY: encode_save(Saved(game, settings=Settings()))})
    s = Session(store, instant=True)
    s.restore()
    while len(s.game.history) < 2:  # type: ignore[union-attr]
        if s.bot_move() is None:
            if not s.ack():
                s.play(s.human_legal()[0])
    assert not any(a.startswith("baraja") for a in s.game.actions)  # type: ignore[union-attr]
    assert decode_save(store.data[SAVE_KEY]).game.to_json() == s.game.to_json()  # type: ignore[union-attr]
