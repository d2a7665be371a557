// The accessibility audit: axe-core injected into the page and into each embedded panel, in
// English and Chinese, on a 360×740 phone, a 1280×800 laptop and a 1024×768 projector
// (projector mode), light and dark (the prefers-color-scheme media feature is emulated, so
// the dark styles are audited as soon as they exist), with every <details> section open:
// zero violations of WCAG 2.0 A and AA and WCAG 2.1 AA.
//
// axe is injected as a script file; the page's CSP (script-src 'self') would refuse it, so
// the audit's own browser contexts bypass the CSP. Nothing else about the page changes.
import { test } from "node:test";
import assert from "node:assert/strict";
import { createRequire } from "node:module";
import { setup } from "./lib.mjs";

const require = createRequire(import.meta.url);
const AXE = require.resolve("axe-core/axe.min.js");
const TAGS = ["wcag2a", "wcag2aa", "wcag21aa"];

const env = setup();

const SIZES = [
  ["phone 360×740", { width: 360, height: 740 }, ""],
  ["laptop 1280×800", { width: 1280, height: 800 }, ""],
  ["projector 1024×768", { width: 1024, height: 768 }, "&projector=1"],
];
const TARGETS = ["", "&embed=gda", "&embed=nb", "&embed=cat"];

/** axe's violations on the open page, each as one line with where it was found. */
async function audit(page) {
  await page.addScriptTag({ path: AXE });
  const violations = await page.evaluate(async (tags) => {
    const r = await window.axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return r.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.length} node(s), e.g. ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")} — ${v.nodes[0]?.failureSummary?.split("\n").slice(0, 3).join(" ")}`);
  }, TAGS);
  return violations;
}

for (const scheme of ["light", "dark"]) {
  for (const [label, viewport, projector] of SIZES) {
    test(`axe: no WCAG 2.1 AA violation (${label}, ${scheme})`, async () => {
      const started = Date.now();
      const context = await env.browser.newContext({ viewport, colorScheme: scheme, bypassCSP: true });
      const page = await context.newPage();
      const errors = [];
      page.on("pageerror", (e) => errors.push(String(e)));
      page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
      const found = [];
      try {
        for (const lang of ["en", "zh-CN"]) {
          for (const target of TARGETS) {
            const query = `?lang=${lang}${target}${projector}`;
            await page.goto(`${env.server.url}${query}`);
            await page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
            // Every section open (the CSV boxes, the message editor, the curves as numbers…):
            // what it holds is audited too. Then the panels draw and mark their scrolling
            // boxes (a toggle fills its section in a frame; two more frames).
            await page.evaluate(() => { for (const d of document.querySelectorAll("details")) d.open = true; });
            await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(r)))));
            await page.waitForTimeout(100);
            for (const v of await audit(page)) found.push(`${query}: ${v}`);
          }
        }
        assert.deepEqual(found, [], `axe violations:\n${found.join("\n")}`);
        assert.deepEqual(errors, []);
      } finally {
        await context.close();
        console.log(`# axe ${label} ${scheme}: ${((Date.now() - started) / 1000).toFixed(1)} s for 8 pages`);
      }
    });
  }
}
