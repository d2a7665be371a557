// The prediction controls pass the accessibility audit (axe-core, WCAG 2.0 A/AA and 2.1 AA)
// while the student predicts and after the reveal: the GDA panel's ghost line and its
// handles, the spam panel's bet slider, the learning curves' crossing marker, the score and
// hints, and the record's dialog. On a 360×740 phone in Chinese
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
