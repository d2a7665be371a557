// The learning-curves panel's controller: settings in, curves out. The computing happens in
// a Web Worker (curves-worker.js) that posts the curves as they fill in; this thread only
// draws them (once per animation frame, with the wasm core's plotters figure), writes the
// lesson and the table, and starts a new run (which cancels the old one) on every change.
// Data files are fetched by the worker when a pairing needs one, never before.

import * as glue from "../pkg-curves/genlab.js";
import { CurvesRun, curvesDataFile, curvesNeedsSpamCorpus } from "../pkg-curves/genlab.js";
import { pct } from "./format.js";
import { t, applyLabels } from "./i18n.js";
import { messageText, errorText } from "./messages.js";
import { cleanupList, downloadCanvas, focusScrollables, hideControls, showMessageAt, lastControl, sentence, loadPart } from "./util.js";
import { compiledCore } from "./wasm-compile.js";
import { guardPanel, showEngineNotice } from "./recovery.js";

/** The numeric settings: name, whether whole, range, the message key of the range. */
const FIELDS = [
  ["m_min", true, 2, 5000, "lc.rangeM"],
  ["m_max", true, 2, 5000, "lc.rangeMMax"],
  ["sizes", true, 2, 40, "lc.rangeSizes"],
  ["splits", true, 1, 1000, "lc.rangeSplits"],
  ["lambda", false, 0, 1e6, "lc.rangeLambda"],
  ["alpha", false, 0, 10, "lc.rangeAlpha"],
  ["seed", true, 0, Number.MAX_SAFE_INTEGER, "lc.rangeSeed"],
];
const REAL = new Set(["wdbc", "digits01", "digits23"]);
/** The bag-of-words pairings: the teaching corpus', then the spam panel's corpus'. */
const TEXT = new Set(["textmn", "textbern", "usermn", "userbern"]);
/** The state key the α field shows and sets: the text models' Lidstone α, or the variance smoothing. */
const alphaKey = (pairing) => (TEXT.has(pairing) ? "text_alpha" : "alpha");
/** A typed number starts a run after this pause (ms); a select or a step starts one at once. */
const TYPING_PAUSE = 400;
// A running worker posts its curves every ~40 ms of work; silent this long, it is stuck (its
// first message may wait for a data file and the module's instantiation: seconds on a slow phone).
const WORKER_DEADLINE_MS = 15000;

/** A number as a link writes it: the shortest form that reads back the same. */
function plain(x) {
  return String(x);
}

/**
 * Builds the learning-curves panel inside `section` (which holds the panel's markup).
 * Options: `lang`, `controls` (names of controls to hide: "pairing", "m", "sizes",
 * "splits", "lambda", "alpha", "seed", "export"), `onChange(mode)`, `state` (a link's state, the
 * first run's). The text pairings "usermn" and "userbern" run on the spam panel's corpus, which
 * the page hands over with `setCorpusSource(() => bags)` (bags as the spam panel's
 * `corpusBags()` gives them); without a source they say there is no spam panel.
 */
export function createCurves(section, { lang = "en", controls = [], onChange = () => {}, state: initial = null } = {}) {
  const $ = (role) => section.querySelector(`[data-role="${role}"]`);
  const canvas = $("canvas");
  // The module's figure and table functions on this thread, behind the guard that gives the
  // panel a fresh instance if the engine fails while drawing (recovery.js); the state and the
  // curves are the page's, so the recovery is a redraw.
  const core = guardPanel({
    section, flavour: "curves", glue, lang: () => lang,
    make: (g) => g,
    snapshot: () => ({}),
    restore: () => render(),
  });
  const cleanups = cleanupList();
  const { on } = cleanups;
  const recent = lastControl(section, on);
  let state = { pairing: "true", m_min: 4, m_max: 1000, sizes: 15, splits: 200, lambda: 0.01, alpha: 1e-9, text_alpha: 1, seed: 1 };
  /** Gives the spam panel's corpus as bags of word ids, or null (no spam panel on the page). */
  let corpusSource = null;
  /** The name of the spam panel's corpus the latest run read, and its fingerprint. */
  let corpusName = "";
  let corpusPrint = "";
  /** Enough of a corpus' bags to tell a loaded, edited or relabelled corpus from the one a run read. */
  const fingerprint = (c) => {
    let h = 0;
    for (let i = 0; i < c.labels.length; i++) h = (h * 31 + c.labels[i] * 7 + c.offsets[i + 1]) >>> 0;
    for (let i = 0; i < c.ids.length; i++) h = (h * 31 + c.ids[i]) >>> 0;
    return `${c.name}|${c.labels.length}|${c.ids.length}|${c.words}|${h}`;
  };
  let projector = false;
  let dark = false;
  let summary = null;
  let summaryState = null;
  let frame = 0;
  let worker = null;
  /** The compiled pkg-curves module the worker is handed (null: it fetches its own). */
  let workerModule = null;
  let runId = 0;
  let running = false;
  let elapsed = 0;
  let typingTimer = 0;
  let destroyed = false;
  let started = false;
  /** Where the plot sits on the canvas (drawLearningCurves' answer), for the tests. */
  let plotFrame = null;
  /** Messages a replaced run posted after the worker knew of the newer run (for tests:
   * a replaced run may finish the slice it is in, and must post nothing after it). */
  let late = 0;
  /** A crossover prediction under way (js/predict-crossover.js's handle), or null. While one
   * hides the curves, the figure shows its axes only and nothing says where the curves cross
   * (no lesson, table, no-fit note, crossover attribute, PNG or CSV). */
  let predicting = null;
  let hideCurves = false;
  /** Who waits for the current run to finish: [resolve, reject] pairs (whenDone()). */
  let waiters = [];
  function settle(error = null, value = null) {
    const list = waiters;
    waiters = [];
    for (const [resolve, reject] of list) {
      if (error) reject(error);
      else resolve(value);
    }
  }
  // The watchdog: a run whose worker is silent past its deadline (it posts every ~40 ms of
  // work) has its worker terminated and the run started again on a new one, once; the second
  // time the panel says what to do. `stalls` counts since the last run that finished.
  let watchdog = 0;
  let stalls = 0;
  /** How long a running worker may stay silent (ms); the test hook may shorten it. */
  const deadline = () => globalThis.genlabFaults?.curvesDeadlineMs ?? WORKER_DEADLINE_MS;
  function watch() {
    clearTimeout(watchdog);
    watchdog = running ? setTimeout(() => stalled("silent"), deadline()) : 0;
  }
  /** The worker stopped answering (or its engine failed): a new one, once. */
  function stalled(why) {
    clearTimeout(watchdog);
    watchdog = 0;
    if (!running || destroyed) return;
    console.error(`genlab: the learning curves' worker ${why === "silent" ? `was silent for ${deadline()} ms` : "failed"}; it is restarted.`);
    worker?.terminate();
    worker = null;
    stalls += 1;
    if (stalls === 1) {
      showEngineNotice(section, "engine.workerRestarted", lang);
      start();
      return;
    }
    running = false;
    section.dataset.run = "error";
    setStatus("");
    showEngineNotice(section, "engine.workerReload", lang);
  }

  /** The generative model's name: the one of the curves shown (or about to be). */
  const genName = () => {
    const p = (summaryState ?? state).pairing;
    if (TEXT.has(p)) return t(lang, p.endsWith("bern") ? "lc.bnb" : "lc.mnb");
    return t(lang, REAL.has(p) ? "lc.gnb" : "lc.gda");
  };

  /** The menu's group labels (an optgroup's label is an attribute, not text). */
  function labelGroups() {
    $("group-clouds").label = t(lang, "lc.groupClouds");
    $("group-real").label = t(lang, "lc.groupReal");
    $("group-text").label = t(lang, "lc.groupText");
  }

  /** Starts (or restarts) the run of the current settings; the old run stops at once. */
  function start() {
    if (destroyed) return;
    started = true;
    runId += 1;
    running = true;
    summary = null;
    summaryState = { ...state };
    if (!worker) {
      // A one-file build (the offline file, the notebook widget) has no worker file beside it:
      // its bundle starts the worker from its own text (tools/dist/bundle.mjs, `workers`).
      worker = import.meta.genlabWorker?.("./curves-worker.js") ?? (sameOrigin() ? new Worker(new URL("./curves-worker.js", import.meta.url), { type: "module" }) : crossOriginWorker());
      worker.onmessage = onWorker;
      worker.onerror = (ev) => {
        running = false;
        watch();
        setStatus(t(lang, "lc.loadFailed", { msg: ev.message || "worker" }));
      };
    }
    const file = curvesDataFile(state.pairing);
    const dataUrl = file ? new URL(`../data/${file}`, import.meta.url).href : null;
    let corpus = null;
    if (curvesNeedsSpamCorpus(state.pairing)) {
      corpus = corpusSource ? corpusSource() : null;
      if (!corpus) {
        running = false;
        section.dataset.run = "error";
        showMessageAt($("input-error"), t(lang, "lc.noSpamPanel"), { anchor: $("pairing"), lang });
        setStatus("");
        showCredit();
        schedule();
        settle(new Error(t(lang, "lc.noSpamPanel")));
        return;
      }
      corpusName = corpus.title;
      corpusPrint = fingerprint(corpus);
    }
    const msg = { type: "run", id: runId, state: { ...state }, dataUrl, corpus };
    // Test hook: the worker hangs (or traps) after its first slice of this run.
    const fault = globalThis.genlabFaults?.curves;
    if (fault?.worker) {
      msg.fault = fault.worker;
      if (!(fault.times > 1)) delete globalThis.genlabFaults.curves;
      else fault.times -= 1;
    }
    // The worker instantiates the module this thread has compiled already (a
    // WebAssembly.Module is shared with a worker, not copied) instead of fetching the .wasm
    // a second time; every run goes through the same promise, so runs arrive in order.
    // Where the page carries the full core, so does the worker's bundle (its glue is the full
    // module's): it is handed that module, and has no .wasm file it could fetch instead.
    workerModule ??= compiledCore("curves").catch(() => null);
    const to = worker;
    workerModule.then((module) => to.postMessage({ ...msg, module }));
    setStatus(t(lang, file ? "lc.loading" : "lc.progress", { done: 0, total: state.splits }));
    section.dataset.run = "running";
    watch();
    showCredit();
    schedule();
  }

  function onWorker(ev) {
    const msg = ev.data;
    if (msg.seen > msg.id) late += 1;
    if (msg.id !== runId || destroyed) return;
    if (msg.type === "crash") {
      stalled("crash");
      return;
    }
    if (msg.type === "error") {
      running = false;
      watch();
      section.dataset.run = "error";
      const text = sentence((msg.data ? messageText(lang, msg.data) : errorText(lang, msg.message)), lang);
      showMessageAt($("input-error"), text, { lang });
      setStatus("");
      settle(new Error(text));
      return;
    }
    summary = msg.summary;
    elapsed = msg.ms;
    if (msg.type === "done") {
      running = false;
      stalls = 0;
      section.dataset.run = "done";
      settle(null, summary);
    }
    watch();
    schedule();
  }

  function setStatus(text) {
    $("status").textContent = text;
  }

  function showCredit() {
    const credit = $("credit");
    const p = state.pairing;
    let text = "";
    if (REAL.has(p)) text = t(lang, p === "wdbc" ? "lc.creditWdbc" : "lc.creditDigits");
    else if (p === "textmn" || p === "textbern") text = t(lang, "lc.creditTeaching");
    else if (TEXT.has(p) && corpusName) text = t(lang, "lc.creditSpamPanel", { name: messageText(lang, corpusName) });
    credit.hidden = text === "";
    credit.textContent = text;
  }

  /** The help under λ and α: what they mean for the pairing chosen. */
  function showHelp() {
    const text = TEXT.has(state.pairing);
    const pairs = [[`[data-i18n^="lc.lambdaHelp"]`, text ? "lc.lambdaHelpText" : "lc.lambdaHelp"], [`[data-i18n^="lc.alphaHelp"]`, text ? "lc.alphaHelpText" : "lc.alphaHelp"]];
    for (const [sel, key] of pairs) {
      const el = section.querySelector(sel);
      if (!el) continue;
      el.dataset.i18n = key;
      el.textContent = t(lang, key);
    }
  }

  /** Redraws in the next animation frame, once however many updates arrive. */
  function schedule() {
    if (frame || destroyed) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      render();
    });
  }

  function figureText() {
    return {
      x_axis: t(lang, "lc.xAxis"),
      y_axis: t(lang, "lc.yAxis"),
      names: [genName(), t(lang, "lc.lr")],
      bayes: t(lang, "lc.bayesLine"),
      crossover: t(lang, "lc.crossLine"),
      waiting: t(lang, "lc.waiting"),
    };
  }

  /** An empty summary, drawn while the first splits are computed. */
  function emptySummary() {
    const c = (model) => ({ model, points: [], asymptote: null });
    return {
      pairing: state.pairing, curves: [c("gen"), c("lr")], crossover: null, leader_small: null, leader_large: null, leader_after: null,
      bayes_error: null, splits_done: 0, splits_total: state.splits, pool: 0, test: 0, rows: 0, d: 0,
    };
  }

  /** The longest render so far (ms), for the benchmark. */
  let renderMax = 0;

  function render() {
    const t0 = performance.now();
    renderInner();
    renderMax = Math.max(renderMax, performance.now() - t0);
  }

  function renderInner() {
    const box = $("box");
    const w = box.clientWidth;
    const h = box.clientHeight;
    if (w > 0 && h > 0) {
      const dpr = window.devicePixelRatio || 1;
      if (hideCurves) {
        const [lo, hi] = axisRange();
        plotFrame = core.drawCurvesAxes(canvas, lo, hi, { ...figureText(), waiting: t(lang, "lc.predictHidden") }, w, h, dpr, projector, dark);
      } else plotFrame = core.drawLearningCurves(canvas, summary ?? emptySummary(), figureText(), w, h, dpr, projector, dark);
    }
    for (const role of ["export", "csv"]) $(role).disabled = hideCurves;
    predicting?.draw();
    canvas.setAttribute("aria-label", t(lang, "lc.canvasLabel", { gen: genName() }));
    if (summary) {
      if (running) setStatus(t(lang, "lc.progress", { done: summary.splits_done, total: summary.splits_total }));
      else setStatus(t(lang, TEXT.has(summary.pairing) ? "lc.finishedText" : "lc.finished", { total: summary.splits_done, s: (elapsed / 1000).toFixed(2), rows: summary.rows, d: summary.d, test: summary.test }));
    }
    writeLesson();
    writeTable();
    writeNoFit();
    section.dataset.crossover = !hideCurves && summary?.crossover != null ? String(summary.crossover) : "";
  }

  /** The m axis' ends: the run's smallest and largest sizes (the figure's, drawn or hidden),
   * or the settings' before the run has posted its sizes (the largest m is then capped at the
   * training pool when they come). */
  function axisRange() {
    const pts = summary?.curves[0].points ?? [];
    if (pts.length >= 2) return [pts[0].m, pts[pts.length - 1].m];
    if (pts.length === 1) return [pts[0].m, pts[0].m * 10];
    return [Math.max(2, state.m_min), Math.max(state.m_max, Math.max(2, state.m_min) + 1)];
  }

  /** Resolves to the finished curves of the current settings (starting the run if none has
   * started); rejects with a sentence when the run fails. */
  function whenDone() {
    if (!running && summary && summary.splits_done === summary.splits_total && section.dataset.run === "done"
      && Object.keys(state).every((k) => summaryState?.[k] === state[k])) return Promise.resolve(summary);
    const p = new Promise((resolve, reject) => waiters.push([resolve, reject]));
    if (!started) {
      seen.disconnect();
      start();
    } else if (!running) start();
    return p;
  }

  /** Hides the curves (a prediction under way) or shows them again. */
  function setCurvesHidden(on) {
    hideCurves = Boolean(on);
    cancelAnimationFrame(frame);
    frame = 0;
    render();
  }

  /** The lesson of the current curves, in words. */
  function writeLesson() {
    const box = $("lesson");
    if (hideCurves) {
      box.replaceChildren(Object.assign(document.createElement("p"), { className: "hint", textContent: t(lang, "lc.predictLesson") }));
      return;
    }
    const parts = [];
    if (summary && summary.curves[0].points.length > 0) {
      const names = [genName(), t(lang, "lc.lr")];
      const [g, l] = summary.curves.map((c) => c.points);
      const first = [g[0].mean, l[0].mean];
      const last = [g[g.length - 1].mean, l[l.length - 1].mean];
      const m0 = g[0].m;
      const m1 = g[g.length - 1].m;
      if (summary.leader_small == null) parts.push(t(lang, "lc.lessonSmallTie", { m: m0 }));
      else {
        const k = summary.leader_small;
        parts.push(t(lang, "lc.lessonSmall", { m: m0, leader: names[k], a: pct(first[k], { exact: false }), b: pct(first[1 - k], { exact: false }) }));
      }
      if (summary.crossover != null && summary.leader_after != null) {
        parts.push(t(lang, "lc.lessonCross", { m: Math.round(summary.crossover), leader: names[summary.leader_after] }));
      } else parts.push(t(lang, "lc.lessonNoCross"));
      if (summary.leader_large == null) parts.push(t(lang, "lc.lessonLargeTie", { m: m1, a: pct(last[0], { exact: false }), b: pct(last[1], { exact: false }) }));
      else {
        const k = summary.leader_large;
        parts.push(t(lang, "lc.lessonLarge", { m: m1, model: names[k], a: pct(last[k], { exact: false }), b: pct(last[1 - k], { exact: false }) }));
      }
      if (summary.bayes_error != null) parts.push(t(lang, "lc.lessonBayes", { e: pct(summary.bayes_error, { exact: false }) }));
      if (TEXT.has(summary.pairing)) {
        parts.push(t(lang, summary.pairing.endsWith("bern") ? "lc.lessonTextBern" : "lc.lessonTextMn"));
        // "Every training message this corpus has" only when the largest m is the whole pool.
        if (summary.leader_large === 0) {
          parts.push(m1 >= summary.pool ? t(lang, "lc.lessonTextNbLarge", { m: m1, gen: names[0] })
            : t(lang, "lc.lessonTextNbShort", { m: m1, gen: names[0], pool: summary.pool }));
        }
        else if (summary.leader_large === 1) parts.push(t(lang, "lc.lessonTextLrLarge", { gen: names[0] }));
      }
    }
    const p = document.createElement("p");
    p.textContent = parts.join(lang === "zh-CN" ? "" : " ");
    const cite = document.createElement("p");
    cite.className = "hint";
    // Ng & Jordan's bounds are about naive Bayes; Efron's efficiency about GDA when its
    // model is true, and it depends on how far apart the classes are.
    const pairing = (summaryState ?? state).pairing;
    cite.textContent = REAL.has(pairing) || TEXT.has(pairing) ? t(lang, "lc.citeNb")
      : [t(lang, "lc.citeEfron"), ...(pairing === "true" ? [t(lang, "lc.citeEfronTrue")] : [])].join(lang === "zh-CN" ? "" : " ");
    box.replaceChildren(...(parts.length ? [p] : []), cite);
  }

  /** The table of every curve point: the figure's numbers, as text. */
  function writeTable() {
    const names = [genName(), t(lang, "lc.lr")];
    const head = document.createElement("tr");
    const cols = [t(lang, "lc.colM"), ...names.flatMap((model) => [t(lang, "lc.colMean", { model }), t(lang, "lc.colBand", { model })]), t(lang, "lc.colInf")];
    for (const c of cols) {
      const th = document.createElement("th");
      th.scope = "col";
      th.textContent = c;
      head.append(th);
    }
    $("thead").replaceChildren(head);
    const rows = [];
    if (summary && !hideCurves) {
      const [g, l] = summary.curves.map((c) => c.points);
      g.forEach((p, i) => {
        const tr = document.createElement("tr");
        const q = l[i];
        const cells = [String(p.m), pct(p.mean, { exact: false }), `${pct(p.lo, { exact: false })} – ${pct(p.hi, { exact: false })}`,
          pct(q.mean, { exact: false }), `${pct(q.lo, { exact: false })} – ${pct(q.hi, { exact: false })}`, `${q.no_finite_fit} / ${q.splits}`];
        cells.forEach((c, j) => {
          const td = document.createElement(j === 0 ? "th" : "td");
          if (j === 0) td.scope = "row";
          td.textContent = c;
          tr.append(td);
        });
        rows.push(tr);
      });
    }
    $("tbody").replaceChildren(...rows);
    // The table wider than a phone scrolls in its box: reachable by keyboard, named.
    focusScrollables(section, ".table-wrap", () => t(lang, "lc.numbers"));
  }

  /** Says where unregularised logistic regression has no finite fit. */
  function writeNoFit() {
    const box = $("nofit");
    const pts = hideCurves ? [] : summary?.curves[1].points ?? [];
    const bad = pts.filter((p) => p.no_finite_fit > 0);
    box.hidden = bad.length === 0;
    box.textContent = bad.length
      ? t(lang, "lc.noFit", { n: bad.reduce((a, p) => a + p.no_finite_fit, 0), total: pts.reduce((a, p) => a + p.splits, 0), m: bad[bad.length - 1].m })
      : "";
  }

  /** Reads the number fields; shows the first bad one's message and returns null. When
   * the two sizes are out of order, the message goes next to the one just `edited` (the
   * smallest m's unless the largest m was). */
  function readFields(edited = null) {
    const next = { ...state, pairing: $("pairing").value };
    for (const [field, whole, lo, hi, rule] of FIELDS) {
      const name = field === "alpha" ? alphaKey(next.pairing) : field;
      const input = $(field);
      const raw = input.value.trim();
      const v = raw === "" ? NaN : Number(raw);
      const ok = Number.isFinite(v) && v >= lo && v <= hi && (!whole || Number.isInteger(v));
      if (!ok) {
        showMessageAt($("input-error"), t(lang, "lc.badNumber", { name: t(lang, input.dataset.name), rule: t(lang, rule) }), { anchor: input, lang });
        return null;
      }
      next[name] = v;
    }
    if (next.m_min >= next.m_max) {
      const [field, rule] = edited === $("m_max") ? ["m_max", "lc.rangeMMax"] : ["m_min", "lc.rangeM"];
      const input = $(field);
      showMessageAt($("input-error"), t(lang, "lc.badNumber", { name: t(lang, input.dataset.name), rule: t(lang, rule) }), { anchor: input, lang });
      return null;
    }
    showMessageAt($("input-error"), "", { lang });
    return next;
  }

  function showFields() {
    $("pairing").value = state.pairing;
    for (const [name] of FIELDS) $(name).value = plain(state[name === "alpha" ? alphaKey(state.pairing) : name]);
    showHelp();
  }

  /** Applies the fields after a change; `now`: a discrete change (no typing pause);
   * `edited`: the field the change came from, if any. */
  function changed(now, edited = null) {
    clearTimeout(typingTimer);
    const go = () => {
      const next = readFields(edited);
      if (!next) return;
      const same = FIELDS.every(([n]) => next[n] === state[n]) && next.text_alpha === state.text_alpha && next.pairing === state.pairing;
      state = next;
      if (same && started) return;
      start();
      onChange("push");
    };
    if (now) go();
    else typingTimer = setTimeout(go, TYPING_PAUSE);
  }

  on($("pairing"), "change", () => {
    // The α field follows the pairing: the text models' α, or the variance smoothing.
    $("alpha").value = plain(state[alphaKey($("pairing").value)]);
    changed(true);
    showHelp();
  });
  for (const [name] of FIELDS) {
    on($(name), "input", () => changed(false, $(name)));
    on($(name), "change", () => changed(true, $(name)));
  }
  on($("controls"), "submit", (ev) => ev.preventDefault());
  on($("export"), "click", () => !hideCurves && downloadCanvas(canvas, `genlab-learning-curves-${state.pairing}.png`));
  on($("csv"), "click", () => {
    if (!summary || hideCurves) return;
    const blob = new Blob([core.curvesCsv(summary)], { type: "text/csv" });
    const url = URL.createObjectURL(blob);
    const a = document.createElement("a");
    a.href = url;
    a.download = `genlab-learning-curves-${summary.pairing}.csv`;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  });
  const resize = new ResizeObserver(() => schedule());
  resize.observe($("box"));
  // The first run waits until the panel is on screen: a page that opens elsewhere does not
  // pay for it (nor fetch anything) in its first load.
  const seen = new IntersectionObserver((entries) => {
    if (entries.some((e) => e.isIntersecting)) {
      seen.disconnect();
      if (!started) start();
    }
  });
  seen.observe(section);

  function getState() {
    return { ...state };
  }

  function setState(s) {
    recent.forget();
    const next = { ...state, ...s };
    const same = Object.keys(next).every((k) => next[k] === state[k]);
    state = next;
    showFields();
    showMessageAt($("input-error"), "", { lang });
    // Before the panel has been on screen, the observer starts the first run.
    if (started && !same) start();
  }

  function setLang(next) {
    lang = next;
    applyLabels(section, lang);
    labelGroups();
    showCredit();
    showHelp();
    predicting?.setLang(lang);
    render();
  }

  function setProjector(onOff) {
    projector = onOff;
    schedule();
  }

  function setTheme(isDark) {
    dark = isDark;
    // At once, not in the next frame: a print (light, js/genlab.js themeFollower) is laid
    // out before it, and the figure printed dark.
    cancelAnimationFrame(frame);
    frame = 0;
    render();
  }

  /**
   * Computes the curves of the current settings on this thread, at once, and stops the
   * worker's run: a print cannot wait for the worker, and printed "computing…" (or nothing,
   * when the panel had not been scrolled to). Not for a pairing whose data file the worker
   * has not fetched. Returns whether it computed.
   */
  function computeNow() {
    if (destroyed || curvesDataFile(state.pairing)) return false;
    const corpus = curvesNeedsSpamCorpus(state.pairing) ? corpusSource?.() : null;
    if (curvesNeedsSpamCorpus(state.pairing) && !corpus) return false;
    runId += 1;
    worker?.postMessage({ type: "cancel" });
    started = true;
    seen.disconnect();
    const t0 = performance.now();
    const handle = corpus ? CurvesRun.withCorpus({ ...state }, corpus.labels, corpus.offsets, corpus.ids, corpus.words) : new CurvesRun({ ...state }, "");
    try {
      while (!handle.step(1));
      summary = handle.summary();
    } finally {
      handle.free();
    }
    if (corpus) {
      corpusName = corpus.title;
      corpusPrint = fingerprint(corpus);
    }
    elapsed = performance.now() - t0;
    running = false;
    summaryState = { ...state };
    section.dataset.run = "done";
    showCredit();
    settle(null, summary);
    return true;
  }
  // Every figure is computed before it prints.
  on(window, "beforeprint", () => {
    const current = summary && !running && Object.keys(state).every((k) => summaryState?.[k] === state[k]);
    if (!current) {
      try {
        computeNow();
      } catch (e) {
        showMessageAt($("input-error"), sentence(errorText(lang, e), lang), { lang });
      }
    }
    cancelAnimationFrame(frame);
    frame = 0;
    render();
  });

  function destroy() {
    predicting?.destroy();
    destroyed = true;
    clearTimeout(watchdog);
    cancelAnimationFrame(frame);
    clearTimeout(typingTimer);
    seen.disconnect();
    resize.disconnect();
    worker?.terminate();
    cleanups.run();
    section.replaceChildren();
  }

  // A state given at creation (mount() passes the link's) is the first run's.
  if (initial) state = { ...state, ...initial };
  applyLabels(section, lang);
  labelGroups();
  hideControls(section, controls);
  showFields();
  showCredit();
  render();
  /** The page hands over the spam panel's corpus (a function giving its bags of word ids). */
  function setCorpusSource(source) {
    corpusSource = typeof source === "function" ? source : null;
    // A run that found no corpus, on a pairing that needs one, can go now.
    if (started && corpusSource && curvesNeedsSpamCorpus(state.pairing) && section.dataset.run === "error") start();
  }

  /** The spam panel changed something: a run on its corpus starts again if the corpus changed. */
  function corpusMayHaveChanged() {
    if (!started || destroyed || !corpusSource || !curvesNeedsSpamCorpus(state.pairing)) return;
    const c = corpusSource();
    if (c && fingerprint(c) !== corpusPrint) start();
  }

  // Predict, then reveal: the controls load on the first press (js/predict-crossover.js).
  // startPrediction(kind) does what the button does (a lesson's `predict:` step calls it too);
  // it resolves to the prediction's handle, or null when none started (loadPart says so when
  // a module did not load).
  async function startPrediction(kind = "crossover", params = {}) {
    if (!["crossover", "quiz"].includes(kind) || predicting || destroyed) return null;
    // Hidden at once, not after the module has come: a lesson's step may have just started
    // the run whose curves are to be predicted.
    $("predict").disabled = true;
    setCurvesHidden(true);
    let begin = null;
    try {
      // "Quiz me": a fresh pairing and seed, one crossing to predict, again and again (js/quiz.js).
      begin = kind === "quiz"
        ? (await loadPart(() => import("./quiz.js"), $("quiz"), lang))?.openQuiz
        : await starter();
    } finally {
      $("predict").disabled = false;
      if (!begin && !predicting && !destroyed) setCurvesHidden(false);
    }
    if (!begin || destroyed || predicting) return null;
    const ended = () => { predicting = null; };
    const row = $("predict").closest("p");
    predicting = kind === "quiz"
      ? await begin({ panel: "curves", section, lang, value: params?.value, hide: $("predict").parentElement, after: row, apply: setState, starter, hold: (h) => { predicting = h; }, onEnd: ended })
      : begin(params, ended);
    if (!predicting) setCurvesHidden(false);
    return predicting;
  }
  // The crossing's module, loaded: `(params, onEnd) → handle | null`, which hides the curves and
  // starts it at once (a quiz applies its situation and asks in the same task); null when it
  // did not load.
  async function starter() {
    const mod = await loadPart(() => import("./predict-crossover.js"), $("predict"), lang);
    return mod && ((_params, onEnd) => {
      setCurvesHidden(true);
      return mod.startCrossoverPrediction({
        section, lang, button: $("predict"),
        curves: {
          axisRange, whenDone, setHidden: setCurvesHidden, frame: () => plotFrame, summary: () => summary,
          judge: (s, mHat) => core.judgeCrossover(s, mHat),
          names: () => [genName(), t(lang, "lc.lr")],
        },
        onEnd,
      });
    });
  }
  on($("predict"), "click", () => startPrediction("crossover"));
  on($("quiz"), "click", () => startPrediction("quiz"));

  return {
    getState, setState, setLang, setProjector, setTheme, destroy, render, setCorpusSource, corpusMayHaveChanged,
    startPrediction, prediction: () => predicting,
    /** For tests: where the plot sits on the canvas, and the latest curves. */
    plotFrame: () => plotFrame,
    summary: () => summary,
    running: () => running,
    lateMessages: () => late,
    /** The worker's time for the latest curves (ms, from its first split). */
    elapsed: () => elapsed,
    /** The longest redraw so far (ms), and a reset (for the benchmark). */
    renderMax: () => renderMax,
    resetRenderMax: () => { renderMax = 0; },
    csv: () => (summary ? core.curvesCsv(summary) : ""),
  };
}

/** Whether this module comes from the page's own origin (a Worker's script must). */
function sameOrigin() {
  return new URL(import.meta.url).origin === globalThis.location?.origin;
}

/**
 * The worker of a course page that loads genlab from another origin (a CDN, a copy on another
 * host): the browser refuses a Worker whose script is on another origin, so the worker starts
 * from a `blob:` module of the page's origin that imports curves-worker.js by its address (read
 * with CORS, as the page's own imports of genlab are); its imports and its `.wasm` then resolve
 * beside it. The name is in a variable so that bundlers copy the worker only through the
 * `new Worker(new URL("./curves-worker.js", import.meta.url))` form above.
 */
function crossOriginWorker() {
  const name = "./curves-worker.js";
  const source = `import ${JSON.stringify(new URL(name, import.meta.url).href)};\n`;
  return new Worker(URL.createObjectURL(new Blob([source], { type: "text/javascript" })), { type: "module" });
}
