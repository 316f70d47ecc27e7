"""The end of a partida: the score in large, the winners by name, the partida's moments, the
player's record, revancha and a result to share. Pure.

>>> share_text("es", True, [2, 1], ["Txomin", "Amaia"]), share_text("en", False, [1, 2], ["Txomin", "Amaia"])
('Gané 2–1 a Txomin y Amaia', 'I lost 1–2 to Txomin and Amaia')
>>> share_link("https://example.org/mus/index.html?seed=3#mano=x")
'https://example.org/mus/index.html'
"""

from __future__ import annotations

from typing import Any

from ..kit.i18n import lance_name, t
from .moments import Moments, partida_moments
from .names import seat_names
from .plates import hand_name
from .session import HUMAN, Session


def share_text(lang: str, won: bool, score: list[int], rivals: list[str]) -> str:
    """The result as a player tells it: 'Gané 2–1 a Txomin y Amaia'."""
    return t(lang, "fin.share.won" if won else "fin.share.lost", a=score[0], b=score[1],
             rivals=t(lang, "fin.and", a=rivals[0], b=rivals[1]))


def share_link(page_url: str) -> str:
    """The table's own address, to play too: no query (a seed, a deal) and no fragment."""
    return page_url.split("#", 1)[0].split("?", 1)[0]


def final_score(m: Moments, vacas_to_win: int) -> tuple[list[int], str]:
    """The score that decided the partida, ours first: its vacas when it was played to more
    than one, else its juegos; and which of the two it counts."""
    if vacas_to_win > 1:
        return list(m.vacas), "vacas"
    return [sum(1 for j in m.juegos if j[2] == team) for team in (0, 1)], "juegos"


def moment_lines(m: Moments, lang: str, names: list[str], rules: dict[str, Any]) -> list[dict[str, str]]:
    """The partida's moments, each a short label and its words."""
    lines = []
    if m.best is not None:
        lines.append(("best", t(lang, "fin.m.best.text", hand=hand_name(lang, m.best.cards, rules),
                                who=names[m.best.seat], n=m.best.hand + 1)))
    won, lost = m.ordagos
    lines.append(("ordagos", t(lang, "fin.m.ordagos.none") if not won + lost else
                  t(lang, "fin.m.ordagos.text", won=won, lost=lost)))
    big = m.biggest
    lines.append(("envite", t(lang, "fin.m.envite.none") if big is None else
                  t(lang, "fin.m.envite.text", n=big.amount, lance=lance_name(lang, big.lance).lower(),
                    who=t(lang, f"fin.juego.{big.team}"), hand=big.hand + 1)))
    lines.append(("juegos", " · ".join(f"{a}–{b}" for a, b, _ in m.juegos)
                  + t(lang, "fin.m.hands.one" if m.hands == 1 else "fin.m.hands", n=m.hands)))
    if rules.get("vacas_to_win", 1) > 1:
        lines.append(("vacas", f"{m.vacas[0]}–{m.vacas[1]}"))
    return [{"kind": kind, "label": t(lang, f"fin.m.{kind}"), "text": text} for kind, text in lines]


def record_line(stats: dict[str, Any], lang: str) -> str:
    """The player's record over time: partidas won of played, and the run of wins."""
    won, played = stats["partidas"]
    now, best = stats["racha"]
    return t(lang, "fin.record.one" if won == 1 else "fin.record", won=won, n=played) + t(lang, "fin.streak", now=now, best=best)


def fin_view(session: Session, lang: str) -> dict[str, Any]:
    """The end of the partida (``session.game`` is over)."""
    game = session.game
    assert game is not None
    rules = game.rules
    names = seat_names(session, lang)
    m = partida_moments(game)
    won = game.winner == HUMAN
    score, unit = final_score(m, rules.vacas_to_win)
    rivals = [names[1], names[3]]
    winners = t(lang, "fin.and", a=t(lang, "fin.you"), b=names[2]) if won else t(lang, "fin.and", a=rivals[0], b=rivals[1])
    rules_dict = {"reyes": rules.reyes, "real_31": rules.real_31, "vacas_to_win": rules.vacas_to_win}
    return {
        "title": t(lang, "fin.title"),
        "headline": t(lang, "fin.us" if won else "fin.them"),
        "won": won,
        "score": score, "unit": t(lang, f"score.{unit}"),
        "score_label": t(lang, "fin.score.label", a=score[0], b=score[1], unit=t(lang, f"score.{unit}")),
        "winners": t(lang, "fin.winners", names=winners),
        "moments_title": t(lang, "fin.moments"),
        "moments": moment_lines(m, lang, names, rules_dict),
        "record": record_line(session.stats, lang),
        "share": {"text": share_text(lang, won, score, rivals), "title": t(lang, "title"),
                  "done": t(lang, f"fin.shared.{session.shared}") if session.shared else None},
        "buttons": [{"action": "revancha", "label": t(lang, "act.revancha"), "kind": "primary"},
                    {"ui": "share", "label": t(lang, "act.share"), "kind": ""},
                    {"ui": "setup", "label": t(lang, "act.menu"), "kind": ""}],
    }
