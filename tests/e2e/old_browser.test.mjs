// A browser that cannot run the page gets a sentence in the page's language saying what it
// needs, never a blank or forever-loading panel: WebAssembly missing (turned off, or an old
// env.browser), and WebAssembly refused by the page's security policy (what Safari before 16
// does with 'wasm-unsafe-eval', which it does not know; here a real refusal by Chromium of a
// page whose CSP lacks that source).
import { test } from "node:test";
import assert from "node:assert/strict";
import { setup } from "./lib.mjs";

const env = setup();

/**
 * Opens the page with `setup(context)` applied first, and returns the boot line once the
 * page has settled: either ready, or the boot line marked as an error.
 */
async function bootLine(query, setup) {
  const context = await env.browser.newContext();
  try {
    await setup(context);
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${env.server.url}${query}`);
    await page.waitForSelector("html[data-ready=true], #boot.input-error", { timeout: 20000 });
    const boot = await page.evaluate(() => {
      const el = document.getElementById("boot");
      return { text: el.textContent, header: document.querySelector("header").innerText, controls: document.querySelector(".shell-controls").getClientRects().length, classes: document.documentElement.className, footer: document.querySelector("footer").innerText, visible: !el.hidden && el.getClientRects().length > 0, lang: document.documentElement.lang, ready: document.documentElement.dataset.ready ?? null };
    });
    return { ...boot, errors };
  } finally {
    await context.close();
  }
}

const noWasm = (context) => context.addInitScript(() => {
  delete globalThis.WebAssembly;
});

/** Serves index.html with 'wasm-unsafe-eval' taken out of its CSP, as an old engine reads it. */
const refusingCsp = (context) => context.route(/\/(index\.html)?(\?.*)?$/, async (route) => {
  const response = await route.fetch();
  const body = (await response.text()).replace(" 'wasm-unsafe-eval'", "");
  assert.ok(!body.includes("wasm-unsafe-eval"), "the CSP was rewritten");
  await route.fulfill({ response, body });
});

const han = /[\u4e00-\u9fff]/;

test("without WebAssembly the page says in English what browser it needs", async () => {
  const boot = await bootLine("", noWasm);
  assert.equal(boot.ready, null, "the page does not claim to be ready");
  assert.ok(boot.visible, "the sentence is on screen");
  assert.match(boot.text, /WebAssembly/);
  assert.match(boot.text, /Safari 16/, "names the first Safari that runs the page");
  assert.doesNotMatch(boot.text, /is not defined|could not start|Loading/, "not the engine's message, not the loading line");
  assert.equal(boot.lang, "en");
  assert.equal(boot.controls, 0, "no language, projector or link control that needs the core");
  assert.deepEqual(boot.errors, [], "no uncaught error");
});

test("without WebAssembly a Chinese link gets the sentence in Chinese", async () => {
  const boot = await bootLine("?lang=zh-CN", noWasm);
  assert.ok(boot.visible);
  assert.match(boot.text, han, "written in Chinese");
  assert.match(boot.text, /Safari 16/);
  assert.doesNotMatch(boot.text, /browser|Open this page/, "no English sentence left");
  assert.equal(boot.lang, "zh-CN", "the page's language is the link's");
  assert.match(boot.header, han, "the header is in Chinese too");
  assert.doesNotMatch(boot.header, /Gaussian|Projector|Copy link/);
  assert.match(boot.footer, han, "and the footer");
});

test("without WebAssembly a dark projector link keeps its colours and its large type", async () => {
  const boot = await bootLine("?theme=dark&projector=1", noWasm);
  assert.match(boot.text, /WebAssembly/);
  assert.match(boot.classes, /\btheme-dark\b/, "the link's dark theme");
  assert.match(boot.classes, /\bprojector\b/, "the link's projector mode");
  assert.deepEqual(boot.errors, []);
});

test("a CSP the engine does not let WebAssembly through gets its own sentence, in both languages", async () => {
  const en = await bootLine("", refusingCsp);
  assert.equal(en.ready, null);
  assert.match(en.text, /security policy/, "says that the page's security policy stops it");
  assert.match(en.text, /Safari 16/);
  const zh = await bootLine("?lang=zh-CN", refusingCsp);
  assert.match(zh.text, /安全策略/);
  assert.match(zh.text, han);
  assert.doesNotMatch(zh.text, /security|browser/);
});

test("the unmodified page in the same browser starts (the two cases above are the browser's, not the page's)", async () => {
  const boot = await bootLine("?lang=zh-CN", async () => {});
  assert.equal(boot.ready, "true", boot.text);
  assert.equal(boot.visible, false, "the boot line is hidden once the panels are up");
});
