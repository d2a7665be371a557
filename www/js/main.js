// The page: reads the state from the URL, mounts the panels, keeps the URL in step with
// the screen (back and forward work), and runs the shell: language, projector mode, the
// link, the notices about link settings that were ignored.

import { PANELS, loadCore, mount, prepare, themeFollower, parseState, stateQuery, version } from "./genlab.js";
import { t, applyLabels, loadLang } from "./i18n.js";
import { noticeText } from "./messages.js";
import { carriesCore, coreArrived } from "./wasm-compile.js";
import { loadPart } from "./util.js";

const html = document.documentElement;
let lang = "en";
let projector = false;
let theme = null;
let embed = null;
// Slides mode (deck=1, js/deck.js): the state kept across the frame's reloads, or null.
let deck = null;
// The page's colours: the html element's class; each panel follows its own (mount()).
const pageTheme = themeFollower(html, () => {});
const panels = {};
let replaceTimer = 0;
// Whether a continuous change (a drag, typing, a slider) has an entry of its own open.
let gesture = false;
// The lesson in the URL ({ value, step }, js/lesson.js) or null; the lessons' handle once
// js/lesson.js is loaded (only when a link has a lesson or the user opens the lessons).
let lessonLink = null;
let lessons = null;
// The quiz question open (`panel.kind.seed`, js/quiz.js) or null: its panel's own settings
// stay out of the link (the seed draws them), so a question's link never draws its answer.
let quizLink = null;
// The panel the user changed last (the one "Record step" offers first).
let lastPanel = null;

/** The whole screen as a state object. */
function currentState() {
  const base = parseState("").state;
  const state = { lang, projector, theme, embed, deck: deck !== null, lesson: lessonLink?.value ?? null, step: lessonLink?.step ?? 1, quiz: quizLink };
  for (const name of Object.keys(PANELS)) state[name] = panels[name] && name !== quizPanel(quizLink) ? panels[name].getState() : base[name];
  return state;
}

/** The panel a quiz question is asked on (its value's first part), or null. */
const quizPanel = (value) => value?.split(".")[0] ?? null;

/** Asks the quiz question `value` on its panel, or ends the quiz open when it is null (a
 * link opened, back or forward); the URL already says so. */
async function followQuiz(value) {
  const open = quizLink;
  quizLink = value;
  if (open && quizPanel(open) !== quizPanel(value)) {
    const q = panels[quizPanel(open)]?.controller.prediction();
    if (q?.kind === "quiz") q.destroy();
  }
  const c = panels[quizPanel(value)]?.controller;
  if (!c) {
    quizLink = null;
    return;
  }
  const q = c.prediction();
  if (q?.kind === "quiz") await q.ask(value);
  else if (!q) await c.startPrediction("quiz", { value });
}
// A quiz asks a new question or ends: the link follows.
document.addEventListener("genlab-quiz", (ev) => {
  const value = ev.detail?.value ?? null;
  if (value === quizLink) return;
  quizLink = value;
  syncUrl("push");
});

/** What a history entry keeps beside its URL: the GDA panel's own points, which a link
 * cannot carry (null when it shows generated or real data), and the spam panel's message
 * when it is longer than a link carries (null otherwise). */
function historyData() {
  const text = panels.nb?.controller.getState().text ?? "";
  return { gda: panels.gda?.controller.historyData() ?? null, nbText: text.length > LINK_TEXT_HINT ? text : null };
}
// A message of at most this many UTF-16 units fits a link whole (the core's limit is 2,000
// characters, and a character is one or two units): longer ones are kept in the history entry.
const LINK_TEXT_HINT = 2000;

/** Whether two history entries keep the same points (both none, or equal). */
function samePoints(a, b) {
  if (!a || !b) return !a && !b;
  return a.names === b.names && a.points.length === b.points.length && a.points.every((v, i) => v === b.points[i]);
}

/** Writes the screen into the URL as a history entry ("push": a new one, "replace": this
 * one), unless the URL and the kept points are what the entry already holds; returns
 * whether it wrote. */
function writeUrl(how) {
  const q = stateQuery(currentState());
  const url = `${location.pathname}${q ? `?${q}` : ""}${location.hash}`;
  const data = historyData();
  // The same URL may hold other points (an edit of the user's own points).
  if (url === `${location.pathname}${location.search}${location.hash}` && samePoints(data.gda, history.state?.gda)
    && data.nbText === (history.state?.nbText ?? null)) return false;
  if (how === "push") history.pushState(data, "", url);
  else history.replaceState(data, "", url);
  deck?.save(q);
  showPrintLink();
  return true;
}

/**
 * Keeps the URL in step with the screen after a change: "push" for a discrete one (a
 * click, a drag's end), "replace" for each step of a continuous one (a drag, typing, a
 * slider). A continuous change opens its own history entry at its first step and updates
 * it (at most every 250 ms: browsers limit replaceState) until it ends with a "push" or
 * rests for 250 ms. So Back after a drag returns to the screen before it, never to a
 * half-way state written over the entry before the drag.
 */
function syncUrl(mode) {
  clearTimeout(replaceTimer);
  if (mode === "push") {
    writeUrl(gesture ? "replace" : "push");
    gesture = false;
    return;
  }
  if (!gesture) gesture = writeUrl("push");
  replaceTimer = setTimeout(() => {
    writeUrl("replace");
    gesture = false;
  }, 250);
}

/** The link to the exact state, written out for a printout (hidden on screen). */
function showPrintLink() {
  const p = document.getElementById("print-link");
  if (p) p.textContent = `${t(lang, "print.link")} ${location.href}`;
}

/** Colours: "dark", "light" or null (follow the system), for the page and every panel. */
function setTheme(next) {
  theme = next ?? null;
  pageTheme.set(theme);
  Object.values(panels).forEach((p) => p.setTheme(theme));
}

/** The languages whose words have arrived (English is in i18n.js itself). */
const langReady = new Set(["en"]);

/** Language: the page's words, the panels' words and the html lang attribute. */
function setLang(next) {
  lang = next;
  // Words not here yet (Chinese, fetched once): English meanwhile, then this again.
  loadLang(next).then(() => {
    if (lang === next && !langReady.has(next)) {
      langReady.add(next);
      setLang(next);
    }
  });
  // Attributes are written only when they change: each write makes the browser restyle the
  // page (a first load's panel is laid out already, js/genlab.js prepare).
  if (html.lang !== lang) html.lang = lang;
  applyLabels(document.querySelector("header"), lang);
  // The switch names the other language in that language: mark it as such.
  const other = lang === "en" ? "zh-CN" : "en";
  const button = document.getElementById("lang");
  if (button.lang !== other) button.lang = other;
  applyLabels(document.querySelector("footer"), lang);
  applyLabels(document.getElementById("notices"), lang);
  writeNotices();
  document.title = lang === "zh-CN" ? "genlab：生成式分类器实时演示" : "genlab — generative classifiers, live";
  showPrintLink();
  Object.values(panels).forEach((p) => p.setLang(lang));
  lessons?.setLang(lang);
}

/** Projector mode: large type, thick strokes, high contrast. */
function setProjector(on) {
  projector = on;
  html.classList.toggle("projector", on);
  document.getElementById("projector").checked = on;
  Object.values(panels).forEach((p) => p.setProjector(on));
}

let noticesShown = 0;
/** Lists the link settings that were ignored. */
async function showNotices(notices) {
  const call = ++noticesShown;
  // (Every rule a notice quotes is in js/messages.js's dictionaries, which the page has.)
  // A later history step has shown its own notices meanwhile.
  if (call !== noticesShown) return;
  lastNotices = notices;
  writeNotices();
  document.getElementById("notices").hidden = notices.length === 0;
}
// The notices shown last, written again in the other language when it is switched.
let lastNotices = [];
function writeNotices() {
  document.querySelector("#notices ul").replaceChildren(...lastNotices.map((n) => {
    const li = document.createElement("li");
    li.textContent = noticeText(lang, n);
    return li;
  }));
}

/** Applies a parsed state to the whole page: every panel gets all of its state (and what
 * its history entry kept for it: the GDA panel's own points). */
function applyState(state, data) {
  // The whole message the entry kept, where its link holds only the first part of it.
  const whole = data?.nbText;
  if (whole && state.nb.whole_chars && whole.startsWith(state.nb.text)) state = { ...state, nb: { ...state.nb, text: whole, whole_chars: null } };
  if (state.lang !== lang) setLang(state.lang);
  if (state.projector !== projector) setProjector(state.projector);
  if ((state.theme ?? null) !== theme) setTheme(state.theme);
  // A quiz's panel: its question draws its settings (followQuiz).
  for (const name of Object.keys(PANELS)) if (name !== quizPanel(state.quiz)) panels[name]?.controller.setState(state[name], data?.[name] ?? null);
}

/** Loads the lessons (js/lesson.js) once, on demand; null when it did not load (said after
 * the Lessons button, which fetches it again when pressed). */
async function loadLessons() {
  if (!lessons) {
    const part = await loadPart(() => import("./lesson.js"), document.getElementById("lessons"), lang);
    if (!part) return null;
    lessons ??= await part.startLessons({
      panels,
      lang: () => lang,
      lastPanel: () => lastPanel,
      setLink(value, step) {
        lessonLink = value ? { value, step } : null;
      },
      syncUrl,
    });
    window.genlab.lessons = lessons;
  }
  return lessons;
}

/** The onChange of panel `name`: remembers it as the last changed, then syncs the URL. */
function changedBy(name) {
  return (mode) => {
    lastPanel = name;
    syncUrl(mode);
  };
}

/** Boots the page; a failure is shown in words, never as a blank page. */
async function main() {
  const boot = document.getElementById("boot");
  // The single file made by "Download for your LMS" starts in the state it was made from
  // (js/lms-package.js), where its address carries none (an LMS opens it at its bare address).
  const start = document.querySelector('meta[name="genlab-start"]')?.content ?? "";
  if (start && !location.search) history.replaceState(null, "", `${location.pathname}?${start}${location.hash}`);
  // The single file (it carries its core) is the SCO of genlab's SCORM package: it tells an
  // LMS it ran, and does nothing where there is none (js/scorm.js). Elsewhere never loaded.
  if (carriesCore()) {
    import("./scorm.js").then((m) => m.scormStart()).catch(() => {});
    document.getElementById("lms-package").hidden = true;
  }
  // While the .wasm is on its way (the longest wait of a first load on a slow network), and
  // if it cannot start, the page already looks as the link asks: its language, colours and
  // projector mode, read here without the core (which reads the whole link once it is there).
  const link = new URLSearchParams(location.search);
  const linkLang = link.get("lang") === "zh-CN" ? "zh-CN" : "en";
  await loadLang(linkLang);
  langReady.add(linkLang);
  setLang(linkLang);
  setTheme(["dark", "light"].includes(link.get("theme")) ? link.get("theme") : null);
  setProjector(link.get("projector") === "1");
  boot.textContent = t(lang, "boot.loading");
  try {
    // The first panel's markup is laid out meanwhile, in that language, if the .wasm is still
    // coming (where it is here already, that would only lay the panel out twice); mount()
    // below fills it in.
    if (!coreArrived() && location.hash !== "#lesson-presenter" && [null, "gda"].includes(link.get("embed"))) prepare(document.getElementById("gda-slot"), { lang });
    await loadCore();
    // The sentence goes as soon as the core is here, before any panel shows: the first panel
    // (laid out ahead, unseen) takes its place unseen. Hidden after every panel had mounted,
    // it moved the drawn figure 55 px up under a finger about to drag it.
    boot.hidden = true;
    // The presenter's second window of a lesson: notes and the next step, no panels.
    if (location.hash === "#lesson-presenter") {
      boot.hidden = true;
      document.querySelector(".shell-controls").hidden = true;
      await (await import("./lesson.js")).presenterWindow({ setLang });
      return;
    }
    let { state, notices } = parseState(location.search);
    if (state.deck) {
      const { forwardClickerKeys, keptState } = await import("./deck.js");
      forwardClickerKeys();
      deck = keptState(new URL(location.href));
      // Loaded again by the deck (from its first address): the state it had before.
      if (deck.saved !== null && `?${deck.saved}` !== location.search) {
        const kept = parseState(deck.saved);
        if (kept.state.deck) {
          ({ state, notices } = kept);
          history.replaceState(null, "", `${location.pathname}${deck.saved ? `?${deck.saved}` : ""}${location.hash}`);
        }
      }
    }
    embed = state.embed;
    lang = state.lang;
    theme = state.theme ?? null;
    pageTheme.set(theme);
    if (embed) html.classList.add("embed");
    document.getElementById("version").textContent = version();
    setLang(lang);
    // Every panel of the registry, in its order, in its slot (#<name>-slot); an embed keeps one.
    const names = Object.keys(PANELS);
    for (const name of names) {
      const listed = document.getElementById(`${name}-slot`);
      const slot = listed ?? newSlot(name);
      if (embed && embed !== name) {
        slot.remove();
        continue;
      }
      const changed = changedBy(name);
      // A corpus loaded or edited in the spam panel re-runs learning curves that read it.
      const onChange = name === "nb" ? (mode) => { changed(mode); if (mode === "push") panels.curves?.controller.corpusMayHaveChanged(); } : changed;
      panels[name] = await mount(slot, { panel: name, state: state[name], lang, theme, onChange });
      // A nav link made by newSlot: its name is one of the panel's words, loaded by mount().
      if (!listed) applyLabels(document.querySelector("header nav"), lang);
      // Let this panel reach the screen before the next one is built (first load).
      if (name !== names.at(-1)) await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    }
    // The learning curves' text pairings on the spam panel's corpus: read when a run starts.
    if (panels.curves && panels.nb) panels.curves.controller.setCorpusSource(() => panels.nb.controller.panel.corpusBags());
    setProjector(state.projector);
    await showNotices(notices);
    showPrintLink();
    // For the console and the end-to-end tests: the panels' controllers.
    window.genlab = Object.fromEntries(Object.keys(PANELS).map((name) => [name, panels[name]?.controller ?? null]));
    window.genlab_panels = panels;
    if (state.lesson && !embed) {
      lessonLink = { value: state.lesson, step: state.step };
      await (await loadLessons())?.openLink(state.lesson, state.step);
    }
    if (state.quiz) await followQuiz(state.quiz);
    boot.hidden = true;
    html.dataset.ready = "true";
  } catch (e) {
    // No panel will fill the markup laid out ahead (an empty space under the sentence).
    for (const section of document.querySelectorAll(".panel-preparing")) section.remove();
    if (e && e.browserGap) {
      // In the link's language, colours and projector mode (set above without the core, which
      // is what could not start), so the sentence reads as the rest of the lecture would.
      boot.textContent = t(lang, `boot.${e.browserGap}`);
    } else {
      boot.textContent = t(lang, "boot.failed", { msg: e && e.message ? e.message : String(e) });
    }
    boot.classList.add("input-error");
    boot.hidden = false;
    // Language, projector and link need the core: no control that cannot work.
    document.querySelector(".shell-controls").hidden = true;
  }
}

/** A slot and a nav link for a panel of the registry that index.html does not list (index.html
 * lists the panels of the first paint; a panel added to PANELS needs no line there). */
function newSlot(name) {
  const slot = Object.assign(document.createElement("div"), { id: `${name}-slot` });
  document.getElementById("print-link").before(slot);
  if (embed) return slot;
  const link = Object.assign(document.createElement("a"), { href: `#${name}-slot` });
  link.dataset.i18n = PANELS[name].name;
  document.querySelector("header nav").append(" ", link);
  return slot;
}

document.getElementById("lang").addEventListener("click", async () => {
  const next = lang === "en" ? "zh-CN" : "en";
  await loadLang(next);
  langReady.add(next);
  setLang(next);
  syncUrl("push");
});
document.getElementById("projector").addEventListener("change", (ev) => {
  setProjector(ev.target.checked);
  syncUrl("push");
});
document.getElementById("copy-link").addEventListener("click", async () => {
  const status = document.getElementById("copy-status");
  // Cleared at once: the new words come after the clipboard answers, and the last press's
  // words must not stand for this one's meanwhile.
  status.textContent = "";
  syncUrl("push");
  const url = location.href;
  // A link that cannot carry the whole message says so where it is copied (and the page it
  // opens says so again, js/nb.js): how much it keeps and how to share the whole message.
  const nb = parseState(location.search).state.nb;
  const f = (x) => x.toLocaleString(lang);
  const kept = [...nb.text].length;
  let cut = nb.whole_chars ? ` ${t(lang, "shell.copiedCut", { kept: f(kept), whole: f(nb.whole_chars), lost: f(nb.whole_chars - kept) })}` : "";
  // The GDA panel's own points live in the page's history, never in a link: said here too.
  if (panels.gda && currentState().gda.source === "custom") cut += ` ${t(lang, cut ? "shell.copiedOwnToo" : "shell.copiedOwn")}`;
  status.classList.toggle("link-cut", Boolean(cut));
  try {
    await navigator.clipboard.writeText(url);
    status.textContent = cut ? cut.trim() : t(lang, "shell.copied");
  } catch {
    // No clipboard (an insecure context, or permission refused): show the link to copy.
    status.textContent = `${t(lang, "shell.copyManual")} ${url}${cut}`;
  }
});
// "Download for your LMS": a SCORM 1.2 package of the single file (genlab.html, beside this
// page in a release) that starts in the screen's state. Its code is loaded when pressed. The
// single file itself hides the button: from a disk it cannot read its own bytes.
document.getElementById("lms-package").addEventListener("click", async () => {
  const status = document.getElementById("copy-status");
  status.classList.remove("link-cut");
  syncUrl("push");
  const start = location.search.slice(1);
  status.textContent = t(lang, "shell.lmsMaking");
  try {
    const [{ scormPackage }, response] = await Promise.all([import("./lms-package.js"), fetch(new URL("genlab.html", location.href))]);
    if (!response.ok) throw new Error(`${response.status}`);
    const zip = await scormPackage(await response.text(), { title: t(lang, "shell.lmsTitle"), start });
    const url = URL.createObjectURL(zip);
    const a = document.createElement("a");
    a.href = url;
    a.download = "genlab-scorm.zip";
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    status.textContent = t(lang, "shell.lmsDone", { mb: (zip.size / 1e6).toLocaleString(lang, { maximumFractionDigits: 1 }) });
  } catch {
    status.textContent = t(lang, "shell.lmsFailed");
  }
});
document.getElementById("lessons").addEventListener("click", async () => {
  if (html.dataset.ready === "true") (await loadLessons())?.openMenu();
});
document.getElementById("dismiss").addEventListener("click", () => { document.getElementById("notices").hidden = true; });
// A change still waiting for its rest is written when the page goes: a slide deck unloads
// its frame the moment it turns to the next slide, and the clicker's PageDown right after a
// drag or a key on the plot lost that change (the frame came back without it).
window.addEventListener("pagehide", () => {
  if (html.dataset.ready !== "true") return;
  clearTimeout(replaceTimer);
  if (gesture) writeUrl("replace");
  gesture = false;
});
window.addEventListener("popstate", () => {
  // A write still waiting was meant for the entry just left: it must not land on this one.
  clearTimeout(replaceTimer);
  gesture = false;
  const { state, notices } = parseState(location.search);
  deck?.save(location.search.slice(1));
  followQuiz(state.quiz);
  applyState(state, history.state);
  // The entry kept the whole message: it is not cut on this screen.
  const restored = history.state?.nbText && state.nb.whole_chars && history.state.nbText.startsWith(state.nb.text);
  showNotices(restored ? notices.filter((n) => n.reason.kind !== "message-cut") : notices);
  lessonLink = state.lesson ? { value: state.lesson, step: state.step } : null;
  if (lessons || state.lesson) loadLessons().then((l) => l?.popstate(state));
});

main();
