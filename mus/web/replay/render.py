"""From a replay view (``model.replay_view``) or the Manos list to HTML. Pure.

Everything is one dialog put into ``<div id="replay">``. Its commands are in the site's one
vocabulary (``kit.commands``), read by ``dom.replay`` and applied by ``model.Dialog``: ``data-ui``
``step`` (value ``first prev next last``), ``copy``, ``share``, ``manos`` (the list of hands),
``replay`` (value: the hand to open), ``close-replay``; the viewer radios are
``data-setting="viewer"``.
Cards are drawn from their own art (``DeckArt``) when it is loaded, like the count.

>>> import mus
>>> from mus.web.replay.model import Replay
>>> g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1)
>>> for action in ["no hay mus"] + ["paso"] * 11:
...     g = g.apply(action)
>>> html = replay_html(replay_view(Replay.from_game(g, 0), "en"))
>>> 'data-ui="step" value="next"' in html, 'data-ui="step" value="prev" disabled' in html
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..kit.coach import coach_panel
from ..kit.deckart import DeckArt
from ..kit.html import button, esc
from ..kit.i18n import t
from ..kit.table import POSITIONS, badge, face_hand, hidden_hand, seat_name
from .model import ERROR, MANOS, REPLAY, Dialog, manos_view, replay_view

def _seat(s: dict[str, Any], art: DeckArt | None) -> str:
    classes = f"rp-seat rp-{POSITIONS[s['seat']]} team-{s['team']}" + (" acting" if s["acting"] else "")
    mano = " " + badge("mano", s["mano_label"]) if s["mano"] else ""
    marker = [("data-replay-hand", s["seat"])]
    held = face_hand(s["cards"], marker, art) if s["cards"] else hidden_hand(4, s["hidden_label"], marker)
    return f'<div class="{classes}"><p class="rp-name">{seat_name(s["name"])}{mano}</p>{held}</div>'


def _count(c: dict[str, Any]) -> str:
    nobody = f'<p class="nobody">{esc(c["nobody"])}</p>' if c["nobody"] else ""
    teams = "".join(
        f'<li class="team-{x["team"]}" data-replay-ledger="{x["team"]}"><b>{esc(x["name"])}:</b> '
        f'{esc(x["text"])} <span class="total">= {x["total"]}</span></li>' for x in c["teams"])
    return (f'<section class="rp-count" aria-label="{esc(c["title"])}"><h3>{esc(c["title"])}</h3>{nobody}'
            f'<ul class="ledger">{teams}</ul><p class="final-score">{esc(c["score_text"])}</p></section>')


def _dialog(title: str, body: str) -> str:
    return (f'<div class="rp-panel" role="dialog" aria-modal="true" aria-labelledby="replay-title">'
            f'<h2 id="replay-title" tabindex="-1">{esc(title)}</h2>{body}</div>')


def replay_html(v: dict[str, Any], art: DeckArt | None = None) -> str:
    seats = "".join(_seat(s, art) for s in v["seats"])
    middle = (f'<div class="rp-middle"><p class="rp-phase">{esc(v["phase"])}</p>'
              f'<p class="rp-score">{esc(v["score_text"])}</p></div>')
    nav = "".join(button(n["label"], ui="step", extra=[("value", n["move"]), ("disabled", not n["enabled"])])
                  for n in v["nav"])
    viewers = "".join(
        f'<label><input type="radio" name="replay-view" data-setting="viewer" value="{o["value"]}"'
        f'{" checked" if o["checked"] else ""}> {esc(o["label"])}</label>' for o in v["viewers"])
    first_now = len(v["log"]) - v["log_current"]  # this step's lines: marked, and the box follows them
    log = "".join(f'<li class="now">{esc(line)}</li>' if i >= first_now else f"<li>{esc(line)}</li>"
                  for i, line in enumerate(v["log"]))
    share = v["share"]
    buttons = []
    if v["back"]:
        buttons.append(button(v["back"], ui="manos"))
    if v["close"]:
        buttons.append(button(v["close"], ui="close-replay", kind="primary"))
    body = (
        f'<div class="rp-table" data-replay-step="{v["step"]}">{seats}{middle}</div>'
        f'<p class="rp-now" aria-live="polite"><span class="rp-step">{esc(v["step_text"])}</span> '
        f'<span data-replay-now>{esc(v["now"])}</span></p>'
        + (f'<p class="rp-reason" data-replay-reason>{esc(v["reason"])}</p>' if v["reason"] else "")
        + f'<div class="rp-nav" role="group">{nav}</div>'
        f'<div class="rp-coach" data-replay-coach>{coach_panel(v["coach"])}</div>'
        f'<fieldset class="rp-viewers"><legend>{esc(v["viewers_label"])}</legend>{viewers}</fieldset>'
        f'{_count(v["count"]) if v["count"] else ""}'
        f'<section class="rp-log"><h3>{esc(v["log_title"])}</h3><ol data-replay-log>{log}</ol></section>'
        f'<div class="rp-share"><label class="rp-link">{esc(share["link_label"])} '
        f'<input type="text" readonly data-replay-link value="{esc(share["link"])}"></label>'
        + button(share["copy"], ui="copy")
        + (button(share["label"], ui="share") if share["label"] else "")
        + f'<span class="rp-copied" role="status">{esc(share["copied"])}</span></div>'
        f'<div class="buttons">{"".join(buttons)}</div>'
    )
    return _dialog(v["title"], body)


def manos_html(v: dict[str, Any]) -> str:
    items = "".join(
        f'<li><span>{esc(i["text"])} · {esc(i["score"])}</span> '
        f'{button(i["label"], ui="replay", extra=[("value", i["index"])])}</li>'
        for i in v["items"])
    empty = f'<p>{esc(v["empty"])}</p>' if v["empty"] else ""
    close = button(v["close"], ui="close-replay", kind="primary")
    body = f'{empty}<ul class="rp-manos">{items}</ul><div class="buttons">{close}</div>'
    return _dialog(v["title"], body)


def bad_link_html(message: str, close: str) -> str:
    body = (f'<p class="rp-error" role="alert">{esc(message)}</p>'
            f'<div class="buttons">{button(close, ui="close-replay", kind="primary")}</div>')
    return _dialog("Mus", body)


def dialog_html(dialog: Dialog, lang: str, art: DeckArt | None = None) -> str:
    """What the replay dialog shows now (nothing when it is closed: no past cards stay)."""
    if dialog.mode == REPLAY and dialog.replay is not None:
        return replay_html(replay_view(dialog.replay, lang), art)
    if dialog.mode == MANOS and dialog.game is not None:
        return manos_html(manos_view(dialog.game.history, lang))
    if dialog.mode == ERROR:
        return bad_link_html(dialog.error or t(lang, "replay.bad_link", why=""), t(lang, "replay.play"))
    return ""


def coach_html(dialog: Dialog, lang: str) -> str:
    """Only the coach's box, for when its numbers arrive (focus and scrolling stay)."""
    return coach_panel(replay_view(dialog.replay, lang)["coach"]) if dialog.replay is not None else ""
