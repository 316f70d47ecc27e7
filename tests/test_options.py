"""Every table option reaches every place through the one options table (``mus.rules.OPTIONS``).

For each option, a value other than its default must come back from the rules' text form and
JSON, a saved game, a hand record and its link code, a deal link, a lesson, the player's stored
settings (when the new-game screen offers it), the new-game screen and the rules summary. An
option added to the table is covered here with no change to this file.
"""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

import mus
from mus.rules import BOOL, CHANCE, OPTIONS, Option
from mus.web.kit.links import deal_query
from mus.web.kit.storage import MemoryStorage
from mus.web.lessons.lesson import Lesson, LessonError
from mus.web.play.deal_link import parse_deal, play_deal
from mus.web.play.newgame import rules_summary
from mus.web.play.render import setup
from mus.web.play.settings import load_settings, write_settings
from mus.web.play.session import Session
from mus.web.play.settings import Settings
from mus.web.play.view import build_view

HANDS = ["RRC6", "7654", "CCSA", "3322"]


def other_value(option: Option) -> Any:
    """A valid value of ``option`` that is not its default (one the screen offers, if any)."""
    if option.kind == BOOL:
        return not option.default
    if option.kind == CHANCE:
        return 0.5
    candidates = [v for v in option.offered or option.choices or (option.low, option.high) if v != option.default]
    return candidates[0]


def rules_with(option: Option) -> mus.Rules:
    rules = mus.Rules(**{option.name: other_value(option)})
    if option.needs:   # e.g. the catch of señas needs señas
        rules = rules.replace(**{option.needs: True})
    return rules


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: o.name)
def test_an_option_survives_text_json_saves_records_and_links(option: Option) -> None:
    rules = rules_with(option)
    value = getattr(rules, option.name)
    assert mus.Rules.parse(str(rules)) == rules and mus.Rules.from_dict(rules.to_dict()) == rules
    assert f"{option.name}={option.text(value)}" in str(rules)
    game = mus.Game.from_deal(HANDS, seed=1, rules=rules).apply("no hay mus")
    while not game.history:
        game = game.apply("paso" if "paso" in [str(a) for a in game.legal_actions()] else game.legal_actions()[0])
    assert getattr(mus.Game.from_json(game.to_json()).rules, option.name) == value
    record = mus.record(game, 0)
    assert getattr(mus.HandRecord.decode(mus.encode_record(record)).rules, option.name) == value
    request = parse_deal(deal_query(HANDS, 0, (0, 0), rules))
    assert request is not None and getattr(request.game(mus.Rules()).rules, option.name) == value


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: o.name)
def test_a_lesson_may_set_an_option(option: Option) -> None:
    value = getattr(rules_with(option), option.name)
    data = json.loads(open("static/lessons/grande.json", encoding="utf-8").read())
    data["rules"] = rules_with(option).to_dict()
    try:
        assert getattr(Lesson.from_dict(data).rules, option.name) == value
    except LessonError as error:   # the rules were taken; this lesson's script then disagrees
        assert ".rules" not in str(error) and "steps[" in str(error)
    data["rules"] = {option.name: "x"}
    with pytest.raises(LessonError, match=f"rules: expected {option.name}"):
        Lesson.from_dict(data)


@pytest.mark.parametrize("option", [o for o in OPTIONS if o.offered], ids=lambda o: o.name)
def test_an_offered_option_is_on_the_new_game_screen_and_remembered(option: Option) -> None:
    value = other_value(option)
    store = MemoryStorage()
    session = Session(store)
    session.set_setting(option.name, option.text(value))
    assert getattr(load_settings(store)[0].rules(), option.name) == value
    html = setup(build_view(session)["setup"])
    assert re.search(f'data-setting="{option.name}"', html), option.name
    assert option.title["es"] in html
    session.new_game(seed=2)
    assert session.game is not None and getattr(session.game.rules, option.name) == value
    write_settings(store, Settings())
    session = Session(MemoryStorage())
    play_deal(session, parse_deal(deal_query(HANDS, 1, (3, 4), rules_with(option))), seed=3)  # type: ignore[arg-type]
    assert getattr(session.settings.rules(), option.name) == value   # a deal link sets the choice


@pytest.mark.parametrize("option", OPTIONS, ids=lambda o: o.name)
def test_the_rules_summary_says_every_option(option: Option) -> None:
    rules = rules_with(option)
    for lang in ("es", "en"):
        said = option.says(getattr(rules, option.name), lang)
        assert said and said in rules.summary(lang)
        if option.offered:
            assert said in rules_summary(Settings(table=rules), lang)
