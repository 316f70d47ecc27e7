"""The texts only the replays and the lessons show, in the one i18n table (``i18n.STRINGS``).
Pure.

They are added to the table when the replays or the lessons are imported (their packages'
``__init__``), from the game's second zip with them: the table starts without them (a first
visit moves half a kilobyte less). Seats, teams, the calls said at the table, the mano's
badge, declarations and the count are the table's words, in ``i18n`` itself; so are the
replay buttons the table shows.

>>> from .i18n import t
>>> t("en", "lesson.right"), t("es", "lesson.score", a=1, b=2, target=40)
('Right!', 'Tanteo: nosotros 1 – ellos 2 (a 40)')
"""

from __future__ import annotations

from .i18n import STRINGS

# Moving through steps: the replay's and the lesson's buttons, and where they are.
STRINGS["es"].update({
    "step": "Paso {k} de {n}", "step.first": "Al principio", "step.prev": "Atrás",
    "step.next": "Siguiente", "step.last": "Al recuento",
})
STRINGS["en"].update({
    "step": "Step {k} of {n}", "step.first": "Start", "step.prev": "Back",
    "step.next": "Next", "step.last": "To the count",
})

# The replay, the "Manos" list and share links (mus/web/replay/).
STRINGS["es"].update({
    "replay.title": "Jugada {n}", "replay.shared": "Jugada compartida", "replay.view": "Ver las cartas de",
    "replay.all": "Todos", "replay.share": "Compartir", "replay.copy": "Copiar enlace",
    "replay.copied": "Enlace copiado", "replay.link": "Enlace a esta jugada",
    "replay.back": "Otras jugadas", "replay.close": "Volver a la partida", "replay.play": "Jugar al mus",
    "replay.manos.none": "Aún no ha terminado ninguna jugada.",
    "replay.item": "{hand} · nosotros +{a}, ellos +{b}",
    "replay.bad_link": "No se puede abrir la jugada del enlace: {why}",
    "replay.reason": "Por qué dijo «{action}» ({name}): {text}", "replay.coach": "Entrenador · {name}",
})
STRINGS["en"].update({
    "replay.title": "Hand {n}", "replay.shared": "Shared hand", "replay.view": "Show the cards of",
    "replay.all": "Everyone", "replay.share": "Share", "replay.copy": "Copy link",
    "replay.copied": "Link copied", "replay.link": "Link to this hand",
    "replay.back": "Other hands", "replay.close": "Back to the game", "replay.play": "Play mus",
    "replay.manos.none": "No hand has finished yet.",
    "replay.item": "{hand} · us +{a}, them +{b}",
    "replay.bad_link": "The hand in this link cannot be opened: {why}",
    "replay.reason": "Why “{action}” ({name}): {text}", "replay.coach": "Coach · {name}",
})

# The lessons (mus/web/lessons/): the player, its questions, and the index.
STRINGS["es"].update({
    "lesson.score": "Tanteo: nosotros {a} – ellos {b} (a {target})",
    "lesson.after": "Después: nosotros {a} – ellos {b}",
    "the.grande": "la grande", "the.chica": "la chica", "the.pares": "los pares", "the.juego": "el juego",
    "the.punto": "el punto",
    "lesson.ask.lance": "¿Quién gana {lance}? Toca al jugador.",
    "lesson.ask.juego_winner": "¿Qué pareja gana el juego? Toca a uno de sus jugadores.",
    "lesson.ask.tantos.0": "¿Cuántos tantos cobra vuestra pareja{at}?",
    "lesson.ask.tantos.1": "¿Cuántos tantos cobran los rivales{at}?",
    "lesson.ask.at": " en {lance}",
    "lesson.ask.points.0": "¿Cuántos puntos suman tus cartas?",
    "lesson.ask.points.n": "¿Cuántos puntos suman las cartas {whose}?",
    "lesson.whose.0": "tuyas", "lesson.whose.1": "del rival de la derecha", "lesson.whose.2": "de tu compañero",
    "lesson.whose.3": "del rival de la izquierda",
    "lesson.ask.descarte": "¿Qué descartas? Toca las cartas y pulsa «Descartar».",
    "lesson.ask.quiero": "¿Quieres?",
    "lesson.answer": "Responder", "lesson.number": "Tu respuesta",
    # the answers to "¿Quieres?" keep the Spanish call, with a gloss in English: they teach it
    "lesson.quiero": "Quiero", "lesson.no quiero": "No quiero",
    "lesson.right": "¡Bien!", "lesson.wrong": "No: la respuesta es {answer}.",
    "lesson.restart": "Empezar de nuevo", "lesson.index": "Todas las lecciones",
    "lesson.play": "Juega esta mano", "lesson.next": "Siguiente: {title}",
    "lesson.done": "Lección terminada: {right} de {total} respuestas bien a la primera.",
    "lesson.nothing": "Ni tú ni nadie tiene nada que contar.",
    "lesson.failed": "No se ha podido cargar la lección: {why}",
    "lesson.missing": "Falta la lección: embed.html?lesson=pares",
    "lessons.title": "Aprende a jugar al mus",
    "lessons.lead": "Lecciones cortas con manos de verdad: mira, responde y juega la mano contra los bots.",
    "lessons.summary": "{done} de {total} lecciones hechas",
    "lessons.progress.new": "sin empezar", "lessons.progress.started": "{right} de {total} bien a la primera",
    "lessons.progress.done": "✓ hecha · {right} de {total} bien a la primera",
    "lessons.memory": "Este navegador no deja guardar: tu progreso no se recordará.",
    "lessons.kept": "Tu progreso guardado no se podía leer del todo: usamos lo que sí. "
                    "No lo hemos borrado: queda apartado como «{key}». Guardamos solo las 3 últimas copias apartadas de cada dato.",
    "lessons.game": "Jugar una partida",
    "lessons.failed": "No se han podido cargar las lecciones: {why}",
    "lesson.juegos": "Juegos: nosotros {a} – ellos {b} (vaca a {n})",
    "lesson.vacas": "Vacas: nosotros {a} – ellos {b} (partida a {n})",
    "lesson.ask.mano": "¿Quién es mano en esta jugada? Toca al jugador.",
    "lesson.ask.senas.0": "¿Qué señas permite tu mano? Toca todas las que harías y pulsa «Responder».",
    "lesson.ask.senas.n": "¿Qué señas permite la mano {whose}? Toca todas las que haría y pulsa «Responder».",
    "lesson.ask.action": "¿Qué harías?",
    "lesson.senas.none": "ninguna", "lesson.senas.none_button": "Ninguna seña",
    "lesson.caught_by": "Las caza: {names}",
    # a wrong answer with a try left, the answer shown on request, and why an answer is wrong
    "lesson.no": "No.", "lesson.again": "Prueba otra vez.", "lesson.reveal": "Ver la respuesta",
    "lesson.shown": "La respuesta es {answer}.",
    "lesson.no.lance.none": "{name} no tiene {lance}.", "lesson.no.lance.none.you": "No tienes {lance}.",
    "lesson.no.lance.tie": "{name} empata, pero el empate es de quien está más cerca de la mano.",
    "lesson.no.lance.tie.you": "Empatas, pero el empate es de quien está más cerca de la mano.",
    "lesson.no.lance.beaten": "Hay cartas mejores que las {whose} en {lance}.",
    "lesson.no.juego_winner": "Esa pareja no llega antes a {target}: se cuenta lance por lance, en orden.",
    "lesson.no.more": "No son {n}: son más.", "lesson.no.less": "No son {n}: son menos.",
    "lesson.no.descarte.keep": "Tiras {cards}, que te convenía guardar.",
    "lesson.no.descarte.throw": "Te quedas {cards}, que te convenía tirar.",
    "lesson.no.quiero": "Si quieres, se enseñan las cartas: en {lance} gana el {name}, y el envite es para ellos.",
    "lesson.no.no quiero": "Sin querer, ellos cobran el deje; pero en {lance} ganáis vosotros: queriendo, el envite sería vuestro.",
    "lesson.no.mano.was": "{name} era mano en la jugada anterior: la mano se mueve en cada jugada.",
    "lesson.no.mano.was.you": "Eras mano en la jugada anterior: la mano se mueve en cada jugada.",
    "lesson.no.mano": "{name} no es mano: la mano pasa al jugador de la derecha del que lo era.",
    "lesson.no.mano.you": "No eres mano: la mano pasa al jugador de la derecha del que lo era.",
    "lesson.no.senas.extra": "Esa mano no permite: {list}. Las señas son siempre verdad.",
    "lesson.no.senas.missing": "Falta: {list}. Quien hace señas las hace todas.",
    "lesson.no.action.mus": "Con mus cambian cartas los cuatro, y la ventaja que tenéis ahora se puede perder.",
    "lesson.no.action.no hay mus": "Cortando se juegan estas cartas, y con ellas vais por detrás.",
    "lesson.no.action.paso": "Pasando, {lance} vale 1 tanto: con más de la mitad de las veces a favor, envidar cobra más.",
    "lesson.no.action.envido": "Con menos de la mitad de las veces a favor, vuestro envite lo cobrarían ellos más a menudo.",
    "lesson.coach.tantos": "El entrenador, con lo que tú ves: esta jugada daría de media {us} tantos a vuestra pareja y {them} a los rivales.",
    "lesson.coach.chance": "El entrenador, con lo que tú ves: vuestra pareja gana {lance} {pct} de cada 100 veces.",
})
STRINGS["en"].update({
    "lesson.score": "Score: us {a} – them {b} (to {target})",
    "lesson.after": "Then: us {a} – them {b}",
    "the.grande": "grande", "the.chica": "chica", "the.pares": "pares", "the.juego": "juego",
    "the.punto": "punto",
    "lesson.ask.lance": "Who wins {lance}? Tap the player.",
    "lesson.ask.juego_winner": "Which pareja wins the juego? Tap one of its players.",
    "lesson.ask.tantos.0": "How many tantos does your pareja collect{at}?",
    "lesson.ask.tantos.1": "How many tantos do the rivals collect{at}?",
    "lesson.ask.at": " at {lance}",
    "lesson.ask.points.0": "How many points are your cards worth?",
    "lesson.ask.points.n": "How many points are {whose} cards worth?",
    "lesson.whose.0": "yours", "lesson.whose.1": "the right-hand rival's", "lesson.whose.2": "your partner's",
    "lesson.whose.3": "the left-hand rival's",
    "lesson.ask.descarte": "What do you discard? Tap the cards, then “Discard”.",
    "lesson.ask.quiero": "Do you accept (quiero)?",
    "lesson.answer": "Answer", "lesson.number": "Your answer",
    "lesson.quiero": "Quiero (accept)", "lesson.no quiero": "No quiero (decline)",
    "lesson.right": "Right!", "lesson.wrong": "No: the answer is {answer}.",
    "lesson.restart": "Start again", "lesson.index": "All lessons",
    "lesson.play": "Play this hand", "lesson.next": "Next: {title}",
    "lesson.done": "Lesson done: {right} of {total} answers right at the first try.",
    "lesson.nothing": "Nobody has anything to count.",
    "lesson.failed": "The lesson could not load: {why}",
    "lesson.missing": "The lesson is missing: embed.html?lesson=pares",
    "lessons.title": "Learn to play Mus",
    "lessons.lead": "Short lessons with real hands: look, answer and play the hand against the bots.",
    "lessons.summary": "{done} of {total} lessons done",
    "lessons.progress.new": "not started", "lessons.progress.started": "{right} of {total} right at once",
    "lessons.progress.done": "✓ done · {right} of {total} right at once",
    "lessons.memory": "This browser does not let us save: your progress will not be remembered.",
    "lessons.kept": "Your saved progress could not all be read: the rest is used. "
                    "It was not deleted: it is kept aside as “{key}”. Only the 3 latest copies set aside of each are kept.",
    "lessons.game": "Play a game",
    "lessons.failed": "The lessons could not load: {why}",
    "lesson.juegos": "Juegos: us {a} – them {b} (vaca to {n})",
    "lesson.vacas": "Vacas: us {a} – them {b} (partida to {n})",
    "lesson.ask.mano": "Who is mano in this hand? Tap the player.",
    "lesson.ask.senas.0": "Which señas does your hand allow? Tap every one you would show, then “Answer”.",
    "lesson.ask.senas.n": "Which señas does {whose} hand allow? Tap every one it would show, then “Answer”.",
    "lesson.ask.action": "What would you do?",
    "lesson.senas.none": "none", "lesson.senas.none_button": "No seña",
    "lesson.caught_by": "Caught by: {names}",
    "lesson.no": "No.", "lesson.again": "Try again.", "lesson.reveal": "Show the answer",
    "lesson.shown": "The answer is {answer}.",
    "lesson.no.lance.none": "{name} has no {lance}.", "lesson.no.lance.none.you": "You have no {lance}.",
    "lesson.no.lance.tie": "{name} ties, but a tie goes to whoever is closer to the mano.",
    "lesson.no.lance.tie.you": "You tie, but a tie goes to whoever is closer to the mano.",
    "lesson.no.lance.beaten": "Someone holds better cards than {whose} at {lance}.",
    "lesson.no.juego_winner": "That pareja does not reach {target} first: the count goes lance by lance, in order.",
    "lesson.no.more": "Not {n}: more.", "lesson.no.less": "Not {n}: fewer.",
    "lesson.no.descarte.keep": "You throw {cards}, which you should keep.",
    "lesson.no.descarte.throw": "You keep {cards}, which you should throw.",
    "lesson.no.quiero": "If you accept, the cards are shown: the {name} wins {lance}, and the envite with it.",
    "lesson.no.no quiero": "Declining hands them the deje; but your pareja wins {lance}: accepting, the envite would be yours.",
    "lesson.no.mano.was": "{name} was mano in the hand before: the mano moves every hand.",
    "lesson.no.mano.was.you": "You were mano in the hand before: the mano moves every hand.",
    "lesson.no.mano": "{name} is not mano: the mano passes to the player on the right of the last one.",
    "lesson.no.mano.you": "You are not mano: the mano passes to the player on the right of the last one.",
    "lesson.no.senas.extra": "That hand does not allow: {list}. Señas are always true.",
    "lesson.no.senas.missing": "Missing: {list}. Whoever makes señas makes them all.",
    "lesson.no.action.mus": "With mus all four change cards, and the edge you have now can go.",
    "lesson.no.action.no hay mus": "Cutting plays these cards, and with them you are behind.",
    "lesson.no.action.paso": "Passing, {lance} is worth 1 tanto: winning more than half the time, an envite collects more.",
    "lesson.no.action.envido": "Winning less than half the time, your envite would go to them more often.",
    "lesson.coach.tantos": "The coach, from what you see: this hand would bring your pareja {us} tantos on average, and the rivals {them}.",
    "lesson.coach.chance": "The coach, from what you see: your pareja wins {lance} {pct} times in 100.",
})
