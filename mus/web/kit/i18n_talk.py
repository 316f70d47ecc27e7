"""The table's own words: the sayings of ``003`` ("Vocabulario", "Normas Generales") with
their plain meaning, the partner's advice, the bots' styles, the help's guide and the menu.
Pure data, imports nothing.

``i18n`` puts them in the one table (``i18n.STRINGS``) at import, so the table always has
them. The sayings stay Spanish in English too (they are the table's language); their meaning
is in the reader's language. The quotes are ``003``'s, its garbled accents restored
(``docs/table.md`` quotes the source).

>>> TEXTS["en"]["talk.mano_nino"], TEXTS["en"]["advice.envido"]
('¡La mano de un niño!', 'Envida! (bet)')
"""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {"es": {}, "en": {}}

# The sayings: what is said, and what it means.
TEXTS["es"].update({
    "talk.mano_nino": "¡La mano de un niño!",
    "talk.mano_nino.means": "Un envite de cinco tantos, los dedos de una mano. «Se dice para envidar cinco tantos».",
    "talk.dientes_choto": "Los dientes del choto, que son dieciocho",
    "talk.dientes_choto.means": "«Para envidar dieciocho (aunque los dientes del choto no sean ésos, probablemente)». En "
                                "esta mesa nadie envida tanto: lo dice quien empieza una jugada con dieciocho tantos.",
    "talk.la_raya": "¡La raya!",
    "talk.la_raya.means": "Es lo mismo que órdago: «se traza con el dedo una raya imaginaria para que el contrario "
                          "la salte si se atreve».",
    "talk.convite": "Un envite es un convite",
    "talk.convite.means": "Se dice al querer dos piedras «que, se supone, van a ganarse con suma facilidad».",
    "talk.pimiento": "¡A la mano con un pimiento!",
    "talk.pimiento.means": "Cuando la mano pide mus y un rival corta, le «quita mano»: conviene hacerlo «aunque sea "
                           "con malas cartas».",
    "talk.tran_tran": "Al tran-tran…",
    "talk.tran_tran.means": "Se juega al tran-tran «cuando se van dejando en pase un lance tras otro».",
    "talk.zamora": "Dos a cero, y Zamora de portero",
    "talk.zamora.means": "La dicen «los que van ganando por dos a cero»: a tres juegos, solo les falta uno y lo "
                         "ganarán «con suma facilidad»; a dos, han ganado sin que les marquen ninguno (Ricardo "
                         "Zamora fue un gran portero).",
    "talk.llueve_menos": "¡Ya llueve menos!",
    "talk.llueve_menos.means": "Lo dice quien iba perdiendo «cuando empieza a ganar».",
    "talk.gandul": "Gandul y mano no puede perder",
    "talk.gandul.means": "«Se llama gandul al que tiene 19 tantos»; si además es mano, presume de que no puede perder.",
    "talk.witiza": "¡Incierto se presenta el reinado de Witiza!",
    "talk.witiza.means": "Los dos cerca del final: «no se sabe aún quién va a ganar, aunque probablemente ganará el "
                         "que habla».",
    "talk.pico": "Os llevamos en el pico",
    "talk.pico.means": "«Se les dice a los contrarios que van perdiendo».",
    "talk.mano_cinco": "La mano vale cinco",
    "talk.mano_cinco.means": "«Fanfarronada con que el mano anuncia su inmediata y brillante actuación».",
    "talk.solomillo": "¡Solomillo!",
    "talk.solomillo.means": "Tres reyes y un as: «es el sueño del jugador», que disimula hasta que se enseñan las cartas.",
    "talk.muerte_dulce": "Muerte dulce",
    "talk.muerte_dulce.means": "Acabar el juego «apuntándose precisamente las piedras que faltaban y pillando "
                               "desprevenidos a los contrarios».",
    "talk.zapateria": "¡Zapatería!",
    "talk.zapateria.means": "Una pareja gana todos los juegos sin que los contrarios ganen ninguno: «les han puesto "
                            "una zapatería».",
    "advice.mus": "¡Dale mus!",
    "advice.mus.means": "Tu compañero te aconseja pedir mus: su mano es floja y quiere cartas nuevas.",
    "advice.envido": "¡Envida!",
    "advice.envido.means": "Tu compañero te aconseja envidar: va fuerte en este lance.",
    "advice.ordago": "¡Échale un órdago!",
    "advice.ordago.means": "Tu compañero te aconseja el órdago: cree que este lance es vuestro.",
    "advice.public": "Lo dice en voz alta: los rivales también lo oyen. Puedes hacerle caso o no.",
    "advice.mus.means.f": "Tu compañera te aconseja pedir mus: su mano es floja y quiere cartas nuevas.",
    "advice.envido.means.f": "Tu compañera te aconseja envidar: va fuerte en este lance.",
    "advice.ordago.means.f": "Tu compañera te aconseja el órdago: cree que este lance es vuestro.",
    "advice.public.f": "Lo dice en voz alta: los rivales también lo oyen. Puedes hacerle caso o no.",
    "talk.said": "{name}: «{text}»", "talk.log": "{line} — «{text}»",
    "advice.log": "{name}, en voz alta: «{text}»",
    "talk.open": "Qué quiere decir «{text}»", "talk.quote": "«{text}»",
})
TEXTS["en"].update({
    "talk.mano_nino": "¡La mano de un niño!",
    "talk.mano_nino.means": "“A child's hand”: an envite of five tantos, the fingers of a hand.",
    "talk.dientes_choto": "Los dientes del choto, que son dieciocho",
    "talk.dientes_choto.means": "“The kid goat's teeth, which are eighteen”: said to bet eighteen (whatever a kid "
                                "goat's teeth may be). Nobody bets so much at this table: a side starting a hand "
                                "with eighteen tantos says it.",
    "talk.la_raya": "¡La raya!",
    "talk.la_raya.means": "“The line”: the same as órdago, a line drawn with a finger for the rival to cross if he dares.",
    "talk.convite": "Un envite es un convite",
    "talk.convite.means": "“An envite is an invitation”: said accepting two piedras one expects to win with ease.",
    "talk.pimiento": "¡A la mano con un pimiento!",
    "talk.pimiento.means": "“At the mano, with a pepper”: when the mano asks for mus, a rival who cuts “takes the mano "
                           "away”, and that pays even with poor cards.",
    "talk.tran_tran": "Al tran-tran…",
    "talk.tran_tran.means": "“Jog-trot”: playing lance after lance en paso, with no envite.",
    "talk.zamora": "Dos a cero, y Zamora de portero",
    "talk.zamora.means": "“Two-nil, and Zamora in goal”: said by a side two juegos to none up; playing to three, "
                         "one to go and it will come easily; playing to two, won without conceding one (Ricardo "
                         "Zamora was a great goalkeeper).",
    "talk.llueve_menos": "¡Ya llueve menos!",
    "talk.llueve_menos.means": "“It's raining less now!”: said by the side that was losing when it starts winning.",
    "talk.gandul": "Gandul y mano no puede perder",
    "talk.gandul.means": "“Lazybones and mano cannot lose”: a gandul has 19 tantos; being mano too, he boasts he "
                         "cannot lose.",
    "talk.witiza": "¡Incierto se presenta el reinado de Witiza!",
    "talk.witiza.means": "“Uncertain looks the reign of Witiza!”: both near the end, nobody knows yet who will win, "
                         "though the speaker probably will.",
    "talk.pico": "Os llevamos en el pico",
    "talk.pico.means": "“We carry you in our beak”: said to rivals who are losing.",
    "talk.mano_cinco": "La mano vale cinco",
    "talk.mano_cinco.means": "“The mano is worth five”: the mano's boast that he will make the most of his seat.",
    "talk.solomillo": "¡Solomillo!",
    "talk.solomillo.means": "“Sirloin”: three reyes and an as, the player's dream, hidden behind a straight face "
                            "until the cards are shown.",
    "talk.muerte_dulce": "Muerte dulce",
    "talk.muerte_dulce.means": "“Sweet death”: ending the juego with exactly the piedras that were missing, catching "
                               "the rivals off guard.",
    "talk.zapateria": "¡Zapatería!",
    "talk.zapateria.means": "“Cobbler's shop”: a pair won every juego and the rivals none.",
    "advice.mus": "Mus! (change cards)",
    "advice.mus.means": "Your partner advises you to ask for mus: his hand is weak and he wants new cards.",
    "advice.envido": "Envida! (bet)",
    "advice.envido.means": "Your partner advises you to bet: he is strong at this lance.",
    "advice.ordago": "Órdago!",
    "advice.ordago.means": "Your partner advises an órdago: he thinks this lance is yours.",
    "advice.public": "He says it aloud: the rivals hear it too. You may follow it or not.",
    "advice.mus.means.f": "Your partner advises you to ask for mus: her hand is weak and she wants new cards.",
    "advice.envido.means.f": "Your partner advises you to bet: she is strong at this lance.",
    "advice.ordago.means.f": "Your partner advises an órdago: she thinks this lance is yours.",
    "advice.public.f": "She says it aloud: the rivals hear it too. You may follow it or not.",
    "talk.said": "{name}: “{text}”", "talk.log": "{line} — “{text}”",
    "advice.log": "{name}, aloud: “{text}”",
    "talk.open": "What “{text}” means", "talk.quote": "“{text}”",
})

# The bots: styles and the cast, and the new-game screen's choices for them.
TEXTS["es"].update({
    "setup.style": "Estilo de los bots", "style.random": "Cada uno el suyo", "style.careful": "Prudentes",
    "style.bluffer": "Faroleros", "style.bold": "Lanzados",
    "style.careful.m": "prudente", "style.careful.f": "prudente", "style.bluffer.m": "farolero",
    "style.bluffer.f": "farolera", "style.bold.m": "lanzado", "style.bold.f": "lanzada",
    "setup.advice": "Consejos de tu compañero en voz alta (los rivales también los oyen)",
    "cast.line": "{partner} es tu compañero; {right} y {left}, los rivales.",
    "cast.line.f": "{partner} es tu compañera; {right} y {left}, los rivales.",
    "cast.seat": "{name} ({style})",
    "plate.bot": "{name}, {role}, {style}",
    "turn.bot": "Le toca a {name}", "log.hand.bot": "Jugada {n} · es mano {name}", "winner.bot": "lo gana {name}",
})
TEXTS["en"].update({
    "setup.style": "The bots' style", "style.random": "Each their own", "style.careful": "Careful",
    "style.bluffer": "Bluffers", "style.bold": "Bold",
    "style.careful.m": "careful", "style.careful.f": "careful", "style.bluffer.m": "bluffer",
    "style.bluffer.f": "bluffer", "style.bold.m": "bold", "style.bold.f": "bold",
    "setup.advice": "Your partner's advice aloud (the rivals hear it too)",
    "cast.line": "{partner} is your partner; {right} and {left} are the rivals.",
    "cast.line.f": "{partner} is your partner; {right} and {left} are the rivals.",
    "cast.seat": "{name} ({style})",
    "plate.bot": "{name}, {role}, {style}",
    "turn.bot": "{name} is to play", "log.hand.bot": "Hand {n} · {name} is mano", "winner.bot": "{name} wins it",
})

# The menu (☰), the glossary and the help's guide.
TEXTS["es"].update({
    "menu.title": "Menú", "menu.continue": "Seguir jugando", "menu.new": "Nueva partida…",
    "menu.help": "Cómo se juega", "menu.glossary": "Dichos de la mesa", "menu.lessons": "Lecciones",
    "act.menu.label": "Menú",
    "glossary.title": "Dichos de la mesa",
    "glossary.lead": "Lo que dicen los bots, sacado del «Vocabulario» de un tratado de mus para principiantes. "
                     "Toca un dicho en la mesa para ver qué quiere decir.",
    "glossary.advice": "Consejos en voz alta",
    "glossary.advice.lead": "«Un jugador puede aconsejar a su compañero en voz alta que se dé mus, que envide, que "
                            "eche órdago»: tu compañero lo hace antes de tu turno (se quita en Nueva partida).",
    "guide.lessons": "Lecciones:",
    "guide.cards.title": "Las cartas", "guide.cards.text":
        "Se juega a 8 reyes: cada 3 es un rey y cada 2 un as, en todo. Para sumar, rey, caballo, sota y 3 "
        "valen 10; el as y el 2, 1; las demás, su número. Por eso esta mano vale 31:",
    "guide.cards.sum": "10 + 10 + 10 + 1 = 31, «la 31»",
    "guide.lances.title": "Los cuatro lances", "guide.lances.text":
        "Tras el mus (cambiar cartas si los cuatro quieren) se juegan por orden: grande (gana la carta más alta), "
        "chica (la más baja), pares y juego, o punto si nadie tiene juego. Los empates los gana quien está más "
        "cerca de la mano.",
    "guide.pares.title": "Pares", "guide.pares.text":
        "Duples (dos parejas) ganan a medias (tres iguales), y medias a pareja; entre iguales, las cartas más "
        "altas. Quien gana cobra lo suyo y lo de su compañero: pareja 1, medias 2, duples 3.",
    "guide.juego.title": "Juego y punto", "guide.juego.text":
        "Hay juego con 31 o más. El orden es 31, 32, 40, 37, 36, 35, 34, 33; la 31 cobra 3 y los demás 2. Si "
        "nadie tiene juego se juega al punto: gana quien más se acerca a 30 y cobra 1.",
    "guide.envites.title": "Envites y órdago", "guide.envites.text":
        "Envidar apuesta tantos (2 si no se dice cuántos). «No quiero» da al que envidó lo que ya había en la "
        "mesa, 1 si nada, y el lance. El órdago juega el juego entero a ese lance.",
    "guide.count.title": "El recuento", "guide.count.text":
        "Al final de la jugada se cuentan los lances por orden; gana el juego quien llega antes a {n} tantos. "
        "Cada piedra vale 1 tanto y cada amarraco 5.",
    "guide.badges.title": "Lo que dice cada jugador", "guide.badges.text":
        "Junto al nombre de cada jugador:",
    "guide.badge.mano": "habla primero y gana los empates", "guide.badge.postre": "reparte y habla el último",
    "guide.badge.discards": "descartó 3 cartas y luego 1", "guide.badge.pares": "dijo que tiene pares",
    "guide.badge.juego": "dijo que no tiene juego", "guide.badge.bet": "su envite, en la mesa",
    "guide.senas.title": "Señas", "guide.senas.text":
        "Con señas, tras el mus cada uno puede enseñar a su compañero, con gestos, lo que lleva (siempre "
        "verdad, todo o nada). Los rivales a veces las cazan. Toca una seña en la mesa para leerla.",
    "guide.keys.title": "Teclado", "guide.keys.text":
        "Tab para moverte, Intro o Espacio para pulsar, 1–4 para elegir las cartas que descartas, Esc para cerrar.",
})
TEXTS["en"].update({
    "menu.title": "Menu", "menu.continue": "Keep playing", "menu.new": "New match…",
    "menu.help": "How to play", "menu.glossary": "Table talk", "menu.lessons": "Lessons",
    "act.menu.label": "Menu",
    "glossary.title": "Table talk",
    "glossary.lead": "What the bots say, from the “Vocabulario” of a Mus treatise for beginners. Tap a saying at "
                     "the table to read what it means.",
    "glossary.advice": "Advice aloud",
    "glossary.advice.lead": "“A player may advise his partner aloud to ask for mus, to bet, to call an órdago”: "
                            "your partner does so before your turn (switch it off in New match).",
    "guide.lessons": "Lessons:",
    "guide.cards.title": "The cards", "guide.cards.text":
        "The table plays with 8 reyes: every 3 is a rey and every 2 an as, for everything. To add up, rey, "
        "caballo, sota and 3 are worth 10; as and 2 are worth 1; the rest their number. So this hand is 31:",
    "guide.cards.sum": "10 + 10 + 10 + 1 = 31, “la 31”",
    "guide.lances.title": "The four lances", "guide.lances.text":
        "After the mus (changing cards if all four want), four lances are played in turn: grande (the highest "
        "cards win), chica (the lowest), pares and juego, or punto when nobody has juego. Ties go to the player "
        "nearest the mano.",
    "guide.pares.title": "Pares", "guide.pares.text":
        "Duples (two pairs) beat medias (three of a kind), and medias beat a pair; between equals, the higher "
        "cards. The winner collects his own and his partner's: a pair 1, medias 2, duples 3.",
    "guide.juego.title": "Juego and punto", "guide.juego.text":
        "A hand of 31 or more has juego. The order is 31, 32, 40, 37, 36, 35, 34, 33; la 31 collects 3, any "
        "other 2. If nobody has juego, punto is played: nearest to 30 wins and collects 1.",
    "guide.envites.title": "Envites and órdago", "guide.envites.text":
        "An envite bets tantos (2 if no number is said). Declining (no quiero) gives the bettor what was already "
        "on the table, 1 if nothing, and the lance. An órdago stakes the whole juego on that lance.",
    "guide.count.title": "The count", "guide.count.text":
        "At the end of a hand the lances are counted in order; the first team to {n} tantos wins the juego. "
        "Each piedra is 1 tanto and each amarraco 5.",
    "guide.badges.title": "What each player said", "guide.badges.text": "Beside each player's name:",
    "guide.badge.mano": "speaks first and wins ties", "guide.badge.postre": "deals and speaks last",
    "guide.badge.discards": "threw 3 cards, then 1", "guide.badge.pares": "said he has pares",
    "guide.badge.juego": "said he has no juego", "guide.badge.bet": "his bet, on the table",
    "guide.senas.title": "Señas (signals)", "guide.senas.text":
        "With señas, after the mus each player may show his partner what he holds with gestures (always true, "
        "all or nothing). Rivals sometimes catch them. Tap a seña at the table to read it.",
    "guide.keys.title": "Keyboard", "guide.keys.text":
        "Tab to move, Enter or Space to press, 1–4 to pick the cards to discard, Esc to close.",
})
