// Lesson step transitions (www/js/lesson.js) in headless Chromium, on the real page: each
// gliding step of the built-in lessons played forward `runs` times, with the frames drawn
// per second during the glide, the 90th percentile of the time between its frames, and each
// frame's own work (the state interpolated, set and drawn), as medians; the baseline is the frame rate of the same page idle, in the same run
// (requestAnimationFrame with nothing to do), so the ratio says what the glide costs on this
// machine whatever its load. Then the same steps under prefers-reduced-motion, which must be
// skipped (one frame, no animation).
//   node tools/bench/lesson_transitions.mjs [--www www] [--out target/bench] [--runs 5]
// Prints a table; writes <out>/lesson_transitions.json.
import { mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { arg, launchChromium, median, serve } from "./browser.mjs";

const www = path.resolve(arg("www", "www"));
const out = path.resolve(arg("out", "target/bench"));
const runs = Number(arg("runs", "5"));
// [lesson, step that glides into the next]: means (gda-boundary 1→2), ρ (2→3), the prior
// (3→4); the prior with the heat map on (bayes-decision 1→2), a loss (2→3); α (nb-smoothing 2→3).
const GLIDES = [["gda-boundary", 1], ["gda-boundary", 2], ["gda-boundary", 3], ["bayes-decision", 1], ["bayes-decision", 2], ["nb-smoothing", 2]];

const p90 = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length * 0.9)] ?? NaN;

const server = await serve(www);
const browser = await launchChromium();
const results = [];
try {
  for (const motion of ["no-preference", "reduce"]) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, reducedMotion: motion });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    for (const [id, from] of GLIDES) {
      const fps = [];
      const work = [];
      const gaps = [];
      const idle = [];
      let animated = 0;
      for (let r = 0; r < (motion === "reduce" ? 1 : runs); r++) {
        await page.goto(`${server.url}?lesson=${id}&step=${from}`);
        await page.waitForFunction(() => window.genlab?.lessons && !window.genlab.lessons.busy && document.documentElement.dataset.lessonStep, null, { timeout: 30000 });
        // The baseline: frames per second of this page doing nothing, for as long as a glide.
        idle.push(await page.evaluate(() => new Promise((resolve) => {
          let n = 0;
          const t0 = performance.now();
          const f = (now) => (now - t0 < 400 ? (n++, requestAnimationFrame(f)) : resolve((n * 1000) / (now - t0)));
          requestAnimationFrame(f);
        })));
        const s = await page.evaluate(async (next) => {
          const l = window.genlab.lessons;
          // The page's own frames, seen by a requestAnimationFrame loop of the benchmark's:
          // the time between them during the glide (its first GLIDE_MS after the key).
          const stamps = [];
          let on = true;
          const tick = (t) => { stamps.push(t); if (on) requestAnimationFrame(tick); };
          requestAnimationFrame(tick);
          const t0 = performance.now();
          l.go(next - 1);
          await new Promise((resolve) => {
            const poll = () => (l.busy || document.documentElement.dataset.lessonStep !== String(next) ? setTimeout(poll, 20) : resolve());
            poll();
          });
          on = false;
          const within = stamps.filter((t) => t >= t0 && t <= t0 + l.stats.ms);
          return { ...l.stats, intervals: within.slice(1).map((t, i) => t - within[i]) };
        }, from + 1);
        if (s.animated) {
          animated++;
          fps.push((s.frames * 1000) / s.ms);
          work.push(...s.work);
          gaps.push(...s.intervals);
        } else if (motion === "reduce") fps.push(s.frames);
      }
      results.push({
        lesson: id, step: `${from}→${from + 1}`, motion, runs: motion === "reduce" ? 1 : runs, animated,
        fps: median(fps), idleFps: median(idle), ratio: median(fps) / median(idle),
        workMs: median(work), workP90Ms: p90(work), frameP90Ms: p90(gaps),
      });
    }
    if (errors.length) throw new Error(`page errors: ${errors.join(" | ")}`);
    await context.close();
  }
} finally {
  await browser.close();
  await server.close();
}
mkdirSync(out, { recursive: true });
writeFileSync(path.join(out, "lesson_transitions.json"), JSON.stringify(results, null, 2));
const f = (x, d = 1) => (Number.isFinite(x) ? x.toFixed(d) : "–");
console.log("lesson step transitions (Chromium, 1280×800; medians)");
console.log(`load average ${loadavg().map((x) => x.toFixed(1)).join(" ")} (at the end)`);
console.log("lesson          step  motion         glides  fps   idle fps  ratio  frame p90 ms  frame work ms (p90)");
for (const r of results) {
  console.log(`${r.lesson.padEnd(15)} ${r.step.padEnd(5)} ${r.motion.padEnd(14)} ${String(r.animated).padStart(2)}/${r.runs}   ${f(r.fps).padStart(5)} ${f(r.idleFps).padStart(8)}  ${f(r.ratio, 2).padStart(5)}  ${f(r.frameP90Ms).padStart(12)}  ${f(r.workMs)} (${f(r.workP90Ms)})`);
}
const bad = results.filter((r) => (r.motion === "reduce" ? r.animated !== 0 : r.animated !== r.runs));
if (bad.length) {
  console.error("transitions that glided under reduced motion, or did not glide without it:", bad.map((r) => `${r.lesson} ${r.step} ${r.motion}`).join(", "));
  process.exit(1);
}
