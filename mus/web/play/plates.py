"""Each seat's plate as the player sees it: name, mano / postre, discards, declarations, the
bet, the bubble and what was said with it, the cards (his own face up) and his hand's value.
Pure.
"""

from __future__ import annotations

from typing import Any, Sequence

import mus
from mus.observation import Observation

from ..kit.i18n import card_name, join_words, lance_name, lowered, t
from ..kit.table import POSITIONS
from .calls import bubble_words
from .names import session_name
from .session import DECLARATIONS, HUMAN, Session, is_declaration
from .talk import PARTNER, Said
from .voice import advised, spoken


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


def seats_view(session: Session, obs: Observation, lang: str, said: Sequence[Said] = ()) -> list[dict[str, Any]]:
    bubbles = bubble_words(obs, lang)
    partner = session.cast[PARTNER]
    advice = advised(said, len(obs["log"]), lang, partner.gender if partner else "m") \
        if obs["to_play"] == HUMAN else None
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
                               role=lowered(t(lang, "seat", seat=seat, gender=bot.gender)))} if bot else None,
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
