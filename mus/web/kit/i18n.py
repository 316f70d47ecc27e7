"""Every text the player reads, in Spanish (default) and English. Pure Python.

>>> t("en", "team", team=0)
'Us'
>>> t("es", "prompt.raise", n=3, total=5, keep=2)
'Te suben 3: van 5. Si no quieres, se llevan 2'
>>> card_name("es", "Ro"), card_name("en", "7b"), card_name("es", "5o", running=True)
('Rey de oros', 'Seven of clubs', 'cinco de oros')
>>> speech("es", "envido 5", raise_=True), speech("en", "envido 5", raise_=True)
('Envido 5 más', '5 more!')
>>> spoken_ledger("es", [
...     {"team": 1, "points": 3, "reason": "3 de duples", "lance": "pares", "seat": 1},
...     {"team": 1, "points": 2, "reason": "2 de medias del compañero", "lance": "pares", "seat": 3}])
[{'team': 1, 'text': '3 de duples y 2 de medias del compañero', 'total': 5}]
>>> stones("es", 23)
'4 amarracos y 3 piedras'
"""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from .i18n_talk import TEXTS as TABLE_TEXTS

LANGS = ("es", "en")
DEFAULT_LANG = "es"
LANCES = ("grande", "chica", "pares", "juego", "punto")

RANKS = {
    "es": {"R": "Rey", "C": "Caballo", "S": "Sota", "7": "Siete", "6": "Seis", "5": "Cinco",
           "4": "Cuatro", "3": "Tres", "2": "Dos", "A": "As"},
    "en": {"R": "King", "C": "Knight", "S": "Jack", "7": "Seven", "6": "Six", "5": "Five",
           "4": "Four", "3": "Three", "2": "Two", "A": "Ace"},
}
SUITS = {
    "es": {"o": "oros", "c": "copas", "e": "espadas", "b": "bastos"},
    "en": {"o": "coins", "c": "cups", "e": "swords", "b": "clubs"},
}

STRINGS: dict[str, dict[str, str]] = {
    "es": {
        "title": "Mus",
        "table": "Mesa de mus",
        "seat.0": "Tú", "seat.1": "Rival de la derecha", "seat.2": "Compañero", "seat.3": "Rival de la izquierda",
        "seat.short.0": "Tú", "seat.short.1": "Derecha", "seat.short.2": "Compañero", "seat.short.3": "Izquierda",
        "seat.2.f": "Compañera", "seat.short.2.f": "Compañera",
        "team.0": "Nosotros", "team.1": "Ellos", "team.short.0": "Nosotros", "team.short.1": "Ellos",
        "phase.mus": "Mus", "phase.descarte": "Descarte", "phase.grande": "Grande",
        "phase.chica": "Chica", "phase.pares": "Pares", "phase.juego": "Juego",
        "phase.punto": "Punto", "phase.fin": "Fin de la partida",
        "mano": "Mano", "postre": "Postre",
        "your_hand": "Tu mano", "controls": "Tus jugadas", "face_down": "{name}: {n} cartas boca abajo",
        "turn.you": "Te toca", "turn.1": "Le toca al rival de la derecha", "turn.2": "Le toca a tu compañero",
        "turn.3": "Le toca al rival de la izquierda",
        "prompt.mus": "¿Quieres mus?", "prompt.descarte": "Elige de 1 a 4 cartas para descartar",
        "prompt.bet": "¿Qué dices {to}?", "prompt.envite": "Te envidan {n} {to}",
        "prompt.raise": "Te suben {n}: van {total}. Si no quieres, se llevan {keep}",
        "prompt.ordago": "¡Órdago {to}! Si lo quieres, este lance decide el juego; si no, se llevan {keep}",
        "prompt.ordago_confirm": "¿Órdago {to}? Si lo quieren, ese lance lo decide todo. ¿Lo echas?",
        "prompt.partner": "Tu compañero envida: contestan los rivales",
        "to.grande": "a la grande", "to.chica": "a la chica", "to.pares": "a pares", "to.juego": "a juego",
        "to.punto": "al punto",
        "waiting.1": "Esperando al rival de la derecha…", "waiting.2": "Esperando a tu compañero…",
        "waiting.3": "Esperando al rival de la izquierda…",
        "act.mus": "Mus", "act.no hay mus": "No hay mus", "act.paso": "Paso",
        "act.envido": "Envido", "act.envido_n": "Envido {n}", "act.raise_n": "Envido {n} más",
        "act.quiero": "Quiero", "act.no quiero": "No quiero", "act.ordago": "Órdago",
        "act.quiero_n": "Quiero ({n})", "act.no_quiero_n": "No quiero (−{n})", "act.quiero_ordago": "Quiero el órdago",
        "act.raise_total": "{n} más ({total})", "act.ordago_confirm": "Sí, ¡órdago!",
        "act.cancel": "Cancelar", "act.quick": "Cantidades rápidas", "act.quick_n": "Envite de {n}",
        "act.help": "Ayuda", "act.help.short": "?", "act.close": "Cerrar",
        "act.previous": "Jugada anterior", "act.confirm_nueva": "Sí, abandonar y empezar",
        "act.descarte": "Descartar {n}", "act.descarte_none": "Descartar",
        "act.continuar": "Siguiente jugada", "act.ver_final": "Ver el resultado",
        "act.nueva": "Empezar partida", "act.revancha": "Revancha", "act.menu": "Nueva partida…", "act.menu.short": "Nueva",
        "act.volver": "Volver a la partida", "act.lang": "English",
        "act.lang.label": "Switch to English",
        "stepper.less": "Envidar uno menos", "stepper.more": "Envidar uno más",
        "stepper.label": "Cantidad del envite",
        "say.mus": "Mus", "say.no hay mus": "No hay mus", "say.paso": "Paso",
        "say.envido": "¡Envido!", "say.envido_n": "Envido {n}", "say.raise_n": "Envido {n} más",
        "say.quiero": "Quiero", "say.no quiero": "No quiero", "say.ordago": "¡Órdago!",
        "say.pares sí": "Pares sí", "say.pares no": "Pares no",
        "say.juego sí": "Juego sí", "say.juego no": "Juego no",
        # how many cards a player asks for, as said at the table ("¿cuántas?" "dame dos")
        "say.descarte.1": "Dame una", "say.descarte.2": "Dame dos", "say.descarte.3": "Dame tres",
        "say.descarte.4": "Dame cuatro",
        "log.servido": "Se sirven las cartas", "log.line": "{name}: {text}",
        "log.title": "Lo que se ha dicho", "log.hand.0": "Jugada {n} · eres mano",
        "log.hand.1": "Jugada {n} · es mano el rival de la derecha", "log.hand.2": "Jugada {n} · es mano tu compañero",
        "log.hand.3": "Jugada {n} · es mano el rival de la izquierda",
        "score.title": "Tanteo", "score.tantos": "{n} tantos", "score.target": "a {n}",
        "score.juegos": "Juegos", "score.vacas": "Vacas", "score.juegos_to_win": "Vaca a {n} juegos",
        "stones.none": "sin piedras", "stones.piedra": "{n} piedra", "stones.piedras": "{n} piedras",
        "stones.amarraco": "{n} amarraco", "stones.amarracos": "{n} amarracos", "and": "y",
        "bet.table": "En la mesa: {n}", "bet.pending": "Envite: {n}", "bet.ordago": "¡Órdago!",
        "lance.paso": "en paso", "lance.querido": "{n} querido", "lance.deje": "no querido ({n})",
        "lance.ordago": "órdago querido", "lance.sin envite": "sin envite", "lance.now": "ahora",
        "declared.pares": "Pares", "declared.juego": "Juego",
        "showdown.title": "Jugada {n}: el recuento", "showdown.nobody": "Nadie enseña las cartas: la jugada acabó en un no querido.",
        "showdown.winner": "{lance}: {name}", "showdown.total": "{n} en total",
        "showdown.nothing": "no se lleva nada", "showdown.score": "Tanteo: {a} – {b}",
        "showdown.won": "Gana",
        "juego.us": "¡Juego para nosotros!", "juego.them": "Juego para ellos",
        "vaca.us": "¡Y la vaca es nuestra!", "vaca.them": "Y la vaca es suya",
        "fin.us": "¡Habéis ganado la partida!", "fin.them": "Han ganado ellos la partida",
        "fin.title": "Fin de la partida", "fin.summary": "Juegos {a} – {b} · Vacas {c} – {d}",
        "fin.juegos": "Juegos: nosotros {a}, ellos {b}", "fin.vacas": "Vacas: nosotros {a}, ellos {b}",
        "fin.juego": "Juego {n}: {a} – {b}, {who}", "fin.juego.0": "para nosotros", "fin.juego.1": "para ellos",
        "fin.hands": "{n} jugadas; lances ganados: nosotros {a}, ellos {b}",
        "setup.title": "Nueva partida", "setup.level": "Dificultad",
        "level.facil": "Fácil", "level.normal": "Normal", "level.dificil": "Difícil",
        "level.random": "Al azar",
        "setup.coach": "Entrenador: tus opciones en cada lance mientras juegas",
        "setup.reasons": "Razones de tu compañero en el recuento",
        "coach.title": "Entrenador",
        "coach.working": "Calculando…",
        "coach.tantos": "Tantos esperados en la mano: nosotros {a}, ellos {b}",
        "reasons.title": "Por qué jugó así tu compañero",
        "reasons.none": "Tu compañero no tuvo que decidir nada.",
        "reasons.title.f": "Por qué jugó así tu compañera",
        "reasons.none.f": "Tu compañera no tuvo que decidir nada.",
        "setup.speed": "Velocidad", "speed.lenta": "Lenta", "speed.normal": "Normal",
        "speed.rapida": "Rápida", "speed.instantanea": "Instantánea",
        "setup.lang": "Idioma", "lang.es": "Español", "lang.en": "English",
        "setup.resume": "Tienes una partida a medias: empezar otra la abandona.",
        "stats.title": "Tus estadísticas", "stats.none": "Aún no has terminado ninguna partida.",
        "stats.partidas": "Partidas: {won} ganadas de {n}", "stats.juegos": "Juegos: {won} ganados de {n}",
        "stats.manos": "Jugadas: {won} ganadas de {n}", "stats.lance": "{lance}: {won} de {n}",
        "stats.partidas.one": "Partidas: 1 ganada de {n}", "stats.juegos.one": "Juegos: 1 ganado de {n}",
        "stats.manos.one": "Jugadas: 1 ganada de {n}",
        "stats.lances": "Lances ganados",
        "notice.memory": "Este navegador no deja guardar (modo privado o página incrustada): "
                         "la partida se perderá al cerrar o recargar la página.",
        "notice.corrupt": "No se ha podido recuperar la partida guardada ({why}). No la hemos borrado: "
                          "queda apartada como «{key}». Aquí tienes una partida nueva. Guardamos solo las 3 últimas copias apartadas de cada dato.",
        "why.unreadable": "el guardado está dañado", "why.newer": "es de una versión más nueva del juego",
        "why.invalid": "sus jugadas no son válidas",
        "notice.close": "Entendido", "welcome": "¿Nuevo en el mus?",
        "notice.update": "Hay una versión nueva: se pondrá en marcha al terminar esta mano.",
        "notice.elsewhere": "La partida ha seguido en otra ventana: aquí tienes cómo va ahora.",
        "notice.unsaved": "No se puede guardar: el almacenamiento del navegador está lleno o no lo permite. "
                          "Si recargas o cierras la página, {lost}. En cuanto se pueda, se guardará sola.",
        "lost.partida": "perderás esta partida", "lost.changes": "perderás los últimos cambios",
        "lost.turn": "la partida volverá a como estaba hace 1 turno",
        "lost.turns": "la partida volverá a como estaba hace {n} turnos",
        "notice.saved": "Ya se puede guardar otra vez: la partida está guardada.",
        "notice.corrupt-other": "Otra ventana ha dejado un guardado que no se puede leer ({why}). "
                                "No lo hemos borrado: queda apartado como «{key}». Tu partida sigue guardada aquí. Guardamos solo las 3 últimas copias apartadas de cada dato.",
        "notice.kept-settings": "Tus ajustes guardados no se podían leer del todo: usamos los que sí. "
                                "No los hemos borrado: quedan apartados como «{key}». Guardamos solo las 3 últimas copias apartadas de cada dato.",
        "notice.kept-stats": "Tus estadísticas guardadas no se podían leer del todo: usamos las que sí. "
                             "No las hemos borrado: quedan apartadas como «{key}». Guardamos solo las 3 últimas copias apartadas de cada dato.",
        "deal.replace": "Tienes una partida a medias. ¿La dejas para jugar esta mano?",
        "notice.bad-deal": "El enlace pide una mano que no se puede jugar ({detail}). No hemos cambiado nada.",
        "count.during": "Durante la jugada", "count.count": "Recuento",
        "count.col.lance": "Lance", "count.col.who": "Quién y por qué", "count.col.points": "Tantos",
        "count.col.score": "Tanteo",
        "count.no_pares": "nadie tiene pares", "count.deje": "no querido", "count.deje_done": "no querido: cobrado arriba",
        "count.uncounted": "no se cuenta", "count.nothing": "no se lleva nada",
        "count.reached.0": "llegamos a {n}: no se cuenta más", "count.reached.1": "llegan a {n}: no se cuenta más",
        "count.tie_mano": "empate: gana la mano", "count.tie_seat": "empate: gana quien está más cerca de la mano",
        "count.ordago": "Órdago querido {to}: {winner}, y con él el juego; el resto no se cuenta.",
        "winner.0": "lo ganas tú", "winner.1": "lo gana el rival de la derecha", "winner.2": "lo gana tu compañero",
        "winner.3": "lo gana el rival de la izquierda",
        "count.mano": "mano", "count.log": "Lo que se dijo", "count.this_hand": "Esta jugada",
        "count.points": "+{n}",
        "hand.pareja": "pareja de {rank}", "hand.medias": "medias de {rank}", "hand.duples": "duples de {a} y {b}",
        "hand.duples_same": "duples de {a}", "hand.31": "la 31", "hand.juego": "juego de {n}",
        "hand.punto": "punto {n}", "hand.ciego": "ciego", "hand.sep": " · ",
        "rank.R": "reyes", "rank.C": "caballos", "rank.S": "sotas", "rank.7": "sietes", "rank.6": "seises",
        "rank.5": "cincos", "rank.4": "cuatros", "rank.3": "treses", "rank.2": "doses", "rank.A": "ases",
        "plate.discards": "Descartes: {list}", "plate.bet": "Envite {n}", "plate.ordago": "Órdago",
        "plate.yes": "{lance}: sí", "plate.no": "{lance}: no", "plate.value": "Tu jugada: {text}",
        "confirm.nueva": "¿Abandonar la partida en curso? Se perderá.",
        "help.title": "Cómo se juega aquí",
        "help.play": "Juegas con tu compañero (arriba) contra los dos rivales. Primero se decide si hay mus "
                     "(cambiar cartas); luego se juegan por orden grande, chica, pares y juego (o punto). "
                     "Solo se ofrecen las jugadas legales; al final de cada jugada se cuentan los tantos.",
        "help.keys": "Teclado: Tab para moverte, Intro o Espacio para pulsar, 1–4 para elegir las cartas "
                     "que descartas, Esc para cerrar.",
        "help.stones": "En el marcador, cada piedra vale 1 tanto y cada amarraco 5. Gana el juego quien llega "
                       "antes a {n} tantos.",
        "help.bets": "Envidar apuesta tantos; «no quiero» da al que envidó lo que ya había en la mesa (1 si nada). "
                     "Un órdago juega el juego entero a ese lance y pide confirmación.",
        "help.piedra": "piedra = 1 tanto", "help.amarraco": "amarraco = 5 tantos",
        "help.lessons": "¿Aprendiendo? Lecciones interactivas, paso a paso",
        "menu": "Menú",
        "loading": "Preparando la mesa…",
        # --- señas ---
        "phase.senas": "Señas",
        "act.señas": "Hacer señas", "act.sin señas": "Sin señas",
        "say.señas": "Hace señas", "say.señas_you": "Hago señas", "say.señas_caught": "Señas cazadas",
        "say.sin señas": "Sin señas", "bubble.señas": "Señas",
        "prompt.senas": "¿Haces señas a tu compañero?",
        "prompt.senas_none": "Tu mano no permite ninguna seña",
        "senas.label": "Señas de {name}", "senas.label_you": "Tus señas", "senas.caught": "cazada", "senas.preview": "Lo que enseñarías",
        "senas.item": "{gesture}: {sena}",
        "sena.dos reyes": "dos reyes", "sena.dos ases": "dos ases", "sena.medias de reyes": "medias de reyes",
        "sena.medias de ases": "medias de ases", "sena.duples": "duples", "sena.la 31": "la 31",
        "sena.ciego": "ciego",
        "sena.short.dos reyes": "2 reyes", "sena.short.dos ases": "2 ases", "sena.short.medias de reyes": "medias",
        "sena.short.medias de ases": "medias", "sena.short.duples": "duples", "sena.short.la 31": "31",
        "sena.short.ciego": "ciego",
        "gesture.dos reyes": "se muerde el labio", "gesture.dos ases": "saca la punta de la lengua",
        "gesture.medias de reyes": "tuerce la boca hacia un lado",
        "gesture.medias de ases": "saca la lengua hacia un lado", "gesture.duples": "levanta las cejas",
        "gesture.la 31": "guiña un ojo", "gesture.ciego": "cierra los ojos",
        "rules.title": "Reglas: {list}",
    },
    "en": {
        "title": "Mus",
        "table": "Mus table",
        "seat.0": "You", "seat.1": "Right-hand rival", "seat.2": "Partner", "seat.3": "Left-hand rival",
        "seat.short.0": "You", "seat.short.1": "Right", "seat.short.2": "Partner", "seat.short.3": "Left",
        "seat.2.f": "Partner", "seat.short.2.f": "Partner",
        "team.0": "Us", "team.1": "Them", "team.short.0": "Us", "team.short.1": "Them",
        "phase.mus": "Mus", "phase.descarte": "Discard", "phase.grande": "Grande (high)",
        "phase.chica": "Chica (low)", "phase.pares": "Pares", "phase.juego": "Juego (31+)",
        "phase.punto": "Punto", "phase.fin": "Match over",
        "mano": "Mano", "postre": "Postre",
        "your_hand": "Your hand", "controls": "Your moves", "face_down": "{name}: {n} cards face down",
        "turn.you": "Your turn", "turn.1": "The right-hand rival is to play", "turn.2": "Your partner is to play",
        "turn.3": "The left-hand rival is to play",
        "prompt.mus": "Mus (change cards)?", "prompt.descarte": "Pick 1 to 4 cards to discard",
        "prompt.bet": "What do you say {to}?", "prompt.envite": "They bet {n} {to}",
        "prompt.raise": "They raise {n}: {total} at stake. If you decline, they take {keep}",
        "prompt.ordago": "Órdago {to}! Accept and this lance decides the juego; decline and they take {keep}",
        "prompt.ordago_confirm": "Órdago {to}? If they accept, that lance decides it all. Call it?",
        "prompt.partner": "Your partner bets: the rivals answer",
        "to.grande": "at grande", "to.chica": "at chica", "to.pares": "at pares", "to.juego": "at juego",
        "to.punto": "at punto",
        "waiting.1": "Waiting for the right-hand rival…", "waiting.2": "Waiting for your partner…",
        "waiting.3": "Waiting for the left-hand rival…",
        "act.mus": "Mus", "act.no hay mus": "No mus", "act.paso": "Pass",
        "act.envido": "Envido", "act.envido_n": "Envido {n}", "act.raise_n": "Envido {n} more",
        "act.quiero": "Accept", "act.no quiero": "Decline", "act.ordago": "Órdago (all in)",
        "act.quiero_n": "Accept ({n})", "act.no_quiero_n": "Decline (−{n})", "act.quiero_ordago": "Accept the órdago",
        "act.raise_total": "{n} more ({total})", "act.ordago_confirm": "Yes, órdago!",
        "act.cancel": "Cancel", "act.quick": "Quick amounts", "act.quick_n": "Bet {n}",
        "act.help": "Help", "act.help.short": "?", "act.close": "Close",
        "act.previous": "Previous hand", "act.confirm_nueva": "Yes, abandon it and start",
        "act.descarte": "Discard {n}", "act.descarte_none": "Discard",
        "act.continuar": "Next hand", "act.ver_final": "See the result",
        "act.nueva": "Start match", "act.revancha": "Rematch", "act.menu": "New match…", "act.menu.short": "New",
        "act.volver": "Back to the match", "act.lang": "Español",
        "act.lang.label": "Cambiar a español",
        "stepper.less": "Bet one less", "stepper.more": "Bet one more",
        "stepper.label": "Bet amount",
        "say.mus": "Mus", "say.no hay mus": "No mus", "say.paso": "Pass",
        "say.envido": "Envido!", "say.envido_n": "Envido {n}!", "say.raise_n": "{n} more!",
        "say.quiero": "Accepted", "say.no quiero": "Declined", "say.ordago": "Órdago!",
        "say.pares sí": "Pares: yes", "say.pares no": "Pares: no",
        "say.juego sí": "Juego: yes", "say.juego no": "Juego: no",
        "say.descarte.1": "One card", "say.descarte.2": "Two cards", "say.descarte.3": "Three cards",
        "say.descarte.4": "Four cards",
        "log.servido": "New cards are dealt", "log.line": "{name}: {text}",
        "log.title": "Calls", "log.hand.0": "Hand {n} · you are mano",
        "log.hand.1": "Hand {n} · the right-hand rival is mano", "log.hand.2": "Hand {n} · your partner is mano",
        "log.hand.3": "Hand {n} · the left-hand rival is mano",
        "score.title": "Score", "score.tantos": "{n} tantos", "score.target": "to {n}",
        "score.juegos": "Juegos", "score.vacas": "Vacas", "score.juegos_to_win": "Vaca: first to {n} juegos",
        "stones.none": "no stones", "stones.piedra": "{n} piedra", "stones.piedras": "{n} piedras",
        "stones.amarraco": "{n} amarraco", "stones.amarracos": "{n} amarracos", "and": "and",
        "bet.table": "On the table: {n}", "bet.pending": "Bet: {n}", "bet.ordago": "Órdago!",
        "lance.paso": "all passed", "lance.querido": "{n} accepted", "lance.deje": "declined ({n})",
        "lance.ordago": "órdago accepted", "lance.sin envite": "no betting", "lance.now": "now",
        "declared.pares": "Pares", "declared.juego": "Juego",
        "showdown.title": "Hand {n}: the count", "showdown.nobody": "Nobody shows their cards: the hand ended with a declined bet.",
        "showdown.winner": "{lance}: {name}", "showdown.total": "{n} in all",
        "showdown.nothing": "scores nothing", "showdown.score": "Score: {a} – {b}",
        "showdown.won": "Wins",
        "juego.us": "We win the juego!", "juego.them": "They win the juego",
        "vaca.us": "And the vaca is ours!", "vaca.them": "And the vaca is theirs",
        "fin.us": "You won the match!", "fin.them": "They won the match",
        "fin.title": "Match over", "fin.summary": "Juegos won: {a} – {b} · vacas: {c} – {d}",
        "fin.juegos": "Juegos won: us {a}, them {b}", "fin.vacas": "Vacas won: us {a}, them {b}",
        "fin.juego": "Juego {n}: {a} – {b}, {who}", "fin.juego.0": "ours", "fin.juego.1": "theirs",
        "fin.hands": "{n} hands; lances won: us {a}, them {b}",
        "setup.title": "New match", "setup.level": "Difficulty",
        "level.facil": "Easy", "level.normal": "Normal", "level.dificil": "Hard",
        "level.random": "Random",
        "setup.coach": "Coach: your chances at each lance while you play",
        "setup.reasons": "Your partner's reasons at the count",
        "coach.title": "Coach",
        "coach.working": "Working it out…",
        "coach.tantos": "Expected tantos this hand: us {a}, them {b}",
        "reasons.title": "Why your partner played so",
        "reasons.none": "Your partner had nothing to decide.",
        "reasons.title.f": "Why your partner played so",
        "reasons.none.f": "Your partner had nothing to decide.",
        "setup.speed": "Speed", "speed.lenta": "Slow", "speed.normal": "Normal",
        "speed.rapida": "Fast", "speed.instantanea": "Instant",
        "setup.lang": "Language", "lang.es": "Español", "lang.en": "English",
        "setup.resume": "You have a match in progress: starting another abandons it.",
        "stats.title": "Your statistics", "stats.none": "You have not finished a match yet.",
        "stats.partidas": "Matches: {won} won of {n}", "stats.juegos": "Juegos: {won} won of {n}",
        "stats.manos": "Hands: {won} won of {n}", "stats.lance": "{lance}: {won} of {n}",
        "stats.partidas.one": "Matches: 1 won of {n}", "stats.juegos.one": "Juegos: 1 won of {n}",
        "stats.manos.one": "Hands: 1 won of {n}",
        "stats.lances": "Lances won",
        "notice.memory": "This browser does not allow saving (private mode or embedded page): "
                         "the match will be lost when the page is closed or reloaded.",
        "notice.corrupt": "The saved match could not be restored ({why}). It was not deleted: "
                          "it is kept aside as “{key}”. Here is a new match. Only the 3 latest copies set aside of each are kept.",
        "why.unreadable": "the save is damaged", "why.newer": "it comes from a newer version of the game",
        "why.invalid": "its moves are not valid",
        "notice.close": "OK", "welcome": "New to mus?",
        "notice.update": "A new version is ready: it starts when this hand ends.",
        "notice.elsewhere": "The match went on in another window: this is where it stands now.",
        "notice.unsaved": "Cannot save: the browser's storage is full or does not allow it. "
                          "If you reload or close the page, {lost}. It will save itself as soon as it can.",
        "lost.partida": "this match will be lost", "lost.changes": "your latest changes will be lost",
        "lost.turn": "the match will go back 1 turn", "lost.turns": "the match will go back {n} turns",
        "notice.saved": "Saving works again: your match is saved.",
        "notice.corrupt-other": "Another window left a save that cannot be read ({why}). "
                                "It was not deleted: it is kept aside as “{key}”. Your match is still saved here. Only the 3 latest copies set aside of each are kept.",
        "notice.kept-settings": "Your saved settings could not all be read: the rest are used. "
                                "They were not deleted: they are kept aside as “{key}”. Only the 3 latest copies set aside of each are kept.",
        "notice.kept-stats": "Your saved statistics could not all be read: the rest are used. "
                             "They were not deleted: they are kept aside as “{key}”. Only the 3 latest copies set aside of each are kept.",
        "deal.replace": "You have a match in progress. Leave it to play this hand?",
        "notice.bad-deal": "The link asks for a hand that cannot be played ({detail}). Nothing was changed.",
        "count.during": "During the hand", "count.count": "The count",
        "count.col.lance": "Lance", "count.col.who": "Who and why", "count.col.points": "Tantos",
        "count.col.score": "Score",
        "count.no_pares": "nobody has pares", "count.deje": "declined", "count.deje_done": "declined: scored above",
        "count.uncounted": "not counted", "count.nothing": "scores nothing",
        "count.reached.0": "we reach {n}: the count stops", "count.reached.1": "they reach {n}: the count stops",
        "count.tie_mano": "tied: the mano wins", "count.tie_seat": "tied: the one closer to the mano wins",
        "count.ordago": "Órdago accepted {to}: {winner}, and with it the juego; nothing else is counted.",
        "winner.0": "you win it", "winner.1": "the right-hand rival wins it", "winner.2": "your partner wins it",
        "winner.3": "the left-hand rival wins it",
        "count.mano": "mano", "count.log": "What was said", "count.this_hand": "This hand",
        "count.points": "+{n}",
        # the game's words stay (medias, duples, juego, punto, la 31, ciego: docs/glossary.md)
        "hand.pareja": "pair of {rank}", "hand.medias": "medias of {rank}", "hand.duples": "duples of {a} and {b}",
        "hand.duples_same": "duples of {a}", "hand.31": "la 31", "hand.juego": "juego {n}",
        "hand.punto": "punto {n}", "hand.ciego": "ciego", "hand.sep": " · ",
        "rank.R": "kings", "rank.C": "knights", "rank.S": "jacks", "rank.7": "sevens", "rank.6": "sixes",
        "rank.5": "fives", "rank.4": "fours", "rank.3": "threes", "rank.2": "twos", "rank.A": "aces",
        "plate.discards": "Discards: {list}", "plate.bet": "Bet {n}", "plate.ordago": "Órdago",
        "plate.yes": "{lance}: yes", "plate.no": "{lance}: no", "plate.value": "Your hand: {text}",
        "confirm.nueva": "Abandon the match in progress? It will be lost.",
        "help.title": "How to play here",
        "help.play": "You play with your partner (top) against the two rivals. First everyone decides on mus "
                     "(changing cards); then grande, chica, pares and juego (or punto) are played in turn. "
                     "Only legal calls are offered; the tantos are counted at the end of each hand.",
        "help.keys": "Keyboard: Tab to move, Enter or Space to press, 1–4 to pick the cards to discard, "
                     "Esc to close.",
        "help.stones": "On the scoreboard each piedra is worth 1 tanto and each amarraco 5. The first team to "
                       "{n} tantos wins the juego.",
        "help.bets": "An envite bets tantos; declining (no quiero) gives the bettor what was already on the table "
                     "(1 if nothing). An órdago stakes the whole juego on that lance and asks you to confirm.",
        "help.piedra": "piedra = 1 tanto", "help.amarraco": "amarraco = 5 tantos",
        "help.lessons": "Learn to play: interactive lessons, step by step",
        "menu": "Menu",
        "loading": "Setting up the table…",
        # --- señas (gestures keep their Spanish names, with an English gloss) ---
        "phase.senas": "Señas (signals)",
        "act.señas": "Make señas", "act.sin señas": "No señas",
        "say.señas": "Señas made", "say.señas_you": "Señas made", "say.señas_caught": "Señas caught",
        "say.sin señas": "No señas", "bubble.señas": "Señas",
        "prompt.senas": "Señas to your partner?",
        "prompt.senas_none": "Your hand allows no seña",
        "senas.label": "{name}: señas", "senas.label_you": "Your señas", "senas.caught": "cazada (caught)", "senas.preview": "What you would show",
        "senas.item": "{gesture}: {sena}",
        "sena.dos reyes": "dos reyes (two kings)", "sena.dos ases": "dos ases (two aces)",
        "sena.medias de reyes": "medias de reyes (three kings)",
        "sena.medias de ases": "medias de ases (three aces)", "sena.duples": "duples (two pairs)",
        "sena.la 31": "la 31 (exactly 31)", "sena.ciego": "ciego (blind: no pairs, under 29)",
        "sena.short.dos reyes": "2 reyes", "sena.short.dos ases": "2 ases", "sena.short.medias de reyes": "medias",
        "sena.short.medias de ases": "medias", "sena.short.duples": "duples", "sena.short.la 31": "31",
        "sena.short.ciego": "ciego",
        "gesture.dos reyes": "se muerde el labio (bites the lower lip)",
        "gesture.dos ases": "saca la punta de la lengua (shows the tip of the tongue)",
        "gesture.medias de reyes": "tuerce la boca (twists the mouth aside)",
        "gesture.medias de ases": "saca la lengua a un lado (tongue out to one side)",
        "gesture.duples": "levanta las cejas (raises the eyebrows)",
        "gesture.la 31": "guiña un ojo (winks)", "gesture.ciego": "cierra los ojos (closes the eyes)",
        "rules.title": "Rules: {list}",
    },
}


# The replays as the table offers them (the rest of the replays' texts: i18n_extra).
STRINGS["es"].update({
    "replay.open": "Ver la jugada", "replay.manos": "Jugadas", "replay.manos.title": "Jugadas de esta partida",
})
STRINGS["en"].update({
    "replay.open": "Replay", "replay.manos": "Hands", "replay.manos.title": "Hands of this match",
})

# The table's own words (sayings, advice, styles, the menu and the guide).
for _lang in LANGS:
    STRINGS[_lang].update(TABLE_TEXTS[_lang])


def lang_or_default(lang: object) -> str:
    return lang if isinstance(lang, str) and lang in LANGS else DEFAULT_LANG


def t(lang_: str, key_: str, **fields: Any) -> str:
    """The text for ``key_`` in ``lang_``, its ``{placeholders}`` filled from ``fields``;
    ``team=`` / ``seat=`` pick ``key.N`` entries, and ``gender="f"`` a ``key.f`` entry where
    the words change with the gender of whom they speak of (``Compañera``, ``her hand``).
    (The two are given by position: the underscores leave every other name to the fields,
    ``key`` for one.)

    >>> t("es", "seat", seat=2, gender="f"), t("es", "seat", seat=1, gender="f"), t("en", "seat", seat=2, gender="f")
    ('Compañera', 'Rival de la derecha', 'Partner')
    """
    key = key_
    table = STRINGS[lang_or_default(lang_)]
    if "team" in fields and key == "team":
        key = "team.%s" % fields["team"]
    if "seat" in fields and key in ("seat", "seat.short"):
        key = "%s.%s" % (key, fields["seat"])
    if fields.get("gender") == "f" and key + ".f" in table:
        key += ".f"
    text = table.get(key, STRINGS[DEFAULT_LANG].get(key, key))
    return text.format(**fields) if fields else text


def card_name(lang: str, card: str, running: bool = False) -> str:
    """'Ro' → 'Rey de oros' / 'King of coins' ('rey de oros' ``running`` in a sentence)."""
    lang = lang_or_default(lang)
    rank, suit = RANKS[lang][card[0]], SUITS[lang][card[1]]
    name = f"{rank} de {suit}" if lang == "es" else f"{rank} of {suit}"
    return lowered(name) if running else name


# MicroPython's str.lower() changes ASCII letters only: the others a sentence may start with.
ACCENTED_LOWER = {"Á": "á", "É": "é", "Í": "í", "Ó": "ó", "Ú": "ú", "Ñ": "ñ", "Ü": "ü"}


def lowered(text: str) -> str:
    """``text`` to run on in a sentence: its first letter in lower case.

    >>> lowered("Órdago!"), lowered("Envido 5")
    ('órdago!', 'envido 5')
    """
    first = text[:1]
    return ACCENTED_LOWER.get(first, first.lower()) + text[1:]


def lance_name(lang: str, lance: str) -> str:
    return t(lang, f"phase.{lance}")


def envido_amount(notation: str) -> int | None:
    """2 for 'envido', N for 'envido N', None for anything else."""
    head, _, rest = notation.partition(" ")
    if head != "envido":
        return None
    return int(rest) if rest.isdigit() else 2


def action_label(lang: str, notation: str, *, raise_: bool = False) -> str:
    """Button text for an engine action."""
    amount = envido_amount(notation)
    if amount is not None:
        if raise_:
            return t(lang, "act.raise_n", n=amount)
        return t(lang, "act.envido") if amount == 2 else t(lang, "act.envido_n", n=amount)
    if notation.startswith("descarte"):
        n = len(notation.split()) - 1
        return t(lang, "act.descarte", n=n) if n else t(lang, "act.descarte_none")
    return t(lang, f"act.{notation}")


def speech(lang: str, notation: str, *, raise_: bool = False, count: int = 0) -> str:
    """What a player says aloud for an action (speech bubble and log)."""
    amount = envido_amount(notation)
    if amount is not None:
        if raise_:
            return t(lang, "say.raise_n", n=amount)
        return t(lang, "say.envido") if amount == 2 else t(lang, "say.envido_n", n=amount)
    if notation.startswith("descarte"):
        return t(lang, f"say.descarte.{min(4, max(1, count))}")
    key = f"say.{notation}"
    return t(lang, key) if key in STRINGS[DEFAULT_LANG] else notation


def sena_text(lang: str, sena: str) -> str:
    """A seña as the table reads it: 'se muerde el labio: dos reyes'."""
    return t(lang, "senas.item", gesture=t(lang, f"gesture.{sena}"), sena=t(lang, f"sena.{sena}"))


def join_words(lang: str, parts: list[str]) -> str:
    """'a', 'a y b', 'a, b y c' (English: 'a, b and c')."""
    if len(parts) <= 1:
        return "".join(parts)
    return f"{', '.join(parts[:-1])} {t(lang, 'and')} {parts[-1]}"


def stones(lang: str, tantos: int) -> str:
    """Tantos as the table counts them: 5 piedras make 1 amarraco."""
    amarracos, piedras = divmod(max(0, tantos), 5)
    parts = []
    if amarracos:
        parts.append(t(lang, "stones.amarraco" if amarracos == 1 else "stones.amarracos", n=amarracos))
    if piedras:
        parts.append(t(lang, "stones.piedra" if piedras == 1 else "stones.piedras", n=piedras))
    return join_words(lang, parts) if parts else t(lang, "stones.none")


# --- the count, said aloud ----------------------------------------------------------

_ARTICLE = {"a grande": "grande", "a chica": "chica", "a pares": "pares", "a juego": "juego",
            "al punto": "punto"}
_EN_LANCE = {"grande": "grande", "chica": "chica", "pares": "pares", "juego": "juego", "punto": "punto"}
_EN_PARES = {"duples": "duples (two pairs)", "medias": "medias (three of a kind)", "pareja": "pair"}
_PARTNER = " del compañero"


def reason_text(lang: str, entry: Mapping[str, Any]) -> str:
    """One ledger line in words: '2 de envite a grande' / '2 for the bet at grande'.

    The engine's reasons are read word by word (no regular expressions: MicroPython's lack
    groups): 'N de envite a <lance>', 'N porque no', 'órdago a <lance>', 'N de <lance>',
    'N de <pares>', 'N de la 31', 'N de juego', those three maybe ' del compañero'."""
    reason = str(entry.get("reason", ""))
    if lang_or_default(lang) == "es":   # as a player says it: "1 del no quiero", not "1 porque no"
        number, _, rest = reason.partition(" ")
        return f"{number} del no quiero" if rest == "porque no" else reason
    points = entry.get("points", 0)
    if reason.startswith("órdago "):
        lance = _ARTICLE.get(reason[len("órdago "):])
        return f"the órdago at {_EN_LANCE[lance]}" if lance else reason
    number, _, rest = reason.partition(" ")
    if not number.isdigit():
        return reason
    if rest == "porque no":
        return f"{points} for the declined envite"
    what = rest[len("de "):] if rest.startswith("de ") else ""
    if what.startswith("envite "):
        lance = _ARTICLE.get(what[len("envite "):])
        return f"{points} for the envite at {_EN_LANCE[lance]}" if lance else reason
    if what in ("grande", "chica", "punto"):
        return f"{points} for {_EN_LANCE[what]}"
    whose = "partner's " if what.endswith(_PARTNER) else ""
    what = what[:-len(_PARTNER)] if whose else what
    if what in _EN_PARES:
        return f"{points} for {whose or ('a ' if what == 'pareja' else '')}{_EN_PARES[what]}"
    if what == "la 31":
        return f"{points} for {whose}31"
    if what == "juego":
        return f"{points} for {whose}juego"
    return reason


def spoken_ledger(lang: str, ledger: Sequence[Mapping[str, Any]]) -> list[dict[str, Any]]:
    """The count as players say it, one sentence per team in the order scored."""
    order: list[int] = []  # the teams, as they first scored
    for entry in ledger:
        if int(entry["team"]) not in order:
            order.append(int(entry["team"]))
    out = []
    for team in order:
        entries = [e for e in ledger if int(e["team"]) == team]
        out.append({"team": team, "text": join_words(lang, [reason_text(lang, e) for e in entries]),
                    "total": sum(int(e["points"]) for e in entries)})
    return out

