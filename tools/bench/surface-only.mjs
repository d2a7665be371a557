// The 3-D view's suite of the benchmark page alone (bench.html?suite=surface), in headless
// Chromium: what a change to the 3-D view needs re-measured, in a minute rather than the
// whole benchmark's five.
//   node tools/bench/surface-only.mjs [--www www] [--runs 3]
// Prints each run's drag step and rotation frame (median, p95, the p95 of the samples the
// host note counts as fast) and the load average before and after, as JSON lines (needs
// www/pkg built).

import os from "node:os";
import { suiteAlone } from "./browser.mjs";

const pick = (x) => (x && x.median !== undefined ? { median: +x.median.toFixed(2), p95: +x.p95.toFixed(2), fast_p95: x.host?.fast?.p95 && +x.host.fast.p95.toFixed(2) } : x);
await suiteAlone("surface", 3, (s, run, load) => ({ run, load_before: +load.toFixed(2), load_after: +os.loadavg()[0].toFixed(2), canvas: s.canvas, drag_step: pick(s.drag_step), rotate: pick(s.rotate) }));
