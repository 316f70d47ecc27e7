/* Mus lessons and hands in any page:
 *   <div data-mus-lesson="pares"></div>   (optional: data-lang="en", data-mus-theme="dark")
 *   <div data-mus-hand="CODE"></div>      (a share link's code, after #mano=)
 *   <script src="(this site)/static/embed.js" defer></script>
 * Each div becomes a card; its frame, and Python, load only when the reader clicks, and the
 * frame reports its height by postMessage. Divs added later: musLessons.scan().
 * A good guest (docs/lessons.md): the card's texts come with this file, so it asks for nothing
 * (no CORS); no <style>, no style attribute (element.style passes a strict style-src); the
 * focus and scroll move only where the reader clicked. It follows the page's colours, tells
 * an author's mistakes at load (the card, and one console warning), and offline retries. */
(() => {
  "use strict";
  const script = document.currentScript;
  const site = new URL("..", script && script.src ? script.src : location.href);
  // Written by the build from static/lessons/*.json (tools/build/catalogue.py): edit the lessons.
  const LESSONS = /*CATALOGUE*/{"cartas":{"hand":"Ro3bCc7b","intro":{"en":"The Spanish deck has 40 cards. In Mus each card has a value for juego and a rank for grande and chica.","es":"La baraja española tiene 40 cartas. En el mus cada carta tiene un valor para el juego y un orden para la grande y la chica."},"title":{"en":"The cards and the 8 reyes","es":"Las cartas y los 8 reyes"}},"chica":{"hand":"5c4e2oAc","intro":{"en":"The second lance: the reverse of grande, the lowest hand wins, comparing from the lowest card.","es":"El segundo lance: al revés que la grande, gana la mano más baja, comparando desde la carta más baja."},"title":{"en":"Chica","es":"La chica"}},"cortar":{"hand":"Se7e6e4e","intro":{"en":"Asking for mus means changing cards, if all four want it; cutting (“no hay mus”) means playing the ones you hold. Here you see only your cards, as at the table, and the coach works from what you see.","es":"Pedir mus es cambiar cartas, si los cuatro quieren; cortar («no hay mus») es jugar con las que tienes. Aquí solo ves tus cartas, como en la mesa, y el entrenador calcula con lo mismo que tú ves."},"title":{"en":"What would you do? Mus or cut","es":"¿Qué harías? Mus o cortar"}},"cuenta":{"hand":"RoRcCc6o","intro":{"en":"At the end tantos are collected lance by lance, in order: grande, chica, pares, juego. Whoever reaches 40 first that way wins.","es":"Al final se cobra lance por lance, en orden: grande, chica, pares y juego. Gana quien llega antes a 40 contando así."},"title":{"en":"Counting at 37","es":"El recuento a 37"}},"declaraciones":{"hand":"RoCc6o6c","intro":{"en":"Players always speak from the mano, counterclockwise. At pares and juego only those who hold them speak.","es":"Se habla siempre desde la mano y en sentido contrario a las agujas del reloj. En pares y juego solo hablan quienes los tienen."},"title":{"en":"Who speaks, and the declarations","es":"Quién habla y las declaraciones"}},"envidar":{"hand":"RoRc7o6o","intro":{"en":"An envite pays when you win the lance more than half the time: an accepted envite of 2 gives you 2 or costs you 2. Here you see only your cards, as at the table, and the coach counts your chances from what you see.","es":"Envidar conviene cuando ganas el lance más de la mitad de las veces: un envite querido de 2 te da 2 o te quita 2. Aquí solo ves tus cartas, como en la mesa, y el entrenador cuenta tus opciones con lo mismo que tú ves."},"title":{"en":"What would you do? Envido or paso","es":"¿Qué harías? Envidar o pasar"}},"envites":{"hand":"ReCoAcAe","intro":{"en":"At each lance a player may say paso or envido. An envite is answered quiero, no quiero or with a raise; when it is refused, whoever made it collects the deje.","es":"En cada lance se puede pasar o envidar. Al envite se responde quiero, no quiero o subiendo; si no se quiere, el que envidó cobra el deje."},"title":{"en":"Envites: quiero and no quiero","es":"Envites, quiero y no quiero"}},"grande":{"hand":"RoCcSe4e","intro":{"en":"The first lance: the highest hand wins, comparing card by card from the highest. If nobody says envido, the winner collects 1 tanto.","es":"El primer lance: gana la mano más alta, comparando carta a carta desde la más alta. Si nadie envida, quien gana cobra 1 tanto."},"title":{"en":"Grande","es":"La grande"}},"juego":{"hand":"CcSe7b5c","intro":{"en":"A hand adding up to 31 or more has juego. The best is 31, but after it the order is not that of the numbers.","es":"Tiene juego quien suma 31 o más. El mejor es la 31, pero después el orden no es el de los números."},"title":{"en":"Juego","es":"El juego"}},"juegos":{"hand":"RoRcCoCc","intro":{"en":"A juego is won on reaching 40 tantos; the score then starts again from 0 and a juego is marked. Whoever wins 2 juegos wins the vaca.","es":"Un juego se gana al llegar a 40 tantos; entonces el tanteo vuelve a 0 y se apunta un juego. Quien gana 2 juegos gana la vaca."},"title":{"en":"Juegos, and the mano moving on","es":"Juegos y la mano que pasa"}},"mus":{"hand":"Ro6b5e4e","intro":{"en":"Before playing, each player says whether he wants to change cards. One “no hay mus” (“no mus”) is enough to play with what you hold.","es":"Antes de jugar, cada uno dice si quiere cambiar cartas. Basta un «no hay mus» para jugar con lo que hay."},"title":{"en":"Mus and discards","es":"Mus y descartes"}},"ordago":{"hand":"RoRc3b3o","intro":{"en":"An órdago puts the whole juego at stake. If accepted, the cards are shown and that lance decides the juego; if refused, it is just another refused envite.","es":"Órdago es apostar todo el juego. Si se quiere, se enseñan las cartas y ese lance decide el juego entero; si no, es un envite rechazado más."},"title":{"en":"Órdago","es":"El órdago"}},"pares":{"hand":"RoRc7b7o","intro":{"en":"Par (two equal) is worth 1, medias (three equal) 2 and duples (two pairs, or four equal) 3. Duples beat medias, medias beat par.","es":"Par (dos iguales) vale 1, medias (tres iguales) 2 y duples (dos pares, o cuatro iguales) 3. Duples ganan a medias y medias a par."},"title":{"en":"Pares","es":"Los pares"}},"punto":{"hand":"RoCc7bAc","intro":{"en":"If nobody has juego, punto is played instead: the highest total below 31 wins. It is worth 1 tanto.","es":"Si nadie tiene juego se juega al punto: gana quien más sume sin llegar a 31. Vale 1 tanto."},"title":{"en":"Punto","es":"El punto"}},"real":{"hand":"Ro7b7o7c","intro":{"en":"A table option: with “31 real”, a true rey and three sevens beat any other 31.","es":"Una opción de mesa: con «31 real», un rey de verdad y tres sietes ganan a cualquier otra 31."},"title":{"en":"La 31 real","es":"La 31 real"}},"senas":{"hand":"Ro3c7o5c","intro":{"en":"Señas are gestures that tell your partner what you hold, and they must be true. At this table, besides, each player makes every one his hand allows, or none.","es":"Las señas son gestos para contarle a tu compañero lo que llevas, y deben ser verdad. En esta mesa, además, cada uno hace todas las que su mano permite o ninguna."},"title":{"en":"Señas","es":"Las señas"}},"vacas":{"hand":"Ao2c4e5e","intro":{"en":"Whoever wins 2 juegos wins a vaca; the match is played to as many vacas as the table agrees, here 2. After a vaca the juegos start again from 0.","es":"Quien gana 2 juegos gana una vaca; la partida se juega a las vacas que acuerde la mesa, aquí a 2. Tras una vaca, los juegos vuelven a 0."},"title":{"en":"The vaca and the match","es":"La vaca y la partida"}}}/*CATALOGUE*/;
  const IDS = Object.keys(LESSONS).sort();
  const CODE = /^[A-Za-z0-9_-]{8,4000}$/; // a share link's code: the record in URL-safe base64
  const TEXT = {
    es: { lesson: "Lección de mus", start: "Empezar", label: "Empezar la lección: ", more: "Todas las lecciones",
          hand: "Una mano de mus", handIntro: "Una mano de verdad, paso a paso: qué llevaba cada uno, qué dijo y la cuenta.",
          see: "Ver la mano", handLabel: "Ver la mano paso a paso",
          offline: (what) => `Sin conexión: ${what} no se ha podido cargar. Se volverá a intentar en cuanto vuelva la conexión.`,
          theLesson: "la lección", theHand: "la mano", retry: "Reintentar",
          noLesson: (id) => id ? `No hay ninguna lección «${id}».` : "Falta el nombre de la lección.",
          didYouMean: (id) => ` ¿Querías decir data-mus-lesson="${id}"?`,
          lessons: ` Las lecciones: ${IDS.join(", ")}.`,
          wholeLink: (code) => `Aquí va solo el código del enlace, lo que sigue a #mano=: data-mus-hand="${code}".`,
          noCode: "Esto no es el código de una mano: copia el enlace de «Compartir» y pon lo que sigue a #mano=.",
          author: "Para quien escribe la página: " },
    en: { lesson: "Mus lesson", start: "Start", label: "Start the lesson: ", more: "All lessons",
          hand: "A hand of mus", handIntro: "A real hand, step by step: what each player held, what they said, and the count.",
          see: "See the hand", handLabel: "See the hand step by step",
          offline: (what) => `Offline: ${what} could not load. It will try again as soon as the connection is back.`,
          theLesson: "the lesson", theHand: "the hand", retry: "Try again",
          noLesson: (id) => id ? `There is no lesson “${id}”.` : "The lesson's name is missing.",
          didYouMean: (id) => ` Did you mean data-mus-lesson="${id}"?`,
          lessons: ` The lessons: ${IDS.join(", ")}.`,
          wholeLink: (code) => `Only the link's code goes here, what follows #mano=: data-mus-hand="${code}".`,
          noCode: "This is not a hand's code: copy the link of “Share” and use what follows #mano=.",
          author: "For the page's author: " },
  };
  const SUIT_COLOURS = { o: "#e9b824", c: "#c62828", e: "#1f5fa8", b: "#2e7d32" };
  const TAP = "44px"; // the smallest tap target, at any width
  const FELT = { light: "#1e6e3c", dark: "#17552f" };
  const STYLE = {
    card: { font: '16px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif',
            color: "#f6f2e6", borderRadius: ".8rem", padding: ".8rem", display: "flex", flexWrap: "wrap",
            alignItems: "center", gap: ".6rem 1rem", maxWidth: "40rem", boxSizing: "border-box", margin: "0" },
    title: { margin: "0", fontSize: "1.1rem", flexBasis: "100%", lineHeight: "1.3" },
    intro: { margin: "0", flexBasis: "100%", fontSize: ".9rem", color: "#d9e6dc", overflowWrap: "anywhere" },
    hand: { display: "flex", gap: ".25rem" },
    face: { width: "2.1rem", height: "3.1rem", borderRadius: ".3rem", background: "#fff", color: "#1d2b20",
             display: "flex", alignItems: "center", justifyContent: "center", fontWeight: "700",
             borderBottom: ".35rem solid #8a8a8a", boxSizing: "border-box", boxShadow: "0 2px 4px rgb(0 0 0 / 40%)" },
    button: { font: "inherit", fontWeight: "700", padding: ".5rem 1.2rem", borderRadius: ".5rem", border: "0",
              background: "#f2c94c", color: "#2b2100", cursor: "pointer", minHeight: TAP, minWidth: TAP },
    link: { color: "#f6f2e6", fontSize: ".9rem", display: "inline-flex", alignItems: "center", minHeight: TAP },
    frame: { display: "block", width: "100%", maxWidth: "40rem", border: "0" },
  };
  const GRACE_MS = 2000; // after its load event, a frame that said nothing is the browser's error page

  const element = (tag, style, text, className) => {
    const el = document.createElement(tag);
    if (className) el.className = className; // a host may style these classes itself
    Object.assign(el.style, style);
    if (text) el.textContent = text;
    return el;
  };

  const langOf = (el) => {
    const lang = (el.dataset.lang || (el.closest("[lang]") || {}).lang || "es").slice(0, 2).toLowerCase();
    return lang === "en" ? "en" : "es";
  };

  // Light or dark: data-mus-theme, else the first opaque background up from the div (rgb()),
  // else the page's colour scheme.
  const themeOf = (el) => {
    const asked = el.dataset.musTheme;
    if (asked === "light" || asked === "dark") return asked;
    for (let node = el; node; node = node.parentElement) {
      const [r, g, b, a = 1] = (getComputedStyle(node).backgroundColor.match(/[\d.]+/g) || []).map(Number);
      if (b !== undefined && a > 0.5) return 0.2126 * r + 0.7152 * g + 0.0722 * b < 128 ? "dark" : "light";
    }
    const scheme = getComputedStyle(document.documentElement).colorScheme;
    return /dark/.test(scheme) && (!/light/.test(scheme) || matchMedia("(prefers-color-scheme: dark)").matches)
      ? "dark" : "light";
  };

  const handOf = (cards) => {
    const hand = element("div", STYLE.hand, "", "mus-lesson-hand");
    hand.setAttribute("aria-hidden", "true");
    for (const [, rank, suit] of (cards || "").matchAll(/([RCS765432A])([oceb]?)/g)) {
      const card = hand.appendChild(element("span", STYLE.face, rank));
      if (suit) card.style.borderBottomColor = SUIT_COLOURS[suit];
    }
    return hand;
  };

  // Each frame's div, and whether the frame has spoken (a page of ours, not an error page).
  const frames = new Map();

  const card = (el, theme, { title, intro, hand, action, label, more }) => {
    const box = element("div", { ...STYLE.card, background: FELT[theme], colorScheme: theme }, "", "mus-lesson-card");
    box.append(element("h3", STYLE.title, title));
    if (intro) box.append(element("p", STYLE.intro, intro));
    if (hand) box.append(handOf(hand));
    let button = null;
    if (action) {
      button = box.appendChild(element("button", STYLE.button, action));
      button.type = "button";
      button.setAttribute("aria-label", label);
    }
    if (more) {
      const link = box.appendChild(element("a", STYLE.link, more.text));
      link.href = more.href;
    }
    el.replaceChildren(box);
    return button;
  };

  // The card says the frame could not load, and opens it again when asked or back online.
  const offline = (el, theme, t, what, again) => {
    const hadFocus = el.contains(document.activeElement);
    const button = card(el, theme, { title: el.dataset.musTitle, intro: t.offline(what), action: t.retry, label: t.retry });
    const retry = () => { removeEventListener("online", retry); again(); };
    button.addEventListener("click", retry, { once: true });
    addEventListener("online", retry);
    if (hadFocus) button.focus({ preventScroll: true });
  };

  const open = (el, theme, t, what, src, title) => {
    el.dataset.musTitle = title;
    const again = () => open(el, theme, t, what, src, title);
    if (navigator.onLine === false) return offline(el, theme, t, what, again);
    const frame = element("iframe", { ...STYLE.frame, colorScheme: theme, height: el.getBoundingClientRect().height + "px" },
                          "", "mus-lesson-frame");
    frame.title = title;
    frame.src = src;
    frames.set(frame, { el, spoke: false });
    frame.addEventListener("load", () => setTimeout(() => {
      const known = frames.get(frame);
      if (!known || known.spoke || !frame.isConnected) return;
      frames.delete(frame);
      offline(el, theme, t, what, again);
    }, GRACE_MS));
    el.replaceChildren(frame);
    frame.focus({ preventScroll: true }); // from the button it replaces; the frame's own focus waits for it
  };

  // What is wrong with a div, said on its card in the page's language and in the console.
  const mistake = (el, theme, t, title, message) => {
    card(el, theme, { title, intro: message });
    el.dataset.musError = message;
    console.warn(`mus: ${t.author}${message}`, el);
  };

  // The id meant: the same without accents or capitals, else one or two letters away.
  const distance = (a, b) => {
    let row = [...Array(b.length + 1).keys()];
    for (let i = 1; i <= a.length; i++) {
      const next = [i];
      for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] !== b[j - 1]));
      row = next;
    }
    return row[b.length];
  };
  const closest = (id) => {
    const plain = id.normalize("NFD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
    return IDS.map((known) => [distance(known, plain), known]).sort((x, y) => x[0] - y[0]).find(([d]) => d <= 2)?.[1];
  };

  const mountLesson = (el, id, lang, theme) => {
    const t = TEXT[lang];
    if (!Object.prototype.hasOwnProperty.call(LESSONS, id)) {
      const near = id && closest(id);
      return mistake(el, theme, t, t.lesson, t.noLesson(id) + (near ? t.didYouMean(near) : t.lessons));
    }
    const known = LESSONS[id];
    const title = known.title[lang];
    const button = card(el, theme, {
      title, intro: known.intro[lang], hand: known.hand, action: t.start, label: t.label + title,
      more: { text: t.more, href: new URL("lessons.html" + (lang === "en" ? "?lang=en" : ""), site).href },
    });
    const query = `lesson=${encodeURIComponent(id)}&lang=${lang}` + (theme === "dark" ? "&theme=dark" : "");
    const src = new URL(`embed.html?${query}`, site).href;
    button.addEventListener("click", () => open(el, theme, t, t.theLesson, src, title), { once: true });
  };

  const mountHand = (el, code, lang, theme) => {
    const t = TEXT[lang];
    if (!CODE.test(code)) {
      const inLink = /[#?&]mano=([A-Za-z0-9_-]+)/.exec(code);
      return mistake(el, theme, t, t.hand, inLink ? t.wholeLink(inLink[1]) : t.noCode);
    }
    const button = card(el, theme, { title: t.hand, intro: t.handIntro, action: t.see, label: t.handLabel });
    const query = [lang === "en" ? "lang=en" : "", theme === "dark" ? "theme=dark" : ""].filter(Boolean).join("&");
    const src = new URL(`embed.html${query ? "?" + query : ""}#mano=${code}`, site).href;
    button.addEventListener("click", () => open(el, theme, t, t.theHand, src, t.hand), { once: true });
  };

  const mount = (el) => {
    if (el.dataset.musMounted) return;
    el.dataset.musMounted = "1";
    const lang = langOf(el);
    const theme = themeOf(el);
    if (el.dataset.musLesson !== undefined) mountLesson(el, el.dataset.musLesson.trim(), lang, theme);
    else mountHand(el, el.dataset.musHand.trim(), lang, theme);
  };

  // A frame the page put itself (<iframe src=".../embed.html?…">, no card) is sized too, once
  // it speaks; its colour scheme is its page's, as for a card's frame.
  const adopt = (source) => {
    const frame = [...document.getElementsByTagName("iframe")].find((f) => f.contentWindow === source);
    if (!frame) return null;
    frame.style.colorScheme = /[?&]theme=dark\b/.test(frame.src) ? "dark" : "light";
    frames.set(frame, { el: null, spoke: true });
    return frame;
  };

  addEventListener("message", (event) => {
    const data = event.data;
    if (!data || data.type !== "mus-lesson-height" || event.origin !== site.origin) return;
    const frame = [...frames.keys()].find((f) => f.contentWindow === event.source) || adopt(event.source);
    if (!frame) return;
    frames.get(frame).spoke = true;
    frame.style.height = Math.max(120, Math.ceil(+data.height || 0)) + "px";
  });
  // A frame out of sight is not laid out again by itself when the page's width changes: ask.
  addEventListener("resize", () => {
    for (const frame of frames.keys()) frame.contentWindow?.postMessage({ type: "mus-measure" }, site.origin);
  });

  const run = () => document.querySelectorAll("[data-mus-lesson], [data-mus-hand]").forEach(mount);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
  window.musLessons = { scan: run }; // pages that add lessons or hands later call musLessons.scan()
})();
