// The GDA suite of the benchmark page alone, in headless Chromium: what a change to the
// drag step needs re-measured, in a minute rather than the whole benchmark's five.
//   node tools/bench/gda-only.mjs [--www www] [--runs 1]
// Prints each drag run's median, p95 and host note as JSON lines (needs www/pkg built).

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
const runs = Number(opt("--runs", 1));
const { url, close } = await serve(www);
const browser = await launchChromium();
try {
  for (let r = 0; r < runs; r++) {
    const g = (await chromiumSuite(browser, url, "gda")).gda;
    if (!g) throw new Error("the GDA suite gave no result");
    const pick = (s) => (s && !s.pending ? { median: +s.median.toFixed(2), p95: +s.p95.toFixed(2), fast_p95: s.host?.fast?.p95 && +s.host.fast.p95.toFixed(2) } : s);
    console.log(JSON.stringify({ run: r, drag_step: pick(g.drag_step), heat_lr: pick(g.drag_step_heat_lr), k5: pick(g.drag_step_k5) }));
  }
} finally {
  await browser.close();
  await close();
}
