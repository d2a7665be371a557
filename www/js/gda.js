// The GDA panel's controller: DOM events in, scalars to the Rust panel, numbers out.
// All maths and drawing happen in Rust; this file only wires controls to the handle.

import * as glue from "../pkg-gda/genlab.js";
import { textFileProblem } from "../pkg-gda/genlab.js";
import { num, vec, pct } from "./format.js";
import { t, applyLabels } from "./i18n.js";
import { messageText, errorText } from "./messages.js";
import { attachSurfaceSwitch } from "./gda3d-switch.js";
import { gdaNumbers } from "./gda-numbers.js";
import { guardPanel } from "./recovery.js";
import { cleanupList, downloadCanvas, hideControls, showMessageAt, lastControl, loadPart } from "./util.js";

/** Each class's sliders, in the order of its cloud's numbers (n, σx, σy, ρ). */
const SLIDERS = [0, 1, 2, 3, 4].flatMap((c) => [`n${c}`, `sdx${c}`, `sdy${c}`, `rho${c}`]);
/** The class an "add a point" mode adds (add0 … add4), or −1. */
const addClass = (mode) => (/^add[0-4]$/.test(mode) ? Number(mode[3]) : -1);
/** The printed figure's largest box in CSS px (style.css, @media print): an A4 page less
 * 12 mm margins is 186 mm = 703 px wide; the figure is at most 10.5 cm = 397 px high. */
const PRINT_BOX = { width: 703, height: 397 };

/**
 * Builds the GDA panel inside `section` (which already holds the panel's markup).
 * Options: `lang`, `controls` (names of controls to hide), `onChange(mode)` called with
 * "push" after a discrete change and "replace" after a continuous one (a drag step).
 */
export function createGda(section, { lang = "en", controls = [], onChange = () => {}, state = null } = {}) {
  const $ = (role) => section.querySelector(`[data-role="${role}"]`);
  const canvas = $("canvas");
  const box = $("box");
  // The lab, behind the guard that rebuilds it on a fresh wasm instance if the engine fails
  // (recovery.js): the settings come back through setState, as the history's do.
  const panel = guardPanel({
    section, flavour: "gda", glue, lang: () => lang,
    make: (g) => new g.GdaPanel(canvas),
    snapshot: () => ({ state: getState(), data: historyData() }),
    restore: (snap) => { dragging = -1; draggingPoint = -1; keyHold = false; setState(snap.state, snap.data); },
    sticky: ["setProjector", "setTheme", "setActiveHandle", "setBoundaryHidden"],
  });
  const numbers = gdaNumbers({
    section, $, canvas, panel, lang,
    view: {
      settled: () => dragging < 0 && draggingPoint < 0 && !gliding,
      gliding: () => gliding,
      snapped: () => snapped,
      unsnap: () => { snapped = null; },
      // While a boundary is predicted there is no pointer to read a posterior at: p = ½ on
      // the hidden boundary would give it away.
      pointer: () => (predicting?.hidden() ? {} : { pointer, cursor, cursorShown }),
      predicting: () => Boolean(predicting?.hidden()),
    },
  });
  const { writeNumbers, writePointer, figureText, posteriorsText } = numbers;
  const sliders = SLIDERS.map((k) => $(k));
  const seed = $("seed");
  const source = $("source");
  let active = 0;
  let dragging = -1;
  // The last drag's snap of mean k onto mean j ({ k, j }), while the means coincide; or null.
  let snapped = null;
  let frame = 0;
  let pointer = null;
  let mode = "means";
  let draggingPoint = -1;
  // The keyboard cursor of the point modes, in data units ([x, y] or null), the point the
  // keyboard has picked up in "move" mode (−1: none), and whether arrow keys hold a mean.
  let cursor = null;
  let carried = -1;
  let keyHold = false;
  // A lesson's glide is drawing a frame (glideFrame): false, "all" or "figure" (the numbers
  // left as they are); a drag as far as drawing goes.
  let gliding = false;
  let cursorShown = false;
  let cursorTimer = 0;
  let destroyed = false;
  let printing = false;
  // A boundary prediction under way (predict.js, loaded on the first press), or null.
  let predicting = null;
  const cleanups = cleanupList();
  const { on } = cleanups;
  // The control behind the latest user event: its error is shown right under it.
  const recent = lastControl(section, on);
  // The 3-D view of the weighted densities (gda3d.js, loaded when first shown), drawn after
  // the 2-D figure.
  const surface = attachSurfaceSwitch(section, panel, { lang, onChange });

  /** Shows the data source, with a "your points" entry once the user has edited them. */
  function syncSource() {
    const current = panel.source();
    let custom = source.querySelector('option[value="custom"]');
    if (current === "custom" && !custom) {
      custom = document.createElement("option");
      custom.value = "custom";
      custom.dataset.i18n = "gda.src.custom";
      custom.textContent = t(lang, "gda.src.custom");
      custom.disabled = true;
      source.append(custom);
    }
    if (custom && current !== "custom") custom.remove();
    source.value = current;
    $("generated").hidden = panel.params() === null;
  }

  /** Copies the panel's generating parameters into the controls (hidden, with the values
   * getState reports, the defaults, while the data are not generated). */
  function syncControls() {
    const p = panel.params();
    syncSource();
    const s = getState();
    const values = [s.n[0], s.sd[0][0], s.sd[0][1], s.rho[0], s.n[1], s.sd[1][0], s.sd[1][1], s.rho[1],
      ...s.more.flatMap((m) => [m.n, m.sd[0], m.sd[1], m.rho])];
    sliders.forEach((el, i) => { el.value = String(values[i]); showValue(el); });
    seed.value = String(p ? p.seed : s.seed);
    // The data's k (a CSV with labels 0, 1, 2 makes three classes; the link's k is the
    // generated data's only).
    $("classes").value = String(panel.classes());
    $("pairwise").checked = s.pairwise;
    // The two-class controls (the Bayes rule's prior and losses, the posterior heat map)
    // have no k-class meaning yet: hidden for k > 2. Logistic regression's overlay stays
    // (softmax regression for k classes).
    const k = panel.classes();
    const many = k > 2;
    // Classes 2 … k − 1's sliders and "add" modes; a mode of a class that went back to
    // dragging means.
    section.querySelectorAll("[data-class]").forEach((el) => { el.hidden = Number(el.dataset.class) >= k; });
    if (addClass(mode) >= k) section.querySelector('[data-role="mode"][value="means"]').click();
    // The intro speaks of two classes or of k.
    const lede = $("lede");
    lede.dataset.i18n = many ? "gda.ledeK" : "gda.lede";
    lede.textContent = t(lang, lede.dataset.i18n);
    section.querySelector('[data-control="pairwise"]').hidden = !many;
    section.querySelector('[data-control="decision"]').hidden = many;
    $("heat").closest("label").hidden = many;
  }

  /** Shows a slider's value in its <output>. */
  function showValue(slider) {
    const out = slider.parentElement.querySelector("output");
    const v = Number(slider.value);
    out.textContent = slider.step === "1" ? String(v) : num(v, 2);
  }

  /** Sends the controls' values to the panel; a rejected value keeps the previous state. */
  function applyControls() {
    const v = sliders.map((s) => Number(s.value));
    const params = { n0: v[0], sd0: [v[1], v[2]], rho0: v[3], n1: v[4], sd1: [v[5], v[6]], rho1: v[7], seed: Number(seed.value) };
    const k = panel.classes();
    const clouds = Array.from({ length: k }, (_, c) => ({ n: v[4 * c], sd: [v[4 * c + 1], v[4 * c + 2]], rho: v[4 * c + 3] }));
    try {
      // k > 2 generated classes: every class's cloud at once.
      if (k > 2 && panel.params() !== null) panel.setClouds({ seed: Number(seed.value), clouds });
      else panel.setParams(params);
      showInputError("");
      // Edited points give way to a generated sample: the data menu must say so.
      syncSource();
    } catch (e) {
      showInputError(errorText(lang, e));
      syncControls();
    }
    schedule();
    onChange("replace");
  }

  /** Shows (under the control that caused it) or clears the panel's error message. */
  function showInputError(text, anchor = recent.last()) {
    showMessageAt($("input-error"), text, { anchor, lang });
  }

  /** Redraws once in the next animation frame, however many events arrive before it. */
  function schedule() {
    if (frame || destroyed) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      render();
    });
  }

  /** Draws the figure and writes every number from the model's summary. */
  function render() {
    if (destroyed) return;
    // The canvas' own box (inside the frame's border): its backing store must match it
    // pixel for pixel, or the figure is resampled and blurs.
    const rect = canvas.getBoundingClientRect();
    // A hidden panel (display: none, as a lesson hides the panels its step does not show)
    // has nothing to draw: at 0 × 0 plotters would measure its text with a styled <span>,
    // which the page's CSP refuses. The ResizeObserver draws it when it is shown again.
    if (!printing && (rect.width === 0 || rect.height === 0)) return;
    if (printing) {
      // Drawn at the printed size, so its type has the size it has on screen, at 2× for paper.
      const ratio = Number(box.style.getPropertyValue("--fig-ratio")) || rect.width / rect.height || 1.5;
      const w = Math.min(PRINT_BOX.width, ratio * PRINT_BOX.height);
      panel.resize(w, w / ratio, 2);
    } else {
      panel.resize(rect.width, rect.height, window.devicePixelRatio || 1);
      // The figure's shape on screen, which a printout keeps (style.css, @media print).
      if (rect.width > 0 && rect.height > 0 && !matchMedia("print").matches) box.style.setProperty("--fig-ratio", (rect.width / rect.height).toFixed(5));
    }
    const s = panel.summary();
    const words = figureText(s);
    panel.setFigureText(words);
    panel.draw();
    predicting?.draw();
    surface.draw(dragging >= 0 || draggingPoint >= 0 || Boolean(gliding), words.classes, words.axes);
    // A glide's frame writes the numbers only where they are seen (a lesson's step may hide
    // them); the step's own setState at the glide's end writes all of them.
    if (gliding === "figure") return;
    writeNumbers(s);
    writePointer();
  }

  /**
   * One frame of a lesson's glide, after the panel's model was moved (setParams, setMean,
   * setModels between beginDrag and endDrag): the figure as during a drag, and the numbers
   * unless `numbers` is false (the step hides them), without measuring the page's boxes or
   * announcing (the step's setState at the glide's end does both). Cheap enough for every
   * frame.
   */
  function glideFrame({ numbers = true } = {}) {
    gliding = numbers ? "all" : "figure";
    try {
      render();
    } finally {
      gliding = false;
    }
  }

  /**
   * A lesson's glide from state `from` to `target` (js/lesson/glide.js): the window held still
   * (beginDrag) while each frame's state `s` moves the model by the drag's path — setParams
   * for σ and ρ, setMean, setModels, each only if it changes on the way — and is drawn by
   * glideFrame (`numbers`: false when the step hides them). `end()` lets the window go.
   */
  function beginGlide(from, target, { numbers = true } = {}) {
    const changed = (f) => JSON.stringify(f(from)) !== JSON.stringify(f(target));
    const params = changed((s) => s.sd) || changed((s) => s.rho);
    const models = changed((s) => s.models);
    panel.beginDrag();
    return {
      frame(s) {
        if (params) panel.setParams({ n0: s.n[0], n1: s.n[1], sd0: s.sd[0], rho0: s.rho[0], sd1: s.sd[1], rho1: s.rho[1], seed: s.seed });
        if (s.means) [...s.means, ...s.more_means].forEach(([x, y], k) => panel.setMean(k, x, y));
        if (models) panel.setModels(s.models);
        glideFrame({ numbers });
      },
      end() {
        panel.endDrag();
      },
    };
  }

  /** Sends the model and decision controls to the panel. */
  function applyModels() {
    const settings = {
      covariance: $("covariance").value,
      logistic: $("logistic").checked,
      lambda: Number($("lambda").value || 0),
      prior: $("prior-on").checked ? Number($("prior").value) : null,
      loss01: Number($("loss01").value),
      loss10: Number($("loss10").value),
      heat: $("heat").checked,
    };
    try {
      panel.setModels(settings);
      showInputError("");
    } catch (e) {
      showInputError(errorText(lang, e));
      syncModels();
    }
    schedule();
  }

  /** Copies the panel's model settings into the controls. */
  function syncModels() {
    const m = panel.models();
    $("covariance").value = m.covariance;
    $("logistic").checked = m.logistic;
    $("lambda").value = String(m.lambda);
    $("prior-on").checked = m.prior !== null;
    $("prior").value = String(m.prior ?? 0.5);
    showValue($("prior"));
    $("prior").disabled = m.prior === null;
    $("loss01").value = String(m.loss01);
    $("loss10").value = String(m.loss10);
    $("heat").checked = m.heat;
  }

  /** Pointer position in CSS pixels relative to the canvas. */
  function local(ev) {
    const r = canvas.getBoundingClientRect();
    return { x: ev.clientX - r.left, y: ev.clientY - r.top };
  }

  /** Runs a point edit; a refusal is shown (under `anchor`, which it marks invalid: the
   * control behind the latest event unless told), not thrown. Returns whether it was made. */
  function edit(fn, anchor = recent.last()) {
    let done = false;
    try {
      fn();
      done = true;
      showInputError("", anchor);
      // The data are now the user's own: the controls show what getState reports.
      syncControls();
      onChange("push");
    } catch (e) {
      showInputError(errorText(lang, e), anchor);
    }
    schedule();
    return done;
  }

  // One finger on an empty part of the plot scrolls the page (style.css: touch-action
  // pan-y); on a mean's handle, on a point to move or erase, or where a point is added, the
  // touch is the figure's: its scroll is cancelled here (the pointer events still come).
  on(canvas, "touchstart", (ev) => {
    if (ev.touches.length !== 1) return;
    const r = canvas.getBoundingClientRect();
    const p = { x: ev.touches[0].clientX - r.left, y: ev.touches[0].clientY - r.top };
    const grabs = addClass(mode) >= 0
      || ((mode === "erase" || mode === "move") ? panel.hitPoint(p.x, p.y) >= 0 : panel.hitHandle(p.x, p.y) >= 0);
    if (grabs && ev.cancelable) ev.preventDefault();
  }, { passive: false });
  on(canvas, "pointerdown", (ev) => {
    const p = local(ev);
    if (addClass(mode) >= 0) {
      edit(() => panel.addPoint(p.x, p.y, addClass(mode)));
      ev.preventDefault();
      return;
    }
    if (mode === "erase" || mode === "move") {
      const i = panel.hitPoint(p.x, p.y);
      if (i < 0) return;
      if (mode === "erase") edit(() => panel.removePoint(i));
      else {
        draggingPoint = i;
        canvas.setPointerCapture(ev.pointerId);
      }
      ev.preventDefault();
      return;
    }
    const k = panel.hitHandle(p.x, p.y);
    if (k < 0) return;
    dragging = k;
    active = k;
    // The window holds still while the mean follows the pointer (it refits at the end).
    panel.beginDrag();
    panel.setActiveHandle(k);
    canvas.setPointerCapture(ev.pointerId);
    ev.preventDefault();
    schedule();
  });
  on(canvas, "pointermove", (ev) => {
    pointer = local(ev);
    if (draggingPoint >= 0) {
      try {
        panel.movePoint(draggingPoint, pointer.x, pointer.y);
        onChange("replace");
      } catch (e) {
        showInputError(errorText(lang, e));
      }
    }
    if (dragging >= 0) {
      try {
        // Within a few pixels of another mean it snaps onto it (said beside the figure).
        const onto = panel.dragTo(dragging, pointer.x, pointer.y);
        snapped = onto >= 0 ? { k: dragging, j: onto } : null;
        onChange("replace");
      } catch (e) {
        showInputError(errorText(lang, e));
      }
    }
    schedule();
  });
  const endDrag = () => {
    if (draggingPoint >= 0) {
      draggingPoint = -1;
      syncSource();
      schedule();
      onChange("push");
      return;
    }
    if (dragging < 0) return;
    dragging = -1;
    panel.endDrag();
    if (canvas.getRootNode().activeElement !== canvas) panel.setActiveHandle(-1);
    schedule();
    onChange("push");
  };
  on(canvas, "pointerup", endDrag);
  on(canvas, "pointercancel", endDrag);
  on(canvas, "pointerleave", () => { pointer = null; schedule(); });
  // A lost 2-D context comes back blank; the panel otherwise copies out only what changed.
  on(canvas, "contextrestored", () => {
    panel.canvasCleared();
    schedule();
  });
  on(canvas, "focus", () => {
    if (mode === "means") panel.setActiveHandle(active);
    else showCursor();
    schedule();
  });
  on(canvas, "blur", () => {
    releaseKeys();
    panel.setActiveHandle(-1);
    hideCursor();
    schedule();
  });
  on(canvas, "keyup", (ev) => {
    if (ev.key.startsWith("Arrow")) releaseKeys();
  });
  on(canvas, "keydown", (ev) => {
    if (mode === "means") meansKey(ev);
    else pointKey(ev);
  });

  /** The means mode: 1 or 2 picks a mean, the arrows move it (Shift: bigger steps). */
  function meansKey(ev) {
    if (/^[1-5]$/.test(ev.key) && Number(ev.key) <= panel.classes()) {
      active = Number(ev.key) - 1;
      panel.setActiveHandle(active);
      schedule();
      ev.preventDefault();
      return;
    }
    const step = ev.shiftKey ? 0.1 : 0.02;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const m = moves[ev.key];
    if (!m) return;
    ev.preventDefault();
    // Held keys are a drag: the window stays still until they are released.
    if (!keyHold) {
      keyHold = true;
      panel.beginDrag();
    }
    panel.nudge(active, m[0], m[1]);
    schedule();
    onChange("replace");
  }

  /** Ends a keyboard "drag" of a mean: the window fits the data again. */
  function releaseKeys() {
    if (!keyHold) return;
    keyHold = false;
    panel.endDrag();
    schedule();
    onChange("replace");
  }

  /** The point modes: the arrows move the cross, Enter adds (or picks up, or erases) at
   * it, Delete or Backspace erases the nearest point, Escape puts a carried point down. */
  function pointKey(ev) {
    if (!cursorShown) showCursor();
    const [x0, x1, y0, y1] = panel.viewRect();
    const step = ev.shiftKey ? 0.1 : 0.02;
    const moves = { ArrowLeft: [-step, 0], ArrowRight: [step, 0], ArrowUp: [0, step], ArrowDown: [0, -step] };
    const m = moves[ev.key];
    if (m) {
      ev.preventDefault();
      cursor = [
        Math.min(x1, Math.max(x0, cursor[0] + m[0] * (x1 - x0))),
        Math.min(y1, Math.max(y0, cursor[1] + m[1] * (y1 - y0))),
      ];
      panel.setCursor(cursor[0], cursor[1]);
      if (carried >= 0) {
        try {
          panel.movePointTo(carried, cursor[0], cursor[1]);
          onChange("replace");
        } catch (e) {
          showInputError(errorText(lang, e));
        }
      }
      schedule();
      sayAtCursor();
      return;
    }
    const here = vec(cursor, 2);
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      if (addClass(mode) >= 0) {
        const k = addClass(mode);
        if (edit(() => panel.addPointAt(cursor[0], cursor[1], k))) {
          say(t(lang, "gda.key.added", { cls: figureText(panel.summary()).classes[k], x: here }));
        }
      } else if (mode === "move") {
        if (carried >= 0) {
          carried = -1;
          syncSource();
          onChange("push");
          say(t(lang, "gda.key.dropped", { x: here }));
        } else {
          const i = panel.nearestPoint(cursor[0], cursor[1]);
          if (i < 0) return say(t(lang, "gda.key.none"));
          const pts = panel.pointsFlat();
          cursor = [pts[3 * i], pts[3 * i + 1]];
          panel.setCursor(cursor[0], cursor[1]);
          carried = i;
          schedule();
          say(t(lang, "gda.key.picked", { x: vec(cursor, 2) }));
        }
      } else {
        eraseNearest();
      }
      return;
    }
    if (ev.key === "Delete" || ev.key === "Backspace") {
      ev.preventDefault();
      eraseNearest();
      return;
    }
    if (ev.key === "Escape" && carried >= 0) {
      ev.preventDefault();
      carried = -1;
      syncSource();
      onChange("push");
      say(t(lang, "gda.key.dropped", { x: here }));
    }
  }

  /** Erases the point nearest the keyboard cursor, and says which. */
  function eraseNearest() {
    const i = panel.nearestPoint(cursor[0], cursor[1]);
    if (i < 0) {
      say(t(lang, "gda.key.none"));
      return;
    }
    const pts = panel.pointsFlat();
    const at = vec([pts[3 * i], pts[3 * i + 1]], 2);
    carried = -1;
    if (edit(() => panel.removePoint(i))) say(t(lang, "gda.key.erased", { x: at }));
  }

  /** Shows the keyboard cursor (at the window's centre the first time). */
  function showCursor() {
    if (mode === "means") return;
    const [x0, x1, y0, y1] = panel.viewRect();
    if (!cursor) {
      const c = panel.viewCentre();
      cursor = [c[0], c[1]];
    }
    // Inside the window shown now (the data may have changed since it was last shown).
    cursor = [Math.min(x1, Math.max(x0, cursor[0])), Math.min(y1, Math.max(y0, cursor[1]))];
    panel.setCursor(cursor[0], cursor[1]);
    sayAtCursor();
  }

  /** Hides the keyboard cursor (it keeps its place for the next time). */
  function hideCursor() {
    if (carried >= 0) {
      carried = -1;
      syncSource();
      onChange("push");
    }
    panel.setCursor(NaN, NaN);
    cursorShown = false;
    writePointer();
  }

  /** Reads p(y=1|x) at the cursor to screen readers once the cursor rests. */
  function sayAtCursor() {
    cursorShown = true;
    clearTimeout(cursorTimer);
    cursorTimer = setTimeout(() => {
      if (predicting?.hidden()) return;
      if (cursor && panel.classes() > 2) {
        const ps = panel.posteriorsAtData(cursor[0], cursor[1]);
        if (ps) $("cursor-live").textContent = posteriorsText({ x: cursor[0], y: cursor[1], p: Array.from(ps) });
        return;
      }
      const p = cursor ? panel.posteriorAtData(cursor[0], cursor[1]) : null;
      if (p === undefined || p === null) return;
      $("cursor-live").textContent = t(lang, "gda.at", { x: vec(cursor, 2), p: num(p, 3), pct: pct(p) });
    }, 300);
  }

  /** Announces `text` at once in the cursor's live region. */
  function say(text) {
    clearTimeout(cursorTimer);
    $("cursor-live").textContent = text;
  }

  /** The hint under the figure says what the keys do in the current mode. */
  function writeKeysHint() {
    $("keys").textContent = t(lang, mode === "means" ? "gda.keys" : `gda.keys.${mode}`);
  }

  sliders.forEach((s) => {
    on(s, "input", () => { showValue(s); applyControls(); });
    on(s, "change", () => onChange("push"));
  });
  on(seed, "change", () => { applyControls(); onChange("push"); });
  on($("resample"), "click", () => {
    const next = Number.isSafeInteger(Number(seed.value)) ? Number(seed.value) + 1 : 1;
    seed.value = String(next);
    applyControls();
    onChange("push");
  });
  on($("pairwise"), "change", () => {
    panel.setPairwise($("pairwise").checked);
    schedule();
    onChange("push");
  });
  on($("classes"), "change", () => {
    try {
      panel.setClasses(Number($("classes").value));
      showInputError("");
    } catch (e) {
      showInputError(errorText(lang, e));
    }
    syncControls();
    schedule();
    onChange("push");
  });
  on(source, "change", () => {
    try {
      if (source.value === "generated") panel.loadGenerated();
      else panel.loadPreset(source.value);
      showInputError("");
    } catch (e) {
      showInputError(errorText(lang, e));
    }
    syncControls();
    schedule();
    onChange("push");
  });
  for (const role of ["covariance", "logistic", "lambda", "heat", "prior-on", "loss01", "loss10"]) {
    on($(role), "change", () => { applyModels(); syncModels(); onChange("push"); });
  }
  on($("prior"), "input", () => { showValue($("prior")); applyModels(); onChange("replace"); });
  on($("prior"), "change", () => onChange("push"));
  section.querySelectorAll('[data-role="mode"]').forEach((r) => on(r, "change", () => {
    releaseKeys();
    if (carried >= 0) {
      carried = -1;
      onChange("push");
    }
    mode = r.value;
    canvas.dataset.mode = mode;
    writeKeysHint();
    if (mode === "means") {
      panel.setCursor(NaN, NaN);
    } else {
      panel.setActiveHandle(-1);
      if (canvas.getRootNode().activeElement === canvas) showCursor();
    }
    schedule();
  }));
  on($("outliers"), "click", () => edit(() => panel.addOutliers()));
  on($("bimodal"), "click", () => edit(() => panel.makeBimodal()));
  // A refused CSV is the text box's fault: its message goes under it, and it is marked invalid.
  on($("csv-apply"), "click", () => edit(() => panel.loadCsv($("csv").value), $("csv")));
  on($("csv-file"), "change", async (ev) => {
    const f = ev.target.files?.[0];
    ev.target.value = "";
    if (!f) return;
    if (f.size > 5_000_000) {
      showInputError(messageText(lang, { code: "bad-line", line: 1, reason: { code: "points.over-limit", max: 100000 } }), ev.target);
      return;
    }
    let text = "";
    try {
      const bytes = new Uint8Array(await f.arrayBuffer());
      // An image, a binary or an empty file is refused by content, saying which it is.
      const problem = textFileProblem(bytes, "points");
      if (problem) {
        showInputError(messageText(lang, problem), ev.target);
        return;
      }
      text = new TextDecoder().decode(bytes);
    } catch {
      showInputError(t(lang, "gda.csvFileError"), ev.target);
      return;
    }
    $("csv").value = text.slice(0, 200_000);
    edit(() => panel.loadCsv(text), $("csv"));
  });
  // Predict, then reveal: "Predict…" opens a chooser of the kinds, itself a prediction's
  // handle until a kind is picked (js/predict-gda.js, loaded on the first press, as each
  // kind's module). startPrediction(kind, params) starts one (a lesson's `predict:` step calls
  // it too): the prediction's handle, or null when none started (a part that did not load says so).
  async function startPrediction(kind, params) {
    const m = await loadPart(() => import("./predict-gda.js"), $("predict"), lang);
    if (!m || destroyed || predicting) return null;
    predicting = await m.startGdaPrediction(kind, params, { section, panel, startPrediction, render, getState, setState, historyData, lang, onChange, hold: (h) => { predicting = h; }, onEnd: () => { predicting = null; } });
    render();
    return predicting;
  }
  on($("predict"), "click", () => startPrediction("menu"));
  on($("export"), "click", () => {
    render();
    downloadCanvas(canvas, "genlab-gda.png");
  });

  // A print redraws the figure at its printed size (and the screen's again after it).
  on(window, "beforeprint", () => { printing = true; render(); });
  on(window, "afterprint", () => { printing = false; render(); });
  const observer = new ResizeObserver(schedule);
  observer.observe(box);
  cleanups.add(() => observer.disconnect());
  on(window, "resize", schedule);

  /** The panel's settings, as the URL stores them. */
  function getState() {
    // Rust writes it (the link's defaults while the data are not generated).
    return { ...panel.state(), surface: surface.state() };
  }

  /** What a history entry keeps beside the URL: the user's own points (a link cannot
   * carry them) and the preset whose names they bear; null for generated or real data. */
  function historyData() {
    if (panel.source() !== "custom") return null;
    return { points: Array.from(panel.pointsFlat()), names: panel.namesPreset() ?? null };
  }

  /** Shows the settings `s` (a parsed URL state's `gda` part): all of them at once, in
   * Rust, from nothing (absent means are where the data put them), so the screen is what
   * the URL says whatever was shown before. `data` is what the history entry kept (the
   * user's own points, for `source: "custom"`). A refused state keeps the screen and says
   * why. With `draw: false` the caller draws (a quiz's situation: once its question has
   * hidden the answer, one drawing, not two). */
  function setState(s, data = null, { draw = true } = {}) {
    if (dragging >= 0 || keyHold) {
      dragging = -1;
      keyHold = false;
      panel.endDrag();
    }
    draggingPoint = -1;
    carried = -1;
    recent.forget();
    try {
      panel.setState(s, data?.points ? new Float64Array(data.points) : undefined, data?.names ?? undefined);
      showInputError("");
    } catch (e) {
      showInputError(errorText(lang, e));
    }
    syncControls();
    syncModels();
    surface.setState(s.surface);
    if (cursor && mode !== "means") {
      // The cursor stays where it was, inside the new window.
      const [x0, x1, y0, y1] = panel.viewRect();
      cursor = [Math.min(x1, Math.max(x0, cursor[0])), Math.min(y1, Math.max(y0, cursor[1]))];
      if (cursorShown) panel.setCursor(cursor[0], cursor[1]);
    }
    if (draw) render();
  }

  /** Switches the panel's words to `next`. */
  function setLang(next) {
    lang = next;
    numbers.setLang(lang);
    applyLabels(section, lang);
    surface.setLang(lang);
    predicting?.setLang(lang);
    writeKeysHint();
    render();
  }

  /** Projector mode: thicker strokes and bigger type in the figure. */
  function setProjector(onOff) {
    panel.setProjector(onOff);
    surface.setProjector(onOff);
    schedule();
  }

  /** The figure's colours: the dark theme's or the light one's (redrawn at once, so that a
   * print that starts now gets the new colours). */
  function setTheme(dark) {
    panel.setTheme(Boolean(dark));
    surface.setTheme(Boolean(dark));
    if (!destroyed) render();
  }

  /** Removes the panel and frees its memory. */
  function destroy() {
    destroyed = true;
    cancelAnimationFrame(frame);
    numbers.stop();
    clearTimeout(cursorTimer);
    cleanups.run();
    surface.destroy();
    panel.free();
    section.replaceChildren();
  }

  applyLabels(section, lang);
  writeKeysHint();
  hideControls(section, controls);
  syncControls();
  syncModels();
  // A state given at creation is the first drawing (mount() passes the link's): one fit and
  // one drawing on a first load, not the defaults' and then the state's.
  if (state) setState(state);
  else render();
  // The numbers table is laid out once the figure's first frame is up, not when it first
  // comes near the screen: there its height (40rem until laid out) changed under the reader,
  // and what is below it moved (on a phone, the naive Bayes formula 211 px two frames after a
  // jump to it; scroll anchoring did not make up for it).
  requestAnimationFrame(() => setTimeout(() => section.querySelector(".numbers")?.classList.add("laid-out"), 0));
  return { panel, prediction: () => predicting, startPrediction, render, beginGlide, getState, setState, historyData, setLang, setProjector, setTheme, destroy };
}
