// The GDA panel's 3-D view: the class densities weighted by their priors as surfaces
// (drawn in Rust, GdaSurface). This file only adds its markup beside the 2-D figure, turns
// it with the pointer and the arrow keys, and keeps its angles in the link. It is loaded,
// with the view's wasm module (pkg-surface/), when the view is first shown (gda3d-switch.js
// holds the switch until then): a first visit, which shows the 2-D figure alone, waits for
// neither.

import { loadSurfaceCore } from "./genlab.js";
import { num } from "./format.js";
import { t, applyLabels, loadSurfaceStrings } from "./i18n.js";
import { cleanupList } from "./util.js";

/** Degrees per arrow key press (Shift: three times as much). */
const STEP = { yaw: 5, pitch: 3 };

// Fixed markup (no user text): the view's box, hint and surfaces list.
const VIEW = `
<div class="surface-view" data-role="v3-view" hidden>
  <div class="canvas-box surface-box" data-role="v3-box">
    <canvas data-role="v3-canvas" tabindex="0" role="img" aria-roledescription="interactive 3-D plot"></canvas>
  </div>
  <p class="hint" data-i18n="gda3d.hint"></p>
  <ul class="surface-list" data-role="v3-list"></ul>
</div>`;

/**
 * Adds the 3-D view to the GDA panel in `section`, reading `panel` (a GdaPanel) at every
 * draw. `onChange("replace")` tells the page the link changed (a turn of the view).
 * Returns `{ draw(busy, names), state(), setState(s), setLang(l), setProjector(b),
 * setTheme(b), destroy() }`.
 */
export function attachSurface(section, panel, { lang = "en", onChange = () => {} } = {}) {
  const figure = section.querySelector(".figure");
  section.querySelector('[data-role="box"]').insertAdjacentHTML("afterend", VIEW);
  const $ = (role) => section.querySelector(`[data-role="${role}"]`);
  const toggle = $("v3");
  const view = $("v3-view");
  const canvas = $("v3-canvas");
  const list = $("v3-list");
  // The view's renderer, once its module has loaded; until then the angles and looks the
  // page sets are kept here and handed over when it comes.
  let surface = null;
  let loading = null;
  let angles = [35, 25];
  let projector = false;
  let dark = false;
  const cleanups = cleanupList();
  const { on } = cleanups;
  let shown = false;
  let names = [];
  let axes = ["x₁", "x₂"];
  let busy = false;
  let frame = 0;
  let turning = null;
  let destroyed = false;

  /** Draws the view now (when shown): the coarse grid while something is dragged. */
  function draw(dragging = false, classNames = names, axisNames = axes) {
    names = classNames;
    axes = axisNames;
    if (!shown || destroyed) return;
    if (!surface) {
      load();
      return;
    }
    surface.setAxisNames(axes[0], axes[1], t(lang, "gda3d.height"));
    const rect = canvas.getBoundingClientRect();
    if (rect.width <= 0 || rect.height <= 0) return;
    surface.resize(rect.width, rect.height, window.devicePixelRatio || 1);
    const model = panel.surfaceModel();
    const has = surface.draw(model, dragging || busy);
    writeList(has, model);
    describe(model);
  }

  /** Loads the view's module once, then draws; a failed load is said in the view's list. */
  function load() {
    loading ??= Promise.all([loadSurfaceCore(), loadSurfaceStrings()]).then(
      ([{ GdaSurface }]) => {
        if (destroyed) return;
        applyLabels(view, lang);
        surface = new GdaSurface(canvas);
        surface.setAngles(angles[0], angles[1]);
        surface.setProjector(projector);
        surface.setTheme(dark);
        view.removeAttribute("aria-busy");
        draw(false);
      },
      (e) => {
        loading = null;
        view.removeAttribute("aria-busy");
        const li = document.createElement("li");
        li.className = "input-error";
        li.textContent = t(lang, "gda3d.failed", { msg: String(e?.message ?? e) });
        list.replaceChildren(li);
      },
    );
    if (!surface) view.setAttribute("aria-busy", "true");
  }

  /** The view's angles in degrees: the renderer's, or those kept until it loads. */
  const currentAngles = () => (surface ? surface.angles() : angles);

  /** Redraws in the next animation frame (a turn of the view alone). */
  function schedule() {
    if (frame || destroyed) return;
    frame = requestAnimationFrame(() => { frame = 0; draw(); });
  }

  /** Which surface is which: the class, its weight p(y = c) and its peak height; and, when
   * unequal losses move the decision boundary off the crossing, which floor line is which. */
  function writeList(has, model) {
    const info = has ? surface.surfaces(model) : null;
    if (!info) {
      const li = document.createElement("li");
      li.textContent = t(lang, "gda3d.none");
      list.replaceChildren(li);
      return;
    }
    list.replaceChildren(...info.map((s, c) => {
      const li = document.createElement("li");
      const swatch = document.createElement("span");
      swatch.className = `swatch c${c}`;
      swatch.setAttribute("aria-hidden", "true");
      swatch.textContent = "■ ";
      const text = document.createElement("span");
      text.textContent = t(lang, "gda3d.surface", { name: names[c] ?? String(c), c, prior: num(s.prior, 2), peak: num(s.peak, 3) });
      li.append(swatch, text);
      return li;
    }));
    const losses = surface.losses(model);
    if (losses) {
      const li = document.createElement("li");
      li.className = "surface-losses";
      li.textContent = t(lang, "gda3d.losses", { l01: num(losses[0], 2), l10: num(losses[1], 2) });
      list.append(li);
    }
  }

  /** The canvas' text alternative: what it shows, from where, and how to turn it. */
  function describe(model) {
    const [yaw, pitch] = surface.angles();
    const losses = shown ? surface.losses(model) : null;
    const note = losses ? ` ${t(lang, "gda3d.losses", { l01: num(losses[0], 2), l10: num(losses[1], 2) })}` : "";
    // Unequal losses move the boundary off the crossing: the text says which line is which.
    canvas.setAttribute("aria-label", t(lang, losses ? "gda3d.ariaLosses" : "gda3d.aria", { yaw: num(yaw, 0), pitch: num(pitch, 0) }) + note);
  }

  function show(on) {
    shown = Boolean(on);
    toggle.checked = shown;
    view.hidden = !shown;
    figure.classList.toggle("with-surface", shown);
    if (shown) draw(false);
  }

  // Turning by dragging: right turns the view round, down tips it up.
  on(canvas, "pointerdown", (ev) => {
    if (ev.button !== 0) return;
    turning = { x: ev.clientX, y: ev.clientY };
    canvas.setPointerCapture?.(ev.pointerId);
    ev.preventDefault();
  });
  on(canvas, "pointermove", (ev) => {
    if (!turning || !surface) return;
    surface.rotateBy(ev.clientX - turning.x, ev.clientY - turning.y);
    turning = { x: ev.clientX, y: ev.clientY };
    schedule();
  });
  const endTurn = () => {
    if (!turning) return;
    turning = null;
    onChange("replace");
  };
  on(canvas, "pointerup", endTurn);
  on(canvas, "pointercancel", endTurn);
  on(canvas, "keydown", (ev) => {
    const k = ev.shiftKey ? 3 : 1;
    const d = { ArrowLeft: [-STEP.yaw, 0], ArrowRight: [STEP.yaw, 0], ArrowUp: [0, STEP.pitch], ArrowDown: [0, -STEP.pitch] }[ev.key];
    if (!d || !surface) return;
    ev.preventDefault();
    const [yaw, pitch] = surface.angles();
    surface.setAngles(yaw + k * d[0], pitch + k * d[1]);
    schedule();
    onChange("replace");
  });

  // While a mean, a point or a slider is dragged the surfaces follow on a coarser grid;
  // the full grid comes back when the pointer is released.
  on(section, "pointerdown", (ev) => { if (ev.target !== canvas) busy = true; });
  const release = () => {
    if (!busy) return;
    busy = false;
    schedule();
  };
  on(window, "pointerup", release);
  on(window, "pointercancel", release);
  const observer = new ResizeObserver(schedule);
  observer.observe($("v3-box"));
  cleanups.add(() => observer.disconnect());

  return {
    draw,
    /** The link's part: `{shown, yaw, pitch}` (degrees). */
    state() {
      const [yaw, pitch] = currentAngles();
      return { shown, yaw, pitch };
    },
    /** Shows the link's view (absent: hidden, default angles). */
    setState(s) {
      const v = s ?? { shown: false, yaw: 35, pitch: 25 };
      if (surface) surface.setAngles(v.yaw, v.pitch);
      else angles = [v.yaw, v.pitch];
      show(v.shown);
    },
    setLang(next) {
      lang = next;
      if (surface) applyLabels(view, lang);
      draw(false);
    },
    setProjector(onOff) {
      projector = Boolean(onOff);
      surface?.setProjector(projector);
      schedule();
    },
    setTheme(isDark) {
      dark = Boolean(isDark);
      surface?.setTheme(dark);
      draw(false);
    },
    destroy() {
      destroyed = true;
      cancelAnimationFrame(frame);
      cleanups.run();
      surface?.free();
    },
  };
}
