// The benchmark page: times the real release wasm (www/pkg/) with performance.now() and
// publishes the results as JSON (window.__bench and the <pre>), for tools/bench/run.mjs.
// ?suite=memory | nb | gda picks one suite (each runs in a fresh page, so that one suite's
// allocations do not inflate the next one's memory figure); no suite runs all three.

import init, { GdaFitBench, GdaPanel, GdaSurface, SpamPanel } from "../pkg/genlab.js";

/** The email the spam panel opens with (EXAMPLES["en-spam"] in nb.js, CURRENT_EMAIL in benches/core.rs). */
const CURRENT_EMAIL = "WIN a FREE prize! Reply now to claim your cash reward, offer ends today.";

/** Median, p95, min, max and mean of a list of milliseconds. */
function stats(ms) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  return { n: s.length, median: at(0.5), p95: at(0.95), min: s[0], max: s[s.length - 1], mean: s.reduce((a, b) => a + b, 0) / s.length };
}

/** Times `fn(i)`: `samples` samples of `batch` calls each (per-call ms), after `warmup` calls. */
function measure(fn, { samples = 50, batch = 1, warmup = 3 } = {}) {
  for (let i = 0; i < warmup; i++) fn(i);
  const ms = [];
  for (let s = 0; s < samples; s++) {
    const t0 = performance.now();
    for (let b = 0; b < batch; b++) fn(s * batch + b);
    ms.push((performance.now() - t0) / batch);
  }
  return stats(ms);
}

/** The smallest step performance.now() shows (coarser without cross-origin isolation). */
function timerResolution() {
  let best = Infinity;
  for (let i = 0; i < 50; i++) {
    const t0 = performance.now();
    let t1 = t0;
    while (t1 === t0) t1 = performance.now();
    best = Math.min(best, t1 - t0);
  }
  return best;
}

async function fetchBytes(path) {
  const r = await fetch(path);
  if (!r.ok) throw new Error(`${path}: HTTP ${r.status} (run tools/bench/prepare.py)`);
  return new Uint8Array(await r.arrayBuffer());
}

/** Loads a corpus file into a spam panel the way nb.js does, in one step. */
function loadCorpus(panel, bytes) {
  panel.corpusBegin(bytes, "SMSSpamCollection");
  while (panel.corpusStep(1 << 30) < 1);
  panel.corpusFinish();
}

/** wasm memory after the SMS Spam Collection is loaded into the spam panel (both panels present). */
async function memory(wasm) {
  const mb = () => wasm.memory.buffer.byteLength / 2 ** 20;
  const out = { after_init_mib: mb() };
  const gda = new GdaPanel(document.getElementById("canvas"));
  gda.resize(800, 600, 2);
  gda.draw();
  const nb = new SpamPanel();
  nb.explain(CURRENT_EMAIL);
  nb.evaluate();
  out.after_panels_mib = mb();
  loadCorpus(nb, await fetchBytes("bench-data/SMSSpamCollection"));
  nb.explain(CURRENT_EMAIL);
  nb.evaluate();
  out.after_sms_mib = mb();
  out.corpus = nb.corpus().messages;
  return out;
}

async function naiveBayes() {
  const sms = await fetchBytes("bench-data/SMSSpamCollection");
  const email300 = new TextDecoder().decode(await fetchBytes("bench-data/email-300.txt"));
  const paste = new TextDecoder().decode(await fetchBytes("bench-data/paste-1mb.txt"));
  const out = {};

  // Training from raw text: decode, parse, de-duplicate, tokenize, split, count, fit.
  // V8 runs wasm first in its baseline tier and recompiles hot functions in the background
  // (there is no on-stack replacement: a function moves up on its next call), so loads get
  // faster for the first ~15 runs (three fresh pages on this machine: median of loads 2–16
  // 7.3–9.6 ms, of loads 15–39 5.5–6.5 ms). The timed runs come after that warm-up, as
  // criterion's and the Python baseline's do; the page's first load, in this fresh page, is
  // reported apart (`first`): what a student waits for.
  const TRAIN_WARMUP = 15;
  const TRAIN_RUNS = 15;
  const train = [];
  let first = null;
  for (let i = 0; i < TRAIN_WARMUP + TRAIN_RUNS; i++) {
    const p = new SpamPanel();
    const t0 = performance.now();
    loadCorpus(p, sms);
    const t = performance.now() - t0;
    if (i === 0) first = t;
    if (i >= TRAIN_WARMUP) train.push(t);
    if (i === TRAIN_WARMUP + TRAIN_RUNS - 1) out.corpus = p.corpus();
    p.free();
  }
  out.train_sms = { ...stats(train), first, warmup: TRAIN_WARMUP };

  const panel = new SpamPanel();
  loadCorpus(panel, sms);
  panel.evaluate(); // the page evaluates once on load: the metrics-versus-α curve is cached
  out.alpha_change = measure((i) => {
    panel.setAlpha(i % 2 ? 0.5 : 1);
    panel.explain(CURRENT_EMAIL);
    panel.evaluate();
  }, { samples: 100, batch: 2, warmup: 5 });
  panel.setAlpha(1);
  // A keystroke: the text changes by one character, the ledger is recomputed.
  out.explain_300w = measure((i) => panel.explain(i % 2 ? email300 : `${email300}s`), { samples: 100, batch: 4, warmup: 5 });
  out.explain_300w.words = panel.explain(email300).tokens;
  out.paste_1mb = measure(() => panel.explain(paste), { samples: 10, warmup: 2 });
  out.paste_1mb.bytes = new TextEncoder().encode(paste).length;
  panel.free();
  return out;
}

/**
 * One drag step per sample: resample 2×500 with a new seed (or as `resample(i)` says), drag
 * mean 0, refit, draw; with
 * `flush`, read one pixel back so that the canvas rasterizes what was drawn within the step
 * (without a GPU, Chromium rasterizes a 2-D canvas on the main thread, so a frame pays it).
 *
 * `reference()`, run after every 5th step and timed apart from the steps, is a fixed
 * workload that says how fast the host is at that moment (see `hostState`).
 */
function dragSteps(panel, canvas, { steps = 240, flush, reference, resample }) {
  const ctx = canvas.getContext("2d");
  const base = panel.params();
  const ms = [];
  const refs = [];
  resample ??= (i) => panel.setParams({ ...base, n0: 500, n1: 500, seed: 1000 + i });
  for (let i = 0; i < steps + 10; i++) {
    const t0 = performance.now();
    resample(i);
    panel.dragTo(0, 400 + 150 * Math.cos(i / 20), 300 + 100 * Math.sin(i / 20));
    panel.summary();
    panel.draw();
    if (flush) ctx.getImageData(0, 0, 1, 1); // forces the canvas to rasterize what was drawn
    if (i >= 10) ms.push(performance.now() - t0);
    if (reference && i >= 10 && i % 5 === 4) {
      const r0 = performance.now();
      reference();
      refs.push([ms.length - 1, performance.now() - r0]);
    }
  }
  const out = stats(ms);
  if (reference) out.host = hostState(ms, refs);
  return out;
}

/**
 * The host's state during a run of steps. These machines share memory and caches with other
 * guests, and their speed for memory-bound work changes by up to 2× for a second or two at a
 * time, without any CPU time being taken from them ("steal"). `refs` are [step index, ms]
 * of a fixed reference workload; a step counts as run in the host's fast state when the
 * reference nearest to it took at most 1.25× the run's fastest reference. Returns the
 * reference's spread, and the steps' figures in each state.
 */
function hostState(ms, refs) {
  if (refs.length === 0) return null;
  const times = refs.map(([, t]) => t);
  const fastest = Math.min(...times);
  const state = ms.map((_, i) => {
    const near = refs.reduce((a, b) => (Math.abs(b[0] - i) < Math.abs(a[0] - i) ? b : a));
    return near[1] <= 1.25 * fastest;
  });
  const fast = ms.filter((_, i) => state[i]);
  const slow = ms.filter((_, i) => !state[i]);
  const r = stats(times);
  return {
    reference: { n: r.n, median: r.median, min: r.min, max: r.max, spread: r.max / r.min },
    fast_share: fast.length / ms.length,
    fast: fast.length ? stats(fast) : null,
    slow: slow.length ? stats(slow) : null,
  };
}

function gda() {
  const out = {};
  const bench = new GdaFitBench(5);
  const bytes = bench.bytesPerPass(); // Gda::fit reads the points and labels once
  out.fit_1m = measure(() => bench.fit(), { samples: 40, warmup: 5 });
  out.fit_1m.points = bench.len();
  out.fit_1m.gb_per_s = bytes / (out.fit_1m.median * 1e-3) / 1e9;
  out.fit_1m.result = Array.from(bench.fit());
  bench.free();

  // The host-speed reference of the drag runs: a GDA fit of 200,000 points (~1–2 ms),
  // memory-bound like a frame that rewrites megabytes of pixels.
  const ref = new GdaFitBench(1);
  const reference = () => ref.fit();
  const canvas = document.getElementById("canvas");
  const panel = new GdaPanel(canvas);
  panel.resize(800, 600, 2);
  panel.draw();
  out.canvas = [canvas.width, canvas.height];
  out.drag_step = dragSteps(panel, canvas, { flush: true, reference });
  if (typeof panel.setModels === "function" && typeof panel.models === "function") {
    panel.setModels({ ...panel.models(), heat: true, logistic: true });
    out.drag_step_heat_lr = dragSteps(panel, canvas, { flush: true, reference });
    out.drag_step_heat_lr.models = panel.models();
  } else {
    out.drag_step_heat_lr = { pending: "GdaPanel has no heat map / logistic-regression option yet" };
  }
  // k = 5 classes of 200 points: the k-class regions, boundaries and ellipses.
  if (typeof panel.setClouds === "function") {
    panel.setModels({ ...panel.models(), heat: false, logistic: false });
    panel.loadGenerated();
    panel.setClasses(5);
    panel.draw();
    const five = panel.clouds();
    const clouds = five.clouds.map((c) => ({ ...c, n: 200 }));
    out.drag_step_k5 = dragSteps(panel, canvas, {
      flush: true, reference, resample: (i) => panel.setClouds({ seed: 1000 + i, clouds }),
    });
    out.drag_step_k5.classes = panel.classes();
    out.drag_step_k5.points = panel.pointsFlat().length / 3;
  } else {
    out.drag_step_k5 = { pending: "GdaPanel has no setClouds yet" };
  }
  panel.free();
  ref.free();
  return out;
}

/**
 * The GDA panel's 3-D view (GdaSurface) at 800 × 600 CSS px @2x, two 40 × 40 surfaces (the
 * full grid, as at rest): a drag step (setParams resampling 2 × 500, dragTo, the 3-D frame
 * with putImageData and its labels, then a 1-pixel readback that makes the canvas
 * rasterize) and a rotation frame (rotateBy 4 px, the frame, the readback).
 */
function surface() {
  const ref = new GdaFitBench(1);
  const reference = () => ref.fit();
  const canvas2d = document.getElementById("canvas");
  const panel = new GdaPanel(canvas2d);
  panel.resize(800, 600, 2);
  panel.draw();
  const canvas = document.createElement("canvas");
  canvas.style.cssText = "display: block; width: 800px; height: 600px";
  document.body.append(canvas);
  const view = new GdaSurface(canvas);
  view.resize(800, 600, 2);
  view.draw(panel.surfaceModel(), false);
  const ctx = canvas.getContext("2d");
  const base = panel.params();
  const run = (step, n = 200) => {
    const ms = [];
    const refs = [];
    for (let i = 0; i < n + 10; i++) {
      const t0 = performance.now();
      step(i);
      ctx.getImageData(0, 0, 1, 1);
      if (i >= 10) ms.push(performance.now() - t0);
      if (i >= 10 && i % 5 === 4) {
        const r0 = performance.now();
        reference();
        refs.push([ms.length - 1, performance.now() - r0]);
      }
    }
    const out = stats(ms);
    out.host = hostState(ms, refs);
    return out;
  };
  const out = { canvas: [canvas.width, canvas.height] };
  out.drag_step = run((i) => {
    panel.setParams({ ...base, n0: 500, n1: 500, seed: 1000 + i });
    panel.dragTo(0, 400 + 150 * Math.cos(i / 20), 300 + 100 * Math.sin(i / 20));
    view.draw(panel.surfaceModel(), false);
  });
  const model = panel.surfaceModel();
  out.rotate = run(() => {
    view.rotateBy(4, 0);
    view.draw(model, false);
  });
  view.free();
  panel.free();
  ref.free();
  return out;
}

async function main() {
  const status = document.getElementById("status");
  const result = { userAgent: navigator.userAgent, crossOriginIsolated: self.crossOriginIsolated };
  try {
    const wasm = await init();
    result.timer_resolution_ms = timerResolution();
    const suite = new URLSearchParams(location.search).get("suite");
    if (!suite || suite === "memory") result.memory = await memory(wasm);
    if (!suite || suite === "nb") result.nb = await naiveBayes();
    if (!suite || suite === "gda") result.gda = gda();
    if (!suite || suite === "surface") result.surface = surface();
    status.textContent = "Done.";
  } catch (e) {
    result.error = String(e && e.stack ? e.stack : e);
    status.textContent = `Failed: ${result.error}`;
  }
  document.getElementById("out").textContent = JSON.stringify(result, null, 2);
  window.__bench = result;
}

main();
