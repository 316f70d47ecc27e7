"""From the session to a plain view: every text, seat, button and panel to show. Pure.

The view only ever reads ``observation(0)`` (what the player may know: of the game now, or
of the state just before a hand ended, shown behind its count) and the finished hands in
``history``, so the other seats' cards cannot leak into the page. Nor does the deal seed.
Buttons that send an engine action carry its notation as ``action``; the other buttons
carry ``action`` continuar / nueva / revancha or a ``ui`` command for the controller.
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence, TypeAlias

import mus
from mus.observation import HandResult, Observation
from mus.rules import BOOL

from ..kit.i18n import (
    LANCES, action_label, card_name, envido_amount, lance_name, lowered, reason_text, sena_text, speech,
    spoken_ledger, join_words, stones, t,
)
from ..kit.table import POSITIONS
from .coaching import coach_view, partner_reasons, toggles
from .guide import help_view, menu_view
from .session import DECLARATIONS, HUMAN, Session, is_declaration
from .settings import CHOICES, TABLE, Settings
from .talk import PARTNER, Said
from .voice import advised, at_count, glossary, log_with_talk, spoken

QUICK_AMOUNTS = (2, 5, 10)


def build_view(session: Session) -> dict[str, Any]:
    lang = session.settings.lang
    game = session.game
    view: dict[str, Any] = {
        "lang": lang,
        "screen": session.screen,
        "phase": game.phase if game else None,
        "hand_number": len(game.history) + 1 if game else None,
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
                         if game is not None and game.history else None),
        "notices": _notices(session, lang),
        "instant": session.pause == 0,
        "scores": None, "seats": None, "center": None, "controls": None, "log": None,
        "showdown": None, "fin": None, "setup": None, "help": None, "glossary": None, "menu": None,
        "confirm": None, "coach": None,
    }
    if session.screen == "setup" or game is None:
        view["setup"] = _setup(session, lang)
    elif session.screen == "help":
        view["help"] = help_view(game.rules.target, lang)
    elif session.screen == "glossary":
        view["glossary"] = glossary(lang)
    elif session.screen == "menu":
        view["menu"] = menu_view(lang, previous=bool(game.history) and not game.is_over
                                 and session.showdown_index() is None,
                                 manos=bool(game.history), rules=rules_summary(session.saved.settings
                                                                              if session.saved else session.settings, lang),
                                 cast=cast_line(session, lang), stats=_stats(session, lang))
    if game is None:
        return view
    index = session.showdown_index()
    review = session.review and index is None and bool(game.history) and not game.is_over
    said = session.talk.of_hand(index if index is not None else len(game.history))
    names = seat_names(session, lang)
    obs = game.observation(HUMAN)
    if index is not None:  # the finished hand stays on the table behind its count
        obs = finished_observation(session, index)
        view["phase"] = game.phase if game.is_over else obs["phase"]
        view["hand_number"] = index + 1
    if session.muted:  # calls not yet spoken (declarations shown one after another)
        obs["log"] = obs["log"][: len(obs["log"]) - session.muted]   # obs is a fresh copy
        obs["to_play"], obs["legal_actions"] = None, []
    view["scores"] = _scores(obs, lang)
    view["seats"] = _seats(session, obs, lang, said)
    _add_senas(view["seats"], obs, lang, names)
    view["center"] = _center(obs, lang, names, finished=index is not None)
    view["controls"] = _controls(session, obs, lang)
    if obs["phase"] == "senas" and view["controls"]["mine"]:
        view["controls"] = _senas_controls(obs, lang)
    view["log"] = _log(obs, lang, names, said)
    view["coach"] = coach_view(session, lang)
    on_table = session.screen == "table"
    if on_table and index is not None and not session.hold_count:
        view["showdown"] = showdown_view(game.history, index, game.is_over, lang, obs["rules"], view["log"]["lines"],
                                         names=names)
        view["showdown"]["talk"] = at_count(said, lang, names)
        view["showdown"]["reasons"] = partner_reasons(session, index, lang)
        view["showdown"]["replay_button"] = {"ui": "replay", "value": str(index), "label": t(lang, "replay.open")}
    elif on_table and review:
        last = len(game.history) - 1
        before, notation = session.hand_end(last)
        last_said = session.talk.of_hand(last)
        view["showdown"] = showdown_view(game.history, last, False, lang, obs["rules"],
                                         _log(_ended(before, notation, game.history[last]), lang, names, last_said)["lines"],
                                         review=True, names=names)
        view["showdown"]["talk"] = at_count(last_said, lang, names)
        view["showdown"]["reasons"] = partner_reasons(session, last, lang)
        view["showdown"]["replay_button"] = {"ui": "replay", "value": str(last), "label": t(lang, "replay.open")}
    elif on_table and game.is_over and index is None:
        view["fin"] = _fin(session, lang)
    if on_table and index is None and game.history and not game.is_over and not review:
        view["previous_button"] = {"ui": "previous", "label": t(lang, "act.previous"), "short": "↶",
                                   "aria": t(lang, "act.previous"), "name": t(lang, "act.previous")}
    if session.confirm == "nueva" and view["setup"]:
        view["confirm"] = {"text": t(lang, "confirm.nueva"),
                           "buttons": [{"action": "nueva", "label": t(lang, "act.confirm_nueva"), "kind": "danger"},
                                       {"ui": "cancel", "label": t(lang, "act.cancel"), "kind": ""}]}
    return view


def _with(base: Mapping[str, Any], *changes: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``base`` with the keys of each of ``changes`` set, in turn."""
    out = dict(base)
    for change in changes:
        out.update(change)
    return out


def finished_observation(session: Session, index: int) -> Observation:
    """What the player saw when hand ``index`` ended: its last call, plates and score."""
    game = session.game
    assert game is not None
    before, notation = session.hand_end(index)
    return _ended(before, notation, game.history[index])


def _ended(before: mus.Game, notation: str, hand: HandResult) -> Observation:
    obs = before.observation(HUMAN)   # a fresh copy: changed here into the end of the hand
    obs["log"].append({"seat": before.to_play if before.to_play is not None else -1,
                       "phase": before.phase, "action": notation})
    if notation not in ("quiero", "no quiero"):  # an answered bet stays on its plate
        obs["bet"] = None
    obs["to_play"], obs["legal_actions"] = None, []
    obs["score"], obs["lances"], obs["declared"] = hand["score"], hand["lances"], hand["declared"]
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
        elif kind in ("update", "elsewhere", "unloaded", "saved"):
            out.append({"kind": kind, "text": t(lang, f"notice.{kind}"), "dismiss": close})
    return out


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


# What a seat said at an event of the hand: (seat or None for the table, phase, the words as
# said aloud, what only the log adds — the player's own discarded cards —, the event's index).
Speech: TypeAlias = "tuple[int | None, str, str, str, int]"


def _speeches(obs: Observation, lang: str) -> list[Speech]:
    """What was said at each public event of this hand, in order."""
    out: list[Speech] = []
    betting: set[str] = set()
    for index, event in enumerate(obs["log"]):
        seat, phase, action = event["seat"], event["phase"], event["action"]
        if action == "servido":
            out.append((None, phase, t(lang, "log.servido"), "", index))
            continue
        if phase == "senas":
            words, shown = _sena_words(obs, event, lang)
            out.append((seat, phase, words, shown, index))
            continue
        raise_ = phase in betting
        if envido_amount(action) is not None or action == "ordago":
            betting.add(phase)
        words = speech(lang, action, raise_=raise_ and envido_amount(action) is not None,
                       count=event.get("count", 0))
        detail = ""
        if event.get("cards"):  # the player's own discards: which cards went
            detail = join_words(lang, [card_name(lang, card, running=True) for card in event["cards"]])
        out.append((seat, phase, words, detail, index))
    return out


def _bubbles(obs: Observation, lang: str) -> dict[int, tuple[str, int]]:
    """Each seat's last words in the phase being played (or the very last words said), with
    the index of their event."""
    said = _speeches(obs, lang)
    segment: list[Speech] = []
    for item in reversed(said):
        if item[0] is None or item[1] != obs["phase"]:
            break
        segment.insert(0, item)
    if not segment and said and said[-1][0] is not None:
        segment = [said[-1]]
    # señas are made, not said: the bubble only marks them (the faces on the seat show which)
    return {seat: (t(lang, "bubble.señas") if phase == "senas" and words != t(lang, "say.sin señas") else words, index)
            for seat, phase, words, _, index in segment if seat is not None}


def _discard_counts(obs: Observation) -> list[list[int]]:
    """How many cards each seat threw, round after round ("3 · 1"), the last
    ``DISCARDS_SHOWN`` rounds: a hand of mus rounds without end would fill the table."""
    counts: list[list[int]] = [[], [], [], []]
    for event in obs["log"]:
        if event["phase"] == "descarte" and event["seat"] in range(4):
            counts[event["seat"]].append(event.get("count", 0))
    return [seat[-DISCARDS_SHOWN:] for seat in counts]


DISCARDS_SHOWN = 4


def _declarations(obs: Observation) -> list[list[tuple[str, bool]]]:
    """Each seat's pares / juego declarations as said so far, in that order: (lance, has)."""
    said: list[dict[str, bool]] = [{}, {}, {}, {}]
    for event in obs["log"]:
        lance, _, answer = event["action"].partition(" ")
        if is_declaration(event["action"]) and answer in ("sí", "no"):
            said[event["seat"]][lance] = answer == "sí"
    return [[(lance, seat[lance]) for lance in DECLARATIONS if lance in seat] for seat in said]


def _stakes(obs: Observation) -> tuple[int, int, int] | None:
    """(raise, total if accepted, what a refusal gives the bettor) of the bet on the table."""
    bet = obs["bet"]
    if not bet or not bet["answering"]:
        return None
    return bet["pending"], bet["table"] + bet["pending"], bet["table"] or 1


def hand_name(lang: str, cards: list[str], rules: dict[str, Any]) -> str:
    """A hand as players name it: 'medias de reyes · punto 27', 'duples de reyes y ases · la 31'."""
    eight = rules.get("reyes", 8) == 8
    ranks = [{"3": "R", "2": "A"}.get(c[0], c[0]) if eight else c[0] for c in cards]
    order = "RCS765432A"
    groups = sorted(((ranks.count(r), r) for r in set(ranks) if ranks.count(r) >= 2),
                    key=lambda g: (-g[0], order.index(g[1])))
    parts = []
    if len(groups) == 2:
        first, second = sorted((g[1] for g in groups), key=order.index)
        parts.append(t(lang, "hand.duples", a=t(lang, f"rank.{first}"), b=t(lang, f"rank.{second}")))
    elif groups and groups[0][0] == 4:
        parts.append(t(lang, "hand.duples_same", a=t(lang, f"rank.{groups[0][1]}")))
    elif groups:
        kind = "hand.medias" if groups[0][0] == 3 else "hand.pareja"
        parts.append(t(lang, kind, rank=t(lang, f"rank.{groups[0][1]}")))
    rule = mus.Rules(reyes=rules.get("reyes", 8), real_31=rules.get("real_31", False))
    total = mus.points("".join(cards), rule)
    if total == 31:
        parts.append(t(lang, "hand.31"))
    elif total > 31:
        parts.append(t(lang, "hand.juego", n=total))
    else:
        parts.append(t(lang, "hand.punto", n=total))
    if not groups and total < 29:
        parts.insert(0, t(lang, "hand.ciego"))
    return t(lang, "hand.sep").join(parts)


def _seats(session: Session, obs: Observation, lang: str, said: Sequence[Said] = ()) -> list[dict[str, Any]]:
    bubbles = _bubbles(obs, lang)
    advice = advised(said, len(obs["log"]), lang) if obs["to_play"] == HUMAN else None
    postre = (obs["mano"] + 3) % 4
    selectable = obs["to_play"] == HUMAN and obs["phase"] == "descarte" and bool(session.human_legal())
    discards = _discard_counts(obs)
    declared = _declarations(obs)
    bet = obs["bet"]
    seats = []
    for seat in range(4):
        badges = []
        if bet and bet.get("bettor") == seat and bet["answering"]:
            badges.append({"kind": "bet", "text": t(lang, "plate.ordago") if bet["ordago"] else
                           t(lang, "plate.bet", n=bet["table"] + bet["pending"])})
        words, at = bubbles.get(seat, (None, -1))
        talk = advice if seat == PARTNER and advice else spoken(said, seat, at, lang)
        bot = session.cast[seat]
        entry: dict[str, Any] = {
            "seat": seat, "pos": POSITIONS[seat], "team": seat & 1,
            "bot": {"name": bot.name, "style": t(lang, f"style.{bot.style}.{bot.gender}"),
                    "label": t(lang, "plate.bot", name=bot.name, style=t(lang, f"style.{bot.style}.{bot.gender}"),
                               role=lowered(t(lang, "seat", seat=seat)))} if bot else None,
            "name": t(lang, "seat", seat=seat), "short": t(lang, "seat.short", seat=seat),
            "mano": seat == obs["mano"], "postre": seat == postre,
            "mano_label": t(lang, "mano"), "postre_label": t(lang, "postre"),
            "turn": obs["to_play"] == seat,
            "bubble": words, "talk": talk,
            # what the bubble holds, as said at this hand's event: a redraw of the same words
            # does not pop the bubble again
            "said": f"{obs['hand_number']}.{len(obs['log']) if talk and talk['kind'] == 'advice' else at}",
            "declared": [{"lance": lance, "letter": lance_name(lang, lance)[0], "has": has,
                          "text": t(lang, "plate.yes" if has else "plate.no", lance=lance_name(lang, lance))}
                         for lance, has in declared[seat]],
            "discards": discards[seat],
            "discards_label": (t(lang, "plate.discards", list=join_words(lang, [str(n) for n in discards[seat]]))
                               if discards[seat] else None),
            "badges": badges, "count": 4,
            "hidden_label": t(lang, "face_down", name=session_name(session, lang, seat), n=4),
            "cards": None, "value": None,
        }
        if seat == HUMAN:
            entry["hand_label"] = t(lang, "your_hand")
            entry["selectable"] = selectable
            entry["cards"] = [
                {"card": card, "pos": i, "label": card_name(lang, card),
                 "selected": selectable and i in session.selected}
                for i, card in enumerate(obs["hand"])
            ]
            value = hand_name(lang, obs["hand"], obs["rules"])
            entry["value"] = {"text": value, "label": t(lang, "plate.value", text=value)}
        seats.append(entry)
    return seats


def _lance_chips(obs: Observation, lang: str) -> list[dict[str, Any]]:
    played = obs["lances"]
    shown = [lance for lance in LANCES if lance != "punto"]
    if "punto" in played or obs["phase"] == "punto":
        shown[-1] = "punto"
    chips = []
    for lance in shown:
        outcome = played.get(lance)
        if outcome:
            status = t(lang, f"lance.{outcome['kind']}", n=outcome.get("amount", 0))
        elif obs["phase"] == lance:
            status = t(lang, "lance.now")
        else:
            status = ""
        chips.append({"lance": lance, "name": lance_name(lang, lance), "status": status,
                      "current": obs["phase"] == lance and not outcome, "done": bool(outcome)})
    return chips


def _center(obs: Observation, lang: str, names: list[str], finished: bool = False) -> dict[str, Any]:
    bet = obs["bet"]
    bet_text = None
    if bet and bet["ordago"]:
        bet_text = t(lang, "bet.ordago")
    elif bet and bet["answering"]:
        bet_text = t(lang, "bet.pending", n=bet["pending"]) + (
            " · " + t(lang, "bet.table", n=bet["table"]) if bet["table"] else "")
    to_play = obs["to_play"]
    if obs["is_over"]:
        status = t(lang, "phase.fin")
    elif to_play is None:
        status = ""
    elif to_play == HUMAN:
        status = t(lang, "turn.you")
    else:
        status = t(lang, "turn.bot", name=names[to_play])
    return {
        "phase": obs["phase"], "phase_name": lance_name(lang, obs["phase"]),
        "hand_number": obs["hand_number"], "lances": _lance_chips(obs, lang),
        "bet": bet_text, "status": status, "to_play": to_play, "finished": finished,
    }


def _controls(session: Session, obs: Observation, lang: str) -> dict[str, Any]:
    legal = session.human_legal() if obs["to_play"] == HUMAN else []
    phase = obs["phase"]
    if not legal:  # whose turn it is the table says (its status), not this box again
        return {"mine": False, "prompt": "", "buttons": [], "stepper": None, "discard": None,
                "quick": [], "ordago": None}
    buttons: list[dict[str, Any]] = []
    stepper = discard = ordago = None
    quick: list[dict[str, Any]] = []
    if phase == "mus":
        prompt = t(lang, "prompt.mus")
        buttons = [{"action": a, "label": action_label(lang, a), "kind": "primary" if a == "mus" else ""}
                   for a in legal]
    elif phase == "descarte":
        prompt = t(lang, "prompt.descarte")
        notation = session.discard_notation()
        discard = {"action": notation, "label": action_label(lang, notation or "descarte"),
                   "enabled": notation is not None}
    else:
        bet: Mapping[str, Any] = obs["bet"] or {}
        to = t(lang, f"to.{phase}")
        stakes = _stakes(obs)
        facing = stakes is not None
        if bet.get("ordago"):
            prompt = t(lang, "prompt.ordago", to=to, keep=stakes[2] if stakes else 1)
        elif stakes and bet.get("table"):
            prompt = t(lang, "prompt.raise", n=stakes[0], total=stakes[1], keep=stakes[2])
        elif stakes:
            prompt = t(lang, "prompt.envite", n=stakes[0], to=to)
        else:
            prompt = t(lang, "prompt.bet", to=to)
        confirming = session.confirm == "ordago"
        if confirming:
            prompt = t(lang, "prompt.ordago_confirm", to=to)
        for a in ("paso", "quiero", "no quiero"):
            if a not in legal:
                continue
            label = action_label(lang, a)
            if a == "quiero" and stakes:
                label = t(lang, "act.quiero_ordago") if bet.get("ordago") else t(lang, "act.quiero_n", n=stakes[1])
            elif a == "no quiero" and stakes:
                label = t(lang, "act.no_quiero_n", n=stakes[2])
            buttons.append({"action": a, "label": label, "kind": "primary" if a == "quiero" else ""})
        if "ordago" in legal:
            ordago = ({"confirm": {"action": "ordago", "label": t(lang, "act.ordago_confirm"), "kind": "danger"},
                       "cancel": {"ui": "cancel", "label": t(lang, "act.cancel"), "kind": ""}}
                      if confirming else {"ui": "ordago", "label": action_label(lang, "ordago"), "kind": "danger"})
        bounds = session.envite_range()
        envido = session.envido_notation()
        if bounds and envido:
            amount = session.clamped_envite()
            label = (t(lang, "act.raise_total", n=amount, total=stakes[1] + amount) if facing and stakes
                     else action_label(lang, envido))
            stepper = {
                "action": envido, "amount": amount, "min": bounds[0], "max": bounds[1],
                "label": label,
                "less": t(lang, "stepper.less"), "more": t(lang, "stepper.more"),
                "group_label": t(lang, "stepper.label"),
            }
            quick = [{"ui": "envite-set", "value": str(n), "label": str(n), "pressed": n == amount,
                      "aria": t(lang, "act.quick_n", n=n)}
                     for n in QUICK_AMOUNTS if bounds[0] <= n <= bounds[1]]
    return {"mine": True, "prompt": prompt, "buttons": buttons, "stepper": stepper, "discard": discard,
            "quick": quick, "quick_label": t(lang, "act.quick"), "ordago": ordago}


def _log(obs: Observation, lang: str, names: list[str], said: Sequence[Said] = ()) -> dict[str, Any]:
    """The hand's calls, one line each, with what was said beyond them (``voice``)."""
    mano = obs["mano"]
    head = t(lang, "log.hand.0", n=obs["hand_number"]) if mano == HUMAN else \
        t(lang, "log.hand.bot", n=obs["hand_number"], name=names[mano])
    lines = [(-1, head)]
    current = "mus"
    for seat, phase, words, detail, index in _speeches(obs, lang):
        if phase != current:
            current = phase
            lines.append((-1, f"— {lance_name(lang, phase)} —"))
        if detail:  # the señas seen, the player's own discarded cards
            words += " — " + detail if phase == "senas" else f" ({detail})"
        if seat is not None:
            words = t(lang, "log.line", name=names[seat], text=lowered(words))
        lines.append((index, words))
    return {"title": t(lang, "log.title"),
            "lines": log_with_talk(lines, said, lang, names)}


# --- the count and the end -----------------------------------------------------------------


def _is_deje(entry: Mapping[str, Any]) -> bool:
    return str(entry["reason"]).endswith("porque no")


def _tie_note(lang: str, lance: str, seat: int, hand: HandResult, rules: mus.Rules) -> str | None:
    """Say so when the lance went to ``seat`` only because ties go to the seat nearer the mano."""
    hands = hand.get("hands")
    if not hands or lance not in LANCES:
        return None
    seats = [s for s in range(4) if (s & 1) != (seat & 1)]
    if lance in ("pares", "juego"):
        seats = [s for s in seats if hand.get("declared", {}).get(lance, [True] * 4)[s]]
    if any(mus.compare(lance, "".join(hands[seat]), "".join(hands[s]), rules) == 0 for s in seats):
        return t(lang, "count.tie_mano" if seat == hand.get("mano") else "count.tie_seat")
    return None


def showdown_view(history: list[HandResult], index: int, over: bool, lang: str, rules_dict: dict[str, Any],
                  log: list[str] | None = None, review: bool = False, names: list[str] | None = None) -> dict[str, Any]:
    """The count of finished hand ``index`` as one table in counting order (plain data);
    ``names``: how each seat is named (the bots' names; their seats without)."""
    if names is None:
        names = [t(lang, "seat", seat=seat) for seat in range(4)]
    hand = history[index]
    winners: dict[str, int] = hand.get("winners", {})
    hands = hand.get("hands")
    ledger = hand.get("ledger", [])
    rules = mus.Rules(reyes=rules_dict["reyes"], real_31=rules_dict["real_31"])
    target = rules_dict["target"]
    score = hand.get("score", [0, 0])
    running = [score[team] - sum(e["points"] for e in ledger if e["team"] == team) for team in (0, 1)]
    seats = []
    for seat in range(4):
        won = [lance_name(lang, lance) for lance in LANCES if winners.get(lance) == seat]
        cards = None
        if hands:
            cards = [{"card": c, "label": card_name(lang, c)} for c in hands[seat]]
        seats.append({"seat": seat, "name": names[seat], "short": short_name(lang, seat, names),
                      "team": seat & 1, "cards": cards, "won": won, "mano": seat == hand.get("mano"),
                      "hand_name": hand_name(lang, hands[seat], rules_dict) if hands else None})
    reached: list[bool] = [False]

    def row(entry: Mapping[str, Any], note: str | None = None) -> dict[str, Any]:
        team = int(entry["team"])
        running[team] += int(entry["points"])
        seat = int(entry.get("seat", -1))
        notes = [note] if note else []
        if not reached[0] and running[team] >= target:
            reached[0] = True
            notes.append(t(lang, f"count.reached.{team}", n=target))
        own = _with(entry, {"reason": str(entry["reason"]).replace(" del compañero", "")})  # "who" names the holder
        return _with({"kind": "scored", "lance": entry["lance"], "lance_name": lance_name(lang, entry["lance"]),
                      "status": "", "team": team}, _holder(lang, names, seat, team), {
                     "why": reason_text(lang, own), "points": int(entry["points"]),
                     "points_text": t(lang, "count.points", n=entry["points"]),
                     "score": list(running), "notes": notes, "reached": bool(notes) and reached[0]})

    during = [_with(row(e), {"status": t(lang, "lance.deje", n=e["points"])}) for e in ledger if _is_deje(e)]
    counted = [e for e in ledger if not _is_deje(e)]
    ordago_entry = next((e for e in counted if str(e["reason"]).startswith("órdago")), None)
    lances = ["grande", "chica", "pares", "punto" if "punto" in hand.get("lances", {}) else "juego"]
    rows: list[dict[str, Any]] = []
    for lance in lances:
        entries = [e for e in counted if e["lance"] == lance]
        outcome: Mapping[str, Any] = hand["lances"].get(lance) or {}
        first = len(rows)
        if entries:
            for i, entry in enumerate(entries):
                note = None
                if i == 0 and entry.get("seat") == winners.get(lance):
                    note = _tie_note(lang, lance, int(entry["seat"]), hand, rules)
                if reached[0]:
                    rows.append(_uncounted(lang, names, lance, entry))
                else:
                    rows.append(row(entry, note))
        elif reached[0] or ordago_entry is not None:
            rows.append(_uncounted(lang, names, lance))
        else:
            why = (t(lang, "count.deje_done") if outcome.get("kind") == "deje"
                   else t(lang, "count.no_pares") if lance == "pares" else t(lang, "count.nothing"))
            rows.append(_with({"kind": "nothing", "lance": lance, "lance_name": lance_name(lang, lance), "team": None},
                              _holder(lang, names), {"why": why, "points": 0, "points_text": "", "score": list(running),
                                              "notes": [], "reached": False, "settled": outcome.get("kind") == "deje"}))
        if outcome and rows[first]["kind"] != "uncounted":  # a refused bet's points are in `during`
            key = "count.deje" if outcome["kind"] == "deje" else f"lance.{outcome['kind']}"
            rows[first]["status"] = t(lang, key, n=outcome.get("amount", 0))
    closing = None
    if ordago_entry is not None:
        seat = int(ordago_entry["seat"])
        closing = t(lang, "count.ordago", to=t(lang, f"to.{ordago_entry['lance']}"),
                    winner=t(lang, "winner.0") if seat == HUMAN else t(lang, "winner.bot", name=names[seat]))
    totals = [sum(int(e["points"]) for e in ledger if e["team"] == team) for team in (0, 1)]
    spoken = {line["team"]: line for line in spoken_ledger(lang, ledger)}
    banners = []
    winner = hand.get("juego_winner")
    if winner is not None:
        tally = [0, 0]
        for done in history[: index + 1]:
            done_winner = done["juego_winner"]
            if done_winner is not None:
                tally[done_winner] += 1
        text = t(lang, "juego.us" if winner == HUMAN else "juego.them")
        banners.append({"text": f"{text} · {t(lang, 'score.juegos')} {tally[0]} – {tally[1]}",
                        "won": winner == HUMAN})
    last = over and index == len(history) - 1
    return {
        "number": hand.get("number", index + 1),
        "title": t(lang, "showdown.title", n=hand.get("number", index + 1)),
        "revealed": bool(hands), "nobody": t(lang, "showdown.nobody"), "won_label": t(lang, "showdown.won"),
        "mano_label": t(lang, "count.mano"),
        "seats": seats,
        "columns": [t(lang, f"count.col.{c}") for c in ("lance", "who", "points", "score")],
        "during_title": t(lang, "count.during") if during else None, "during": during,
        "count_title": t(lang, "count.count"), "rows": rows, "closing": closing,
        "ledger": [{"team": team, "name": t(lang, "team", team=team), "total": totals[team],
                    "text": spoken[team]["text"] if team in spoken else t(lang, "showdown.nothing")}
                   for team in (0, 1)],
        "this_hand": t(lang, "count.this_hand"),
        "score": score, "score_text": t(lang, "showdown.score", a=score[0], b=score[1]),
        "team_names": [t(lang, "team", team=0), t(lang, "team", team=1)],
        "banners": banners, "juego_winner": winner,
        "log_title": t(lang, "count.log"), "log": log or [],
        "review": review,
        "button": ({"ui": "close-review", "label": t(lang, "act.close")} if review else
                   {"action": "continuar", "label": t(lang, "act.ver_final" if last else "act.continuar")}),
    }


def _holder(lang: str, names: list[str], seat: int = -1, team: int | None = None) -> dict[str, str]:
    """Who holds a count line: a seat's name and the short one phones show, else the team's."""
    if seat in range(4):
        return {"who": names[seat], "who_short": short_name(lang, seat, names)}
    name = t(lang, "team", team=team) if team is not None else ""
    return {"who": name, "who_short": name}


def _uncounted(lang: str, names: list[str], lance: str, entry: Mapping[str, Any] | None = None) -> dict[str, Any]:
    return _with({"kind": "uncounted", "lance": lance, "lance_name": lance_name(lang, lance), "status": "",
                  "team": int(entry["team"]) if entry else None},
                 _holder(lang, names, int(entry.get("seat", -1)) if entry else -1),
                 {"why": (reason_text(lang, entry) + " — " if entry else "") + t(lang, "count.uncounted"),
                  "points": 0, "points_text": "", "score": None, "notes": [], "reached": False})


def _fin(session: Session, lang: str) -> dict[str, Any]:
    """The end of the partida: who won, each juego's final score, and the partida in numbers."""
    game = session.game
    assert game is not None
    juegos, lances = [0, 0], [0, 0]
    lines: list[str] = []
    for hand in game.history:
        for seat in hand.get("winners", {}).values():
            lances[seat & 1] += 1
        hand_winner = hand["juego_winner"]
        if hand_winner is not None:
            juegos[hand_winner] += 1
            lines.append(t(lang, "fin.juego", n=len(lines) + 1, a=hand["score"][0], b=hand["score"][1],
                           who=t(lang, f"fin.juego.{hand_winner}")))
    vacas = list(game.vacas)
    won = game.winner == HUMAN
    lines.append(t(lang, "fin.hands", n=len(game.history), a=lances[0], b=lances[1]))
    return {
        "title": t(lang, "fin.title"),
        "headline": t(lang, "fin.us" if won else "fin.them"),
        "won": won,
        "summary": t(lang, "fin.summary", a=juegos[0], b=juegos[1], c=vacas[0], d=vacas[1]),
        "juegos": lines,
        "buttons": [{"action": "revancha", "label": t(lang, "act.revancha"), "kind": "primary"},
                    {"ui": "setup", "label": t(lang, "act.menu"), "kind": ""}],
        "stats": _stats(session, lang),
    }


# --- the new-game screen -------------------------------------------------------------------


def _preference(lang: str, name: str, value: Any, chosen: Any) -> dict[str, Any]:
    return {"value": str(value).lower(), "label": t(lang, f"{name}.{value}"), "checked": chosen == value,
            "lang": value if name == "lang" else None}


def _setup(session: Session, lang: str) -> dict[str, Any]:
    """The new-game screen: the level, then every option the table offers (``TABLE``, from
    the one options table: a yes/no one as a checkbox, the others as a choice), then the
    speed and the language."""
    settings = session.settings
    groups: list[dict[str, Any]] = [
        {"name": name, "legend": t(lang, f"setup.{name}"),
         "options": [_preference(lang, name, v, getattr(settings, name)) for v in CHOICES[name]]}
        for name in ("level", "style")]
    for option in TABLE:
        chosen = getattr(settings.table, option.name)
        if option.kind == BOOL:
            groups.append({"name": option.name, "check": {"label": option.title[lang], "checked": chosen}})
        else:
            groups.append({"name": option.name, "legend": option.title[lang], "options": [
                {"value": option.text(v), "label": option.chip_text(v, lang), "checked": chosen == v,
                 "lang": None} for v in option.offered]})
    for name in ("speed", "lang"):
        groups.append({"name": name, "legend": t(lang, f"setup.{name}"),
                       "options": [_preference(lang, name, v, getattr(settings, name)) for v in CHOICES[name]]})
    game = session.game
    in_progress = game is not None and not game.is_over
    # Starting over while a partida is in progress asks first (the ``nueva`` action comes in the confirm).
    buttons = [{"ui" if in_progress else "action": "nueva", "label": t(lang, "act.nueva"), "kind": "primary"}]
    if game is not None:
        buttons.append({"ui": "volver", "label": t(lang, "act.volver"), "kind": ""})
    return {
        "title": t(lang, "setup.title"), "groups": groups,
        "toggles": toggles(session, lang),
        "warning": t(lang, "setup.resume") if in_progress else None,
        "rules_summary": rules_summary(session.settings, lang),
        "buttons": buttons, "stats": _stats(session, lang),
    }


def _stats(session: Session, lang: str) -> dict[str, Any]:
    s = session.stats
    lines = []
    if s["manos"][1] == 0 and s["partidas"][1] == 0:
        lines.append(t(lang, "stats.none"))
    for key in ("partidas", "juegos", "manos"):
        won, n = s[key]
        lines.append(t(lang, f"stats.{key}.one" if won == 1 else f"stats.{key}", won=won, n=n))
    lances = [t(lang, "stats.lance", lance=lance_name(lang, lance), won=s["lances"][lance][0],
                n=s["lances"][lance][1]) for lance in LANCES if s["lances"][lance][1]]  # not "Punto: 0 de 0"
    return {"title": t(lang, "stats.title"), "lines": lines, "lances_title": t(lang, "stats.lances"),
            "lances": lances}


def seat_names(session: Session, lang: str) -> list[str]:
    """How the table names each seat: the player, then the bots by their names."""
    return [session_name(session, lang, seat) for seat in range(4)]


def session_name(session: Session, lang: str, seat: int) -> str:
    bot = session.cast[seat]
    return bot.name if bot else t(lang, "seat", seat=seat)


def short_name(lang: str, seat: int, names: list[str]) -> str:
    """The name phones show: a bot's own, or the seat's short one when it has none."""
    full = t(lang, "seat", seat=seat)
    return t(lang, "seat.short", seat=seat) if names[seat] == full else names[seat]


def cast_line(session: Session, lang: str) -> str | None:
    """Who the bots are: 'Chema (lanzado) es tu compañero; Lola (farolera) y ...'."""
    seats = session.cast
    if not any(seats):
        return None
    said = {n: t(lang, "cast.seat", name=seat.name, style=t(lang, f"style.{seat.style}.{seat.gender}"))
            for n, seat in enumerate(seats) if seat}
    return t(lang, "cast.line", partner=said[PARTNER], right=said[1], left=said[3])


# --- señas -----------------------------------------------------------------------------------
# The player sees señas only through observation(0)["senas"] (his own, his partner's, and the
# rivals' he caught) and his log: a rival's señas he did not catch are nowhere in the view.


def _seen_senas(obs: Observation) -> dict[int, list[str]]:
    return {int(e["seat"]): list(e["senas"]) for e in obs.get("senas") or []}


def _sena_words(obs: Observation, event: Mapping[str, Any], lang: str) -> tuple[str, str]:
    """A señas event: its words ('Hace señas', 'Sin señas') and the señas seen, for the log
    ('se muerde el labio: dos reyes')."""
    seat = event["seat"]
    if event["action"] != "señas":
        return t(lang, "say.sin señas"), ""
    key = "say.señas_caught" if event.get("caught") else "say.señas_you" if seat == HUMAN else "say.señas"
    return t(lang, key), "; ".join(sena_text(lang, s) for s in _seen_senas(obs).get(seat, []))


def _sena_item(lang: str, sena: str) -> dict[str, str]:
    """A seña as drawn at the table: its short label, and the full text to read on demand."""
    return {"sena": sena, "text": sena_text(lang, sena), "short": t(lang, f"sena.short.{sena}")}


def _add_senas(seats: list[dict[str, Any]], obs: Observation, lang: str, names: list[str]) -> None:
    """Each seat's señas as the player saw them (None for the others)."""
    seen = _seen_senas(obs)
    for entry in seats:
        seat = entry["seat"]
        shown = seen.get(seat)
        entry["senas"] = None if shown is None else {
            "label": (t(lang, "senas.label_you") if seat == HUMAN
                      else t(lang, "senas.label", name=names[seat])),
            "caught": seat & 1 != HUMAN & 1, "caught_label": t(lang, "senas.caught"),
            "items": [_sena_item(lang, s) for s in shown],
        }


def _senas_controls(obs: Observation, lang: str) -> dict[str, Any]:
    """The señas step: show them (with a preview of the gestures) or not."""
    legal = obs["legal_actions"]
    shown = mus.senas("".join(obs["hand"]), mus.Rules.from_dict(obs["rules"]))
    preview = [_sena_item(lang, s) for s in shown]
    prompt = t(lang, "prompt.senas") if shown else t(lang, "prompt.senas_none")
    buttons = [{"action": a, "label": t(lang, f"act.{a}"), "kind": "primary" if a == "señas" else ""}
               for a in ("señas", "sin señas") if a in legal]
    return {"mine": True, "prompt": prompt, "buttons": buttons, "stepper": None, "discard": None,
            "senas_preview": {"title": t(lang, "senas.preview"), "items": preview} if shown else None}


def rules_summary(settings: Settings, lang: str) -> str:
    """The table's rules in one line (``Rules.summary``), with the chance that a rival
    catches a seña."""
    return t(lang, "rules.title", list=" · ".join(settings.rules().summary(lang)))
