"""From a replay view (``model.replay_view``) or the Manos list to HTML. Pure.

Everything is one dialog put into ``<div id="replay">``; its buttons carry
``data-replay`` (``first prev next last share copy back close``, ``open`` with
``data-index``) and the viewer radios ``data-replay-view``, read by ``dom.replay``.
Cards are drawn from their own art (``DeckArt``) when it is loaded, like the count.

>>> import mus
>>> from mus.web.replay.model import Replay, replay_view
>>> g = mus.Game.from_deal(["RRC6", "7654", "CCSA", "3322"], mano=0, seed=1)
>>> for action in ["no hay mus"] + ["paso"] * 11:
...     g = g.apply(action)
>>> html = replay_html(replay_view(Replay.from_game(g, 0), "en"))
>>> 'data-replay="next"' in html, 'data-replay="prev" disabled' in html
(True, True)
"""

from __future__ import annotations

from typing import Any

from ..kit.coach import coach_panel
from ..kit.deckart import DeckArt
from ..kit.html import esc
from ..kit.table import POSITIONS, badge, face_hand, hidden_hand, seat_name

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
    nav = "".join(
        f'<button type="button" class="btn" data-replay="{n["move"]}"{"" if n["enabled"] else " disabled"}>'
        f'{esc(n["label"])}</button>' for n in v["nav"])
    viewers = "".join(
        f'<label><input type="radio" name="replay-view" data-replay-view="{o["value"]}" value="{o["value"]}"'
        f'{" checked" if o["checked"] else ""}> {esc(o["label"])}</label>' for o in v["viewers"])
    log = "".join(f"<li>{esc(line)}</li>" for line in v["log"])
    share = v["share"]
    buttons = []
    if v["back"]:
        buttons.append(f'<button type="button" class="btn" data-replay="back">{esc(v["back"])}</button>')
    if v["close"]:
        buttons.append(f'<button type="button" class="btn btn-primary" data-replay="close">{esc(v["close"])}</button>')
    body = (
        f'<div class="rp-table" data-replay-step="{v["step"]}">{seats}{middle}</div>'
        f'<p class="rp-now" aria-live="polite"><span class="rp-step">{esc(v["step_text"])}</span> '
        f'<span data-replay-now>{esc(v["now"])}</span></p>'
        + (f'<p class="rp-reason" data-replay-reason>{esc(v["reason"])}</p>' if v["reason"] else "")
        + f'<div class="rp-nav" role="group">{nav}</div>'
        f'<div class="rp-coach" data-replay-coach>{coach_panel(v["coach"])}</div>'
        f'<fieldset class="rp-viewers"><legend>{esc(v["viewers_label"])}</legend>{viewers}</fieldset>'
        f'{_count(v["count"]) if v["count"] else ""}'
        f'<section class="rp-log"><h3>{esc(v["log_title"])}</h3><ol>{log}</ol></section>'
        f'<div class="rp-share"><label class="rp-link">{esc(share["link_label"])} '
        f'<input type="text" readonly data-replay-link value="{esc(share["link"])}"></label>'
        f'<button type="button" class="btn" data-replay="copy">{esc(share["copy"])}</button>'
        + (f'<button type="button" class="btn" data-replay="share">{esc(share["label"])}</button>'
           if share["label"] else "")
        + f'<span class="rp-copied" role="status">{esc(share["copied"])}</span></div>'
        f'<div class="buttons">{"".join(buttons)}</div>'
    )
    return _dialog(v["title"], body)


def manos_html(v: dict[str, Any]) -> str:
    items = "".join(
        f'<li><span>{esc(i["text"])} · {esc(i["score"])}</span> '
        f'<button type="button" class="btn" data-replay="open" data-index="{i["index"]}">{esc(i["label"])}</button></li>'
        for i in v["items"])
    empty = f'<p>{esc(v["empty"])}</p>' if v["empty"] else ""
    body = (f'{empty}<ul class="rp-manos">{items}</ul><div class="buttons">'
            f'<button type="button" class="btn btn-primary" data-replay="close">{esc(v["close"])}</button></div>')
    return _dialog(v["title"], body)


def bad_link_html(message: str, close: str) -> str:
    body = (f'<p class="rp-error" role="alert">{esc(message)}</p><div class="buttons">'
            f'<button type="button" class="btn btn-primary" data-replay="close">{esc(close)}</button></div>')
    return _dialog("Mus", body)
