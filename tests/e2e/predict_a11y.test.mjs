// The prediction controls pass the accessibility audit (axe-core, WCAG 2.0 A/AA and 2.1 AA)
// while the student predicts and after the reveal: the GDA panel's ghost line and its
// handles, the spam panel's bet slider, the learning curves' crossing marker, the score and
// hints, the categorical panel's worked example with a blank and a hint, and the record's
// dialog. On a 360×740 phone in Chinese
// and a 1024×768 projector in English, light and dark.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { setup } from "./lib.mjs";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");
const TAGS = ["wcag2a", "wcag2aa", "wcag21aa"];

const env = setup();

async function audit(page) {
  await page.addScriptTag({ path: AXE });
  return page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return r.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")} — ${v.nodes[0]?.failureSummary?.split("\n").slice(0, 3).join(" ")}`);
  }, TAGS);
}

for (const scheme of ["light", "dark"]) {
  for (const [label, viewport, query] of [["phone zh", { width: 360, height: 740 }, "?lang=zh-CN"], ["projector en", { width: 1024, height: 768 }, "?projector=1"]]) {
    test(`axe: the predictions are clean while predicting and after the reveal (${label}, ${scheme})`, async () => {
      const context = await env.browser.newContext({ viewport, colorScheme: scheme, bypassCSP: true });
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      await page.goto(`${env.server.url}${query}`);
      await page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
      const found = [];
      await page.click('#gda-slot [data-role="predict"]');
      await page.click('#gda-slot [data-role="predict-kind-boundary"]');
      await page.waitForSelector('#gda-slot [data-role="ghost-handle-0"]');
      await page.$eval("#nb-slot", (el) => el.scrollIntoView());
      await page.click('#nb-slot [data-role="bet"]');
      await page.waitForSelector('#nb-slot [data-role="bet-p"]');
      await page.$eval("#curves-slot", (el) => el.scrollIntoView());
      await page.click('#curves-slot [data-role="predict"]');
      await page.waitForSelector('#curves-slot [data-role="crossover-handle"]');
      for (const v of await audit(page)) found.push(`predicting: ${v}`);
      await page.click('#gda-slot [data-role="predict-commit"]');
      await page.click('#nb-slot [data-role="bet-commit"]');
      await page.waitForSelector('#nb-slot [data-role="bet-score"]');
      await page.click('#curves-slot [data-role="crossover-commit"]');
      await page.waitForSelector('#curves-slot [data-role="crossover-score"]', { timeout: 60000 });
      // The categorical panel's worked example, faded into a blank with a wrong answer's hint.
      await page.$eval('#cat-slot [data-role="worked-details"]', (el) => el.scrollIntoView());
      await page.click('#cat-slot [data-role="worked-details"] > summary');
      await page.check('#cat-slot [data-role="worked-level-1"]');
      await page.fill('#cat-slot [data-role="worked-answer-lidstone-0"]', "3/7");
      await page.click('#cat-slot [data-role="worked-check-lidstone"]');
      await page.waitForSelector('#cat-slot [data-role="worked-result-lidstone"] .explain');
      for (const v of await audit(page)) found.push(`revealed: ${v}`);
      // The record's dialog, open.
      await page.click('[data-role="record-open"]');
      await page.waitForSelector('dialog[data-role="record"]');
      for (const v of await audit(page)) found.push(`record: ${v}`);
      assert.deepEqual(found, [], `axe violations:\n${found.join("\n")}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}

// The GDA panel's other kinds (the chooser, the posterior with its icon array, the movement's
// radio group, the threshold's slider, QDA's shape): one pass each over the chooser and each
// kind while predicting and after the reveal, phone in Chinese (light) and projector in
// English (dark).
for (const [label, viewport, query, scheme] of [["phone zh", { width: 360, height: 740 }, "?lang=zh-CN", "light"], ["projector en", { width: 1024, height: 768 }, "?projector=1", "dark"]]) {
  test(`axe: the GDA chooser and the posterior, movement, threshold and shape predictions are clean (${label}, ${scheme})`, async () => {
    const context = await env.browser.newContext({ viewport, colorScheme: scheme, bypassCSP: true });
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${env.server.url}${query}`);
    await page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
    const found = [];
    const role = (r) => `#gda-slot [data-role="${r}"]`;
    await page.click(role("predict"));
    await page.waitForSelector(role("predict-menu"));
    for (const v of await audit(page)) found.push(`chooser: ${v}`);
    await page.click(role("predict-menu-close"));
    for (const [kind, pick] of [["posterior", null], ["movement", "predict-move-stays"], ["threshold", null], ["shape", "predict-shape-ellipse"]]) {
      if (kind === "shape") {
        await page.selectOption(role("covariance"), "per-class");
        await page.waitForFunction(() => window.genlab_panels.gda.controller.panel.summary().conic != null);
      }
      await page.click(role("predict"));
      await page.click(role(`predict-kind-${kind}`));
      await page.waitForSelector(role("predict-commit"));
      if (pick) await page.click(role(pick));
      for (const v of await audit(page)) found.push(`${kind} predicting: ${v}`);
      await page.click(role("predict-commit"));
      await page.waitForSelector(role("predict-score"));
      for (const v of await audit(page)) found.push(`${kind} revealed: ${v}`);
      await page.click(role("predict-done"));
    }
    assert.deepEqual(found, [], `axe violations:\n${found.join("\n")}`);
    assert.deepEqual(errors, []);
    await context.close();
  });
}
