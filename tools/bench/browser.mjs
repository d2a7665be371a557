// The browser side of scripts/bench.sh: a static server for www/, headless Chromium driven
// by playwright-core (Debian's binary; it never downloads a browser) and headless Firefox
// driven over WebDriver by geckodriver (playwright cannot drive a stock Firefox).

import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { createServer as netServer } from "node:net";
import { existsSync } from "node:fs";
import { readFile, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

const here = path.dirname(fileURLToPath(import.meta.url));

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".wasm": "application/wasm",
  ".json": "application/json",
  ".txt": "text/plain; charset=utf-8",
  ".png": "image/png",
  ".svg": "image/svg+xml",
};

/** The value after `--name` on the command line, or `fallback`. */
export const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : fallback;
};

/** The median of `xs` (the mean of the middle two for an even count; NaN for none). */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : NaN;
};

/**
 * A 1280 × 800 page of the lab at `url` in a new context of `browser`, once it is ready
 * (html[data-ready=true]); `errors` collects the page's uncaught errors.
 */
export async function openReadyPage(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  await page.goto(url);
  await page.waitForSelector("html[data-ready=true]", { timeout: 30000 });
  return { context, page, errors };
}

/** A free TCP port on localhost. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const s = netServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/**
 * Serves `root` on localhost, uncompressed, as any static host would. The benchmark page
 * gets the cross-origin-isolation headers, which give performance.now() its fine
 * resolution (5 µs in Chromium, 20 µs in Firefox, instead of 100 µs / 1 ms).
 */
export async function serve(root) {
  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, "http://x");
      let file = path.join(root, decodeURIComponent(url.pathname));
      if (!file.startsWith(root)) throw new Error("outside");
      if ((await stat(file)).isDirectory()) file = path.join(file, "index.html");
      const body = await readFile(file);
      const headers = { "content-type": TYPES[path.extname(file)] || "application/octet-stream", "cache-control": "no-store" };
      if (path.basename(file) === "bench.html") {
        headers["cross-origin-opener-policy"] = "same-origin";
        headers["cross-origin-embedder-policy"] = "require-corp";
      }
      res.writeHead(200, headers);
      res.end(body);
    } catch {
      res.writeHead(404, { "content-type": "text/plain" });
      res.end("not found");
    }
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((r) => server.close(r)) };
}

/** Headless Chromium with the flags this machine needs (as tests/e2e/lib.mjs). */
export async function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
      "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
}

/** Opens the benchmark page for one suite in a fresh context and returns its JSON. */
export async function chromiumSuite(browser, base, suite, { timeoutMs = 300_000 } = {}) {
  const context = await browser.newContext({ viewport: { width: 1000, height: 800 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") errors.push(m.text()); });
  try {
    await page.goto(`${base}bench.html?suite=${suite}`);
    await page.waitForFunction(() => window.__bench !== undefined, null, { timeout: timeoutMs, polling: 250 });
    const result = await page.evaluate(() => window.__bench);
    if (errors.length) result.console_errors = errors;
    return result;
  } finally {
    await context.close();
  }
}

/**
 * One suite of the benchmark page alone, from the command line (`--www DIR`, default www/;
 * `--runs N`, default `defaultRuns`): serves the folder, runs the suite in a fresh
 * headless Chromium context N times and prints `line(result, run, loadBefore)` of each as a
 * JSON line (tools/bench/gda-only.mjs, surface-only.mjs).
 */
export async function suiteAlone(suite, defaultRuns, line) {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => {
    const i = args.indexOf(name);
    return i >= 0 ? args[i + 1] : dflt;
  };
  const www = path.resolve(here, "../..", opt("--www", "www"));
  const runs = Number(opt("--runs", defaultRuns));
  const { url, close } = await serve(www);
  const browser = await launchChromium();
  try {
    for (let r = 0; r < runs; r++) {
      const load = os.loadavg()[0];
      const result = (await chromiumSuite(browser, url, suite))[suite];
      if (!result) throw new Error(`the ${suite} suite gave no result`);
      console.log(JSON.stringify(line(result, r, load)));
    }
  } finally {
    await browser.close();
    await close();
  }
}

/**
 * Loads the real page `runs` times, each in a fresh context (empty HTTP and wasm caches),
 * and measures from navigation start (performance.now() = 0) to the first panel drawn: the
 * first animation frame after the first canvas drawing call (an init script wraps
 * CanvasRenderingContext2D's drawing methods); and to data-ready (both panels mounted).
 * With `baseline` (the URL of a bare page that draws on a canvas), each run loads that page
 * too, in turn first or second, to the same first frame: this machine's floor, in this run.
 * The first run also lists every file the page requested.
 */
export async function firstLoad(browser, base, { runs = 12, baseline = null } = {}) {
  const drawn = [];
  const ready = [];
  const steps = [];
  const floor = [];
  let files = null;
  for (let i = 0; i < runs; i++) {
    const order = baseline && i % 2 ? [baseline, base] : [base, baseline];
    for (const url of order.filter(Boolean)) {
      const t = await coldLoad(browser, url, url === base);
      if (url !== base) {
        floor.push(t.frame);
        continue;
      }
      drawn.push(t.frame);
      ready.push(t.ready);
      steps.push({ html: t.html, wasm: t.wasm, first_draw_call: t.firstDrawCall });
      files ??= t.requested;
    }
  }
  return { drawn, ready, steps, files, baseline_drawn: baseline ? floor : undefined };
}

/** One load of `url` in a fresh context, to its first frame after a canvas drawing call (and to data-ready when `waitReady`). */
async function coldLoad(browser, url, waitReady) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, deviceScaleFactor: 1 });
  try {
    await context.addInitScript(() => {
      const proto = CanvasRenderingContext2D.prototype;
      for (const name of ["fillRect", "fill", "stroke", "fillText", "drawImage", "putImageData"]) {
        const original = proto[name];
        proto[name] = function (...args) {
          if (window.__firstDraw === undefined) {
            window.__firstDraw = performance.now();
            requestAnimationFrame(() => { window.__firstPanelFrame = performance.now(); });
          }
          return original.apply(this, args);
        };
      }
      new MutationObserver(() => {
        if (window.__ready === undefined && document.documentElement?.dataset.ready === "true") window.__ready = performance.now();
      }).observe(document, { attributes: true, subtree: true, attributeFilter: ["data-ready"] });
    });
    const page = await context.newPage();
    const requested = [];
    page.on("request", (r) => requested.push(r.url()));
    await page.goto(url);
    await page.waitForFunction((waitReady) => (!waitReady || window.__ready !== undefined) && window.__firstPanelFrame !== undefined, waitReady, { timeout: 60_000 });
    const t = await page.evaluate(() => ({
      frame: window.__firstPanelFrame,
      ready: window.__ready,
      firstDrawCall: window.__firstDraw,
      wasm: performance.getEntriesByType("resource").find((e) => e.name.endsWith(".wasm"))?.responseEnd,
      html: performance.getEntriesByType("navigation")[0]?.responseEnd,
    }));
    return { ...t, requested: [...new Set(requested)] };
  } finally {
    await context.close();
  }
}

// ---- Firefox over WebDriver (geckodriver) --------------------------------------------

async function wd(base, method, route, body) {
  const r = await fetch(`${base}${route}`, {
    method,
    headers: { "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await r.json();
  if (!r.ok) throw new Error(`WebDriver ${method} ${route}: ${json.value?.message || r.status}`);
  return json.value;
}

/** Starts geckodriver and headless Firefox; returns `{ run(url), close() }`, or throws. */
export async function launchFirefox() {
  const port = await freePort();
  const driver = spawn(process.env.GECKODRIVER || "geckodriver", ["--port", String(port), "--host", "127.0.0.1"], { stdio: "ignore" });
  const base = `http://127.0.0.1:${port}`;
  let up = false;
  for (let i = 0; i < 100 && !up; i++) {
    try {
      await wd(base, "GET", "/status");
      up = true;
    } catch {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  if (!up) {
    driver.kill();
    throw new Error("geckodriver did not start");
  }
  const binary = process.env.FIREFOX || ["/usr/bin/firefox-esr", "/usr/bin/firefox"].find((p) => existsSync(p));
  const session = await wd(base, "POST", "/session", {
    capabilities: {
      alwaysMatch: {
        browserName: "firefox",
        "moz:firefoxOptions": {
          ...(binary ? { binary } : {}),
          args: ["-headless", "--width=1000", "--height=800"],
          prefs: { "layout.css.devPixelsPerPx": "2.0", "app.update.enabled": false, "browser.shell.checkDefaultBrowser": false, "datareporting.policy.dataSubmissionEnabled": false, "toolkit.telemetry.enabled": false },
        },
      },
    },
  });
  const id = session.sessionId;
  return {
    version: session.capabilities?.browserVersion,
    /** Opens `url` and waits for window.__bench. */
    async run(url, { timeoutMs = 300_000 } = {}) {
      await wd(base, "POST", `/session/${id}/url`, { url });
      const t0 = Date.now();
      for (;;) {
        const v = await wd(base, "POST", `/session/${id}/execute/sync`, { script: "return window.__bench === undefined ? null : JSON.stringify(window.__bench);", args: [] });
        if (v) return JSON.parse(v);
        if (Date.now() - t0 > timeoutMs) throw new Error(`Firefox: ${url} did not finish in ${timeoutMs / 1000} s`);
        await new Promise((r) => setTimeout(r, 250));
      }
    },
    async close() {
      try {
        await wd(base, "DELETE", `/session/${id}`);
      } finally {
        driver.kill();
      }
    },
  };
}
