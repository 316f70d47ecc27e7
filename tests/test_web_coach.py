"""The bots' reasons in the save, the partner's reasons at the count and the coach panel,
played through the session without a browser."""

from __future__ import annotations

import json
from typing import Any

import mus
from mus.ai import coach, explain
from mus.web.play.render import regions
from mus.web.play.saves import SAVE_KEY, SCHEMA, Saved, load_save, write_save
from mus.web.kit.storage import MemoryStorage
from mus.web.play.session import Session
from mus.web.play.settings import Settings
from mus.web.play.view import build_view


def _session(seeds: Any = None, **settings: str) -> Session:
    s = Session(MemoryStorage()) if seeds is None else Session(MemoryStorage(), seeds=seeds)
    for name, value in {"level": "normal", **settings}.items():
        s.set_setting(name, value)
    return s


def _play_to_count(s: Session) -> None:
    """Bots move, the player passes or takes the first legal action, until a count shows."""
    while s.showdown_index() is None:
        if s.bot_to_play() is not None:
            s.bot_move()
        else:
            legal = s.human_legal()
            s.play("paso" if "paso" in legal else "no quiero" if "no quiero" in legal else legal[0])


def test_every_bot_move_keeps_its_reason_aligned_with_the_actions() -> None:
    s = _session()
    s.new_game(seed=5)
    _play_to_count(s)
    saved = s.saved
    assert saved is not None
    actions = saved.game.actions
    seats_that_moved = set()
    for index, entry in saved.reasons.items():
        assert actions[index] == entry["reason"]["action"]
        assert entry["hand"] == 0 and entry["seat"] in (1, 2, 3)
        seats_that_moved.add(entry["seat"])
    assert seats_that_moved == {1, 2, 3}
    # The player's own moves have no reason.
    bot_moves = len(saved.reasons)
    assert 0 < bot_moves < len(actions)
    # They are in the save, and come back with it.
    data = json.loads(s.storage.get(SAVE_KEY) or "")
    assert data["schema"] == SCHEMA and len(data["reasons"]) == bot_moves
    again = Session(s.storage)
    again.restore()
    assert again.saved is not None and again.saved.reasons == saved.reasons


def test_saves_without_reasons_or_with_broken_ones_still_load() -> None:
    store = MemoryStorage()
    game = mus.Game.new(seed=2).apply("mus").apply("mus")
    write_save(store, Saved(game, settings=Settings()), "w")
    data = json.loads(store.get(SAVE_KEY) or "")
    del data["reasons"]   # a save written before reasons existed
    store.set(SAVE_KEY, json.dumps(data))
    saved, problem = load_save(store)
    assert problem is None and saved is not None and saved.reasons == {}
    good = {"seat": 1, "hand": 0, "reason": {"kind": "mus", "action": "mus"}}
    data["reasons"] = {"1": good, "9": good, "x": good, "0": {"seat": 0, "hand": 0, "reason": {}},
                       "2": "nonsense"}
    store.set(SAVE_KEY, json.dumps(data))
    saved, problem = load_save(store)
    assert problem is None and saved is not None
    assert saved.reasons == {1: good}          # past the game, not a bot seat or not a reason: left out
    assert saved.game.to_json() == game.to_json()


def test_partner_reasons_at_the_count_only_with_the_setting() -> None:
    s = _session()
    s.new_game(seed=5)
    _play_to_count(s)
    assert build_view(s)["showdown"]["reasons"] is None
    s.set_setting("reasons", "true")
    view = build_view(s)
    shown = view["showdown"]["reasons"]["lines"]
    partner = [explain(r, "es") for _, r in s.hand_reasons(0, (2,))]
    assert partner and shown == partner
    rivals = [explain(r, "es") for _, r in s.hand_reasons(0, (1, 3))]
    html = regions(view)["overlay"][0]
    assert 'data-reasons="2"' in html and all(line.replace("'", "&#x27;") in html or line in html for line in shown)
    assert not any(line in json.dumps(view, ensure_ascii=False) for line in rivals if line not in partner)
    s.set_setting("lang", "en")
    assert build_view(s)["showdown"]["reasons"]["lines"] == [explain(r, "en") for _, r in s.hand_reasons(0, (2,))]


def test_coach_panel_is_off_by_default_then_follows_the_table() -> None:
    s = _session()
    s.new_game(seed=8)
    assert build_view(s)["coach"] is None and not s.coach_due()
    s.set_setting("coach", "true")
    assert s.coach_due()
    view = build_view(s)
    assert view["coach"]["pending"] and "coach-working" in regions(view)["center"][0]
    s.update_coach()
    panel = build_view(s)["coach"]
    expected = coach(s.game.observation(0))
    assert not panel["pending"] and not s.coach_due()
    assert {line["lance"]: line["pct"] for line in panel["lances"]} == {
        lance: round(100 * p) for lance, p in expected["lances"].items()}
    assert 'data-coach="grande"' in regions(build_view(s))["center"][0]
    # A move makes the numbers stale until the next update.
    if s.bot_to_play() is not None:
        s.bot_move()
    else:
        s.play(s.human_legal()[0])
    assert s.coach_due() and build_view(s)["coach"]["pending"]


def test_coach_panel_leaves_out_a_lance_settled_before_the_player_speaks() -> None:
    """Deal 20 (señas off), the bots seeded 20 * 31 + seat: the partner cuts the mus and envida
    at grande, both rivals decline, and chica goes round to the player, whose first call it
    is: the panel starts at chica (tests/test_ui_coach.py waits for whichever lances are open)."""
    seeds = iter([1] + [20 * 31 + seat for seat in (1, 2, 3)])   # this window's name, then the bots
    s = _session(seeds=lambda: next(seeds), coach="true", senas="false")
    s.new_game(seed=20)
    while s.bot_to_play() is not None:
        s.bot_move()
    s.update_coach()
    assert s.game.observation(0)["phase"] == "chica"
    lances = [line["lance"] for line in build_view(s)["coach"]["lances"]]
    assert lances == list(coach(s.game.observation(0))["lances"])
    assert lances[0] == "chica" and "grande" not in lances
    center = regions(build_view(s))["center"][0]
    assert 'data-coach="chica"' in center and 'data-coach="grande"' not in center


def test_setup_offers_the_coach_and_reasons_settings() -> None:
    s = _session()
    html = regions(build_view(s))["overlay"][0]
    assert 'data-setting="coach"' in html and 'data-setting="reasons"' in html
    s.set_setting("coach", "true")
    assert s.settings.coach and 'id="set-coach" data-setting="coach" checked' in regions(build_view(s))["overlay"][0]
    s.new_game(seed=1)
    s.rematch(seed=2)   # today's preferences stay with a rematch
    assert s.settings.coach
