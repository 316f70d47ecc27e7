"""From a view dict to HTML, one string per region of the page. Pure.

``dom.py`` puts each region into the element with that id, only when it changed, and
appends new log lines. Engine actions are buttons with ``data-action`` (their notation);
other commands use ``data-ui``; the player's cards are buttons with ``data-card``.
Face-down cards only ever reference ``deck.svg#back``.
"""

from __future__ import annotations

from html import escape
from typing import Any

from .deckart import DeckArt

DECK = "static/deck.svg"
REGIONS = ("topbar", "seat-0", "seat-1", "seat-2", "seat-3", "center", "controls", "overlay", "notices")


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _attrs(**attrs: object) -> str:
    out = []
    for name, value in attrs.items():
        if value is None or value is False:
            continue
        name = name.rstrip("_").replace("_", "-")
        out.append(f" {name}" if value is True else f' {name}="{_e(value)}"')
    return "".join(out)


def svg_card(symbol: str) -> str:
    return (f'<svg viewBox="0 0 200 300" aria-hidden="true" focusable="false">'
            f'<use href="{DECK}#{_e(symbol)}"></use></svg>')


def button(label: str, *, action: str | None = None, ui: str | None = None, kind: str = "",
           id_: str | None = None, **extra: object) -> str:
    classes = " ".join(c for c in ("btn", f"btn-{kind}" if kind else "") if c)
    return (f'<button type="button"{_attrs(class_=classes, id=id_, data_action=action, data_ui=ui, **extra)}>'
            f"{_e(label)}</button>")


def _button_id(spec: dict[str, Any]) -> str:
    key = spec.get("action") or spec.get("ui") or "x"
    return "b-" + "".join(c if c.isalnum() else "-" for c in key)


def spec_button(spec: dict[str, Any]) -> str:
    return button(spec["label"], action=spec.get("action"), ui=spec.get("ui"), kind=spec.get("kind", ""),
                  id_=_button_id(spec), value=spec.get("value"), aria_label=spec.get("aria"))


# --- regions -----------------------------------------------------------------------------------


def regions(view: dict[str, Any], art: DeckArt | None = None) -> dict[str, tuple[str, str | None]]:
    """Region id → (inner HTML, class for the region element or None to leave it)."""
    out: dict[str, tuple[str, str | None]] = {
        "topbar": (topbar(view), None),
        "center": (center(view), None),
        "controls": (controls(view), None),
        "overlay": (overlay(view, art), "overlay open" if _has_overlay(view) else "overlay"),
        "notices": (notices(view), None),
    }
    seats = view.get("seats") or [None] * 4
    for n, seat_view in enumerate(seats):
        out[f"seat-{n}"] = seat(seat_view, n, view)
    return out


def _has_overlay(view: dict[str, Any]) -> bool:
    return bool(view.get("setup") or view.get("showdown") or view.get("fin"))


def _short_button(spec: dict[str, Any]) -> str:
    """A top-bar button: its full text on wide screens, a short one on phones."""
    inner = f'<span class="long">{_e(spec["label"])}</span><span class="short">{_e(spec["short"])}</span>'
    attrs = _attrs(class_="btn", id=_button_id(spec), data_ui=spec["ui"], value=spec.get("value"),
                   lang=spec.get("lang"), title=spec.get("aria"))
    return f"<button type=\"button\"{attrs}>{inner}</button>"


def topbar(view: dict[str, Any]) -> str:
    scores = view.get("scores")
    parts = ['<h1 class="brand">' + _e(view["title"]) + "</h1>"]
    if scores:
        for team in scores:
            stones = "".join('<i class="amarraco"></i>' for _ in range(team["amarracos"])) + "".join(
                '<i class="piedra"></i>' for _ in range(team["piedras"]))
            parts.append(
                f'<div class="score team-{team["team"]}">'
                f'<span class="score-name">{_e(team["name"])}</span>'
                f'<span class="score-tantos"><span data-score="{team["team"]}">{team["tantos"]}</span>'
                f'<small>{_e(team["target"])}</small></span>'
                f'<span class="stones" title="{_e(team["stones"])}">{stones}'
                f'<span class="sr-only">{_e(team["stones"])}</span></span>'
                f'<span class="score-juegos">{_e(team["juegos_label"])} <b data-juegos="{team["team"]}">'
                f'{team["juegos"]}</b> · {_e(team["vacas_label"])} <b data-vacas="{team["team"]}">'
                f'{team["vacas"]}</b></span></div>')
    buttons = [_short_button(view["lang_button"])]
    if scores:
        buttons.append(_short_button(view["menu_button"]))
    parts.append('<div class="topbar-buttons">' + "".join(buttons) + "</div>")
    return "".join(parts)


def seat(s: dict[str, Any] | None, n: int, view: dict[str, Any]) -> tuple[str, str]:
    classes = f"seat seat-{n}"
    if s is None:  # no partida yet: the empty table of the skeleton, in the current language
        placeholders = '<span class="card placeholder"></span>' * 4
        hand = "hand" if n == 0 else "hand hidden-hand"
        return (f'<div class="plate"><span class="seat-name">{_e(view["seat_names"][n])}</span></div>'
                f'<div class="{hand}">{placeholders}</div>'), classes
    if s["turn"]:
        classes += " turn"
    classes += f" team-{s['team']}"
    badges = ""
    if s["mano"]:
        badges += f'<span class="badge badge-mano">{_e(s["mano_label"])}</span>'
    if s["postre"]:
        badges += f'<span class="badge badge-postre">{_e(s["postre_label"])}</span>'
    for d in s["declared"]:
        badges += (f'<span class="badge badge-declared{" yes" if d["has"] else " no"}">'
                   f'{_e(d["text"])} {"✓" if d["has"] else "✗"}</span>')
    plate = (f'<div class="plate"><span class="seat-name">{_e(s["name"])}</span>{badges}</div>')
    bubble = (f'<div class="bubble" data-bubble="{n}">{_e(s["bubble"])}</div>' if s["bubble"]
              else '<div class="bubble empty" aria-hidden="true"></div>')
    if s["cards"] is not None:
        cards = []
        selectable = bool(s.get("selectable"))
        for c in s["cards"]:
            pressed = ("true" if c["selected"] else "false") if selectable else None
            attrs = _attrs(id="card-%d" % c["pos"], data_card=c["card"], data_pos=c["pos"],
                           aria_label=c["label"], aria_pressed=pressed,
                           aria_disabled=None if selectable else "true")
            selected = " selected" if c["selected"] else ""
            cards.append(f'<button type="button" class="card face{selected}"{attrs}>{svg_card(c["card"])}</button>')
        hand = (f'<div id="hand" class="hand{" selectable" if s.get("selectable") else ""}" data-hand="0" '
                f'role="group" aria-label="{_e(s["hand_label"])}">{"".join(cards)}</div>')
    else:
        backs = "".join(f'<span class="card back">{svg_card("back")}</span>' for _ in range(s["count"]))
        hand = (f'<div class="hand hidden-hand" data-hand="{n}" role="img" '
                f'aria-label="{_e(s["hidden_label"])}">{backs}</div>')
    return plate + bubble + hand, classes


def center(view: dict[str, Any]) -> str:
    c = view.get("center")
    if not c:
        return ""
    chips = []
    for ch in c["lances"]:
        cls = "chip" + (" current" if ch["current"] else "") + (" done" if ch["done"] else "")
        status = '<span class="chip-status">%s</span>' % _e(ch["status"]) if ch["status"] else ""
        chips.append(f'<li class="{cls}"><span class="chip-name">{_e(ch["name"])}</span>{status}</li>')
    bet = f'<p class="bet">{_e(c["bet"])}</p>' if c["bet"] else ""
    return (f'<p class="phase-line"><span id="phase" data-phase="{_e(c["phase"])}">{_e(c["phase_name"])}</span></p>'
            f'<ol class="lances">{"".join(chips)}</ol>{bet}'
            f'<p class="status{" mine" if c["to_play"] == 0 else ""}">{_e(c["status"])}</p>'
            + coach_panel(view.get("coach")))


def controls(view: dict[str, Any]) -> str:
    ctl = view.get("controls")
    if not ctl or view.get("showdown") or view.get("fin") or view.get("setup"):
        return ""
    parts = [f'<p class="prompt" id="prompt">{_e(ctl["prompt"])}</p>'] if ctl["prompt"] else []
    buttons = [spec_button(b) for b in ctl["buttons"]]
    step = ctl.get("stepper")
    if step:
        buttons.append(
            f'<div class="stepper" role="group" aria-label="{_e(step["group_label"])}">'
            + button("−", ui="envite-less", id_="b-less", aria_label=step["less"],
                     disabled=step["amount"] <= step["min"])
            + f'<output class="amount" aria-live="polite">{step["amount"]}</output>'
            + button("+", ui="envite-more", id_="b-more", aria_label=step["more"],
                     disabled=step["amount"] >= step["max"])
            + button(step["label"], action=step["action"], kind="primary", id_="b-envido-n")
            + "</div>")
    d = ctl.get("discard")
    if d:
        buttons.append(button(d["label"], action=d["action"], kind="primary", id_="b-descarte",
                              disabled=not d["enabled"]))
    if buttons:
        parts.append('<div class="buttons" role="group" aria-labelledby="prompt">' + "".join(buttons) + "</div>")
    return "".join(parts)


def notices(view: dict[str, Any]) -> str:
    out = []
    for n in view.get("notices", []):
        dismiss = button(n["dismiss"], ui="dismiss", value=n["kind"], id_=f"b-dismiss-{n['kind']}") \
            if n.get("dismiss") else ""
        out.append(f'<div class="notice notice-{n["kind"]}" role="alert"><p>{_e(n["text"])}</p>{dismiss}</div>')
    return "".join(out)


# --- overlays ------------------------------------------------------------------------------------


def overlay(view: dict[str, Any], art: DeckArt | None = None) -> str:
    if view.get("setup"):
        return setup(view["setup"])
    if view.get("showdown"):
        return showdown(view["showdown"], art)
    if view.get("fin"):
        return fin(view["fin"])
    return ""


def _panel(title: str, body: str, cls: str) -> str:
    return (f'<section class="panel {cls}" aria-labelledby="overlay-title">'
            f'<h2 id="overlay-title" tabindex="-1">{_e(title)}</h2>{body}</section>')


def stats(s: dict[str, Any]) -> str:
    lines = "".join(f"<li>{_e(line)}</li>" for line in s["lines"])
    lances = "".join(f"<li>{_e(line)}</li>" for line in s["lances"])
    return (f'<section class="stats" aria-labelledby="stats-title"><h3 id="stats-title">{_e(s["title"])}</h3>'
            f'<ul>{lines}</ul><h4>{_e(s["lances_title"])}</h4><ul class="stats-lances">{lances}</ul></section>')


def setup(s: dict[str, Any]) -> str:
    groups = []
    for g in s["groups"]:
        options = []
        for o in g["options"]:
            attrs = _attrs(id="set-%s-%s" % (g["name"], o["value"]), name="set-" + g["name"],
                           value=o["value"], data_setting=g["name"], checked=o["checked"])
            options.append(f'<label class="choice"{_attrs(lang=o["lang"])}><input type="radio"{attrs}>'
                           f'<span>{_e(o["label"])}</span></label>')
        group = f'<fieldset class="choices"><legend>{_e(g["legend"])}</legend>{"".join(options)}</fieldset>'
        if g["name"] == "reyes":  # the variant: how many reyes, and whether the 31 real counts
            r = s["real_31"]
            group += (f'<label class="check"><input type="checkbox" id="set-real_31" data-setting="real_31"'
                      f'{" checked" if r["checked"] else ""}><span>{_e(r["label"])}</span></label>')
        groups.append(f'<div class="setting">{group}</div>')
    groups.append(toggles(s.get("toggles") or []))
    warning = f'<p class="warning">{_e(s["warning"])}</p>' if s["warning"] else ""
    buttons = "".join(spec_button(b) for b in s["buttons"])
    body = (f'<div class="setup-form">{"".join(groups)}</div>{warning}'
            f'{stats(s["stats"])}<div class="buttons sticky">{buttons}</div>')
    return _panel(s["title"], body, "setup")


def _mini_cards(cards: list[dict[str, str]], art: DeckArt | None) -> str:
    return "".join(f'<span class="card face mini" role="img" aria-label="{_e(c["label"])}">'
                   f'{art.inline(c["card"], DECK) if art and c["card"] in art else svg_card(c["card"])}</span>'
                   for c in cards)


def showdown(s: dict[str, Any], art: DeckArt | None = None) -> str:
    rows = []
    if s["revealed"]:
        for seat in s["seats"]:
            won = "".join(f'<span class="badge badge-won">{_e(w)}</span>' for w in seat["won"])
            rows.append(
                f'<li class="reveal team-{seat["team"]}{" winner" if seat["won"] else ""}" data-reveal="{seat["seat"]}">'
                f'<span class="reveal-name">{_e(seat["name"])}</span>'
                f'<span class="reveal-cards">{_mini_cards(seat["cards"], art)}</span>'
                f'<span class="reveal-won">{won}</span></li>')
        hands = f'<h3>{_e(s["hands_title"])}</h3><ul class="reveals">{"".join(rows)}</ul>'
    else:
        hands = f'<p class="nobody">{_e(s["nobody"])}</p>'
    lances = "".join(
        f'<li class="team-{ln["team"] if ln["team"] is not None else "x"}">'
        f'<b>{_e(ln["name"])}</b> {_e(ln["result"])}'
        f'{(" → " + _e(ln["winner"])) if ln["winner"] else ""}</li>'
        for ln in s["lances"])
    ledger = "".join(
        f'<li class="team-{line["team"]}" data-ledger="{line["team"]}"><b>{_e(line["name"])}:</b> '
        f'{_e(line["text"])} <span class="total">= {line["total"]}</span></li>'
        for line in s["ledger"])
    banners = "".join(f'<p class="banner {"won" if b["won"] else "lost"}">{_e(b["text"])}</p>' for b in s["banners"])
    count = (f'<ul class="lance-results">{lances}</ul>'
             f'<h3>{_e(s["ledger_title"])}</h3><ul class="ledger">{ledger}</ul>'
             f'<p class="final-score">{_e(s["score_text"])}</p>' + reasons(s.get("reasons")))
    body = (f'{banners}<div class="showdown-grid"><div class="sd-hands">{hands}</div>'
            f'<div class="sd-count">{count}</div></div>'
            f'<div class="buttons sticky">{spec_button({**s["button"], "kind": "primary"})}</div>')
    return _panel(s["title"], body, "showdown")


def fin(f: dict[str, Any]) -> str:
    buttons = "".join(spec_button(b) for b in f["buttons"])
    body = (f'<p class="banner {"won" if f["won"] else "lost"}">{_e(f["headline"])}</p>'
            f'<p class="summary">{_e(f["summary"])}</p><div class="buttons">{buttons}</div>{stats(f["stats"])}')
    return _panel(f["title"], body, "fin")


def log_lines(view: dict[str, Any]) -> list[str]:
    log = view.get("log")
    return [_e(line) for line in log["lines"]] if log else []


def log_title(view: dict[str, Any]) -> str:
    log = view.get("log")
    return _e(log["title"]) if log else ""


# --- coach and reasons ---------------------------------------------------------------------------


def coach_panel(c: dict[str, Any] | None) -> str:
    """The coach's chances for the player's team (``view["coach"]``), if the setting is on."""
    if not c:
        return ""
    if c["pending"]:
        body = f'<p class="coach-working">{_e(c["working"])}</p>'
    else:
        rows = "".join(f'<li data-coach="{_e(ln["lance"])}"><span>{_e(ln["name"])}</span> '
                       f'<meter min="0" max="100" value="{ln["pct"]}"></meter> <b>{ln["pct"]} %</b></li>'
                       for ln in c["lances"])
        body = f'<ul class="coach-lances">{rows}</ul><p class="coach-tantos">{_e(c["tantos"])}</p>'
    return (f'<aside class="coach" aria-live="polite" aria-busy="{str(c["pending"]).lower()}">'
            f'<h3>{_e(c["title"])}</h3>{body}</aside>')


def toggles(items: list[dict[str, Any]]) -> str:
    """Checkboxes for on/off settings of the new-game screen (coach, reasons)."""
    boxes = "".join(f'<label class="check"><input type="checkbox" id="set-{_e(o["name"])}" '
                    f'data-setting="{_e(o["name"])}"{" checked" if o["checked"] else ""}>'
                    f'<span>{_e(o["label"])}</span></label>' for o in items)
    return f'<div class="setting toggles">{boxes}</div>' if boxes else ""


def reasons(r: dict[str, Any] | None) -> str:
    """The partner's reasons at the count."""
    if not r:
        return ""
    lines = "".join(f"<li>{_e(line)}</li>" for line in r["lines"])
    return f'<h3>{_e(r["title"])}</h3><ul class="reasons" data-reasons="2">{lines}</ul>'
