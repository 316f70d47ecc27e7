"""The count of a finished hand, as one table in counting order, and the end of the
partida. Pure.
"""

from __future__ import annotations

from typing import Any, Mapping

import mus
from mus.observation import HandResult

from ..kit.i18n import LANCES, card_name, lance_name, reason_text, spoken_ledger, t
from .names import short_name
from .plates import hand_name
from .session import HUMAN


def _with(base: Mapping[str, Any], *changes: Mapping[str, Any]) -> dict[str, Any]:
    """A copy of ``base`` with the keys of each of ``changes`` set, in turn."""
    out = dict(base)
    for change in changes:
        out.update(change)
    return out



def _is_deje(entry: Mapping[str, Any]) -> bool:
    return str(entry["reason"]).endswith("porque no")


def score_before_count(hand: HandResult) -> list[int]:
    """The score while hand ``hand``'s last call is still on the table: what was paid during
    the hand (a refused bet's deje) is on it, what the count pays is not yet.

    >>> hand = {"score": [7, 12], "ledger": [
    ...     {"team": 1, "points": 1, "reason": "envite a grande porque no", "lance": "grande", "seat": 1},
    ...     {"team": 0, "points": 3, "reason": "duples", "lance": "pares", "seat": 0}]}
    >>> score_before_count(hand)
    [4, 12]
    """
    ledger = hand.get("ledger", [])
    return [hand["score"][team] - sum(int(e["points"]) for e in ledger if e["team"] == team and not _is_deje(e))
            for team in (0, 1)]


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


def showdown_view(game: mus.Game, index: int, lang: str, rules_dict: dict[str, Any],
                  log: list[str] | None = None, review: bool = False, names: list[str] | None = None) -> dict[str, Any]:
    """The count of ``game``'s finished hand ``index`` as one table in counting order (plain
    data); ``names``: how each seat is named (the bots' names; their seats without)."""
    if names is None:
        names = [t(lang, "seat", seat=seat) for seat in range(4)]
    hand = game.hand_result(index)
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
        for done in range(index + 1):  # the hands as the engine keeps them: a count is drawn again and again
            done_winner = game.played_hand(done).result["juego_winner"]
            if done_winner is not None:
                tally[done_winner] += 1
        text = t(lang, "juego.us" if winner == HUMAN else "juego.them")
        banners.append({"text": f"{text} · {t(lang, 'score.juegos')} {tally[0]} – {tally[1]}",
                        "won": winner == HUMAN})
    last = game.is_over and index == game.hands_played - 1
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

