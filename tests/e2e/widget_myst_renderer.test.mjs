// dist/genlab-widget.mjs rendered by MyST's own anywidget renderer (`@myst-theme/anywidget`
// from npm, the component MyST's book and article themes use, run with React 18 as they run
// it): its model implements only get, set and on (save_changes and off throw "not implemented
// yet", packages/anywidget/src/models.ts). Over 20 changes a student makes and an unmount,
// nothing is thrown into the page, the model hears every change, and the panel's own cleanup
// (destroy: its window listeners removed, its box gone) runs.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { setup, repo } from "./lib.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const dist = path.join(repo, "dist");

/** The renderer and React as one browser script: window.myst.render(node) mounts, .unmount() unmounts. */
function rendererScript() {
  const { buildSync } = createRequire(import.meta.url)("esbuild");
  const entry = `
import * as React from "react";
import { createRoot } from "react-dom/client";
import { ANY_RENDERERS, MystAnyModel } from "@myst-theme/anywidget";
// Watched, not changed: what the widget sets on MyST's model.
const set = MystAnyModel.prototype.set;
const sets = [];
MystAnyModel.prototype.set = function (key, value) { sets.push([key, value]); return set.call(this, key, value); };
let root = null;
window.myst = {
  sets,
  render(node) {
    const box = document.getElementById("article");
    root = createRoot(box);
    root.render(React.createElement(ANY_RENDERERS.anywidget, { node }));
  },
  unmount() { root.unmount(); },
};`;
  const out = buildSync({
    stdin: { contents: entry, resolveDir: here, loader: "js" },
    bundle: true,
    write: false,
    format: "iife",
    define: { "process.env.NODE_ENV": '"production"' },
    logLevel: "silent",
  });
  return out.outputFiles[0].text;
}

let script;
before(async () => {
  assert.ok(existsSync(path.join(dist, "genlab-widget.mjs")), "dist/ is not built: run scripts/dist.sh (scripts/test.sh does)");
  script = rendererScript();
});
const env = setup({ dir: dist });

test("MyST's renderer: 20 changes and an unmount with no error thrown, the model told each change, and the panel's cleanup run", async () => {
  const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 } });
  const base = `${env.server.url}book/`;
  await context.route(`${base}lesson.html`, (route) => route.fulfill({ contentType: "text/html", body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>MyST</title></head><body><article id="article"></article><script src="renderer.js"></script></body></html>' }));
  await context.route(`${base}renderer.js`, (route) => route.fulfill({ contentType: "text/javascript", body: script }));
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  // The panel's window listeners, counted: destroy() is the only code that removes them.
  await page.addInitScript(() => {
    const live = new Map();
    const add = window.addEventListener;
    const remove = window.removeEventListener;
    window.addEventListener = function (type, fn, opts) {
      if (type === "beforeprint" || type === "afterprint") live.set(type, (live.get(type) ?? 0) + 1);
      return add.call(this, type, fn, opts);
    };
    window.removeEventListener = function (type, fn, opts) {
      if (type === "beforeprint" || type === "afterprint") live.set(type, (live.get(type) ?? 0) - 1);
      return remove.call(this, type, fn, opts);
    };
    window.printListeners = () => (live.get("beforeprint") ?? 0) + (live.get("afterprint") ?? 0);
  });
  await page.goto(`${base}lesson.html`);
  // The node `myst build` writes for the documented {anywidget} block (a root-absolute esm path).
  await page.evaluate(() => window.myst.render({ type: "anywidget", esm: "/genlab-widget.mjs", model: { panel: "gda", lang: "en", state: "seed=3&n0=40", controls: "-seed" } }));
  const n0 = page.locator('.genlab-widget >> [data-role="n0"]');
  await n0.waitFor({ timeout: 30000 });
  // The panel's print listeners (its theme's and its figure's), removed only by destroy().
  await page.waitForFunction(() => window.printListeners() >= 2, null, { timeout: 10000 });
  // 14 slider steps, then 6 key presses that move a mean (1 picks it, arrows move it).
  for (let v = 41; v <= 54; v++) {
    await n0.evaluate((el, v) => { el.value = String(v); el.dispatchEvent(new Event("input", { bubbles: true })); el.dispatchEvent(new Event("change", { bubbles: true })); }, v);
  }
  await page.locator('.genlab-widget >> [data-role="canvas"]').focus();
  for (const key of ["1", "ArrowRight", "ArrowRight", "ArrowUp", "ArrowLeft", "ArrowDown"]) await page.keyboard.press(key);
  await page.waitForFunction(() => /(^|&)m0=/.test(window.myst.sets.at(-1)?.[1] ?? ""), null, { timeout: 5000 });
  const sets = await page.evaluate(() => window.myst.sets);
  assert.ok(sets.length >= 19, `the model was told ${sets.length} changes`);
  assert.ok(sets.every(([key]) => key === "state"));
  assert.ok(sets.some(([, q]) => /(^|&)n0=54(&|$)/.test(q)), "the last slider value reached the model");
  assert.match(sets.at(-1)[1], /(^|&)seed=3(&|$)/);
  if (process.env.GENLAB_SHOTS) await page.screenshot({ path: path.join(process.env.GENLAB_SHOTS, "myst-renderer.png") });
  // Leaving the page: React unmounts the renderer, whose cleanup calls the widget's.
  await page.evaluate(() => window.myst.unmount());
  await page.waitForFunction(() => window.printListeners() === 0, null, { timeout: 5000 }).catch(() => {});
  const left = await page.evaluate(() => ({ listeners: window.printListeners(), article: document.getElementById("article").childElementCount }));
  assert.deepEqual(left, { listeners: 0, article: 0 }, "the panel's cleanup ran: its window listeners are gone");
  await page.waitForTimeout(300);
  assert.deepEqual(errors, []);
  await context.close();
});
