// The learning curves' benchmark: the panel's own run (its Web Worker and the wasm core) on
// WDBC, 15 sizes x 200 splits x 2 models, and on the teaching corpus (multinomial NB vs
// logistic regression on word counts), 12 sizes x 100 splits, in headless Chromium, timed by the worker from the
// first split to the last (median of runs with seeds 1..N), with the main thread's longest
// task during each run (PerformanceObserver "longtask": only tasks of 50 ms or more are
// reported, so 0 means none reached 50 ms); then scikit-learn's same loop in the same run
// (tools/bench/curves_sklearn.py) for the ratio.
//
//   node tools/bench/curves.mjs [--runs 5] [--sk-repeats 3] [--sk-splits 200] [--sk-text-splits 100] [--python .venv-bench/bin/python]
// Prints a JSON line and writes target/bench/curves.json.

import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { launch, open, repo, serve } from "../../tests/e2e/lib.mjs";

const args = process.argv.slice(2);
const opt = (name, dflt) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : dflt;
};
const runs = Number(opt("--runs", 5));
const skRepeats = Number(opt("--sk-repeats", 3));
// scikit-learn's loop is slow (lbfgs on nearly separable data): it may run fewer splits,
// and its time is then scaled to 200 splits (each split costs the same: same sizes, same
// kinds of fits), which the output says.
const skSplits = Number(opt("--sk-splits", 200));
// The text loop's scikit-learn side (lbfgs on near-separable word counts is slower still),
// scaled to 100 splits the same way.
const skTextSplits = Number(opt("--sk-text-splits", 100));
const python = opt("--python", process.env.GENLAB_PYTHON || path.join(repo, ".venv-bench/bin/python"));
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor((v.length - 1) / 2)];

// The text pairing's scikit-learn side reads genlab's own tokens of the teaching corpus.
const tokens = path.join(repo, "target/bench/text_tokens.json");
mkdirSync(path.dirname(tokens), { recursive: true });
writeFileSync(tokens, execFileSync("cargo", ["run", "--quiet", "--release", "--example", "curves_text_tokens"], { cwd: repo, encoding: "utf8", maxBuffer: 1 << 26 }));

/** The panel's runs of one pairing in one page: the first (fetch, compile) unmeasured, then `runs` seeds. */
async function chromiumRuns(browser, url, splits) {
  const out = [];
  const { page, context } = await open(browser, url, { width: 1280, height: 800 });
  await page.evaluate(() => {
    window.__longest = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__longest = Math.max(window.__longest, e.duration);
    }).observe({ type: "longtask" });
  });
  const done = (seed) => page.waitForFunction(([seed, splits]) => {
    const c = window.genlab?.curves;
    return c && !c.running() && c.getState().seed === seed && c.summary()?.splits_done === splits;
  }, [seed, splits], { timeout: 600000, polling: 100 });
  await done(1);
  for (let seed = 2; seed < 2 + runs; seed++) {
    await page.evaluate(() => { window.__longest = 0; window.genlab.curves.resetRenderMax(); });
    await page.fill('.genlab-curves [data-role="seed"]', String(seed));
    await page.dispatchEvent('.genlab-curves [data-role="seed"]', "change");
    await done(seed);
    out.push(await page.evaluate(() => ({ ms: window.genlab.curves.elapsed(), longest: window.__longest, render: window.genlab.curves.renderMax() })));
    console.error("[curves bench] chromium", url.split("?")[1], "run", seed, JSON.stringify(out[out.length - 1]));
  }
  await context.close();
  return out;
}

const server = await serve();
const browser = await launch();
let chromium = [];
let chromiumText = [];
try {
  chromium = await chromiumRuns(browser, `${server.url}?embed=curves&lcp=wdbc&lcn=200&lcs=15&lcseed=1`, 200);
  chromiumText = await chromiumRuns(browser, `${server.url}?embed=curves&lcp=textmn&lcn=100&lcs=12&lcseed=1`, 100);
} finally {
  await browser.close();
  server.close();
}
const sklearn = (extra) => JSON.parse(execFileSync(python, [path.join(repo, "tools/bench/curves_sklearn.py"), "--repeats", String(skRepeats), ...extra], { cwd: repo, encoding: "utf8" }));
const sk = sklearn(["--splits", String(skSplits)]);
const skText = sklearn(["--splits", String(skTextSplits), "--sizes", "12", "--text", tokens]);
const load = os.loadavg();
const result = {
  what: "WDBC learning curve, 15 sizes x 200 splits x (Gaussian NB + logistic regression), lambda 0.01",
  chromium_runs_ms: chromium.map((r) => r.ms),
  chromium_median_ms: median(chromium.map((r) => r.ms)),
  longest_task_ms: Math.max(...chromium.map((r) => r.longest)),
  longest_render_ms: Math.max(...chromium.map((r) => r.render)),
  sklearn_splits: skSplits,
  sklearn_runs_ms: sk.runs_ms,
  sklearn_median_ms: sk.median_ms * (200 / skSplits),
  text: {
    what: "teaching corpus (textmn), 12 sizes x 100 splits x (multinomial NB + logistic regression on word counts), lambda 0.01, alpha 1",
    chromium_runs_ms: chromiumText.map((r) => r.ms),
    chromium_median_ms: median(chromiumText.map((r) => r.ms)),
    longest_task_ms: Math.max(...chromiumText.map((r) => r.longest)),
    longest_render_ms: Math.max(...chromiumText.map((r) => r.render)),
    sklearn_splits: skTextSplits,
    sklearn_runs_ms: skText.runs_ms,
    sklearn_median_ms: skText.median_ms * (100 / skTextSplits),
  },
  load_average_after: load.map((v) => Number(v.toFixed(2))),
};
result.text.ratio = result.text.sklearn_median_ms / result.text.chromium_median_ms;
result.ratio = result.sklearn_median_ms / result.chromium_median_ms;
mkdirSync(path.join(repo, "target/bench"), { recursive: true });
writeFileSync(path.join(repo, "target/bench/curves.json"), JSON.stringify(result, null, 2));
console.log(JSON.stringify(result));
