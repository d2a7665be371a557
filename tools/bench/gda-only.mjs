// The GDA suite of the benchmark page alone, in headless Chromium: what a change to the
// drag step needs re-measured, in a minute rather than the whole benchmark's five.
//   node tools/bench/gda-only.mjs [--www www] [--runs 1]
// Prints each drag run's median, p95 and host note as JSON lines (needs www/pkg built).

import { suiteAlone } from "./browser.mjs";

const pick = (s) => (s && !s.pending ? { median: +s.median.toFixed(2), p95: +s.p95.toFixed(2), fast_p95: s.host?.fast?.p95 && +s.host.fast.p95.toFixed(2) } : s);
await suiteAlone("gda", 1, (g, run) => ({ run, drag_step: pick(g.drag_step), heat_lr: pick(g.drag_step_heat_lr), k5: pick(g.drag_step_k5) }));
