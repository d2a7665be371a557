// The lesson player (js/lesson/): a lecture as a sequence of panel states, played from a
// clicker. The step's panel alone, its caption large, a step counter; PageDown/PageUp (and,
// away from the controls, the arrows and space) go forward and back; presenter mode is full
// screen, with B (or ".") blanking the screen; a second window (BroadcastChannel,
// presenter.js) shows the notes and the next step. Numbers that teach when they move glide
// to the step's values (glide.js); everything else, and everything under
// prefers-reduced-motion, changes at once. The step's highlight (a mean, a ledger word, a
// table cell, a control) is scrolled into view when it is below the window; a step without
// one brings its caption back into view. The menu opens built-in lessons and lesson files;
// the editor is editor.js.
//
// A step with a prediction (`predict:`) starts it on its panel (the controller's
// startPrediction(kind, params)) once the step's state is drawn; its highlight waits for the
// reveal (it could point at the answer). Next is never blocked: the student commits or skips
// when they like. In presenter mode the forward key (clicker, arrows, space, the presenter
// window) first reveals the prediction as Skip does, then goes on. A prediction the panel
// cannot start plays the step without it, and says so once, under the caption.
//
// Every caption is set as text nodes from the core's styled runs (never innerHTML).

import { parseLesson, builtinLessons, builtinLessonText, parseState } from "../../pkg-lesson/genlab.js";
import { loadLessonCore } from "../genlab.js";
import { tr, errorText } from "./strings.js";
import { MAX_LINK_CODE, compressLesson, decompressLesson, el, captionNodes, captionOf } from "./shared.js";
import { glidePaths, onlyGlides, glider } from "./glide.js";
import { createEditor } from "./editor.js";

const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

/**
 * Starts the lessons on the page. `ctx`: `panels` (main.js's mounted handles by name),
 * `lang()`, `setLink(value, step)` (the lesson's part of the URL state), `syncUrl(mode)`,
 * `lastPanel()` (the panel the user last changed). Returns the page's handle on the lessons.
 */
export async function startLessons(ctx) {
  await loadLessonCore();
  const { panels } = ctx;
  const main = document.querySelector("main");
  const html = document.documentElement;
  const bar = el("section", { class: "lesson-bar", "aria-labelledby": "lesson-title", hidden: true });
  const menu = el("section", { class: "lesson-menu", "aria-labelledby": "lessons-title", hidden: true });
  const editor = el("section", { class: "lesson-editor", "aria-labelledby": "lesson-editor-title", hidden: true });
  const blank = el("div", { class: "lesson-blank", hidden: true, role: "status" });
  main.prepend(menu, editor, bar);
  document.body.append(blank);
  // The bar's height, for presenter mode to fit the step's figure under it (style.css).
  new ResizeObserver(() => html.style.setProperty("--lesson-bar", `${Math.ceil(bar.getBoundingClientRect().height)}px`)).observe(bar);
  const channel = typeof BroadcastChannel === "function" ? new BroadcastChannel("genlab-lesson") : null;

  // The lesson playing: { lesson, errors, link } and the step shown (0-based).
  let playing = null;
  let index = 0;
  let presenting = false;
  let shownPanel = null;
  // How many step changes are under way (a glide, or a step waiting for its frame).
  let busy = 0;
  /** The last transition's frames, for the benchmark and the tests. */
  const stats = { frames: 0, ms: 0, work: [], animated: false, transitions: 0 };
  const glides = glider(stats);

  const lang = () => ctx.lang();
  const w = (key, params) => tr(lang(), key, params);

  // ---- the bar: title, counter, buttons, caption, errors ----
  const title = el("h2", { id: "lesson-title", class: "lesson-title" });
  const counter = el("span", { class: "lesson-counter", role: "status" });
  const back = el("button", { type: "button", "data-lesson": "back", onclick: () => go(index - 1) });
  const next = el("button", { type: "button", "data-lesson": "next", onclick: () => forward() });
  const present = el("button", { type: "button", "data-lesson": "present", onclick: () => setPresenting(!presenting) });
  const second = el("button", { type: "button", "data-lesson": "presenter-window", onclick: openPresenterWindow });
  const edit = el("button", { type: "button", "data-lesson": "edit", onclick: () => openEditor(playing.lesson) });
  const close = el("button", { type: "button", "data-lesson": "close", onclick: () => closeLesson(true) });
  const caption = el("p", { class: "lesson-caption", "aria-live": "polite" });
  const keys = el("p", { class: "lesson-keys hint" });
  const errorsBox = el("div", { class: "lesson-errors input-error", hidden: true }, el("p"), el("ul"));
  // Why the step's prediction did not start (the step plays without it).
  const predictNote = el("p", { class: "lesson-predict-note hint", role: "status", "data-lesson": "predict-note", hidden: true });
  bar.append(
    el("div", { class: "lesson-head" }, title, counter,
      el("span", { class: "lesson-buttons" }, back, next, present, second, edit, close)),
    caption, keys, predictNote, errorsBox,
  );

  // ---- the menu: built-in lessons, open a file, record ----
  const fileInput = el("input", { type: "file", accept: ".txt,.lesson,text/plain", hidden: true });
  const menuStatus = el("p", { class: "input-error", role: "alert", hidden: true });
  /** Says what went wrong under the menu's buttons (an empty bar is hidden, not shown pink). */
  const setMenuStatus = (text) => {
    menuStatus.textContent = text;
    menuStatus.hidden = !text;
  };
  menu.append(
    el("h2", { id: "lessons-title" }), el("h3", { "data-w": "lessons.builtin" }), el("ul", { class: "lesson-list" }),
    el("p", { class: "buttons" },
      el("button", { type: "button", "data-w": "lessons.open", onclick: () => fileInput.click() }),
      el("button", { type: "button", "data-w": "lessons.new", onclick: () => openEditor({ title_en: "", title_zh: "", steps: [] }) }),
      el("button", { type: "button", "data-w": "lessons.close", onclick: () => { menu.hidden = true; } })),
    fileInput, menuStatus,
  );
  // Escape closes the menu, and the focus goes back to the button that opened it.
  menu.addEventListener("keydown", (ev) => {
    if (ev.key !== "Escape" || menu.hidden) return;
    ev.preventDefault();
    menu.hidden = true;
    document.getElementById("lessons")?.focus();
  });
  fileInput.addEventListener("change", async () => {
    const file = fileInput.files?.[0];
    fileInput.value = "";
    if (!file) return;
    setMenuStatus("");
    const bytes = new Uint8Array(await file.arrayBuffer());
    const text = new TextDecoder("utf-8", { fatal: false }).decode(bytes);
    if (bytes.includes(0) || text.includes("\uFFFD")) {
      setMenuStatus(w("file.notText"));
      return;
    }
    await play(text, { link: null });
  });

  // ---- the editor ----
  const ed = createEditor({ panels, lang, lastPanel: ctx.lastPanel, play, close: () => { editor.hidden = true; } });
  editor.append(ed.root);

  function renderWords() {
    for (const node of [menu, editor, bar]) for (const n of node.querySelectorAll("[data-w]")) n.textContent = w(n.dataset.w);
    menu.querySelector("h2").textContent = w("lessons.title");
    bar.setAttribute("aria-label", w("lesson.label"));
    back.textContent = `◀ ${w("lesson.back")}`;
    next.textContent = `${w("lesson.next")} ▶`;
    present.textContent = w(presenting ? "lesson.stopPresenting" : "lesson.present");
    second.textContent = w("lesson.presenterWindow");
    edit.textContent = w("lesson.edit");
    close.textContent = w("lesson.close");
    keys.textContent = w("lesson.keys");
    blank.textContent = w("lesson.blanked");
    const list = menu.querySelector(".lesson-list");
    list.replaceChildren(...builtinLessons().map((b) => el("li", {},
      el("button", { type: "button", "data-builtin": b.id, onclick: () => playBuiltin(b.id) }, lang() === "zh-CN" ? b.title_zh : b.title_en),
      " ", el("span", { class: "hint", text: w("lessons.steps", { n: b.steps }) }))));
    ed.renderWords();
    if (playing) showStepText();
  }

  /** Shows the caption, counter, title and errors of the current step. */
  function showStepText() {
    const { lesson, errors } = playing;
    const n = lesson.steps.length;
    title.textContent = (lang() === "zh-CN" ? lesson.title_zh || lesson.title_en : lesson.title_en || lesson.title_zh) || w("lesson.untitled");
    counter.textContent = n ? w("lesson.counter", { i: index + 1, n }) : "";
    back.disabled = index <= 0;
    next.disabled = index >= n - 1;
    caption.lang = lang();
    caption.replaceChildren(...(lesson.steps[index] ? captionNodes(captionOf(lesson.steps[index], lang())) : [document.createTextNode(w("lesson.empty"))]));
    // The errors of this step first, then the others.
    const mine = errors.filter((e) => e.played === index);
    const list = errors.length ? [...mine, ...errors.filter((e) => e.played !== index)] : [];
    errorsBox.hidden = list.length === 0;
    errorsBox.querySelector("p").textContent = w("lesson.errors");
    showPredictNote();
    errorsBox.querySelector("ul").replaceChildren(...list.map((e) => el("li", { class: e.played === index ? "current" : "" , text: errorText(lang(), e) })));
  }

  // ---- playing ----

  /** Plays a lesson from its text; `link` is its URL value (an id or "~…"), or null. */
  async function play(text, { link, step = 1 } = {}) {
    const parsed = parseLesson(text);
    if (!link) {
      const code = await compressLesson(text).catch(() => null);
      link = code && code.length - 1 <= MAX_LINK_CODE ? code : null;
    }
    playing = { lesson: parsed.lesson, errors: parsed.errors, link, text };
    menu.hidden = true;
    bar.hidden = false;
    html.classList.add("lesson-on");
    index = Math.min(Math.max(step - 1, 0), Math.max(parsed.lesson.steps.length - 1, 0));
    shownPanel = null;
    renderWords();
    await show(index, { animate: false, write: true });
  }

  async function playBuiltin(id, step = 1) {
    const text = builtinLessonText(id);
    if (text) await play(text, { link: id, step });
  }

  /** Clears the step's hidden controls and highlight. */
  function clearMarks() {
    for (const n of main.querySelectorAll(".lesson-hidden, .lesson-highlight")) n.classList.remove("lesson-hidden", "lesson-highlight");
    panels.gda?.controller.panel.setActiveHandle(-1);
  }

  /** Marks the highlight of `step` (after its panel has drawn the step's state). */
  function markHighlight(step) {
    const h = step.highlight;
    const section = panels[step.panel]?.controller && document.getElementById(`${step.panel}-slot`);
    if (!h || !section) return;
    if (h.kind === "control") {
      for (const n of section.querySelectorAll(`[data-control="${CSS.escape(h.target)}"]`)) n.classList.add("lesson-highlight");
    } else if (h.kind === "mean" && step.panel === "gda") {
      const ctl = panels.gda.controller;
      if (h.target < ctl.panel.classes()) {
        ctl.panel.setActiveHandle(h.target);
        ctl.render();
      }
    } else if (h.kind === "cell") {
      for (const n of section.querySelectorAll(`td[data-role="${CSS.escape(h.target)}"]`)) n.classList.add("lesson-highlight");
    } else if (h.kind === "word") {
      for (const li of section.querySelectorAll("ol.ledger li")) {
        // A repeated word's row reads "free ×3".
        const name = li.querySelector(".term-name")?.textContent.trim().replace(/\s*×\d+$/, "").toLowerCase();
        if (name === h.target.toLowerCase()) li.classList.add("lesson-highlight");
      }
    }
  }

  /**
   * Scrolls the window for the step just shown: the caption in view (a step after one whose
   * highlight was far down starts with its caption and figure again), unless what the
   * step highlights would then be below the window (a control or a table cell under the
   * figure, on a phone or a 1024 × 768 projector): then the least scroll that shows it.
   * Smooth, unless the reader asks for reduced motion; nothing moves when all is in view.
   */
  function scrollForStep(step) {
    const section = document.getElementById(`${step.panel}-slot`);
    const h = step.highlight;
    let target = null;
    if (h && section) target = h.kind === "mean" ? section.querySelector('canvas[data-role="canvas"]') : section.querySelector(".lesson-highlight");
    if (target && target.getClientRects().length === 0) target = null;
    const vh = document.documentElement.clientHeight;
    const y = window.scrollY;
    // The outline lies 7 px outside the box; keep a little more than that around it.
    const margin = 12;
    // The caption's bar in view (the page above it, the header, stays as it is).
    let top = Math.min(y, bar.getBoundingClientRect().top + y);
    if (target) {
      const r = target.getBoundingClientRect();
      const [t0, t1] = [r.top + y - margin, r.bottom + y + margin];
      if (t1 > top + vh) top = t1 - t0 > vh ? t0 : t1 - vh;
    }
    top = Math.max(0, Math.round(top));
    if (Math.abs(top - y) < 2) return;
    window.scrollTo({ top, behavior: reducedMotion.matches ? "instant" : "smooth" });
  }

  // ---- the step's prediction ----

  // The prediction under way: { index, panel, handle, revealed } (null when none).
  let prediction = null;
  // The step whose prediction could not start, and its kind (said under the caption).
  let unstarted = null;

  /** Closes the step's prediction (revealed or not) before another step is shown. */
  function endPrediction() {
    const p = prediction;
    prediction = null;
    unstarted = null;
    predictNote.hidden = true;
    if (!p) return;
    // Not when the student closed it already (Done) and perhaps started another by the
    // panel's own button: the panel's accessor names the prediction it holds.
    const ctl = panels[p.panel]?.controller;
    const held = ctl?.prediction ?? ctl?.bet;
    if (typeof held === "function" && held() !== p.handle) return;
    p.handle.destroy?.();
  }

  /** Whether the step's prediction waits for its reveal (its answer is hidden). */
  const awaitingReveal = () => Boolean(prediction && !prediction.revealed);

  /** Writes why step `i`'s prediction did not start, when it is the step shown. */
  function showPredictNote() {
    predictNote.hidden = !(unstarted && unstarted.index === index);
    if (!predictNote.hidden) predictNote.textContent = w("lesson.predictUnavailable", { kind: unstarted.kind });
  }

  /** Starts step `i`'s prediction on its panel; the highlight waits for its reveal. */
  async function startStepPrediction(step, i) {
    const ctl = panels[step.panel]?.controller;
    let handle = null;
    try {
      handle = ctl?.startPrediction ? await ctl.startPrediction(step.predict.kind, step.predict.params ?? {}) : null;
    } catch {
      handle = null;
    }
    if (index !== i || !playing) {
      handle?.destroy?.();
      return;
    }
    if (!handle) {
      unstarted = { index: i, kind: step.predict.kind };
      showPredictNote();
      markHighlight(step);
      return;
    }
    prediction = { index: i, panel: step.panel, handle, revealed: false, step };
    // A prediction gives its first control the keyboard; in presenter mode the room predicts
    // aloud and a clicker's arrows must reach the lesson, not move a handle.
    if (presenting && main.contains(document.activeElement)) document.activeElement.blur();
    html.dataset.lessonPredict = "hidden";
    post();
  }

  // Every prediction announces its reveal (commit or skip) once (js/predict-record.js).
  document.addEventListener("genlab-prediction", (ev) => {
    const p = prediction;
    if (!p || p.revealed || ev.detail?.panel !== p.panel) return;
    p.revealed = true;
    html.dataset.lessonPredict = "revealed";
    markHighlight(p.step);
    post();
  });

  /** Reveals the step's prediction as its Skip button does (no score). */
  function revealPrediction() {
    const p = prediction;
    if (!p || p.revealed) return;
    if (typeof p.handle.skip === "function") p.handle.skip();
    else {
      const slot = document.getElementById(`${p.panel}-slot`);
      const skip = [...(slot?.querySelectorAll('button[data-role$="-skip"]') ?? [])].find((b) => !b.hidden && !b.disabled && b.getClientRects().length);
      skip?.click();
    }
    // A kind that reveals later still counts as revealed: the next press goes on.
    p.revealed = true;
    html.dataset.lessonPredict = "revealed";
  }

  /** The forward key: in presenter mode a hidden prediction is revealed first, else the next step. */
  function forward() {
    if (presenting && awaitingReveal()) revealPrediction();
    else go(index + 1);
  }

  /** Goes to step `i` (bounded), gliding when that teaches. */
  function go(i) {
    if (!playing) return;
    const n = playing.lesson.steps.length;
    if (i < 0 || i >= n || i === index) return;
    show(i, { animate: true, write: true });
  }

  /** Shows step `i`: its panel alone, its state, hidden controls, highlight and caption. */
  async function show(i, { animate, write }) {
    const steps = playing.lesson.steps;
    index = i;
    busy++;
    glides.finish();
    endPrediction();
    delete html.dataset.lessonPredict;
    clearMarks();
    showStepText();
    const step = steps[i];
    if (!step) {
      post();
      busy--;
      return;
    }
    // The step's panel alone: every other panel's slot (the learning curves too) is off.
    for (const slot of main.querySelectorAll(':scope > [id$="-slot"]')) slot.classList.toggle("lesson-off", slot.id !== `${step.panel}-slot`);
    const handle = panels[step.panel];
    if (handle) {
      // The step's hidden controls go first: what a glide draws is what the step shows.
      for (const name of step.hide) {
        for (const n of document.getElementById(`${step.panel}-slot`).querySelectorAll(`[data-control="${CSS.escape(name)}"]`)) n.classList.add("lesson-hidden");
      }
      const target = parseState(step.state).state[step.panel];
      const from = handle.getState();
      const glideOk = animate && !reducedMotion.matches && shownPanel === step.panel && onlyGlides(step.panel, from, target);
      const paths = glideOk ? glidePaths(step.panel, from, target) : [];
      if (paths.length) await glides.run(handle, from, target, paths, { numbers: !step.hide.includes("numbers") });
      else {
        handle.controller.setState(target);
        stats.animated = false;
        stats.frames = 1;
        stats.ms = 0;
        stats.work = [];
        stats.transitions++;
      }
      // The ledger and the figure are drawn in the next frame: highlight after it.
      await new Promise((r) => requestAnimationFrame(() => r()));
      if (index === i) {
        if (step.predict) await startStepPrediction(step, i);
        else markHighlight(step);
        if (index === i) scrollForStep(step);
      }
    }
    shownPanel = step.panel;
    if (write) {
      ctx.setLink(playing.link, i + 1);
      ctx.syncUrl("push");
    }
    post();
    busy--;
    if (index === i) html.dataset.lessonStep = String(i + 1);
  }


  function closeLesson(write) {
    glides.finish();
    endPrediction();
    delete html.dataset.lessonPredict;
    clearMarks();
    setPresenting(false);
    playing = null;
    bar.hidden = true;
    html.classList.remove("lesson-on");
    delete html.dataset.lessonStep;
    for (const n of main.querySelectorAll(".lesson-off")) n.classList.remove("lesson-off");
    if (write) {
      ctx.setLink(null, 1);
      ctx.syncUrl("push");
    }
  }

  // ---- presenter mode, blanking, keys ----

  function setPresenting(on) {
    presenting = on;
    html.classList.toggle("presenting", on);
    present.textContent = w(on ? "lesson.stopPresenting" : "lesson.present");
    if (on && !document.fullscreenElement) html.requestFullscreen?.().catch(() => {});
    if (!on) {
      setBlank(false);
      if (document.fullscreenElement) document.exitFullscreen?.().catch(() => {});
    }
  }

  function setBlank(on) {
    blank.hidden = !on;
    html.classList.toggle("lesson-blanked", on);
  }

  document.addEventListener("fullscreenchange", () => {
    if (!document.fullscreenElement && presenting) setPresenting(false);
  });

  /** Whether the focused element uses this key itself (typing, a list, the figure's arrows). */
  function usesKey(target, key) {
    if (!target || target === document.body) return false;
    if (target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName)) return true;
    if (key === " " && target.closest("button, a, summary, [role=button]")) return true;
    if (key.startsWith("Arrow") && target.tagName === "CANVAS") return true;
    return false;
  }

  window.addEventListener("keydown", (ev) => {
    if (!playing || ev.altKey || ev.ctrlKey || ev.metaKey || ev.isComposing) return;
    const k = ev.key;
    const clicker = k === "PageDown" || k === "PageUp";
    if (!clicker && usesKey(ev.target, k)) return;
    if (!clicker && ev.defaultPrevented) return;
    if (clicker || ((presenting || blank.hidden === false) && ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp", " "].includes(k))) {
      ev.preventDefault();
      if (!blank.hidden) return;
      if (k === "PageDown" || k === "ArrowRight" || k === "ArrowDown" || k === " ") forward();
      else go(index - 1);
    } else if ((k === "b" || k === "B" || k === ".") && presenting) {
      ev.preventDefault();
      setBlank(blank.hidden);
    } else if (k === "Escape") {
      if (!blank.hidden) setBlank(false);
      else if (presenting) setPresenting(false);
    }
  });

  // ---- the presenter window ----

  function openPresenterWindow() {
    window.open(`${location.pathname}#lesson-presenter`, "genlab-presenter", "width=960,height=640");
  }

  /** Tells the presenter window what is shown. */
  function post() {
    if (!channel || !playing) return;
    const { lesson } = playing;
    channel.postMessage({ type: "step", lang: lang(), index, lesson, predicting: awaitingReveal() });
  }

  channel?.addEventListener("message", (ev) => {
    const m = ev.data;
    if (!m || typeof m !== "object" || !playing) return;
    if (m.type === "hello") post();
    else if (m.type === "go" && m.delta === 1) forward();
    else if (m.type === "go" && m.delta === -1) go(index - 1);
  });


  function openEditor(lesson) {
    closeLesson(true);
    menu.hidden = true;
    editor.hidden = false;
    renderWords();
    ed.open(lesson);
    editor.scrollIntoView({ block: "start" });
  }

  renderWords();

  const api = {
    /** Shows the lessons' menu. */
    openMenu() {
      editor.hidden = true;
      menu.hidden = false;
      renderWords();
      menu.querySelector("button")?.focus();
    },
    /** Plays the lesson a link names (`value`: an id or "~…") at `step` (1-based). */
    async openLink(value, step) {
      if (value.startsWith("~")) {
        let text;
        try {
          text = await decompressLesson(value);
        } catch (e) {
          menu.hidden = false;
          setMenuStatus(w("link.bad", { msg: e && e.message ? e.message : String(e) }));
          return;
        }
        await play(text, { link: value, step });
      } else await playBuiltin(value, step);
    },
    /** Back or forward in the history: the lesson and step the URL now names. */
    async popstate(state) {
      if (!state.lesson) {
        if (playing) closeLesson(false);
        return;
      }
      if (playing && playing.link === state.lesson) {
        const i = Math.min(state.step, playing.lesson.steps.length) - 1;
        if (i !== index) await show(i, { animate: false, write: false });
      } else {
        await api.openLink(state.lesson, state.step);
      }
    },
    setLang() {
      renderWords();
      post();
    },
    // For the tests and the benchmark.
    get step() {
      return index + 1;
    },
    get busy() {
      return busy > 0;
    },
    get count() {
      return playing ? playing.lesson.steps.length : 0;
    },
    get lesson() {
      return playing?.lesson ?? null;
    },
    get errors() {
      return playing?.errors ?? [];
    },
    get presenting() {
      return presenting;
    },
    /** The step's prediction: "hidden" (waiting for its reveal), "revealed", or null. */
    get prediction() {
      return prediction ? (prediction.revealed ? "revealed" : "hidden") : null;
    },
    forward,
    get editor() {
      return ed;
    },
    stats,
    go,
    play,
  };
  return api;
}
