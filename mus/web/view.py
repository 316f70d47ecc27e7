"""From the session to a plain view: every text, seat, button and panel to show. Pure.

The view only ever reads ``game.observation(0)`` (what the player may know) and the
finished hands in ``history``, so the other seats' cards cannot leak into the page.
Buttons that send an engine action carry its notation as ``action``; the other buttons
carry ``action`` continuar / nueva / revancha or a ``ui`` command for the controller.
"""

from __future__ import annotations

from typing import Any

from .i18n import (
    LANCES, action_label, card_name, envido_amount, lance_name, reason_text, speech, spoken_ledger,
    join_words, stones, t,
)
from .coaching import coach_panel, partner_reasons, toggles
from .session import HUMAN, Session
from .settings import CHOICES

POSITIONS = ("bottom", "right", "top", "left")
SETUP_GROUPS = ("level", "reyes", "target", "juegos", "speed", "lang")


def build_view(session: Session) -> dict[str, Any]:
    lang = session.settings.lang
    game = session.game
    view: dict[str, Any] = {
        "lang": lang,
        "screen": session.screen,
        "phase": game.phase if game else None,
        "seed": game.seed if game else None,
        "title": t(lang, "title"),
        "table_label": t(lang, "table"),
        "controls_label": t(lang, "controls"),
        "seat_names": [t(lang, "seat", seat=seat) for seat in range(4)],
        "log_title": t(lang, "log.title"),
        "lang_button": {"ui": "lang", "value": "en" if lang == "es" else "es",
                        "label": t(lang, "act.lang"), "short": t(lang, "act.lang"),
                        "lang": "en" if lang == "es" else "es", "aria": t(lang, "act.lang.label")},
        "menu_button": {"ui": "menu", "label": t(lang, "act.menu"), "short": t(lang, "act.menu.short")},
        "notices": _notices(session, lang),
        "instant": session.pause == 0,
        "scores": None, "seats": None, "center": None, "controls": None, "log": None,
        "showdown": None, "fin": None, "setup": None, "coach": None,
    }
    if session.screen == "setup" or game is None:
        view["setup"] = _setup(session, lang)
    if game is None:
        return view
    obs = game.observation(HUMAN)
    view["scores"] = _scores(obs, lang)
    view["seats"] = _seats(session, obs, lang)
    view["center"] = _center(obs, lang)
    view["controls"] = _controls(session, obs, lang)
    view["log"] = _log(obs, lang)
    view["coach"] = coach_panel(session, lang)
    index = session.showdown_index()
    if session.screen == "table" and index is not None:
        view["showdown"] = _showdown(game.history, index, game.is_over, lang)
        view["showdown"]["reasons"] = partner_reasons(session, index, lang)
    elif session.screen == "table" and game.is_over:
        view["fin"] = _fin(session, lang)
    return view


# --- pieces of the table ---------------------------------------------------------------------


def _notices(session: Session, lang: str) -> list[dict[str, str]]:
    out = []
    for notice in session.notices:
        if notice["kind"] == "memory":
            out.append({"kind": "memory", "text": t(lang, "notice.memory")})
        elif notice["kind"] == "corrupt":
            why = t(lang, f"why.{notice['why']}")
            out.append({"kind": "corrupt", "text": t(lang, "notice.corrupt", why=why, key=notice["key"]),
                        "dismiss": t(lang, "notice.close")})
    return out


def _scores(obs: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    rules = obs["rules"]
    return [{
        "team": team, "name": t(lang, "team", team=team), "tantos": obs["score"][team],
        "amarracos": obs["score"][team] // 5, "piedras": obs["score"][team] % 5,
        "stones": stones(lang, obs["score"][team]), "juegos": obs["juegos"][team],
        "vacas": obs["vacas"][team], "target": t(lang, "score.target", n=rules["target"]),
        "juegos_label": t(lang, "score.juegos"), "vacas_label": t(lang, "score.vacas"),
        "juegos_to_win": rules["juegos_to_win"],
    } for team in (0, 1)]


def _speeches(obs: dict[str, Any], lang: str) -> list[tuple[int | None, str, str]]:
    """(seat, phase, words) for each public event of this hand, in order."""
    out: list[tuple[int | None, str, str]] = []
    betting: set[str] = set()
    for event in obs["log"]:
        seat, phase, action = event["seat"], event["phase"], event["action"]
        if action == "servido":
            out.append((None, phase, t(lang, "log.servido")))
            continue
        raise_ = phase in betting
        if envido_amount(action) is not None or action == "ordago":
            betting.add(phase)
        words = speech(lang, action, raise_=raise_ and envido_amount(action) is not None,
                       count=event.get("count", 0), you=seat == HUMAN)
        if event.get("cards"):  # the player's own discards: which cards went
            words += ": " + join_words(lang, [card_name(lang, card) for card in event["cards"]])
        out.append((seat, phase, words))
    return out


def _bubbles(obs: dict[str, Any], lang: str) -> dict[int, str]:
    """Each seat's last words in the phase being played (or the very last words said)."""
    said = _speeches(obs, lang)
    segment: list[tuple[int | None, str, str]] = []
    for item in reversed(said):
        if item[0] is None or item[1] != obs["phase"]:
            break
        segment.insert(0, item)
    if not segment and said and said[-1][0] is not None:
        segment = [said[-1]]
    return {seat: words for seat, _, words in segment if seat is not None}


def _seats(session: Session, obs: dict[str, Any], lang: str) -> list[dict[str, Any]]:
    bubbles = _bubbles(obs, lang)
    postre = (obs["mano"] + 3) % 4
    selectable = obs["to_play"] == HUMAN and obs["phase"] == "descarte" and bool(session.human_legal())
    seats = []
    for seat in range(4):
        declared = [
            {"text": t(lang, f"declared.{lance}"), "has": flags[seat]}
            for lance, flags in obs["declared"].items()
        ]
        entry: dict[str, Any] = {
            "seat": seat, "pos": POSITIONS[seat], "team": seat & 1,
            "name": t(lang, "seat", seat=seat), "mano": seat == obs["mano"], "postre": seat == postre,
            "mano_label": t(lang, "mano"), "postre_label": t(lang, "postre"),
            "turn": obs["to_play"] == seat and session.showdown_index() is None,
            "bubble": bubbles.get(seat), "declared": declared, "count": 4,
            "hidden_label": t(lang, "face_down", name=t(lang, "seat", seat=seat), n=4),
            "cards": None,
        }
        if seat == HUMAN:
            entry["hand_label"] = t(lang, "your_hand")
            entry["selectable"] = selectable
            entry["cards"] = [
                {"card": card, "pos": i, "label": card_name(lang, card),
                 "selected": selectable and i in session.selected}
                for i, card in enumerate(obs["hand"])
            ]
        seats.append(entry)
    return seats


def _lance_chips(obs: dict[str, Any], lang: str) -> list[dict[str, Any]]:
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
                      "current": obs["phase"] == lance, "done": bool(outcome)})
    return chips


def _center(obs: dict[str, Any], lang: str) -> dict[str, Any]:
    bet = obs["bet"]
    bet_text = None
    if bet and bet["ordago"]:
        bet_text = t(lang, "bet.ordago")
    elif bet and bet["answering"]:
        bet_text = t(lang, "bet.pending", n=bet["pending"]) + (
            " · " + t(lang, "bet.table", n=bet["table"]) if bet["table"] else "")
    to_play = obs["to_play"]
    if to_play is None:
        status = t(lang, "phase.fin")
    elif to_play == HUMAN:
        status = t(lang, "turn.you")
    else:
        status = t(lang, "turn.other", name=t(lang, "seat", seat=to_play))
    return {
        "phase": obs["phase"], "phase_name": lance_name(lang, obs["phase"]),
        "hand_number": obs["hand_number"], "lances": _lance_chips(obs, lang),
        "bet": bet_text, "status": status, "to_play": to_play,
    }


def _controls(session: Session, obs: dict[str, Any], lang: str) -> dict[str, Any]:
    legal = session.human_legal()
    phase = obs["phase"]
    if not legal:
        waiting = obs["to_play"]
        prompt = (t(lang, "waiting", name=t(lang, "seat", seat=waiting))
                  if waiting not in (None, HUMAN) else "")
        return {"mine": False, "prompt": prompt, "buttons": [], "stepper": None, "discard": None}
    facing = "quiero" in legal
    buttons: list[dict[str, Any]] = []
    stepper = discard = None
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
        bet = obs["bet"] or {}
        name = lance_name(lang, phase)
        if bet.get("ordago"):
            prompt = t(lang, "prompt.ordago", lance=name)
        elif facing:
            prompt = t(lang, "prompt.answer", lance=name, amount=bet.get("pending", 0))
        else:
            prompt = t(lang, "prompt.bet", lance=name)
        for a in ("paso", "quiero", "no quiero", "ordago"):
            if a in legal:
                kind = "danger" if a == "ordago" else ("primary" if a == "quiero" else "")
                buttons.append({"action": a, "label": action_label(lang, a, raise_=facing), "kind": kind})
        bounds = session.envite_range()
        envido = session.envido_notation()
        if bounds and envido:
            amount = session.clamped_envite()
            stepper = {
                "action": envido, "amount": amount, "min": bounds[0], "max": bounds[1],
                "label": action_label(lang, envido, raise_=facing),
                "less": t(lang, "stepper.less"), "more": t(lang, "stepper.more"),
                "group_label": t(lang, "stepper.label"),
            }
    return {"mine": True, "prompt": prompt, "buttons": buttons, "stepper": stepper, "discard": discard}


def _log(obs: dict[str, Any], lang: str) -> dict[str, Any]:
    lines = [t(lang, "log.hand", n=obs["hand_number"], name=t(lang, "seat", seat=obs["mano"]))]
    current = "mus"
    for seat, phase, words in _speeches(obs, lang):
        if phase != current:
            current = phase
            lines.append(f"— {lance_name(lang, phase)} —")
        lines.append(words if seat is None else t(lang, "log.line", name=t(lang, "seat", seat=seat), text=words))
    return {"title": t(lang, "log.title"), "lines": lines}


# --- the count and the end -----------------------------------------------------------------


def _lance_result(lang: str, outcome: dict[str, Any] | None) -> str:
    if not outcome:
        return ""
    return t(lang, f"lance.{outcome['kind']}", n=outcome.get("amount", 0))


def _showdown(history: list[dict[str, Any]], index: int, over: bool, lang: str) -> dict[str, Any]:
    hand = history[index]
    winners: dict[str, int] = hand.get("winners", {})
    hands = hand.get("hands")
    seats = []
    for seat in range(4):
        won = [lance_name(lang, lance) for lance in LANCES if winners.get(lance) == seat]
        cards = None
        if hands:
            cards = [{"card": c, "label": card_name(lang, c)} for c in hands[seat]]
        seats.append({"seat": seat, "name": t(lang, "seat", seat=seat), "team": seat & 1,
                      "cards": cards, "won": won, "mano": seat == hand.get("mano")})
    lances = []
    for lance in LANCES:
        outcome = hand.get("lances", {}).get(lance)
        best = winners.get(lance)
        if outcome is None and best is None:
            continue
        lances.append({"lance": lance, "name": lance_name(lang, lance),
                       "result": _lance_result(lang, outcome),
                       "winner": t(lang, "seat", seat=best) if best is not None else None,
                       "team": (best & 1) if best is not None else None})
    spoken = {line["team"]: line for line in spoken_ledger(lang, hand.get("ledger", []))}
    ledger = []
    for team in (0, 1):
        line = spoken.get(team)
        ledger.append({"team": team, "name": t(lang, "team", team=team),
                       "text": line["text"] if line else t(lang, "showdown.nothing"),
                       "total": line["total"] if line else 0,
                       "lines": [reason_text(lang, e) for e in hand.get("ledger", []) if e["team"] == team]})
    banners = []
    winner = hand.get("juego_winner")
    if winner is not None:
        tally = [0, 0]
        for done in history[: index + 1]:
            if done.get("juego_winner") is not None:
                tally[done["juego_winner"]] += 1
        text = t(lang, "juego.us" if winner == HUMAN else "juego.them")
        banners.append({"text": f"{text} · {t(lang, 'score.juegos')} {tally[0]} – {tally[1]}",
                        "won": winner == HUMAN})
    last = over and index == len(history) - 1
    score = hand.get("score", [0, 0])
    return {
        "number": hand.get("number", index + 1),
        "title": t(lang, "showdown.title", n=hand.get("number", index + 1)),
        "hands_title": t(lang, "showdown.hands"), "ledger_title": t(lang, "showdown.ledger"),
        "revealed": bool(hands), "nobody": t(lang, "showdown.nobody"), "won_label": t(lang, "showdown.won"),
        "seats": seats, "lances": lances, "ledger": ledger,
        "score": score, "score_text": t(lang, "showdown.score", a=score[0], b=score[1]),
        "team_names": [t(lang, "team", team=0), t(lang, "team", team=1)],
        "banners": banners, "juego_winner": winner,
        "button": {"action": "continuar", "label": t(lang, "act.ver_final" if last else "act.continuar")},
    }


def _fin(session: Session, lang: str) -> dict[str, Any]:
    game = session.game
    assert game is not None
    juegos = [0, 0]
    for hand in game.history:
        if hand.get("juego_winner") is not None:
            juegos[hand["juego_winner"]] += 1
    vacas = list(game.vacas)
    won = game.winner == HUMAN
    return {
        "title": t(lang, "fin.title"),
        "headline": t(lang, "fin.us" if won else "fin.them"),
        "won": won,
        "summary": t(lang, "fin.summary", a=juegos[0], b=juegos[1], c=vacas[0], d=vacas[1]),
        "buttons": [{"action": "revancha", "label": t(lang, "act.revancha"), "kind": "primary"},
                    {"ui": "menu", "label": t(lang, "act.menu"), "kind": ""}],
        "stats": _stats(session, lang),
    }


# --- the new-game screen -------------------------------------------------------------------


def _option_label(lang: str, name: str, value: Any) -> str:
    if name == "level":
        return t(lang, f"level.{value}")
    if name == "reyes":
        return t(lang, f"reyes.{value}")
    if name == "speed":
        return t(lang, f"speed.{value}")
    if name == "lang":
        return t(lang, f"lang.{value}")
    return str(value)


def _setup(session: Session, lang: str) -> dict[str, Any]:
    settings = session.settings.to_dict()
    groups = []
    for name in SETUP_GROUPS:
        groups.append({
            "name": name, "legend": t(lang, f"setup.{name}"),
            "options": [{"value": str(v).lower(), "label": _option_label(lang, name, v),
                         "checked": settings[name] == v,
                         "lang": v if name == "lang" else None}
                        for v in CHOICES[name]],
        })
    game = session.game
    in_progress = game is not None and not game.is_over
    buttons = [{"action": "nueva", "label": t(lang, "act.nueva"), "kind": "primary"}]
    if game is not None:
        buttons.append({"ui": "volver", "label": t(lang, "act.volver"), "kind": ""})
    return {
        "title": t(lang, "setup.title"), "groups": groups,
        "real_31": {"name": "real_31", "label": t(lang, "setup.real_31"), "checked": settings["real_31"]},
        "toggles": toggles(session, lang),
        "warning": t(lang, "setup.resume") if in_progress else None,
        "buttons": buttons, "stats": _stats(session, lang),
    }


def _stats(session: Session, lang: str) -> dict[str, Any]:
    s = session.stats
    lines = []
    if s["manos"][1] == 0 and s["partidas"][1] == 0:
        lines.append(t(lang, "stats.none"))
    for key in ("partidas", "juegos", "manos"):
        won, n = s[key]
        lines.append(t(lang, f"stats.{key}", won=won, n=n))
    lances = [t(lang, "stats.lance", lance=lance_name(lang, lance), won=s["lances"][lance][0],
                n=s["lances"][lance][1]) for lance in LANCES]
    return {"title": t(lang, "stats.title"), "lines": lines, "lances_title": t(lang, "stats.lances"),
            "lances": lances}
