// Predict, then reveal, timed on the real page (index.html, the release build) in headless
// Chromium: what a student's Commit costs from the click to the frame that shows the model's
// answer, for each prediction kind on the page. Each sample is the main thread's busy time,
// measured as tools/bench/page.mjs measures a keystroke: the click's own handling (the
// judge's call into wasm, the DOM written) plus the frame that follows, from that frame's
// first animation-frame callback to the end of its style, layout and paint (a message posted
// from an animation-frame callback registered after the click arrives once the frame is
// done). The baseline, in the same run and the same page: the same measurement of a click
// that changes nothing (on the prediction's own intro text), the floor of an event and a
// frame on this machine now. The budget is the reveal drawn ≤ 16 ms after the commit.
//   node tools/bench/prediction_reveal.mjs [--www www] [--out target/bench] [--runs 15]
// Prints a table; writes <out>/prediction_reveal.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { arg, launchChromium, median, openReadyPage, serve } from "./browser.mjs";

const www = path.resolve(arg("www", "www"));
const out = path.resolve(arg("out", "target/bench"));
const runs = Number(arg("runs", "15"));

// Each kind: the panel, the button that starts it (or `params`, the panel's startPrediction
// arguments for run r), the commit and done buttons, a neutral element to click for the
// baseline, and what shows once it is revealed. The change of model (GDA → QDA, then back, in
// turn) is the heaviest reveal: it refits, redraws, judges and draws QDA's old curve.
const KINDS = [
  { kind: "boundary", slot: "#gda-slot", start: 'button[data-role="predict"]', pick: '[data-role="predict-kind-boundary"]', ready: '[data-role="ghost-handle-0"]', commit: '[data-role="predict-commit"]', done: '[data-role="predict-done"]', shown: '[data-role="predict-score"]' },
  { kind: "model", slot: "#gda-slot", params: (r) => ["movement", { model: (r + 1) % 2 ? "gda" : "qda" }], ready: '[data-role="predict-moves"]', choose: '[data-role="predict-move-turns"]', commit: '[data-role="predict-commit"]', done: '[data-role="predict-done"]', shown: '[data-role="predict-score"]' },
  { kind: "verdict", slot: "#cat-slot", start: 'button[data-role="predict"]', ready: '[data-role="predict-classes"]', choose: '[data-role="predict-class-0"]', commit: '[data-role="predict-commit"]', done: '[data-role="predict-done"]', shown: '[data-role="predict-score"]' },
  { kind: "bet", slot: "#nb-slot", start: 'button[data-role="bet"]', ready: '[data-role="bet-p"]', commit: '[data-role="bet-commit"]', done: '[data-role="bet-done"]', shown: '[data-role="bet-score"]' },
];

/** Runs in the page: times one click on `target` (a selector) as described at the top. */
function timeClick(target) {
  return new Promise((resolve) => {
    const el = document.querySelector(target);
    let frameStart = 0;
    requestAnimationFrame(() => { frameStart = performance.now(); });
    const t0 = performance.now();
    el.click();
    const t1 = performance.now();
    // The commit's handler may finish in a microtask (the judge's module is awaited, already
    // loaded): the frame is requested after those have run.
    queueMicrotask(() => requestAnimationFrame(() => {
      const ch = new MessageChannel();
      ch.port1.onmessage = () => {
        const t2 = performance.now();
        resolve({ busy: t1 - t0 + (t2 - frameStart), wall: t2 - t0 });
      };
      ch.port2.postMessage(0);
    }));
  });
}

const server = await serve(www);
const browser = await launchChromium();
const results = [];
try {
  const { context, page, errors } = await openReadyPage(browser, server.url);
  for (const k of KINDS) {
    const q = (sel) => `${k.slot} ${sel}`;
    const reveal = [];
    const baseline = [];
    let shown = 0;
    // One warm-up prediction (loads the prediction's module and its judge), then `runs`.
    for (let r = -1; r < runs; r++) {
      await page.$eval(k.slot, (el) => el.scrollIntoView());
      if (k.params) await page.evaluate((args) => window.genlab_panels.gda.controller.startPrediction(...args), k.params(r));
      else await page.click(q(k.start));
      if (k.pick) await page.click(q(k.pick));
      await page.waitForSelector(q(k.ready));
      if (k.choose) await page.click(q(k.choose));
      // The judge's module is loading while the student predicts: wait until it is there.
      await page.waitForTimeout(r < 0 ? 3000 : 150);
      const base = await page.evaluate(timeClick, q(".predict p.hint"));
      const t = await page.evaluate(timeClick, q(k.commit));
      const ok = await page.$(q(k.shown));
      if (r >= 0) {
        reveal.push(t.busy);
        baseline.push(base.busy);
        if (ok) shown += 1;
      }
      await page.click(q(k.done));
    }
    results.push({ kind: k.kind, runs, shown, reveal_ms: median(reveal), baseline_ms: median(baseline), ratio: median(reveal) / median(baseline), reveal_all: reveal, baseline_all: baseline });
  }
  if (errors.length) throw new Error(`page errors: ${errors.join("; ")}`);
  await context.close();
} finally {
  await browser.close();
  await server.close();
}

mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, "prediction_reveal.json"), JSON.stringify({ load: loadavg(), results }, null, 1));
console.log(`prediction reveal (real page, Chromium, median of ${runs}; load ${loadavg().map((x) => x.toFixed(1)).join(" ")})`);
console.log("kind      reveal ms  baseline ms  ratio  shown  budget ≤ 16 ms");
for (const r of results) {
  console.log(`${r.kind.padEnd(9)} ${r.reveal_ms.toFixed(2).padStart(9)}  ${r.baseline_ms.toFixed(2).padStart(11)}  ${r.ratio.toFixed(2).padStart(5)}  ${String(r.shown).padStart(2)}/${r.runs}  ${r.reveal_ms <= 16 ? "pass" : "MISS"}`);
}
