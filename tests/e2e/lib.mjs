// Shared helpers for the end-to-end tests and the screenshot script: a static server for
// www/ and Debian's Chromium driven by playwright-core (it never downloads a browser).

import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";
import path from "node:path";
import { before, after } from "node:test";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));
export const repo = path.resolve(here, "../..");

/** A free TCP port on localhost. */
async function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/** Serves `dir` (www/ unless told) with Python's http.server, as the README's serve command does. */
export async function serve(dir = path.join(repo, "www")) {
  const port = await freePort();
  const proc = spawn("python3", ["-m", "http.server", String(port), "--bind", "127.0.0.1", "--directory", dir], {
    stdio: "ignore",
  });
  const url = `http://127.0.0.1:${port}/`;
  for (let i = 0; i < 100; i++) {
    try {
      const r = await fetch(url);
      if (r.ok) break;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, close: () => proc.kill() };
}

/** Launches headless Chromium with the flags this machine needs. */
export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/**
 * The set-up every test file shares: registers node:test's `before` hook that serves `dir`
 * (www/ unless told; `dir: null` serves nothing) and launches Chromium, and the `after` hook that
 * closes both. The tests read them once the hook has run: `env.server.url`, `env.browser`.
 * node:test runs a file's top-level hooks concurrently, not one after another: what needs the
 * server or the browser goes in `before(env)` (run once both are up) and what must end before
 * they close in `after(env)`; a file's own hooks suit what stands alone (a check that dist/ is
 * built, a scratch folder).
 */
export function setup({ dir = path.join(repo, "www"), before: ready = null, after: done = null } = {}) {
  const env = { server: null, browser: null };
  before(async () => {
    if (dir) env.server = await serve(dir);
    env.browser = await launch();
    await ready?.(env);
  });
  after(async () => {
    try {
      await done?.(env);
    } finally {
      await env.browser?.close();
      env.server?.close();
    }
  });
  return env;
}

/** Waits until the page's scroll has stood still for 10 animation frames (a smooth scroll has come to rest). */
export async function untilStill(page) {
  await page.evaluate(() => new Promise((resolve) => {
    let last = scrollY;
    let still = 0;
    const tick = () => {
      still = scrollY === last ? still + 1 : 0;
      last = scrollY;
      if (still >= 10) resolve();
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  }));
}

/** Opens `url` at a viewport and device pixel ratio, and waits for the panels to be ready. */
export async function open(browser, url, { width = 1280, height = 800, dpr = 1, touch = false, setup = null } = {}) {
  // `touch`: a phone's touch screen (taps and touch events; isMobile as a phone's browser).
  const context = await browser.newContext({ viewport: { width, height }, deviceScaleFactor: dpr, ...(touch ? { hasTouch: true, isMobile: true } : {}) });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  // What must be in place before the page loads: routes, request listeners.
  if (setup) await setup(page, context);
  await page.goto(url);
  await page.waitForSelector("html[data-ready=true]", { timeout: 20000 });
  return { page, context, errors };
}

/**
 * What each panel in `root` (a selector) shows once drawn: the number of distinct colours on
 * each of its canvases (the GDA figure, the naive Bayes metrics curve; a blank canvas has one),
 * the ledger's rows and each panel's verdict text.
 */
export async function panelsDrawn(page, root = "body") {
  return page.evaluate((root) => {
    const colours = (canvas) => {
      if (!canvas || !canvas.width || !canvas.height) return 0;
      const d = canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data;
      const seen = new Set();
      for (let i = 0; i < d.length; i += 4 * 7) seen.add((d[i] << 16) | (d[i + 1] << 8) | d[i + 2]);
      return seen.size;
    };
    const el = document.querySelector(root);
    const q = (sel) => el.querySelector(sel);
    return {
      gda: colours(q('.genlab-gda [data-role="canvas"]')),
      gdaBoundary: q('.genlab-gda [data-role="boundary"]')?.textContent.trim() ?? "",
      nbCurve: colours(q('.genlab-nb [data-role="curve"]')),
      nbVerdict: q('.genlab-nb [data-role="verdict"]')?.textContent.trim() ?? "",
      nbLedgerRows: q('.genlab-nb [data-role="ledger"]')?.children.length ?? 0,
      catVerdict: q('.genlab-cat [data-role="verdict"]')?.textContent.trim() ?? "",
    };
  }, root);
}

/** Pixels of the GDA boundary's colour (#111111, within antialiasing) inside the plot box of
 * the GDA panel in `#gda-slot`. */
export const gdaBoundaryPixels = (page) => page.evaluate(() => {
  const canvas = document.querySelector('#gda-slot [data-role="canvas"]');
  const [l, t, r, b] = window.genlab_panels.gda.controller.panel.plotBox();
  const d = canvas.getContext("2d").getImageData(l, t, r - l, b - t).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) if (d[i] < 0x18 && d[i + 1] < 0x18 && d[i + 2] < 0x18 && d[i] > 0x0a) n += 1;
  return n;
});

/** Asserts every one of the three panels is drawn (see panelsDrawn). */
export function assertAllDrawn(assert, drawn) {
  assert.ok(drawn.gda > 20, `GDA figure has ${drawn.gda} colours`);
  assert.ok(drawn.gdaBoundary.length > 0, "GDA boundary described");
  assert.ok(drawn.nbCurve > 5, `NB curve has ${drawn.nbCurve} colours`);
  assert.ok(drawn.nbVerdict.length > 0 && drawn.nbLedgerRows > 0, "NB verdict and ledger shown");
  assert.ok(drawn.catVerdict.length > 0, "categorical verdict shown");
}
