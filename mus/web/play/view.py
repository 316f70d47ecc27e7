"""From the session to a plain view: every text, seat, button and panel to show. Pure.

The view only ever reads ``observation(0)`` (what the player may know: of the game now, or
of the state just before a hand ended, shown behind its count) and the finished hands in
``history``, so the other seats' cards cannot leak into the page. Nor does the deal seed.
A draw between two moves copies no finished hand (``last_hands=0``, ``hands_played``): the
table is drawn after every move, and a partida's thirtieth hand would copy thirty.
Buttons that send an engine action carry its notation as ``action``; the other buttons
carry ``action`` continuar / nueva / revancha or a ``ui`` command for the controller.
"""

from __future__ import annotations

from typing import Any

import mus
from mus.observation import HandResult, Observation

from ..kit.i18n import stones, t
from .calls import log_view
from .coaching import coach_view, partner_reasons
from .count import score_before_count, showdown_view
from .guide import help_view, menu_view
from .names import cast_line, seat_names
from .newgame import rules_summary, setup_view, speed_view, stats_view
from .plates import seats_view
from .senas import add_senas, senas_controls
from .session import HUMAN, Session
from .sounds import bets_said
from .turn import center_view, controls_view
from .voice import at_count, glossary


def build_view(session: Session) -> dict[str, Any]:
    lang = session.settings.lang
    game = session.game
    view: dict[str, Any] = {
        "lang": lang,
        "screen": session.screen,
        "phase": game.phase if game else None,
        "hand_number": game.hands_played + 1 if game else None,
        "title": t(lang, "title"),
        "table_label": t(lang, "table"),
        "controls_label": t(lang, "controls"),
        "seat_names": [t(lang, "seat", seat=seat) for seat in range(4)],
        "log_title": t(lang, "log.title"),
        "lang_button": {"ui": "lang", "value": "en" if lang == "es" else "es",
                        "label": t(lang, "act.lang"), "short": ("en" if lang == "es" else "es").upper(),
                        "lang": "en" if lang == "es" else "es", "aria": t(lang, "act.lang.label")},
        "menu_button": {"ui": "menu", "label": t(lang, "menu.title"), "short": "☰", "aria": t(lang, "menu.title"),
                        "name": t(lang, "menu.title")},
        "help_button": {"ui": "help", "label": t(lang, "act.help"), "short": t(lang, "act.help.short"),
                        "aria": t(lang, "act.help"), "name": t(lang, "act.help")},
        "previous_button": None,
        "manos_button": ({"ui": "manos", "label": t(lang, "replay.manos"), "short": "▤",
                          "aria": t(lang, "replay.manos.title"), "name": t(lang, "replay.manos.title")}
                         if game is not None and game.hands_played else None),
        "notices": _notices(session, lang),
        "welcome": _welcome(lang) if session.welcome else None,
        "instant": session.pause == 0,
        "speed": "instantanea" if session.pause == 0 else session.settings.speed,  # motion keeps to the pace
        "scores": None, "seats": None, "center": None, "controls": None, "log": None,
        "showdown": None, "fin": None, "setup": None, "help": None, "glossary": None, "menu": None,
        "confirm": None, "coach": None, "bets_said": None,
    }
    if session.screen == "setup" or game is None:
        view["setup"] = setup_view(session, lang)
    elif session.screen == "help":
        view["help"] = help_view(game.rules.target, lang)
    elif session.screen == "glossary":
        view["glossary"] = glossary(lang)
    elif session.screen == "menu":
        view["menu"] = menu_view(lang, previous=bool(game.hands_played) and not game.is_over
                                 and session.showdown_index() is None,
                                 manos=bool(game.hands_played), rules=rules_summary(session.saved.settings
                                                                              if session.saved else session.settings, lang),
                                 cast=cast_line(session, lang), stats=stats_view(session, lang),
                                 speed=speed_view(session, lang), sound=session.settings.sound)
    if game is None:
        return view
    index = session.showdown_index()
    review = session.review and index is None and bool(game.hands_played) and not game.is_over
    said = session.talk.of_hand(index if index is not None else game.hands_played)
    names = seat_names(session, lang)
    obs = game.observation(HUMAN, last_hands=0)  # the finished hands, when needed, one by one
    if index is not None:  # the finished hand stays on the table behind its count
        obs = finished_observation(session, index, counted=not session.hold_count)
        view["phase"] = game.phase if game.is_over else obs["phase"]
        view["hand_number"] = index + 1
    if session.muted:  # calls not yet spoken (declarations shown one after another)
        obs["log"] = obs["log"][: len(obs["log"]) - session.muted]   # obs is a fresh copy
        obs["to_play"], obs["legal_actions"] = None, []
    view["scores"] = _scores(obs, lang)
    view["bets_said"] = bets_said(obs)  # what the sounds follow (play.sounds)
    view["seats"] = seats_view(session, obs, lang, said)
    add_senas(view["seats"], obs, lang, names)
    view["center"] = center_view(obs, lang, names, finished=index is not None)
    view["controls"] = controls_view(session, obs, lang)
    if obs["phase"] == "senas" and view["controls"]["mine"]:
        view["controls"] = senas_controls(obs, lang)
    # which decision this is: when it changes, the turn has come and its main control takes the focus
    view["controls"]["turn"] = f"{obs['hand_number']}.{len(obs['log'])}" if view["controls"]["mine"] else None
    view["log"] = log_view(obs, lang, names, said)
    view["coach"] = coach_view(session, lang)
    on_table = session.screen == "table"
    if on_table and index is not None and not session.hold_count:
        view["showdown"] = showdown_view(game, index, lang, obs["rules"], view["log"]["lines"],
                                         names=names)
        view["showdown"]["talk"] = at_count(said, lang, names)
        view["showdown"]["reasons"] = partner_reasons(session, index, lang)
        view["showdown"]["replay_button"] = {"ui": "replay", "value": str(index), "label": t(lang, "replay.open")}
    elif on_table and review:
        last = game.hands_played - 1
        before, notation = session.hand_end(last)
        last_said = session.talk.of_hand(last)
        view["showdown"] = showdown_view(game, last, lang, obs["rules"],
                                         log_view(_ended(before, notation, game.hand_result(last)), lang, names, last_said)["lines"],
                                         review=True, names=names)
        view["showdown"]["talk"] = at_count(last_said, lang, names)
        view["showdown"]["reasons"] = partner_reasons(session, last, lang)
        view["showdown"]["replay_button"] = {"ui": "replay", "value": str(last), "label": t(lang, "replay.open")}
    elif on_table and game.is_over and index is None:
        from .ending import fin_view  # the end's modules are imported when a partida ends, not at a start

        view["fin"] = fin_view(session, lang)
    if on_table and index is None and game.hands_played and not game.is_over and not review:
        view["previous_button"] = {"ui": "previous", "label": t(lang, "act.previous"), "short": "↶",
                                   "aria": t(lang, "act.previous"), "name": t(lang, "act.previous")}
    if session.confirm == "nueva" and view["setup"]:
        view["confirm"] = {"text": t(lang, "confirm.nueva"),
                           "buttons": [{"action": "nueva", "label": t(lang, "act.confirm_nueva"), "kind": "danger"},
                                       {"ui": "cancel", "label": t(lang, "act.cancel"), "kind": "", "main": True}]}
    return view


def finished_observation(session: Session, index: int, counted: bool = True) -> Observation:
    """What the player saw when hand ``index`` ended: its last call, plates and score (not
    ``counted``: the score before the count, which brings its points)."""
    game = session.game
    assert game is not None
    before, notation = session.hand_end(index)
    return _ended(before, notation, game.hand_result(index), counted)


def _ended(before: mus.Game, notation: str, hand: HandResult, counted: bool = True) -> Observation:
    obs = before.observation(HUMAN, last_hands=0)   # a fresh copy: changed here into the end of the hand
    obs["log"].append({"seat": before.to_play if before.to_play is not None else -1,
                       "phase": before.phase, "action": notation})
    if notation not in ("quiero", "no quiero"):  # an answered bet stays on its plate
        obs["bet"] = None
    obs["to_play"], obs["legal_actions"] = None, []
    obs["score"], obs["lances"], obs["declared"] = hand["score"], hand["lances"], hand["declared"]
    if not counted:  # the last call still on the table: the stones move when the count opens
        obs["score"] = score_before_count(hand)
        return obs
    if hand["juego_winner"] is not None:  # the juego this hand won is on the score, as in the count
        obs["juegos"][hand["juego_winner"]] += 1
    return obs


# --- pieces of the table ---------------------------------------------------------------------


def _notices(session: Session, lang: str) -> list[dict[str, str]]:
    out = []
    close = t(lang, "notice.close")
    for notice in session.notices:
        kind = notice["kind"]
        if kind == "memory":
            out.append({"kind": kind, "text": t(lang, "notice.memory")})
        elif kind == "unsaved":  # stays until storage takes the partida again
            out.append({"kind": kind, "text": t(lang, "notice.unsaved", lost=_lost(session, lang))})
        elif kind in ("corrupt", "corrupt-other"):
            why = t(lang, f"why.{notice['why']}")
            out.append({"kind": kind, "text": t(lang, f"notice.{kind}", why=why, key=notice["key"]),
                        "dismiss": close})
        elif kind in ("kept-settings", "kept-stats"):
            out.append({"kind": kind, "text": t(lang, f"notice.{kind}", key=notice["key"]), "dismiss": close})
        elif kind == "bad-deal":
            out.append({"kind": kind, "text": t(lang, "notice.bad-deal", detail=notice["detail"]), "dismiss": close})
        elif kind in ("update", "elsewhere", "saved"):
            out.append({"kind": kind, "text": t(lang, f"notice.{kind}"), "dismiss": close})
    return out


def _welcome(lang: str) -> dict[str, Any]:
    """A first visit's ways in, in the top bar: the guide, the lessons, the new-game form."""
    return {"text": t(lang, "welcome"), "links": [
        {"ui": "help", "label": t(lang, "menu.help")},
        {"href": "lessons.html" + ("?lang=en" if lang == "en" else ""), "label": t(lang, "menu.lessons")},
        {"ui": "setup", "label": t(lang, "menu.new")}]}


def _lost(session: Session, lang: str) -> str:
    """What a reload would lose while storage refuses to write."""
    turns = session.unsaved_turns()
    if turns is None:
        return t(lang, "lost.partida")
    if turns == 0:
        return t(lang, "lost.changes")
    return t(lang, "lost.turn" if turns == 1 else "lost.turns", n=turns)


def _scores(obs: Observation, lang: str) -> list[dict[str, Any]]:
    rules = obs["rules"]
    return [{
        "team": team, "name": t(lang, "team", team=team), "short": t(lang, f"team.short.{team}"),
        # phones show the juegos won as filled pips out of those a vaca needs (5 at most)
        "juego_pips": "●" * min(5, obs["juegos"][team]) + "○" * max(0, min(5, rules["juegos_to_win"]) - obs["juegos"][team]),
        "tantos": obs["score"][team],
        "amarracos": obs["score"][team] // 5, "piedras": obs["score"][team] % 5,
        "stones": stones(lang, obs["score"][team]), "juegos": obs["juegos"][team],
        "vacas": obs["vacas"][team], "target": t(lang, "score.target", n=rules["target"]),
        "juegos_label": t(lang, "score.juegos"), "vacas_label": t(lang, "score.vacas"),
        "juegos_to_win": rules["juegos_to_win"],
    } for team in (0, 1)]
