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
    "lesson.ask.points.n": "¿Cuántos puntos suman las cartas de {name}?",
    "lesson.ask.descarte": "¿Qué descartas? Toca las cartas y pulsa «Descartar».",
    "lesson.ask.quiero": "¿Quieres?",
    "lesson.answer": "Responder", "lesson.number": "Tu respuesta",
    # the answers to "¿Quieres?" keep the Spanish call, with a gloss in English: they teach it
    "lesson.quiero": "Quiero", "lesson.no quiero": "No quiero",
    "lesson.right": "¡Bien!", "lesson.wrong": "No: la respuesta es {answer}.",
    "lesson.restart": "Empezar de nuevo", "lesson.index": "Todas las lecciones",
    "lesson.play": "Juega esta mano", "lesson.next": "Siguiente: {title}",
    "lesson.done": "Lección terminada: {right} de {total} respuestas bien.",
    "lesson.nothing": "Ni tú ni nadie tiene nada que contar.",
    "lesson.failed": "No se ha podido cargar la lección: {why}",
    "lesson.missing": "Falta la lección: embed.html?lesson=pares",
    "lessons.title": "Aprende a jugar al mus",
    "lessons.lead": "Lecciones cortas con manos de verdad: mira, responde y juega la mano contra los bots.",
    "lessons.summary": "{done} de {total} lecciones hechas",
    "lessons.progress.new": "sin empezar", "lessons.progress.started": "{right} de {total} bien",
    "lessons.progress.done": "✓ hecha · {right} de {total} bien",
    "lessons.memory": "Este navegador no deja guardar: tu progreso no se recordará.",
    "lessons.kept": "Tu progreso guardado no se podía leer del todo: usamos lo que sí. "
                    "No lo hemos borrado: queda apartado como «{key}».",
    "lessons.game": "Jugar una partida",
    "lessons.failed": "No se han podido cargar las lecciones: {why}",
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
    "lesson.ask.points.n": "How many points are the cards of {name} worth?",
    "lesson.ask.descarte": "What do you discard? Tap the cards, then “Discard”.",
    "lesson.ask.quiero": "Do you accept (quiero)?",
    "lesson.answer": "Answer", "lesson.number": "Your answer",
    "lesson.quiero": "Quiero (accept)", "lesson.no quiero": "No quiero (decline)",
    "lesson.right": "Right!", "lesson.wrong": "No: the answer is {answer}.",
    "lesson.restart": "Start again", "lesson.index": "All lessons",
    "lesson.play": "Play this hand", "lesson.next": "Next: {title}",
    "lesson.done": "Lesson done: {right} of {total} answers right.",
    "lesson.nothing": "Nobody has anything to count.",
    "lesson.failed": "The lesson could not load: {why}",
    "lesson.missing": "The lesson is missing: embed.html?lesson=pares",
    "lessons.title": "Learn to play Mus",
    "lessons.lead": "Short lessons with real hands: look, answer and play the hand against the bots.",
    "lessons.summary": "{done} of {total} lessons done",
    "lessons.progress.new": "not started", "lessons.progress.started": "{right} of {total} right",
    "lessons.progress.done": "✓ done · {right} of {total} right",
    "lessons.memory": "This browser does not let us save: your progress will not be remembered.",
    "lessons.kept": "Your saved progress could not all be read: the rest is used. "
                    "It was not deleted: it is kept aside as “{key}”.",
    "lessons.game": "Play a game",
    "lessons.failed": "The lessons could not load: {why}",
})
