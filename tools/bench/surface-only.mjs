// The 3-D view's suite of the benchmark page alone (bench.html?suite=surface), in headless
// Chromium: what a change to the 3-D view needs re-measured, in a minute rather than the
// whole benchmark's five.
//   node tools/bench/surface-only.mjs [--www www] [--runs 3]
// Prints each run's drag step and rotation frame (median, p95, the p95 of the samples the
// host note counts as fast) and the load average before and after, as JSON lines (needs
// www/pkg built).

import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium, chromiumSuite, serve } from "./browser.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const www = path.resolve(here, "../..", opt("--www", "www"));
const runs = Number(opt("--runs", 3));
const { url, close } = await serve(www);
const browser = await launchChromium();
try {
  for (let r = 0; r < runs; r++) {
    const load = os.loadavg()[0];
    const s = (await chromiumSuite(browser, url, "surface")).surface;
    if (!s) throw new Error("the surface suite gave no result");
    const pick = (x) => (x && x.median !== undefined ? { median: +x.median.toFixed(2), p95: +x.p95.toFixed(2), fast_p95: x.host?.fast?.p95 && +x.host.fast.p95.toFixed(2) } : x);
    console.log(JSON.stringify({ run: r, load_before: +load.toFixed(2), load_after: +os.loadavg()[0].toFixed(2), canvas: s.canvas, drag_step: pick(s.drag_step), rotate: pick(s.rotate) }));
  }
} finally {
  await browser.close();
  await close();
}
