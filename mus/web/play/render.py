"""From a view dict to HTML, one string per region of the page. Pure.

``dom/play.py`` puts each region into the element with that id, only when it changed, and
appends new log lines (``log_update``). Controls use the site's one vocabulary
(``kit.commands``): engine actions are buttons with ``data-action`` (their notation), other
commands ``data-ui`` (and ``value``), the player's cards ``data-pos``, the new-game form
``data-setting``. Cards, hands and seat names are ``kit.table``'s. Face-down cards name no
card: the style sheet draws them all alike.
"""

from __future__ import annotations

from typing import Any

from ..kit.coach import coach_panel
from ..kit.deckart import DeckArt
from ..kit.faces import avatar, face_svg
from ..kit.html import attrs, button, esc
from ..kit.table import badge, bubble_parts, chosen, face, hand, hidden_hand, seat_name
from .panels import glossary_panel, help_panel, link_button, menu_panel, panel

REGIONS = ("topbar", "seat-0", "seat-1", "seat-2", "seat-3", "center", "controls", "overlay", "notices")


def _button_id(spec: dict[str, Any]) -> str:
    key = spec.get("action") or spec.get("ui") or "x"
    if spec.get("ui") == "nueva":
        key = "nueva-ask"
    elif spec.get("action") == "ordago":  # not the id of the button that asked: Enter there twice
        key = "ordago-yes"                # must not throw it
    # MicroPython's isalpha() knows ASCII letters only: the ñ of "señas" is kept by its code.
    return "b-" + "".join(c if c.isalpha() or c.isdigit() or ord(c) > 127 else "-" for c in key)


def spec_button(spec: dict[str, Any]) -> str:
    return button(spec["label"], action=spec.get("action"), ui=spec.get("ui"), kind=spec.get("kind", ""),
                  id_=_button_id(spec), extra=[("value", spec.get("value")), ("aria-label", spec.get("aria")),
                                               ("data-main", bool(spec.get("main")))])


# --- regions -----------------------------------------------------------------------------------


def regions(view: dict[str, Any], art: DeckArt | None = None) -> dict[str, tuple[str, str | None]]:
    """Region id → (inner HTML, class for the region element or None to leave it)."""
    return {name: ("".join(parts), cls) for name, (parts, cls) in region_parts(view, art).items()}


def region_parts(view: dict[str, Any], art: DeckArt | None = None) -> dict[str, tuple[tuple[str, ...], str | None]]:
    """Region id → (its inner HTML in parts, class for the region element or None to leave
    it). A region of several parts is a row of elements, one a part (an empty part is no
    element): a page redraws only the parts that changed, so a bot's call leaves the cards
    it did not touch, and their drawings, as they were."""
    out: dict[str, tuple[tuple[str, ...], str | None]] = {
        "topbar": (topbar(view), None),
        "center": (center(view), None),
        "controls": (controls(view), None),
        "overlay": ((overlay(view, art),), "overlay open" if overlay_open(view) else "overlay"),
        "notices": ((notices(view),), None),
    }
    seats = view.get("seats") or [None] * 4
    for n, seat_view in enumerate(seats):
        out[f"seat-{n}"] = seat(seat_view, n, view)
    return out


def overlay_open(view: dict[str, Any]) -> bool:
    """A panel covers the table: the new-game screen, the menu and its panels, a count or the end."""
    return bool(view.get("setup") or view.get("showdown") or view.get("fin") or view.get("help")
                or view.get("glossary") or view.get("menu"))


def dealt(view: dict[str, Any]) -> tuple[Any, ...]:
    """What the deal animation follows: the hand's number, the player's cards and each seat's
    discards (cards come when they change: a new hand, the serve)."""
    seats = view.get("seats")
    if not seats:
        return ()
    cards = seats[0]["cards"]
    return (view["hand_number"], tuple(c["card"] for c in cards) if cards else (),
            tuple(tuple(s["discards"]) for s in seats))


def coming(before: tuple[Any, ...], now: tuple[Any, ...]) -> list[list[int]]:
    """The positions of the cards that come to each seat from ``before`` to ``now`` (two
    ``dealt``): all four of a new hand's, and after a serve the player's new cards (where
    they sit in his hand, sorted again: not the cards he kept) and the last ones of each
    other hand, as many as it threw.

    >>> first = (1, ("Ro", "Rc", "Co", "6o"), ((), (), (), ()))
    >>> coming((), first) == coming((0, (), ()), first) == [[0, 1, 2, 3]] * 4
    True
    >>> coming(first, (1, ("Ro", "Rc", "Co", "2e"), ((1,), (2,), (4,), ())))
    [[3], [2, 3], [0, 1, 2, 3], []]
    >>> coming(first, (1, ("Rc", "Ce", "Co", "7b"), ((2,), (), (), ())))
    [[1, 3], [], [], []]
    >>> coming(first, first)
    [[], [], [], []]
    """
    if not now or before == now:
        return [[], [], [], []]
    if not before or before[0] != now[0]:
        return [[0, 1, 2, 3] for _ in range(4)]
    if before[1] == now[1]:
        return [[], [], [], []]
    mine = [i for i, card in enumerate(now[1]) if card not in before[1]]
    return [mine] + [list(range(4 - thrown[-1], 4)) if thrown else [] for thrown in now[2][1:]]


def log_update(shown: list[str], lines: list[str]) -> tuple[bool, list[str]]:
    """How the log box goes from the lines ``shown`` to ``lines``: (empty it first, the lines
    to append). New lines are appended; anything else starts it again.

    >>> log_update(["a"], ["a", "b"]), log_update(["a"], ["c"]), log_update(["a"], ["a"])
    ((False, ['b']), (True, ['c']), (False, []))
    """
    if lines == shown:
        return False, []
    if shown and lines[:len(shown)] == shown:
        return False, lines[len(shown):]
    return True, lines


def _short_button(spec: dict[str, Any]) -> str:
    """A top-bar button: its full text on wide screens, a short one on phones."""
    inner = f'<span class="long">{esc(spec["label"])}</span><span class="short">{esc(spec["short"])}</span>'
    pairs = attrs([("class", "btn"), ("id", _button_id(spec)), ("data-ui", spec["ui"]), ("value", spec.get("value")),
                   ("lang", spec.get("lang")), ("title", spec.get("aria")), ("aria-label", spec.get("name"))])
    return f"<button type=\"button\"{pairs}>{inner}</button>"


def topbar(view: dict[str, Any]) -> tuple[str, ...]:
    scores = view.get("scores")
    parts = ['<h1 class="brand">' + esc(view["title"]) + "</h1>"]
    welcome = view.get("welcome")
    if welcome:  # a first visit, before the player's first call: where to learn, where the score goes (0–0)
        links = "".join(link_button(x["href"], x["label"]) if "href" in x
                        else button(x["label"], ui=x["ui"], id_=f"b-welcome-{x['ui']}") for x in welcome["links"])
        parts.append(f'<nav class="welcome" aria-labelledby="welcome-title"><p id="welcome-title">{esc(welcome["text"])}</p>'
                     f'<div class="buttons">{links}</div></nav>')
    elif scores:
        for team in scores:
            stones = (f'<span class="stone-count" aria-hidden="true"><i class="amarraco"></i>{team["amarracos"]}</span>'
                      f'<span class="stone-count" aria-hidden="true"><i class="piedra"></i>{team["piedras"]}</span>')
            parts.append(
                f'<div class="score team-{team["team"]}">'
                f'<span class="score-name">{esc(team["name"])}</span>'
                f'<span class="score-short" aria-hidden="true">{esc(team["short"])}</span>'
                f'<span class="score-tantos"><span data-score="{team["team"]}" '
                f'data-said="score:{team["team"]}.{team["tantos"]}">{team["tantos"]}</span>'
                f'<small>{esc(team["target"])}</small></span>'
                f'<span class="stones" title="{esc(team["stones"])}">{stones}'
                f'<span class="sr-only">{esc(team["stones"])}</span></span>'
                f'<span class="score-juegos" title="{esc(team["juegos_label"])} {team["juegos"]}">'
                f'<span class="long">{esc(team["juegos_label"])} <b data-juegos="{team["team"]}">{team["juegos"]}</b>'
                f'<span class="vacas"> · {esc(team["vacas_label"])} <b data-vacas="{team["team"]}">'
                f'{team["vacas"]}</b></span></span>'
                f'<span class="short juego-pips" aria-hidden="true">{esc(team["juego_pips"])}</span></span></div>')
    buttons = []
    if scores:
        if view.get("previous_button"):  # on phones and tablets it is in the menu
            buttons.append(_short_button(view["previous_button"]).replace('class="btn"', 'class="btn wide-only"', 1))
        buttons.append(_short_button(view["help_button"]).replace('class="btn"', 'class="btn wide-only"', 1))
    if view.get("manos_button"):  # on phones and tablets, in the menu
        buttons.append(_short_button(view["manos_button"]).replace('class="btn"', 'class="btn wide-only"', 1))
    buttons.append(_short_button(view["lang_button"]))
    if scores:
        buttons.append(_short_button(view["menu_button"]))
    parts.append('<div class="topbar-buttons">' + "".join(buttons) + "</div>")
    return tuple(parts)


def seat(s: dict[str, Any] | None, n: int, view: dict[str, Any]) -> tuple[tuple[str, ...], str]:
    classes = f"seat seat-{n}"
    if s is None:  # no partida yet: the empty table of the skeleton, in the current language
        placeholders = '<span class="card placeholder"></span>' * 4
        hand_class = "hand" if n == 0 else "hand hidden-hand"
        return (f'<div class="plate">{seat_name(view["seat_names"][n])}</div>',
                f'<div class="{hand_class}">{placeholders}</div>'), classes
    if s["turn"]:
        classes += " turn"
    classes += f" team-{s['team']}" + (" senas-room" if s.get("senas_room") else "")
    badges = ""
    if s["mano"]:
        badges += badge("mano", s["mano_label"])
    if s["postre"]:
        badges += badge("postre", s["postre_label"])
    if s["discards"]:
        badges += (f'<span class="badge badge-discards" title="{esc(s["discards_label"])}">'
                   f'<span aria-hidden="true">⇄ {" · ".join(str(n) for n in s["discards"])}</span>'
                   f'<span class="sr-only">{esc(s["discards_label"])}</span></span>')
    for d in s["declared"]:
        badges += (f'<span class="badge badge-declared {"yes" if d["has"] else "no"}" data-declared="{d["lance"]}" '
                   f'title="{esc(d["text"])}"><span aria-hidden="true">{esc(d["letter"])}{"✓" if d["has"] else "✗"}</span>'
                   f'<span class="sr-only">{esc(d["text"])}</span></span>')
    for b in s["badges"]:  # the bet: it comes onto the table once
        badges += badge(b["kind"], b["text"], b.get("key"))
    value = ""
    if s.get("value"):
        value = (f'<span class="hand-value" title="{esc(s["value"]["label"])}">{esc(s["value"]["text"])}</span>')
    said = f' data-said="{esc(s["turn_key"])}"' if s.get("turn_key") else ""
    plate = f'<div class="plate"{said}>{plate_name(s)}{badges}{value}</div>'
    if s["cards"] is not None:
        selectable = bool(s.get("selectable"))
        cards = "".join(chosen(c["card"], c["label"], c["pos"], selected=c["selected"], selectable=selectable,
                               thrown=bool(c.get("thrown"))) for c in s["cards"])
        held = hand(cards, [("id", "hand"), ("class", "hand selectable" if selectable else "hand"),
                            ("data-hand", 0), ("data-deal", view.get("hand_number")), ("role", "group"),
                            ("aria-label", s["hand_label"])])
    else:
        # each hand's cards drawn anew (its number on them): the deal moves the cards that come
        held = hidden_hand(s["count"], s["hidden_label"], [("data-hand", n), ("data-deal", view.get("hand_number"))],
                           s.get("thrown") or (), bot_face(s))
    return ((plate, senas_block(s.get("senas"), n)) + bubble_parts(n, s["bubble"], s.get("talk"), s.get("said"))
            + (held,)), classes


def plate_name(s: dict[str, Any]) -> str:
    """A seat's name: a bot's own, with its style beside it on wide screens (its seat and
    style read out), or the player's."""
    bot = s.get("bot")
    if not bot:
        return seat_name(s["name"], s["short"])
    return (bot_face(s) + f'<span class="seat-name" aria-hidden="true">{esc(bot["name"])}</span>'
            f'<span class="seat-style" aria-hidden="true">{esc(bot["style"])}</span>'
            f'<span class="sr-only">{esc(bot["label"])}</span>')


def bot_face(s: dict[str, Any]) -> str:
    """A bot's face (``kit.faces.avatar``), drawn twice: on its plate (wide screens) and on its
    cards (phones, whose narrow columns have no room beside the name; the style sheet shows one)."""
    bot = s.get("bot")
    if not bot:
        return ""
    senas = s.get("senas")
    sena = senas["items"][0]["sena"] if senas and senas["items"] and not bot["talking"] else None
    face = avatar(bot["name"], bot["style_id"], talking=bot["talking"], sena=sena)
    return f'<span class="bot-face{" talking" if bot["talking"] else ""}" data-face="{esc(bot["name"])}">{face}</span>'


def center(view: dict[str, Any]) -> tuple[str, ...]:
    c = view.get("center")
    if not c:
        return ()
    coach = view.get("coach") or {}
    # phones show the coach's chance on each lance's chip, not in a box of its own
    chances = {line["lance"]: line["pct"] for line in coach.get("lances") or []}
    chips = []
    for ch in c["lances"]:
        cls = "chip" + (" current" if ch["current"] else "") + (" done" if ch["done"] else "")
        status = '<span class="chip-status">%s</span>' % esc(ch["status"]) if ch["status"] else ""
        chance = (f'<span class="chip-coach" aria-hidden="true">{chances[ch["lance"]]} %</span>'
                  if ch["lance"] in chances else "")
        chips.append(f'<li class="{cls}"><span class="chip-name">{esc(ch["name"])}</span>{status}{chance}</li>')
    bet = ""
    if c["bet"]:  # onto the table from the bettor's side; an órdago louder
        pairs = attrs([("class", "bet ordago" if c.get("ordago") else "bet"), ("data-from", c.get("bet_seat")),
                       ("data-said", c.get("bet_key"))])
        bet = f'<p{pairs}>{esc(c["bet"])}</p>'

    return (f'<p class="phase-line"><span id="phase" data-phase="{esc(c["phase"])}">{esc(c["phase_name"])}</span></p>',
            f'<ol class="lances">{"".join(chips)}</ol>', bet,
            f'<p class="status{" mine" if c["to_play"] == 0 else ""}">{esc(c["status"])}</p>',
            coach_panel(view.get("coach")))


def controls(view: dict[str, Any]) -> tuple[str, ...]:
    ctl = view.get("controls")
    if not ctl or overlay_open(view):
        return ()
    parts = [f'<p class="prompt" id="prompt">{esc(ctl["prompt"])}</p>'] if ctl["prompt"] else []
    parts.append(senas_preview(ctl.get("senas_preview")))
    buttons = [spec_button(b) for b in ctl["buttons"]]
    step = ctl.get("stepper")
    if step:
        quick = "".join(
            button(q["label"], ui=q["ui"], id_="b-quick-" + q["value"], class_extra="quick",
                   extra=[("value", q["value"]), ("aria-label", q["aria"]),
                          ("aria-pressed", "true" if q["pressed"] else "false")])
            for q in ctl.get("quick", []))
        buttons.append(
            f'<div class="stepper" role="group" aria-label="{esc(step["group_label"])}">'
            + button("−", ui="envite-less", id_="b-less",
                     extra=[("aria-label", step["less"]), ("disabled", step["amount"] <= step["min"])])
            + f'<output class="amount" aria-live="polite">{step["amount"]}</output>'
            + button("+", ui="envite-more", id_="b-more",
                     extra=[("aria-label", step["more"]), ("disabled", step["amount"] >= step["max"])])
            + (f'<span class="quick-amounts" role="group" aria-label="{esc(ctl["quick_label"])}">{quick}</span>'
               if quick else "")
            + button(step["label"], action=step["action"], kind="primary", id_="b-envido-n",
                     extra=[("data-main", bool(step.get("main")))])
            + "</div>")
    d = ctl.get("discard")
    if d:
        # aria-disabled, not disabled: it keeps the focus while cards are chosen with 1–4
        buttons.append(button(d["label"], action=d["action"], kind="primary", id_="b-descarte",
                              extra=[("aria-disabled", "true" if not d["enabled"] else None), ("data-main", True)]))
    if buttons:
        parts.append('<div class="buttons" role="group" aria-labelledby="prompt">' + "".join(buttons) + "</div>")
    o = ctl.get("ordago")
    if o:
        inner = (spec_button(o["confirm"]) + spec_button(o["cancel"])) if "confirm" in o else spec_button(o)
        parts.append(f'<div class="buttons ordago-apart{" confirming" if "confirm" in o else ""}">{inner}</div>')
    return tuple(parts)


def notices(view: dict[str, Any]) -> str:
    out = []
    for n in view.get("notices", []):
        dismiss = button(n["dismiss"], ui="dismiss", id_=f"b-dismiss-{n['kind']}", extra=[("value", n["kind"])]) \
            if n.get("dismiss") else ""
        out.append(f'<div class="notice notice-{n["kind"]}" role="alert"><p>{esc(n["text"])}</p>{dismiss}</div>')
    return "".join(out)


# --- overlays ------------------------------------------------------------------------------------


def overlay(view: dict[str, Any], art: DeckArt | None = None) -> str:
    if view.get("setup"):
        return setup(view["setup"], view.get("confirm"))
    if view.get("help"):
        return help_panel(view["help"])
    if view.get("glossary"):
        return glossary_panel(view["glossary"])
    if view.get("menu"):
        speed = view["menu"].get("speed")
        return menu_panel(view["menu"], stats(view["menu"]["stats"]), choices(speed) if speed else "")
    if view.get("showdown"):
        return showdown(view["showdown"], art)
    if view.get("fin"):
        return fin(view["fin"])
    return ""


def stats(s: dict[str, Any]) -> str:
    lines = "".join(f"<li>{esc(line)}</li>" for line in s["lines"])
    lances = "".join(f"<li>{esc(line)}</li>" for line in s["lances"])
    return (f'<section class="stats" aria-labelledby="stats-title"><h3 id="stats-title">{esc(s["title"])}</h3>'
            f'<ul>{lines}</ul>'
            + (f'<h4>{esc(s["lances_title"])}</h4><ul class="stats-lances">{lances}</ul>' if lances else "")
            + '</section>')


def choices(g: dict[str, Any]) -> str:
    """A setting's choices as radio buttons (``data-setting``), with a note under them if any."""
    options = []
    for o in g["options"]:
        pairs = attrs([("id", "set-%s-%s" % (g["name"], o["value"])), ("name", "set-" + g["name"]),
                       ("value", o["value"]), ("data-setting", g["name"]), ("checked", o["checked"])])
        options.append(f'<label class="choice"{attrs([("lang", o["lang"])])}><input type="radio"{pairs}>'
                       f'<span>{esc(o["label"])}</span></label>')
    note = f'<p class="setting-note">{esc(g["note"])}</p>' if g.get("note") else ""
    return (f'<div class="setting setting-{esc(g["name"])}"><fieldset class="choices"><legend>{esc(g["legend"])}</legend>'
            f'{"".join(options)}</fieldset>{note}</div>')


def setup(s: dict[str, Any], confirm: dict[str, Any] | None = None) -> str:
    groups = []
    for g in s["groups"]:
        if "check" in g:  # a yes/no option
            c = g["check"]
            groups.append(f'<div class="setting setting-{esc(g["name"])}"><label class="check"><input type="checkbox" id="set-{esc(g["name"])}"'
                          f' data-setting="{esc(g["name"])}"{" checked" if c["checked"] else ""}>'
                          f'<span>{esc(c["label"])}</span></label></div>')
            continue
        groups.append(choices(g))
    groups.append(toggles(s.get("toggles") or []))
    warning = f'<p class="warning">{esc(s["warning"])}</p>' if s["warning"] else ""
    warning = f'<p class="rules-summary">{esc(s["rules_summary"])}</p>' + warning
    buttons = "".join(spec_button(b) for b in s["buttons"])
    if confirm:  # leaving a partida in progress: asked in place of the buttons
        buttons = (f'<p class="confirm" id="confirm-text" role="alert">{esc(confirm["text"])}</p>'
                   + "".join(spec_button(b) for b in confirm["buttons"]))
    body = f'<div class="setup-form">{"".join(groups)}</div>{warning}{stats(s["stats"])}'
    return panel(s["title"], body, "setup", buttons)


def _mini_cards(cards: list[dict[str, str]], art: DeckArt | None) -> str:
    return "".join(face(c["card"], c["label"], art, " mini") for c in cards)


def _count_row(r: dict[str, Any], same_lance: bool = False) -> str:
    team = f"team-{r['team']}" if r["team"] is not None else "team-x"
    score = f"{r['score'][0]}–{r['score'][1]}" if r["score"] else ""
    notes = "".join(f'<span class="count-note{" reached" if r["reached"] else ""}">{esc(n)}</span>' for n in r["notes"])
    who = ""
    if r["who"]:  # phones show the short name; the full one is still read out
        who = (f'<b class="who"><span class="who-long">{esc(r["who"])}</span>'
               f'<span class="who-short" aria-hidden="true">{esc(r["who_short"])}</span></b> ')
    # a lance's second line: its name is read out but not shown again
    th_class, name_class = (' class="same"', ' class="sr-only"') if same_lance else ("", "")
    settled = " settled" if r.get("settled") else ""  # paid during the hand: phones leave the line out
    return (f'<tr class="count-row {r["kind"]} {team}{settled}" data-count-row="{esc(r["lance"])}" data-kind="{r["kind"]}">'
            f'<th scope="row"{th_class}><span{name_class}>{esc(r["lance_name"])}</span>'
            f'{"<small>" + esc(r["status"]) + "</small>" if r["status"] else ""}</th>'
            f'<td class="count-why">{who}<span>{esc(r["why"])}</span>{notes}</td>'
            f'<td class="count-points">{esc(r["points_text"])}</td>'
            f'<td class="count-score">{esc(score)}</td></tr>')


def showdown(s: dict[str, Any], art: DeckArt | None = None) -> str:
    if s["revealed"]:
        rows = []
        for seat in s["seats"]:
            mano = f'<span class="badge badge-mano">{esc(s["mano_label"])}</span>' if seat["mano"] else ""
            rows.append(
                f'<li class="reveal team-{seat["team"]}{" winner" if seat["won"] else ""}" data-reveal="{seat["seat"]}">'
                f'<span class="reveal-name"><span class="long">{esc(seat["name"])}</span>'
                f'<span class="short" aria-hidden="true">{esc(seat["short"])}</span>{mano}</span>'
                f'<span class="reveal-cards">{_mini_cards(seat["cards"], art)}</span>'
                f'<span class="reveal-hand">{esc(seat["hand_name"])}</span></li>')
        hands = f'<ul class="reveals">{"".join(rows)}</ul>'
    else:
        hands = f'<p class="nobody">{esc(s["nobody"])}</p>'
    head = "".join(f'<th scope="col">{esc(c)}</th>' for c in s["columns"])
    body = ""
    if s["during"]:
        body += (f'<tbody class="during"><tr><th colspan="4" scope="rowgroup">{esc(s["during_title"])}</th></tr>'
                 + "".join(_count_row(r) for r in s["during"]) + "</tbody>")
    body += (f'<tbody class="counted"><tr><th colspan="4" scope="rowgroup">{esc(s["count_title"])}</th></tr>'
             + "".join(_count_row(r, i > 0 and s["rows"][i - 1]["lance"] == r["lance"])
                       for i, r in enumerate(s["rows"])) + "</tbody>")
    table = f'<table class="count-table"><thead><tr>{head}</tr></thead>{body}</table>'
    closing = f'<p class="count-closing">{esc(s["closing"])}</p>' if s["closing"] else ""
    ledger = "".join(
        f'<li class="team-{line["team"]}" data-ledger="{line["team"]}" title="{esc(line["text"])}">'
        f'<b>{esc(line["name"])}</b> <span class="total">+{line["total"]}</span></li>'
        for line in s["ledger"])
    banners = "".join(f'<p class="banner {"won" if b["won"] else "lost"}">{esc(b["text"])}</p>' for b in s["banners"])
    said = "".join(f"<li>{esc(line)}</li>" for line in s["log"])
    log = (f'<details class="count-log"><summary>{esc(s["log_title"])}</summary><ol>{said}</ol></details>'
           if said else "")
    summary = (f'<div class="count-summary"><span>{esc(s["this_hand"])}:</span><ul class="ledger">{ledger}</ul>'
               f'<p class="final-score">{esc(s["score_text"])}</p></div>')
    main = dict(s["button"])
    main["kind"] = "primary"
    button = spec_button(main)
    if s.get("replay_button"):
        button += spec_button(s["replay_button"])
    body = (f'{banners}<div class="showdown-grid"><div class="sd-hands">{hands}{count_talk(s.get("talk") or [])}</div>'
            f'<div class="sd-count">{table}{closing}{summary}{reasons(s.get("reasons"))}{log}</div></div>')
    return panel(s["title"], body, "showdown" + (" review" if s.get("review") else ""), button)


def count_talk(items: list[dict[str, Any]]) -> str:
    """What a bot said at the count ("¡Solomillo!"), each a button that opens its meaning."""
    return "".join(
        f'<p class="count-talk"><button type="button" class="talk-chip" popovertarget="{esc(i["id"])}" '
        f'data-talk="{esc(i["key"])}" title="{esc(i["label"])}"><b>{esc(i["who"])}:</b> {esc(i["quoted"])}</button>'
        f'<span class="talk-means" id="{esc(i["id"])}" popover><span class="talk-quote">{esc(i["quoted"])}</span> '
        f'{esc(i["means"])}</span></p>' for i in items)


def fin(f: dict[str, Any]) -> str:
    """The end of a partida: the score in large, the winners, the moments, the record, the
    result to share; revancha, share and a new partida in the footer."""
    buttons = "".join(spec_button(b) for b in f["buttons"])
    a, b = f["score"]
    moments = "".join(f'<div class="moment" data-moment="{esc(m["kind"])}"><dt>{esc(m["label"])}</dt>'
                      f'<dd>{esc(m["text"])}</dd></div>' for m in f["moments"])
    share = f["share"]
    done = f'<span class="fin-shared">{esc(share["done"])}</span>' if share["done"] else ""
    body = (f'<div class="fin-result {"won" if f["won"] else "lost"}">'
            f'<p class="banner {"won" if f["won"] else "lost"}">{esc(f["headline"])}</p>'
            f'<p class="fin-score" role="img" aria-label="{esc(f["score_label"])}"><b>{a}</b><span>–</span><b>{b}</b>'
            f'<small>{esc(f["unit"])}</small></p>'
            f'<p class="fin-winners">{esc(f["winners"])}</p>'
            f'<p class="fin-share" aria-live="polite"><span id="share-text">{esc(share["text"])}</span>{done}</p></div>'
            f'<div class="fin-more"><h3>{esc(f["moments_title"])}</h3><dl class="fin-moments">{moments}</dl>'
            f'<p class="fin-record">{esc(f["record"])}</p></div>')
    return panel(f["title"], body, "fin", buttons)


def log_lines(view: dict[str, Any]) -> list[str]:
    log = view.get("log")
    return [esc(line) for line in log["lines"]] if log else []


def log_title(view: dict[str, Any]) -> str:
    log = view.get("log")
    return esc(log["title"]) if log else ""


# --- señas ------------------------------------------------------------------------------------


def _senas_button(title: str, items: list[dict[str, str]], key: str, caught: str = "") -> str:
    """A seat's señas as one button (a finger-sized target): a face and a short label per seña,
    each with its gesture and meaning in words for screen readers; tapped or clicked, the words
    open in a popover (a native one: no script needed)."""
    tip = f"senas-{key}"
    faces = "".join(f'<span class="sena" data-sena="{esc(i["sena"])}">{face_svg(i["sena"])}'
                    f'<span class="sena-short" aria-hidden="true">{esc(i["short"])}</span>'
                    f'<span class="sr-only">{esc(i["text"])}</span></span>' for i in items)
    words = "".join(f"<li>{esc(i['text'])}</li>" for i in items)
    return (f'<button type="button" class="senas-button" popovertarget="{tip}">{caught}{faces}</button>'
            f'<div class="senas-words" id="{tip}" popover><p>{esc(title)}</p><ul>{words}</ul></div>')


def senas_block(s: dict[str, Any] | None, n: int) -> str:
    """A seat's señas as the player saw them: a drawn face per gesture and its meaning."""
    if not s:
        return ""
    caught = (f'<span class="badge badge-cazada">{esc(s["caught_label"])}</span>' if s["caught"] else "")
    return (f'<div class="senas" data-senas="{n}" role="group" aria-label="{esc(s["label"])}">'
            f'{_senas_button(s["label"], s["items"], str(n), caught)}</div>')


def senas_preview(p: dict[str, Any] | None) -> str:
    """At the señas step: the gestures the player's hand would show."""
    if not p:
        return ""
    return (f'<div class="senas senas-preview" id="senas-preview" role="group" aria-label="{esc(p["title"])}">'
            f'{_senas_button(p["title"], p["items"], "preview")}</div>')


# --- coach and reasons ---------------------------------------------------------------------------


def toggles(items: list[dict[str, Any]]) -> str:
    """Checkboxes for on/off settings of the new-game screen (coach, reasons)."""
    boxes = "".join(f'<label class="check"><input type="checkbox" id="set-{esc(o["name"])}" '
                    f'data-setting="{esc(o["name"])}"{" checked" if o["checked"] else ""}>'
                    f'<span>{esc(o["label"])}</span></label>' for o in items)
    return f'<div class="setting toggles">{boxes}</div>' if boxes else ""


def reasons(r: dict[str, Any] | None) -> str:
    """The partner's reasons at the count."""
    if not r:
        return ""
    lines = "".join(f"<li>{esc(line)}</li>" for line in r["lines"])
    return f'<h3>{esc(r["title"])}</h3><ul class="reasons" data-reasons="2">{lines}</ul>'
