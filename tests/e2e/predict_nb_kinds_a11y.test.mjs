// The spam panel's word and α = 0 predictions and the verdict's icon array pass the
// accessibility audit (axe-core, WCAG 2.0 A/AA and 2.1 AA) while the student predicts and
// after the reveal, on a 360×740 phone in Chinese and a 1024×768 projector in English, light
// and dark.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { setup } from "./lib.mjs";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");
const TAGS = ["wcag2a", "wcag2aa", "wcag21aa"];
const role = (r) => `#nb-slot [data-role="${r}"]`;

const env = setup();

async function audit(page) {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.addScriptTag({ path: AXE });
  return page.evaluate(async (tags) => {
    const r = await window.axe.run(document.querySelector("#nb-slot"), { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return r.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")} — ${v.nodes[0]?.failureSummary?.split("\n").slice(0, 3).join(" ")}`);
  }, TAGS);
}

for (const scheme of ["light", "dark"]) {
  for (const [label, viewport, query] of [["phone zh", { width: 360, height: 740 }, "?lang=zh-CN"], ["projector en", { width: 1024, height: 768 }, "?projector=1"]]) {
    test(`axe: the strongest word, α = 0 and the icon array are clean (${label}, ${scheme})`, async () => {
      const context = await env.browser.newContext({ viewport, colorScheme: scheme, bypassCSP: true });
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      await page.goto(`${env.server.url}${query}`);
      await page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
      await page.$eval("#nb-slot", (el) => el.scrollIntoView());
      await page.fill(role("text"), "meeting tomorrow, free lunch offer");
      const found = [];
      await page.click(role("predict-word"));
      await page.click(`${role("word-choices")} label:has(input[value="free"])`);
      for (const v of await audit(page)) found.push(`word, predicting: ${v}`);
      await page.click(role("word-commit"));
      await page.waitForSelector(role("word-score"));
      for (const v of await audit(page)) found.push(`word, revealed: ${v}`);
      await page.click(role("word-done"));
      await page.click(role("predict-alpha0"));
      await page.click(`${role("alpha0-choices")} label:has(input[value="meeting"])`);
      await page.click(`${role("alpha0-change")} label:has(input[value="yes"])`);
      for (const v of await audit(page)) found.push(`α = 0, predicting: ${v}`);
      await page.click(role("alpha0-commit"));
      await page.waitForSelector(role("alpha0-score"));
      await page.click(role("nf-toggle"));
      await page.waitForSelector(`${role("nf-view")} svg`);
      for (const v of await audit(page)) found.push(`α = 0 revealed, icon array: ${v}`);
      assert.deepEqual(found, [], `axe violations:\n${found.join("\n")}`);
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
}
