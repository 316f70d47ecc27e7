/* Mus lessons in any page. Add, where a lesson should appear:
 *   <div data-mus-lesson="pares"></div>            (optional: data-lang="en")
 *   <script src="(this site)/static/embed.js" defer></script>
 * Each div becomes a card (title, the hand, "Empezar"); the lesson's iframe, and with it
 * Python, loads only when the reader clicks. The frame reports its height by postMessage.
 * Divs added after the page loaded: call musLessons.scan(). */
(() => {
  "use strict";
  const script = document.currentScript;
  const site = new URL("..", script && script.src ? script.src : location.href);
  const TEXT = {
    es: { start: "Empezar", lesson: "Lección de mus", label: "Empezar la lección: ", more: "Todas las lecciones" },
    en: { start: "Start", lesson: "Mus lesson", label: "Start the lesson: ", more: "All lessons" },
  };
  const SUITS = { o: "oros", c: "copas", e: "espadas", b: "bastos" };
  const CSS = `
.mus-lesson-card{font:16px/1.35 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#1e6e3c;color:#f6f2e6;
border-radius:.8rem;padding:.8rem;display:flex;flex-wrap:wrap;align-items:center;gap:.6rem 1rem;max-width:40rem;box-sizing:border-box}
.mus-lesson-card h3{margin:0;font-size:1.1rem;flex-basis:100%}
.mus-lesson-card p{margin:0;flex-basis:100%;font-size:.9rem;color:#d9e6dc}
.mus-lesson-hand{display:flex;gap:.25rem}
.mus-lesson-hand span{width:2.1rem;height:3.1rem;border-radius:.3rem;background:#fff;color:#1d2b20;display:flex;
align-items:center;justify-content:center;font-weight:700;border-bottom:.35rem solid #8a8a8a;box-shadow:0 2px 4px rgb(0 0 0/40%)}
.mus-lesson-hand .s-o{border-color:#e9b824}.mus-lesson-hand .s-c{border-color:#c62828}
.mus-lesson-hand .s-e{border-color:#1f5fa8}.mus-lesson-hand .s-b{border-color:#2e7d32}
.mus-lesson-card button{font:inherit;font-weight:700;padding:.5rem 1.2rem;border-radius:.5rem;border:0;background:#f2c94c;
color:#2b2100;cursor:pointer;min-height:2.6rem}
.mus-lesson-card button:focus-visible{outline:3px solid #ffd54a;outline-offset:2px}
.mus-lesson-card a{color:#f6f2e6;font-size:.85rem}
.mus-lesson-frame{display:block;width:100%;max-width:40rem;border:0;height:30rem;transition:height .15s}`;

  const langOf = (el) => {
    const lang = (el.dataset.lang || (el.closest("[lang]") || {}).lang || "es").slice(0, 2).toLowerCase();
    return lang === "en" ? "en" : "es";
  };

  const handHtml = (hand) => {
    const cards = (hand || "").match(/[RCS765432A][oceb]?/g) || [];
    return cards.map((c) => {
      const suit = c[1] ? ` class="s-${c[1]}" title="${SUITS[c[1]]}"` : "";
      return `<span${suit}>${c[0]}</span>`;
    }).join("");
  };

  const esc = (s) => String(s).replace(/[&<>"]/g, (ch) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[ch]);

  const fetchLesson = (id) =>
    fetch(new URL(`static/lessons/${encodeURIComponent(id)}.json`, site))
      .then((r) => (r.ok ? r.json() : null))
      .catch(() => null); // another site without CORS: the card still works, with less on it

  const frames = new Set();

  const start = (el, id, lang, title) => {
    const frame = document.createElement("iframe");
    frame.className = "mus-lesson-frame";
    frame.title = title;
    frame.src = new URL(`embed.html?lesson=${encodeURIComponent(id)}&lang=${lang}`, site).href;
    frames.add(frame);
    el.replaceChildren(frame);
    frame.focus();
  };

  const mount = async (el) => {
    if (el.dataset.musMounted) return;
    el.dataset.musMounted = "1";
    const id = el.dataset.musLesson;
    const lang = langOf(el);
    const t = TEXT[lang];
    el.innerHTML = `<div class="mus-lesson-card"><h3>${esc(t.lesson)}: ${esc(id)}</h3>` +
      `<button type="button">${esc(t.start)}</button></div>`;
    const bind = (title) => {
      const button = el.querySelector("button");
      button.setAttribute("aria-label", t.label + title);
      button.addEventListener("click", () => start(el, id, lang, title), { once: true });
    };
    bind(id);
    const lesson = await fetchLesson(id);
    if (!lesson || !el.querySelector(".mus-lesson-card")) return;
    const title = (lesson.title && lesson.title[lang]) || id;
    const intro = (lesson.intro && lesson.intro[lang]) || "";
    el.innerHTML = `<div class="mus-lesson-card"><h3>${esc(title)}</h3>` +
      (intro ? `<p>${esc(intro)}</p>` : "") +
      `<div class="mus-lesson-hand" aria-hidden="true">${handHtml((lesson.hands || [])[0])}</div>` +
      `<button type="button">${esc(t.start)}</button>` +
      `<a href="${esc(new URL("lessons.html" + (lang === "en" ? "?lang=en" : ""), site).href)}">${esc(t.more)}</a></div>`;
    bind(title);
  };

  addEventListener("message", (event) => {
    const data = event.data;
    if (!data || data.type !== "mus-lesson-height" || event.origin !== site.origin) return;
    for (const frame of frames) {
      if (frame.contentWindow === event.source) frame.style.height = Math.max(120, Math.ceil(+data.height || 0)) + "px";
    }
  });

  const style = document.createElement("style");
  style.textContent = CSS;
  document.head.append(style);
  const run = () => document.querySelectorAll("[data-mus-lesson]").forEach(mount);
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", run);
  else run();
  window.musLessons = { scan: run }; // pages that add lessons later call musLessons.scan()
})();
