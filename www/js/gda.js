// The GDA panel's controller: DOM events in, scalars to the Rust panel, numbers out.
// All maths and drawing happen in Rust; this file only wires controls to the handle.

import { GdaPanel } from "../pkg/genlab.js";
import { num, vec, mat, term, pct } from "./format.js";

const CLASS_SHAPES = ["circles", "triangles"];

/** Mounts the GDA panel inside `root` (the section element) and returns its controller. */
export function mountGda(root) {
  const $ = (id) => root.querySelector(`#${id}`);
  const canvas = $("gda-canvas");
  const box = $("gda-canvas-box");
  const panel = new GdaPanel(canvas);
  const sliders = ["n0", "sdx0", "sdy0", "rho0", "n1", "sdx1", "sdy1", "rho1"].map((k) => $(`gda-${k}`));
  const seed = $("gda-seed");
  const source = $("gda-source");
  const inputError = $("gda-input-error");
  let active = 0;
  let dragging = -1;
  let frame = 0;
  let liveTimer = 0;
  let pointer = null;

  /** Copies the panel's generating parameters into the controls. */
  function syncControls() {
    const p = panel.params();
    $("gda-generated").disabled = p === null;
    if (p === null) return;
    const values = [p.n0, p.sd0[0], p.sd0[1], p.rho0, p.n1, p.sd1[0], p.sd1[1], p.rho1];
    sliders.forEach((s, i) => { s.value = String(values[i]); showValue(s); });
    seed.value = String(p.seed);
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
    try {
      panel.setParams(params);
      showInputError("");
    } catch (e) {
      showInputError(e.message);
      syncControls();
    }
    schedule();
  }

  /** Shows or clears the message under the controls. */
  function showInputError(text) {
    inputError.textContent = text;
    inputError.hidden = text === "";
  }

  /** Redraws once in the next animation frame, however many events arrive before it. */
  function schedule() {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      render();
    });
  }

  /** Draws the figure and writes every number from the model's summary. */
  function render() {
    const rect = box.getBoundingClientRect();
    panel.resize(rect.width, rect.height, window.devicePixelRatio || 1);
    panel.draw();
    writeNumbers(panel.summary());
    writePointer();
  }

  /** The numbers panel, read from the model at draw time. */
  function writeNumbers(s) {
    const err = $("gda-error");
    err.textContent = s.error ?? "";
    err.hidden = !s.error;
    $("gda-phi").textContent = s.phi == null ? "—" : `${num(s.phi)}  (${s.n[1]} of ${s.n[0] + s.n[1]} points are class 1)`;
    $("gda-mu0").textContent = vec(s.mu?.[0]);
    $("gda-mu1").textContent = vec(s.mu?.[1]);
    $("gda-sigma").textContent = mat(s.sigma);
    $("gda-w").textContent = vec(s.w);
    $("gda-b").textContent = num(s.b);
    $("gda-boundary").textContent = s.w
      ? `${num(s.w[0])} x₁ ${term(s.w[1], "x₂")} ${term(s.b, "")} = 0${s.boundary_visible ? "" : " (outside the plot)"}`
      : "—";
    const credit = $("gda-credit");
    credit.textContent = s.credit ? `Data: ${s.credit}` : "";
    credit.hidden = !s.credit;
    const names = s.class_names;
    canvas.setAttribute("aria-label", s.error
      ? `GDA plot: ${s.error}`
      : `GDA plot of ${names[0]} (${CLASS_SHAPES[0]}) and ${names[1]} (${CLASS_SHAPES[1]}); class means at ${vec(s.mu[0], 2)} and ${vec(s.mu[1], 2)}; φ = ${num(s.phi, 2)}.`);
    announce(s);
  }

  /** Reads the fit to screen readers once things settle (not on every drag step). */
  function announce(s) {
    clearTimeout(liveTimer);
    liveTimer = setTimeout(() => {
      $("gda-live").textContent = s.error
        ? s.error
        : `φ ${num(s.phi, 2)}; boundary ${num(s.w[0], 2)} x1 ${term(s.w[1], "x2", 2)} ${term(s.b, "", 2)} = 0.`;
    }, 600);
  }

  /** The posterior under the pointer, or a hint when the pointer is away. */
  function writePointer() {
    const out = $("gda-pointer");
    const cell = $("gda-posterior");
    const at = pointer ? panel.posteriorAt(pointer.x, pointer.y) : null;
    if (!at) {
      out.textContent = "Point at the plot to read p(y = 1 | x) there.";
      cell.textContent = "—";
      return;
    }
    const text = `at x = ${vec([at.x, at.y], 2)}: p(y = 1 | x) = ${num(at.p, 3)} (${pct(at.p)})`;
    out.textContent = text;
    cell.textContent = text;
  }

  /** Pointer position in CSS pixels relative to the canvas. */
  function local(ev) {
    const r = canvas.getBoundingClientRect();
    return { x: ev.clientX - r.left, y: ev.clientY - r.top };
  }

  canvas.addEventListener("pointerdown", (ev) => {
    const p = local(ev);
    const k = panel.hitHandle(p.x, p.y);
    if (k < 0) return;
    dragging = k;
    active = k;
    panel.setActiveHandle(k);
    canvas.setPointerCapture(ev.pointerId);
    ev.preventDefault();
    schedule();
  });
  canvas.addEventListener("pointermove", (ev) => {
    pointer = local(ev);
    if (dragging >= 0) {
      try { panel.dragTo(dragging, pointer.x, pointer.y); } catch (e) { showInputError(e.message); }
    }
    schedule();
  });
  const endDrag = () => {
    if (dragging < 0) return;
    dragging = -1;
    if (document.activeElement !== canvas) panel.setActiveHandle(-1);
    schedule();
  };
  canvas.addEventListener("pointerup", endDrag);
  canvas.addEventListener("pointercancel", endDrag);
  canvas.addEventListener("pointerleave", () => { pointer = null; schedule(); });

  canvas.addEventListener("focus", () => { panel.setActiveHandle(active); schedule(); });
  canvas.addEventListener("blur", () => { panel.setActiveHandle(-1); schedule(); });
  canvas.addEventListener("keydown", (ev) => {
    if (ev.key === "1" || ev.key === "2") {
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
    panel.nudge(active, m[0], m[1]);
    schedule();
  });

  sliders.forEach((s) => {
    s.addEventListener("input", () => { showValue(s); applyControls(); });
  });
  seed.addEventListener("change", applyControls);
  $("gda-resample").addEventListener("click", () => {
    const next = Number.isSafeInteger(Number(seed.value)) ? Number(seed.value) + 1 : 1;
    seed.value = String(next);
    applyControls();
  });
  source.addEventListener("change", () => {
    try {
      if (source.value === "generated") panel.loadGenerated();
      else panel.loadPreset(source.value);
      showInputError("");
    } catch (e) {
      showInputError(e.message);
    }
    syncControls();
    schedule();
  });

  new ResizeObserver(schedule).observe(box);
  window.addEventListener("resize", schedule);

  syncControls();
  render();
  return { panel, render };
}
